import TetherChangesets
import TetherDiffuser
import TetherTestSupport
import XCTest

private struct Row: Identifiable, Hashable {
  var id: Int
  var title: String
}

/// The list effects for models holding a `PersistentArray`: the same changesets as for arrays.
final class DiffuserPersistentListTests: XCTestCase {
  func testListsGiveTheChangesetsArraysGive() {
    withSeeds(0..<50) { seed, rng in
      var fromLists: [OrderedCollectionChangeset<PersistentArray<Int>>] = []
      var fromArrays: [OrderedCollectionChangeset<[Int]>] = []
      let listDiffuser = Diffuser<PersistentArray<Int>>(.intoList { fromLists.append($0) })
      let arrayDiffuser = Diffuser<[Int]>(.intoList { fromArrays.append($0) })
      var previous = PersistentArray<Int>()
      for _ in 0..<10 {
        let next = Array(Array(0..<30).shuffled(using: &rng).prefix(Int.random(in: 0...20, using: &rng)))
        listDiffuser.run(PersistentArray(next))
        arrayDiffuser.run(next)
        if let last = fromLists.last, Array(last.collection) == next, !last.isReload {
          assertReplays(last, from: previous, "seed \(seed)")
        }
        previous = PersistentArray(next)
      }
      XCTAssertEqual(fromLists.map { Array($0.collection) }, fromArrays.map(\.collection), "seed \(seed)")
      XCTAssertEqual(fromLists.map(\.diff), fromArrays.map(\.diff), "seed \(seed)")
      XCTAssertEqual(fromLists.map(\.isReload), fromArrays.map(\.isReload), "seed \(seed)")
    }
  }

  func testIdentifiedAndSuppliedIdentityOverloads() {
    var received: [OrderedCollectionChangeset<PersistentArray<Row>>] = []
    let diffuser = Diffuser<PersistentArray<Row>>(.intoList { received.append($0) })
    diffuser.run([Row(id: 1, title: "a"), Row(id: 2, title: "b")])
    diffuser.run([Row(id: 2, title: "B"), Row(id: 1, title: "a")])
    XCTAssertEqual(received.map(\.isReload), [true, false])
    XCTAssertEqual(received[1].diff.updates, [1])

    var supplied: [OrderedCollectionChangeset<PersistentArray<Row>>] = []
    let byTitle = Diffuser<PersistentArray<Row>>(
      .intoList(identifiedBy: { $0.id }, isEqual: { $0.title.lowercased() == $1.title.lowercased() }) {
        supplied.append($0)
      }
    )
    byTitle.run([Row(id: 1, title: "a")])
    byTitle.run([Row(id: 1, title: "A")])
    byTitle.run([Row(id: 1, title: "b")])
    XCTAssertEqual(supplied.map(\.isReload), [true, false])
    XCTAssertEqual(supplied[1].diff.updates, [0])
  }
}
