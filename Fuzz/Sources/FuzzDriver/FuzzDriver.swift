import Foundation

/// libFuzzer's own entry point (LLVM 11 and later): parses the command line and runs the loop.
/// SwiftPM renames an executable's `main`, so libFuzzer's `main` never runs; each target's
/// `main.swift` calls ``runFuzzer(_:)`` instead.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The body under test; set once before the loop starts, read only by libFuzzer's one thread.
nonisolated(unsafe) private var fuzzBody: (UnsafeBufferPointer<UInt8>) -> Void = { _ in }

/// Runs libFuzzer with this process's arguments, calling `body` with every input, then exits
/// with libFuzzer's status (non-zero after a crash, a leak or a timeout).
public func runFuzzer(_ body: @escaping (UnsafeBufferPointer<UInt8>) -> Void) -> Never {
  fuzzBody = body
  var argc = CommandLine.argc
  var argv = CommandLine.unsafeArgv
  exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzTestOneInput))
}

/// libFuzzer's per-input hook (its archive's unused `main` refers to it, so it must exist).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  fuzzBody(UnsafeBufferPointer(start: data, count: count))
  return 0
}

/// The one file a corpus-reader target writes each input to (libFuzzer runs inputs one at a
/// time in one process): in `/dev/shm` when present so the loop stays in memory.
private let scratchPath: String = {
  let folder =
    FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
  return "\(folder)/larder-fuzz-\(getpid())"
}()

/// Writes `bytes` to the scratch file and returns its path, for readers that take a path.
public func scratchFile(holding bytes: UnsafeBufferPointer<UInt8>) -> String {
  let descriptor = open(scratchPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  precondition(descriptor >= 0, "cannot write \(scratchPath)")
  var written = 0
  while written < bytes.count {
    let result = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
    precondition(result > 0, "cannot write \(scratchPath)")
    written += result
  }
  close(descriptor)
  return scratchPath
}
