import Foundation
import Tether

extension PlaygroundPage {
  /// Live filtering, sorting and grouping: a search box typed into letter by letter, a sort menu,
  /// and a list grouped by status, each change printed as the diff a table view would animate.
  public static let liveFilters = PlaygroundPage(
    name: "live-filters",
    summary: "filterCollection(by:) for a search box, sortedCollection(by:), groupedCollection(by:)"
  ) { out in
    out.say("A search box is a Property<String>; filterCollection(by:) re-filters when it changes and")
    out.say("emits the rows that leave and come back as deletes and inserts, never a reload.")
    let contacts = MutableObservableArray(["Ada", "Alan", "Barbara", "Edsger", "Grace", "Linus", "Margaret"])
    let searchText = Property("")
    let bag = DisposeBag()
    contacts.filterCollection(by: searchText) { name, text in
      text.isEmpty || name.lowercased().contains(text.lowercased())
    }
    .observeNext { out.print("  results: \(describeLive($0))") }
    .dispose(in: bag)

    for text in ["a", "ar", "arg", "ar", ""] {
      out.print()
      out.print("searchText.value = \"\(text)\"")
      searchText.value = text
    }
    out.print()
    out.say("Between keystrokes the source changes as usual, filtered with the current text.")
    out.print("searchText.value = \"ar\"")
    searchText.value = "ar"
    out.print("contacts.append(\"Richard\")")
    contacts.append("Richard")
    out.print("contacts[2] = \"Barbra\"  (still matches: an update)")
    contacts[2] = "Barbra"
    out.print("contacts[3] = \"Edgar\"  (now matches: an insert)")
    contacts[3] = "Edgar"
    bag.dispose()

    out.print()
    out.say("sortedCollection(by:) with a signal of orderings: a new ordering is a diff of moves.")
    let ordering = Property<@Sendable (String, String) -> Bool>({ $0 < $1 })
    let sorted = contacts.sortedCollection(by: ordering)
      .observeNext { out.print("  sorted: \(describeLive($0))") }
    out.print("ordering.value = { $0.count < $1.count }  (by length, ties keep source order)")
    ordering.value = { $0.count < $1.count }
    sorted.dispose()

    out.print()
    out.say("groupedCollection(by:) turns the flat array into sections; an element whose key changes")
    out.say("moves to its new section, a new key is a section insert, an emptied one a section delete.")
    let grouped = contacts.groupedCollection(by: { $0.first.map(String.init) ?? "" }, sectionOrder: .ascending)
      .observeNext { out.print("  sections: \(describeSections($0))") }
    out.print("contacts[0] = \"Barbara\"  (A → B: a move across sections)")
    contacts[0] = "Barbara"
    out.print("contacts.append(\"Zed\")  (a new section)")
    contacts.append("Zed")
    out.print("contacts.remove(at: 5)  (Linus, the last L: the section goes)")
    contacts.remove(at: 5)
    grouped.dispose()
  }
}

/// `reload [a, b]`, or `[a, b]  diff D[..] I[..] U[..] M[..]`.
private func describeLive(_ changeset: OrderedCollectionChangeset<[String]>) -> String {
  let elements = "[" + changeset.collection.joined(separator: ", ") + "]"
  if changeset.isReload { return "reload \(elements)" }
  return "\(elements)  diff \(changeset.diff.normalized())"
}

/// `reload A[Ada, Alan] B[..]`, or the sections and their diff.
private func describeSections(_ changeset: TreeChangeset<Array2D<String, String>>) -> String {
  let sections = changeset.collection.sections.map { "\($0.metadata)[\($0.items.joined(separator: ", "))]" }
    .joined(separator: " ")
  if changeset.isReload { return "reload \(sections)" }
  let diff = changeset.diff
  let paths: ([IndexPath]) -> String = {
    "[" + $0.sorted().map { $0.map(String.init).joined(separator: ".") }.joined(separator: ", ") + "]"
  }
  let moves = diff.moves.sorted { $0.from < $1.from }
    .map { "\($0.from.map(String.init).joined(separator: ".")) → \($0.to.map(String.init).joined(separator: "."))" }
  return
    "\(sections)  diff D\(paths(diff.deletes)) I\(paths(diff.inserts)) U\(paths(diff.updates)) M[\(moves.joined(separator: ", "))]"
}
