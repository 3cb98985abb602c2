@testable import LarderCore

/// A small vocabulary in the `Data/README.md` format, shared by the normalization tests.
enum TestVocabulary {
  static let tsv = """
    # name\tparent\tflags\taliases
    onion\t\t\t
    red onion\tonion\t\tspanish onion
    green onion\tonion\t\tscallion|spring onion|salad onion
    squash\t\t\t
    butternut squash\tsquash\t\tbutternut pumpkin
    cheese\t\tdairy,animal\t
    cheddar\tcheese\tdairy,animal\tcheddar cheese|sharp cheddar
    aged cheddar\tcheddar\tdairy,animal\t
    chicken\t\tmeat,poultry,animal\t
    chicken breast\t\tmeat,poultry,animal\tchicken breast fillet
    flour\t\tgluten\tplain flour|all purpose flour
    egg\t\tegg,animal\t
    eggplant\t\t\taubergine
    pork\t\tmeat,animal\t
    tomato\t\t\t
    cherry tomato\ttomato\t\t
    lemongrass\t\t\t
    sea bass\t\tfish,animal\t
    creme fraiche\t\tdairy,animal\t
    coconut milk\t\t\t
    salt\t\t\tsea salt|kosher salt
    black pepper\t\t\tpepper
    olive oil\t\t\textra virgin olive oil
    garlic\t\t\t
    lemon\t\t\t
    saffron\t\t\t
    parsley\t\t\tflat leaf parsley
    chickpea\t\t\tgarbanzo bean
    """

  static func make() throws -> Vocabulary {
    try Vocabulary(tsv: tsv, file: "test.tsv")
  }
}
