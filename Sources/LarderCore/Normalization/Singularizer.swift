/// Turns folded plural nouns into their singular: `tomatoes` → `tomato`, `berries` → `berry`,
/// `leaves` → `leaf`, `peaches` → `peach`, `chickpeas` → `chickpea`.
///
/// Only the last word of a phrase is changed (``singularizePhrase(_:)``): in English ingredient
/// names the head noun comes last (`brussels sprouts` → `brussels sprout`, `glass noodles` →
/// `glass noodle`), and modifiers stay as written.
///
/// Rules, in order, for a folded word:
/// 1. Words of three letters or fewer are unchanged (`gas`, `bus`).
/// 2. Irregular plurals map through a table (`chillies` → `chilli`, `knives` → `knife`,
///    `feet` → `foot`).
/// 3. Words that only look plural are unchanged: a fixed list (`molasses`, `grits`,
///    `bitters`, `brussels`, `schnapps`, ...), any word ending in `ss` or `us` (`bass`,
///    `lemongrass`, `swiss`, `hummus`, `couscous`, `asparagus`) and the `-is` words of
///    ``singularInIs`` (`haggis`, `pastis`); other `-is` words are plurals (`kiwis`). `greens`
///    becomes `green`, so `collard greens` finds `collard green` as a line and as typed text.
/// 4. `-ies` → `-y` (`berries`), except four-letter words and a list of `-ie` nouns
///    (`pies`, `cookies`, `brownies`), which drop the `s`.
/// 5. `-ves` → `-f` for a list of `f` nouns (`leaves`, `loaves`, `halves`); otherwise the `s`
///    goes (`olives`, `cloves`, `chives`).
/// 6. `-oes` → `-o` (`tomatoes`, `potatoes`), except `-oe` nouns (`sloes`, `shoes`).
/// 7. `-sses`, `-ches`, `-shes`, `-xes`, `-zzes` drop `es` (`peaches`, `radishes`, `boxes`),
///    except French `-che` nouns (`brioches`, `quiches`), which drop the `s`.
/// 8. Any other final `s` goes (`chickpeas`, `peas`, `oats` → `oat`, `noodles`).
///
/// `oats` becomes `oat`, matching `oat milk` and `oat flour`.
public enum Singularizer {
  /// The singular of one folded word.
  ///
  /// - Complexity: O(length of the word), at most three small-table lookups.
  public static func singularize(_ word: some StringProtocol) -> String {
    singularize(String(word))
  }

  /// The singular of one folded word.
  ///
  /// Works on UTF-8 bytes: every rule looks at a few final letters.
  public static func singularize(_ word: String) -> String {
    let utf8 = word.utf8
    let count = utf8.count
    guard count > 3, utf8.last == UInt8(ascii: "s") else { return word }
    if let irregular = irregularPlurals[word] { return irregular }
    if invariant.contains(word) { return word }
    let beforeS = utf8[utf8.index(utf8.endIndex, offsetBy: -2)]
    // -ss, -us: singular nouns that end in s. Most food words in -is are plurals (`kiwis`,
    // `chilis`, `martinis`); the singular ones are listed.
    if beforeS == UInt8(ascii: "s") || beforeS == UInt8(ascii: "u") { return word }
    if beforeS == UInt8(ascii: "i") {
      return singularInIs.contains(word) ? word : String(decoding: utf8.dropLast(), as: UTF8.self)
    }
    func ends(with suffix: StaticString) -> Bool {
      let length = suffix.utf8CodeUnitCount
      guard count >= length else { return false }
      return utf8.suffix(length).elementsEqual(
        UnsafeBufferPointer(start: suffix.utf8Start, count: length))
    }
    func dropping(_ n: Int) -> String { String(decoding: utf8.dropLast(n), as: UTF8.self) }
    if ends(with: "ies") {
      let stem = dropping(3)
      if count == 4 || ieNouns.contains(stem + "ie") { return stem + "ie" }
      return stem + "y"
    }
    if ends(with: "ves") {
      if let fNoun = fNouns[dropping(3)] { return fNoun }
      return dropping(1)
    }
    if ends(with: "oes") {
      let withoutS = dropping(1)
      return oeNouns.contains(withoutS) ? withoutS : dropping(2)
    }
    if ends(with: "sses") || ends(with: "shes") || ends(with: "xes") || ends(with: "zzes") {
      return dropping(2)
    }
    if ends(with: "ches") {
      let withoutS = dropping(1)
      return cheNouns.contains(withoutS) ? withoutS : dropping(2)
    }
    return dropping(1)
  }

  /// The phrase with its last word (the head noun) singularized; words are separated by one
  /// space, as ``TextFolding/fold(_:)`` leaves them.
  public static func singularizePhrase(_ phrase: some StringProtocol) -> String {
    let text = String(phrase)
    let utf8 = text.utf8
    guard utf8.last == UInt8(ascii: "s") else { return text }
    guard let lastSpace = utf8.lastIndex(of: UInt8(ascii: " ")) else { return singularize(text) }
    let headStart = utf8.index(after: lastSpace)
    let head = String(decoding: utf8[headStart...], as: UTF8.self)
    return String(decoding: utf8[..<headStart], as: UTF8.self) + singularize(head)
  }

  /// Plurals no rule derives.
  static let irregularPlurals: [String: String] = [
    "chilies": "chili", "chillies": "chilli", "knives": "knife", "wives": "wife",
    "lives": "life", "feet": "foot", "geese": "goose", "mice": "mouse", "teeth": "tooth",
    "children": "child", "oxen": "ox", "fungi": "fungus", "cacti": "cactus",
    "octopi": "octopus", "dice": "die", "brussels": "brussels", "lenses": "lens",
    "buses": "bus", "anises": "anise",
  ]

  /// Words that end in `s` but are singular, or plurals that name a food only as plurals.
  static let invariant: Set<String> = [
    "molasses", "grits", "bitters", "brussels", "schnapps", "madras", "texas",
    "christmas", "tapas", "series", "species", "swiss", "mais", "chinois", "pancreas",
    "rabies",
  ]

  /// Singular words that end in `-is` (the rest lose their `s`: `kiwis` → `kiwi`).
  static let singularInIs: Set<String> = [
    "anis", "beaujolais", "cassis", "chablis", "charentais", "bois", "frais", "haggis", "bilis",
    "manis", "pastis", "patis", "pois", "physalis", "gris", "iris", "orris", "basis", "oasis",
    "chassis", "tamis", "paris", "this", "his", "bis", "panis", "mantis", "tennis", "penis",
    "trois", "anglais", "francais", "marquis", "debris", "chamois", "bourgeois", "nicois",
    "lyonnais", "bearnais", "bordelais", "hollandais", "polonais", "dauphinois",
  ]

  /// `-ie` nouns whose plural ends in `-ies`.
  static let ieNouns: Set<String> = [
    "cookie", "brownie", "smoothie", "veggie", "calorie", "hoagie", "beanie", "pixie",
    "movie", "zombie", "rookie", "birdie", "goodie", "oldie", "quickie", "selfie", "sweetie",
    "wienie", "prairie", "caddie", "junkie", "genie", "sortie", "bootie", "collie", "eyrie",
    "frankie", "lassie", "kiltie", "stogie", "talkie", "boccie", "rotie", "tie", "pie",
  ]

  /// Stems (before `ves`) of nouns whose plural turns `f`/`fe` into `ves`.
  static let fNouns: [String: String] = [
    "lea": "leaf", "loa": "loaf", "hal": "half", "cal": "calf", "shel": "shelf",
    "wol": "wolf", "thie": "thief", "scar": "scarf", "shea": "sheaf", "el": "elf",
  ]

  /// `-oe` nouns, so `sloes` is not read as `slo`.
  static let oeNouns: Set<String> = [
    "shoe", "toe", "sloe", "hoe", "floe", "oboe", "canoe", "aloe", "roe", "doe", "foe",
    "throe", "tiptoe", "mistletoe", "horseshoe",
  ]

  /// French `-che` nouns, so `brioches` is not read as `brioch`.
  static let cheNouns: Set<String> = [
    "quiche", "brioche", "ganache", "cloche", "niche", "cache", "mache", "douche", "creche",
    "pastiche", "panache", "tranche", "fiche", "gouache", "attache", "microfiche", "psyche",
    "cliche", "moustache", "avalanche", "tache", "pistache",
  ]
}
