import TetherDiffuser
import TetherSignals
import TetherSynchronization
import XCTest

/// An event whose deinitializer runs `onDeinit`: it emits into the fuser that delivered it.
private final class ReleasedEvent: Sendable {
  let name: String
  private let onDeinit: @Sendable () -> Void

  init(_ name: String, onDeinit: @escaping @Sendable () -> Void = {}) {
    self.name = name
    self.onDeinit = onDeinit
  }

  deinit { onDeinit() }
}

/// The emit function a fuser's source was connected with, for the test to emit through.
private final class CapturedEmit: Sendable {
  private let emit = Locked<(@Sendable (ReleasedEvent) -> Void)?>(nil)
  func hold(_ emit: @escaping @Sendable (ReleasedEvent) -> Void) { self.emit.withLock { $0 = emit } }
  func callAsFunction(_ event: ReleasedEvent) { emit.withLock { $0 }?(event) }
}

/// A fuser lets go of each event it delivered after its lock: the event's deinitializer may emit
/// into the same fuser, which under the lock would trap as a re-entrant access.
final class FuserEventsReleasedOutsideTheLockTests: XCTestCase {
  func testADeliveredEventIsReleasedAfterTheLock() {
    // "2" and "3" are emitted from inside the handler; "2" is delivered and let go of while "3"
    // still waits, and its deinitializer emits "late".
    let emit = CapturedEmit()
    let fuser = Fuser<ReleasedEvent>(connect: { send in
      emit.hold(send)
      return NonDisposable.instance
    })
    let delivered = Locked<[String]>([])
    let connection = fuser.connect { event in
      delivered.withLock { $0.append(event.name) }
      guard event.name == "1" else { return }
      emit(ReleasedEvent("2") { emit(ReleasedEvent("late")) })
      emit(ReleasedEvent("3"))
    }
    emit(ReleasedEvent("1"))
    XCTAssertEqual(delivered.withLock { $0 }, ["1", "2", "3", "late"])
    connection.dispose()
  }
}
