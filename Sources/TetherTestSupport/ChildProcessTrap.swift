import Foundation
import XCTest

/// Death tests: runs one scenario of the running test binary in a child process, which must trap.
///
/// The parent calls ``run(_:test:)`` with a scenario name and the test that performs scenarios
/// (`"Module.Class/testMethod"`); the child runs only that test, finds the name in
/// ``requestedScenario``, performs the misuse and dies. Only Linux can re-run the test binary
/// (`/proc/self/exe`); elsewhere the parent's test is skipped.
public enum ChildProcessTrap {
  /// The environment variable carrying the scenario name to the child.
  public static let variable = "TETHER_TRAP_SCENARIO"

  /// The scenario this process must perform, or `nil` when it is not a child of ``run(_:test:)``.
  public static var requestedScenario: String? {
    ProcessInfo.processInfo.environment[variable]
  }

  /// How the child ended and what it wrote to standard output and standard error.
  public struct Outcome: Sendable {
    /// Whether the child died from a signal or exited unsuccessfully.
    public let trapped: Bool
    /// Standard output and standard error, interleaved.
    public let output: String
  }

  /// Runs `test` (`"Module.Class/testMethod"`) of this test binary in a child process that performs
  /// `scenario`, and returns how it ended. A child still running after `timeoutSeconds` (a
  /// deadlock) is stopped and counts as not trapped.
  public static func run(_ scenario: String, test: String, timeoutSeconds: Int = 60) throws -> Outcome {
    #if os(Linux)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    process.arguments = [test]
    var environment = ProcessInfo.processInfo.environment
    environment[variable] = scenario
    environment["SWIFT_BACKTRACE"] = "enable=no"  // the message is all we need, and it is faster
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    // A misuse that deadlocks instead of trapping would hang the child: stop it after a while.
    let timedOut = exited.wait(timeout: .now() + .seconds(timeoutSeconds)) == .timedOut
    if timedOut { process.terminate() }
    process.waitUntilExit()
    var output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    if timedOut { output += "\n(still running after \(timeoutSeconds) s: stopped; a deadlock?)" }
    let trapped = !timedOut && (process.terminationReason == .uncaughtSignal || process.terminationStatus != 0)
    return Outcome(trapped: trapped, output: output)
    #else
    throw XCTSkip("death tests re-run the test binary from /proc/self/exe (Linux)")
    #endif
  }

  /// Writes `line` to standard error unbuffered, so that it survives the trap that follows.
  public static func say(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}
