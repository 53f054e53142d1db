import Tether
import TetherTestSupport
import XCTest

/// Stands in for `Swift.print` in this file, so the tests can read what the samples print.
private let printed = PrintedLines()

private func print(_ item: Any) {
  printed.append("\(item)")
}

// snippet: binding-controls-own-control
/// A control of your own (or a UIKit or AppKit one Tether does not cover): it calls handlers
/// when the user changes its value.
@MainActor
final class Dial: ReactiveExtensionsProvider, DisposeBagProvider {
  nonisolated let bag = DisposeBag()
  var level = 0
  private var handlers: [Int: @MainActor () -> Void] = [:]

  func addHandler(_ handler: @escaping @MainActor () -> Void) -> Int {
    let id = handlers.count
    handlers[id] = handler
    return id
  }

  func removeHandler(_ id: Int) { handlers[id] = nil }

  func userTurns(to level: Int) {
    self.level = level
    for handler in handlers.values { handler() }
  }
}

extension ReactiveExtensions where Base == Dial {
  /// Fires each time the user turns the dial.
  var turned: SafeSignal<Void> {
    events(
      register: { dial, send in dial.addHandler { send(()) } },
      unregister: { dial, id in dial.removeHandler(id) })
  }

  /// The level as the user turns the dial, and a binding target that sets it.
  var level: DynamicSubject<Int> {
    dynamicSubject(signal: turned, get: { $0.level }, set: { $0.level = $1 })
  }
}
// snippet-end

final class BindingControlsSnippetTests: XCTestCase {
  // XCTest runs its tests on the main thread; it cannot call a `@MainActor` test method on Linux.
  func testAControlOfYourOwn() {
    MainActor.assumeIsolated {
      // snippet: binding-controls-own-control-use
      let dial = Dial()
      let volume = Property(3)
      volume.bidirectionalBind(to: dial.reactive.level)
      print("dial: \(dial.level)")
      dial.userTurns(to: 7)
      print("volume: \(volume.value)")
      // snippet-end
    }
    XCTAssertEqual(printed.lines, ["dial: 3", "volume: 7"])
  }
}
