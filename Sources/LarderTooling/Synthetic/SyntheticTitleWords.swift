import LarderCore

/// Words for synthetic titles and areas, written by the Larder team.
enum SyntheticTitleWords {
  /// Leading adjectives ("Smoky Beef Chili").
  static let adjectives = [
    "Creamy", "Spicy", "Easy", "Classic", "Quick", "Homemade", "Rustic", "Smoky", "Zesty", "Crispy",
    "Sticky", "Hearty", "Simple", "Weeknight", "Sheet Pan", "One Pan", "Slow Cooked", "Golden",
    "Herby", "Lemony", "Cheesy", "Sunday", "Summer", "Winter", "Festive", "Family", "Midweek",
    "Light", "Loaded", "Tangy", "Fiery", "Honeyed", "Charred", "Baked", "Grilled",
  ]

  /// Areas (cuisines) with relative weights; 29 in all, `Unknown` for unlabelled recipes.
  static let areas: [(name: String, weight: Double)] = [
    ("American", 18), ("British", 12), ("Italian", 10), ("Mexican", 7), ("French", 7),
    ("Indian", 7),
    ("Chinese", 6), ("Japanese", 4), ("Thai", 4), ("Spanish", 4), ("Greek", 3), ("Turkish", 3),
    ("Moroccan", 2), ("Vietnamese", 2), ("Jamaican", 2), ("Irish", 2), ("Canadian", 2),
    ("Polish", 1.5),
    ("Malaysian", 1), ("Portuguese", 1), ("Russian", 1), ("Filipino", 1), ("Dutch", 1),
    ("Norwegian", 0.8),
    ("Egyptian", 0.6), ("Croatian", 0.5), ("Kenyan", 0.4), ("Tunisian", 0.4), ("Unknown", 3),
  ]
}
