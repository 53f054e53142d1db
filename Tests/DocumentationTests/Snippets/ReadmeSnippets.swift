// swift-format-ignore-file: OrderedImports
// (the sample's own `import Tether` is part of the snippet below)
import XCTest

// snippet: readme-example
import Tether

/// A model as an app declares it: observable state, safe to share between threads.
final class ShoppingList: Sendable {
  let items = MutableObservableArray<String>(["milk", "eggs"])
}

func runShoppingList() {
  let list = ShoppingList()
  // First a reload with the current items, then one changeset per mutation.
  let observation = list.items.observeNext { changeset in
    print(changeset)
  }
  list.items.append("bread")
  list.items.move(from: 2, to: 0)
  list.items[1] = "oat milk"
  list.items.replace(with: ["bread", "eggs", "coffee"], performDiff: true)
  observation.dispose()
}
// snippet-end

/// Stands in for `Swift.print` in this file, so the test can read what the sample prints.
private let printed = PrintedLines()

private func print(_ item: Any) {
  printed.append("\(item)")
}

final class ReadmeSnippetTests: XCTestCase {
  func testTheReadmeExamplePrintsAReloadThenOneChangesetPerMutation() {
    runShoppingList()
    XCTAssertEqual(
      printed.lines,
      [
        #"reload ["milk", "eggs"]"#,
        #"["milk", "eggs", "bread"] diff D[] I[2] U[] M[] patch [insert(bread, at: 2)]"#,
        #"["bread", "milk", "eggs"] diff D[] I[] U[] M[2→0] patch [move(2 → 0)]"#,
        #"["bread", "oat milk", "eggs"] diff D[] I[] U[1] M[] patch [update(1, oat milk)]"#,
        #"["bread", "eggs", "coffee"] diff D[1] I[2] U[] M[] patch [delete(1), insert(coffee, at: 2)]"#,
      ]
    )
  }
}
