import CSV
import Foundation

// Reads FILE with each reader in alternating passes, turning every row into [String], and prints
// each pass and the median rows/s. Both readers must agree on the row count and a checksum of
// the cells, or the comparison is void.
let arguments = CommandLine.arguments
guard arguments.count >= 2, let passes = Int(arguments.count > 2 ? arguments[2] : "3"), passes > 0
else {
  print("usage: CSVReaderComparison FILE.csv [PASSES]")
  exit(2)
}
let path = arguments[1]

struct Pass {
  var rows = 0
  var checksum = 0
  mutating func add(_ cells: [String]) {
    rows += 1
    checksum &+= cells.count &+ cells.reduce(0) { $0 &+ $1.utf8.count }
  }
}

func larderReader() throws -> Pass {
  var reader = try ChunkedFileReader(path: path)
  var pass = Pass()
  try CSVRowReader.forEachRow(&reader) { row, _ in
    if case .fields(let cells, _) = row { pass.add(cells) }
    return .continue
  }
  return pass
}

func csvSwiftStreaming() throws -> Pass {
  guard let stream = InputStream(fileAtPath: path) else { throw CocoaError(.fileNoSuchFile) }
  let reader = try CSVReader(stream: stream)
  var pass = Pass()
  while let cells = reader.next() { pass.add(cells) }
  return pass
}

func csvSwiftFromString() throws -> Pass {
  let reader = try CSVReader(string: try String(contentsOfFile: path, encoding: .utf8))
  var pass = Pass()
  while let cells = reader.next() { pass.add(cells) }
  return pass
}

func seconds(_ body: () throws -> Pass) rethrows -> (Double, Pass) {
  let start = ContinuousClock.now
  let pass = try body()
  let elapsed = (ContinuousClock.now - start).components
  return (Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18, pass)
}

let readers: [(String, () throws -> Pass)] = [
  ("Larder CSVRowReader (streaming)", larderReader),
  ("CSV.swift CSVReader (InputStream)", csvSwiftStreaming),
  ("CSV.swift CSVReader (whole file as String)", csvSwiftFromString),
]
var times = Array(repeating: [Double](), count: readers.count)
var reference: Pass?
for pass in 1...passes {
  for (index, (name, read)) in readers.enumerated() {
    let (time, result) = try seconds(read)
    if let reference, reference.rows != result.rows || reference.checksum != result.checksum {
      print(
        "\(name) read \(result.rows) rows (checksum \(result.checksum)), expected \(reference.rows)"
      )
      exit(1)
    }
    reference = result
    times[index].append(time)
    print("pass \(pass): \(name): \(result.rows) rows in \(String(format: "%.3f", time)) s")
  }
}
let rows = Double(reference?.rows ?? 0)
for (index, (name, _)) in readers.enumerated() {
  let median = times[index].sorted()[times[index].count / 2]
  print("median: \(name): \(Int(rows / median)) rows/s (\(String(format: "%.3f", median)) s)")
}
