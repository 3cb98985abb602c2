import Foundation
import LarderTestSupport
import Testing

/// `larder index` from inputs that can be read only once (standard input, pipes, FIFOs,
/// process substitution), and builds that would have replaced a good index with an empty one.
@Suite struct IndexStreamInputTests {
  let directory: URL
  let corpus: URL
  let index: String

  init() throws {
    directory = try Fixtures.temporaryDirectory()
    corpus = Fixtures.repositoryRoot.appendingPathComponent("Data/recipes/a-meat-and-seafood.jsonl")
    index = directory.appendingPathComponent("index.sqlite").path
  }

  var corpusText: String { get throws { try String(contentsOf: corpus, encoding: .utf8) } }
  var corpusRecipes: Int { get throws { try corpusText.split(separator: "\n").count } }

  func recipeCount(_ path: String) throws -> Int? {
    let info = try CommandRunner.run(["info", "--index", path, "--json"])
    let json = try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any]
    return json?["recipes"] as? Int
  }

  @Test func standardInputAsDashAndDevStdinIndexesEveryRecipe() throws {
    for name in ["-", "/dev/stdin"] {
      let run = try CommandRunner.run(
        ["index", name, "--output", index, "--quiet"], stdin: try corpusText)
      #expect(run.status == 0, "\(name): \(run.stderr)")
      #expect(try recipeCount(index) == (try corpusRecipes), "\(name)")
    }
  }

  @Test func aFIFOIsReadOnceWithoutHanging() throws {
    let fifo = directory.appendingPathComponent("corpus.fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let text = try corpusText
    // The writer blocks until `larder index` opens the FIFO, then writes and closes it.
    let writer = Thread {
      if let handle = FileHandle(forWritingAtPath: fifo) {
        handle.write(Data(text.utf8))
        try? handle.close()
      }
    }
    writer.start()
    let run = try CommandRunner.run(["index", fifo, "--output", index, "--quiet"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try recipeCount(index) == (try corpusRecipes))
  }

  @Test func processSubstitutionIndexesEveryRecipe() throws {
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/bash")
    shell.arguments = [
      "-c",
      "\"$0\" index <(cat \"$1\") --output \"$2\" --quiet", CommandRunner.executable.path,
      corpus.path, index,
    ]
    try shell.run()
    shell.waitUntilExit()
    #expect(shell.terminationStatus == 0)
    #expect(try recipeCount(index) == (try corpusRecipes))
  }

  @Test func errorsNameTheStreamAsGiven() throws {
    let run = try CommandRunner.run(
      ["index", "-", "--output", index, "--strict"],
      stdin: "{\"id\":\"1\",\"title\":\"t\",\"ingredients\":[]}\n{\"id\":\"2\"}\n")
    #expect(run.status != 0)
    #expect(run.stderr.contains("-:2: title"), "\(run.stderr)")
  }

  @Test func aBuildThatIndexesNothingFailsAndKeepsTheOldIndex() throws {
    let good = try CommandRunner.run(["index", corpus.path, "--output", index, "--quiet"])
    #expect(good.status == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: index))
    let allBad = directory.appendingPathComponent("bad.jsonl")
    try Data("{\"id\":\"x\"}\n{\"id\":\"y\",\"title\":\"t\",\"servings\":\"many\"}\n".utf8).write(
      to: allBad)
    let emptyMeals = directory.appendingPathComponent("meals.json")
    try Data(#"{"meals": []}"#.utf8).write(to: emptyMeals)
    for input in [allBad.path, emptyMeals.path] {
      let run = try CommandRunner.run(["index", input, "--output", index])
      #expect(run.status == 1, "\(input): \(run.status)")
      #expect(run.stderr.contains("no recipe was indexed"), "\(run.stderr)")
      #expect(!run.stderr.contains("Usage:"))
      #expect(try Data(contentsOf: URL(fileURLWithPath: index)) == before)
    }
    // Empty standard input is refused by name, and the index stays.
    let empty = try CommandRunner.run(["index", "-", "--output", index], stdin: "")
    #expect(empty.status != 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: index)) == before)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(leftovers.allSatisfy { !$0.contains(".tmp") }, "\(leftovers)")
  }
}
