import Foundation
import TetherChangesets
import TetherSignals

// Bond 7's names on observable collections, under Tether's. `array` and `tree` read the same
// snapshot as `collection`, so they forward; the update methods that took a caller-built patch or
// diff are unavailable, because a Tether container derives the description of every change itself.

extension ObservableContainer where Changeset.Diff == OrderedCollectionDiff<Int> {
  /// Bond's name for ``collection`` on an observable array.
  @available(*, deprecated, renamed: "collection")
  public var array: Changeset.Collection {
    collection
  }
}

extension ObservableContainer where Changeset.Diff == OrderedCollectionDiff<IndexPath> {
  /// Bond's name for ``collection`` on an observable tree or 2D array.
  @available(*, deprecated, renamed: "collection")
  public var tree: Changeset.Collection {
    collection
  }
}

extension MutableObservableCollection {
  /// Bond's update with a caller-written patch; Tether records the patch itself.
  ///
  /// ``batchUpdate(_:)`` runs the same edits under the container's lock and emits their patch;
  /// `apply(_:)` applies a patch you already have.
  @available(*, unavailable, renamed: "batchUpdate(_:)", message: "edit the batch; Tether derives the patch")
  public func descriptiveUpdate(_ update: (inout C) -> [OrderedCollectionOperation<C.Element, Int>]) {
    var copy = collection
    _ = update(&copy)
    replace(with: copy)
  }

  /// Bond's replace with a diffing closure; Tether's diffing takes an identity and an equality.
  @available(
    *, unavailable, renamed: "replace(with:performDiff:identifiedBy:isEqual:)",
    message: "pass an identity and an equality instead of a diff function, or apply(_:) your own changeset"
  )
  public func replace(
    with collection: C,
    performDiff: Bool,
    generateDiff: (C, C) -> OrderedCollectionDiff<Int>
  ) {
    replace(with: collection)
  }
}
