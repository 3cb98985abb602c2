/// Larder JSONL records sent in a request body rather than read from a file: the write faces
/// of the HTTP API read them with the same record mapping and the same range checks
/// (``RecordValidation``) as `larder index` and `larder add`, so a record is accepted by one
/// face exactly when the others accept it.
public enum LarderRecordBody {
  /// What errors name as the file: `body:3` for the third line, `body: $[2]` for the third
  /// element of an array.
  public static let sourceName = "body"

  /// The one record of a body holding one JSON object (`PUT /v1/recipes/{id}`).
  public static func record(_ bytes: [UInt8]) -> Result<SourceRecipe, CorpusError> {
    let location = SourceLocation(file: sourceName, line: 1)
    let value: JSONValue
    do { value = try JSONParser.parse(bytes) } catch {
      return .failure(
        CorpusError(
          .badRecord, at: location, "invalid JSON at byte \(error.offset + 1): \(error.message)"))
    }
    return record(value, at: location)
  }

  /// Every record of a body (`POST /v1/recipes`): a JSON array of record objects (its first
  /// non-blank byte is `[`), or one object per line (NDJSON; blank lines skipped). Each
  /// element is a record or the error naming where and which field.
  public static func records(_ bytes: [UInt8]) -> [Result<SourceRecipe, CorpusError>] {
    let start = bytes.firstIndex { $0 > 0x20 }
    if let start, bytes[start] == UInt8(ascii: "[") {
      let location = SourceLocation(file: sourceName, line: 0, jsonPath: "$")
      let value: JSONValue
      do { value = try JSONParser.parse(bytes) } catch {
        return [
          .failure(
            CorpusError(
              .badRecord, at: location,
              "invalid JSON at byte \(error.offset + 1): \(error.message)"))
        ]
      }
      guard case .array(let items) = value else { return [] }
      return items.enumerated().map { index, item in
        record(item, at: SourceLocation(file: sourceName, line: 0, jsonPath: "$[\(index)]"))
      }
    }
    var results: [Result<SourceRecipe, CorpusError>] = []
    var lineNumber = 0
    for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      lineNumber += 1
      guard line.contains(where: { $0 > 0x20 }) else { continue }
      let location = SourceLocation(file: sourceName, line: lineNumber)
      let result = Array(line).withUnsafeBufferPointer {
        LarderJSONLReader.record(from: $0, at: location)
      }
      results.append(result.flatMap(RecordValidation.check))
    }
    return results
  }

  private static func record(_ value: JSONValue, at location: SourceLocation) -> Result<
    SourceRecipe, CorpusError
  > {
    guard case .object(let object) = value else {
      return .failure(
        CorpusError(.badRecord, at: location, "expected a JSON object, found \(value.typeName)"))
    }
    do {
      let recipe = try LarderJSONLReader.record(
        from: JSONRecordFields(object, at: location))
      return RecordValidation.check(recipe)
    } catch {
      return .failure(error)
    }
  }
}
