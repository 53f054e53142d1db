import Foundation
import TetherDataSources
import TetherSignals
import TetherSynchronization

/// A sectioned view that checks every batch update against `UITableView`'s rules, for tests and CI.
///
/// It keeps its rows per section, as cells asked from its ``sectionedDataSource``, and applies each
/// batch exactly as UIKit defines it: deletes and reloads in the index space before the batch,
/// inserts and move targets in the one after it, sections before rows; then it checks every
/// section's row count against the data source. A batch that breaks a rule is reported as a
/// ``BatchUpdateViolation`` carrying UIKit's own message, and the view reloads everything from the
/// data source so later batches are checked from a known state.
///
/// ```swift
/// let view = BatchUpdateValidatingView<String>()
/// let items = Property(OrderedCollectionChangeset(reloading: ["a", "b"]))
/// items.bind(to: view) { items, indexPath, _ in items.item(at: indexPath) }
/// items.value = OrderedCollectionChangeset(collection: ["b"], diff: .init(deletes: [0]))
/// view.violations  // []
/// view.rows        // [["b"]]
/// ```
///
/// Set ``trapsOnViolation`` to crash like UIKit does instead. Calls made outside
/// ``performBatchUpdates(_:completion:)`` are each their own batch, as in UIKit.
///
/// Cells follow UIKit's dequeue rules too. In either ``Mode``, dequeuing by index path an
/// identifier that no class is registered for is a violation. In ``Mode/collectionView`` mode,
/// as in a `UICollectionView`, every cell the data source returns must be one the view handed out
/// for the index path asked, from a registered identifier: a cell made, kept or dequeued for
/// another row is a ``BatchUpdateViolation/Rule/cellNotDequeued`` violation with UIKit's message.
///
/// ```swift
/// let view = BatchUpdateValidatingView<TerminalTextCell>(mode: .collectionView)
/// let items = Property(OrderedCollectionChangeset(reloading: ["a", "b"]))
/// items.bind(to: view, cellType: TerminalTextCell.self) { cell, item in cell.text = item }
/// view.violations                // []: the binder registered the class and dequeued every cell
/// view.rows[0].map(\.text)       // ["a", "b"]
/// ```
@MainActor
public final class BatchUpdateValidatingView<Cell>: SectionedViewProtocol, DisposeBagProvider {
  /// Which view's rules the view follows.
  public enum Mode: Hashable, Sendable {
    /// `UITableView`'s: a data source may return a cell it made itself.
    case tableView
    /// `UICollectionView`'s: every cell must be dequeued by index path, for the row asked.
    case collectionView
  }

  /// One call the view received.
  public enum Call: Hashable, Sendable {
    /// `reloadData()`.
    case reloadData
    /// The start of `performBatchUpdates`; `animated` is `false` inside `performWithoutAnimation`.
    case beginBatch(animated: Bool)
    /// The end of `performBatchUpdates`.
    case endBatch
    /// `insertSections(_:with:)`.
    case insertSections(IndexSet, ViewRowAnimation)
    /// `deleteSections(_:with:)`.
    case deleteSections(IndexSet, ViewRowAnimation)
    /// `reloadSections(_:with:)`.
    case reloadSections(IndexSet, ViewRowAnimation)
    /// `moveSection(_:toSection:)`.
    case moveSection(Int, Int)
    /// `insertRows(at:with:)`.
    case insertRows([IndexPath], ViewRowAnimation)
    /// `deleteRows(at:with:)`.
    case deleteRows([IndexPath], ViewRowAnimation)
    /// `reloadRows(at:with:)`.
    case reloadRows([IndexPath], ViewRowAnimation)
    /// `moveRow(at:to:)`.
    case moveRow(IndexPath, IndexPath)
  }

  /// The data source the view reads, held weakly (a binder installs itself here).
  public weak var sectionedDataSource: (any SectionedViewDataSource<Cell>)?

  /// Disposed when the view goes away, ending the bindings to it at once.
  public nonisolated let bag = DisposeBag()

  /// Whether a violation stops the program with its message, as UIKit does; `false` by default.
  public var trapsOnViolation: Bool

  /// Called with every violation, after it is recorded.
  public var onViolation: ((BatchUpdateViolation) -> Void)?

  /// Every violation so far, oldest first.
  public private(set) var violations: [BatchUpdateViolation] = []

  /// Every call so far, when ``recordsCalls`` is on.
  public private(set) var calls: [Call] = []

  /// Whether ``calls`` records calls; on by default (turn it off for long property tests).
  public var recordsCalls = true

  /// The number of `reloadData()` calls.
  public private(set) var reloadCount = 0

  /// The number of batches applied without violation.
  public private(set) var batchCount = 0

  /// Which view's rules the view follows.
  public let mode: Mode

  private let store: SectionedRowStore<Cell>
  private var pending: SectionedBatch?
  private var batchDepth = 0
  private var reloadedDuringBatch = false
  private var animationsDisabled = 0

  /// Creates an empty view.
  ///
  /// - Parameters:
  ///   - mode: Whether to check cells as a table view or as a collection view does.
  ///   - trapsOnViolation: Whether a violation stops the program, as UIKit does.
  ///   - makeCell: Creates a cell for an identifier when there is none to reuse, given the class
  ///     registered for it (`nil` if none). By default a registered ``ConstructibleCell`` class
  ///     is created with `init()`; pass a function for value cells (`Int`, `String`).
  public init(
    mode: Mode = .tableView,
    trapsOnViolation: Bool = false,
    makeCell: ((_ cellClass: AnyClass?, _ identifier: String) -> Cell)? = nil
  ) {
    self.mode = mode
    self.trapsOnViolation = trapsOnViolation
    store = SectionedRowStore(
      rules: mode == .tableView ? .table : .collection, makeCell: makeCell.map { make in { make($0, $1) } })
    store.report = { [unowned self] violation in self.report(violation) }
  }

  /// The cells the view shows, section by section.
  public var rows: [[Cell]] { store.sections.map { $0.rows.map(\.cell) } }

  /// The header title of every section.
  public var sectionTitles: [String?] { store.sections.map(\.title) }

  /// Forgets the recorded calls and violations (the rows stay).
  public func resetRecords() {
    calls = []
    violations = []
  }

  /// Reads everything from the data source again.
  public func reloadData() {
    record(.reloadData)
    reloadCount += 1
    if batchDepth > 0 {
      reloadedDuringBatch = true
      report(
        BatchUpdateViolation(rule: .reloadDuringBatchUpdates, message: "reloadData called inside performBatchUpdates"))
      return
    }
    store.reload(from: sectionedDataSource)
  }

  /// Collects the calls `updates` makes into one batch, checks it and applies it, then calls
  /// `completion` with `false` if the batch broke a rule. Nested calls join the outer batch.
  public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
    if batchDepth == 0 {
      record(.beginBatch(animated: animationsDisabled == 0))
      pending = SectionedBatch()
      reloadedDuringBatch = false
    }
    batchDepth += 1
    updates?()
    batchDepth -= 1
    guard batchDepth == 0, let batch = pending else { return }
    pending = nil
    record(.endBatch)
    var succeeded = true
    if reloadedDuringBatch {
      succeeded = false
      store.reload(from: sectionedDataSource)
    } else {
      do {
        _ = try store.apply(batch, from: sectionedDataSource)
        batchCount += 1
      } catch {
        succeeded = false
        report(error)
        store.reload(from: sectionedDataSource)
      }
    }
    completion?(succeeded)
  }

  /// Adds section inserts to the batch.
  public func insertSections(_ sections: IndexSet, with animation: ViewRowAnimation) {
    record(.insertSections(sections, animation))
    inBatch { $0.sectionInserts += sections }
  }

  /// Adds section deletes to the batch.
  public func deleteSections(_ sections: IndexSet, with animation: ViewRowAnimation) {
    record(.deleteSections(sections, animation))
    inBatch { $0.sectionDeletes += sections }
  }

  /// Adds section reloads to the batch.
  public func reloadSections(_ sections: IndexSet, with animation: ViewRowAnimation) {
    record(.reloadSections(sections, animation))
    inBatch { $0.sectionReloads += sections }
  }

  /// Adds a section move to the batch.
  public func moveSection(_ section: Int, toSection newSection: Int) {
    record(.moveSection(section, newSection))
    inBatch { $0.sectionMoves.append((from: section, to: newSection)) }
  }

  /// Adds row inserts to the batch.
  public func insertRows(at indexPaths: [IndexPath], with animation: ViewRowAnimation) {
    record(.insertRows(indexPaths, animation))
    inBatch { $0.rowInserts += indexPaths }
  }

  /// Adds row deletes to the batch.
  public func deleteRows(at indexPaths: [IndexPath], with animation: ViewRowAnimation) {
    record(.deleteRows(indexPaths, animation))
    inBatch { $0.rowDeletes += indexPaths }
  }

  /// Adds row reloads to the batch.
  public func reloadRows(at indexPaths: [IndexPath], with animation: ViewRowAnimation) {
    record(.reloadRows(indexPaths, animation))
    inBatch { $0.rowReloads += indexPaths }
  }

  /// Adds a row move to the batch.
  public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    record(.moveRow(indexPath, newIndexPath))
    inBatch { $0.rowMoves.append((from: indexPath, to: newIndexPath)) }
  }

  /// A cell that left the view (deleted or reloaded in the current batch) and was made with
  /// `identifier`, or `nil`; always `nil` in ``Mode/collectionView`` mode, as a collection view
  /// has no such method.
  public func dequeueReusableCell(withIdentifier identifier: String) -> Cell? {
    mode == .tableView ? store.dequeue(identifier) : nil
  }

  /// The identifiers registered so far, with their classes.
  public var registeredCellClasses: [String: AnyClass] { store.registeredIdentifiers }

  /// Registers `cellClass` for `identifier` (`nil` forgets it).
  public func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
    store.register(cellClass, identifier: identifier)
  }

  /// A cell that left the view under `identifier` in the current batch, or a new one of the class
  /// registered for it; an unregistered identifier is a violation.
  public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> Cell {
    store.dequeue(identifier, for: indexPath)
  }

  /// Registers `cellClass` for `identifier`, as ``register(_:forCellReuseIdentifier:)``.
  public func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
    store.register(cellClass, identifier: identifier)
  }

  /// A cell for `indexPath`, as ``dequeueReusableCell(withIdentifier:for:)``.
  public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> Cell {
    store.dequeue(identifier, for: indexPath)
  }

  /// Runs `updates`; batches started inside are recorded as not animated.
  public func performWithoutAnimation(_ updates: () -> Void) {
    animationsDisabled += 1
    updates()
    animationsDisabled -= 1
  }

  private func inBatch(_ change: (inout SectionedBatch) -> Void) {
    if batchDepth > 0, pending != nil {
      change(&pending!)
      return
    }
    withoutActuallyEscaping(change) { change in
      performBatchUpdates({ change(&self.pending!) }, completion: nil)
    }
  }

  private func record(_ call: Call) {
    if recordsCalls { calls.append(call) }
  }

  private func report(_ violation: BatchUpdateViolation) {
    violations.append(violation)
    onViolation?(violation)
    if trapsOnViolation { tetherPreconditionFailure(violation.message) }
  }
}
