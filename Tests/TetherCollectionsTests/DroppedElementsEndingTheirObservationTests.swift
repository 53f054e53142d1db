import TetherCollections
import TetherSignals
import TetherSynchronization
import XCTest

/// The names of the rows deinitialized so far, in order.
private final class RowDeinitLog: Sendable {
  private let names = Locked<[String]>([])
  func append(_ name: String) { names.withLock { $0.append(name) } }
  var entries: [String] { names.withLock { $0 } }
}

/// A row's view model that observes the container it is in and ends that observation when it goes
/// away (its dispose bag), as a Bond app's rows often do.
private final class ListRow: Hashable, Sendable {
  let bag = DisposeBag()
  let name: String
  let log: RowDeinitLog

  init(_ name: String, log: RowDeinitLog, observing source: some SignalProtocol<some Any, Never>) {
    self.name = name
    self.log = log
    source.observe { _ in }.dispose(in: bag)
  }

  deinit { log.append(name) }

  static func == (lhs: ListRow, rhs: ListRow) -> Bool { lhs === rhs }
  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A mutation drops elements under the container's lock; an element whose deinitializer disposes
/// an observation of that container must not trap (ReactiveKit's and Bond's recursive locks allow
/// it): the removal is made once the lock is released, and the observation receives nothing more.
final class DroppedElementsEndingTheirObservationTests: XCTestCase {
  private func assertObservers(_ container: some CustomStringConvertible, _ count: Int, line: UInt = #line) {
    XCTAssertTrue(
      container.description.contains("observers: \(count)"), "\(container.description)", line: line)
  }

  func testArrayMutationsThatDropRowsObservingTheArray() {
    let operations: [(String, (MutableObservableArray<ListRow>) -> Void)] = [
      ("removeAll", { $0.removeAll() }),
      ("subscript", { $0[0] = $0[1] }),
      ("removeSubrange", { $0.removeSubrange(0..<2) }),
      ("replace", { $0.replace(with: []) }),
      ("batchUpdate", { $0.batchUpdate { $0.removeAll() } }),
    ]
    for (name, operation) in operations {
      let log = RowDeinitLog()
      let array = MutableObservableArray<ListRow>([])
      let changesets = Locked(0)
      let observation = array.observeNext { _ in changesets.withLock { $0 += 1 } }
      array.append(ListRow("a", log: log, observing: array))
      array.append(ListRow("b", log: log, observing: array))
      assertObservers(array, 3)
      operation(array)
      XCTAssertEqual(log.entries.first, "a", name)
      array.append(ListRow("c", log: log, observing: array))
      XCTAssertEqual(changesets.withLock { $0 }, 5, name)
      observation.dispose()
      array.removeAll()
      assertObservers(array, 0)
      XCTAssertEqual(Set(log.entries), ["a", "b", "c"], name)
    }
  }

  func testSetAndDictionaryMutationsThatDropValuesObservingTheirContainer() {
    let log = RowDeinitLog()
    let set = MutableObservableSet<ListRow>()
    set.insert(ListRow("a", log: log, observing: set))
    set.insert(ListRow("b", log: log, observing: set))
    set.removeAll()
    assertObservers(set, 0)
    let dictionary = MutableObservableDictionary<String, ListRow>()
    dictionary["c"] = ListRow("c", log: log, observing: dictionary)
    dictionary["c"] = ListRow("d", log: log, observing: dictionary)
    dictionary.removeAll()
    assertObservers(dictionary, 0)
    XCTAssertEqual(Set(log.entries), ["a", "b", "c", "d"])
  }
}
