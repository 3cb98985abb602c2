import Testing

@testable import LarderCore

@Suite struct InstructionSplitterTests {
  @Test func splitsOnLineBreaksAndDropsEmptyPieces() {
    #expect(
      InstructionSplitter.steps(from: "Chop.\r\n\r\nFry.\nServe.\r") == ["Chop.", "Fry.", "Serve."])
    #expect(InstructionSplitter.steps(from: "  \n\n ").isEmpty)
  }

  @Test func dropsBareStepLabelsAndStripsPrefixes() {
    #expect(InstructionSplitter.steps(from: "step 1\nChop.\nSTEP 2:\nFry.") == ["Chop.", "Fry."])
    #expect(InstructionSplitter.steps(from: "Step 1: Chop. Step 2 - Fry.") == ["Chop.", "Fry."])
    #expect(InstructionSplitter.steps(from: "1.\nChop.\n2)\nFry.") == ["Chop.", "Fry."])
  }

  @Test func splitsSequentialInlineNumbers() {
    #expect(
      InstructionSplitter.steps(from: "1. Mix the flour. 2. Add 1.5 cups water. 3. Knead.") == [
        "Mix the flour.", "Add 1.5 cups water.", "Knead.",
      ])
    // A number out of sequence or before a lowercase word is text, not a marker.
    #expect(
      InstructionSplitter.steps(from: "1. Bake for 20 min. 4. Cool.") == [
        "Bake for 20 min. 4. Cool."
      ])
    #expect(InstructionSplitter.steps(from: "Use 2. large eggs") == ["Use 2. large eggs"])
  }

  @Test func keepsWordsThatOnlyStartLikeStep() {
    #expect(
      InstructionSplitter.steps(from: "Stepping back, add 2 steps of salt.") == [
        "Stepping back, add 2 steps of salt."
      ])
    #expect(InstructionSplitter.steps(from: "Do the first step 2nd.") == ["Do the first step 2nd."])
  }
}

@Suite struct InstructionSplitterUnicodeTests {
  @Test func handlesDashesUnicodeBreaksAndAccents() {
    #expect(
      InstructionSplitter.steps(from: "Step 1 – Chop.\u{2028}Step 2 — Fry.") == ["Chop.", "Fry."])
    #expect(
      InstructionSplitter.steps(from: "Faire revenir les oignons.\nAjouter la crème.") == [
        "Faire revenir les oignons.", "Ajouter la crème.",
      ])
    #expect(InstructionSplitter.steps(from: "étape 1 ok") == ["étape 1 ok"])
  }
}

@Suite struct InstructionSplitterLabelTests {
  @Test func dropsPiecesWithoutLetters() {
    #expect(
      InstructionSplitter.steps(from: "1\r\n\r\nPreheat.\r\n\r\n2\r\n\r\nBake.") == [
        "Preheat.", "Bake.",
      ])
    #expect(InstructionSplitter.steps(from: "▢\nGrind.\n▢\nMix.\n---") == ["Grind.", "Mix."])
  }
}
