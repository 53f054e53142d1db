import TetherChangesets
import TetherSignals

extension SignalProtocol where Element: ChangesetProtocol {
  /// Derives each changeset's diff before passing the changeset on.
  ///
  /// A changeset made from a patch derives its diff the first time the diff is read, on the
  /// reader's thread. Put this operator before a hop to the main thread so the work happens on
  /// the delivering thread instead, or hop to a serial background queue first to take it off the
  /// mutating thread too:
  ///
  /// ```swift
  /// let diffing = DispatchQueue(label: "diffing")
  /// items
  ///   .receive(on: diffing)  // leave the thread that mutated the array
  ///   .precalculateDiff()  // derive the diff there
  ///   .receive(on: DispatchQueue.main)  // the main thread reads the cached diff
  ///   .observeNext { changeset in tableView.apply(changeset.diff) }
  /// ```
  ///
  /// Emits every changeset unchanged (the derived diff is cached in it and shared by its copies),
  /// as soon as it is derived; fails or completes when the receiver does.
  ///
  /// - Complexity: The derivation, once per changeset: O(k log k) for an ordered patch of k
  ///   operations, O(k d log(k d)) for a tree patch on paths of length d; O(1) if the diff is known.
  public func precalculateDiff() -> Signal<Element, Error> {
    map { changeset in
      _ = changeset.diff
      return changeset
    }
  }

  /// Derives each changeset's patch before passing the changeset on.
  ///
  /// A changeset made from a diff (a diffed replacement, a sort) derives its patch the first time
  /// the patch is read, on the reader's thread. Put this operator before a hop to the main thread
  /// so the work happens on the delivering (background) thread instead.
  ///
  /// Emits every changeset unchanged (the derived patch is cached in it and shared by its copies),
  /// as soon as it is derived; fails or completes when the receiver does.
  ///
  /// - Complexity: The derivation, once per changeset: O(n + k log k) for an ordered diff with k
  ///   entries over n elements; O(1) if the patch is known.
  public func precalculatePatch() -> Signal<Element, Error> {
    map { changeset in
      _ = changeset.patch
      return changeset
    }
  }
}
