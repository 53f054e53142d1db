import Foundation
import TetherChangesets
import TetherTestSupport
import XCTest

final class TreeDiffingTests: XCTestCase {
  private func node(_ name: String, _ children: [TreeNode<String>] = []) -> TreeNode<String> {
    TreeNode(name, children)
  }

  private func moves(_ diff: OrderedCollectionDiff<IndexPath>) -> [String] {
    diff.moves.map { "\($0.from)→\($0.to)" }
  }

  /// Checks that `diff` is valid from `old` to `new` and that its patch replays.
  private func checkReplay<Value: Equatable>(
    _ diff: OrderedCollectionDiff<IndexPath>,
    from old: TreeArray<Value>,
    to new: TreeArray<Value>,
    _ context: @autoclosure () -> String,
    file: StaticString = #filePath,
    line: UInt = #line
  ) {
    XCTAssertNoThrow(try diff.validate(from: old, to: new), "validator, \(context())", file: file, line: line)
    let patch = diff.generateTreePatch(to: new)
    var replayed = old
    replayed.apply(patch)
    XCTAssertEqual(replayed, new, "replay, \(context())", file: file, line: line)
    let roundTrip = OrderedCollectionDiff(fromTreePatch: patch)
    assertSameTreeDiff(roundTrip, diff, "diff -> patch -> diff, \(context())", file: file, line: line)
  }

  func testReparentingIsOneMove() {
    let old = TreeArray([node("Documents", [node("cv.pdf"), node("Taxes", [node("2024.pdf")])]), node("Archive")])
    let new = TreeArray([node("Documents", [node("cv.pdf")]), node("Archive", [node("Taxes", [node("2024.pdf")])])])
    let diff = new.diff(from: old)
    XCTAssertEqual(moves(diff), ["[0, 1]→[1, 0]"])
    XCTAssertTrue(diff.inserts.isEmpty && diff.deletes.isEmpty && diff.updates.isEmpty)
    checkReplay(diff, from: old, to: new, "reparenting")
  }

  func testMovesAreMinimalPerSiblingList() {
    let old = TreeArray(["a", "b", "c", "d", "e"].map { node($0) })
    let new = TreeArray(["e", "a", "b", "c", "d"].map { node($0) })
    XCTAssertEqual(moves(new.diff(from: old)), ["[4]→[0]"])
    let swapped = TreeArray(["b", "a", "c", "e", "d"].map { node($0) })
    XCTAssertEqual(swapped.diff(from: old).moves.count, 2)
  }

  func testSubtreesAreListedByTheirRoot() {
    let old = TreeArray([node("a", [node("b", [node("c")])]), node("d")])
    let new = TreeArray([node("d", [node("x", [node("y")])]), node("c")])
    let diff = new.diff(from: old)
    XCTAssertEqual(diff.deletes, [[0]])
    XCTAssertEqual(diff.inserts, [[0, 0]])
    XCTAssertEqual(moves(diff), ["[0, 0, 0]→[1]"])
    checkReplay(diff, from: old, to: new, "subtrees")
  }

  func testIdentifiableValuesGiveUpdates() {
    let old = TreeArray([TreeNode(TreeItem(id: 1), [TreeNode(TreeItem(id: 2))]), TreeNode(TreeItem(id: 3))])
    let new = TreeArray([
      TreeNode(TreeItem(id: 3, version: 1), [TreeNode(TreeItem(id: 2, version: 1))]), TreeNode(TreeItem(id: 1)),
    ])
    let diff = new.diff(from: old)
    XCTAssertEqual(diff.updates, [[0, 0], [1]])
    XCTAssertEqual(moves(diff), ["[0, 0]→[0, 0]", "[1]→[0]"])
    checkReplay(diff, from: old, to: new, "identifiable")
  }

  func testClosureIdentity() {
    let old = TreeArray([node("Docs", [node("a.txt")])])
    let new = TreeArray([node("docs", [node("A.TXT"), node("b.txt")])])
    let diff = new.diff(from: old, identifiedBy: { $0.value.lowercased() }, isEqual: { $0.value == $1.value })
    XCTAssertEqual(diff.updates, [[0], [0, 0]])
    XCTAssertEqual(diff.inserts, [[0, 1]])
    checkReplay(diff, from: old, to: new, "closure")
    let changeset = TreeChangeset(
      from: old, to: new, identifiedBy: { $0.value.lowercased() }, isEqual: { $0.value == $1.value })
    XCTAssertEqual(changeset.diff, diff)
  }

  func testDuplicateIdentitiesFollowPreOrder() {
    // Two "x": the first in pre-order ([0, 0]) matches the new tree's first "x"; the other is deleted.
    let old = TreeArray([node("a", [node("x")]), node("x")])
    let new = TreeArray([node("x"), node("a")])
    let warnings = DiffWarningCounter(keepsMessages: true)
    let diff = warnings.install { new.diff(from: old) }
    XCTAssertEqual(warnings.count, 1)
    XCTAssertEqual(
      warnings.message,
      "Tree diff: 1 node(s) of the old tree and 0 of the new tree repeat an identity that an earlier node"
        + " (in depth-first pre-order) has; each is diffed as a different node (deleted from the old tree,"
        + " inserted into the new one)")
    XCTAssertEqual(diff.deletes, [[1]])
    XCTAssertEqual(moves(diff), ["[0, 0]→[0]"])
    checkReplay(diff, from: old, to: new, "duplicates")
    // In the new tree, the second "a" (in pre-order) is an insert.
    let doubled = TreeArray([node("a", [node("a")])])
    let newWarnings = DiffWarningCounter(keepsMessages: true)
    let grown = newWarnings.install { doubled.diff(from: TreeArray([node("a")])) }
    XCTAssertEqual(grown.inserts, [[0, 0]])
    XCTAssertEqual(newWarnings.count, 1)
    XCTAssertTrue(newWarnings.message?.hasPrefix("Tree diff: 0 node(s) of the old tree and 1 of the new tree") ?? false)
  }

  func testArray2DDiffsSectionsAndItemsTogether() {
    let old = Array2D(sectionsWithItems: [("A", [1, 2, 3]), ("B", [4])])
    let new = Array2D(sectionsWithItems: [("B", [4, 2]), ("C", [5]), ("A", [1, 3])])
    let diff = new.diff(from: old)
    // A 2D array diffs as sections of items: 2 moves into section B, which itself moves, so it is
    // a delete and an insert (UIKit moves no row into a moving section).
    XCTAssertEqual(diff.inserts, [[1], [0, 1]])
    XCTAssertEqual(diff.deletes, [[0, 1]])
    XCTAssertEqual(moves(diff), ["[1]→[0]"])
    var replayed = old
    replayed.apply(diff.generateTreePatch(to: new))
    XCTAssertEqual(replayed, new)
    XCTAssertNoThrow(try diff.validate(from: old, to: new))
  }

  /// Random edits of every kind on trees up to depth 5 and 2,000 nodes.
  func testRandomEditsReplayWithMinimalMoves() {
    withSeeds(0..<300) { seed, rng in
      var random = RandomTrees(seed: seed, maxDepth: 5)
      let large = seed % 50 == 0
      let old = random.tree(size: large ? 2000 : Int.random(in: 0...40, using: &rng), fanOut: large ? 6 : 3)
      let (_, new) = random.patch(count: large ? 200 : Int.random(in: 1...15, using: &rng), on: old)
      let diff = new.diff(from: old)
      checkReplay(diff, from: old, to: new, "seed \(seed)")
      XCTAssertEqual(diff.moves.count, minimalMoveCount(from: old, to: new), "seed \(seed)")
    }
  }

  /// Random trees over a tiny alphabet, so identities repeat within and across trees.
  func testRandomDuplicatesAlwaysReplay() {
    withSeeds(0..<300) { seed, rng in
      func tree(_ size: Int) -> TreeArray<Int> {
        var roots: [TreeNode<Int>] = []
        for _ in 0..<size {
          let value = Int.random(in: 0..<4, using: &rng)
          if roots.isEmpty || Bool.random(using: &rng) {
            roots.append(TreeNode(value))
          } else {
            roots[roots.count - 1].children.append(TreeNode(value, Bool.random(using: &rng) ? [TreeNode(value)] : []))
          }
        }
        return TreeArray(roots)
      }
      let old = tree(Int.random(in: 0...10, using: &rng))
      let new = tree(Int.random(in: 0...10, using: &rng))
      let warnings = DiffWarningCounter()
      checkReplay(warnings.install { new.diff(from: old) }, from: old, to: new, "seed \(seed)")
      XCTAssertLessThanOrEqual(warnings.count, 1)
    }
  }

  /// Every pair of forests of at most 3 nodes labelled from a, b, c (distinct, then repeating).
  func testEveryPairOfSmallForests() {
    func forests(size: Int, labels: [[String]]) -> [TreeArray<String>] {
      shapes(size).flatMap { shape in labels.filter { $0.count == size }.map { label(shape, with: $0) } }
    }
    let distinct =
      [[], ["a"], ["b"], ["c"], ["a", "b"], ["b", "a"], ["a", "c"], ["c", "a"], ["b", "c"], ["c", "b"]]
      + permutations(["a", "b", "c"])
    let repeating = [[], ["a"], ["b"]] + product(["a", "b"], 2) + product(["a", "b"], 3)
    for labels in [distinct, repeating] {
      let all = (0...3).flatMap { forests(size: $0, labels: labels) }
      let warnings = DiffWarningCounter()
      for old in all {
        for new in all {
          checkReplay(warnings.install { new.diff(from: old) }, from: old, to: new, "\(old) -> \(new)")
        }
      }
    }
  }

  // MARK: Helpers

  /// Every ordered forest shape with `size` nodes, as nested child counts.
  private func shapes(_ size: Int) -> [[Shape]] {
    if size == 0 { return [[]] }
    var result: [[Shape]] = []
    // The first root has `inner` descendants; the remaining roots take the rest.
    for inner in 0..<size {
      for children in shapes(inner) {
        for rest in shapes(size - 1 - inner) { result.append([Shape(children: children)] + rest) }
      }
    }
    return result
  }

  private struct Shape {
    var children: [Shape]
  }

  private func label(_ shape: [Shape], with labels: [String]) -> TreeArray<String> {
    var remaining = labels[...]
    func build(_ shape: Shape) -> TreeNode<String> {
      let name = remaining.removeFirst()
      return TreeNode(name, shape.children.map(build))
    }
    return TreeArray(shape.map(build))
  }

  private func permutations(_ items: [String]) -> [[String]] {
    if items.count <= 1 { return [items] }
    return items.indices.flatMap { index in
      var rest = items
      let first = rest.remove(at: index)
      return permutations(rest).map { [first] + $0 }
    }
  }

  private func product(_ items: [String], _ count: Int) -> [[String]] {
    count == 0 ? [[]] : product(items, count - 1).flatMap { prefix in items.map { prefix + [$0] } }
  }

  /// Reparented nodes plus, for every sibling list, kept children minus their longest run in old
  /// order (quadratic DP, independent of the library's LIS).
  private func minimalMoveCount(from old: ItemTree, to new: ItemTree) -> Int {
    var oldParent: [Int: Int] = [:]
    var oldIndex: [Int: Int] = [:]
    for (path, node) in old.depthFirst {
      oldParent[node.value.id] = path.count == 1 ? -1 : old[childAt: path.dropLast()].value.id
      oldIndex[node.value.id] = path.last!
    }
    var count = 0
    func siblings(_ children: [TreeNode<TreeItem>], parent: Int) {
      var kept: [Int] = []
      for child in children {
        let id = child.value.id
        guard let formerParent = oldParent[id] else { continue }
        if formerParent == parent { kept.append(oldIndex[id]!) } else { count += 1 }
      }
      var best = [Int](repeating: 1, count: kept.count)
      for i in kept.indices {
        for j in 0..<i where kept[j] < kept[i] { best[i] = max(best[i], best[j] + 1) }
      }
      count += kept.count - (best.max() ?? 0)
    }
    siblings(new.children, parent: -1)
    for (_, node) in new.depthFirst { siblings(node.children, parent: node.value.id) }
    return count
  }
}
