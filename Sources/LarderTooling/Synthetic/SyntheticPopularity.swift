import Foundation
import LarderCore

/// The shape of the synthetic corpus: how popular the ingredient of each rank is, and how many
/// ingredients a recipe has.
///
/// Real ingredient lists have a flat head (salt, onion, garlic in a third of all recipes) and a
/// tail that falls off faster than one power law, so popularity is Zipf–Mandelbrot
/// `1 / (rank + q)^s` over the head, continued with a steeper exponent past `headRanks`.
/// Recipe sizes follow a rounded log-normal truncated to 5–20 (mean ≈ 9.1, mode 7–8), the shape
/// measured on the flavor-network corpus (mean 8.3 over 1–32) without its one-ingredient entries.
enum SyntheticPopularity {
  static let offset = 2.5
  static let headExponent = 1.1
  static let headRanks = 220
  static let tailExponent = 1.7

  /// The unnormalized popularity of the ingredient at `rank` (1-based).
  static func weight(rank: Int) -> Double {
    let r = Double(rank)
    let edge = Double(headRanks) + offset
    if rank <= headRanks { return 1 / pow(r + offset, headExponent) }
    return 1 / pow(edge, headExponent) * pow(edge / (r + offset), tailExponent)
  }

  /// Fewest and most ingredients in a recipe.
  static let ingredientCounts = 5...20
  static let logMean = 2.13
  static let logDeviation = 0.36

  /// The probability weight of each count in ``ingredientCounts``, in order: the log-normal mass
  /// that rounds to it.
  static func ingredientCountWeights() -> [Double] {
    func normalCDF(_ x: Double) -> Double { 0.5 * (1 + erf(x / 2.0.squareRoot())) }
    return ingredientCounts.map { k in
      let upper = (log(Double(k) + 0.5) - logMean) / logDeviation
      let lower = (log(Double(k) - 0.5) - logMean) / logDeviation
      return normalCDF(upper) - normalCDF(lower)
    }
  }
}
