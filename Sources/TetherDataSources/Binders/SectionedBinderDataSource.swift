import Foundation
import TetherChangesets
import TetherSynchronization

/// Drives a table-like or collection-like view from sectioned changesets, and answers the view's
/// data-source questions (Bond's `TableViewBinderDataSource`).
///
/// `bind(to:createCell:)` makes one for you; make one yourself (or subclass it) to customize, and
/// pass it to `bind(to:using:)`:
/// - the first changeset, and every reload changeset, call `reloadData()`;
/// - any other changeset becomes one `performBatchUpdates` call from its diff, in the order UIKit
///   wants (``applyBatch(_:to:)``), with the animations of ``animations`` (a tree diff's changes
///   below the items are dropped, see `projectedToSections()`);
/// - a diff UIKit cannot apply in one batch (a row moved and updated, rows moved along with their
///   section, rows moved out of a deleted section, a section updated while its rows change) is
///   split by ``StagedChangeset`` into several batches, the data source serving the intermediate
///   data meanwhile (an updated section is reloaded last, after its rows animated);
/// - a diff that is not valid at all (counts that do not add up, an empty diff while the sections
///   changed, a changeset made from a patch that does not apply to the view's sections) reloads
///   the view instead, after telling ``didFallBackToReload(because:)``.
///
/// Override ``cell(for:at:in:)`` to make cells, ``titleForHeader(inSection:)`` for headers,
/// ``shouldReloadData(replacing:with:)`` to reload on some changes, ``applyBatch(_:to:)`` to change
/// how a batch is sent. ``ReloadingSectionedBinderDataSource`` always reloads.
///
/// The binder holds its view weakly and runs on the main actor.
@MainActor
open class SectionedBinderDataSource<Changeset: SectionedDataSourceChangeset, View: SectionedViewProtocol>:
  SectionedViewDataSource
{
  /// The type of the view's cells.
  public typealias Cell = View.Cell

  /// Makes the cell for the item at an index path of a collection, for a view.
  public typealias CellFactory = @MainActor (Changeset.Collection, IndexPath, View) -> View.Cell

  /// The view the binder drives; setting it installs the binder as the view's data source (and
  /// uninstalls it from the view it drove before) and reloads the view.
  public weak var view: View? {
    didSet {
      // A view the binder leaves stops asking it, unless another binder took it over already.
      if let oldValue, oldValue !== view, oldValue.sectionedDataSource === self { oldValue.sectionedDataSource = nil }
      guard let view else { return }
      view.sectionedDataSource = self
      if changeset != nil { view.reloadData() }
    }
  }

  /// The last changeset applied; its collection is what the view shows once a batch completes.
  public private(set) var changeset: Changeset?

  /// The animations of batch updates (the same for every stage of a staged update).
  open var animations: SectionedViewAnimations

  /// Whether a batch update is being applied: cells made now replace visible content (a reload or
  /// an insert within an animated change) rather than fill a freshly reloaded view.
  public private(set) var isPerformingBatchUpdates = false

  /// The index path the view asked a cell for, while ``cellForItem(at:)`` runs (else `nil`): the
  /// index path to dequeue the cell for.
  ///
  /// It is the index path passed to ``cell(for:at:in:)`` and to `createCell`, except during the
  /// intermediate stages of a staged update, where that one is the item's place in the collection
  /// given (before or after the change) and this one the row the view shows it at. A
  /// `UICollectionView` must be asked to dequeue for this one.
  public private(set) var requestedIndexPath: IndexPath?

  /// The view the cell classes below were registered with, and their identifiers.
  private weak var registrationView: View?
  private var registeredIdentifiers: Set<String> = []

  private let createCell: CellFactory?
  /// While an intermediate stage runs: its sections, and the collection before the change.
  private var stage: (sections: [StagedChangeset.Section], source: Changeset.Collection)?

  /// Creates a binder that makes cells with `createCell`.
  ///
  /// - Parameters:
  ///   - animations: The animations of batch updates.
  ///   - createCell: Makes the cell for an item; `nil` only in subclasses that override
  ///     ``cell(for:at:in:)``.
  public init(animations: SectionedViewAnimations = .automatic, createCell: CellFactory? = nil) {
    self.animations = animations
    self.createCell = createCell
  }

  // MARK: Applying changesets

  /// Brings the view up to date with `newChangeset`: a reload, one batch, or a few staged batches.
  ///
  /// Without a view the changeset is only stored (the view reloads when it is set).
  open func apply(_ newChangeset: Changeset) {
    guard let view, let previous = changeset else {
      changeset = newChangeset
      view?.reloadData()
      return
    }
    if newChangeset.isReload || shouldReloadData(replacing: previous, with: newChangeset) {
      changeset = newChangeset
      view.reloadData()
      return
    }
    let staged: StagedChangeset
    do throws(ChangesetValidationError) {
      // A diff derived from a bad patch would trap: the given patch is checked first.
      try (newChangeset as? any SectionedGivenFormChecking)?.checkDiffDerivation(from: previous.collection)
      let diff = newChangeset.diff.projectedToSections()
      let oldItemCounts = Self.itemCounts(of: previous.collection)
      let newItemCounts = Self.itemCounts(of: newChangeset.collection)
      // An empty diff means "nothing changed" only if the shape did not change either; otherwise
      // the stages' check rejects it like any diff whose counts do not add up.
      if diff.isEmpty && oldItemCounts == newItemCounts {
        changeset = newChangeset
        return
      }
      staged = try StagedChangeset(diff: diff, oldItemCounts: oldItemCounts, newItemCounts: newItemCounts)
    } catch {
      changeset = newChangeset
      didFallBackToReload(because: error)
      view.reloadData()
      return
    }
    let run = {
      for stage in staged.stages {
        self.isPerformingBatchUpdates = true
        view.performBatchUpdates(
          {
            self.changeset = newChangeset
            self.stage = stage.sections.map { ($0, previous.collection) }
            self.applyBatch(stage.diff, to: view)
          },
          completion: nil
        )
        self.isPerformingBatchUpdates = false
      }
      self.stage = nil
    }
    if animations.isAnimated { run() } else { view.performWithoutAnimation(run) }
  }

  /// Whether to reload the view rather than animate the change from `previous` to `changeset`;
  /// `false` unless overridden (reload changesets always reload).
  open func shouldReloadData(replacing previous: Changeset, with changeset: Changeset) -> Bool {
    false
  }

  /// Sends one batch to the view, in the order UIKit documents: section deletes, inserts, reloads
  /// and moves, then row deletes, inserts, reloads and moves.
  ///
  /// Called inside `performBatchUpdates`, after the data source switched to the new data. Within a
  /// batch UIKit applies deletes and reloads in the old index space and inserts and move targets
  /// in the new one whatever the call order; this order is the conventional one and what a
  /// recording view will see.
  open func applyBatch(_ diff: OrderedCollectionDiff<IndexPath>, to view: View) {
    var sectionDeletes = IndexSet()
    var sectionInserts = IndexSet()
    var sectionReloads = IndexSet()
    var sectionMoves: [(Int, Int)] = []
    var rowDeletes: [IndexPath] = []
    var rowInserts: [IndexPath] = []
    var rowReloads: [IndexPath] = []
    var rowMoves: [(IndexPath, IndexPath)] = []
    for path in diff.deletes {
      if path.count == 1 { sectionDeletes.insert(path[0]) } else { rowDeletes.append(path) }
    }
    for path in diff.inserts {
      if path.count == 1 { sectionInserts.insert(path[0]) } else { rowInserts.append(path) }
    }
    for path in diff.updates {
      if path.count == 1 { sectionReloads.insert(path[0]) } else { rowReloads.append(path) }
    }
    for move in diff.moves {
      if move.from.count == 1 { sectionMoves.append((move.from[0], move.to[0])) } else { rowMoves.append(move) }
    }
    let animation = { (kind: ViewRowAnimation) in View.rowAnimation(self.animations.isAnimated ? kind : .none) }
    if !sectionDeletes.isEmpty { view.deleteSections(sectionDeletes, with: animation(animations.sectionDeletion)) }
    if !sectionInserts.isEmpty { view.insertSections(sectionInserts, with: animation(animations.sectionInsertion)) }
    if !sectionReloads.isEmpty { view.reloadSections(sectionReloads, with: animation(animations.sectionReload)) }
    for (from, to) in sectionMoves { view.moveSection(from, toSection: to) }
    if !rowDeletes.isEmpty { view.deleteRows(at: rowDeletes, with: animation(animations.rowDeletion)) }
    if !rowInserts.isEmpty { view.insertRows(at: rowInserts, with: animation(animations.rowInsertion)) }
    if !rowReloads.isEmpty { view.reloadRows(at: rowReloads, with: animation(animations.rowReload)) }
    for (from, to) in rowMoves { view.moveRow(at: from, to: to) }
  }

  /// Called when a changeset's diff is not a valid change from the previous collection, just before
  /// the view reloads instead. Does nothing unless overridden (log it: the container is wrong).
  open func didFallBackToReload(because error: ChangesetValidationError) {}

  // MARK: Data source

  /// The number of sections the view should show now.
  open func numberOfSections() -> Int {
    if let stage { return stage.sections.count }
    return changeset?.collection.numberOfSections ?? 0
  }

  /// The number of rows of `section` the view should show now.
  open func numberOfItems(inSection section: Int) -> Int {
    if let stage { return stage.sections[section].rows.count }
    return changeset?.collection.numberOfItems(inSection: section) ?? 0
  }

  /// The cell for the row at `indexPath`: during an intermediate stage the row is first resolved to
  /// its item in the collection before or after the change, then ``cell(for:at:in:)`` makes it.
  open func cellForItem(at indexPath: IndexPath) -> View.Cell {
    guard let view, let changeset else {
      tetherPreconditionFailure("The view asked for the cell at \(indexPath) before the binder had a view and data")
    }
    let outerRequest = requestedIndexPath
    requestedIndexPath = indexPath
    defer { requestedIndexPath = outerRequest }
    if let stage {
      switch stage.sections[indexPath[0]].rows[indexPath[1]] {
      case .source(let path): return cell(for: stage.source, at: path, in: view)
      case .target(let path): return cell(for: changeset.collection, at: path, in: view)
      }
    }
    return cell(for: changeset.collection, at: indexPath, in: view)
  }

  /// Makes the cell showing the item at `indexPath` of `collection`; uses the binder's `createCell`
  /// unless overridden.
  open func cell(for collection: Changeset.Collection, at indexPath: IndexPath, in view: View) -> View.Cell {
    guard let createCell else {
      tetherPreconditionFailure("\(Self.self) has no createCell function and does not override cell(for:at:in:)")
    }
    return createCell(collection, indexPath, view)
  }

  /// Registers `cellClass` for `identifier` with `view`, unless it was already registered with
  /// that view: binders register their cell types once per view, on first use.
  func registerIfNeeded(_ cellClass: AnyClass, forCellReuseIdentifier identifier: String, in view: View) {
    if registrationView !== view {
      registrationView = view
      registeredIdentifiers = []
    }
    guard registeredIdentifiers.insert(identifier).inserted else { return }
    view.register(cellClass, forCellReuseIdentifier: identifier)
  }

  /// The header title of `section`: the collection's ``SectionTitleProviding`` title, if any.
  open func titleForHeader(inSection section: Int) -> String? {
    guard let changeset else { return nil }
    if let stage {
      switch stage.sections[section].origin {
      case .source(let path): return (stage.source as? any SectionTitleProviding)?.title(forSection: path[0])
      case .target(let path): return (changeset.collection as? any SectionTitleProviding)?.title(forSection: path[0])
      }
    }
    return (changeset.collection as? any SectionTitleProviding)?.title(forSection: section)
  }

  private static func itemCounts(of collection: Changeset.Collection) -> [Int] {
    (0..<collection.numberOfSections).map { collection.numberOfItems(inSection: $0) }
  }
}

/// A sectioned binder that reloads the whole view on every change, for views or data where
/// animating makes no sense.
@MainActor
open class ReloadingSectionedBinderDataSource<Changeset: SectionedDataSourceChangeset, View: SectionedViewProtocol>:
  SectionedBinderDataSource<Changeset, View>
{
  /// Always `true`: every change reloads.
  open override func shouldReloadData(replacing previous: Changeset, with changeset: Changeset) -> Bool {
    true
  }
}
