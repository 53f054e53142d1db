import Foundation
import Tether

extension PlaygroundPage {
  /// Diffing: Heckel with minimal moves, Myers, Epoxy's changesets, sections.
  public static let diffing = PlaygroundPage(
    name: "diffing",
    summary: "Diffing collections: minimal moves, exact updates, Myers, sections"
  ) { out in
    out.say("`new.diff(from: old)` describes how to get from old to new in batch-update form:")
    out.say("deletes, updates and move sources are offsets in old; inserts and move targets in new.")
    let old = ["a", "b", "c", "d", "e"]
    let new = ["e", "a", "b", "d", "x"]
    out.print("old \(old)")
    out.print("new \(new)")
    out.print("diff: \(new.diff(from: old))")
    out.say("Only \"e\" moves: a, b and d kept their relative order, so they stay put.")

    out.print()
    out.say("Reversing six elements keeps one in place and moves the other five:")
    let reversed = Array((0..<6).reversed()).diff(from: Array(0..<6))
    out.print("moves: \(reversed.moves.count)  \(reversed)")

    out.print()
    out.say("Identifiable elements are matched by id; an update is a matched element whose value changed.")
    let before = [Contact(id: 1, name: "Ada"), Contact(id: 2, name: "Bob"), Contact(id: 3, name: "Cy")]
    let after = [Contact(id: 3, name: "Cy"), Contact(id: 1, name: "Ada L."), Contact(id: 4, name: "Dee")]
    out.print("diff: \(after.diff(from: before))")
    out.say("Epoxy's changeset says the same, with the new offset of each update:")
    out.print("changeset: \(after.makeChangeset(from: before))")

    out.print()
    out.say("Myers gives the shortest script of inserts and deletes; with inferMoves, a deleted and an")
    out.say("inserted copy of the same element become a move.")
    let letters = ["a", "b", "c", "d", "e"]
    let shuffled = ["b", "c", "a", "e", "f"]
    out.print("old \(letters)")
    out.print("new \(shuffled)")
    out.print("heckel:                  \(shuffled.diff(from: letters))")
    out.print("myers:                   \(shuffled.diff(from: letters, algorithm: .myers()))")
    out.print("myers(inferMoves: true): \(shuffled.diff(from: letters, algorithm: .myers(inferMoves: true)))")

    out.print()
    out.say("Duplicate identifiers are misuse the diff recovers from: the k-th old copy goes with the")
    out.say("k-th new copy, extras are deleted or inserted, and TetherLogger hears about it once.")
    let previous = TetherLogger.shared
    TetherLogger.shared = TetherLogger(warn: { message, _, _ in out.print("warning: \(message())") })
    let duplicates = ["b", "a", "a", "a"].makeChangeset(from: ["a", "a", "b"])
    TetherLogger.shared = previous
    out.print("changeset: \(duplicates)")

    out.print()
    out.say("Sections: items are matched across sections, so moving one to another section is one move.")
    let oldSections = [Shelf(id: "fruit", items: ["apple", "pear"]), Shelf(id: "veg", items: ["leek"])]
    let newSections = [Shelf(id: "fruit", items: ["apple", "fig"]), Shelf(id: "veg", items: ["leek", "pear"])]
    func shelves(_ old: [Shelf], _ new: [Shelf]) -> SectionedChangeset {
      SectionedChangeset(
        from: old,
        to: new,
        sectionIdentifiedBy: \.id,
        isSectionEqual: { _, _ in true },
        items: \.items,
        itemIdentifiedBy: { $0 },
        isItemEqual: ==
      )
    }
    let sectioned = shelves(oldSections, newSections)
    out.print("sections: \(sectioned.sectionChangeset)")
    out.print("items:    \(sectioned.itemChangeset)")
    out.say("(old [0, 1] is the pear on the fruit shelf; new [1, 1] is the pear on the veg shelf)")
    out.print("as one IndexPath diff: \(OrderedCollectionDiff<IndexPath>(sectioned))")
    out.say("When the shelves swap too, the pear is a delete and an insert: UIKit moves no row into a moving section.")
    let swapped = shelves(oldSections, newSections.reversed())
    out.print("sections: \(swapped.sectionChangeset)")
    out.print("items:    \(swapped.itemChangeset)")
  }
}

private struct Contact: Identifiable, Equatable {
  var id: Int
  var name: String
}

private struct Shelf {
  var id: String
  var items: [String]
}
