/// Reads RecipeNLG-style CSV: header `title,ingredients,directions,link,source,NER` (any order,
/// any case, an optional leading unnamed index column, extra columns ignored); `ingredients`,
/// `directions` and `NER` cells hold JSON lists of strings.
///
/// The id is the `link` when present and not used before in the file, else `csv-<row>` (data
/// rows count from 1). The source is the `link`, else the `source` cell. `NER` (names the
/// dataset's tagger extracted) is not used: the normalizer reads the raw lines itself.
/// Row errors name `file:line` and the column.
struct RecipeNLGReader {
  /// The file path, for error locations.
  let file: String

  /// The columns Larder uses, by position.
  private struct Columns {
    var count: Int
    var title: Int
    var ingredients: Int
    var directions: Int?
    var link: Int?
    var source: Int?
  }

  /// Streams every row of `reader`; `body` gets each result and the bytes read so far.
  func read(
    _ reader: inout ChunkedFileReader,
    _ body: (Result<SourceRecipe, CorpusError>, Int) throws -> CorpusFile.Flow
  ) throws {
    var columns: Columns? = nil
    var headerNames: [String] = []
    var seenLinks: Set<String> = []
    var rowNumber = 0
    try CSVRowReader.forEachRow(&reader) { row, progress in
      switch row {
      case .invalid(let line, let field, let message):
        let location = SourceLocation(file: file, line: line)
        guard columns != nil else {
          throw CorpusError(.badFile, at: location, "header row: \(message)")
        }
        rowNumber += 1
        let name = field.flatMap { $0 < headerNames.count ? headerNames[$0] : "column \($0 + 1)" }
        return try body(
          .failure(CorpusError(.badRecord, at: location, field: name, message)), progress)
      case .fields(let cells, let line):
        guard let known = columns else {
          headerNames = cells.map { $0.trimmingWhitespace() }
          columns = try header(headerNames, line: line)
          return .continue
        }
        rowNumber += 1
        let location = SourceLocation(file: file, line: line)
        let result: Result<SourceRecipe, CorpusError>
        do throws(CorpusError) {
          result = .success(
            try record(
              cells, columns: known, names: headerNames, row: rowNumber, at: location,
              links: &seenLinks))
        } catch {
          result = .failure(error)
        }
        return try body(result, progress)
      }
    }
  }

  private func header(_ names: [String], line: Int) throws(CorpusError) -> Columns {
    let lowered = names.map { $0.lowercased() }
    let location = SourceLocation(file: file, line: line)
    guard let title = lowered.firstIndex(of: "title") else {
      throw CorpusError(
        .badFile, at: location, field: "title", "the CSV header has no title column")
    }
    guard let ingredients = lowered.firstIndex(of: "ingredients") else {
      throw CorpusError(
        .badFile, at: location, field: "ingredients", "the CSV header has no ingredients column")
    }
    return Columns(
      count: names.count, title: title, ingredients: ingredients,
      directions: lowered.firstIndex(of: "directions"), link: lowered.firstIndex(of: "link"),
      source: lowered.firstIndex(of: "source"))
  }

  private func record(
    _ cells: [String], columns: Columns, names: [String], row: Int, at location: SourceLocation,
    links: inout Set<String>
  ) throws(CorpusError) -> SourceRecipe {
    guard cells.count == columns.count else {
      throw CorpusError(
        .badRecord, at: location, "row has \(cells.count) fields, the header has \(columns.count)")
    }
    let title = cells[columns.title].trimmingWhitespace()
    guard !title.isEmpty else {
      throw CorpusError(.badRecord, at: location, field: names[columns.title], "is empty")
    }
    let link = columns.link.map { cells[$0].trimmingWhitespace() }.flatMap { $0.isEmpty ? nil : $0 }
    let id: String
    if let link, links.insert(link).inserted { id = link } else { id = "csv-\(row)" }
    var recipe = Recipe(id: id, title: title)
    recipe.source =
      link
      ?? columns.source.map { cells[$0].trimmingWhitespace() }.flatMap { $0.isEmpty ? nil : $0 }
    if let directions = columns.directions {
      recipe.steps = try list(cells[directions], field: names[directions], at: location)
        .map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    }
    let lines = try list(
      cells[columns.ingredients], field: names[columns.ingredients], at: location)
    let ingredients = lines.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }.map {
      SourceIngredient(line: $0)
    }
    return SourceRecipe(recipe: recipe, ingredients: ingredients, location: location)
  }

  /// A cell holding a JSON list of strings; an empty cell is an empty list.
  private func list(_ cell: String, field: String, at location: SourceLocation) throws(CorpusError)
    -> [String]
  {
    if cell.allSatisfy(\.isWhitespace) { return [] }
    let value: JSONValue
    do {
      value = try JSONParser.parse(cell)
    } catch {
      throw CorpusError(
        .badRecord, at: location, field: field, "expected a JSON list of strings: \(error.message)")
    }
    guard case .array(let elements) = value else {
      throw CorpusError(
        .badRecord, at: location, field: field,
        "expected a JSON list of strings, found \(value.typeName)")
    }
    var strings: [String] = []
    for (index, element) in elements.enumerated() {
      guard case .string(let text) = element else {
        throw CorpusError(
          .badRecord, at: location, field: "\(field)[\(index)]",
          "expected a string, found \(element.typeName)")
      }
      strings.append(text)
    }
    return strings
  }
}
