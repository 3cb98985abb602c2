import ArgumentParser
import Foundation
import LarderCore
import LarderServer
import LarderStore

/// `larder search TEXT`: full-text search.
struct SearchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "search",
    abstract:
      "Full-text search over titles, ingredients, tags and instructions (the last word is a prefix)."
  )

  @Argument(help: "What to search for.")
  var text: String

  @OptionGroup var filters: FilterOptions
  @Option(help: "How many hits (1-100).", transform: bounded(PageSize.self))
  var limit = PageSize(unchecked: 10)
  @Option(help: "Hits to skip.", transform: bounded(PageOffset.self))
  var offset = PageOffset.start

  @OptionGroup var index: IndexOptions
  @OptionGroup var output: OutputOptions

  func validate() throws {
    guard !text.allSatisfy({ $0.isWhitespace }) else {
      throw ValidationError(TextSearchError.emptyQuery.description)
    }
  }

  func run() throws {
    let filter = filters.filter()
    let result: TextSearchResult
    do {
      let request = TextSearchRequest(
        text: text, category: filter.category, area: filter.area,
        maxMinutes: filter.maxMinutes, limit: limit.value, offset: offset.value)
      if filter.excludedFlags == 0 {
        result = try OpenedIndex(index).readText { try $0.search(request) }
      } else {
        result = try OpenedIndex(index).read { opened in
          // Diets are decided by the snapshot's food flags, as for `find`; only this path
          // loads a snapshot for a built file.
          var dieted = request
          dieted.onlyRecipes = opened.recipes(passingDietsOf: filter)
          return try opened.reader.search(dieted)
        }
      }
    } catch let error as TextSearchError {
      throw CommandFailure(error.description)
    }
    if output.json {
      return try Console.printJSON(
        ResponseShapes.searchPage(result, pageSize: limit, offset: offset))
    }
    let asked = QueryHeadline.sentence("\"\(text)\"", filters.headline)
    guard result.count > 0 else { return print("No recipe matches \(asked).") }
    print("\(result.count) recipe(s) match \(asked).")
    for hit in result.hits {
      let snippet = hit.snippet.map { $0.match ? "[\($0.text)]" : $0.text }.joined()
      print(
        "\(hit.id)  \(hit.title)  (\([hit.category, hit.area].compactMap { $0 }.joined(separator: ", ")))"
      )
      if !snippet.isEmpty { print("    \(snippet)") }
    }
  }
}
