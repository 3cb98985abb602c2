// The few LarderCore types the two linked reader files use, reduced to what they need here.

struct SourceLocation {
  var file: String
  var line: Int
}

struct CorpusError: Error {
  enum Kind { case badFile }
  init(_ kind: Kind, at location: SourceLocation, _ message: String) {}
}

enum CorpusFile {
  enum Flow {
    case `continue`
    case stop
  }
  static let maximumRecordBytes = 10 << 20
}
