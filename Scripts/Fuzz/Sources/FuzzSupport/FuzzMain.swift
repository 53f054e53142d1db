import CFuzzerDriver
import Foundation

/// A fuzz target's body: one input's bytes; returns 0 (libFuzzer reserves other values).
public typealias FuzzTestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

/// Runs libFuzzer on `body` with the process's arguments (libFuzzer flags and corpus folders) and
/// exits with libFuzzer's status.
public func runFuzzer(_ body: FuzzTestOneInput) -> Never {
  var argc = CommandLine.argc
  var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
  exit(LLVMFuzzerRunDriver(&argc, &argv, body))
}

/// Reads the fuzzer's bytes front to back; reads past the end give 0.
public struct FuzzInput {
  /// The input's bytes.
  public let bytes: UnsafeBufferPointer<UInt8>
  /// The next byte to read.
  public var position = 0

  /// The bytes `data` and `size` point to (libFuzzer's arguments).
  public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
    bytes = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
  }

  /// The next byte (0 past the end).
  public mutating func next() -> Int {
    defer { position += 1 }
    return position < bytes.count ? Int(bytes[position]) : 0
  }

  /// Whether every byte has been read.
  public var isAtEnd: Bool { position >= bytes.count }

  /// The bytes not read yet.
  public var rest: Data {
    position >= bytes.count ? Data() : Data(bytes[position...])
  }
}

// Safe: an input only reads libFuzzer's bytes, which stay valid and unchanged for the call, and
// the targets hand it to the main actor on the thread libFuzzer calls them on.
extension FuzzInput: @unchecked Sendable {}

/// Traps with `message` unless `condition` holds. The targets are built with -O, where the
/// standard library's `precondition` drops its message; this one keeps it for the crash report.
public func fuzzCheck(
  _ condition: @autoclosure () -> Bool,
  _ message: @autoclosure () -> String,
  file: StaticString = #fileID,
  line: UInt = #line
) {
  if !condition() { fatalError(message(), file: file, line: line) }
}

/// Traps with `message` (see ``fuzzCheck(_:_:file:line:)``).
public func fuzzFailure(
  _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line
) -> Never {
  fatalError(message(), file: file, line: line)
}
