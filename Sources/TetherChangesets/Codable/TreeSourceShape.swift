import Foundation

/// The shape of the tree a tree patch started from, rebuilt from the final tree by undoing the
/// patch from its last operation to its first.
///
/// A decoded tree changeset carries the final tree, not the source, and a patch alone does not say
/// what a deleted subtree held. Undoing a delete therefore restores an *open* leaf: a node whose
/// children are unknown. When an earlier operation addresses a child of an open node that is not
/// there yet, the node is given enough open leaves to hold it (the subtree had them before it was
/// deleted). Every other path must address a node of the tree as it is at that point; the first
/// one that does not is reported as ``TreeChangesetValidationError/patchIndexOutOfRange(step:change:path:depth:childCount:)``
/// in the index space of the *final* side of that step.
///
/// The result is the smallest source on which the patch can run; validating the patch forward on
/// it (``TreeChangesetValidator``) then checks that it gives the final tree's shape.
struct TreeSourceShape {
  /// The roots; a node's value says whether it is open.
  private var roots: [TreeNode<Bool>]

  /// Undoes `patch` on `final`, the final tree's shape.
  ///
  /// - Complexity: O(n + k (d + c)) for a tree of n nodes and k operations on paths of length d
  ///   among c siblings, without recursion.
  init<Node: TreeProtocol>(
    undoing patch: [OrderedCollectionOperation<Node, IndexPath>],
    from final: TreeShape
  ) throws(TreeChangesetValidationError) {
    // Takes the final tree's shape, which the decoder builds anyway: one walk of the tree fewer.
    roots = Self.closed(final.roots)
    for (step, operation) in patch.enumerated().reversed() {
      switch operation {
      case .insert(_, let path):
        _ = try remove(at: path, step: step, change: .insert)
      case .delete(let path):
        try insert(TreeNode(true), at: path, step: step, change: .delete)
      case .update(let path, _):
        let node = try remove(at: path, step: step, change: .update)
        try insert(node, at: path, step: step, change: .update)
      case .move(let from, let to):
        let node = try remove(at: to, step: step, change: .moveTarget)
        try insert(node, at: from, step: step, change: .moveSource)
      }
    }
  }

  /// The source's shape.
  var shape: TreeShape { TreeShape(TreeArray(roots)) }

  /// Closed copies of shape nodes (every node of the final tree is known), built with a worklist:
  /// shapes can be as deep as the tree.
  private static func closed(_ nodes: [TreeNode<Void>]) -> [TreeNode<Bool>] {
    // The child counts in pre-order, then folded from the end: each node takes its children from
    // the top of the stack.
    var counts: [Int] = []
    var pending = Array(nodes.reversed())
    while let next = pending.popLast() {
      let children = next.children
      counts.append(children.count)
      pending.append(contentsOf: children.reversed())
    }
    var stack: [TreeNode<Bool>] = []
    for count in counts.reversed() {
      let children = Array(stack.suffix(count).reversed())
      stack.removeLast(count)
      stack.append(TreeNode(false, children))
    }
    return stack.reversed()
  }

  private mutating func remove(
    at path: IndexPath,
    step: Int,
    change: ChangesetValidationError.Change
  ) throws(TreeChangesetValidationError) -> TreeNode<Bool> {
    try withSiblings(of: path, step: step, change: change, inserting: false) { siblings, index in
      siblings.remove(at: index)
    }
  }

  private mutating func insert(
    _ node: TreeNode<Bool>,
    at path: IndexPath,
    step: Int,
    change: ChangesetValidationError.Change
  ) throws(TreeChangesetValidationError) {
    try withSiblings(of: path, step: step, change: change, inserting: true) { siblings, index in
      siblings.insert(node, at: index)
    }
  }

  /// Calls `body` with the siblings of the node at `path` and its index among them, after growing
  /// open nodes on the way so that the path fits; throws where it does not.
  private mutating func withSiblings<Result>(
    of path: IndexPath,
    step: Int,
    change: ChangesetValidationError.Change,
    inserting: Bool,
    _ body: (inout [TreeNode<Bool>], Int) -> Result
  ) throws(TreeChangesetValidationError) -> Result {
    if path.isEmpty { throw .emptyIndexPath(change: change) }
    let last = path.count - 1
    func fit(_ siblings: inout [TreeNode<Bool>], depth: Int, isOpen: Bool) throws(TreeChangesetValidationError) {
      let index = path[depth]
      let limit = depth == last && inserting ? siblings.count + 1 : siblings.count
      if index >= 0 && index < limit { return }
      guard isOpen, index >= 0 else {
        throw .patchIndexOutOfRange(step: step, change: change, path: path, depth: depth, childCount: siblings.count)
      }
      let needed = depth == last && inserting ? index : index + 1
      siblings.append(contentsOf: repeatElement(TreeNode(true), count: needed - siblings.count))
    }
    try fit(&roots, depth: 0, isOpen: false)
    if last == 0 { return body(&roots, path[0]) }
    // Walk down through each node's storage, made unique (as `TreeNode` does for its own edits):
    // one pass, no recursion.
    var isOpen = roots[path[0]].value
    var storage = roots[path[0]].uniqueStorage()
    for depth in 1..<last {
      try fit(&storage.children, depth: depth, isOpen: isOpen)
      isOpen = storage.children[path[depth]].value
      storage = storage.children[path[depth]].uniqueStorage()
    }
    try fit(&storage.children, depth: last, isOpen: isOpen)
    return body(&storage.children, path[last])
  }
}
