extension CorpusError {
  /// The full JSON path of the field at fault in a whole-file JSON document, record path and
  /// field joined: `$.meals[12].strMeal`; `nil` when the location has no JSON path.
  public var jsonPath: String? {
    guard let recordPath = location.jsonPath else { return nil }
    guard let field else { return recordPath }
    return field.hasPrefix("[") ? recordPath + field : "\(recordPath).\(field)"
  }
}
