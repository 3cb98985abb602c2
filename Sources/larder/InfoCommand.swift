import ArgumentParser
import Foundation
import LarderStore

/// `larder info`: what an index holds.
struct InfoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "info", abstract: "Describe an index: counts, categories, areas, sources.")

  @OptionGroup var index: IndexOptions
  @OptionGroup var output: OutputOptions

  func run() throws {
    let info = try IndexReader(url: try index.resolve()).info()
    if output.json { return try Console.printJSON(info) }
    print("Recipes: \(info.recipes)   Ingredients: \(info.ingredients)   Skipped: \(info.skipped)")
    print("Format: \(info.formatVersion)   Built: \(info.builtAt)")
    print("Categories: " + info.categories.map { "\($0.name) \($0.count)" }.joined(separator: ", "))
    print("Areas: " + info.areas.map { "\($0.name) \($0.count)" }.joined(separator: ", "))
    for source in info.sources {
      print(
        "Source: \(source.path) (\(source.format), \(source.recipes) recipes, \(source.skipped) skipped, fnv1a64 \(source.checksum))"
      )
    }
  }
}
