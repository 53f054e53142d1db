import Foundation
import Tether

extension PlaygroundPage {
  /// Observable sets and dictionaries: unordered changesets (no moves), printed by element.
  public static let setsAndDictionaries = PlaygroundPage(
    name: "sets-and-dictionaries",
    summary: "MutableObservableSet and MutableObservableDictionary: inserts, deletes, updates"
  ) { out in
    out.say("Sets and dictionaries emit unordered changesets: inserts, deletes and updates, no")
    out.say("moves. Their indices are hash-table positions (opaque, and different from run to run),")
    out.say("so this page prints the elements each diff and patch entry addresses, sorted.")

    func step(_ title: String, _ mutation: () -> Void) {
      out.print()
      out.print(title)
      mutation()
    }

    out.print()
    out.say("A set of tags.")
    let tags = MutableObservableSet<String>(["swift", "ios"])
    let previousTags = Property<Set<String>>([])
    let tagObservation = tags.observeNext { changeset in
      let old = previousTags.silentModify { value in
        defer { value = changeset.collection }
        return value
      }
      out.print("  -> \(setChangesetText(changeset, from: old))")
    }
    step("insert(\"linux\")") { tags.insert("linux") }
    step("insert(\"swift\"): already there, so an empty changeset (not a reload)") { tags.insert("swift") }
    step("formUnion([\"ios\", \"server\", \"cli\"])") { tags.formUnion(["ios", "server", "cli"]) }
    step("subtract([\"ios\", \"cli\", \"watch\"])") { tags.subtract(["ios", "cli", "watch"]) }
    step("replace(with: [\"swift\", \"wasm\"]): diffed by membership") { tags.replace(with: ["swift", "wasm"]) }
    step("replace(with: [\"rust\"], performDiff: false): a reload") { tags.replace(with: ["rust"], performDiff: false) }
    step("removeAll()") { tags.removeAll() }
    tagObservation.dispose()

    out.print()
    out.say("A dictionary: setting a new key inserts, setting a present key updates, nil deletes.")
    let scores = MutableObservableDictionary(["ada": 3, "bob": 1])
    let previousScores = Property<[String: Int]>([:])
    let scoreObservation = scores.observeNext { changeset in
      let old = previousScores.silentModify { value in
        defer { value = changeset.collection }
        return value
      }
      out.print("  -> \(dictionaryChangesetText(changeset, from: old))")
    }
    step("[\"cy\"] = 2: a new key is an insert") { scores["cy"] = 2 }
    step("[\"ada\"] = 4: a present key is an update") { scores["ada"] = 4 }
    step("[\"bob\"] = nil: a delete") { scores["bob"] = nil }
    step("updateValue(5, forKey: \"cy\")") { scores.updateValue(5, forKey: "cy") }
    step("merge([\"ada\": 4, \"dee\": 1], uniquingKeysWith: max): ada keeps 4, so only dee changes") {
      scores.merge(["ada": 4, "dee": 1], uniquingKeysWith: max)
    }
    step("replace(with: [\"ada\": 4, \"cy\": 6, \"eve\": 2]): by key and value") {
      scores.replace(with: ["ada": 4, "cy": 6, "eve": 2])
    }
    step("removeValue(forKey: \"nobody\"): nothing there, an empty changeset") { scores.removeValue(forKey: "nobody") }
    step("removeAll()") { scores.removeAll() }
    scoreObservation.dispose()
  }
}

/// The new set, the diff's entries by element (deletes read from `old`) and the patch, sorted.
private func setChangesetText<Element: Comparable>(
  _ changeset: UnorderedCollectionChangeset<Set<Element>>,
  from old: Set<Element>
) -> String {
  let members = "[\(changeset.collection.sorted().map { "\($0)" }.joined(separator: ", "))]"
  if changeset.isReload { return "reload \(members)" }
  let diff = changeset.diff
  var parts: [String] = []
  if !diff.inserts.isEmpty { parts.append("inserted \(diff.inserts.map { changeset.collection[$0] }.sorted())") }
  if !diff.deletes.isEmpty { parts.append("deleted \(diff.deletes.map { old[$0] }.sorted())") }
  let operations = changeset.patch.map { operation -> String in
    switch operation {
    case .insert(let element, _): "insert(\(element))"
    case .delete(let index): "delete(\(old[index]))"
    case .update(_, let element): "update(\(element))"
    }
  }.sorted()
  let diffLine = parts.isEmpty ? "no change" : parts.joined(separator: ", ")
  return "\(members)\n       diff  \(diffLine)\n       patch [\(operations.joined(separator: ", "))]"
    .replacingOccurrences(of: "\"", with: "")
}

/// The new dictionary, the diff's entries by key (deletes and old values read from `old`) and the
/// patch, sorted.
private func dictionaryChangesetText<Value>(
  _ changeset: UnorderedCollectionChangeset<[String: Value]>,
  from old: [String: Value]
) -> String {
  let entries = changeset.collection.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
  let contents = "[\(entries.joined(separator: ", "))]"
  if changeset.isReload { return "reload \(contents)" }
  let diff = changeset.diff
  var parts: [String] = []
  if !diff.inserts.isEmpty {
    parts.append("inserted keys \(diff.inserts.map { changeset.collection[$0].key }.sorted())")
  }
  if !diff.deletes.isEmpty { parts.append("deleted keys \(diff.deletes.map { old[$0].key }.sorted())") }
  if !diff.updates.isEmpty {
    let updates = diff.updates.map { old[$0] }.sorted { $0.key < $1.key }.map { entry in
      "\(entry.key): \(entry.value) → \(changeset.collection[entry.key]!)"
    }
    parts.append("updated [\(updates.joined(separator: ", "))]")
  }
  let operations = changeset.patch.map { operation -> String in
    switch operation {
    case .insert(let entry, _): "insert(\(entry.key): \(entry.value))"
    case .delete(let index): "delete(\(old[index].key))"
    case .update(_, let entry): "update(\(entry.key): \(entry.value))"
    }
  }.sorted()
  let diffLine = parts.isEmpty ? "no change" : parts.joined(separator: ", ")
  return "\(contents)\n       diff  \(diffLine)\n       patch [\(operations.joined(separator: ", "))]"
    .replacingOccurrences(of: "\"", with: "")
}
