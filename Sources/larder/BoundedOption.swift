import ArgumentParser
import LarderCore

/// The transform of a numeric CLI option: the core's ``BoundedNumber`` type parses it, so the
/// CLI accepts and refuses exactly what the HTTP API does, with the same words
/// ("The value '-1' is invalid for '--limit <limit>': must be a whole number from 1 to 50").
func bounded<Number: BoundedNumber>(_ type: Number.Type) -> @Sendable (String) throws -> Number {
  { text in try Number(parsing: text) }
}

/// The transform of a `--seed` option (any unsigned 64-bit number).
let seedOption: @Sendable (String) throws -> RandomSeed = { text in try RandomSeed(parsing: text) }
