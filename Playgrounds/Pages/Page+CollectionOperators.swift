import Foundation
import Tether

extension PlaygroundPage {
  /// Collection operators: a task list seen through filter, sort and map, each output changeset
  /// printed with its diff and patch.
  public static let collectionOperators = PlaygroundPage(
    name: "collection-operators",
    summary: "filterCollection, sortedCollection, mapCollection, diff on signals of changesets"
  ) { out in
    out.say("A task list emits a changeset per mutation: first a reload, then diff + patch.")
    out.say("Operators turn that stream into changesets of a derived array, with their own indices.")
    let tasks = TaskListModel([
      PageTask(id: 1, title: "write report", priority: 2),
      PageTask(id: 2, title: "buy milk", priority: 3),
      PageTask(id: 3, title: "call bank", priority: 1, isDone: true),
      PageTask(id: 4, title: "fix bike", priority: 5),
    ])
    let bag = DisposeBag()
    tasks.changes.filterCollection { !$0.isDone }
      .observeNext { out.print("  open:     \(describe($0))") }.dispose(in: bag)
    tasks.changes.sortedCollection(on: \.priority)
      .observeNext { out.print("  by rank:  \(describe($0))") }.dispose(in: bag)
    tasks.changes.mapCollection { $0.title.uppercased() }
      .observeNext { out.print("  titles:   \(describe($0))") }.dispose(in: bag)

    out.print()
    out.say("Observing starts with the current state: every operator emits a reload.")
    tasks.start()

    func step(_ narration: String, _ patch: [OrderedCollectionOperation<PageTask, Int>]) {
      out.print()
      out.say(narration)
      out.print("source: \(patch.map(\.description).joined(separator: ", "))")
      tasks.apply(patch)
    }
    step(
      "Append a task: an insert in each view, at each view's own offset.",
      [
        .insert(PageTask(id: 5, title: "book flights", priority: 4), at: 4)
      ])
    step(
      "Mark 'buy milk' done: the update takes it out of the filter (a delete there).",
      [
        .update(at: 1, newElement: PageTask(id: 2, title: "buy milk", priority: 3, isDone: true))
      ])
    step(
      "Reopen 'call bank': an update that brings it into the filter is an insert.",
      [
        .update(at: 2, newElement: PageTask(id: 3, title: "call bank", priority: 1))
      ])
    step(
      "Raise 'fix bike' to priority 0: in the sorted view its rank changes, a move plus an update.",
      [
        .update(at: 3, newElement: PageTask(id: 4, title: "fix bike", priority: 0))
      ])
    step(
      "Move a task in the source: the sorted view does not change (an empty changeset).",
      [
        .move(from: 0, to: 4)
      ])
    step("Remove 'book flights': a delete everywhere it is shown.", [.delete(at: 3)])

    out.print()
    out.say("Each subscriber keeps its own index map (Bond shared one): a late subscriber starts")
    out.say("with its own reload and then follows along, while the first keeps its sequence.")
    let late = tasks.changes.filterCollection { !$0.isDone }
      .observeNext { out.print("  late open: \(describe($0))") }
    step(
      "Rename 'write report':",
      [
        .update(at: 3, newElement: PageTask(id: 1, title: "write summary", priority: 2))
      ])
    late.dispose()

    out.print()
    out.say("Replacing everything is an explicit reload, never an empty diff.")
    tasks.reload([PageTask(id: 9, title: "plan trip", priority: 1)])

    bag.dispose()

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

/// The page's task list: an array whose changes are sent as changesets through a subject.
final class TaskListModel: @unchecked Sendable {
  // Safe: the page drives it from one thread.
  private(set) var tasks: [PageTask]
  private let subject = PassthroughSubject<OrderedCollectionChangeset<[PageTask]>, Never>()

  init(_ tasks: [PageTask]) {
    self.tasks = tasks
  }

  /// The changesets, from the next one sent.
  var changes: PassthroughSubject<OrderedCollectionChangeset<[PageTask]>, Never> { subject }

  /// Sends the current tasks as a reload.
  func start() {
    subject.send(.reload(tasks))
  }

  /// Applies a patch and sends it.
  func apply(_ patch: [OrderedCollectionOperation<PageTask, Int>]) {
    tasks.apply(patch)
    subject.send(OrderedCollectionChangeset(collection: tasks, patch: patch))
  }

  /// Replaces every task and sends a reload.
  func reload(_ tasks: [PageTask]) {
    self.tasks = tasks
    subject.send(.reload(tasks))
  }
}

/// `reload [a, b]`, or `[a, b]  diff D[..] I[..] U[..] M[..]  patch [..]`.
private func describe<C: Collection>(_ changeset: OrderedCollectionChangeset<C>) -> String {
  let elements = "[" + changeset.collection.map { "\($0)" }.joined(separator: ", ") + "]"
  if changeset.isReload { return "reload \(elements)" }
  let patch = changeset.patch.map(\.description).joined(separator: ", ")
  return "\(elements)  diff \(changeset.diff.normalized())  patch [\(patch)]"
}
