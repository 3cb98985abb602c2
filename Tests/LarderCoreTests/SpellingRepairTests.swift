import Testing

@testable import LarderCore

/// One-edit repairs of a misspelt word against the vocabulary's words.
@Suite struct SpellingRepairTests {
  let vocabulary: Vocabulary

  init() throws {
    vocabulary = try Vocabulary(
      tsv: "bay leaf\t\t\t\ncinnamon\t\t\t\nwhite wine\t\t\t\nkale\t\t\t\nbroccoli\t\t\t\n"
        + "salmon\t\t\t\nsaimin\t\t\t\nshallot\t\t\t\n",
      file: "test.tsv")
  }

  @Test func oneEditOfEachKind() {
    #expect(SpellingRepair.repairs(of: "cinnamom", in: vocabulary) == [["cinnamon"]])  // changed
    #expect(SpellingRepair.repairs(of: "broccli", in: vocabulary) == [["broccoli"]])  // dropped
    #expect(SpellingRepair.repairs(of: "cinnamonn", in: vocabulary).contains(["cinnamon"]))  // added
    #expect(SpellingRepair.repairs(of: "cinanmon", in: vocabulary) == [["cinnamon"]])  // swapped
  }

  @Test func wordsRunTogetherAreSplit() {
    #expect(SpellingRepair.repairs(of: "bayleaves", in: vocabulary) == [["bay", "leaves"]])
  }

  @Test func everyCandidateIsListed() {
    // "salmin" is one edit from both "salmon" and "saimin": the parser decides by the food.
    #expect(SpellingRepair.repairs(of: "salmin", in: vocabulary) == [["saimin"], ["salmon"]])
  }

  @Test func shortWordsGetNoChangedLetter() {
    // "whine" could be "white" with one letter changed; at five letters only "wine" is offered.
    #expect(SpellingRepair.repairs(of: "whine", in: vocabulary) == [["wine"]])
  }

  @Test func kitchenWordsAndAdjectivesAreNotRepaired() {
    #expect(SpellingRepair.repairs(of: "shallow", in: vocabulary).isEmpty)  // a dish
    #expect(SpellingRepair.repairs(of: "shallo", in: vocabulary) == [["shallot"]])
    #expect(SpellingRepair.repairs(of: "kaley", in: vocabulary).isEmpty)
  }

  @Test func shortKnownAndForeignWordsAreNotRepaired() {
    #expect(SpellingRepair.repairs(of: "kalr", in: vocabulary).isEmpty)
    #expect(SpellingRepair.repairs(of: "kale", in: vocabulary).isEmpty)
    #expect(SpellingRepair.repairs(of: "crème", in: vocabulary).isEmpty)
    #expect(SpellingRepair.repairs(of: "gremolata", in: vocabulary).isEmpty)
  }
}
