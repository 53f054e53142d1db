import Foundation
import Tether

extension PlaygroundPage {
  /// Collection operators: a task list seen through filter, sort and map, each output changeset
  /// printed with its diff and patch.
  public static let collectionOperators = PlaygroundPage(
    name: "collection-operators",
    summary: "filterCollection, sortedCollection, mapCollection, diff, flattenSections"
  ) { out in
    out.say("A MutableObservableArray emits a changeset per mutation: first a reload, then diff + patch.")
    out.say("Operators turn that stream into changesets of a derived array, with its own indices.")
    let tasks = MutableObservableArray([
      PageTask(id: 1, title: "write report", priority: 2),
      PageTask(id: 2, title: "buy milk", priority: 3),
      PageTask(id: 3, title: "call bank", priority: 1, isDone: true),
      PageTask(id: 4, title: "fix bike", priority: 5),
    ])
    let bag = DisposeBag()
    out.print()
    out.say("Observing starts with the current state: every operator emits a reload.")
    tasks.filterCollection { !$0.isDone }
      .observeNext { out.print("  open:    \(describe($0))") }.dispose(in: bag)
    tasks.sortedCollection(on: \.priority)
      .observeNext { out.print("  by rank: \(describe($0))") }.dispose(in: bag)
    tasks.mapCollection { $0.title.uppercased() }
      .observeNext { out.print("  titles:  \(describe($0))") }.dispose(in: bag)

    func step(_ narration: String, _ code: String, _ mutation: () -> Void) {
      out.print()
      out.say(narration)
      out.print(code)
      mutation()
    }
    step("Append a task: an insert in each view, at each view's own offset.", "tasks.append(book flights, p4)") {
      tasks.append(PageTask(id: 5, title: "book flights", priority: 4))
    }
    step(
      "Mark 'buy milk' done: the update takes it out of the filter, a delete there.", "tasks[1] = buy milk(p3, done)"
    ) {
      tasks[1] = PageTask(id: 2, title: "buy milk", priority: 3, isDone: true)
    }
    step("Reopen 'call bank': an update that brings it into the filter is an insert.", "tasks[2] = call bank(p1)") {
      tasks[2] = PageTask(id: 3, title: "call bank", priority: 1)
    }
    step(
      "Raise 'fix bike' to priority 0: its rank changes, a move plus an update in the sorted view.",
      "tasks[3] = fix bike(p0)"
    ) {
      tasks[3] = PageTask(id: 4, title: "fix bike", priority: 0)
    }
    step(
      "Move a task in the source: the sorted view does not change (an empty changeset, not a reload).",
      "tasks.move(from: 0, to: 4)"
    ) {
      tasks.move(from: 0, to: 4)
    }
    step(
      "Several mutations in one batch: one changeset per view.",
      "tasks.batchUpdate { remove(at: 3); append(walk dog, p2) }"
    ) {
      tasks.batchUpdate { batch in
        batch.remove(at: 3)
        batch.append(PageTask(id: 6, title: "walk dog", priority: 2))
      }
    }

    out.print()
    out.say("Each subscriber keeps its own index map (Bond shared one between all subscribers): a late")
    out.say("subscriber starts with its own reload, and both follow the next change.")
    let late = tasks.filterCollection { !$0.isDone }.observeNext { out.print("  late open: \(describe($0))") }
    step("Rename 'write report':", "tasks[3] = write summary(p2)") {
      tasks[3] = PageTask(id: 1, title: "write summary", priority: 2)
    }
    late.dispose()
    step("Replacing without a diff is an explicit reload, never an empty diff.", "tasks.replace(with: [plan trip, p1])")
    {
      tasks.replace(with: [PageTask(id: 9, title: "plan trip", priority: 1)])
    }
    bag.dispose()

    out.print()
    out.say("Dictionaries sort by key by default, or by any key of the (key, value) entry.")
    let scores = MutableObservableDictionary(["ann": 3, "bob": 5, "cy": 1])
    let leaderboard = scores.sortedCollection { $0.value > $1.value }
      .observeNext { out.print("  leaderboard: \(describeEntries($0))") }
    out.print("scores[\"cy\"] = 9")
    scores["cy"] = 9
    out.print("scores[\"dee\"] = 4")
    scores["dee"] = 4
    leaderboard.dispose()

    out.print()
    out.say("flattenSections: a 2D array's items as one flat array; a section move moves its items.")
    let shelves = MutableObservableArray2D(
      Array2D(sectionsWithItems: [("fruit", ["apple", "pear"]), ("veg", ["leek"])]))
    let flat = shelves.flattenSections().observeNext { out.print("  items: \(describe($0))") }
    out.print("shelves.appendItem(kale, toSectionAt: 1)")
    shelves.appendItem("kale", toSectionAt: 1)
    out.print("shelves.moveSection(from: 1, to: 0)")
    shelves.moveSection(from: 1, to: 0)
    flat.dispose()

    out.print()
    out.say("diff() turns a signal of plain arrays into changesets (Heckel diff, minimal moves).")
    let snapshots = PassthroughSubject<[String], Never>()
    let diffed = snapshots.diff().observeNext { out.print("  \(describe($0))") }
    snapshots.send(["a", "b", "c", "d"])
    snapshots.send(["d", "a", "b", "e"])
    diffed.dispose()
  }
}

/// A task of the collection-operators page.
struct PageTask: Sendable, CustomStringConvertible {
  var id: Int
  var title: String
  var priority: Int
  var isDone = false

  var description: String { "\(title)(p\(priority)\(isDone ? ", done" : ""))" }
}

/// `reload [a, b]`, or `[a, b]  diff D[..] I[..] U[..] M[..]  patch [..]`.
private func describe<C: Collection>(_ changeset: OrderedCollectionChangeset<C>) -> String {
  let elements = "[" + changeset.collection.map { "\($0)" }.joined(separator: ", ") + "]"
  if changeset.isReload { return "reload \(elements)" }
  let patch = changeset.patch.map(\.description).joined(separator: ", ")
  return "\(elements)  diff \(changeset.diff.normalized())  patch [\(patch)]"
}

/// Like `describe`, with entries printed as `key: value`.
private func describeEntries(_ changeset: OrderedCollectionChangeset<[(key: String, value: Int)]>) -> String {
  let entries = changeset.collection.map { "\($0.key): \($0.value)" }
  if changeset.isReload { return "reload [\(entries.joined(separator: ", "))]" }
  let patch = changeset.patch.map { operation -> String in
    switch operation {
    case .insert(let entry, let offset): "insert(\(entry.key): \(entry.value), at: \(offset))"
    case .delete(let offset): "delete(\(offset))"
    case .update(let offset, let entry): "update(\(offset), \(entry.key): \(entry.value))"
    case .move(let from, let to): "move(\(from) → \(to))"
    }
  }
  return
    "[\(entries.joined(separator: ", "))]  diff \(changeset.diff.normalized())  patch [\(patch.joined(separator: ", "))]"
}
