import CTetherRetainProbe
import Dispatch
import Tether
import XCTest

/// An object an observer captures, so that its retains show who copies the observer.
private final class Captured: Sendable {}

/// Issue 27's abort, proven gone deterministically: disposing an observation must never copy its
/// observer.
///
/// The abort ("Captured deallocated with non-zero retain count 2", about one run in four of
/// 2,000 rounds under `--sanitize=thread`) came from `ContainerSubscriber.dispose()` reading its
/// core as `fields.pointee.core`: an unoptimized build copies the whole fields struct for that, so
/// the disposing thread retained and released the observer closure's context (the object the
/// observer captured) while the deliverer, ending the observation on another thread, replaced the
/// closure and released that context for the last time. The retain landed on an object already
/// being deinitialized. These tests count, through the runtime's retain hooks, the retains the
/// captured object receives on the disposing thread: any copy of the observer makes them fail on
/// every run, where the race itself shows once in thousands.
final class ObserverLifetimeProbeTests: XCTestCase {
  /// Observes with a closure capturing a `Captured` (and nothing else, so that the closure's context
  /// is that object: a copy of the closure retains it), then counts the retains `Captured` receives
  /// on this thread while `dispose()` runs.
  private func retainsDuringDispose(
    observe: (Captured) -> any Disposable,
    beforeDisposing: () -> Void = {}
  ) throws -> Int {
    guard tether_retain_probe_install() else {
      throw XCTSkip("this Swift runtime offers no retain hooks")
    }
    let captured = Captured()
    let disposable = observe(captured)
    beforeDisposing()
    tether_retain_probe_watch(Unmanaged.passUnretained(captured).toOpaque())
    disposable.dispose()
    let retains = tether_retain_probe_stop()
    withExtendedLifetime(captured) {}
    return retains
  }

  func testTheProbeSeesACopyOfTheObserver() throws {
    // The probe itself: copying a closure that captures the object is counted.
    guard tether_retain_probe_install() else {
      throw XCTSkip("this Swift runtime offers no retain hooks")
    }
    let captured = Captured()
    let closure: @Sendable () -> Void = { withExtendedLifetime(captured) {} }
    let holder = Shared<[@Sendable () -> Void]>([])
    tether_retain_probe_watch(Unmanaged.passUnretained(captured).toOpaque())
    holder.withLock { $0.append(closure) }
    let retains = tether_retain_probe_stop()
    XCTAssertGreaterThanOrEqual(retains, 1)
  }

  func testDisposingAContainerObservationNeverCopiesTheObserver() throws {
    let array = MutableObservableArray([1, 2, 3])
    XCTAssertEqual(
      try retainsDuringDispose { captured in array.observe { _ in withExtendedLifetime(captured) {} } }, 0, "array")
    let list = MutableObservableList([1, 2, 3])
    XCTAssertEqual(
      try retainsDuringDispose { captured in list.observe { _ in withExtendedLifetime(captured) {} } }, 0, "list")
    let set = MutableObservableSet<Int>([1])
    XCTAssertEqual(
      try retainsDuringDispose { captured in set.observe { _ in withExtendedLifetime(captured) {} } }, 0, "set")
    let dictionary = MutableObservableDictionary<Int, Int>([1: 1])
    XCTAssertEqual(
      try retainsDuringDispose { captured in dictionary.observe { _ in withExtendedLifetime(captured) {} } }, 0,
      "dictionary")
    let tree = MutableObservableTreeArray<Int>([TreeNode(1)])
    XCTAssertEqual(
      try retainsDuringDispose { captured in tree.observe { _ in withExtendedLifetime(captured) {} } }, 0, "tree")
    let grid = MutableObservableArray2D<Int, Int>(Array2D(sections: [.init(metadata: 0, items: [1])]))
    XCTAssertEqual(
      try retainsDuringDispose { captured in grid.observe { _ in withExtendedLifetime(captured) {} } }, 0, "2D array")
  }

  func testDisposingAfterTheContainerCompletedNeverCopiesTheObserver() throws {
    // The order: the container goes away (completing, ending the observation), then the
    // disposable the app kept is disposed.
    var array: MutableObservableArray<Int>? = MutableObservableArray([1])
    let retains = try retainsDuringDispose(
      observe: { captured in array!.observe { _ in withExtendedLifetime(captured) {} } },
      beforeDisposing: { array = nil })
    XCTAssertEqual(retains, 0)
  }

  func testDisposingASubjectObservationNeverCopiesTheObserver() throws {
    let subject = PassthroughSubject<Int, Never>()
    XCTAssertEqual(
      try retainsDuringDispose { captured in subject.observe { _ in withExtendedLifetime(captured) {} } }, 0, "subject")
    let property = Property(0)
    XCTAssertEqual(
      try retainsDuringDispose { captured in property.observe { _ in withExtendedLifetime(captured) {} } }, 0,
      "property")
  }

  /// The reproducer, run on another thread's delivery, many rounds: dispose while the
  /// deliverer ends the observations, counting retains of each observer's capture on the disposing
  /// thread (the race's precondition, caught in every round it happens in, not only when it aborts).
  func testDisposingWhileTheContainerCompletesElsewhereNeverCopiesTheObserver() throws {
    guard tether_retain_probe_install() else {
      throw XCTSkip("this Swift runtime offers no retain hooks")
    }
    var kept: [any Disposable] = []
    for _ in 0..<200 {
      let box = Shared<MutableObservableArray<Int>?>(MutableObservableArray([]))
      let captured = Captured()
      // No local reference: the mutator's is the last one, so the container completes there.
      let disposable = box.withLock { $0! }.observe { _ in withExtendedLifetime(captured) {} }
      let mutator = DispatchGroup()
      DispatchQueue.global().async(group: mutator) {
        let array = box.withLock { $0.take() }!
        for value in 0..<4 { array.append(value) }
      }
      tether_retain_probe_watch(Unmanaged.passUnretained(captured).toOpaque())
      disposable.dispose()
      let retains = tether_retain_probe_stop()
      XCTAssertEqual(mutator.wait(timeout: .now() + 60), .success)
      XCTAssertEqual(retains, 0)
      kept.append(disposable)
      withExtendedLifetime(captured) {}
    }
    withExtendedLifetime(kept) {}
  }
}
