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

  @Option(help: "Only this category.") var category: String?
  @Option(help: "Only this area (cuisine).") var area: String?
  @Option(
    name: .customLong("max-minutes"), help: "Only recipes ready in this many minutes.",
    transform: bounded(MaxMinutes.self))
  var maxMinutes: MaxMinutes?
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
    let result: TextSearchResult
    do {
      let request = TextSearchRequest(
        text: text, category: category, area: area, maxMinutes: maxMinutes?.value,
        limit: limit.value, offset: offset.value)
      result = try OpenedIndex(index).readText { try $0.search(request) }
    } catch let error as TextSearchError {
      throw CommandFailure(error.description)
    }
    if output.json {
      return try Console.printJSON(
        ResponseShapes.searchPage(result, pageSize: limit, offset: offset))
    }
    let asked = QueryHeadline.sentence(
      "\"\(text)\"",
      QueryHeadline.filters(
        category: category, area: area, diets: [], maxMinutes: maxMinutes?.value))
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
