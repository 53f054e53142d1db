import TetherSynchronization

/// Collects what a documentation sample prints (each snippet file routes its `print` here), so
/// its test can compare the output with what the prose promises.
final class PrintedLines: Sendable {
  private let storage = Locked<[String]>([])

  func append(_ line: String) {
    storage.withLock { $0.append(line) }
  }

  /// Everything printed so far; reading it clears the record.
  var lines: [String] {
    storage.withLock { lines in
      defer { lines = [] }
      return lines
    }
  }
}
