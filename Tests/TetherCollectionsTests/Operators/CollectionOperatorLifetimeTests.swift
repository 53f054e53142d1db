import TetherChangesets
import TetherCollections
import TetherSignals
import TetherTestSupport
import XCTest

/// Something an observer captures; its lifetime shows whether the observer is still held.
private final class Marker: Sendable {}

/// A collection operator fed by a subject that goes away without completing (its owner was
/// released) must let go of its observer, even while the observation's disposable is still held.
final class CollectionOperatorLifetimeTests: XCTestCase {
  private typealias Changeset = OrderedCollectionChangeset<[Int]>
  private typealias Source = PassthroughSubject<Changeset, Never>

  private func assertReleased<Output>(
    _ name: String,
    file: StaticString = #filePath,
    line: UInt = #line,
    _ makeChain: (Source) -> Signal<Output, Never>
  ) {
    weak var weakMarker: Marker?
    weak var weakSource: Source?
    var observation: (any Disposable)?
    do {
      let marker = Marker()
      weakMarker = marker
      let source = Source()
      weakSource = source
      observation = makeChain(source).observe { _ in withExtendedLifetime(marker) {} }
      source.send(.reload([3, 1, 2]))
      source.send(Changeset(collection: [3, 1, 2, 4], patch: [.insert(4, at: 3)]))
    }
    XCTAssertNil(weakSource, "\(name): the source is gone", file: file, line: line)
    // The observation's disposable is still held (in a dispose bag, say): it must not hold the observer.
    XCTAssertNil(weakMarker, "\(name): the observer is released", file: file, line: line)
    observation?.dispose()
  }

  func testCollectionOperatorsReleaseTheirObserver() {
    assertReleased("filterCollection") { $0.filterCollection { $0 > 1 } }
    assertReleased("sortedCollection") { $0.sortedCollection() }
    assertReleased("mapCollection") { $0.mapCollection { $0 * 2 } }
    assertReleased("lazyMapCollection") { $0.lazyMapCollection { $0 * 2 }.map { $0.collection.count } }
    assertReleased("precalculateDiff") { $0.precalculateDiff() }
    assertReleased("diff") { $0.map { $0.collection }.diff() }
    assertReleased("groupedCollection") { $0.groupedCollection(by: { $0 % 2 }) }
    assertReleased("a chain") { $0.filterCollection { $0 > 1 }.sortedCollection().mapCollection { $0 * 2 } }
  }

  /// The live operators, whose predicates and orderings are properties: once the source and the
  /// properties are gone, nothing can reach the observer any more, so it must be released even
  /// though the observation's disposable is still held (in a dispose bag, say).
  func testLiveCollectionOperatorsReleaseTheirObserverWhenTheirInputsGoAway() {
    typealias Predicate = @Sendable (Int) -> Bool
    typealias Ordering = @Sendable (Int, Int) -> Bool
    let chains: [(String, (Source, Property<Predicate>, Property<Ordering>) -> Signal<Changeset, Never>)] = [
      ("filterCollection(by:)", { source, predicates, _ in source.filterCollection(by: predicates) }),
      ("sortedCollection(by:)", { source, _, orderings in source.sortedCollection(by: orderings) }),
      (
        "a live chain",
        { source, predicates, orderings in
          source.filterCollection(by: predicates).sortedCollection(by: orderings)
        }
      ),
    ]
    for (name, makeChain) in chains {
      weak var weakMarker: Marker?
      weak var weakSource: Source?
      var observation: (any Disposable)?
      do {
        let marker = Marker()
        weakMarker = marker
        let source = Source()
        weakSource = source
        let predicates = Property<Predicate>({ $0 > 1 })
        let orderings = Property<Ordering>({ $0 < $1 })
        observation = makeChain(source, predicates, orderings).observe { _ in withExtendedLifetime(marker) {} }
        source.send(.reload([3, 1, 2]))
        predicates.value = { $0 > 2 }
        orderings.value = { $0 > $1 }
      }
      XCTAssertNil(weakSource, "\(name): the source is gone")
      XCTAssertNil(weakMarker, "\(name): the observer is released while its disposable is held")
      observation?.dispose()
    }
  }

  /// The live operators end their observation, and release the observer, when it is disposed or
  /// the source completes, although the source and the properties live on.
  func testLiveCollectionOperatorsReleaseTheirObserverWhenDisposedOrCompleted() {
    let predicates = Property<@Sendable (Int) -> Bool>({ $0 > 1 })
    let orderings = Property<@Sendable (Int, Int) -> Bool>({ $0 < $1 })
    let chains: [(String, (Source) -> Signal<Changeset, Never>)] = [
      ("filterCollection(by:)", { $0.filterCollection(by: predicates) }),
      ("sortedCollection(by:)", { $0.sortedCollection(by: orderings) }),
    ]
    for ending in ["dispose", "completion"] {
      for (name, makeChain) in chains {
        let source = Source()
        weak var weakMarker: Marker?
        var observation: (any Disposable)?
        do {
          let marker = Marker()
          weakMarker = marker
          observation = makeChain(source).observe { _ in withExtendedLifetime(marker) {} }
        }
        source.send(.reload([3, 1, 2]))
        predicates.value = { $0 > 2 }
        XCTAssertNotNil(weakMarker, "\(name): still observed")
        if ending == "dispose" {
          observation?.dispose()
        } else {
          source.send(completion: .finished)
        }
        XCTAssertNil(weakMarker, "\(name): the observer is released after the \(ending)")
        withExtendedLifetime(observation) {}
      }
    }
  }
}
