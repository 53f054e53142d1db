import TetherSynchronization

/// Where Tether reports recoverable misuse: assertions, assertion failures and warnings.
///
/// The library never traps on misuse it can recover from (duplicate identifiers in a diff, for
/// example). It reports it through ``TetherLogger/shared`` and carries on with a well-defined
/// result. Install your own logger to forward those reports to your logging or crash reporting:
///
/// ```swift
/// TetherLogger.shared = TetherLogger(
///   assert: { condition, message, fileID, line in
///     if !condition() { Log.error("\(fileID):\(line) \(message())") }
///   },
///   assertionFailure: { message, fileID, line in Log.error("\(fileID):\(line) \(message())") },
///   warn: { message, fileID, line in Log.warning("\(fileID):\(line) \(message())") })
/// ```
///
/// The default logger calls Swift's `assert` and `assertionFailure` (which trap in debug builds
/// only) and prints warnings to standard output.
///
/// Reading and replacing ``shared`` is thread-safe. The handlers are called on the thread that
/// reports, never while a Tether lock is held.
public struct TetherLogger: Sendable {
  /// Checks a condition; reports `message` when it is `false`.
  public typealias Assert =
    @Sendable (
      _ condition: @autoclosure () -> Bool,
      _ message: @autoclosure () -> String,
      _ fileID: StaticString,
      _ line: UInt
    ) -> Void

  /// Reports that a state that should be impossible was reached.
  public typealias AssertionFailure =
    @Sendable (_ message: @autoclosure () -> String, _ fileID: StaticString, _ line: UInt) -> Void

  /// Reports recoverable misuse; the library continues with a well-defined result.
  public typealias Warn =
    @Sendable (_ message: @autoclosure () -> String, _ fileID: StaticString, _ line: UInt) -> Void

  private let assertHandler: Assert
  private let assertionFailureHandler: AssertionFailure
  private let warnHandler: Warn

  /// Creates a logger from its three handlers.
  ///
  /// - Parameters:
  ///   - assert: Called for every library assertion; by default Swift's `assert`.
  ///   - assertionFailure: Called for impossible states; by default Swift's `assertionFailure`.
  ///   - warn: Called for recoverable misuse; by default prints `[Tether] message (fileID:line)`.
  public init(
    assert: @escaping Assert = { condition, message, fileID, line in
      Swift.assert(condition(), message(), file: fileID, line: line)
    },
    assertionFailure: @escaping AssertionFailure = { message, fileID, line in
      Swift.assertionFailure(message(), file: fileID, line: line)
    },
    warn: @escaping Warn = { message, fileID, line in
      print("[Tether] warning: \(message()) (\(fileID):\(line))")
    }
  ) {
    self.assertHandler = assert
    self.assertionFailureHandler = assertionFailure
    self.warnHandler = warn
  }

  private static let storage = Locked(TetherLogger())

  /// The logger the library reports to. Replace it to intercept reports; reads and writes are
  /// thread-safe.
  public static var shared: TetherLogger {
    get { storage.withLock { $0 } }
    set { storage.withLock { $0 = newValue } }
  }

  /// Reports `message` when `condition` is `false`.
  public func assert(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String = String(),
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) {
    assertHandler(condition(), message(), fileID, line)
  }

  /// Reports that a state that should be impossible was reached.
  public func assertionFailure(
    _ message: @autoclosure () -> String = String(),
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) {
    assertionFailureHandler(message(), fileID, line)
  }

  /// Reports recoverable misuse; the caller continues with a well-defined result.
  public func warn(
    _ message: @autoclosure () -> String,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) {
    warnHandler(message(), fileID, line)
  }
}
