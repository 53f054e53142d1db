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

  /// The shapes of `nodes`, built bottom-up with an explicit stack (no recursion on depth).
  ///
  /// - Complexity: O(n) for n nodes. The frame being filled is only ever reached through the
  ///   stack's subscript: a frame copied out (as `while let top = stack.last` did) shares its
  ///   `shapes` array, so every append copied it, O(c²) for a node with c children (issue 25:
  ///   8.3 s to decode a changeset of one 16,000-child folder).
  private static func shapes<Nodes: RandomAccessCollection>(
    of nodes: Nodes
  ) -> [TreeNode<Void>]
  where Nodes.Element: TreeProtocol, Nodes.Element.ChildNode == Nodes.Element, Nodes.Index == Int {
    typealias Node = Nodes.Element
    var result: [TreeNode<Void>] = []
    result.reserveCapacity(nodes.count)
    // Each frame is a node whose children are being shaped, with the shapes made so far.
    var stack: [(children: Node.Children, next: Int, shapes: [TreeNode<Void>])] = []
    for node in nodes {
      stack.append(frame(node.children))
      while !stack.isEmpty {
        let top = stack.count - 1
        let next = stack[top].next
        guard next < stack[top].children.count else {
          let finished = TreeNode((), stack.removeLast().shapes)
          if stack.isEmpty { result.append(finished) } else { stack[stack.count - 1].shapes.append(finished) }
          continue
        }
        stack[top].next = next + 1
        let grandchildren = stack[top].children[stack[top].children.startIndex + next].children
        if grandchildren.isEmpty {
          stack[top].shapes.append(TreeNode(()))
        } else {
          stack.append(frame(grandchildren))
        }
      }
    }
    return result
  }

  /// A frame for a node with `children`, with room for all of their shapes.
  private static func frame<Children: Collection>(
    _ children: Children
  ) -> (children: Children, next: Int, shapes: [TreeNode<Void>]) {
    var shapes: [TreeNode<Void>] = []
    shapes.reserveCapacity(children.count)
    return (children, 0, shapes)
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

  /// Removes and returns the shape at `path` (which must address a node).
  @discardableResult
  mutating func remove(at path: IndexPath) -> TreeNode<Void> {
    roots.removeTreeNode(at: path)
  }

  /// Inserts `node` at `path` (which must be in range for an insert).
  mutating func insert(_ node: TreeNode<Void>, at path: IndexPath) {
    roots.insertTreeNode(node, at: path)
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
  ///
  /// - Complexity: O(n) for n nodes; the path is built only for the difference found.
  func firstDifference(from other: TreeShape) -> (IndexPath, Int, Int)? {
    if roots.count != other.roots.count { return (IndexPath(), roots.count, other.roots.count) }
    var stack: [(mine: [TreeNode<Void>], theirs: [TreeNode<Void>], next: Int)] = [(roots, other.roots, 0)]
    var path: [Int] = []
    while let top = stack.last {
      guard top.next < top.mine.count else {
        stack.removeLast()
        if !path.isEmpty { path.removeLast() }
        continue
      }
      let index = top.next
      stack[stack.count - 1].next += 1
      let (mine, theirs) = (top.mine[index], top.theirs[index])
      if mine.storage === theirs.storage { continue }
      let (myChildren, theirChildren) = (mine.children, theirs.children)
      if myChildren.count != theirChildren.count {
        return (IndexPath(indexes: path + [index]), myChildren.count, theirChildren.count)
      }
      path.append(index)
      stack.append((myChildren, theirChildren, 0))
    }
    return nil
  }
}
