import FuzzDriver
import LarderCore

let parser = IngredientLineParser()

// Any text as one ingredient line: a parse (perhaps with no quantity or unit), never a trap.
runFuzzer { bytes in
  let line = String(decoding: bytes, as: UTF8.self)
  let parsed = parser.parse(line)
  _ = parser.canonicalName(line)
  _ = parsed
}
