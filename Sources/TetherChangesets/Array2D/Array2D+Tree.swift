import Foundation
import TetherSynchronization

/// An ``Array2D`` is a two-level tree: sections are depth-1 nodes whose value is
/// `.section(metadata)` and whose children are the items, depth-2 nodes with value `.item(item)`
/// and no children. Tree paths are the 2D array's paths: `[s]` is a section, `[s, i]` an item.
///
/// Nodes handed to a 2D array must have that shape; a section node carrying an item value, an
/// item node with children, or a path deeper than 2 traps with a message saying what is wrong.
extension Array2D: RangeReplaceableTreeProtocol {
  /// The node type: a `TreeNode` of section metadata or an item.
  public typealias ChildNode = TreeNode<Array2DElement<SectionMetadata, Item>>

  /// The sections, each presented as a tree node whose children are its items.
  public typealias Children = SectionNodes

  /// The sections seen as tree nodes (built on access: reading one costs O(m) for m items).
  public struct SectionNodes: RandomAccessCollection {
    let sections: [Section]

    /// Always zero.
    public var startIndex: Int { 0 }

    /// The number of sections.
    public var endIndex: Int { sections.count }

    /// The section at `position` as a tree node.
    ///
    /// - Complexity: O(m) for a section of m items (its node is built on access).
    public subscript(position: Int) -> ChildNode {
      Array2D.node(for: sections[position])
    }
  }

  /// The sections as tree nodes: `.section(metadata)` nodes with one `.item(item)` child per item.
  ///
  /// Prefer ``sections`` to read a 2D array; this view exists so tree algorithms work on it.
  public var children: SectionNodes {
    SectionNodes(sections: sections)
  }

  /// The section node (path `[s]`) or item node (path `[s, i]`) at `indexPath`; setting a section
  /// node replaces the section and its items, setting an item node replaces the item.
  ///
  /// - Precondition: the path has 1 or 2 indices in range, and a new node has the shape of its
  ///   depth (see ``Array2D``).
  /// - Complexity: O(1) for items; O(m) for a section of m items.
  public subscript(childAt indexPath: IndexPath) -> ChildNode {
    get {
      switch indexPath.count {
      case 1:
        checkSection(indexPath[0])
        return Self.node(for: sections[indexPath[0]])
      case 2:
        return TreeNode(.item(self[itemAt: indexPath]))
      default:
        Self.badDepth(indexPath)
      }
    }
    set {
      switch indexPath.count {
      case 1:
        checkSection(indexPath[0])
        sections[indexPath[0]] = Self.section(from: newValue, at: indexPath)
      case 2:
        self[itemAt: indexPath] = Self.item(from: newValue, at: indexPath)
      default:
        Self.badDepth(indexPath)
      }
    }
  }

  /// Replaces a section's metadata (path `[s]`, keeping its items) or an item (path `[s, i]`).
  ///
  /// - Complexity: O(1).
  public mutating func updateValue(_ value: Array2DElement<SectionMetadata, Item>, at indexPath: IndexPath) {
    switch (indexPath.count, value) {
    case (1, .section(let metadata)):
      checkSection(indexPath[0])
      sections[indexPath[0]].metadata = metadata
    case (2, .item(let item)):
      self[itemAt: indexPath] = item
    case (1, .item), (2, .section):
      Self.wrongKind(value, at: indexPath)
    default:
      Self.badDepth(indexPath)
    }
  }

  /// Inserts a section node (path `[s]`) with its items, or an item node (path `[s, i]`).
  ///
  /// - Complexity: O(s + m) for s sections and m items in the new section, or O(m) for m items in
  ///   the target section.
  public mutating func insert(_ node: ChildNode, at indexPath: IndexPath) {
    switch indexPath.count {
    case 1:
      insert(section: Self.section(from: node, at: indexPath), at: indexPath[0])
    case 2:
      insert(item: Self.item(from: node, at: indexPath), at: indexPath)
    default:
      Self.badDepth(indexPath)
    }
  }

  /// Removes and returns the section node (path `[s]`, with its items) or item node (path `[s, i]`).
  ///
  /// - Complexity: O(s + m) for s sections and m items in the section, or O(m) for an item.
  @discardableResult
  public mutating func remove(at indexPath: IndexPath) -> ChildNode {
    switch indexPath.count {
    case 1:
      return Self.node(for: removeSection(at: indexPath[0]))
    case 2:
      return TreeNode(.item(removeItem(at: indexPath)))
    default:
      Self.badDepth(indexPath)
    }
  }

  static func node(for section: Section) -> ChildNode {
    TreeNode(.section(section.metadata), section.items.map { TreeNode(.item($0)) })
  }

  static func section(from node: ChildNode, at indexPath: IndexPath) -> Section {
    guard case .section(let metadata) = node.value else { wrongKind(node.value, at: indexPath) }
    return Section(
      metadata: metadata,
      items: node.children.enumerated().map { item(from: $0.element, at: indexPath.appending($0.offset)) }
    )
  }

  static func item(from node: ChildNode, at indexPath: IndexPath) -> Item {
    guard case .item(let item) = node.value else { wrongKind(node.value, at: indexPath) }
    guard node.children.isEmpty else {
      tetherPreconditionFailure(
        "An Array2D item node has no children; the node for \(indexPath) has \(node.children.count)"
      )
    }
    return item
  }

  static func wrongKind(_ value: Array2DElement<SectionMetadata, Item>, at indexPath: IndexPath) -> Never {
    let expected = indexPath.count == 1 ? ".section" : ".item"
    tetherPreconditionFailure("The Array2D node at \(indexPath) must carry a \(expected) value; got \(value)")
  }

  static func badDepth(_ indexPath: IndexPath) -> Never {
    tetherPreconditionFailure(
      "An Array2D index path has 1 index (a section) or 2 (an item); got \(indexPath.count) in \(indexPath)"
    )
  }
}

extension Array2D.SectionNodes: Sendable where SectionMetadata: Sendable, Item: Sendable {}
