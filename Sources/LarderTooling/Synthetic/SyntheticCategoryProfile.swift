import LarderCore

/// A browse category of the synthetic corpus: its share of recipes, which ingredients it favours
/// or refuses, the main ingredient it always has, and the dish words of its titles.
///
/// The 14 categories are TheMealDB's; shares sit between TheMealDB's measured skew and the peer
/// harness's (Dessert ≈ 19 % … Goat ≈ 0.5 %).
public struct SyntheticCategoryProfile: Sendable {
  /// The category name, e.g. `Dessert`.
  public let name: String
  /// Relative share of recipes.
  public let share: Double
  /// Multipliers for names mentioning a word (the largest applicable one wins).
  let wordBoosts: [String: Double]
  /// Multipliers for whole food groups.
  let groupBoosts: [SyntheticFoodGroup: Double]
  /// Names mentioning these words, or in these groups, are multiplied by `suppressFactor`.
  let suppressedWords: Set<String>
  let suppressedGroups: Set<SyntheticFoodGroup>
  let suppressFactor: Double
  /// Words suppressed unless the name also mentions one of `exemptWords` ("coconut milk" and
  /// "peanut butter" stay vegan; the group rule still applies).
  let softSuppressedWords: Set<String>
  let exemptWords: Set<String>
  /// A recipe of this category always contains one ingredient of `mainGroups` mentioning one of
  /// `mainWords` (any word when empty); no main ingredient when `mainGroups` is empty.
  public let mainWords: Set<String>
  let mainGroups: Set<SyntheticFoodGroup>
  /// Dish words for titles ("Curry", "Pie").
  let dishes: [String]

  init(
    _ name: String, share: Double, wordBoosts: [String: Double] = [:],
    groupBoosts: [SyntheticFoodGroup: Double] = [:], suppressedWords: Set<String> = [],
    suppressedGroups: Set<SyntheticFoodGroup> = [], suppressFactor: Double = 1,
    softSuppressedWords: Set<String> = [],
    exemptWords: Set<String> = [],
    mainWords: Set<String> = [], mainGroups: Set<SyntheticFoodGroup> = [], dishes: [String]
  ) {
    self.name = name
    self.share = share
    self.wordBoosts = wordBoosts
    self.groupBoosts = groupBoosts
    self.suppressedWords = suppressedWords
    self.suppressedGroups = suppressedGroups
    self.suppressFactor = suppressFactor
    self.softSuppressedWords = softSuppressedWords
    self.exemptWords = exemptWords
    self.mainWords = mainWords
    self.mainGroups = mainGroups
    self.dishes = dishes
  }

  /// Whether the category always has a main ingredient (Chicken, Beef, Seafood, Pasta, ...).
  public var hasMainIngredient: Bool { !mainGroups.isEmpty }

  /// The popularity multiplier of `ingredient` in this category.
  func affinity(for ingredient: SyntheticIngredient) -> Double {
    var factor = groupBoosts[ingredient.group] ?? 1
    for word in ingredient.matchWords {
      if let boost = wordBoosts[word], boost > factor { factor = boost }
    }
    let wordRule =
      ingredient.mentions(any: suppressedWords)
      || (ingredient.mentions(any: softSuppressedWords) && !ingredient.mentions(any: exemptWords))
    if suppressedGroups.contains(ingredient.group) || wordRule {
      factor *= suppressFactor
    }
    return factor
  }

  /// Whether `ingredient` can be this category's main ingredient.
  func isMainCandidate(_ ingredient: SyntheticIngredient) -> Bool {
    mainGroups.contains(ingredient.group)
      && (mainWords.isEmpty || ingredient.mentions(any: mainWords))
      && affinity(for: ingredient) > 0
  }
}

extension SyntheticCategoryProfile {
  /// Words naming animal flesh or products made from it (stock, fat, fish sauce).
  public static let fleshWords: Set<String> = [
    "beef", "steak", "sirloin", "brisket", "veal", "lamb", "mutton", "goat", "pork", "ham",
    "bacon", "pancetta", "prosciutto", "chorizo", "salami", "sausage", "pepperoni", "venison",
    "rabbit", "oxtail", "chicken", "turkey", "duck", "quail", "hen", "goose", "pheasant", "fowl",
    "boar", "bison", "kielbasa", "andouille", "bresaola", "guanciale", "lard", "suet", "dripping",
    "rib", "chuck", "cheek", "hock", "shank", "anchovy", "clam", "cod", "crab", "haddock",
    "halibut", "lobster", "mackerel", "mussel", "octopus", "oyster", "prawn", "salmon",
    "sardine", "scallop", "bass", "bream", "snapper", "swordfish", "catfish", "pollock",
    "crayfish", "langoustine", "herring", "eel", "kipper", "cockle", "shrimp", "squid",
    "tilapia", "trout", "tuna", "fish", "monkfish", "dashi", "worcestershire", "gelatine",
    "bone", "carcass",
  ]

  /// Words naming dairy, egg and other animal products that vegans leave out.
  public static let animalProductWords: Set<String> = [
    "butter", "buttermilk", "cream", "milk", "yogurt", "ghee", "kefir", "quark", "skyr",
    "labneh", "egg", "cheese", "cheddar", "mozzarella", "parmesan", "feta", "ricotta", "gouda",
    "gruyere", "pecorino", "mascarpone", "brie", "camembert", "halloumi", "paneer", "provolone",
    "asiago", "manchego", "fontina", "colby", "stilton", "taleggio", "gorgonzola", "burrata",
    "comte", "edam", "havarti", "jarlsberg", "cotija", "wensleydale", "jack", "queso", "honey",
    "meringue", "mayonnaise", "aioli", "custard", "marshmallow", "creme", "toffee", "caramel",
    "dulce", "condensed", "evaporated", "curd", "fraiche", "yolk", "yolks",
  ]

  /// Plant foods whose names borrow dairy words ("coconut milk", "peanut butter", "cream of tartar").
  public static let plantWords: Set<String> = [
    "coconut", "almond", "oat", "soy", "peanut", "cashew", "hazelnut", "tartar", "cocoa", "apple",
  ]

  /// Savoury words a dessert rarely has.
  static let savouryWords: Set<String> = fleshWords.union([
    "onion", "garlic", "pepper", "cumin", "chili", "soy", "oregano", "thyme", "celery", "broth",
    "stock", "mustard", "paprika", "cilantro", "scallion", "shallot", "leek", "curry", "masala",
    "tomato", "potato", "cabbage", "vinegar", "ketchup",
  ])

  /// TheMealDB's 14 categories.
  public static let all: [SyntheticCategoryProfile] = [
    SyntheticCategoryProfile(
      "Dessert", share: 0.19,
      wordBoosts: [
        "vanilla": 8, "chocolate": 10, "cocoa": 10, "sugar": 4, "flour": 3, "butter": 2, "egg": 2,
        "cream": 3, "cinnamon": 4, "nutmeg": 3, "honey": 3, "syrup": 3, "caramel": 8, "almond": 3,
        "pecan": 4, "walnut": 3, "strawberry": 5, "raspberry": 5, "blueberry": 5, "apple": 4,
        "lemon": 2, "zest": 3, "custard": 6, "meringue": 6, "mascarpone": 5, "jam": 5,
        "condensed": 6, "icing": 6, "gelatine": 4, "yeast": 2,
      ],
      groupBoosts: [.sweet: 4, .baking: 3, .fruit: 2, .vegetable: 0.1, .herb: 0.3, .sauce: 0.3],
      suppressedWords: savouryWords, suppressedGroups: [.meat, .poultry, .seafood],
      suppressFactor: 0.02,
      dishes: [
        "Cake", "Tart", "Pie", "Cookies", "Brownies", "Pudding", "Crumble", "Cheesecake", "Muffins",
        "Sorbet", "Mousse", "Trifle", "Fudge", "Traybake", "Pavlova", "Cobbler", "Scones",
        "Roulade",
        "Loaf", "Galette",
      ]),
    SyntheticCategoryProfile(
      "Chicken", share: 0.12, wordBoosts: ["chicken": 4], mainWords: ["chicken"],
      mainGroups: [.poultry],
      dishes: [
        "Curry", "Stir Fry", "Casserole", "Skewers", "Traybake", "Tacos", "Salad", "Soup", "Stew",
        "Wraps", "Pie", "Burgers", "Fajitas", "Bake", "Wings", "Noodles", "Pilaf", "Satay",
      ]),
    SyntheticCategoryProfile(
      "Beef", share: 0.12, wordBoosts: ["beef": 4, "steak": 4, "sirloin": 4, "brisket": 4],
      mainWords: ["beef", "steak", "sirloin", "brisket", "oxtail", "chuck"], mainGroups: [.meat],
      dishes: [
        "Stew", "Burgers", "Chili", "Stir Fry", "Pie", "Tacos", "Meatballs", "Roast", "Ragu",
        "Stroganoff", "Kebabs", "Pot Roast", "Hotpot", "Goulash", "Sandwiches",
      ]),
    SyntheticCategoryProfile(
      "Vegetarian", share: 0.11, suppressedWords: fleshWords,
      suppressedGroups: [.meat, .poultry, .seafood],
      suppressFactor: 0,
      dishes: [
        "Curry", "Salad", "Soup", "Frittata", "Risotto", "Tart", "Burgers", "Bake", "Stew", "Dal",
        "Gratin", "Quiche", "Fritters", "Lasagne",
      ]),
    SyntheticCategoryProfile(
      "Seafood", share: 0.10, wordBoosts: ["lemon": 2, "dill": 3], groupBoosts: [.seafood: 4],
      suppressedWords: fleshWords.subtracting(seafoodWords), suppressedGroups: [.meat, .poultry],
      suppressFactor: 0.05, mainGroups: [.seafood],
      dishes: [
        "Curry", "Pie", "Tacos", "Chowder", "Paella", "Cakes", "Stew", "Linguine", "Bake",
        "Ceviche",
        "Skewers", "Risotto", "Parcels",
      ]),
    SyntheticCategoryProfile(
      "Side", share: 0.08,
      wordBoosts: ["potato": 3, "rice": 3, "bean": 2, "carrot": 2, "lettuce": 3],
      dishes: [
        "Salad", "Gratin", "Mash", "Slaw", "Roasted Vegetables", "Rice", "Fries", "Pilaf",
        "Flatbread",
        "Greens", "Wedges",
      ]),
    SyntheticCategoryProfile(
      "Pork", share: 0.075,
      wordBoosts: ["pork": 4, "bacon": 3, "ham": 3, "sausage": 3, "chorizo": 3],
      mainWords: [
        "pork", "bacon", "ham", "chorizo", "pancetta", "prosciutto", "guanciale", "salami",
        "kielbasa",
        "andouille",
      ],
      mainGroups: [.meat],
      dishes: [
        "Chops", "Roast", "Stir Fry", "Ribs", "Carnitas", "Schnitzel", "Belly", "Buns", "Meatballs",
        "Casserole", "Skewers",
      ]),
    SyntheticCategoryProfile(
      "Pasta", share: 0.045, wordBoosts: ["parmesan": 4, "basil": 3, "tomato": 2],
      groupBoosts: [.pasta: 6],
      mainGroups: [.pasta],
      dishes: [
        "Pasta", "Bake", "Carbonara", "Lasagne", "Salad", "Primavera", "Alfredo", "Bolognese",
        "Bowl",
      ]),
    SyntheticCategoryProfile(
      "Lamb", share: 0.04, wordBoosts: ["lamb": 6, "mint": 3], mainWords: ["lamb", "mutton"],
      mainGroups: [.meat],
      dishes: ["Tagine", "Curry", "Chops", "Roast", "Kofta", "Stew", "Shanks", "Biryani", "Hotpot"]),
    SyntheticCategoryProfile(
      "Breakfast", share: 0.035,
      wordBoosts: [
        "egg": 5, "bacon": 4, "milk": 3, "oat": 6, "bread": 4, "maple": 5, "banana": 4, "yogurt": 4,
        "sausage": 3,
      ],
      dishes: [
        "Pancakes", "Omelette", "Waffles", "Porridge", "Granola", "Hash", "Muffins", "Smoothie",
        "Shakshuka", "French Toast", "Scramble",
      ]),
    SyntheticCategoryProfile(
      "Miscellaneous", share: 0.035,
      dishes: [
        "Sauce", "Dressing", "Pickle", "Relish", "Stock", "Spice Mix", "Jam", "Chutney", "Butter",
      ]),
    SyntheticCategoryProfile(
      "Starter", share: 0.03,
      wordBoosts: ["bread": 2, "cheese": 2, "olive": 3, "shrimp": 2, "cracker": 4],
      dishes: [
        "Dip", "Soup", "Bruschetta", "Fritters", "Spring Rolls", "Pate", "Tartlets", "Crostini",
        "Bites",
      ]),
    SyntheticCategoryProfile(
      "Vegan", share: 0.012,
      wordBoosts: ["tofu": 8, "tempeh": 8, "chickpea": 4, "lentil": 4, "coconut": 3],
      suppressedWords: fleshWords,
      suppressedGroups: [.meat, .poultry, .seafood, .dairy, .cheese, .egg],
      suppressFactor: 0, softSuppressedWords: animalProductWords, exemptWords: plantWords,
      dishes: [
        "Buddha Bowl", "Curry", "Salad", "Soup", "Stir Fry", "Chili", "Tacos", "Stew", "Traybake",
      ]),
    SyntheticCategoryProfile(
      "Goat", share: 0.005, wordBoosts: ["goat": 6], mainWords: ["goat"], mainGroups: [.meat],
      dishes: ["Curry", "Stew", "Roast", "Biryani", "Pepper Soup"]),
  ]

  /// Fish and shellfish words (the part of ``fleshWords`` a Seafood recipe keeps).
  static let seafoodWords: Set<String> = [
    "anchovy", "clam", "cod", "crab", "haddock", "halibut", "lobster", "mackerel", "mussel",
    "octopus",
    "oyster", "prawn", "salmon", "sardine", "scallop", "bass", "bream", "snapper", "swordfish",
    "catfish",
    "pollock", "crayfish", "langoustine", "herring", "eel", "kipper", "cockle", "shrimp", "squid",
    "tilapia", "trout", "tuna", "fish", "monkfish", "dashi", "worcestershire",
  ]
}
