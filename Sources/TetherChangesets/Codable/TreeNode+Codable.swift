/// The JSON keys of a tree: its nodes, flattened.
private enum TreeCodingKeys: String, CodingKey {
  case nodes
}

/// The JSON keys of one flattened node.
private enum TreeNodeCodingKeys: String, CodingKey {
  case value, childCount
}

// Trees are written flat, in depth-first pre-order with each node's child count, rather than as
// nested objects: a tree can be 100,000 levels deep, and nesting that deep overflows the stack of
// a recursive encoder or exceeds a JSON decoder's nesting limit. Both directions are loops.

/// Writes `roots` and their subtrees as `[{"value": v, "childCount": c}, ...]` in pre-order.
private func encodeFlat<Value: Encodable>(
  _ roots: [TreeNode<Value>], into container: inout UnkeyedEncodingContainer
)
  throws
{
  var pending = Array(roots.reversed())
  while let node = pending.popLast() {
    var entry = container.nestedContainer(keyedBy: TreeNodeCodingKeys.self)
    try entry.encode(node.value, forKey: .value)
    let children = node.children
    try entry.encode(children.count, forKey: .childCount)
    pending.append(contentsOf: children.reversed())
  }
}

/// Reads the pre-order list `encodeFlat` writes back into trees.
///
/// - Parameter rootLimit: The number of roots the list must hold at most (1 for a node).
private func decodeFlat<Value: Decodable>(
  from container: inout UnkeyedDecodingContainer,
  rootLimit: Int = .max
) throws -> [TreeNode<Value>] {
  var roots: [TreeNode<Value>] = []
  // Nodes whose children are still being read: value, children still to read, children read.
  var open: [(value: Value, remaining: Int, children: [TreeNode<Value>])] = []
  while !container.isAtEnd {
    if open.isEmpty && roots.count == rootLimit {
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription: "The node list holds more than \(rootLimit) tree(s)"
      )
    }
    let entry = try container.nestedContainer(keyedBy: TreeNodeCodingKeys.self)
    let value = try entry.decode(Value.self, forKey: .value)
    let childCount = try entry.decode(Int.self, forKey: .childCount)
    guard childCount >= 0 else {
      throw DecodingError.dataCorruptedError(
        forKey: .childCount,
        in: entry,
        debugDescription: "A child count cannot be negative (got \(childCount))"
      )
    }
    open.append((value, childCount, []))
    // Close every node whose children are all read, adding it to its parent (or the roots).
    while let last = open.last, last.remaining == 0 {
      open.removeLast()
      let node = TreeNode(last.value, last.children)
      if open.isEmpty {
        roots.append(node)
      } else {
        open[open.count - 1].children.append(node)
        open[open.count - 1].remaining -= 1
      }
    }
  }
  guard open.isEmpty else {
    throw DecodingError.dataCorruptedError(
      in: container,
      debugDescription: "The node list ends before \(open.last!.remaining) more child(ren) of an open node"
    )
  }
  return roots
}

extension TreeNode: Encodable where Value: Encodable {
  /// Encodes the node and its subtree flat, as
  /// `{"nodes": [{"value": v, "childCount": c}, ...]}`: every node in depth-first pre-order (this
  /// node first) with its number of children.
  ///
  /// The shape is flat so that a tree of any depth encodes without recursion.
  ///
  /// - Complexity: O(n) for n nodes.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: TreeCodingKeys.self)
    var nodes = container.nestedUnkeyedContainer(forKey: .nodes)
    try encodeFlat([self], into: &nodes)
  }
}

extension TreeNode: Decodable where Value: Decodable {
  /// Decodes a node in the shape ``encode(to:)`` writes.
  ///
  /// A list that holds no node, more than one tree, a negative child count or fewer nodes than
  /// the child counts announce throws `DecodingError.dataCorrupted`.
  ///
  /// - Complexity: O(n) for n nodes, without recursion.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: TreeCodingKeys.self)
    var nodes = try container.nestedUnkeyedContainer(forKey: .nodes)
    let roots: [TreeNode<Value>] = try decodeFlat(from: &nodes, rootLimit: 1)
    guard let root = roots.first else {
      throw DecodingError.dataCorruptedError(
        forKey: .nodes, in: container, debugDescription: "A tree node needs a node")
    }
    self = root
  }
}

extension TreeArray: Encodable where Value: Encodable {
  /// Encodes the forest flat, as `{"nodes": [{"value": v, "childCount": c}, ...]}`: every node in
  /// depth-first pre-order (the roots in order, each followed by its subtree) with its number of
  /// children.
  ///
  /// - Complexity: O(n) for n nodes, without recursion.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: TreeCodingKeys.self)
    var nodes = container.nestedUnkeyedContainer(forKey: .nodes)
    try encodeFlat(children, into: &nodes)
  }
}

extension TreeArray: Decodable where Value: Decodable {
  /// Decodes a forest in the shape ``encode(to:)`` writes.
  ///
  /// A negative child count or fewer nodes than the child counts announce throws
  /// `DecodingError.dataCorrupted`.
  ///
  /// - Complexity: O(n) for n nodes, without recursion.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: TreeCodingKeys.self)
    var nodes = try container.nestedUnkeyedContainer(forKey: .nodes)
    self.init(try decodeFlat(from: &nodes))
  }
}
