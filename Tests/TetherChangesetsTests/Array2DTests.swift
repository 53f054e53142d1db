import Foundation
import TetherChangesets
import TetherTestSupport
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

final class Array2DChangesetTests: XCTestCase {
  private typealias Grid = Array2D<String, Int>
  private typealias Operation = OrderedCollectionOperation<TreeNode<Array2DElement<String, Int>>, IndexPath>

  /// A random valid tree operation on a 2D array: sections and items, inserted, deleted, updated
  /// and moved (items across sections too).
  private func randomOperation(
    on grid: Grid, next: inout Int, using rng: inout SeededRandomNumberGenerator
  )
    -> Operation
  {
    let sections = grid.numberOfSections
    let itemPaths = (0..<sections).flatMap { section in
      (0..<grid.numberOfItems(inSection: section)).map { IndexPath(indexes: [section, $0]) }
    }
    next += 1
    switch Int.random(in: 0..<8, using: &rng) {
    case 0:
      let items = (0..<Int.random(in: 0...2, using: &rng)).map { _ in
        next += 1
        return TreeNode<Array2DElement<String, Int>>(.item(next))
      }
      return .insert(TreeNode(.section("s\(next)"), items), at: [Int.random(in: 0...sections, using: &rng)])
    case 1 where sections > 0:
      return .delete(at: [Int.random(in: 0..<sections, using: &rng)])
    case 2 where sections > 1:
      return .move(from: [Int.random(in: 0..<sections, using: &rng)], to: [Int.random(in: 0..<sections, using: &rng)])
    case 3 where sections > 0:
      return .update(at: [Int.random(in: 0..<sections, using: &rng)], newElement: TreeNode(.section("u\(next)")))
    case 4 where !itemPaths.isEmpty:
      return .delete(at: itemPaths.randomElement(using: &rng)!)
    case 5 where !itemPaths.isEmpty:
      return .update(at: itemPaths.randomElement(using: &rng)!, newElement: TreeNode(.item(next)))
    case 6 where !itemPaths.isEmpty:
      var removed = grid
      let source = itemPaths.randomElement(using: &rng)!
      removed.removeItem(at: source)
      let section = Int.random(in: 0..<sections, using: &rng)
      return .move(
        from: source, to: [section, Int.random(in: 0...removed.numberOfItems(inSection: section), using: &rng)])
    default:
      guard sections > 0 else { return .insert(TreeNode(.section("s\(next)")), at: [0]) }
      let section = Int.random(in: 0..<sections, using: &rng)
      let item = Int.random(in: 0...grid.numberOfItems(inSection: section), using: &rng)
      return .insert(TreeNode(.item(next)), at: [section, item])
    }
  }

  func testRandomPatchesConvertAndReplay() throws {
    try withSeeds(0..<300) { seed, rng in
      var next = 0
      var grid = Grid(
        sectionsWithItems: (0..<Int.random(in: 0...4, using: &rng)).map { section in
          ("s\(section)", (0..<Int.random(in: 0...4, using: &rng)).map { section * 10 + $0 })
        })
      next = 1000
      let old = grid
      var patch: [Operation] = []
      for _ in 0..<Int.random(in: 1...10, using: &rng) {
        let operation = randomOperation(on: grid, next: &next, using: &rng)
        XCTAssertNoThrow(try TreeChangesetValidator.validate([operation], on: grid), "seed \(seed)")
        grid.apply(operation)
        patch.append(operation)
      }
      let changeset = TreeChangeset(collection: grid, patch: patch)
      XCTAssertNoThrow(try changeset.validate(from: old), "seed \(seed)")
      let fromDiff = TreeChangeset(collection: grid, diff: changeset.diff)
      var replayed = old
      replayed.apply(fromDiff.patch)
      XCTAssertEqual(replayed, grid, "seed \(seed): \(changeset.diff)")
      XCTAssertEqual(OrderedCollectionDiff(fromTreePatch: fromDiff.patch), changeset.diff, "seed \(seed)")
    }
  }

  func testSectionUpdateKeepsItemsAndItemChangesInsideIt() {
    let old = Grid(sectionsWithItems: [("A", [1, 2]), ("B", [3])])
    let patch: [Operation] = [
      .update(at: [0], newElement: TreeNode(.section("Aa"))),
      .move(from: [0, 0], to: [1, 1]),
      .insert(TreeNode(.item(4)), at: [0, 1]),
    ]
    var new = old
    new.apply(patch)
    XCTAssertEqual(new.description, "[Aa: [2, 4], B: [3, 1]]")
    let changeset = TreeChangeset(collection: new, patch: patch)
    XCTAssertEqual(changeset.diff.updates, [[0]])
    XCTAssertEqual(changeset.diff.inserts, [[0, 1]])
    XCTAssertNoThrow(try changeset.validate(from: old))
  }
}
