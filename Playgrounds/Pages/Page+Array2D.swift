import Foundation
import Tether

extension PlaygroundPage {
  /// Observable 2D arrays: sections and items, each mutation as one tree changeset.
  public static let array2D = PlaygroundPage(
    name: "array-2d",
    summary: "MutableObservableArray2D: sections and items addressed by IndexPath"
  ) { out in
    out.say("A 2D array has sections (with metadata) holding items. [s] is a section, [s, i] an item.")
    out.say("Each mutation emits one changeset whose diff mixes section and item entries (as a")
    out.say("UITableView batch update wants them) and whose patch lists tree operations in order.")
    let contacts = MutableObservableArray2D(
      Array2D(sectionsWithItems: [("A", ["Alice", "Avery"]), ("B", ["Bob"]), ("C", ["Cleo"])])
    )
    let observation = contacts.observeNext { changeset in
      out.print("  -> \(array2DChangesetText(changeset))")
    }

    func step(_ title: String, _ mutation: () -> Void) {
      out.print()
      out.print(title)
      mutation()
    }

    step("appendItem(\"Bea\", toSectionAt: 1)") { contacts.appendItem("Bea", toSectionAt: 1) }
    step("insert(item: \"Aaron\", at: [0, 0])") { contacts.insert(item: "Aaron", at: [0, 0]) }
    step("[itemAt: [2, 0]] = \"Cleo M.\"") { contacts[itemAt: [2, 0]] = "Cleo M." }
    step("moveItem(from: [0, 2], to: [1, 0]): across sections, one move") {
      contacts.moveItem(from: [0, 2], to: [1, 0])
    }
    step("removeItem(at: [0, 0])") { contacts.removeItem(at: [0, 0]) }
    step("appendSection(\"D\", items: [\"Dana\"]): one section insert carrying its item") {
      contacts.appendSection("D", items: ["Dana"])
    }
    step("updateMetadata(ofSectionAt: 2, with: \"C (friends)\"): the section keeps its items") {
      contacts.updateMetadata(ofSectionAt: 2, with: "C (friends)")
    }
    step("moveSection(from: 3, to: 0)") { contacts.moveSection(from: 3, to: 0) }
    step("removeSection(at: 2)") { contacts.removeSection(at: 2) }
    step("batchUpdate { insert a section, move Dana into it, append Amir to A }: one changeset") {
      contacts.batchUpdate { batch in
        batch.insert(section: .init(metadata: "E", items: []), at: 3)
        batch.moveItem(from: [0, 0], to: [3, 0])
        batch.appendItem("Amir", toSectionAt: 1)
      }
    }
    step("replaceItems(ofSectionAt: 1, with: [\"Amir\", \"Alice\", \"Avery\"], performDiff: true)") {
      contacts.replaceItems(ofSectionAt: 1, with: ["Amir", "Alice", "Avery"], performDiff: true)
    }
    step("replace(with:performDiff: true): sections and items diffed together; Alice changes section") {
      contacts.replace(
        with: Array2D(sectionsWithItems: [
          ("A", ["Amir", "Avery"]), ("C (friends)", ["Cleo M.", "Alice"]), ("F", ["Finn"]),
        ]),
        performDiff: true
      )
    }
    out.say("Items leaving a deleted section, or joining an inserted one, are deletes and inserts, as")
    out.say("in a UITableView batch update; between kept sections they are moves.")
    step("removeAllItems(): the sections stay") { contacts.removeAllItems() }
    step("removeAllItemsAndSections()") { contacts.removeAllItemsAndSections() }
    step("replace(with:): a reload") { contacts.replace(with: Array2D(sectionsWithItems: [("Z", ["Zoe"])])) }
    observation.dispose()
  }
}

/// One line for a 2D changeset: `reload ...`, or the new 2D array, the diff and the patch.
func array2DChangesetText<SectionMetadata, Item>(_ changeset: TreeChangeset<Array2D<SectionMetadata, Item>>) -> String {
  if changeset.isReload { return "reload \(changeset.collection)" }
  let patch = changeset.patch.map { operation -> String in
    switch operation {
    case .insert(let node, let path): "insert(\(nodeText(node)), at: \(path))"
    case .delete(let path): "delete(\(path))"
    case .update(let path, let node): "update(\(path), \(node.value))"
    case .move(let from, let to): "move(\(from) → \(to))"
    }
  }
  return
    "\(changeset.collection)\n       diff  \(diffText(changeset.diff))\n       patch [\(patch.joined(separator: ", "))]"
}

private func nodeText<SectionMetadata, Item>(_ node: TreeNode<Array2DElement<SectionMetadata, Item>>) -> String {
  node.children.isEmpty
    ? "\(node.value)" : "\(node.value): [\(node.children.map { "\($0.value)" }.joined(separator: ", "))]"
}
