import Testing

@testable import LarderCore

@Suite struct SingularizerTests {
  @Test(arguments: [
    ("tomatoes", "tomato"), ("potatoes", "potato"), ("mangoes", "mango"),
    ("leaves", "leaf"), ("loaves", "loaf"), ("halves", "half"), ("knives", "knife"),
    ("berries", "berry"), ("cherries", "cherry"), ("anchovies", "anchovy"),
    ("chickpeas", "chickpea"), ("peas", "pea"), ("onions", "onion"), ("eggs", "egg"),
    ("peaches", "peach"), ("radishes", "radish"), ("boxes", "box"), ("glasses", "glass"),
    ("olives", "olive"), ("cloves", "clove"), ("chives", "chive"),
    ("cookies", "cookie"), ("pies", "pie"), ("brownies", "brownie"),
    ("brioches", "brioche"), ("quiches", "quiche"), ("sloes", "sloe"),
    ("chillies", "chilli"), ("chilies", "chili"), ("jalapenos", "jalapeno"),
    ("cheeses", "cheese"), ("oats", "oat"), ("noodles", "noodle"), ("flours", "flour"),
    ("kiwis", "kiwi"), ("greens", "green"), ("martinis", "martini"), ("salamis", "salami"),
  ])
  func pluralBecomesSingular(_ plural: String, _ singular: String) {
    #expect(Singularizer.singularize(plural) == singular)
  }

  @Test(arguments: [
    "hummus", "couscous", "asparagus", "molasses", "swiss", "lemongrass", "bass", "grass",
    "grits", "bitters", "brussels", "citrus", "haggis", "watercress", "gas",
    "tomato", "egg", "pastis", "cassis", "iris",
  ])
  func singularOrInvariantWordStays(_ word: String) {
    #expect(Singularizer.singularize(word) == word)
  }

  @Test func onlyTheLastWordOfAPhraseChanges() {
    #expect(Singularizer.singularizePhrase("brussels sprouts") == "brussels sprout")
    #expect(Singularizer.singularizePhrase("glass noodles") == "glass noodle")
    #expect(Singularizer.singularizePhrase("spring onions") == "spring onion")
    #expect(Singularizer.singularizePhrase("spring onion") == "spring onion")
    #expect(Singularizer.singularizePhrase("peas and carrots") == "peas and carrot")
  }

  @Test func compoundNamesEndingInSAreNotBroken() {
    #expect(Singularizer.singularizePhrase("sea bass") == "sea bass")
    #expect(Singularizer.singularizePhrase("swiss cheese") == "swiss cheese")
    #expect(Singularizer.singularizePhrase("cheese grits") == "cheese grits")
  }
}
