import Foundation
import LarderCore

/// Streams and sampling helpers on ``SplitMix64`` for the synthetic corpus.
///
/// Swift's `SystemRandomNumberGenerator` cannot be seeded, and the synthetic corpus must be the
/// same on every machine and every run. One stream per recipe, fixed by `(seed, index)`, is what
/// makes a corpus of N recipes exactly the prefix of a larger one.
extension SplitMix64 {
  /// Creates the generator of stream `stream` under `seed`, for example one stream per recipe.
  ///
  /// Both values go through the SplitMix64 finalizer, so neighbouring streams (`i`, `i + 1`)
  /// start from unrelated states rather than from states one increment apart.
  public init(seed: UInt64, stream: UInt64) {
    self.init(seed: Self.mix(seed &+ Self.mix(stream ^ 0x5851_F42D_4C95_7F2D)))
  }

  /// A uniform double in `0 ..< 1` with 53 random bits.
  public mutating func nextUnit() -> Double {
    Double(next() >> 11) * 0x1.0p-53
  }

  /// A uniform integer in `0 ..< bound` (`bound` > 0), by multiply-shift (bias below 2⁻³²
  /// for the small bounds used here).
  public mutating func nextIndex(below bound: Int) -> Int {
    precondition(bound > 0, "bound must be positive")
    return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
  }

  /// A standard normal deviate (Box–Muller; the second value of the pair is discarded).
  public mutating func nextGaussian() -> Double {
    let u1 = 1 - nextUnit()  // in (0, 1], so the logarithm is finite
    let u2 = nextUnit()
    return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
  }

  /// The SplitMix64 output function: a bijective 64-bit finalizer.
  static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
