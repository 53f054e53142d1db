import Foundation
import TetherChangesets
import TetherSignals

extension SignalProtocol {
  /// Transforms the items of each 2D-array changeset, keeping section metadata.
  ///
  /// Emits one changeset per source changeset. The first changeset an observation receives, and
  /// every source reload, is mapped in full and emitted as a reload. After that each output
  /// changeset has the source's diff and the source's patch with its inserted and updated items
  /// transformed (each once), so every index path is the source's. Each observation keeps its own
  /// mapped 2D array. Fails or completes when the receiver does.
  ///
  /// - Parameter transform: Maps an item; called outside any lock.
  /// - Complexity: Per changeset of k operations: k calls of `transform` (plus one per item of an
  ///   inserted section) and applying the k operations to the mapped 2D array (O(s + m) each for s
  ///   sections and m items in the section). A reload costs n calls of `transform`.
  public func mapItems<SectionMetadata, Item, Mapped>(
    _ transform: @escaping @Sendable (Item) -> Mapped
  ) -> Signal<TreeChangeset<Array2D<SectionMetadata, Mapped>>, Error>
  where Element == TreeChangeset<Array2D<SectionMetadata, Item>> {
    withSubscriberState({ MappedArray2DState<SectionMetadata, Mapped>() }) { state, changeset in
      state.receive(changeset, section: { $0 }, item: transform)
    }
  }

  /// Transforms the section metadata of each 2D-array changeset, keeping the items.
  ///
  /// Emits one changeset per source changeset, like `mapItems(_:)`: a reload first, then the
  /// source's diff and patch with inserted and updated section metadata transformed.
  ///
  /// - Parameter transform: Maps a section's metadata; called outside any lock.
  /// - Complexity: Per changeset of k operations: at most k calls of `transform` and applying the k
  ///   operations to the mapped 2D array. A reload costs one call per section.
  public func mapSections<SectionMetadata, Item, MappedMetadata>(
    _ transform: @escaping @Sendable (SectionMetadata) -> MappedMetadata
  ) -> Signal<TreeChangeset<Array2D<MappedMetadata, Item>>, Error>
  where Element == TreeChangeset<Array2D<SectionMetadata, Item>> {
    withSubscriberState({ MappedArray2DState<MappedMetadata, Item>() }) { state, changeset in
      state.receive(changeset, section: transform, item: { $0 })
    }
  }
}

/// The mapped 2D array of one `mapItems` or `mapSections` observation.
struct MappedArray2DState<SectionMetadata, Item> {
  private var mapped: Array2D<SectionMetadata, Item>?

  init() {}

  mutating func receive<SourceMetadata, SourceItem>(
    _ changeset: TreeChangeset<Array2D<SourceMetadata, SourceItem>>,
    section: (SourceMetadata) -> SectionMetadata,
    item: (SourceItem) -> Item
  ) -> TreeChangeset<Array2D<SectionMetadata, Item>> {
    guard !changeset.isReload, var current = mapped.take() else {
      let all = Array2D(
        sections: changeset.collection.sections.map {
          Array2D<SectionMetadata, Item>.Section(metadata: section($0.metadata), items: $0.items.map(item))
        })
      mapped = all
      return .reload(all)
    }
    func mapValue(_ value: Array2DElement<SourceMetadata, SourceItem>) -> Array2DElement<SectionMetadata, Item> {
      switch value {
      case .section(let metadata): .section(section(metadata))
      case .item(let value): .item(item(value))
      }
    }
    func mapNode(
      _ node: TreeNode<Array2DElement<SourceMetadata, SourceItem>>
    ) -> TreeNode<
      Array2DElement<SectionMetadata, Item>
    > {
      TreeNode(mapValue(node.value), node.children.map(mapNode))
    }
    let patch = changeset.patch.map {
      operation -> OrderedCollectionOperation<TreeNode<Array2DElement<SectionMetadata, Item>>, IndexPath> in
      switch operation {
      case .insert(let node, let path): .insert(mapNode(node), at: path)
      case .delete(let path): .delete(at: path)
      // An update replaces the node's value only: its children are not mapped.
      case .update(let path, let node): .update(at: path, newElement: TreeNode(mapValue(node.value)))
      case .move(let from, let to): .move(from: from, to: to)
      }
    }
    current.apply(patch)
    mapped = current
    return TreeChangeset(collection: current, patch: patch, diff: changeset.diff)
  }
}
