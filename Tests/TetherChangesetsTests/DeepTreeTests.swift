import Foundation
import TetherChangesets
import XCTest

/// Trees as deep as decoded data can make them: every operation runs without recursion on depth
/// (a recursive one overflows the stack a few thousand levels down).
final class DeepTreeTests: XCTestCase {
  static let depth = 100_000

  /// A chain `0(1(2(...)))` of `depth` nodes, built bottom-up.
  static func chain(_ depth: Int = depth, from first: Int = 0) -> TreeNode<Int> {
    var node = TreeNode(first + depth - 1)
    for value in (first..<first + depth - 1).reversed() { node = TreeNode(value, [node]) }
    return node
  }

  /// `TreeArray([chain()])`, built once: debug builds take a noticeable time per 100,000 nodes.
  static let deepTree = TreeArray([chain()])

  /// The path `[0, 0, ..., 0]` of `count` indices, after `prefix`.
  static func zeros(_ count: Int, after prefix: [Int] = []) -> IndexPath {
    IndexPath(indexes: prefix + [Int](repeating: 0, count: count))
  }

  func testBuildingAndDroppingADeepChain() {
    var tree: TreeArray<Int>? = TreeArray([Self.chain()])
    XCTAssertEqual(tree?.descendantCount, Self.depth)
    tree = nil
    var objects: ObjectTreeNode<Int>? = ObjectTreeNode(Self.depth - 1)
    for value in (0..<Self.depth - 1).reversed() { objects = ObjectTreeNode(value, [objects!]) }
    let forest: ObjectTreeArray<Int>? = ObjectTreeArray([objects!])
    objects = nil
    XCTAssertEqual(forest?.descendantCount, Self.depth)
  }

  func testEqualityAndHashing() {
    let first = Self.deepTree
    let second = TreeArray([Self.chain()])
    XCTAssertEqual(first, second)
    XCTAssertEqual(first.hashValue, second.hashValue)
    var changed = second
    changed.updateValue(-1, at: Self.zeros(Self.depth))
    XCTAssertNotEqual(first, changed)

    let objects = ObjectTreeNode(0, [ObjectTreeNode(1)])
    var deep = objects
    for _ in 0..<Self.depth { deep = ObjectTreeNode(0, [deep]) }
    let copy = deep.copy()
    XCTAssertFalse(copy === deep)
    XCTAssertEqual(copy, deep)
    copy.updateValue(2, at: Self.zeros(Self.depth + 1))
    XCTAssertNotEqual(copy, deep)
  }

  func testReadingAndChangingNodesByDeepIndexPaths() {
    var tree = Self.deepTree
    let bottom = Self.zeros(Self.depth)
    XCTAssertEqual(tree[childAt: bottom].value, Self.depth - 1)
    XCTAssertTrue(tree.contains(indexPath: bottom))
    let snapshot = tree
    tree[childAt: bottom] = TreeNode(-1, [TreeNode(-2)])
    tree.insert(TreeNode(-3), at: Self.zeros(Self.depth + 1).dropLast().appending(1))
    XCTAssertEqual(tree[childAt: Self.zeros(Self.depth + 1)].value, -2)
    XCTAssertEqual(tree.remove(at: Self.zeros(Self.depth)).description, "-1(-2, -3)")
    tree.append(TreeNode(-4), toChildAt: Self.zeros(Self.depth - 1))
    XCTAssertEqual(tree[childAt: Self.zeros(Self.depth)].value, -4)
    XCTAssertEqual(snapshot[childAt: bottom].value, Self.depth - 1, "copies stay independent")
  }

  func testDescription() {
    let text = TreeArray([Self.chain(3)] + Self.deepTree.children).description
    XCTAssertTrue(text.hasPrefix("[0(1(2)), 0(1(2(3("))
    XCTAssertTrue(text.hasSuffix("99999" + String(repeating: ")", count: Self.depth - 1) + "]"))
  }

  func testTraversalIsIterative() {
    let tree = Self.deepTree
    XCTAssertEqual(tree.depthFirst.prefix(3).map(\.node.value), [0, 1, 2])
    XCTAssertEqual(tree.breadthFirst.prefix(3).map(\.node.value), [0, 1, 2])
  }

  /// The old chain; the new one moves the lower half up to a root of its own, updates a node at
  /// the bottom and inserts one below it.
  private func reparented() -> (old: TreeArray<Int>, new: TreeArray<Int>) {
    let half = Self.depth / 2
    let old = Self.deepTree
    var new = old
    let lower = new.remove(at: Self.zeros(half))
    new.append(lower)
    return (old, new)
  }

  func testDiffWithReparentingAndBackToAPatch() {
    let (old, new) = reparented()
    let half = Self.depth / 2
    let diff = new.diff(from: old)
    XCTAssertEqual(diff.moves.count, 1)
    XCTAssertEqual(diff.moves.first?.from, Self.zeros(half))
    XCTAssertEqual(diff.moves.first?.to, [1])
    XCTAssertTrue(diff.inserts.isEmpty && diff.deletes.isEmpty && diff.updates.isEmpty)
    var replayed = old
    replayed.apply(diff.generateTreePatch(to: new))
    XCTAssertEqual(replayed, new)
  }

  func testDeepInsertsUpdatesAndDeletesDiffAndReplay() {
    let old = Self.deepTree
    var new = old
    let offset = 10 * Self.depth
    new.remove(at: Self.zeros(Self.depth))
    new.updateValue(Self.depth - 2 + offset, at: Self.zeros(Self.depth - 1))
    new.append(TreeNode(-1, [TreeNode(-2)]), toChildAt: Self.zeros(Self.depth - 2))
    // Identified modulo `offset`, so the node whose value went up by `offset` is an update.
    let diff = new.diff(from: old, identifiedBy: { $0.value % offset }, isEqual: { $0.value == $1.value })
    XCTAssertEqual(diff.inserts, [Self.zeros(Self.depth - 2).appending(1)])
    XCTAssertEqual(diff.deletes, [Self.zeros(Self.depth)])
    XCTAssertEqual(diff.updates, [Self.zeros(Self.depth - 1)])
    XCTAssertNoThrow(try diff.validate(from: old, to: new))
    var replayed = old
    replayed.apply(diff.generateTreePatch(to: new))
    XCTAssertEqual(replayed, new)
  }

  func testPatchToDiffAndValidation() {
    let old = Self.deepTree
    let half = Self.depth / 2
    let patch: [OrderedCollectionOperation<TreeNode<Int>, IndexPath>] = [
      .update(at: Self.zeros(Self.depth), newElement: TreeNode(-1)),
      .move(from: Self.zeros(half), to: [1]),
      .insert(TreeNode(-2, [TreeNode(-3)]), at: Self.zeros(Self.depth - half + 1, after: [1])),
      .delete(at: Self.zeros(10)),
    ]
    XCTAssertNoThrow(try TreeChangesetValidator.validate(patch, on: old))
    var new = old
    new.apply(patch)
    XCTAssertEqual(new.descendantCount, Self.depth - half + 2 + 10)
    let diff = OrderedCollectionDiff(fromTreePatch: patch)
    XCTAssertEqual(diff.moves.map(\.from), [Self.zeros(half)])
    XCTAssertEqual(diff.updates, [Self.zeros(Self.depth)])
    XCTAssertEqual(diff.inserts, [Self.zeros(Self.depth - half + 1, after: [1])])
    XCTAssertEqual(diff.deletes, [Self.zeros(10)])
    XCTAssertNoThrow(try diff.validate(from: old, to: new))
    var replayed = old
    replayed.apply(diff.generateTreePatch(to: new))
    XCTAssertEqual(replayed, new)

    // A bad deep path is reported, not followed off the tree.
    let bad: [OrderedCollectionOperation<TreeNode<Int>, IndexPath>] = [.delete(at: Self.zeros(Self.depth + 1))]
    XCTAssertThrowsError(try TreeChangesetValidator.validate(bad, on: old))
    var wrong = diff
    wrong.inserts = [Self.zeros(Self.depth + 5)]
    XCTAssertThrowsError(try wrong.validate(from: old, to: new)) { error in
      // The first root of the new tree ends at depth 9 (the delete at depth 10 cut it there).
      guard case .indexOutOfRange(_, _, let depth, let count)? = error as? TreeChangesetValidationError else {
        return XCTFail("\(error)")
      }
      XCTAssertEqual(depth, 9)
      XCTAssertEqual(count, 0)
    }
  }

  func testApplyAndInverse() {
    let (old, new) = reparented()
    let changeset = TreeChangeset(from: old, to: new)
    let inverse = changeset.inverted(from: old)
    var undone = new
    undone.apply(inverse.patch)
    XCTAssertEqual(undone, old)
    XCTAssertEqual(inverse.diff.moves.count, 1)
    XCTAssertTrue(changeset.description.hasPrefix("diff "))
  }
}
