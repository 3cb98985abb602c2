/// Converts between units of the same kind (mass, volume), for merging grocery amounts.
///
/// Only units with a fixed size convert: `g/kg/mg/oz/lb` (mass) and `ml/cl/dl/l/tsp/tbsp/cup/
/// fl oz/pint/quart/gallon` (volume, US measures). Counts (`clove`, `can`, no unit) never convert.
public enum UnitConversion {
  /// A kind of measure.
  public enum Dimension: Sendable, Hashable {
    /// Measured in grams.
    case mass
    /// Measured in millilitres.
    case volume
  }

  /// A unit's kind and its size in the kind's base unit (g or ml), with its rank among the units
  /// of its measuring system (metric or US) so a merged total can be shown in the largest one used.
  struct UnitInfo {
    let dimension: Dimension
    let baseAmount: Double
    let metric: Bool
  }

  static let units: [String: UnitInfo] = [
    "mg": UnitInfo(dimension: .mass, baseAmount: 0.001, metric: true),
    "g": UnitInfo(dimension: .mass, baseAmount: 1, metric: true),
    "kg": UnitInfo(dimension: .mass, baseAmount: 1000, metric: true),
    "oz": UnitInfo(dimension: .mass, baseAmount: 28.349_523, metric: false),
    "lb": UnitInfo(dimension: .mass, baseAmount: 453.592_37, metric: false),
    "ml": UnitInfo(dimension: .volume, baseAmount: 1, metric: true),
    "cl": UnitInfo(dimension: .volume, baseAmount: 10, metric: true),
    "dl": UnitInfo(dimension: .volume, baseAmount: 100, metric: true),
    "l": UnitInfo(dimension: .volume, baseAmount: 1000, metric: true),
    "tsp": UnitInfo(dimension: .volume, baseAmount: 4.928_922, metric: false),
    "tbsp": UnitInfo(dimension: .volume, baseAmount: 14.786_765, metric: false),
    "fl oz": UnitInfo(dimension: .volume, baseAmount: 29.573_53, metric: false),
    "cup": UnitInfo(dimension: .volume, baseAmount: 236.588_24, metric: false),
    "pint": UnitInfo(dimension: .volume, baseAmount: 473.176_47, metric: false),
    "quart": UnitInfo(dimension: .volume, baseAmount: 946.352_95, metric: false),
    "gallon": UnitInfo(dimension: .volume, baseAmount: 3785.411_8, metric: false),
  ]

  /// The kind of `unit`, or `nil` when it does not convert.
  public static func dimension(of unit: String?) -> Dimension? {
    unit.flatMap { units[$0]?.dimension }
  }

  /// Whether `unit` is a metric unit (`g`, `ml`...); `false` for US measures and counts.
  public static func isMetric(_ unit: String) -> Bool { units[unit]?.metric ?? false }

  /// `amount` of `unit` expressed in `target`, or `nil` when the two do not convert.
  public static func convert(_ amount: Double, from unit: String, to target: String) -> Double? {
    guard let from = units[unit], let to = units[target], from.dimension == to.dimension else {
      return nil
    }
    return amount * from.baseAmount / to.baseAmount
  }

  /// The unit to show a merged total in: the largest of the units merged, so "2 tbsp + 1 cup"
  /// reads in cups and "200 g + 1 kg" in kilograms; when metric and US units mix, the largest metric one.
  public static func displayUnit(for merged: [String]) -> String? {
    let known = merged.compactMap { unit in units[unit].map { (unit, $0) } }
    let metric = known.filter { $0.1.metric }
    let pool = metric.isEmpty || metric.count == known.count ? known : metric
    return pool.max { $0.1.baseAmount < $1.1.baseAmount }?.0
  }
}
