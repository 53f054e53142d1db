import Foundation

/// One row a view shows: its cell, an identity that follows it through moves and reloads, and the
/// reuse identifier its cell was dequeued with.
struct ShownRow<Cell> {
  let id: Int
  var cell: Cell
  var reuseIdentifier: String?
}

/// One section a view shows.
struct ShownSection<Cell> {
  let id: Int
  var title: String?
  var rows: [ShownRow<Cell>]
}

/// What one batch did, by row and section identity, for views that show it (the terminal view).
struct BatchOutcome {
  var insertedRows = Set<Int>()
  var reloadedRows = Set<Int>()
  var movedRows = Set<Int>()
  var insertedSections = Set<Int>()
  var reloadedSections = Set<Int>()
  var movedSections = Set<Int>()
}

/// The rows of a sectioned view, kept the way `UITableView` keeps them: applies reloads and checked
/// batches, asking the data source for the cells of inserted and reloaded rows, and recycling the
/// cells of rows that leave through ``dequeue(_:)``.
@MainActor
final class SectionedRowStore<Cell> {
  private(set) var sections: [ShownSection<Cell>] = []
  private var nextID = 0
  private var pool: [String: [Cell]] = [:]
  private var lastDequeuedIdentifier: String?

  /// A recycled cell made with `identifier`, if any. Also notes the identifier, so the cell the
  /// data source returns next is recycled under it.
  func dequeue(_ identifier: String) -> Cell? {
    lastDequeuedIdentifier = identifier
    guard var cells = pool[identifier], let cell = cells.popLast() else { return nil }
    pool[identifier] = cells
    return cell
  }

  /// Forgets every row and reads everything from `dataSource`.
  func reload(from dataSource: (any SectionedViewDataSource<Cell>)?) {
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
  func apply(
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
    var deletedRows = Set<IndexPath>()
    for path in batch.rowDeletes {
      deletedRows.insert(path)
      recycle(old[path[0]].rows[path[1]])
    }
    let movedSources = Dictionary(uniqueKeysWithValues: batch.rowMoves.map { ($0.to, $0.from) })
    let movedOut = Set(batch.rowMoves.map(\.from))
    let reloads = Set(batch.rowReloads)
    let inserts = Set(batch.rowInserts)
    let insertedSections = Set(batch.sectionInserts)

    var new: [ShownSection<Cell>] = []
    for (index, origin) in plan.originOfSection.enumerated() {
      guard let origin, !plan.reloadedSections.contains(origin) else {
        if let origin { old[origin].rows.reversed().forEach(recycle) }
        let id = origin.map { old[$0].id } ?? makeID()
        if insertedSections.contains(index) {
          outcome.insertedSections.insert(id)
        } else {
          outcome.reloadedSections.insert(id)
        }
        new.append(fetchSection(index, id: id, from: dataSource))
        continue
      }
      if plan.movedSections.contains(origin) { outcome.movedSections.insert(old[origin].id) }
      // Rows that stay in place, in order, then every row placed at its final index.
      var staying = old[origin].rows.indices.lazy
        .filter { !deletedRows.contains([origin, $0]) && !movedOut.contains([origin, $0]) }
        .makeIterator()
      var rows: [ShownRow<Cell>] = []
      rows.reserveCapacity(plan.newItemCounts[index])
      for item in 0..<plan.newItemCounts[index] {
        let path: IndexPath = [index, item]
        if let source = movedSources[path] {
          let row = old[source[0]].rows[source[1]]
          outcome.movedRows.insert(row.id)
          rows.append(row)
        } else if inserts.contains(path) {
          let row = fetchRow(at: path, id: makeID(), from: dataSource)
          outcome.insertedRows.insert(row.id)
          rows.append(row)
        } else {
          // The plan checked the counts, so a staying row is always left here.
          let oldItem = staying.next()!
          var row = old[origin].rows[oldItem]
          if reloads.contains([origin, oldItem]) {
            recycle(row)
            row = fetchRow(at: path, id: row.id, from: dataSource)
            outcome.reloadedRows.insert(row.id)
          }
          rows.append(row)
        }
      }
      new.append(ShownSection(id: old[origin].id, title: dataSource.titleForHeader(inSection: index), rows: rows))
    }
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
    let cell = dataSource.cellForItem(at: path)
    return ShownRow(id: id, cell: cell, reuseIdentifier: lastDequeuedIdentifier)
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
