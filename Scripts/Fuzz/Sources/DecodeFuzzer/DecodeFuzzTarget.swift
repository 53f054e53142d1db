// libFuzzer target for data decoded from outside: the first byte picks a type, the rest is JSON
// decoded as that type. Properties, any violation traps:
// - what does not decode throws a `DecodingError` (never another error, never a trap, never
//   unbounded recursion: trees and paths are flat in JSON);
// - what decodes encodes and decodes again to an equal value;
// - an ordered changeset's patch, applied to a source of the count its validation promises,
//   gives a collection of the right count whose inserted and updated elements are the
//   collection's, and its diff is valid between those counts;
// - a tree changeset's patch, undone on its collection (when no deleted subtree needs to be
//   reopened), gives a source the changeset validates from and that the patch turns back into
//   the collection's shape.

import Foundation
import FuzzSupport
import TetherChangesets

typealias Ordered = OrderedCollectionChangeset<[Int]>
typealias Tree = TreeArray<Int>
typealias Grid = Array2D<Int, Int>

/// The decoded types, by the input's first byte.
enum DecodedKind: Int, CaseIterable {
  case orderedChangeset, treeChangeset, gridChangeset, grid, treeNode, treeArray, orderedDiff
}

func fuzzDecoding(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let kind = DecodedKind(rawValue: input.next() % DecodedKind.allCases.count)!
  let json = input.rest
  switch kind {
  case .orderedChangeset:
    if let changeset = decode(Ordered.self, json) { checkOrdered(changeset) }
  case .treeChangeset:
    if let changeset = decode(TreeChangeset<Tree>.self, json) { checkTree(changeset) }
  case .gridChangeset:
    if let changeset = decode(TreeChangeset<Grid>.self, json) {
      roundTrip(changeset)
      // Reading the diff derives it from the patch: it must not trap on what decoding accepted.
      _ = changeset.diff
    }
  case .grid:
    if let grid = decode(Grid.self, json) { roundTrip(grid) }
  case .treeNode:
    if let node = decode(TreeNode<Int>.self, json) { roundTrip(node) }
  case .treeArray:
    if let tree = decode(Tree.self, json) { roundTrip(tree) }
  case .orderedDiff:
    _ = decode(OrderedCollectionDiff<Int>.self, json)
  }
  return 0
}

/// The decoded value, or `nil` when decoding threw a `DecodingError` (anything else traps).
func decode<Value: Decodable>(_ type: Value.Type, _ json: Data) -> Value? {
  do {
    return try JSONDecoder().decode(type, from: json)
  } catch is DecodingError {
    return nil
  } catch {
    fuzzFailure("decoding \(type) threw \(error), not a DecodingError")
  }
}

/// Traps unless `value` encodes, and decodes back to itself.
func roundTrip<Value: Codable & Equatable>(_ value: Value) {
  do {
    let again = try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(value))
    fuzzCheck(again == value, "\(Value.self) does not survive a round trip: \(value) vs \(again)")
  } catch {
    fuzzFailure("\(Value.self) \(value) does not round-trip: \(error)")
  }
}

func checkOrdered(_ changeset: Ordered) {
  roundTrip(changeset)
  guard !changeset.isReload else { return }
  let collection = changeset.collection
  let diff = changeset.diff
  let sourceCount = collection.count - diff.inserts.count + diff.deletes.count
  fuzzCheck(sourceCount >= 0, "a negative source count for \(changeset)")
  do {
    try ChangesetValidator.validate(diff, oldCount: sourceCount, newCount: collection.count)
  } catch {
    fuzzFailure("decoded \(changeset) has an invalid diff: \(error)")
  }
  // Sources elements are markers no collection element can equal (collections are decoded Ints;
  // markers are checked by position instead of value).
  var elements = (0..<sourceCount).map { $0 }
  var isMarker = [Bool](repeating: true, count: sourceCount)
  for operation in changeset.patch {
    switch operation {
    case .insert(let element, let index):
      elements.insert(element, at: index)
      isMarker.insert(false, at: index)
    case .delete(let index):
      elements.remove(at: index)
      isMarker.remove(at: index)
    case .update(let index, let element):
      elements[index] = element
      isMarker[index] = false
    case .move(let from, let to):
      let element = elements.remove(at: from)
      let marker = isMarker.remove(at: from)
      elements.insert(element, at: to)
      isMarker.insert(marker, at: to)
    }
  }
  fuzzCheck(elements.count == collection.count, "the patch of \(changeset) gives \(elements.count) elements")
  for index in elements.indices where !isMarker[index] {
    fuzzCheck(elements[index] == collection[index], "the patch of \(changeset) leaves \(elements) at \(index)")
  }
}

func checkTree(_ changeset: TreeChangeset<Tree>) {
  roundTrip(changeset)
  guard !changeset.isReload else { return }
  _ = changeset.diff
  guard let source = undo(changeset.patch, on: changeset.collection) else { return }
  do {
    try changeset.validate(from: source)
  } catch {
    fuzzFailure("decoded \(changeset) does not validate from the source its patch implies, \(source): \(error)")
  }
  var replayed = source
  replayed.apply(changeset.patch)
  fuzzCheck(shape(replayed) == shape(changeset.collection), "the patch of \(changeset) does not replay")
}

/// The tree with every value replaced by 0.
func shape(_ tree: Tree) -> Tree {
  var pending: [(node: TreeNode<Int>, parent: Int)] = tree.children.reversed().map { ($0, -1) }
  var flat: [(parent: Int, count: Int)] = []
  while let (node, parent) = pending.popLast() {
    flat.append((parent, node.children.count))
    let index = flat.count - 1
    pending.append(contentsOf: node.children.reversed().map { ($0, index) })
  }
  // Pre-order with child counts: fold from the end.
  var stack: [TreeNode<Int>] = []
  for entry in flat.reversed() {
    let children = Array(stack.suffix(entry.count).reversed())
    stack.removeLast(entry.count)
    stack.append(TreeNode(0, children))
  }
  return Tree(stack.reversed())
}

/// The source `patch` starts from, rebuilt from `final` by undoing it; `nil` when an operation
/// addresses a node inside a deleted subtree (its children are unknown).
func undo(_ patch: [OrderedCollectionOperation<TreeNode<Int>, IndexPath>], on final: Tree) -> Tree? {
  var tree = final
  func canInsert(at path: IndexPath) -> Bool {
    guard let last = path.last, last >= 0 else { return false }
    let parent = path.dropLast()
    let count =
      parent.isEmpty
      ? tree.children.count : (tree.contains(indexPath: parent) ? tree[childAt: parent].children.count : -1)
    return last <= count
  }
  for operation in patch.reversed() {
    switch operation {
    case .insert(_, let path):
      guard tree.contains(indexPath: path) else { return nil }
      tree.remove(at: path)
    case .delete(let path):
      guard canInsert(at: path) else { return nil }
      tree.insert(TreeNode(-1), at: path)
    case .update(let path, _):
      guard tree.contains(indexPath: path) else { return nil }
    case .move(let from, let to):
      guard tree.contains(indexPath: to) else { return nil }
      let node = tree.remove(at: to)
      guard canInsert(at: from) else { return nil }
      tree.insert(node, at: from)
    }
  }
  return tree
}

/// Writes one valid input of every kind to `folder`.
func writeDecodeSeeds(to folder: URL) {
  let encoder = JSONEncoder()
  func write<Value: Encodable>(_ kind: DecodedKind, _ name: String, _ value: Value) {
    // swift-format-ignore: NeverUseForceTry
    let json = try! encoder.encode(value)
    let url = folder.appendingPathComponent("seed-\(name)")
    // swift-format-ignore: NeverUseForceTry
    try! (Data([UInt8(kind.rawValue)]) + json).write(to: url)
  }
  try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  write(
    .orderedChangeset, "ordered-patch",
    Ordered(collection: [1, 3, 2], patch: [.insert(3, at: 1), .move(from: 2, to: 1)]))
  write(
    .orderedChangeset, "ordered-diff",
    Ordered(collection: [1, 3], diff: OrderedCollectionDiff(inserts: [1], deletes: [0], updates: [0])))
  write(.orderedChangeset, "ordered-reload", Ordered(reloading: [4, 5]))
  var old = Tree([TreeNode(1, [TreeNode(2), TreeNode(3)]), TreeNode(4)])
  var new = old
  let treePatch: [OrderedCollectionOperation<TreeNode<Int>, IndexPath>] = [
    .insert(TreeNode(5, [TreeNode(6)]), at: [0, 1]), .move(from: [1], to: [0, 0]), .delete(at: [0, 2]),
    .update(at: [0], newElement: TreeNode(7)),
  ]
  new.apply(treePatch)
  write(.treeChangeset, "tree-patch", TreeChangeset(collection: new, patch: treePatch))
  write(.treeChangeset, "tree-diff", TreeChangeset(from: old, to: new))
  old = new
  let grid = Grid(sectionsWithItems: [(1, [10, 11]), (2, [])])
  var newGrid = grid
  let gridPatch: [OrderedCollectionOperation<TreeNode<Array2DElement<Int, Int>>, IndexPath>] = [
    .insert(TreeNode(.item(12)), at: [1, 0]), .move(from: [0, 0], to: [1, 1]),
  ]
  newGrid.apply(gridPatch)
  write(.gridChangeset, "grid-patch", TreeChangeset(collection: newGrid, patch: gridPatch))
  write(.grid, "grid", grid)
  write(.treeNode, "tree-node", TreeNode(1, [TreeNode(2, [TreeNode(3)])]))
  write(.treeArray, "tree-array", old)
  write(
    .orderedDiff, "ordered-diff-alone", OrderedCollectionDiff(inserts: [2], deletes: [0], updates: [1], moves: [(3, 0)])
  )
}
