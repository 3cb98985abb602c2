import FuzzDriver

@testable import LarderCore

// Any bytes: the JSON parser returns a value or a syntax error, never traps.
runFuzzer { bytes in
  _ = try? JSONParser.parse(bytes)
}
