import Foundation
import Testing

/// Issue 27: a program that shares a non-`Sendable` class across detached tasks must not compile,
/// whether it shares the instance itself or a property, subject or container holding it; the same
/// programs with `Sendable` elements still compile.
///
/// Each program is compiled by the toolchain's `swiftc` against the modules of this build, in
/// Swift 6 mode, as far as SIL (`-emit-sil`): region-based isolation (`sending`) is checked there,
/// so `-typecheck` alone would accept the programs that must not compile.
@Suite(
  .enabled(if: RacyProgram.compiler != nil, "no swiftc found on PATH (set SWIFTC to run these)"),
  .enabled(if: RacyProgram.modulesFolder != nil, "this build's modules are not next to the test bundle")
)
struct RacyProgramTests {
  /// The control: without Tether, Swift 6 rejects the sharing, so the check below can see it.
  @Test func sharingAClassInstanceAcrossDetachedTasksDoesNotCompile() throws {
    let result = try RacyProgram.compile(
      """
      final class Counter {
        var count = 0
      }

      func race() async {
        let counter = Counter()
        let tasks = (0..<4).map { _ in
          Task.detached {
            for _ in 0..<100_000 { counter.count += 1 }
          }
        }
        for task in tasks { await task.value }
      }
      """)
    #expect(result.rejectsTheSharing, "the compiler accepted a data race:\n\(result.output)")
  }

  /// The same program with the instance in a `Property`: a property is `Sendable` only when its
  /// value is, so the detached tasks cannot capture it.
  @Test func sharingAPropertyOfAClassAcrossDetachedTasksDoesNotCompile() throws {
    let result = try RacyProgram.compile(
      """
      import TetherSignals

      final class Counter {
        var count = 0
      }

      func race() async {
        let property = Property(Counter())
        let tasks = (0..<4).map { _ in
          Task.detached {
            for _ in 0..<100_000 { property.value.count += 1 }
          }
        }
        for task in tasks { await task.value }
      }
      """)
    #expect(result.rejectsTheSharing, "the compiler accepted a data race through Tether:\n\(result.output)")
    #expect(result.output.contains("captures 'property'"), "rejected for something else than sharing the property")
  }

  /// The same program with the instance in a `MutableObservableArray`: a container is `Sendable`
  /// only when its elements are.
  @Test func sharingAnArrayOfAClassAcrossDetachedTasksDoesNotCompile() throws {
    let result = try RacyProgram.compile(
      """
      import TetherCollections

      final class Counter {
        var count = 0
      }

      func race() async {
        let array = MutableObservableArray([Counter()])
        let tasks = (0..<4).map { _ in
          Task.detached {
            for _ in 0..<100_000 { array[0].count += 1 }
          }
        }
        for task in tasks { await task.value }
      }
      """)
    #expect(result.rejectsTheSharing, "the compiler accepted a data race through Tether:\n\(result.output)")
    #expect(result.output.contains("captures 'array'"), "rejected for something else than sharing the array")
  }

  /// A `PassthroughSubject` of a class shared by detached tasks: each task sends a counter and goes
  /// on changing it, while the observer (run by whichever task is delivering) changes it too. A
  /// subject is `Sendable` only when its elements are.
  @Test func sharingASubjectOfAClassAcrossDetachedTasksDoesNotCompile() throws {
    let result = try RacyProgram.compile(
      """
      import TetherSignals

      final class Counter {
        var count = 0
      }

      func race() async {
        let subject = PassthroughSubject<Counter, Never>()
        let observation = subject.observeNext { counter in counter.count += 1 }
        let tasks = (0..<4).map { _ in
          Task.detached {
            for _ in 0..<100_000 {
              let counter = Counter()
              subject.send(counter)
              counter.count += 1
            }
          }
        }
        for task in tasks { await task.value }
        observation.dispose()
      }
      """)
    #expect(result.rejectsTheSharing, "the compiler accepted a data race through Tether:\n\(result.output)")
    #expect(result.output.contains("captures 'subject'"), "rejected for something else than sharing the subject")
  }

  /// Moving the elements of a property of a class to another queue: `receive(on:)` and the other
  /// hops need `Sendable` elements.
  @Test func hoppingAPropertyOfAClassToAnotherQueueDoesNotCompile() throws {
    let result = try RacyProgram.compile(
      """
      import Dispatch
      import TetherSignals

      final class Counter {
        var count = 0
      }

      func hop(_ property: Property<Counter>) -> any Disposable {
        property.receive(on: DispatchQueue.global()).observeNext { counter in counter.count += 1 }
      }
      """)
    #expect(result.rejectsTheSharing, "the compiler accepted a data race through Tether:\n\(result.output)")
    #expect(
      result.output.contains("'Counter' does not conform to the 'Sendable' protocol"),
      "rejected for something else than the hop:\n\(result.output)")
  }

  /// The positive control: a property, array and subject of `Sendable` elements are still
  /// `Sendable`, so the same sharing compiles, and so does the hop (the tests above fail for the
  /// sharing, not for something else in the programs).
  @Test func sharingContainersOfSendableElementsAcrossDetachedTasksCompiles() throws {
    let result = try RacyProgram.compile(
      """
      import Dispatch
      import TetherCollections
      import TetherSignals

      func share() async {
        let property = Property(0)
        let array = MutableObservableArray<Int>([])
        let subject = PassthroughSubject<Int, Never>()
        let observation = subject.observeNext { _ in }
        let tasks = (0..<4).map { index in
          Task.detached {
            for _ in 0..<1_000 {
              property.modify { $0 += 1 }
              array.append(index)
              subject.send(index)
            }
          }
        }
        for task in tasks { await task.value }
        let hopped = property.receive(on: DispatchQueue.global()).observeNext { _ in }
        hopped.dispose()
        observation.dispose()
      }
      """)
    #expect(result.compiled, "sharing containers of Sendable elements no longer compiles:\n\(result.output)")
  }
}

/// Compiles a small program with the toolchain's `swiftc` against this build's modules.
enum RacyProgram {
  struct Result {
    var compiled: Bool
    var output: String

    /// The compiler refused the program for a data race (a `Sendable` or `sending` diagnostic).
    var rejectsTheSharing: Bool {
      !compiled
        && output.split(separator: "\n").contains { line in
          line.contains("error:")
            && (line.contains("Sendable") || line.contains("sending") || line.contains("data race"))
        }
    }
  }

  /// `SWIFTC`, or the first `swiftc` on `PATH`.
  static let compiler: URL? = {
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["SWIFTC"] { return URL(fileURLWithPath: path) }
    for folder in (environment["PATH"] ?? "").split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swiftc")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }()

  /// The folder of this build's `.swiftmodule`s: `Modules` next to the test bundle (SwiftPM's
  /// layout), or `nil`.
  static let modulesFolder: URL? = {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    while folder.path != "/" {
      let modules = folder.appendingPathComponent("Modules")
      if FileManager.default.fileExists(atPath: modules.appendingPathComponent("TetherSignals.swiftmodule").path) {
        return modules
      }
      folder.deleteLastPathComponent()
    }
    return nil
  }()

  static var packageRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  static func compile(_ source: String) throws -> Result {
    let compiler = try #require(compiler)
    let modules = try #require(modulesFolder)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tether-racy-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("main.swift")
    try source.write(to: file, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = compiler
    process.arguments = [
      "-emit-sil", "-o", "/dev/null", "-swift-version", "6", "-parse-as-library",
      "-I", modules.path,
      // TetherSignals imports TetherSynchronization, which imports this C module.
      "-I", packageRoot.appendingPathComponent("Sources/CTetherAtomics/include").path,
      "-module-cache-path", folder.appendingPathComponent("cache").path,
      file.path,
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return Result(compiled: process.terminationStatus == 0, output: output)
  }
}
