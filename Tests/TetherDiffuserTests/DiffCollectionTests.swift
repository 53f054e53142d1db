import Foundation
import TetherDiffuser
import XCTest

/// The seed's element: identified by `id`, binned by the first letter of `value`.
struct TestObject: Identifiable, Equatable, Sendable, CustomStringConvertible {
  var id: Int
  var value: String
  var description: String { "\(id):\(value)" }
}

private func startsWith(_ letter: String) -> DiffCollectionFilter<TestObject> {
  DiffCollectionFilter(name: "Starts with \(letter)") { $0.value.starts(with: letter) }
}

private func path(_ section: Int, _ row: Int) -> IndexPath { IndexPath(indexes: [section, row]) }

final class DiffCollectionTests: XCTestCase {
  private let filters = [startsWith("a"), startsWith("b"), startsWith("c")]

  func testTheSeedExample() {
    var collection = DiffCollection(filters: filters)
    XCTAssertEqual(collection.numberOfSections(), 3)

    let result = collection.update(element: TestObject(id: 1, value: "apple"))
    XCTAssertEqual(result, DiffCollectionResult(added: [path(0, 0)], outcome: .added))
    XCTAssertEqual(collection.element(atIndexPath: path(0, 0)), TestObject(id: 1, value: "apple"))
    XCTAssertEqual(collection.numberOfElements(inSection: 0), 1)
    XCTAssertEqual(collection.numberOfElements(inSection: 1), 0)
  }

  func testNewElementsGoLastInArrivalOrder() {
    var collection = DiffCollection(filters: filters)
    collection.update(element: TestObject(id: 1, value: "apple"))
    collection.update(element: TestObject(id: 2, value: "banana"))
    let result = collection.update(element: TestObject(id: 3, value: "avocado"))
    XCTAssertEqual(result.added, [path(0, 1)])
    XCTAssertEqual(collection.bins.map { $0.map(\.id) }, [[1, 3], [2], []])
  }

  func testChangingAnElementWithinItsBinUpdatesItInPlace() {
    var collection = DiffCollection(filters: filters)
    collection.update(element: TestObject(id: 1, value: "apple"))
    collection.update(element: TestObject(id: 2, value: "avocado"))
    let result = collection.update(element: TestObject(id: 1, value: "apricot"))
    XCTAssertEqual(result, DiffCollectionResult(updated: [path(0, 0)], outcome: .updated))
    XCTAssertEqual(collection.element(atIndexPath: path(0, 0))?.value, "apricot")
  }

  func testAnEqualElementChangesNothing() {
    var collection = DiffCollection(filters: filters)
    collection.update(element: TestObject(id: 1, value: "apple"))
    let result = collection.update(element: TestObject(id: 1, value: "apple"))
    XCTAssertEqual(result, DiffCollectionResult(outcome: .unchanged))
    XCTAssertTrue(result.isEmpty)
    XCTAssertTrue(result.isStored)
  }

  func testChangingAnElementsBinMovesItDeletedFromTheOldAddedToTheNew() {
    var collection = DiffCollection(filters: filters)
    collection.update(element: TestObject(id: 1, value: "apple"))
    collection.update(element: TestObject(id: 2, value: "avocado"))
    collection.update(element: TestObject(id: 3, value: "cherry"))
    let result = collection.update(element: TestObject(id: 1, value: "coconut"))
    XCTAssertEqual(result, DiffCollectionResult(deleted: [path(0, 0)], added: [path(2, 1)], outcome: .moved))
    XCTAssertEqual(collection.bins.map { $0.map(\.id) }, [[2], [], [3, 1]])
  }

  func testAnElementThatPassesSeveralFiltersGoesToTheFirst() {
    let short = DiffCollectionFilter<TestObject>(name: "short") { $0.value.count <= 4 }
    var collection = DiffCollection(filters: [startsWith("b"), short, startsWith("a")])
    XCTAssertEqual(collection.update(element: TestObject(id: 1, value: "bean")).added, [path(0, 0)])
    XCTAssertEqual(collection.update(element: TestObject(id: 2, value: "ant")).added, [path(1, 0)])
    XCTAssertEqual(collection.update(element: TestObject(id: 3, value: "apple")).added, [path(2, 0)])
  }

  func testAnElementNoFilterAcceptsIsNotStored() {
    var collection = DiffCollection(filters: filters)
    let result = collection.update(element: TestObject(id: 1, value: "durian"))
    XCTAssertEqual(result, DiffCollectionResult(outcome: .rejected))
    XCTAssertTrue(result.isRejected)
    XCTAssertFalse(result.isStored)
    XCTAssertTrue(collection.isEmpty)
  }

  func testAStoredElementThatNoFilterAcceptsAnyMoreIsRemoved() {
    var collection = DiffCollection(filters: filters)
    collection.update(element: TestObject(id: 1, value: "banana"))
    collection.update(element: TestObject(id: 2, value: "blueberry"))
    let result = collection.update(element: TestObject(id: 1, value: "durian"))
    XCTAssertEqual(result, DiffCollectionResult(deleted: [path(1, 0)], outcome: .rejected))
    XCTAssertNil(collection.element(withID: 1))
    XCTAssertEqual(collection.bins.map { $0.map(\.id) }, [[], [2], []])
  }

  func testDeleteUsesOnlyTheIdentity() {
    var collection = DiffCollection(filters: filters)
    collection.update(element: TestObject(id: 1, value: "apple"))
    collection.update(element: TestObject(id: 2, value: "avocado"))
    let result = collection.delete(element: TestObject(id: 1, value: "whatever"))
    XCTAssertEqual(result, DiffCollectionResult(deleted: [path(0, 0)], outcome: .deleted))
    XCTAssertEqual(collection.delete(id: 1), DiffCollectionResult(outcome: .notFound))
    XCTAssertEqual(collection.indexPath(forID: 2), path(0, 0))
  }

  func testSortedBinsKeepTheirOrderAndReportRowChangesAsMoves() {
    var collection = DiffCollection(filters: filters, sortedBy: { $0.value < $1.value })
    collection.update(element: TestObject(id: 1, value: "apple"))
    collection.update(element: TestObject(id: 2, value: "apricot"))
    XCTAssertEqual(collection.update(element: TestObject(id: 3, value: "almond")).added, [path(0, 0)])
    XCTAssertEqual(collection.bins[0].map(\.value), ["almond", "apple", "apricot"])

    // "apple" -> "applesauce" still sorts between its neighbours: an update in place.
    let inPlace = collection.update(element: TestObject(id: 1, value: "applesauce"))
    XCTAssertEqual(inPlace, DiffCollectionResult(updated: [path(0, 1)], outcome: .updated))

    // "almond" -> "avocado" sorts last now: deleted from row 0 before, added at row 2 after.
    let moved = collection.update(element: TestObject(id: 3, value: "avocado"))
    XCTAssertEqual(moved, DiffCollectionResult(deleted: [path(0, 0)], added: [path(0, 2)], outcome: .moved))
    XCTAssertEqual(collection.bins[0].map(\.value), ["applesauce", "apricot", "avocado"])
  }

  func testElementsTheSortOrderCallsEqualKeepArrivalOrder() {
    let byLength = DiffCollectionFilter<TestObject>(name: "any") { _ in true }
    var collection = DiffCollection(filters: [byLength], sortedBy: { $0.value.count < $1.value.count })
    collection.update(element: TestObject(id: 1, value: "bbb"))
    collection.update(element: TestObject(id: 2, value: "a"))
    collection.update(element: TestObject(id: 3, value: "ccc"))
    collection.update(element: TestObject(id: 4, value: "ddd"))
    XCTAssertEqual(collection.bins[0].map(\.id), [2, 1, 3, 4])
    // Same length, new content: it keeps its place among the equals.
    XCTAssertEqual(collection.update(element: TestObject(id: 1, value: "eee")).outcome, .updated)
    XCTAssertEqual(collection.bins[0].map(\.id), [2, 1, 3, 4])
  }

  func testHashableElementsIdentifiedByTheirValue() {
    let vowels = DiffCollectionFilter<String>(name: "vowel") { "aeiou".contains($0.first ?? " ") }
    let others = DiffCollectionFilter<String>(name: "other") { _ in true }
    var collection = DiffCollection(filters: [vowels, others], id: \.self, sortedBy: <)
    collection.update(element: "pear")
    collection.update(element: "apple")
    collection.update(element: "fig")
    XCTAssertEqual(collection.bins, [["apple"], ["fig", "pear"]])
    XCTAssertEqual(collection.update(element: "fig").outcome, .unchanged)
    XCTAssertEqual(collection.delete(element: "pear").deleted, [path(1, 1)])
  }

  func testReadingOutOfRangePathsGivesNil() {
    var collection = DiffCollection(filters: filters)
    collection.update(element: TestObject(id: 1, value: "apple"))
    XCTAssertNil(collection.element(atIndexPath: path(0, 1)))
    XCTAssertNil(collection.element(atIndexPath: path(3, 0)))
    XCTAssertNil(collection.element(atIndexPath: IndexPath(index: 0)))
  }

  func testResultAsASectionedDiff() {
    let result = DiffCollectionResult(deleted: [path(0, 2)], added: [path(1, 0)], outcome: .moved)
    XCTAssertEqual(result.diff.deletes, [path(0, 2)])
    XCTAssertEqual(result.diff.inserts, [path(1, 0)])
    XCTAssertEqual(result.diff.updates, [])
    XCTAssertEqual(result.description, "moved: deleted [[0, 2]] added [[1, 0]] updated []")
  }

  func testRemoveAllKeepsTheBins() {
    var collection = DiffCollection(filters: filters)
    collection.update(element: TestObject(id: 1, value: "apple"))
    collection.removeAll()
    XCTAssertEqual(collection.count, 0)
    XCTAssertEqual(collection.numberOfSections(), 3)
    XCTAssertEqual(collection.update(element: TestObject(id: 1, value: "apple")).outcome, .added)
  }

  func testCopiesAreIndependentSnapshots() {
    var collection = DiffCollection(filters: filters)
    collection.update(element: TestObject(id: 1, value: "apple"))
    let snapshot = collection
    collection.update(element: TestObject(id: 1, value: "banana"))
    XCTAssertEqual(snapshot.bins.map { $0.map(\.id) }, [[1], [], []])
    XCTAssertEqual(collection.bins.map { $0.map(\.id) }, [[], [1], []])
  }
}
