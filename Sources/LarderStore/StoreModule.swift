import CSQLite

/// The SQLite library version Larder is linked against.
public var sqliteVersion: String { String(cString: sqlite3_libversion()) }
