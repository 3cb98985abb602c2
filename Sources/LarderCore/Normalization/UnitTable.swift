/// The units an ingredient line may state, each spelling mapped to one canonical unit:
/// `Tablespoons`, `tbs`, `tbsp.`, `T` → `tbsp`; `grams`, `gr` → `g`; `fluid ounces` → `fl oz`.
///
/// Capital conventions: a bare `T` is a tablespoon and a bare `t` a teaspoon, so the parser
/// asks with the word's original spelling (``unit(for:original:)``). Containers and counts
/// (`can`, `bunch`, `clove`, `pinch`) are units too; `tin` is a `can`.
///
/// - Complexity: one hash lookup per word.
public enum UnitTable {
  /// The kind of thing a unit measures, which the parser uses to decide what may follow.
  public enum Kind: Sendable, Hashable {
    /// Mass or volume (`g`, `cup`).
    case measure
    /// A length, used for sizes of pieces (`2cm piece ginger`).
    case length
    /// A container, a count or an informal amount (`can`, `clove`, `pinch`).
    case count
  }

  /// The canonical unit for one folded word, given its original spelling (for `T`/`t`),
  /// or `nil` when the word is not a unit.
  @inline(__always)
  public static func unit(for folded: String, original: Substring) -> (name: String, kind: Kind)? {
    if folded == "t" {
      if original == "T" { return ("tbsp", .measure) }
      if original == "t" { return ("tsp", .measure) }
      return nil
    }
    return single[folded]
  }

  /// The canonical unit for two folded words (`fl oz`, `fluid ounces`), or `nil`.
  @inline(__always)
  public static func unit(for first: String, _ second: String) -> (name: String, kind: Kind)? {
    switch first {
    case "fl", "fluid":
      switch second {
      case "oz", "ounce", "ounces", "onz": return ("fl oz", .measure)
      default: return nil
      }
    case "dessert":
      return second == "spoon" || second == "spoons" ? ("dessertspoon", .measure) : nil
    case "table":
      return second == "spoon" || second == "spoons" ? ("tbsp", .measure) : nil
    case "tea":
      return second == "spoon" || second == "spoons" ? ("tsp", .measure) : nil
    default:
      return nil
    }
  }

  /// The canonical unit a person typed as a whole (`"Tablespoons"`, `"fl. oz"`, `"g"`), or
  /// `nil` when it is not a unit: for grocery amounts, where the unit stands alone.
  public static func unit(named text: String) -> String? {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map {
      $0.hasSuffix(".") ? $0.dropLast() : $0
    }
    switch words.count {
    case 1: return unit(for: TextFolding.fold(words[0]), original: words[0])?.name
    case 2: return unit(for: TextFolding.fold(words[0]), TextFolding.fold(words[1]))?.name
    default: return nil
    }
  }

  /// Every single-word spelling the table knows (for ``IngredientLexicon``).
  static var spellings: Dictionary<String, (name: String, kind: Kind)>.Keys { single.keys }

  /// Every canonical unit name.
  public static var canonicalUnits: Set<String> { Set(single.values.map(\.name)).union(["fl oz"]) }

  private static let single: [String: (name: String, kind: Kind)] = {
    var table: [String: (name: String, kind: Kind)] = [:]
    func add(_ name: String, _ kind: Kind, _ spellings: [String]) {
      table[name] = (name, kind)
      for spelling in spellings { table[spelling] = (name, kind) }
    }
    add(
      "g", .measure,
      ["gram", "grams", "gramme", "grammes", "gr", "grm", "grms", "gm", "gms", "grs"])
    add(
      "kg", .measure,
      ["kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramme", "kilogrammes"])
    add("mg", .measure, ["milligram", "milligrams", "milligramme", "milligrammes", "mgs"])
    add("ml", .measure, ["mls", "millilitre", "millilitres", "milliliter", "milliliters"])
    add("l", .measure, ["litre", "litres", "liter", "liters", "lt", "ltr", "ltrs"])
    add("dl", .measure, ["decilitre", "decilitres", "deciliter", "deciliters"])
    add("cl", .measure, ["centilitre", "centilitres", "centiliter", "centiliters"])
    add(
      "tsp", .measure,
      ["tsps", "tspn", "tspns", "teaspoon", "teaspoons", "teaspoonful", "teaspoonfuls", "ts"])
    add(
      "tbsp", .measure,
      [
        "tbsps", "tbs", "tb", "tbl", "tbls", "tblsp", "tblsps", "tblspn", "tbsn", "tbspn",
        "tablespoon",
        "tablespoons", "tablespoonful", "tablespoonfuls", "tbps",
      ])
    add(
      "dessertspoon", .measure,
      ["dessertspoons", "dsp", "dstspn", "dessertspoonful", "dessertspoonfuls"])
    add("cup", .measure, ["cups", "c", "cupful", "cupfuls"])
    add("oz", .measure, ["ounce", "ounces", "onz", "ozs"])
    add("fl oz", .measure, ["floz", "floz."])
    add("loaf", .count, ["loaves"])
    add("ball", .count, ["balls"])
    add("spear", .count, ["spears"])
    add("rack", .count, ["racks"])
    add("shake", .count, ["shakes"])
    add("wedge", .count, ["wedges"])
    add("recipe", .count, ["recipes", "batch", "batches"])
    add("lb", .measure, ["lbs", "pound", "pounds"])
    add("pint", .measure, ["pints", "pt", "pts"])
    add("quart", .measure, ["quarts", "qt", "qts"])
    add("gallon", .measure, ["gallons", "gal", "gals"])
    add("pinch", .count, ["pinches", "pinchful"])
    add("dash", .count, ["dashes"])
    add("drop", .count, ["drops"])
    add("splash", .count, ["splashes"])
    add("drizzle", .count, ["drizzles"])
    add("glug", .count, ["glugs"])
    add("squeeze", .count, ["squeezes"])
    add("dollop", .count, ["dollops"])
    add("scoop", .count, ["scoops"])
    add("spoon", .count, ["spoons", "spoonful", "spoonfuls"])
    add("serving", .count, ["servings"])
    add("clove", .count, ["cloves"])
    add("can", .count, ["cans", "tin", "tins"])
    add("jar", .count, ["jars"])
    add("bottle", .count, ["bottles"])
    add(
      "packet", .count,
      ["packets", "pack", "packs", "package", "packages", "pkg", "pkgs", "pkt", "pkts"])
    add("sachet", .count, ["sachets", "envelope", "envelopes"])
    add("bag", .count, ["bags"])
    add("box", .count, ["boxes"])
    add("carton", .count, ["cartons"])
    add("tub", .count, ["tubs"])
    add("pot", .count, ["pots"])
    add("punnet", .count, ["punnets"])
    add("container", .count, ["containers"])
    add("block", .count, ["blocks"])
    add("bar", .count, ["bars"])
    add("bunch", .count, ["bunches"])
    add("handful", .count, ["handfuls"])
    add("slice", .count, ["slices"])
    add("sprig", .count, ["sprigs"])
    add("stick", .count, ["sticks"])
    add("piece", .count, ["pieces", "pc", "pcs"])
    add("chunk", .count, ["chunks"])
    add("knob", .count, ["knobs"])
    add("sheet", .count, ["sheets"])
    add("head", .count, ["heads"])
    add("stalk", .count, ["stalks"])
    add("rib", .count, ["ribs"])
    add("bulb", .count, ["bulbs"])
    add("ear", .count, ["ears"])
    add("rasher", .count, ["rashers"])
    add("strip", .count, ["strips"])
    add("cube", .count, ["cubes"])
    add("portion", .count, ["portions"])
    add("cm", .length, ["centimetre", "centimetres", "centimeter", "centimeters", "cms"])
    add("mm", .length, ["millimetre", "millimetres", "millimeter", "millimeters"])
    add("in", .length, ["inch", "inches", "ins"])
    return table
  }()
}
