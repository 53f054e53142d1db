import TetherChangesets
import TetherCollections
import XCTest

/// What the containers show in a debugger: type, size, observers; the collection in the debug
/// description.
final class ContainerDescriptionTests: XCTestCase {
  func testAnArrayShowsItsCountAndObservers() {
    let array = MutableObservableArray([1, 2, 3])
    let observation = array.observeNext { _ in }
    XCTAssertEqual(array.description, "MutableObservableCollection<Array<Int>>(count: 3, observers: 1)")
    array.append(4)
    XCTAssertEqual(
      array.debugDescription,
      "MutableObservableCollection<Array<Int>>(count: 4, observers: 1) [1, 2, 3, 4]"
    )
    observation.dispose()
    XCTAssertEqual(array.description, "MutableObservableCollection<Array<Int>>(count: 4, observers: 0)")
  }

  func testSetsAndDictionariesShowTheirCounts() {
    let set = MutableObservableSet<String>(["a", "b"])
    XCTAssertEqual(set.description, "MutableObservableSet<String>(count: 2, observers: 0)")
    let dictionary = MutableObservableDictionary(["a": 1])
    XCTAssertEqual(dictionary.description, "MutableObservableDictionary<String, Int>(count: 1, observers: 0)")
    XCTAssertEqual(
      dictionary.debugDescription,
      #"MutableObservableDictionary<String, Int>(count: 1, observers: 0) ["a": 1]"#
    )
  }

  func testA2DArrayShowsSectionsAndItems() {
    let grid = MutableObservableArray2D(Array2D<String, Int>(sectionsWithItems: [("A", [1, 2]), ("B", [3])]))
    let observation = grid.observeNext { _ in }
    XCTAssertEqual(grid.description, "MutableObservableArray2D<String, Int>(sections: 2, items: 3, observers: 1)")
    observation.dispose()
  }

  func testATreeShowsRootsAndNodes() {
    let tree = MutableObservableTreeArray([TreeNode("a", [TreeNode("b"), TreeNode("c")]), TreeNode("d")])
    XCTAssertEqual(tree.description, "MutableObservableTree<TreeArray<String>>(roots: 2, nodes: 4, observers: 0)")
    XCTAssertEqual(
      tree.debugDescription,
      "MutableObservableTree<TreeArray<String>>(roots: 2, nodes: 4, observers: 0) [a(b, c), d]"
    )
  }
}
