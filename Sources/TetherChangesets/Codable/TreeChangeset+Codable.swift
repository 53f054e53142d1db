import Foundation

extension TreeChangeset: Encodable where Tree: Encodable, Tree.ChildNode: Encodable {
  /// Encodes the changeset as an object with a `type` discriminator:
  ///
  /// - `{"type": "reload", "collection": t}` for a reload;
  /// - `{"type": "patch", "collection": t, "patch": [...]}` for a changeset created from a patch;
  /// - `{"type": "patchAndDiff", "collection": t, "patch": [...], "diff": {...}}` otherwise.
  ///
  /// A changeset created from a diff alone is written with its derived patch as well: the
  /// source tree is not part of the JSON, and decoding needs the patch to rebuild the source's
  /// shape and check the diff against it. Paths are arrays of integers, nodes (in inserts) and
  /// trees are flat (see ``TreeNode/encode(to:)``), so a tree of any depth encodes without
  /// recursion.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: ChangesetCodingKeys.self)
    try container.encode(collection, forKey: .collection)
    if isReload {
      try container.encode(ChangesetCodingKind.reload, forKey: .type)
      return
    }
    try container.encode(patch, forKey: .patch)
    if cache.givenForms == .patch {
      try container.encode(ChangesetCodingKind.patch, forKey: .type)
    } else {
      try container.encode(ChangesetCodingKind.patchAndDiff, forKey: .type)
      try container.encode(diff, forKey: .diff)
    }
  }
}

extension TreeChangeset: Decodable where Tree: Decodable, Tree.ChildNode: Decodable {
  /// Decodes a changeset in the shape ``encode(to:)`` writes, checking that it describes a change
  /// that ends at the decoded tree.
  ///
  /// The source tree is not part of the JSON. Decoding rebuilds the smallest source shape the
  /// patch can start from by undoing it on the final tree (a path that addresses no node on the
  /// way fails), then validates the patch forward from that shape to the final tree's shape (see
  /// ``TreeChangesetValidator/validate(_:from:to:)``) and the diff, when there is one, between the
  /// two shapes (see ``TreeChangesetValidator/validate(_:from:to:allowsMovedAndUpdated:)``). For an
  /// ``Array2D`` every node of the patch must also have the shape of its depth. Node values are
  /// not compared: the checks are on the tree's shape.
  ///
  /// A JSON object with `"type": "diff"` is rejected: a diff alone cannot be checked without the
  /// source tree.
  ///
  /// - Throws: `DecodingError.dataCorrupted` with a ``ChangesetDecodingError`` as its underlying
  ///   error when a check fails; the decoder's `DecodingError` when the JSON does not have the
  ///   documented shape.
  /// - Complexity: O(n + k (d + c) + k d log(k d)) for a tree of n nodes and k operations on paths
  ///   of length d among c siblings, without recursion on depth.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: ChangesetCodingKeys.self)
    let kind = try container.decode(ChangesetCodingKind.self, forKey: .type)
    let collection = try container.decode(Tree.self, forKey: .collection)
    switch kind {
    case .reload:
      self.init(reloading: collection)
      return
    case .diff:
      throw DecodingError.dataCorruptedError(
        forKey: .type,
        in: container,
        debugDescription: "A tree changeset is encoded with its patch (\"patch\" or \"patchAndDiff\")"
      )
    case .patch, .patchAndDiff:
      break
    }
    let patch = try container.decode([Operation].self, forKey: .patch)
    let diff = kind == .patchAndDiff ? try container.decode(Diff.self, forKey: .diff) : nil
    do throws(ChangesetDecodingError) {
      try Self.check(patch, diff, endingAt: collection)
    } catch {
      throw error.decodingError(codingPath: container.codingPath)
    }
    if let diff {
      self.init(collection: collection, patch: patch, diff: diff)
    } else {
      self.init(collection: collection, patch: patch)
    }
  }

  private static func check(
    _ patch: [Operation], _ diff: Diff?, endingAt collection: Tree
  ) throws(ChangesetDecodingError) {
    if let checking = Tree.self as? any DecodedTreePatchChecking.Type,
      let path = checking.firstMalformedNode(in: patch)
    {
      throw .malformedArray2DNode(path: path)
    }
    do {
      let finalShape = TreeShape(collection)
      let sourceShape = try TreeSourceShape(undoing: patch, from: finalShape).shape
      try TreeChangesetValidator.validate(patch, fromShape: sourceShape, toShape: finalShape)
      if let diff {
        try TreeChangesetValidator.validate(diff, from: TreeArray(sourceShape.roots), to: TreeArray(finalShape.roots))
      }
    } catch {
      throw .invalidTreeChangeset(error)
    }
  }
}

extension TreeChangeset: Hashable where Tree: Hashable {
  /// Hashes what `==` compares: whether it is a reload, the tree and the sorted diff.
  ///
  /// - Complexity: O(n + k log k); reading the diff may derive it once.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(isReload)
    hasher.combine(collection)
    guard !isReload else { return }
    let diff = self.diff
    hasher.combine(diff.inserts.sorted())
    hasher.combine(diff.deletes.sorted())
    hasher.combine(diff.updates.sorted())
    for move in diff.moves.sorted(by: { $0.from == $1.from ? $0.to < $1.to : $0.from < $1.from }) {
      hasher.combine(move.from)
      hasher.combine(move.to)
    }
  }
}

/// A tree type whose nodes must have a particular shape (``Array2D``): decoding a changeset of it
/// checks the patch's nodes, since applying a malformed one traps.
protocol DecodedTreePatchChecking {
  /// The path of the first operation whose node (or path) the tree cannot take, or `nil`.
  static func firstMalformedNode(in patch: Any) -> IndexPath?
}

extension Array2D: DecodedTreePatchChecking {
  static func firstMalformedNode(in patch: Any) -> IndexPath? {
    guard let patch = patch as? [OrderedCollectionOperation<ChildNode, IndexPath>] else { return nil }
    func isItem(_ node: ChildNode) -> Bool {
      node.value.item != nil && node.children.isEmpty
    }
    func fits(_ node: ChildNode, at path: IndexPath) -> Bool {
      switch path.count {
      case 1: node.value.section != nil && node.children.allSatisfy(isItem)
      case 2: isItem(node)
      default: false
      }
    }
    for operation in patch {
      switch operation {
      case .insert(let node, let path):
        if !fits(node, at: path) { return path }
      case .update(let path, let node):
        // An update replaces the value only; its children are ignored.
        if !fits(ChildNode(node.value), at: path) { return path }
      case .delete(let path):
        if path.count > 2 { return path }
      case .move(let from, let to):
        if from.count > 2 || from.count != to.count { return from.count > 2 ? from : to }
      }
    }
    return nil
  }
}
