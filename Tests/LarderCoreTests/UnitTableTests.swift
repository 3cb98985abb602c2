import Testing

@testable import LarderCore

@Suite struct UnitTableTests {
  private func unit(_ word: String) -> String? {
    UnitTable.unit(for: TextFolding.fold(word), original: Substring(word))?.name
  }

  @Test(arguments: [
    ("g", "g"), ("grams", "g"), ("gr", "g"), ("kg", "kg"), ("kilograms", "kg"), ("mg", "mg"),
    ("ml", "ml"), ("mL", "ml"), ("millilitres", "ml"), ("l", "l"), ("litre", "l"), ("liters", "l"),
    ("dl", "dl"), ("cl", "cl"), ("tsp", "tsp"), ("teaspoons", "tsp"), ("tbsp", "tbsp"),
    ("Tbsp", "tbsp"), ("tbs", "tbsp"), ("Tablespoons", "tbsp"), ("cups", "cup"), ("oz", "oz"),
    ("ounces", "oz"), ("lb", "lb"), ("lbs", "lb"), ("pounds", "lb"), ("pint", "pint"),
    ("quarts", "quart"), ("gallon", "gallon"), ("pinch", "pinch"), ("pinches", "pinch"),
    ("dash", "dash"), ("cloves", "clove"), ("can", "can"), ("tin", "can"), ("tins", "can"),
    ("jar", "jar"), ("packet", "packet"), ("bunches", "bunch"), ("handful", "handful"),
    ("slices", "slice"), ("sprigs", "sprig"), ("sticks", "stick"), ("pieces", "piece"),
    ("knob", "knob"), ("sheets", "sheet"), ("heads", "head"), ("stalks", "stalk"),
    ("floz", "fl oz"),
  ])
  func spellingMapsToCanonicalUnit(_ spelling: String, _ canonical: String) {
    #expect(unit(spelling) == canonical)
  }

  @Test func capitalTIsTablespoonAndSmallTIsTeaspoon() {
    #expect(unit("T") == "tbsp")
    #expect(unit("t") == "tsp")
  }

  @Test func twoWordUnits() {
    #expect(UnitTable.unit(for: "fl", "oz")?.name == "fl oz")
    #expect(UnitTable.unit(for: "fluid", "ounces")?.name == "fl oz")
    #expect(UnitTable.unit(for: "table", "spoons")?.name == "tbsp")
    #expect(UnitTable.unit(for: "red", "onion") == nil)
  }

  @Test func foodsAreNotUnits() {
    #expect(unit("onion") == nil)
    #expect(unit("tomatoes") == nil)
    #expect(unit("tea") == nil)
  }
}
