import Foundation

extension TreeProtocol {
  /// Every node below the receiver with its index path, in depth-first pre-order: a node, then its
  /// subtree, then its next sibling.
  ///
  /// ```swift
  /// for (path, node) in tree.depthFirst { print(path, node.value) }
  /// ```
  ///
  /// - Complexity: O(1) to create; iterating visits each of n nodes once with an explicit stack
  ///   (no recursion, so any depth is fine), O(n) in total plus building each node's `IndexPath`,
  ///   O(d) for a node at depth d.
  public var depthFirst: TreeDepthFirstSequence<Self> {
    TreeDepthFirstSequence(tree: self)
  }

  /// Every node below the receiver with its index path, in breadth-first order: all roots, then
  /// all their children, level by level.
  ///
  /// - Complexity: O(1) to create; iterating visits each of n nodes once, O(n) in total plus
  ///   building each node's `IndexPath`, O(d) for a node at depth d.
  public var breadthFirst: TreeBreadthFirstSequence<Self> {
    TreeBreadthFirstSequence(tree: self)
  }
}

/// The nodes of a tree with their index paths, in depth-first pre-order (see
/// ``TreeProtocol/depthFirst``). The sequence is lazy: nodes are visited as it is iterated.
public struct TreeDepthFirstSequence<Tree: TreeProtocol>: LazySequenceProtocol {
  /// A node of the tree with its index path.
  public typealias Element = (indexPath: IndexPath, node: Tree.ChildNode)

  let tree: Tree

  /// An iterator over the nodes in depth-first pre-order.
  public struct Iterator: IteratorProtocol {
    private let roots: Tree.Children
    private var nextRoot: Int
    /// Frames of the nodes whose children are being visited, outermost first.
    private var stack: [(children: Tree.ChildNode.Children, next: Int)] = []
    /// `path[k]` is the index of the node whose children are `stack[k]`.
    private var path: [Int] = []

    init(roots: Tree.Children) {
      self.roots = roots
      self.nextRoot = 0
    }

    /// The next node and its path, or `nil` after the last one.
    ///
    /// - Complexity: Amortized O(1) per node.
    public mutating func next() -> Element? {
      while let top = stack.last {
        guard top.next < top.children.count else {
          stack.removeLast()
          path.removeLast()
          continue
        }
        let index = top.next
        stack[stack.count - 1].next += 1
        let node = top.children[top.children.startIndex + index]
        let indexPath = IndexPath(indexes: path + [index])
        stack.append((node.children, 0))
        path.append(index)
        return (indexPath, node)
      }
      guard nextRoot < roots.count else { return nil }
      let index = nextRoot
      nextRoot += 1
      let node = roots[roots.startIndex + index]
      stack.append((node.children, 0))
      path.append(index)
      return (IndexPath(index: index), node)
    }
  }

  /// Returns an iterator starting at the first root.
  ///
  /// - Complexity: O(1).
  public func makeIterator() -> Iterator {
    Iterator(roots: tree.children)
  }
}

/// The nodes of a tree with their index paths, in breadth-first order (see
/// ``TreeProtocol/breadthFirst``). The sequence is lazy: nodes are visited as it is iterated.
public struct TreeBreadthFirstSequence<Tree: TreeProtocol>: LazySequenceProtocol {
  /// A node of the tree with its index path.
  public typealias Element = (indexPath: IndexPath, node: Tree.ChildNode)

  let tree: Tree

  /// An iterator over the nodes level by level.
  public struct Iterator: IteratorProtocol {
    private var queue: [Element]
    private var head = 0

    init(roots: Tree.Children) {
      queue = roots.enumerated().map { (IndexPath(index: $0.offset), $0.element) }
    }

    /// The next node and its path, or `nil` after the last one.
    ///
    /// - Complexity: Amortized O(1) per node.
    public mutating func next() -> Element? {
      guard head < queue.count else { return nil }
      let element = queue[head]
      head += 1
      for (offset, child) in element.node.children.enumerated() {
        queue.append((element.indexPath.appending(offset), child))
      }
      // Drop visited entries once they dominate, so a long walk keeps O(width) memory.
      if head > 1024, head * 2 > queue.count {
        queue.removeFirst(head)
        head = 0
      }
      return element
    }
  }

  /// Returns an iterator starting at the first root.
  ///
  /// - Complexity: O(1).
  public func makeIterator() -> Iterator {
    Iterator(roots: tree.children)
  }
}

extension TreeDepthFirstSequence: Sendable where Tree: Sendable {}
extension TreeBreadthFirstSequence: Sendable where Tree: Sendable {}

/// The nodes' descriptions separated by commas, each a value followed by its children in
/// parentheses (`a(b, c(d)), e`), written with an explicit stack so that depth costs no stack.
///
/// - Complexity: O(n) for n nodes.
func describeTreeNodes<Node: ArrayBackedTreeNode>(_ nodes: [Node]) -> String {
  var text = ""
  var stack: [(children: [Node], next: Int)] = [(nodes, 0)]
  while let top = stack.last {
    guard top.next < top.children.count else {
      stack.removeLast()
      if !stack.isEmpty { text += ")" }
      continue
    }
    if top.next > 0 { text += ", " }
    let node = top.children[top.next]
    stack[stack.count - 1].next += 1
    text += "\(node.value)"
    let children = node.children
    if !children.isEmpty {
      text += "("
      stack.append((children, 0))
    }
  }
  return text
}
