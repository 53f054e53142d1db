import Foundation

extension RangeReplaceableTreeProtocol {
  /// Applies the operations of a tree patch in order; each operation's paths refer to the tree as
  /// it is right before that operation.
  ///
  /// - `.insert(node, at:)` inserts `node` with its subtree;
  /// - `.delete(at:)` removes the node with its subtree;
  /// - `.update(at:newElement:)` replaces the node's value and keeps its children (the children of
  ///   `newElement` are ignored: child changes are operations of their own);
  /// - `.move(from:to:)` removes the node with its subtree and inserts it so that it ends up at
  ///   `to`, a path in the tree right after the move.
  ///
  /// ```swift
  /// var files = TreeArray([TreeNode("Documents", [TreeNode("cv.pdf")]), TreeNode("Music")])
  /// files.apply([.move(from: [0, 0], to: [1, 0]), .update(at: [1], newElement: TreeNode("Audio"))])
  /// // files == [Documents, Audio(cv.pdf)]
  /// ```
  ///
  /// - Precondition: Every path is valid for the state it applies to; otherwise this traps naming
  ///   the failing index, its depth and the number of children there.
  /// - Complexity: O(k (d + c)) for k operations on paths of length d among c siblings.
  public mutating func apply(_ patch: [OrderedCollectionOperation<ChildNode, IndexPath>]) {
    for operation in patch { applyTreeOperation(operation) }
  }

  /// Applies one tree patch operation; its paths refer to the tree as it is now.
  ///
  /// - Complexity: O(d + c) for a path of length d among c siblings.
  public mutating func apply(_ operation: OrderedCollectionOperation<ChildNode, IndexPath>) {
    applyTreeOperation(operation)
  }

  mutating func applyTreeOperation(_ operation: OrderedCollectionOperation<ChildNode, IndexPath>) {
    switch operation {
    case .insert(let node, let path):
      insert(node, at: path)
    case .delete(let path):
      remove(at: path)
    case .update(let path, let node):
      updateValue(node.value, at: path)
    case .move(let source, let target):
      let node = remove(at: source)
      insert(node, at: target)
    }
  }
}

extension RangeReplaceableTreeProtocol where Self: AnyObject {
  /// Applies the operations of a tree patch in order to this reference-type tree (see the
  /// value-type form for the meaning of each operation).
  ///
  /// - Complexity: O(k (d + c)) for k operations on paths of length d among c siblings.
  public func apply(_ patch: [OrderedCollectionOperation<ChildNode, IndexPath>]) {
    var tree = self
    for operation in patch { tree.applyTreeOperation(operation) }
  }

  /// Applies one tree patch operation to this reference-type tree.
  ///
  /// - Complexity: O(d + c) for a path of length d among c siblings.
  public func apply(_ operation: OrderedCollectionOperation<ChildNode, IndexPath>) {
    var tree = self
    tree.applyTreeOperation(operation)
  }
}
