import Foundation

/// A small seedable pseudo-random generator (SplitMix64, Steele, Lea and Flood 2014).
///
/// Swift's `SystemRandomNumberGenerator` cannot be seeded, and the synthetic corpus must be the
/// same on every machine and every run, so it draws from this generator instead. SplitMix64 has a
/// 64-bit state, passes BigCrush, and is cheap enough to seed one stream per recipe, which is what
/// makes a corpus of N recipes exactly the prefix of a larger one.
///
/// - Complexity: O(1) per draw, 8 bytes of state.
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    /// The current state; each draw advances it by a fixed odd constant.
    public private(set) var state: UInt64

    /// Creates a generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// Creates the generator of stream `stream` under `seed`, for example one stream per recipe.
    ///
    /// Both values go through the output mix, so neighbouring streams (`i`, `i + 1`) start from
    /// unrelated states rather than from states one increment apart.
    public init(seed: UInt64, stream: UInt64) {
        state = Self.mix(seed &+ Self.mix(stream ^ 0x5851_F42D_4C95_7F2D))
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
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

    /// A standard normal deviate (Box–Muller; one of the pair is discarded for simplicity).
    public mutating func nextGaussian() -> Double {
        let u1 = 1 - nextUnit()  // in (0, 1], so the logarithm is finite
        let u2 = nextUnit()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// The SplitMix64 output function: a bijective 64-bit finalizer.
    @inline(__always)
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
