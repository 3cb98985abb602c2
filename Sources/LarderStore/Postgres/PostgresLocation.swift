import Foundation
import PostgresNIO

/// A PostgreSQL server and database named by a URL, as `--postgres` and `LARDER_POSTGRES_URL`
/// take it: `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require]`
/// (`postgresql://` too; port 5432 and `sslmode=prefer` unless given).
public struct PostgresLocation: Sendable, Hashable, CustomStringConvertible {
  /// Host name or address.
  public var host: String
  /// TCP port.
  public var port: Int
  /// Role to log in as.
  public var user: String
  /// Password, if any (never printed).
  var password: String?
  /// Database name.
  public var database: String
  /// `disable`, `prefer` or `require`.
  public var sslMode: String

  /// Reads `text`.
  /// - Throws: ``PostgresLocationError`` naming what is wrong (never echoing a password).
  public init(_ text: String) throws {
    guard let parts = URLComponents(string: text),
      let scheme = parts.scheme, ["postgres", "postgresql"].contains(scheme)
    else {
      throw PostgresLocationError(
        "a PostgreSQL URL looks like postgres://USER:PASSWORD@HOST:PORT/DATABASE")
    }
    guard let host = parts.host, !host.isEmpty else {
      throw PostgresLocationError("the PostgreSQL URL names no host")
    }
    guard let user = parts.user, !user.isEmpty else {
      throw PostgresLocationError("the PostgreSQL URL names no user (postgres://USER@HOST/DB)")
    }
    let database = String(parts.path.drop(while: { $0 == "/" }))
    guard !database.isEmpty else {
      throw PostgresLocationError("the PostgreSQL URL names no database (postgres://USER@HOST/DB)")
    }
    let port = parts.port ?? 5432
    guard (1...65_535).contains(port) else {
      throw PostgresLocationError("the PostgreSQL port must be from 1 to 65535")
    }
    let mode = parts.queryItems?.first { $0.name == "sslmode" }?.value ?? "prefer"
    guard ["disable", "prefer", "require"].contains(mode) else {
      throw PostgresLocationError("sslmode must be disable, prefer or require (got \(mode))")
    }
    self.host = host
    self.port = port
    self.user = user.removingPercentEncoding ?? user
    self.password = parts.password.map { $0.removingPercentEncoding ?? $0 }
    self.database = database.removingPercentEncoding ?? database
    self.sslMode = mode
  }

  /// The URL without its password: safe for logs and messages.
  public var description: String { "postgres://\(user)@\(host):\(port)/\(database)" }

  /// The client configuration for this server.
  var clientConfiguration: PostgresClient.Configuration {
    let tls: PostgresClient.Configuration.TLS =
      switch sslMode {
      case "disable": .disable
      case "require": .require(.makeClientConfiguration())
      default: .prefer(.makeClientConfiguration())
      }
    var configuration = PostgresClient.Configuration(
      host: host, port: port, username: user, password: password, database: database, tls: tls)
    configuration.options.connectTimeout = .seconds(2)
    return configuration
  }

  /// The configuration of one connection of its own (the reachability check's).
  /// - Throws: what NIOSSL throws making a TLS context.
  var connectionConfiguration: PostgresConnection.Configuration {
    get throws {
      let tls: PostgresConnection.Configuration.TLS =
        switch sslMode {
        case "disable": .disable
        case "require": .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        default: .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
      var configuration = PostgresConnection.Configuration(
        host: host, port: port, username: user, password: password, database: database, tls: tls)
      configuration.options.connectTimeout = .seconds(2)
      return configuration
    }
  }
}

/// A `--postgres` URL Larder cannot use, with what to fix.
public struct PostgresLocationError: Error, Sendable, CustomStringConvertible {
  /// One line.
  public var description: String

  init(_ description: String) { self.description = description }
}
