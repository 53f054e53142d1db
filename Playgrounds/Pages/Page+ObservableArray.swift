import Foundation
import Tether

extension PlaygroundPage {
  /// Observable arrays: every mutation and the one changeset (diff and patch) it emits.
  public static let observableArray = PlaygroundPage(
    name: "observable-array",
    summary: "MutableObservableArray: each mutation emits one changeset with a diff and a patch"
  ) { out in
    out.say("An observer first receives the current array as a reload, then one changeset per")
    out.say("mutation: the new array, the change as a diff (deletes, updates, move sources in the old")
    out.say("array; inserts, move targets in the new one) and as a patch (operations in order).")
    let chores = MutableObservableArray(["dishes", "laundry", "groceries"])
    let observation = chores.observeNext { changeset in
      out.print("  -> \(arrayChangesetText(changeset))")
    }

    func step(_ title: String, _ mutation: () -> Void) {
      out.print()
      out.print(title)
      mutation()
    }

    step("append(\"plants\")") { chores.append("plants") }
    step("insert(\"bins\", at: 0)") { chores.insert("bins", at: 0) }
    step("[2] = \"ironing\"") { chores[2] = "ironing" }
    step("remove(at: 1)") { chores.remove(at: 1) }
    step("move(from: 3, to: 0)") { chores.move(from: 3, to: 0) }
    step("move(from: [3, 0], to: 1)") { chores.move(from: [3, 0], to: 1) }
    step("swapAt(0, 3)") { chores.swapAt(0, 3) }
    step("sort(): only the elements that break the order move") { chores.sort() }
    step("batchUpdate { append, remove(at: 0), move(from: 0, to: 2) }: one changeset") {
      chores.batchUpdate { batch in
        batch.append("taxes")
        batch.remove(at: 0)
        batch.move(from: 0, to: 2)
      }
    }
    step("replace(with:performDiff: true): the diffing engine finds moves, inserts, deletes") {
      chores.replace(with: ["taxes", "groceries", "plants", "cooking"], performDiff: true)
    }
    step("replace(with:): a reload, never an empty diff") { chores.replace(with: ["rest"]) }
    observation.dispose()

    out.print()
    out.say("Identifiable elements: matched by id, a changed value is an update.")
    let tasks = MutableObservableArray([Task(id: 1, title: "write"), Task(id: 2, title: "test")])
    let taskObservation = tasks.observeNext { out.print("  -> \(arrayChangesetText($0))") }
    step("replace(with: [test (done), write], performDiff: true)") {
      tasks.replace(with: [Task(id: 2, title: "test (done)"), Task(id: 1, title: "write")], performDiff: true)
    }
    taskObservation.dispose()

    out.print()
    out.say("Undo: keep each changeset with the array it was applied to, then apply its inverse.")
    let letters = MutableObservableArray(["a", "b", "c"])
    let history = Property<[(change: OrderedCollectionChangeset<[String]>, old: [String])]>([])
    let previous = Property<[String]>([])
    let letterObservation = letters.observeNext { changeset in
      out.print("  -> \(arrayChangesetText(changeset))")
      let old = previous.silentModify { value in
        defer { value = changeset.collection }
        return value
      }
      if !changeset.isReload { history.silentModify { $0.append((changeset, old)) } }
    }
    step("remove(at: 0)") { letters.remove(at: 0) }
    step("append(\"d\")") { letters.append("d") }
    let changes = history.value
    step("undo both, newest first: each undo is the inverse changeset") {
      for entry in changes.reversed() { letters.undo(entry.change, from: entry.old) }
    }
    out.print("array after undo: \(letters.collection)")
    letterObservation.dispose()

    out.print()
    out.say("A mutation made from inside an observer is applied at once and delivered after the")
    out.say("current changeset has reached every observer, so each observer sees a consistent order.")
    let numbers = MutableObservableArray([1])
    let doubler = numbers.observeNext { changeset in
      if !changeset.isReload, let last = changeset.collection.last, last < 4 { numbers.append(last * 2) }
    }
    let watcher = numbers.observeNext { out.print("  -> \(arrayChangesetText($0))") }
    step("append(2): the first observer appends 4 while the second is still to hear about 2") { numbers.append(2) }
    doubler.dispose()
    watcher.dispose()
  }
}

/// One line for an ordered changeset: `reload [...]`, or the new array, the diff and the patch.
func arrayChangesetText<C: Collection>(_ changeset: OrderedCollectionChangeset<C>) -> String {
  let elements = "[\(changeset.collection.map { "\($0)" }.joined(separator: ", "))]"
  if changeset.isReload { return "reload \(elements)" }
  let patch = changeset.patch.map(\.description).joined(separator: ", ")
  return "\(elements)\n       diff  \(diffText(changeset.diff))\n       patch [\(patch)]"
}

/// The non-empty parts of a diff, such as `inserts [2], moves [3→0]`, or `no change`.
func diffText<Index>(_ diff: OrderedCollectionDiff<Index>) -> String {
  var parts: [String] = []
  if !diff.deletes.isEmpty { parts.append("deletes \(diff.deletes.map { "\($0)" })") }
  if !diff.inserts.isEmpty { parts.append("inserts \(diff.inserts.map { "\($0)" })") }
  if !diff.updates.isEmpty { parts.append("updates \(diff.updates.map { "\($0)" })") }
  if !diff.moves.isEmpty { parts.append("moves [\(diff.moves.map { "\($0.from)→\($0.to)" }.joined(separator: ", "))]") }
  return parts.isEmpty ? "no change" : parts.joined(separator: ", ").replacingOccurrences(of: "\"", with: "")
}

private struct Task: Identifiable, Equatable, CustomStringConvertible, Sendable {
  var id: Int
  var title: String
  var description: String { "#\(id) \(title)" }
}
