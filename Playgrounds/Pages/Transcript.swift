import Foundation

/// Collects what a playground page prints, optionally echoing it to standard output.
///
/// Pages may print from observer callbacks on other queues, so appends are serialized by a lock.
public final class Transcript: @unchecked Sendable {  // Safe: `lines` is only touched under `lock`.
  private let lock = NSLock()
  private var lines: [String] = []
  private let echo: Bool

  /// Creates an empty transcript; with `echo`, every line is also printed as it is written.
  public init(echo: Bool) {
    self.echo = echo
  }

  /// Writes one line of output.
  public func print(_ line: String = "") {
    lock.lock()
    lines.append(line)
    lock.unlock()
    if echo { Swift.print(line) }
  }

  /// Writes a narration line, the page explaining what comes next.
  public func say(_ text: String) {
    print("// \(text)")
  }

  /// Writes a section heading.
  public func heading(_ text: String) {
    print("== \(text) ==")
  }

  /// Everything written so far, one line per line, ending in a newline.
  public var text: String {
    lock.lock()
    defer { lock.unlock() }
    return lines.map { $0 + "\n" }.joined()
  }
}
