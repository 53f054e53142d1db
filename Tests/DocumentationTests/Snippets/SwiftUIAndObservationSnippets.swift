import Foundation
import Observation
import Tether
import XCTest

#if canImport(SwiftUI)
import SwiftUI

// snippet: observation-swiftui-list
struct GroceryListView: View {
  @State private var items: ObservedCollection<OrderedCollectionChangeset<[String]>>

  init(groceries: MutableObservableArray<String>) {
    _items = State(initialValue: groceries.observed())
  }

  var body: some View {
    List(items.collection, id: \.self) { item in
      Text(item)
    }
  }
}
// snippet-end
#endif

/// Stands in for `Swift.print` in this file, so the tests can read what the samples print.
private let printed = PrintedLines()

private func print(_ item: Any) {
  printed.append("\(item)")
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class SwiftUIAndObservationSnippetTests: XCTestCase {
  func testObservationTracksTheCollection() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    MainActor.assumeIsolated {
      // snippet: observation-tracking
      let groceries = MutableObservableArray(["milk"])
      let observed = groceries.observed()
      withObservationTracking {
        print("showing \(observed.collection)")
      } onChange: {
        print("changed")
      }
      groceries.append("eggs")
      print("now \(observed.collection), last change \(observed.lastChangeset.diff)")
      // snippet-end
    }
    XCTAssertEqual(
      printed.lines, [#"showing ["milk"]"#, "changed", #"now ["milk", "eggs"], last change D[] I[1] U[] M[]"#])
  }
}
