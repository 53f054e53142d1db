import TetherChangesets
import TetherDiffuser
import TetherTestSupport
import XCTest

/// A stand-in for a list view: applies changesets to its rows and records how.
private final class FakeListView {
  private(set) var rows: [String] = []
  private(set) var log: [String] = []

  func apply(_ changeset: OrderedCollectionChangeset<[String]>) {
    if changeset.isReload {
      rows = changeset.collection
      log.append("reload \(rows)")
    } else {
      rows.apply(changeset.patch)
      log.append("\(changeset.diff)")
    }
  }
}

private struct Header: Equatable {
  var title: String
  var subtitle: String
}

private struct Model {
  var header: Header
  var body: [String]
}

private final class FakeLabel {
  var text = ""
}

// The seed's reusable diffusers, as free functions.
private func intoText(_ label: FakeLabel) -> Diffuser<String> {
  .into { text in label.text = text }
}

private func intoList(_ list: FakeListView) -> Diffuser<[String]> {
  .intoList { changeset in list.apply(changeset) }
}

private struct Row: Identifiable, Equatable {
  var id: Int
  var title: String
}

final class DiffuserListTests: XCTestCase {
  func testTheSeedsFullDeclaration() {
    let title = FakeLabel()
    let subtitle = FakeLabel()
    let list = FakeListView()
    let diffuser = Diffuser<Model>(
      .map(
        \Model.header,
        .intoAll(
          .map(\Header.title, intoText(title)),
          .map(\Header.subtitle, intoText(subtitle))
        )
      ),
      .map(\Model.body, intoList(list))
    )

    diffuser.run(Model(header: Header(title: "Inbox", subtitle: "3"), body: ["a", "b", "c"]))
    diffuser.run(Model(header: Header(title: "Inbox", subtitle: "3"), body: ["c", "a", "b", "d"]))
    diffuser.run(Model(header: Header(title: "Inbox", subtitle: "2"), body: ["c", "a", "b", "d"]))

    XCTAssertEqual([title.text, subtitle.text], ["Inbox", "2"])
    XCTAssertEqual(list.rows, ["c", "a", "b", "d"])
    // A reload first, then one move and one insert rather than a reload; nothing on the third run.
    XCTAssertEqual(list.log, ["reload [\"a\", \"b\", \"c\"]", "D[] I[3] U[] M[2→0]"])
  }

  func testIdentifiableElementsReportUpdates() {
    var received: [OrderedCollectionChangeset<[Row]>] = []
    let diffuser = Diffuser<[Row]>(.intoList { received.append($0) })
    diffuser.run([Row(id: 1, title: "a"), Row(id: 2, title: "b")])
    diffuser.run([Row(id: 2, title: "B"), Row(id: 1, title: "a")])
    XCTAssertEqual(received.count, 2)
    XCTAssertTrue(received[0].isReload)
    XCTAssertEqual(received[1].diff.updates, [1])
    XCTAssertEqual(received[1].diff.moves.count, 1)
  }

  func testASuppliedIdentityAndEquality() {
    var received: [OrderedCollectionChangeset<[Row]>] = []
    let diffuser = Diffuser<[Row]>(
      .intoList(identifiedBy: { $0.id }, isEqual: { $0.title.lowercased() == $1.title.lowercased() }) {
        received.append($0)
      }
    )
    diffuser.run([Row(id: 1, title: "a")])
    diffuser.run([Row(id: 1, title: "A")])  // equal by the supplied equality: nothing to do
    diffuser.run([Row(id: 1, title: "b")])
    XCTAssertEqual(received.map(\.isReload), [true, false])
    XCTAssertEqual(received[1].diff.updates, [0])
  }

  func testResetStartsAgainWithAReload() {
    var reloads = 0
    let diffuser = Diffuser<[Int]>(.intoList { if $0.isReload { reloads += 1 } })
    diffuser.run([1])
    diffuser.run([1, 2])
    diffuser.reset()
    diffuser.run([1, 2])
    XCTAssertEqual(reloads, 2)
  }

  func testSeededArraysGiveChangesetsThatReplay() {
    withSeeds(0..<100) { seed, rng in
      var changesets: [OrderedCollectionChangeset<[Int]>] = []
      let diffuser = Diffuser<[Int]>(.intoList { changesets.append($0) })
      var previous: [Int] = []
      for step in 0..<10 {
        // Unique elements drawn from a small pool, so runs share many of them in new orders.
        let next = Array(Array(0..<30).shuffled(using: &rng).prefix(Int.random(in: 0...20, using: &rng)))
        changesets = []
        diffuser.run(next)
        if step == 0 {
          XCTAssertEqual(changesets.map(\.isReload), [true], "seed \(seed)")
        } else if next == previous {
          XCTAssertTrue(changesets.isEmpty, "seed \(seed), step \(step): equal arrays ran the effect")
        } else if let changeset = changesets.first, changesets.count == 1 {
          XCTAssertFalse(changeset.isReload, "seed \(seed), step \(step)")
          assertReplays(changeset, from: previous, "seed \(seed), step \(step)")
        } else {
          XCTFail("seed \(seed), step \(step): expected one changeset, got \(changesets.count)")
        }
        previous = next
      }
    }
  }
}
