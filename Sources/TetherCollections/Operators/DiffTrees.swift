import Foundation
import TetherChangesets
import TetherSignals

// `diff()` for signals of whole trees and 2D arrays: each value is diffed against the one before
// into a `TreeChangeset`, with the same identity rules as `TreeChangeset(from:to:)`. A 2D array is
// diffed as sections of items, exactly as `MutableObservableArray2D.replace(with:performDiff:)`
// diffs it.

extension SignalProtocol where Element: TreeProtocol {
  /// Turns successive trees into changesets by diffing each one against the one before.
  ///
  /// Emits one changeset per tree: the first tree an observation receives is a reload, each later
  /// one a changeset from the previous tree whose diff `generateDiff` computes (the patch is derived
  /// from it on first use). Each observation keeps its own previous tree. Fails or completes when
  /// the receiver does.
  ///
  /// - Parameter generateDiff: The diff from the first tree (old) to the second (new), in
  ///   batch-update form; it runs outside any lock, on the thread that delivers the tree.
  /// - Complexity: One call of `generateDiff` per tree after the first.
  public func diff(
    by generateDiff: @escaping @Sendable (_ old: Element, _ new: Element) -> OrderedCollectionDiff<IndexPath>
  ) -> Signal<TreeChangeset<Element>, Error> {
    withSubscriberState({ DiffState<Element>() }) { state, tree in
      guard let old = state.previous else {
        state.previous = tree
        return .reload(tree)
      }
      state.previous = tree
      return TreeChangeset(collection: tree, diff: generateDiff(old, tree))
    }
  }
}

extension SignalProtocol where Element: TreeProtocol, Element.ChildNode.Value: Hashable {
  /// Turns successive trees into changesets; node values are their own identity (no updates).
  ///
  /// For a signal of ``Array2D`` values: sections are identified by their metadata and items by
  /// their value, as `MutableObservableArray2D.replace(with:performDiff:)` does.
  ///
  /// ```swift
  /// let shelves = snapshots.diff()  // Signal<TreeChangeset<Array2D<String, String>>, Never>
  /// ```
  ///
  /// - Complexity: O(n + m) expected per tree of n and m nodes (see `TreeChangeset(from:to:)`).
  public func diff() -> Signal<TreeChangeset<Element>, Error> {
    diff(by: { old, new in new.diff(from: old) })
  }
}

extension SignalProtocol where Element: TreeProtocol, Element.ChildNode.Value: Identifiable & Equatable {
  /// Turns successive trees into changesets, matching nodes by their value's `id`; a matched node
  /// whose value changed is an update. For a signal of ``Array2D`` values with `Identifiable`
  /// items: sections by metadata, items by `id`, as `replace(with:performDiff:)` does.
  ///
  /// - Complexity: O(n + m) expected per tree of n and m nodes.
  public func diff() -> Signal<TreeChangeset<Element>, Error> {
    diff(by: { old, new in new.diff(from: old) })
  }
}

extension SignalProtocol where Element: TreeProtocol, Element.ChildNode.Value: Identifiable & Hashable {
  /// Turns successive trees into changesets, matching nodes by their value's `id`; a matched node
  /// whose value changed is an update. See the `Identifiable & Equatable` form.
  ///
  /// - Complexity: O(n + m) expected per tree of n and m nodes.
  public func diff() -> Signal<TreeChangeset<Element>, Error> {
    diff(by: { old, new in new.diff(from: old) })
  }
}
