/// Small corpus files in every supported format, written by the Larder team for tests.
public enum CorpusSamples {
  /// Larder JSONL: an object-ingredient recipe, a numeric id with plain-string ingredients,
  /// a blank line, and a range quantity.
  public static let larderJSONL = """
    {"id":"pea-soup","title":"Garden Pea Soup","category":"Starter","area":"British","tags":["Soup","Quick"],"summary":"A bright green soup.","servings":4,"prepMinutes":10,"cookMinutes":15,"ingredients":[{"line":"500 g frozen peas"},{"line":"1 onion, chopped","name":"onion","quantity":1,"preparation":"chopped"},{"name":"mint","quantity":[2,3],"unit":"sprig","optional":true}],"steps":["Soften the onion.","Add peas and stock, simmer, blend."],"nutrition":{"calories":180,"protein_g":9.5,"sodium_mg":300},"diets":["vegan"],"source":"Larder kitchen","image":"https://example.org/pea.jpg"}
    {"id": 42, "title": "Toast \\u0026 Jam \\ud83c\\udf53", "category": "Breakfast", "ingredients": ["bread", "strawberry jam", "butter"]}

    {"id":"plain","title":"Plain Rice","ingredients":[]}

    """

  /// TheMealDB API shape: `{"meals": [...]}` with twenty ingredient slots, some empty or null.
  public static let mealDBAPI = """
    {"meals":[
      {"idMeal":"90001","strMeal":"Harbour Fish Stew","strCategory":"Seafood","strArea":"Portuguese",
       "strInstructions":"STEP 1\\r\\nWarm the oil and soften the onion.\\r\\n\\r\\nSTEP 2\\r\\nAdd the fish and simmer for 10 minutes.",
       "strTags":"Stew, OnePot,","strMealThumb":"https://example.org/stew.jpg","strSource":"",
       "strIngredient1":"Olive Oil","strMeasure1":"2 tbsp","strIngredient2":"Onion","strMeasure2":"1",
       "strIngredient3":"White Fish","strMeasure3":"400g","strIngredient4":"Parsley","strMeasure4":" ",
       "strIngredient5":"","strMeasure5":"","strIngredient6":null,"strMeasure6":null,
       "strIngredient7":"","strMeasure7":"","strIngredient8":"","strMeasure8":"","strIngredient9":"","strMeasure9":"",
       "strIngredient10":"","strMeasure10":"","strIngredient11":"","strMeasure11":"","strIngredient12":"","strMeasure12":"",
       "strIngredient13":"","strMeasure13":"","strIngredient14":"","strMeasure14":"","strIngredient15":"","strMeasure15":"",
       "strIngredient16":null,"strMeasure16":null,"strIngredient17":null,"strMeasure17":null,"strIngredient18":null,
       "strMeasure18":null,"strIngredient19":null,"strMeasure19":null,"strIngredient20":null,"strMeasure20":null},
      {"idMeal":"90002","strMeal":"Honey Oat Bars","strCategory":"Dessert","strArea":"British",
       "strInstructions":"1. Heat the oven. 2. Melt the butter with the honey. 3. Stir in the oats and bake.",
       "strTags":null,"strMealThumb":"https://example.org/bars.jpg","strSource":"https://example.org/bars",
       "strIngredient1":"Oats","strMeasure1":"250g","strIngredient2":"Butter","strMeasure2":"100g",
       "strIngredient3":"Honey","strMeasure3":"3 tbsp"}
    ]}
    """

  /// The folded variant: a bare array whose meals carry `ingredients: [{ingredient, measurement}]`.
  public static let mealDBFolded = """
    [
      {
        "idMeal": "90003",
        "strMeal": "Lentil Dal",
        "strCategory": "Vegetarian",
        "strArea": "Indian",
        "strInstructions": "Rinse the lentils.\\nSimmer with turmeric until soft.\\n\\nStep 3\\nFinish with fried cumin seeds.",
        "strTags": "Curry",
        "ingredients": [
          {"ingredient": "Red Lentils", "measurement": "200g"},
          {"ingredient": "Turmeric", "measurement": "1 tsp"},
          {"ingredient": "Cumin Seeds", "measurement": ""}
        ]
      },
      {
        "idMeal": "90004",
        "strMeal": "Plain Omelette",
        "strCategory": "Breakfast",
        "ingredients": [{"ingredient": "Eggs", "measurement": "3"}]
      }
    ]
    """

  /// schema.org JSON-LD in an `@graph` beside a web page node, with sections, durations,
  /// nutrition strings, diets and HTML entities.
  public static let schemaOrgGraph = """
    {
      "@context": "https://schema.org",
      "@graph": [
        {"@type": "WebPage", "@id": "https://example.org/soup/#webpage", "name": "Soup page"},
        {
          "@type": ["Recipe", "NewsArticle"],
          "@id": "https://example.org/soup/#recipe",
          "name": "Roast Squash &amp; Sage Soup",
          "description": "<p>Sweet squash, crisp sage.</p>",
          "author": {"@type": "Person", "name": "Larder Team"},
          "image": {"@type": "ImageObject", "url": "https://example.org/soup.jpg"},
          "recipeYield": ["4", "4 bowls"],
          "prepTime": "PT15M",
          "totalTime": "PT1H",
          "recipeCategory": "Soup, Starter",
          "recipeCuisine": ["Italian"],
          "keywords": "autumn, squash",
          "suitableForDiet": ["https://schema.org/VeganDiet", "https://schema.org/GlutenFreeDiet", "https://schema.org/HalalDiet"],
          "nutrition": {"@type": "NutritionInformation", "calories": "240 kcal", "proteinContent": "6 g", "sodiumContent": "1,200 mg", "fatContent": "12g"},
          "recipeIngredient": ["1 butternut squash", "2 tbsp olive oil", "8 sage leaves", "1 l vegetable stock"],
          "recipeInstructions": [
            {"@type": "HowToSection", "name": "Roast", "itemListElement": [
              {"@type": "HowToStep", "text": "Cube the squash and roast with oil."}
            ]},
            {"@type": "HowToSection", "name": "Finish", "itemListElement": [
              {"@type": "HowToStep", "text": "Fry the sage until crisp."},
              {"@type": "HowToStep", "text": "Blend squash with stock; top with sage."}
            ]}
          ]
        }
      ]
    }
    """

  /// schema.org JSON-LD as an array: one recipe with string instructions, one with no id.
  public static let schemaOrgArray = """
    [
      {"@context": "https://schema.org", "@type": "Recipe", "url": "https://example.org/salad",
       "name": "Crunchy Slaw", "recipeIngredient": ["1/2 red cabbage", "2 carrots"],
       "recipeInstructions": "Shred the cabbage.\\nGrate the carrots.\\nToss with dressing.",
       "cookTime": "P0DT0H0M", "prepTime": "PT20M", "recipeYield": 6, "keywords": ["salad", "raw"]},
      {"@context": "https://schema.org", "@type": "Recipe", "name": "Mystery Bake",
       "recipeIngredient": "1 cup flour\\n1 egg", "recipeInstructions": ["Mix.", "Bake."], "totalTime": "PT90M",
       "recipeYield": "6-8 servings", "image": ["https://example.org/a.jpg", "https://example.org/b.jpg"]},
      {"@type": "BreadcrumbList", "name": "not a recipe"}
    ]
    """

  /// schema.org JSON-LD, one document per line.
  public static let schemaOrgLines = """
    {"@context":"https://schema.org","@type":"Recipe","@id":"r1","name":"Quick Flatbread","recipeIngredient":["200 g flour","120 ml water"],"recipeInstructions":[{"@type":"HowToStep","text":"Knead."},{"@type":"HowToStep","name":"Cook in a hot pan."}],"cookTime":"PT10M"}
    {"@context":"https://schema.org","@graph":[{"@type":"Recipe","@id":"r2","name":"Mint Tea","recipeIngredient":["mint","hot water"]}]}
    {"@context":"https://schema.org","@type":"Recipe","@id":"r3","recipeIngredient":["no name here"]}
    {"@context":"https://schema.org","@type":"Recipe","@id":"r1","name":"Duplicate Id","recipeIngredient":["salt"]}
    """

  /// RecipeNLG-style CSV with a leading index column, a quoted multi-line cell, a repeated
  /// link, and a malformed ingredients cell.
  public static let recipeNLG = #"""
    ,title,ingredients,directions,link,source,NER
    0,Cocoa Fudge,"[""1 c. sugar"", ""2 Tbsp. cocoa"", ""1/2 c. milk""]","[""Boil sugar, cocoa and milk."", ""Beat until thick.""]",www.example.org/fudge,Gathered,"[""sugar"", ""cocoa"", ""milk""]"
    1,"Bean Dip, Hot","[""1 can beans"",
    ""1 c. cheese""]","[""Mix and bake.""]",www.example.org/dip,Gathered,"[""beans"", ""cheese""]"
    2,Fudge Again,"[""1 c. sugar""]","[]",www.example.org/fudge,Gathered,"[""sugar""]"
    3,Broken Row,"[""1 c. sugar""","[]",www.example.org/broken,Gathered,"[]"
    4,No Link,"[""2 eggs""]","[""Scramble.""]",,Recipes1M,"[""eggs""]"

    """#
}
