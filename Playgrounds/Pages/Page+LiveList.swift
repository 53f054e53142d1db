import Foundation
import Tether

extension PlaygroundPage {
  /// Live list: a terminal list view bound to a changing 2D array, driven by a scripted sequence.
  public static let liveList = PlaygroundPage(
    name: "live-list",
    summary: "a terminal list view updated line by line from changesets"
  ) { out in
    MainActor.assumeIsolated { liveListPage(out) }
  }
}

private typealias Shopping = Array2D<String, String>
private typealias Node = TreeNode<Array2DElement<String, String>>

@MainActor
private func liveListPage(_ out: Transcript) {
  out.say("TerminalListView is a SectionedViewProtocol: binders drive it like a table view.")
  out.say("Here it is in plain mode (what it picks when output is not a terminal): every batch")
  out.say("prints a summary and the list, marked + inserted, ~ reloaded, > moved, - deleted.")
  var list = Shopping(sectionsWithItems: [("To buy", ["milk", "bread", "eggs"]), ("Done", [])])
  let changes = Property(TreeChangeset(reloading: list))
  let view = TerminalListView(mode: .plain, width: 40) { text in
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() { out.print(String(line)) }
  }
  let binding = changes.bind(to: view, cellType: TerminalTextCell.self) { cell, item in cell.text = item }

  // The script: no timers, each step is one changeset.
  let script: [(String, [OrderedCollectionOperation<Node, IndexPath>])] = [
    ("Add butter.", [.insert(Node(.item("butter")), at: [0, 3])]),
    ("Bread is bought: it moves to Done.", [.move(from: [0, 1], to: [1, 0])]),
    ("Eggs become a dozen eggs.", [.update(at: [0, 1], newElement: Node(.item("12 eggs")))]),
    (
      "A new section for later, with coffee, between the two.",
      [.insert(Node(.section("Later"), [Node(.item("coffee"))]), at: [1])]
    ),
    (
      "Milk is bought and was oat milk: moved and updated (the binder stages the reload).",
      [.move(from: [0, 0], to: [2, 0]), .update(at: [2, 0], newElement: Node(.item("oat milk")))]
    ),
    ("Done is cleared: the section goes, with its rows.", [.delete(at: [2])]),
    (
      "Coffee comes back to the list as 'Later' is deleted (rows leave before their section does).",
      [.move(from: [1, 0], to: [0, 0]), .delete(at: [1])]
    ),
  ]
  for (number, step) in script.enumerated() {
    out.print()
    out.say("\(number + 1). \(step.0)")
    list.apply(step.1)
    changes.value = TreeChangeset(collection: list, patch: step.1)
  }
  out.print()
  out.print("lines now: \(view.lines)")
  out.print("violations: \(view.violations.count)")
  binding.dispose()

  out.print()
  out.say("In ANSI mode the same view takes the top of the alternate screen and leaves the bottom")
  out.say("lines to the program (its prompt, what the user types); here one change is written with")
  out.say("the escape character shown as ^[.")
  var ansiText = ""
  let terminal = TerminalListView(mode: .ansi, width: 40) { ansiText += $0 }
  let letters = Property(OrderedCollectionChangeset(reloading: ["a", "b", "c"]))
  letters.bind(to: terminal, cellType: TerminalTextCell.self) { cell, item in cell.text = item }
  ansiText = ""
  letters.value = OrderedCollectionChangeset(collection: ["a", "x", "c"], diff: .init(inserts: [1], deletes: [1]))
  out.print(ansiText.replacingOccurrences(of: "\u{1B}", with: "^[").replacingOccurrences(of: "\n", with: "\\n"))
  out.say("(save the cursor, go to line 2, clear it, write x in green, restore the cursor) - only the")
  out.say("changed line is touched, by its place on the screen, so the program's own output cannot")
  out.say("shift the list.")
}
