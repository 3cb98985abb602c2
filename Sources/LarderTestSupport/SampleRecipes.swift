import LarderCore

/// Small hand-written recipes (already normalized) for storage and query tests.
public enum SampleRecipes {
  /// Five recipes with overlapping ingredients, two categories and three areas.
  public static let all: [Recipe] = [
    Recipe(
      id: "r1", title: "Garlic Lemon Chicken", category: "Chicken", area: "Greek", tags: ["Roast"],
      summary: "Chicken roasted with lemon and garlic.", servings: 4, prepMinutes: 10,
      cookMinutes: 45,
      ingredients: [
        IngredientLine(text: "4 chicken thighs", quantity: Quantity(4), name: "chicken thigh"),
        IngredientLine(text: "1 lemon", quantity: Quantity(1), name: "lemon"),
        IngredientLine(
          text: "3 cloves garlic, minced", quantity: Quantity(3), unit: "clove", name: "garlic",
          preparation: "minced"),
      ],
      steps: ["Rub the chicken with garlic.", "Roast with the lemon."],
      nutrition: Nutrition(calories: 410, proteinGrams: 32), diets: ["gluten-free"], source: "test"),
    Recipe(
      id: "r2", title: "Tomato Basil Pasta", category: "Pasta", area: "Italian", tags: ["Quick"],
      prepMinutes: 5, cookMinutes: 15,
      ingredients: [
        IngredientLine(
          text: "200 g spaghetti", quantity: Quantity(200), unit: "g", name: "spaghetti"),
        IngredientLine(text: "3 tomatoes", quantity: Quantity(3), name: "tomato"),
        IngredientLine(text: "basil leaves", name: "basil"),
        IngredientLine(
          text: "2 cloves garlic", quantity: Quantity(2), unit: "clove", name: "garlic"),
      ],
      steps: ["Boil the spaghetti.", "Toss with tomato and basil."]),
    Recipe(
      id: "r3", title: "Cherry Tomato Salad", category: "Side", area: "Italian",
      ingredients: [
        IngredientLine(
          text: "250 g cherry tomatoes", quantity: Quantity(250), unit: "g", name: "cherry tomato"),
        IngredientLine(
          text: "1 tbsp olive oil", quantity: Quantity(1), unit: "tbsp", name: "olive oil"),
        IngredientLine(text: "salt", name: "salt"),
      ],
      steps: ["Halve the tomatoes and dress them."]),
    Recipe(
      id: "r4", title: "Lemon Rice", category: "Side", area: "Indian", cookMinutes: 20,
      ingredients: [
        IngredientLine(
          text: "1 cup basmati rice", quantity: Quantity(1), unit: "cup", name: "basmati rice"),
        IngredientLine(
          text: "1 lemon, juiced", quantity: Quantity(1), name: "lemon", preparation: "juiced"),
        IngredientLine(
          text: "2-3 green chillies", quantity: Quantity(2, to: 3), name: "green chilli"),
      ],
      steps: ["Cook the rice.", "Stir in lemon juice and chillies."]),
    Recipe(
      id: "r5", title: "Cheddar Omelette", category: "Breakfast", area: "British",
      ingredients: [
        IngredientLine(text: "3 eggs", quantity: Quantity(3), name: "egg"),
        IngredientLine(text: "50 g cheddar", quantity: Quantity(50), unit: "g", name: "cheddar"),
        IngredientLine(text: "butter", name: "butter", isOptional: true),
      ],
      steps: ["Beat the eggs.", "Cook in butter and add the cheddar."]),
  ]

  /// Parents used with ``all``: cheddar is a cheese, cherry tomato a tomato, basmati rice a rice.
  public static let parents: [String: String] = [
    "cheddar": "cheese", "cherry tomato": "tomato", "basmati rice": "rice",
    "chicken thigh": "chicken",
  ]
}
