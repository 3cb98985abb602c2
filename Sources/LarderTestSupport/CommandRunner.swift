import Foundation
import LarderCore

/// Runs the built `larder` executable as a subprocess, as a user would.
public enum CommandRunner {
  /// What a run printed and how it ended.
  public struct Outcome: Sendable {
    /// The exit status.
    public var status: Int32
    /// Standard output.
    public var stdout: String
    /// Standard error.
    public var stderr: String
  }

  /// The `larder` binary beside the test bundle in the build folder.
  public static var executable: URL {
    let candidates = [Bundle.main.bundleURL] + Bundle.allBundles.map(\.bundleURL)
    for bundle in candidates {
      let url = bundle.deletingLastPathComponent().appendingPathComponent("larder")
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
      let sibling = bundle.appendingPathComponent("larder")
      if FileManager.default.isExecutableFile(atPath: sibling.path) { return sibling }
    }
    return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("larder")
  }

  /// Runs `larder arguments...` with `stdin` as input and `environment` added, and waits;
  /// in `directory` when given, else in the test process's working directory.
  public static func run(
    _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
    in directory: URL? = nil
  ) throws -> Outcome {
    let process = try start(arguments, environment: environment, in: directory)
    // Standard input is written, and standard error read, on threads of their own while this
    // one reads standard output: a pipe holds 64 KiB, so a run that fills one pipe while the
    // test waits on another would never end (the child blocked writing, the test reading).
    let inputHandle = process.input.fileHandleForWriting
    let input = stdin.map { Data($0.utf8) }
    Thread.detachNewThread {
      if let input { inputHandle.write(input) }
      try? inputHandle.close()
    }
    let errorHandle = process.error.fileHandleForReading
    let errorBytes = Locked(Data())
    let errorRead = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      let data = errorHandle.readDataToEndOfFile()
      errorBytes.withLock { $0 = data }
      errorRead.signal()
    }
    let out = process.output.fileHandleForReading.readDataToEndOfFile()
    errorRead.wait()
    let err = errorBytes.withLock { $0 }
    process.process.waitUntilExit()
    return Outcome(
      status: process.process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: err, as: UTF8.self))
  }

  /// A started process with its pipes.
  public struct Started {
    /// The process.
    public let process: Process
    /// Its standard input.
    public let input: Pipe
    /// Its standard output.
    public let output: Pipe
    /// Its standard error.
    public let error: Pipe
  }

  /// Starts `larder arguments...` without waiting (in `directory` when given).
  public static func start(
    _ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil
  ) throws -> Started {
    let process = Process()
    process.executableURL = executable
    if let directory { process.currentDirectoryURL = directory }
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let input = Pipe()
    let output = Pipe()
    let error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    return Started(process: process, input: input, output: output, error: error)
  }

  /// A `larder serve` started by ``startServing(_:environment:)``.
  public struct Serving {
    /// The running server.
    public let started: Started
    /// The loopback address it printed, or `nil` when it exited or stayed silent.
    public let url: String?
    /// What it printed before the address (for a failure message).
    public let printed: String
  }

  /// Starts `larder arguments...` (a `serve` command) and reads its standard output until it
  /// prints the address it serves at, for at most two minutes. Standard error (the request
  /// log) is drained from the start and standard output after the address, so a full pipe
  /// never stalls the server.
  public static func startServing(_ arguments: [String], environment: [String: String] = [:])
    throws -> Serving
  {
    let started = try start(arguments, environment: environment)
    drain(started.error.fileHandleForReading)
    var text = ""
    let deadline = Date().addingTimeInterval(120)
    while Date() < deadline,
      text.firstMatch(of: /serving .* at http:\/\/127\.0\.0\.1:[0-9]+/) == nil
    {
      let data = started.output.fileHandleForReading.availableData
      if data.isEmpty { break }
      text += String(decoding: data, as: UTF8.self)
    }
    let url = text.firstMatch(of: /http:\/\/127\.0\.0\.1:[0-9]+/).map { String($0.output) }
    drain(started.output.fileHandleForReading)
    return Serving(started: started, url: url, printed: text)
  }

  /// Reads and drops whatever arrives on `handle` until its end of file, then removes the
  /// handler. Left in place after the server exits, the handler's dispatch source kept
  /// watching a descriptor that the pipe closes when it is released, and a full test run
  /// once crashed in libdispatch's event loop (`_dispatch_event_loop_drain`) as a replica
  /// was stopped.
  private static func drain(_ handle: FileHandle) {
    handle.readabilityHandler = { handle in
      if handle.availableData.isEmpty { handle.readabilityHandler = nil }
    }
  }
}
