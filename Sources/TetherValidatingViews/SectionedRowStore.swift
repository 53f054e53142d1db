import Foundation
import TetherDataSources
import TetherSynchronization

/// One row a view shows: its cell, an identity that follows it through moves and reloads, and the
/// reuse identifier its cell was dequeued with.
package struct ShownRow<Cell> {
  package let id: Int
  package var cell: Cell
  package var reuseIdentifier: String?
}

/// One section a view shows.
package struct ShownSection<Cell> {
  package let id: Int
  package var title: String?
  package var rows: [ShownRow<Cell>]
}

/// What one batch did, by row and section identity, for views that show it (the terminal view).
package struct BatchOutcome {
  package var insertedRows = Set<Int>()
  package var reloadedRows = Set<Int>()
  package var movedRows = Set<Int>()
  package var insertedSections = Set<Int>()
  package var reloadedSections = Set<Int>()
  package var movedSections = Set<Int>()

  /// An outcome that did nothing (a reload).
  package init() {}
}

/// How a view hands out cells by index path, and which of UIKit's dequeue rules it enforces.
package enum CellDequeueRules {
  /// `UITableView`: a cell the data source made itself is fine; dequeuing an unregistered
  /// identifier by index path is not.
  case table
  /// `UICollectionView`: every cell must be dequeued by index path, from a registered identifier,
  /// for the index path asked.
  case collection
}

/// One cell a view handed out by index path while the data source was asked for a cell.
private struct Dequeued {
  let identifier: String
  let indexPath: IndexPath
  let object: ObjectIdentifier?
}

/// The rows of a sectioned view, kept the way `UITableView` keeps them: applies reloads and checked
/// batches, asking the data source for the cells of inserted and reloaded rows, and recycling the
/// cells of rows that leave through ``dequeue(_:)`` and ``dequeue(_:for:)``.
@MainActor
package final class SectionedRowStore<Cell> {
  package private(set) var sections: [ShownSection<Cell>] = []
  private var nextID = 0
  private var pool: [String: [Cell]] = [:]
  private var lastDequeuedIdentifier: String?
  private var registrations: [String: AnyClass] = [:]
  private var dequeuedDuringFetch: [Dequeued] = []

  /// Which of UIKit's dequeue rules the view follows.
  package let rules: CellDequeueRules
  /// Makes a cell for an identifier registered with `cellClass` (`nil` when the identifier is not
  /// registered), or returns `nil` when it cannot.
  let makeCell: (_ cellClass: AnyClass?, _ identifier: String) -> Cell?
  /// Receives every cell rule the data source breaks.
  package var report: (BatchUpdateViolation) -> Void = { _ in }

  package init(
    rules: CellDequeueRules = .table,
    makeCell: ((_ cellClass: AnyClass?, _ identifier: String) -> Cell?)? = nil
  ) {
    self.rules = rules
    self.makeCell = makeCell ?? Self.constructCell
  }

  /// A cell of `cellClass` made with `init()` when the class is a ``ConstructibleCell``; without
  /// a class (an unregistered identifier, already reported), a `Cell` made with `init()` if it is
  /// one, so that the check can go on.
  static func constructCell(_ cellClass: AnyClass?, identifier: String) -> Cell? {
    guard let type = (cellClass ?? (Cell.self as? AnyClass)) as? any ConstructibleCell.Type else { return nil }
    return type.init() as? Cell
  }

  /// The identifiers registered, and their classes.
  var registeredIdentifiers: [String: AnyClass] { registrations }

  /// Registers `cellClass` for `identifier`, or forgets the identifier when it is `nil`.
  package func register(_ cellClass: AnyClass?, identifier: String) {
    registrations[identifier] = cellClass
  }

  /// A recycled cell made with `identifier`, if any. Also notes the identifier, so the cell the
  /// data source returns next is recycled under it.
  package func dequeue(_ identifier: String) -> Cell? {
    lastDequeuedIdentifier = identifier
    guard var cells = pool[identifier], let cell = cells.popLast() else { return nil }
    pool[identifier] = cells
    return cell
  }

  /// A recycled cell made with `identifier`, or a new one of the class registered for it; an
  /// unregistered identifier is reported with UIKit's message (and a cell is still made, when
  /// ``makeCell`` can, so that the check goes on).
  package func dequeue(_ identifier: String, for indexPath: IndexPath) -> Cell {
    let cellClass: AnyClass? = registrations[identifier]
    if cellClass == nil { report(.unregistered(identifier, rules: rules)) }
    let cell: Cell
    if var cells = pool[identifier], let recycled = cells.popLast() {
      pool[identifier] = cells
      cell = recycled
    } else if let made = makeCell(cellClass, identifier) {
      cell = made
    } else {
      tetherPreconditionFailure(
        "The view cannot create a cell for the identifier \"\(identifier)\": "
          + (cellClass.map { "\(String(reflecting: $0)) is not a ConstructibleCell of type \(Cell.self)" }
            ?? "no class is registered for it"))
    }
    dequeuedDuringFetch.append(Dequeued(identifier: identifier, indexPath: indexPath, object: objectIdentity(of: cell)))
    return cell
  }

  /// Forgets every row and reads everything from `dataSource`.
  package func reload(from dataSource: (any SectionedViewDataSource<Cell>)?) {
    // In reverse, so that fetching in order dequeues each row's own cell first.
    for section in sections.reversed() { section.rows.reversed().forEach(recycle) }
    sections = []
    if let dataSource {
      sections = (0..<dataSource.numberOfSections()).map { fetchSection($0, id: makeID(), from: dataSource) }
    }
    pool = [:]
  }

  /// Checks `batch` against UIKit's rules and applies it, or throws the first rule it breaks
  /// (leaving the rows as they were).
  ///
  /// Cells are asked for in three passes, so that the view's reuse pool serves them best: first
  /// the cells of every reloaded row (whose old cells were recycled just before, in reverse, so
  /// each row gets its own back when the style allows), then those of inserted rows, then those
  /// of inserted and reloaded sections.
  ///
  /// - Complexity: O(s + k log k) for s sections and a batch of k calls, plus O(r) for each section
  ///   of r rows that a row change touches.
  package func apply(
    _ batch: SectionedBatch,
    from dataSource: (any SectionedViewDataSource<Cell>)?
  ) throws(BatchUpdateViolation) -> BatchOutcome {
    let newItemCounts = dataSource.map { source in (0..<source.numberOfSections()).map(source.numberOfItems) } ?? []
    let plan = try SectionedBatchPlan(batch, oldItemCounts: sections.map(\.rows.count), newItemCounts: newItemCounts)
    var outcome = BatchOutcome()
    guard let dataSource else {
      sections = []
      return outcome
    }
    let old = sections
    for section in plan.deletedSections { old[section].rows.forEach(recycle) }
    // Per section, keyed by item offsets: rows leaving an old section (deleted or moved out),
    // reloaded rows of an old section, rows arriving in a new section (inserted or moved in).
    var leaving: [Int: Set<Int>] = [:]
    var reloaded: [Int: Set<Int>] = [:]
    var arriving: [Int: [Int: IndexPath?]] = [:]
    for path in batch.rowDeletes {
      leaving[path[0], default: []].insert(path[1])
      recycle(old[path[0]].rows[path[1]])
    }
    for path in batch.rowReloads { reloaded[path[0], default: []].insert(path[1]) }
    for path in batch.rowInserts { arriving[path[0], default: [:]][path[1]] = .some(nil) }
    for move in batch.rowMoves {
      leaving[move.from[0], default: []].insert(move.from[1])
      arriving[move.to[0], default: [:]][move.to[1]] = .some(move.from)
    }
    let insertedSections = Set(batch.sectionInserts)

    // Pass 1: place every row that keeps its cell; note the places of reloaded and inserted rows.
    var new: [ShownSection<Cell>] = []
    new.reserveCapacity(plan.originOfSection.count)
    var touched: [Int: [ShownRow<Cell>?]] = [:]
    var reloads: [(section: Int, item: Int, old: ShownRow<Cell>)] = []
    var inserts: [(section: Int, item: Int)] = []
    var fetchedSections: [Int] = []
    for (index, origin) in plan.originOfSection.enumerated() {
      guard let origin, !plan.reloadedSections.contains(origin) else {
        if let origin { old[origin].rows.reversed().forEach(recycle) }
        let id = origin.map { old[$0].id } ?? makeID()
        if insertedSections.contains(index) {
          outcome.insertedSections.insert(id)
        } else {
          outcome.reloadedSections.insert(id)
        }
        new.append(ShownSection(id: id, title: nil, rows: []))
        fetchedSections.append(index)
        continue
      }
      if plan.movedSections.contains(origin) { outcome.movedSections.insert(old[origin].id) }
      let title = dataSource.titleForHeader(inSection: index)
      let leavingRows = leaving[origin] ?? []
      let reloadedRows = reloaded[origin] ?? []
      let arrivingRows = arriving[index] ?? [:]
      if leavingRows.isEmpty && reloadedRows.isEmpty && arrivingRows.isEmpty {
        // Untouched: the rows stay as they are (a copy-on-write array, not copied).
        new.append(ShownSection(id: old[origin].id, title: title, rows: old[origin].rows))
        continue
      }
      new.append(ShownSection(id: old[origin].id, title: title, rows: []))
      // The rows that stay keep their order and fill the places no row arrives at; copied by runs.
      let oldRows = old[origin].rows
      let leavingSorted = leavingRows.sorted()
      var staying: [ShownRow<Cell>?] = []
      staying.reserveCapacity(oldRows.count)
      var start = 0
      for offset in leavingSorted {
        staying.append(contentsOf: oldRows[start..<offset].lazy.map { $0 })
        start = offset + 1
      }
      staying.append(contentsOf: oldRows[start...].lazy.map { $0 })
      let arrivals = arrivingRows.sorted { $0.key < $1.key }
      var rows: [ShownRow<Cell>?] = []
      rows.reserveCapacity(plan.newItemCounts[index])
      var next = 0
      for (item, source) in arrivals {
        // The plan checked the counts, so the staying rows always fill the gap exactly.
        let gap = item - rows.count
        rows.append(contentsOf: staying[next..<(next + gap)])
        next += gap
        if let source {
          let row = old[source[0]].rows[source[1]]
          outcome.movedRows.insert(row.id)
          rows.append(row)
        } else {
          inserts.append((index, item))
          rows.append(nil)
        }
      }
      rows.append(contentsOf: staying[next...])
      let targets = arrivals.map(\.key)
      for offset in reloadedRows.sorted() {
        // Its place among the staying rows, then among all rows.
        var item = offset - leavingSorted.prefix { $0 < offset }.count
        for target in targets {
          if target <= item { item += 1 } else { break }
        }
        reloads.append((index, item, oldRows[offset]))
        rows[item] = nil
      }
      touched[index] = rows
    }

    // Pass 2: reloaded rows, their old cells recycled first.
    for reload in reloads.reversed() { recycle(reload.old) }
    for reload in reloads {
      touched[reload.section]![reload.item] = fetchRow(
        at: [reload.section, reload.item], id: reload.old.id, from: dataSource)
      outcome.reloadedRows.insert(reload.old.id)
    }
    // Pass 3: inserted rows, then inserted and reloaded sections.
    for insert in inserts {
      let row = fetchRow(at: [insert.section, insert.item], id: makeID(), from: dataSource)
      touched[insert.section]![insert.item] = row
      outcome.insertedRows.insert(row.id)
    }
    for index in fetchedSections { new[index] = fetchSection(index, id: new[index].id, from: dataSource) }
    for (index, rows) in touched { new[index].rows = rows.map { $0! } }
    sections = new
    pool = [:]
    return outcome
  }

  private func makeID() -> Int {
    nextID += 1
    return nextID
  }

  private func recycle(_ row: ShownRow<Cell>) {
    if let identifier = row.reuseIdentifier { pool[identifier, default: []].append(row.cell) }
  }

  private func fetchRow(
    at path: IndexPath, id: Int, from dataSource: any SectionedViewDataSource<Cell>
  ) -> ShownRow<Cell> {
    lastDequeuedIdentifier = nil
    dequeuedDuringFetch.removeAll(keepingCapacity: true)
    let cell = dataSource.cellForItem(at: path)
    // Only a view with a collection view's rules, or a cell handed out by index path, needs a
    // look at the cell: the table-view path stays as cheap as before.
    guard rules == .collection || !dequeuedDuringFetch.isEmpty else {
      return ShownRow(id: id, cell: cell, reuseIdentifier: lastDequeuedIdentifier)
    }
    // The cell counts as dequeued if it is one the view handed out for this index path (for
    // values, which have no identity: if any cell was handed out for it).
    let object = objectIdentity(of: cell)
    let dequeued = dequeuedDuringFetch.last { $0.indexPath == path && (object == nil || $0.object == object) }
    dequeuedDuringFetch.removeAll(keepingCapacity: true)
    if dequeued == nil, rules == .collection { report(.cellNotDequeued) }
    return ShownRow(id: id, cell: cell, reuseIdentifier: dequeued?.identifier ?? lastDequeuedIdentifier)
  }

  private func objectIdentity(of cell: Cell) -> ObjectIdentifier? {
    type(of: cell as Any) is AnyClass ? ObjectIdentifier(cell as AnyObject) : nil
  }

  private func fetchSection(
    _ index: Int, id: Int, from dataSource: any SectionedViewDataSource<Cell>
  )
    -> ShownSection<Cell>
  {
    let rows = (0..<dataSource.numberOfItems(inSection: index)).map { item in
      fetchRow(at: [index, item], id: makeID(), from: dataSource)
    }
    return ShownSection(id: id, title: dataSource.titleForHeader(inSection: index), rows: rows)
  }
}
