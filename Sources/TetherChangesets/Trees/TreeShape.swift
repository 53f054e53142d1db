import Foundation

/// The shape of a tree (child counts only), for validating changes without touching values.
struct TreeShape: Equatable {
  var roots: [TreeNode<Void>]

  init<Tree: TreeProtocol>(_ tree: Tree) {
    roots = Self.shapes(of: tree.children)
  }

  private static func shape<Node: TreeProtocol>(_ node: Node) -> TreeNode<Void> {
    TreeNode((), shapes(of: node.children))
  }

  private static func shapes<Nodes: Collection>(of nodes: Nodes) -> [TreeNode<Void>] where Nodes.Element: TreeProtocol {
    var result: [TreeNode<Void>] = []
    result.reserveCapacity(nodes.count)
    for node in nodes { result.append(shape(node)) }
    return result
  }

  static func == (lhs: TreeShape, rhs: TreeShape) -> Bool {
    lhs.firstDifference(from: rhs) == nil
  }

  /// The number of children of the node at `path` (the roots for the empty path), or `nil` when
  /// the path addresses no node.
  func childCount(at path: IndexPath) -> Int? {
    if path.isEmpty { return roots.count }
    var siblings = roots
    var node: TreeNode<Void>?
    for index in path {
      guard index >= 0, index < siblings.count else { return nil }
      node = siblings[index]
      siblings = siblings[index].children
    }
    return node?.children.count
  }

  /// The depth and child count where `path` leaves the tree, or `nil` when it addresses a node
  /// (or, `inserting`, a place where one can be inserted).
  func firstOutOfRange(_ path: IndexPath, inserting: Bool) -> (depth: Int, count: Int)? {
    var siblings = roots
    for depth in 0..<path.count {
      let index = path[depth]
      let last = depth == path.count - 1
      let limit = last && inserting ? siblings.count + 1 : siblings.count
      guard index >= 0, index < limit else { return (depth, siblings.count) }
      if !last { siblings = siblings[index].children }
    }
    return nil
  }

  mutating func remove(at path: IndexPath) {
    _ = roots.removeTreeNode(at: path)
  }

  /// Applies an operation; returns the parent path and its child count when it is out of range.
  mutating func apply<Node: TreeProtocol>(
    _ operation: OrderedCollectionOperation<Node, IndexPath>
  ) -> (
    IndexPath, Int
  )? {
    switch operation {
    case .insert(let node, let path):
      if let failure = check(path, inserting: true) { return failure }
      roots.insertTreeNode(Self.shape(node), at: path)
    case .delete(let path):
      if let failure = check(path, inserting: false) { return failure }
      _ = roots.removeTreeNode(at: path)
    case .update(let path, _):
      if let failure = check(path, inserting: false) { return failure }
    case .move(let from, let to):
      if let failure = check(from, inserting: false) { return failure }
      let node = roots.removeTreeNode(at: from)
      if let failure = check(to, inserting: true) { return failure }
      roots.insertTreeNode(node, at: to)
    }
    return nil
  }

  private func check(_ path: IndexPath, inserting: Bool) -> (IndexPath, Int)? {
    guard !path.isEmpty, let (depth, count) = firstOutOfRange(path, inserting: inserting) else {
      return path.isEmpty ? (path, roots.count) : nil
    }
    return (path.prefix(depth), count)
  }

  /// The first node (in depth-first order) whose child count differs, with both counts.
  func firstDifference(from other: TreeShape) -> (IndexPath, Int, Int)? {
    var stack: [(IndexPath, [TreeNode<Void>], [TreeNode<Void>])] = [(IndexPath(), roots, other.roots)]
    while let (path, mine, theirs) = stack.popLast() {
      if mine.count != theirs.count { return (path, mine.count, theirs.count) }
      for index in (0..<mine.count).reversed() {
        stack.append((path.appending(index), mine[index].children, theirs[index].children))
      }
    }
    return nil
  }
}
