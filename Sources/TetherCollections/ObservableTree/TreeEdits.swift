import Foundation
import TetherChangesets

/// One edit of a tree: its patch (or `nil` to derive it from the diff) and its diff.
struct TreeEdit<Tree: TreeProtocol> {
  typealias Operation = OrderedCollectionOperation<Tree.ChildNode, IndexPath>

  var patch: [Operation]? = []
  var diff = OrderedCollectionDiff<IndexPath>()
}

// The edits shared by `MutableObservableTree` and its batch: each checks its paths before
// changing anything, changes the tree and returns the change.
extension RangeReplaceableTreeProtocol {
  typealias Edit = TreeEdit<Self>

  mutating func editInsert(_ nodes: [ChildNode], at path: IndexPath) -> Edit {
    checkInsertionPath(path, operation: "insert(_:at:)")
    var edit = Edit()
    var target = path
    for node in nodes {
      insert(node, at: target)
      edit.patch!.append(.insert(node, at: target))
      edit.diff.inserts.append(target)
      target[target.count - 1] += 1
    }
    return edit
  }

  mutating func editAppend(_ node: ChildNode, toChildAt parent: IndexPath) -> Edit {
    let count = checkedChildCount(at: parent, fullPath: parent)
    return editInsert([node], at: parent.appending(count))
  }

  mutating func editRemove(at path: IndexPath) -> (ChildNode, Edit) {
    checkNodePath(path, operation: "remove(at:)")
    return (remove(at: path), Edit(patch: [.delete(at: path)], diff: .init(deletes: [path])))
  }

  /// Removes the nodes at `paths` (paths before any removal), from the last path to the first, so
  /// each delete's path is still valid when it runs; a node below another listed node is removed
  /// separately first, and only the outermost ones are diff deletes.
  mutating func editRemove(at paths: [IndexPath]) -> ([ChildNode], Edit) {
    checkDistinctNodePaths(paths, operation: "remove(at:)")
    let order = paths.indices.sorted { paths[$0] > paths[$1] }
    var removed = [ChildNode?](repeating: nil, count: paths.count)
    var edit = Edit()
    for position in order {
      removed[position] = remove(at: paths[position])
      edit.patch!.append(.delete(at: paths[position]))
    }
    // Sorted, a listed ancestor comes right before its listed descendants: keep each path that is
    // not below the last kept one (O(k d), no path built per prefix).
    var outermost: [IndexPath] = []
    for path in paths.sorted() where !(outermost.last?.isAncestor(of: path) ?? false) {
      outermost.append(path)
    }
    edit.diff.deletes = outermost
    return (removed.map { $0! }, edit)
  }

  mutating func editMove(from source: IndexPath, to target: IndexPath) -> Edit {
    checkNodePath(source, operation: "move(from:to:)")
    checkInsertionPath(target, removing: [source], operation: "move(from:to:)")
    guard source != target else { return Edit() }
    let node = remove(at: source)
    insert(node, at: target)
    return Edit(patch: [.move(from: source, to: target)], diff: .init(moves: [(from: source, to: target)]))
  }

  /// Moves the nodes at `sources` so that they end up next to each other, in the order of
  /// `sources`, the first at `target` (a path in the tree without them). The diff lists one move
  /// per node; the patch is left to be derived from it.
  mutating func editMove(from sources: [IndexPath], to target: IndexPath) -> Edit {
    checkDistinctNodePaths(sources, operation: "move(from:to:)")
    checkInsertionPath(target, removing: sources, operation: "move(from:to:)")
    move(from: sources, to: target)
    var edit = Edit(patch: nil)
    let parent = target.dropLast()
    for (offset, source) in sources.enumerated() {
      edit.diff.moves.append((from: source, to: parent.appending(target.last! + offset)))
    }
    return edit
  }

  mutating func editUpdateValue(_ value: ChildNode.Value, at path: IndexPath) -> Edit {
    checkNodePath(path, operation: "updateValue(_:at:)")
    updateValue(value, at: path)
    return Edit(patch: [.update(at: path, newElement: ChildNode(value, []))], diff: .init(updates: [path]))
  }

  /// Replaces the node at `path` with its whole subtree: a delete and an insert at the same place.
  mutating func editReplaceNode(at path: IndexPath, with node: ChildNode) -> Edit {
    checkNodePath(path, operation: "subscript(childAt:)")
    self[childAt: path] = node
    return Edit(patch: [.delete(at: path), .insert(node, at: path)], diff: .init(inserts: [path], deletes: [path]))
  }

  mutating func editRemoveAll() -> Edit {
    var edit = Edit()
    for index in (0..<children.count).reversed() {
      let path = IndexPath(index: index)
      edit.patch!.append(.delete(at: path))
      edit.diff.deletes.append(path)
    }
    edit.diff.deletes.reverse()
    removeAll()
    return edit
  }
}
