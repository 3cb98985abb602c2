import FuzzDriver

@testable import LarderCore

// Any bytes as a CSV file: rows or per-row refusals, never a trap; a row's start line never
// runs backwards.
runFuzzer { bytes in
  let path = scratchFile(holding: bytes)
  guard var reader = try? ChunkedFileReader(path: path) else { return }
  var lastLine = 0
  try? CSVRowReader.forEachRow(&reader) { row, _ in
    let line: Int
    switch row {
    case .fields(_, let number): line = number
    case .invalid(let number, _, _): line = number
    }
    precondition(line >= lastLine, "row line \(line) after \(lastLine)")
    lastLine = line
    return .continue
  }
}
