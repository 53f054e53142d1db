import Foundation
import TetherChangesets
import TetherSynchronization

/// Drives a flat list view (`NSTableView`-like) from flat changesets, replaying each changeset's
/// patch operation by operation, and answers the view's data-source questions.
///
/// - The first changeset, and every reload changeset, call `reloadData()`.
/// - Any other changeset replays its patch between `beginUpdates()` and `endUpdates()`: an insert
///   becomes `insertRows(at:withAnimation:)`, a delete `removeRows(at:withAnimation:)`, a move
///   `moveRow(at:to:)`, each at the offsets of the state right before it (AppKit's semantics).
/// - Updates are reloaded after `endUpdates()` with `reloadData(forRowIndexes:columnIndexes:)`, at
///   the rows' final offsets: AppKit asks for a reloaded row's content at once, when the data source
///   already holds the final collection, so a reload in the middle of the patch would read the wrong
///   row if later operations shift it.
///
/// A changeset whose patch is not valid on the view's rows (a hand-built one, say), or that was
/// made from a diff that is not valid between the view's rows and the new collection, is not sent
/// to the view: the binder reloads and tells ``didFallBackToReload(because:)``.
///
/// Subclass it to customize (``cell(for:at:in:)``, ``shouldReloadData(replacing:with:)``,
/// ``applyPatch(of:to:)``, ``didFallBackToReload(because:)``). The binder holds its view weakly and runs on the main actor.
@MainActor
open class FlatBinderDataSource<Changeset: FlatDataSourceChangeset, View: FlatViewProtocol>: FlatViewDataSource {
  /// The type of the view's cells.
  public typealias Cell = View.Cell

  /// Makes the cell for the item at an offset of a collection, for a view.
  public typealias CellFactory = @MainActor (Changeset.Collection, Int, View) -> View.Cell

  /// The view the binder drives; setting it installs the binder as the view's data source (and
  /// uninstalls it from the view it drove before) and reloads the view.
  public weak var view: View? {
    didSet {
      // A view the binder leaves stops asking it, unless another binder took it over already.
      if let oldValue, oldValue !== view, oldValue.flatDataSource === self { oldValue.flatDataSource = nil }
      guard let view else { return }
      view.flatDataSource = self
      if changeset != nil { view.reloadData() }
    }
  }

  /// The last changeset applied.
  public private(set) var changeset: Changeset?

  /// The animations of row updates.
  open var animations: FlatViewAnimations

  private let createCell: CellFactory?

  /// The index set `singleRow(_:)` refills.
  private var singleRowScratch = IndexSet()

  /// Creates a binder that makes cells with `createCell` (`nil` only in subclasses that override
  /// ``cell(for:at:in:)``).
  public init(animations: FlatViewAnimations = .fade, createCell: CellFactory? = nil) {
    self.animations = animations
    self.createCell = createCell
  }

  /// Brings the view up to date with `newChangeset`: a reload or a replay of its patch.
  ///
  /// - Complexity: O(k + u·k) for a patch of k operations with u updates (checking the patch is
  ///   O(k); a changeset made from a diff also has its diff checked, O(k log k)).
  open func apply(_ newChangeset: Changeset) {
    guard let view, let previous = changeset else {
      changeset = newChangeset
      view?.reloadData()
      return
    }
    changeset = newChangeset
    if newChangeset.isReload || shouldReloadData(replacing: previous, with: newChangeset) {
      view.reloadData()
      return
    }
    do throws(ChangesetValidationError) {
      if reportedGivenForms(of: newChangeset) == .diff {
        // The patch is derived from the diff, which must be valid first (deriving trusts it).
        try ChangesetValidator.validate(
          newChangeset.diff,
          oldCount: previous.collection.numberOfItems,
          newCount: newChangeset.collection.numberOfItems
        )
      }
      try validateFlatPatch(
        newChangeset.patch,
        from: previous.collection.numberOfItems,
        to: newChangeset.collection.numberOfItems
      )
    } catch {
      didFallBackToReload(because: error)
      view.reloadData()
      return
    }
    if animations.isAnimated {
      applyPatch(of: newChangeset, to: view)
    } else {
      view.performWithoutAnimation { applyPatch(of: newChangeset, to: view) }
    }
  }

  /// Called when a changeset's patch is not valid on the rows the view shows (an index out of
  /// range for the state right before its operation, or a patch that does not end at the new
  /// collection's count, as a hand-built changeset may be); the binder reloads instead of sending
  /// the view an update it would reject. Does nothing unless overridden.
  open func didFallBackToReload(because error: ChangesetValidationError) {}

  /// Whether to reload the view rather than replay the change; `false` unless overridden.
  open func shouldReloadData(replacing previous: Changeset, with changeset: Changeset) -> Bool {
    false
  }

  /// Replays the patch of `changeset` on `view` (see the type's documentation).
  ///
  /// - Complexity: O(k + u·k) for a patch of k operations with u updates (each update's final offset
  ///   is followed through the operations after it).
  open func applyPatch(of changeset: Changeset, to view: View) {
    let steps = flatSteps(of: changeset.patch)
    guard !steps.isEmpty else { return }
    // Read once: `animations` is an open property, each read a dynamic call.
    let animations = animations
    let insertion = View.animationOptions(animations.isAnimated ? animations.insertion : [])
    let removal = View.animationOptions(animations.isAnimated ? animations.removal : [])
    // Made only when an update needs it: an empty index set is an allocation on Linux, and most
    // patches have no update. The view sees the same calls.
    var reloads: IndexSet?
    view.beginUpdates()
    // An index loop rather than `enumerated()`, whose generic tuples cost a metadata lookup per
    // element here; same steps, same order.
    var position = 0
    while position < steps.count {
      switch steps[position] {
      case .insert(let index): view.insertRows(at: singleRow(index), withAnimation: insertion)
      case .delete(let index): view.removeRows(at: singleRow(index), withAnimation: removal)
      case .move(let from, let to): view.moveRow(at: from, to: to)
      case .update(let index):
        if let final = Self.finalOffset(of: index, in: steps, after: position) {
          if reloads == nil { reloads = IndexSet(integer: final) } else { reloads?.insert(final) }
        }
      }
      position += 1
    }
    view.endUpdates()
    if let reloads {
      view.reloadData(forRowIndexes: reloads, columnIndexes: IndexSet(integersIn: 0..<view.numberOfColumns))
    }
  }

  /// An index set holding only `row`, made by refilling one the binder keeps: a new index set is
  /// three allocations on Linux, a refilled one that the view did not keep none. A view that
  /// keeps the set it was given keeps its own copy: the next refill copies on write.
  private func singleRow(_ row: Int) -> IndexSet {
    singleRowScratch.removeAll()
    singleRowScratch.insert(row)
    return singleRowScratch
  }

  /// Where the row at `index` ends up after the steps that follow `steps[position]`, or `nil` if
  /// one of them deletes it.
  private static func finalOffset(of index: Int, in steps: [PatchStep<Int>], after position: Int) -> Int? {
    var index = index
    var next = position + 1
    while next < steps.count {
      let step = steps[next]
      next += 1
      switch step {
      case .insert(let at): if at <= index { index += 1 }
      case .delete(let at):
        if at == index { return nil }
        if at < index { index -= 1 }
      case .update: break
      case .move(let from, let to):
        if from == index {
          index = to
        } else {
          if from < index { index -= 1 }
          if to <= index { index += 1 }
        }
      }
    }
    return index
  }

  /// The number of rows the view should show now.
  open func numberOfRows() -> Int {
    changeset?.collection.numberOfItems ?? 0
  }

  /// The cell for the row at `row`, made by ``cell(for:at:in:)``.
  open func cellForRow(at row: Int) -> View.Cell {
    guard let view, let changeset else {
      tetherPreconditionFailure("The view asked for the cell at row \(row) before the binder had a view and data")
    }
    return cell(for: changeset.collection, at: row, in: view)
  }

  /// Makes the cell showing the item at `index` of `collection`; uses `createCell` unless overridden.
  open func cell(for collection: Changeset.Collection, at index: Int, in view: View) -> View.Cell {
    guard let createCell else {
      tetherPreconditionFailure("\(Self.self) has no createCell function and does not override cell(for:at:in:)")
    }
    return createCell(collection, index, view)
  }
}
