import Testing

@testable import LarderCore

@Suite struct SchemaOrgValuesTests {
  @Test func firstNumberReadsSeparatorsRangesAndFractions() {
    #expect(SchemaOrgValues.firstNumber(in: "4 servings") == 4)
    #expect(SchemaOrgValues.firstNumber(in: "6-8") == 6)
    #expect(SchemaOrgValues.firstNumber(in: "1,200 mg") == 1200)
    #expect(SchemaOrgValues.firstNumber(in: "1,5 g") == 1.5)
    #expect(SchemaOrgValues.firstNumber(in: "12.25g") == 12.25)
    #expect(SchemaOrgValues.firstNumber(in: "½ cup") == 0.5)
    #expect(SchemaOrgValues.firstNumber(in: "1½ cups") == 1.5)
    #expect(SchemaOrgValues.firstNumber(in: "Serves 4.") == 4)
    #expect(SchemaOrgValues.firstNumber(in: "a few") == nil)
  }

  @Test func amountsConvertUnits() {
    #expect(SchemaOrgValues.amount(.string("240 kcal"), measure: .energy) == 240)
    #expect(SchemaOrgValues.amount(.string("240 calories"), measure: .energy) == 240)
    #expect(abs((SchemaOrgValues.amount(.string("418.4 kJ"), measure: .energy) ?? 0) - 100) < 1e-9)
    #expect(SchemaOrgValues.amount(.string("12 g"), measure: .grams) == 12)
    #expect(SchemaOrgValues.amount(.string("500 mg"), measure: .grams) == 0.5)
    #expect(SchemaOrgValues.amount(.string("1,200 mg"), measure: .milligrams) == 1200)
    #expect(SchemaOrgValues.amount(.string("1.2 g"), measure: .milligrams) == 1200)
    #expect(SchemaOrgValues.amount(.integer(9), measure: .grams) == 9)
    #expect(SchemaOrgValues.amount(.string("n/a"), measure: .grams) == nil)
    #expect(SchemaOrgValues.amount(nil, measure: .grams) == nil)
  }

  @Test func dietsMapToLarderLabels() {
    #expect(SchemaOrgValues.diet("https://schema.org/VeganDiet") == "vegan")
    #expect(SchemaOrgValues.diet("http://schema.org/GlutenFreeDiet") == "gluten-free")
    #expect(SchemaOrgValues.diet("VegetarianDiet") == "vegetarian")
    #expect(SchemaOrgValues.diet("Gluten Free Diet") == "gluten-free")
    #expect(SchemaOrgValues.diet("schema:LowSaltDiet") == nil)
    #expect(SchemaOrgValues.diet("HalalDiet") == nil)
  }

  @Test func freeTextTimes() {
    #expect(SchemaOrgValues.minutes(inFreeText: "45 minutes") == 45)
    #expect(SchemaOrgValues.minutes(inFreeText: "1 hour 30 mins") == 90)
    #expect(SchemaOrgValues.minutes(inFreeText: "1h30") == 90)
    #expect(SchemaOrgValues.minutes(inFreeText: "2 hrs") == 120)
    #expect(SchemaOrgValues.minutes(inFreeText: "20") == 20)
    #expect(SchemaOrgValues.minutes(inFreeText: "overnight") == nil)
  }
}
