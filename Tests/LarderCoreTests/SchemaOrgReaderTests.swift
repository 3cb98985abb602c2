import Foundation
import LarderTestSupport
import Testing

@testable import LarderCore

@Suite struct SchemaOrgReaderTests {
  @Test func readsARecipeInAGraph() throws {
    let path = try Fixtures.file(named: "soup.json", contents: CorpusSamples.schemaOrgGraph)
    let file = try CorpusFile(path: path)
    #expect(file.format == .schemaOrg)
    let recipes = try Fixtures.recipes(in: path)
    #expect(recipes.count == 1)
    let soup = try #require(recipes.first)
    #expect(soup.recipe.id == "https://example.org/soup/#recipe")
    #expect(soup.recipe.title == "Roast Squash & Sage Soup")
    #expect(soup.recipe.summary == "Sweet squash, crisp sage.")
    #expect(soup.recipe.image == "https://example.org/soup.jpg")
    #expect(soup.recipe.servings == 4)
    #expect(soup.recipe.prepMinutes == 15)
    #expect(soup.recipe.cookMinutes == 45)  // totalTime minus prepTime
    #expect(soup.recipe.category == "Soup")
    #expect(soup.recipe.area == "Italian")
    #expect(soup.recipe.tags == ["Starter", "autumn", "squash"])
    #expect(soup.recipe.diets == ["vegan", "gluten-free"])
    #expect(
      soup.recipe.nutrition
        == Nutrition(calories: 240, proteinGrams: 6, fatGrams: 12, sodiumMilligrams: 1200))
    #expect(soup.recipe.source == "Larder Team")
    #expect(
      soup.ingredients.map(\.line) == [
        "1 butternut squash", "2 tbsp olive oil", "8 sage leaves", "1 l vegetable stock",
      ])
    #expect(
      soup.recipe.steps == [
        "Cube the squash and roast with oil.", "Fry the sage until crisp.",
        "Blend squash with stock; top with sage.",
      ])
    #expect(soup.location.jsonPath == "$.@graph[1]")
    #expect(soup.location.line == 5)
  }

  @Test func readsAnArrayWithStringInstructionsAndFallbackIds() throws {
    let path = try Fixtures.file(named: "list.json", contents: CorpusSamples.schemaOrgArray)
    let results = try Fixtures.records(in: path)
    #expect(results.count == 2)  // the breadcrumb list is not a recipe and not an error
    let recipes = results.compactMap { try? $0.get() }
    let slaw = recipes[0]
    #expect(slaw.recipe.id == "https://example.org/salad")
    #expect(slaw.recipe.source == "https://example.org/salad")
    #expect(
      slaw.recipe.steps == ["Shred the cabbage.", "Grate the carrots.", "Toss with dressing."])
    #expect(slaw.recipe.prepMinutes == 20)
    #expect(slaw.recipe.cookMinutes == 0)
    #expect(slaw.recipe.servings == 6)
    #expect(slaw.recipe.tags == ["salad", "raw"])
    #expect(slaw.location.jsonPath == "$[0]")
    #expect(slaw.location.line == 2)
    let bake = recipes[1]
    #expect(bake.recipe.id == "list.json#2")
    #expect(bake.ingredients.map(\.line) == ["1 cup flour", "1 egg"])
    #expect(bake.recipe.cookMinutes == 90)  // only totalTime: read as the cook time
    #expect(bake.recipe.prepMinutes == nil)
    #expect(bake.recipe.servings == 6)
    #expect(bake.recipe.image == "https://example.org/a.jpg")
    #expect(bake.recipe.steps == ["Mix.", "Bake."])
  }

  @Test func readsOneDocumentPerLine() throws {
    let path = try Fixtures.file(named: "recipes.jsonl", contents: CorpusSamples.schemaOrgLines)
    let file = try CorpusFile(path: path)
    #expect(file.format == .schemaOrg)
    let results = try Fixtures.records(in: path)
    #expect(results.count == 4)
    let flatbread = try results[0].get()
    #expect(flatbread.recipe.steps == ["Knead.", "Cook in a hot pan."])
    #expect(flatbread.recipe.cookMinutes == 10)
    #expect(flatbread.location == SourceLocation(file: path, line: 1))
    let tea = try results[1].get()
    #expect(tea.recipe.id == "r2")
    #expect(tea.location == SourceLocation(file: path, line: 2, jsonPath: "$.@graph[0]"))
    guard case .failure(let missingName) = results[2] else {
      Issue.record("a recipe without a name is an error")
      return
    }
    #expect(missingName.description == "\(path):3: name: missing")
    let duplicate = try results[3].get()
    #expect(duplicate.recipe.id == "recipes.jsonl#4")  // r1 was used on line 1
  }

  @Test func aLineWithoutARecipeIsAnError() throws {
    let text =
      #"{"@context":"https://schema.org","@type":"Recipe","name":"A"}"# + "\n"
      + #"{"@context":"https://schema.org","@type":"WebSite","name":"Site"}"#
    let path = try Fixtures.file(named: "mixed.jsonl", contents: text)
    let errors = try Fixtures.recordErrors(in: path)
    #expect(errors.count == 1)
    #expect(errors.first?.location.line == 2)
    #expect(errors.first?.message.contains("no schema.org Recipe") == true)
  }

  @Test func recognisesRecipeTypesWithPrefixes() {
    func object(_ json: String) -> JSONObject {
      (try? JSONParser.parse(json))?.objectValue ?? JSONObject()
    }
    #expect(SchemaOrgReader.isRecipe(object(#"{"@type": "Recipe"}"#)))
    #expect(SchemaOrgReader.isRecipe(object(#"{"@type": "http://schema.org/Recipe"}"#)))
    #expect(SchemaOrgReader.isRecipe(object(#"{"@type": ["Thing", "schema:Recipe"]}"#)))
    #expect(SchemaOrgReader.isRecipe(object(#"{"recipeIngredient": []}"#)))
    #expect(!SchemaOrgReader.isRecipe(object(#"{"@type": "RecipeCollection"}"#)))
    #expect(!SchemaOrgReader.isRecipe(object(#"{"@type": "HowToStep", "text": "x"}"#)))
  }

  @Test func findsRecipesInsideMainEntityAndItemLists() throws {
    let text = #"""
      {"@context": "https://schema.org", "@type": "WebPage", "mainEntity": {"@type": "Recipe", "name": "Inner"}}
      {"@context": "https://schema.org", "@type": "ItemList", "itemListElement": [{"@type": "ListItem", "item": {"@type": "Recipe", "name": "Listed"}}]}
      """#
    let path = try Fixtures.file(named: "nested.jsonl", contents: text)
    #expect(try Fixtures.recipes(in: path).map(\.recipe.title) == ["Inner", "Listed"])
  }

  @Test func readsValuesInTheirManyShapes() throws {
    let text = #"""
      {"@type": "Recipe", "name": ["Shaped"], "recipeYield": "Serves 3", "cookTime": "45 minutes", "prepTime": "PT1H30M",
       "nutrition": {"calories": "1004 kJ", "proteinContent": 7, "sodiumContent": "0.5 g", "sugarContent": "1,5 g"},
       "recipeCategory": ["Main", "Dinner"], "keywords": ["Dinner", "quick"], "suitableForDiet": "VegetarianDiet",
       "image": [{"@type": "ImageObject", "contentUrl": "https://example.org/c.jpg"}],
       "author": [{"@type": "Person", "name": "Ann &amp; Bo"}],
       "recipeInstructions": "<ol><li>Heat&nbsp;the pan.</li><li>Cook.</li></ol>",
       "recipeIngredient": ["  2 &frac12; cups rice ", "", "salt &amp; pepper"]}
      """#
    let path = try Fixtures.file(named: "shapes.jsonl", contents: text)
    let recipe = try #require(try Fixtures.recipes(in: path).first)
    #expect(recipe.recipe.title == "Shaped")
    #expect(recipe.recipe.servings == 3)
    #expect(recipe.recipe.cookMinutes == 45)
    #expect(recipe.recipe.prepMinutes == 90)
    let nutrition = try #require(recipe.recipe.nutrition)
    #expect(abs((nutrition.calories ?? 0) - 240) < 1)
    #expect(nutrition.proteinGrams == 7)
    #expect(nutrition.sodiumMilligrams == 500)
    #expect(nutrition.sugarGrams == 1.5)
    #expect(recipe.recipe.category == "Main")
    #expect(recipe.recipe.tags == ["Dinner", "quick"])
    #expect(recipe.recipe.diets == ["vegetarian"])
    #expect(recipe.recipe.image == "https://example.org/c.jpg")
    #expect(recipe.recipe.source == "Ann & Bo")
    #expect(recipe.recipe.steps == ["Heat the pan.", "Cook."])
    #expect(recipe.ingredients.map(\.line) == ["2 ½ cups rice", "salt & pepper"])
  }

  @Test func toleratesOdditiesOfRealPages() throws {
    let text = #"""
      {"@context": {"@vocab": "http://schema.org/"}, "@type": "recipe", "headline": "Only A Headline", "recipeIngredient": ["<a href=\"https://example.org\">flour</a>", null, 2, ""], "recipeInstructions": {"@type": "ItemList", "itemListElement": [{"@type": "HowToSection", "name": "Main", "itemListElement": [{"@type": "HowToDirection", "text": "Stir."}, {"@type": "HowToSection", "itemListElement": ["Rest."]}]}]}, "recipeYield": {"@type": "QuantitativeValue", "value": 3}, "cookTime": 12.5, "prepTime": "P0Y0M0DT0H35M0.000S", "totalTime": "PT", "keywords": ["a", null, 3], "nutrition": null, "image": {"@id": "https://example.org/i.jpg"}, "author": ["Ann", "Bo"], "rating": NaN,}
      """#
    let path = try Fixtures.file(named: "odd.jsonl", contents: text)
    let recipe = try #require(try Fixtures.recipes(in: path).first)
    #expect(recipe.recipe.title == "Only A Headline")
    #expect(recipe.ingredients.map(\.line) == ["flour", "2"])
    #expect(recipe.recipe.steps == ["Stir.", "Rest."])
    #expect(recipe.recipe.servings == 3)
    #expect(recipe.recipe.cookMinutes == 13)
    #expect(recipe.recipe.prepMinutes == 35)
    #expect(recipe.recipe.tags == ["a", "3"])
    #expect(recipe.recipe.nutrition == nil)
    #expect(recipe.recipe.image == "https://example.org/i.jpg")
    #expect(recipe.recipe.source == "Ann")
  }

  @Test func pageRelativeIdsGiveWayToTheURL() throws {
    let text = #"""
      {"@type": "Recipe", "@id": "#recipe", "url": "https://example.org/one", "name": "One"}
      {"@type": "Recipe", "@id": "#recipe", "name": "Two"}
      {"@type": "Recipe", "@id": "#recipe", "name": "Three"}
      """#
    let path = try Fixtures.file(named: "rel.jsonl", contents: text)
    let ids = try Fixtures.recipes(in: path).map(\.recipe.id)
    #expect(ids == ["https://example.org/one", "#recipe", "rel.jsonl#3"])
  }
}
