import Dispatch
import Tether
import XCTest

final class Swift6ClientTests: XCTestCase {
  func testSendingFromDetachedTasksAndGlobalQueues() async {
    let store = Store()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<10 {
        group.addTask { store.increment() }
      }
    }
    let detached = Task.detached { store.increment() }
    await detached.value
    let queued = expectation(description: "global queue")
    DispatchQueue.global().async {
      store.increment()
      queued.fulfill()
    }
    await fulfillment(of: [queued], timeout: 10)
    XCTAssertEqual(store.count.value, 12)
  }

  func testGlobalBusDeliversToObserversOnAnyThread() async {
    let received = Property<[AppEvent]>([])
    let observation = appBus.observeNext { event in received.silentModify { $0.append(event) } }
    await Task.detached { appBus.send(.signedIn("ada")) }.value
    let queued = expectation(description: "global queue")
    DispatchQueue.global().async {
      appBus.send(.signedOut)
      queued.fulfill()
    }
    await fulfillment(of: [queued], timeout: 10)
    observation.dispose()
    XCTAssertEqual(received.value, [.signedIn("ada"), .signedOut])
  }

  @MainActor
  func testMainActorViewModelObservesTheStore() async {
    let store = Store()
    let updated = expectation(description: "view model updated")
    let viewModel = CounterViewModel(store: store) {}
    XCTAssertEqual(viewModel.title, "Count: 0", "on the main thread a binding sets the current value at once")

    Task.detached {
      store.increment()
      store.increment()
      store.increment()
      store.userName.value = "grace"
      appBus.send(.refreshed(3))
      // Every value above is queued on the main queue before this one, in order.
      DispatchQueue.main.async { updated.fulfill() }
    }
    await fulfillment(of: [updated], timeout: 10)
    XCTAssertEqual(viewModel.title, "Count: 3")
    XCTAssertEqual(viewModel.userLine, "signed in as grace")
    XCTAssertEqual(viewModel.lastEvent, .refreshed(3))
  }

  @MainActor
  func testMainActorViewModelObservesTheStoresCollections() async {
    let store = Store()
    let viewModel = CounterViewModel(store: store)
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<8 {
        group.addTask { store.add(item: "task \(index)", tag: "tag \(index % 3)") }
      }
    }
    await Task.detached { store.add(item: "detached", tag: "tag 0") }.value
    let queued = expectation(description: "global queue")
    DispatchQueue.global().async {
      store.add(item: "queued", tag: "tag 3")
      // Every changeset above is queued on the main queue before this.
      DispatchQueue.main.async { queued.fulfill() }
    }
    await fulfillment(of: [queued], timeout: 10)
    XCTAssertEqual(store.items.collection.count, 10)
    XCTAssertEqual(viewModel.itemsLine, "10 items")
    XCTAssertEqual(viewModel.tagCount, 4)
  }

  @MainActor
  func testAsyncSequenceOfAStoreProperty() async {
    let store = Store()
    var iterator = store.count.values.makeAsyncIterator()
    Task.detached { store.increment() }
    let first = await iterator.next()
    let second = await iterator.next()
    XCTAssertEqual(first, 0)
    XCTAssertEqual(second, 1)
  }

  func testReplayLogReadFromAnotherTask() async {
    let store = Store()
    store.increment()
    store.increment()
    let entries = await Task.detached {
      var entries: [String] = []
      for await entry in store.log.values {
        entries.append(entry)
        if entries.count == 2 { break }
      }
      return entries
    }.value
    XCTAssertEqual(entries, ["increment", "increment"])
  }
}
