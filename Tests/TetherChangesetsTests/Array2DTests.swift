import Foundation
import TetherChangesets
import XCTest

final class Array2DTests: XCTestCase {
  private var contacts: Array2D<String, String> {
    Array2D(sectionsWithItems: [("A", ["Alice", "Avery"]), ("B", ["Bob"]), ("C", [])])
  }

  func testAddressingAndCounts() {
    var array = contacts
    XCTAssertEqual(array.numberOfSections, 3)
    XCTAssertEqual(array.numberOfItems(inSection: 0), 2)
    XCTAssertEqual(array.numberOfItems, 3)
    XCTAssertEqual(array[itemAt: [1, 0]], "Bob")
    XCTAssertEqual(array[sectionAt: 0].metadata, "A")
    array[itemAt: [0, 1]] = "Ava"
    array[sectionAt: 2].metadata = "Z"
    XCTAssertEqual(array.description, "[A: [Alice, Ava], B: [Bob], Z: []]")
    XCTAssertEqual(array.allItems, ["Alice", "Ava", "Bob"])
  }

  func testSectionAndItemMutations() {
    var array = contacts
    array.insert(item: "Amir", at: [0, 1])
    array.appendItem("Carol", toSectionAt: 2)
    array.moveItem(from: [0, 0], to: [1, 1])
    XCTAssertEqual(array.description, "[A: [Amir, Avery], B: [Bob, Alice], C: [Carol]]")
    array.moveSection(from: 2, to: 0)
    array.appendSection("D", items: ["Dan"])
    array.insert(section: .init(metadata: "E"), at: 1)
    XCTAssertEqual(array.removeSection(at: 2).metadata, "A")
    XCTAssertEqual(array.removeItem(at: [0, 0]), "Carol")
    array.insert(contentsOf: ["x", "y"], at: [1, 0])
    XCTAssertEqual(array.description, "[C: [], E: [x, y], B: [Bob, Alice], D: [Dan]]")
    array.removeAllItems()
    XCTAssertEqual(array.description, "[C: [], E: [], B: [], D: []]")
    array.removeAllItemsAndSections()
    XCTAssertEqual(array.numberOfSections, 0)
  }

  func testTwoLevelTreeView() {
    var array = contacts
    XCTAssertEqual(array.children.count, 3)
    XCTAssertEqual(array[childAt: [0]], TreeNode(.section("A"), [TreeNode(.item("Alice")), TreeNode(.item("Avery"))]))
    XCTAssertEqual(array[childAt: [0, 1]].value.item, "Avery")
    XCTAssertEqual(
      array.depthFirst.map { "\($0.indexPath)=\($0.node.value)" },
      ["[0]=A", "[0, 0]=Alice", "[0, 1]=Avery", "[1]=B", "[1, 0]=Bob", "[2]=C"]
    )
    array.updateValue(.section("Aa"), at: [0])
    XCTAssertEqual(array.sections[0].items, ["Alice", "Avery"])
    array.updateValue(.item("Bobby"), at: [1, 0])
    array.insert(TreeNode(.section("D"), [TreeNode(.item("Dan"))]), at: [3])
    array.insert(TreeNode(.item("Cy")), at: [2, 0])
    array.move(from: [0, 0], to: [3, 0])
    XCTAssertEqual(array.remove(at: [1]).value.section, "B")
    XCTAssertEqual(array.description, "[Aa: [Avery], C: [Cy], D: [Alice, Dan]]")
    array[childAt: [0]] = TreeNode(.section("New"), [TreeNode(.item("n"))])
    XCTAssertEqual(array.description, "[New: [n], C: [Cy], D: [Alice, Dan]]")
  }
}
