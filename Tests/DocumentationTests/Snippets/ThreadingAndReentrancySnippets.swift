import Dispatch
import Tether
import TetherTestSupport
import XCTest

// snippet: threading-swift6-model
/// An app-wide event bus. A subject of `Sendable` elements is `Sendable`, so a global constant compiles in Swift 6.
let threadingEvents = PassthroughSubject<String, Never>()

/// Shared state: properties and containers of `Sendable` values are `Sendable`, so a final class of `let`s is.
final class ThreadingStore: Sendable {
  let count = Property(0)
  let items = MutableObservableArray<String>([])

  /// Safe from any thread: `modify` is an atomic read-modify-write.
  func increment() {
    count.modify { $0 += 1 }
  }
}

/// A view model on the main actor; the store's values reach it on the main queue, in order.
@MainActor
final class ThreadingViewModel {
  private(set) var title = ""
  private(set) var itemCount = 0
  private(set) var lastEvent = ""
  private let bag = DisposeBag()

  init(store: ThreadingStore) {
    store.count.map { "Count: \($0)" }.bind(to: self) { viewModel, title in
      viewModel.title = title  // the setter runs on the main actor
    }.dispose(in: bag)
    store.items.map { $0.collection.count }.bind(to: self) { viewModel, count in
      viewModel.itemCount = count
    }.dispose(in: bag)
    threadingEvents.observeNextOnMain { [weak self] event in
      self?.lastEvent = event
    }.dispose(in: bag)
  }
}
// snippet-end

/// Stands in for `Swift.print` in this file, so the tests can read what the samples print.
private let printed = PrintedLines()

private func print(_ item: Any) {
  printed.append("\(item)")
}

final class ThreadingAndReentrancySnippetTests: XCTestCase {
  func testASendFromACallbackIsDeliveredAfterTheCurrentEvent() {
    // snippet: threading-reentrant-send
    let bag = DisposeBag()
    let chat = PassthroughSubject<String, Never>()
    chat.observeNext { message in
      print("alice hears \(message)")
      if message == "hi" { chat.send("hi back") }  // queued: bob has not heard "hi" yet
    }.dispose(in: bag)
    chat.observeNext { message in print("bob hears \(message)") }.dispose(in: bag)
    chat.send("hi")
    // snippet-end
    XCTAssertEqual(printed.lines, ["alice hears hi", "bob hears hi", "alice hears hi back", "bob hears hi back"])
    bag.dispose()
  }

  func testAMutationFromACallbackIsAppliedAtOnceAndDeliveredLater() {
    // snippet: threading-reentrant-mutation
    let bag = DisposeBag()
    let numbers = MutableObservableArray([1])
    numbers.observeNext { changeset in
      if !changeset.isReload, changeset.collection.last == 2 {
        numbers.append(4)
        print("first observer appended 4; the array is now \(numbers.collection)")
      }
    }.dispose(in: bag)
    numbers.observeNext { changeset in
      print("second observer receives \(changeset.collection) while the array is \(numbers.collection)")
    }.dispose(in: bag)
    numbers.append(2)
    // snippet-end
    XCTAssertEqual(
      printed.lines,
      [
        "second observer receives [1] while the array is [1]",
        "first observer appended 4; the array is now [1, 2, 4]",
        "second observer receives [1, 2] while the array is [1, 2, 4]",
        "second observer receives [1, 2, 4] while the array is [1, 2, 4]",
      ]
    )
    bag.dispose()
  }

  func testAnObserverMaySetThePropertyItObserves() {
    // snippet: threading-reentrant-property
    let bag = DisposeBag()
    let level = Property(1)
    level.observeNext { value in
      print("level \(value)")
      if value < 3 { level.value = value + 1 }  // no deadlock: delivered after this callback
    }.dispose(in: bag)
    // snippet-end
    XCTAssertEqual(printed.lines, ["level 1", "level 2", "level 3"])
    XCTAssertEqual(level.value, 3)
    bag.dispose()
  }

  func testWaitUntilDeliveredWhileAnotherThreadSends() {
    // snippet: threading-wait-until-delivered
    let bag = DisposeBag()
    let events = PassthroughSubject<Int, Never>()
    let count = Property(0)
    events.observeNext { _ in count.modify { $0 += 1 } }.dispose(in: bag)
    let others = DispatchGroup()
    DispatchQueue.global().async(group: others) { for value in 0..<1_000 { events.send(value) } }
    for value in 0..<1_000 { events.send(value) }
    events.waitUntilDelivered()  // this thread's events have arrived, though another may still send
    print(count.value >= 1_000)  // true
    others.wait()
    print(count.value)  // 2000: every sender has returned, so everything has been delivered
    // snippet-end
    XCTAssertEqual(printed.lines, ["true", "2000"])
    bag.dispose()
  }

  func testChangesetsAreSnapshots() {
    // snippet: threading-snapshots
    let items = MutableObservableArray(["a"])
    let latest = Property<OrderedCollectionChangeset<[String]>?>(nil)
    let observation = items.observeNext { latest.value = $0 }
    items.append("b")
    let held = latest.value!
    items.removeAll()
    print(held.collection)  // ["a", "b"]: later mutations never change it
    observation.dispose()
    // snippet-end
    XCTAssertEqual(printed.lines, [#"["a", "b"]"#])
    XCTAssertEqual(items.collection, [])
  }

  func testReceiveOnSchedulesOneActionPerEvent() {
    // snippet: threading-receive-on
    let scheduler = ManualScheduler()  // runs its actions one at a time, when told to
    let letters = PassthroughSubject<String, Never>()
    let digits = PassthroughSubject<String, Never>()
    let merged = letters.receive(on: scheduler).merge(with: digits.receive(on: scheduler))
    let observation = merged.observeNext { print("received \($0)") }
    letters.send("a")
    digits.send("1")
    letters.send("b")
    print("sent a, 1, b; actions waiting: \(scheduler.pendingCount)")
    scheduler.runAll()
    observation.dispose()
    // snippet-end
    XCTAssertEqual(
      printed.lines, ["sent a, 1, b; actions waiting: 3", "received a", "received 1", "received b"])
  }

  func testWaitingUntilAContainersChangesetsAreDelivered() async {
    // snippet: threading-wait-until-delivered-containers
    let bag = DisposeBag()
    let scores = MutableObservableArray<Int>([])
    let shown = Property(0)
    scores.observeNext { shown.value = $0.collection.count }.dispose(in: bag)
    await withTaskGroup(of: Void.self) { group in
      for score in 0..<100 {
        group.addTask { scores.append(score) }
      }
    }
    await scores.waitUntilDelivered()
    print(shown.value)  // 100: every changeset has reached the observer
    // snippet-end
    XCTAssertEqual(printed.lines, ["100"])
    XCTAssertEqual(scores.collection.count, 100)
  }

  @MainActor
  func testTheSwift6Patterns() async {
    // snippet: threading-swift6-usage
    let store = ThreadingStore()
    let viewModel = ThreadingViewModel(store: store)
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<10 {
        group.addTask {
          store.increment()
          store.items.append("item \(index)")
        }
      }
    }
    await Task.detached { threadingEvents.send("refreshed") }.value
    print(store.count.value)  // 10: no increment was lost
    // snippet-end
    let drained = expectation(description: "the main queue delivered everything sent before")
    DispatchQueue.main.async { drained.fulfill() }
    await fulfillment(of: [drained], timeout: 10)
    XCTAssertEqual(printed.lines, ["10"])
    XCTAssertEqual(viewModel.title, "Count: 10")
    XCTAssertEqual(viewModel.itemCount, 10)
    XCTAssertEqual(viewModel.lastEvent, "refreshed")
  }
}
