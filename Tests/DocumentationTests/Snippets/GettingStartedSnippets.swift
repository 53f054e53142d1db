import Tether
import TetherTestSupport
import XCTest

// snippet: getting-started-dispose-bag-owner
/// Shows how many messages are unread; its bindings end when it goes away.
final class GettingStartedBadge: Sendable {
  let unreadCount = Property(0)
  private let bag = DisposeBag()

  init(inbox: ObservableArray<String>) {
    inbox.map { $0.collection.count }.bind(to: unreadCount).dispose(in: bag)
  }
}
// snippet-end

/// Stands in for `Swift.print` in this file, so the tests can read what the samples print.
private let printed = PrintedLines()

private func print(_ item: Any) {
  printed.append("\(item)")
}

final class GettingStartedSnippetTests: XCTestCase {
  func testTheFirstArrayPrintsAReloadThenOneChangesetPerMutation() {
    // snippet: getting-started-first-array
    let groceries = MutableObservableArray(["milk", "eggs"])
    let observation = groceries.observeNext { changeset in
      print(changeset)
    }
    groceries.append("bread")
    groceries.remove(at: 0)
    observation.dispose()
    groceries.append("jam")  // no longer observed: prints nothing
    // snippet-end
    XCTAssertEqual(
      printed.lines,
      [
        #"reload ["milk", "eggs"]"#,
        #"["milk", "eggs", "bread"] diff D[] I[2] U[] M[] patch [insert(bread, at: 2)]"#,
        #"["eggs", "bread"] diff D[0] I[] U[] M[] patch [delete(0)]"#,
      ]
    )
    XCTAssertEqual(groceries.collection, ["eggs", "bread", "jam"])
  }

  func testTheDiffAndThePatchDescribeTheSameChangeDifferently() {
    // snippet: getting-started-diff-and-patch
    let bag = DisposeBag()
    let letters = MutableObservableArray(["a", "b", "c"])
    letters.observeNext { changeset in
      guard !changeset.isReload else { return }
      print("diff:  \(changeset.diff)")
      print("patch: \(changeset.patch)")
    }.dispose(in: bag)
    letters.batchUpdate { batch in
      batch.insert("x", at: 0)  // [x, a, b, c]
      batch.remove(at: 3)  // removes "c", which is now at offset 3
    }
    // snippet-end
    XCTAssertEqual(letters.collection, ["x", "a", "b"])
    XCTAssertEqual(printed.lines, ["diff:  D[2] I[0] U[] M[]", "patch: [insert(x, at: 0), delete(3)]"])
    bag.dispose()
  }

  func testAPropertyEmitsItsValueThenEveryChange() {
    // snippet: getting-started-property
    let userName = Property("guest")
    let greeting = userName.map { "Hello, \($0)!" }.observeNext { print($0) }
    userName.value = "Ada"
    print(userName.value)
    greeting.dispose()
    // snippet-end
    XCTAssertEqual(printed.lines, ["Hello, guest!", "Hello, Ada!", "Ada"])
  }

  func testABagEndsTheBindingsOfItsOwner() {
    // snippet: getting-started-dispose-bag
    let inbox = MutableObservableArray<String>([])
    var badge: GettingStartedBadge? = GettingStartedBadge(inbox: inbox.readOnlyView)
    let unread = badge!.unreadCount
    inbox.append("hello")
    print(unread.value)  // 1
    badge = nil  // its bag is disposed, which ends the binding
    inbox.append("are you there?")
    print(unread.value)  // still 1
    // snippet-end
    XCTAssertNil(badge)
    XCTAssertEqual(printed.lines, ["1", "1"])
  }
}
