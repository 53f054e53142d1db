/// A node value of an ``Array2D`` seen as a tree: a section's metadata (a depth-1 node) or an
/// item (a depth-2 node).
///
/// Tree patches on a 2D array carry `TreeNode<Array2DElement<SectionMetadata, Item>>` elements:
/// `TreeNode(.section(header), [TreeNode(.item(a)), TreeNode(.item(b))])` is a section with two
/// items, `TreeNode(.item(a))` a single item.
public enum Array2DElement<SectionMetadata, Item> {
  /// A section, carrying its metadata (a header title, a model object).
  case section(SectionMetadata)
  /// An item of a section.
  case item(Item)

  /// The section metadata, or `nil` for an item.
  public var section: SectionMetadata? {
    if case .section(let metadata) = self { return metadata }
    return nil
  }

  /// The item, or `nil` for a section.
  public var item: Item? {
    if case .item(let item) = self { return item }
    return nil
  }
}

extension Array2DElement: Equatable where SectionMetadata: Equatable, Item: Equatable {}
extension Array2DElement: Hashable where SectionMetadata: Hashable, Item: Hashable {}
extension Array2DElement: Sendable where SectionMetadata: Sendable, Item: Sendable {}

extension Array2DElement: CustomStringConvertible {
  /// The metadata or the item, described as they describe themselves.
  public var description: String {
    switch self {
    case .section(let metadata): "\(metadata)"
    case .item(let item): "\(item)"
    }
  }
}
