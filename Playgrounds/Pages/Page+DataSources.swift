import Foundation
import Tether

extension PlaygroundPage {
  /// Data sources: what a table-like view sees of arrays, 2D arrays and trees, and how a binder
  /// turns changesets into UIKit batch updates.
  public static let dataSources = PlaygroundPage(
    name: "data-sources",
    summary: "sectioned and flat data sources, binders, staged updates, the UIKit rule checker"
  ) { out in
    MainActor.assumeIsolated { dataSourcesPage(out) }
  }
}

@MainActor
private func dataSourcesPage(_ out: Transcript) {
  out.say("An array is one section; a 2D array is its sections; a forest is two levels.")
  let fruits = ["apple", "pear", "fig"]
  out.print(
    "array: sections \(fruits.numberOfSections), items \(fruits.numberOfItems(inSection: 0)), [0, 1] = \(fruits.item(at: [0, 1]))"
  )
  let groceries = Array2D(sectionsWithItems: [("Fruit", ["apple", "pear"]), ("Dairy", ["milk"])])
  out.print(
    "2D array: sections \(groceries.numberOfSections), titles \((0..<2).map { groceries.title(forSection: $0) ?? "-" }), "
      + "[1, 0] = \(groceries.item(at: [1, 0]))")
  let files = TreeArray([TreeNode("Documents", [TreeNode("cv.pdf", [TreeNode("draft")])]), TreeNode("Music")])
  out.print(
    "forest: sections \(files.numberOfSections), items in section 0: \(files.numberOfItems(inSection: 0)), "
      + "[0, 0] = \(files.item(at: [0, 0]))")

  out.print()
  out.say("A flat changeset converts to one section: offset i becomes [0, i]. A reload stays a reload.")
  let flat = OrderedCollectionChangeset(collection: ["kiwi", "apple", "fig"], diff: .init(inserts: [0], deletes: [1]))
  out.print("flat diff:      \(flat.diff)")
  out.print("sectioned diff: \(flat.asSectionedDataSourceChangeset.diff)")
  out.print(
    "reload converts to a reload: \(OrderedCollectionChangeset.reload(fruits).asSectionedDataSourceChangeset.isReload)")
  out.print("a plain array converts to a reload: \(fruits.asSectionedDataSourceChangeset.isReload)")
  out.say("A tree diff shown as sections and items: what happens below the items is not shown.")
  let treeDiff = OrderedCollectionDiff<IndexPath>(
    inserts: [[0, 0, 1]], moves: [(from: [1], to: [0, 1]), (from: [0, 0, 0], to: [0, 0])])
  out.print("tree diff \(treeDiff) -> \(treeDiff.projectedToSections())")

  out.print()
  out.say("A binder drives any SectionedViewProtocol. BatchUpdateValidatingView records the calls")
  out.say("and checks each batch against UIKit's rules.")
  let view = BatchUpdateValidatingView<String>()
  let items = Property(OrderedCollectionChangeset(reloading: ["apple", "pear", "fig"]))
  items.bind(to: view) { items, indexPath, _ in items.item(at: indexPath) }
  func step(_ label: String, _ changeset: OrderedCollectionChangeset<[String]>) {
    view.resetRecords()
    items.value = changeset
    out.print("\(label):")
    var indent = "    "
    for call in view.calls {
      if case .endBatch = call { indent = "    " }
      out.print(indent + call.description)
      if case .beginBatch = call { indent = "      " }
    }
    out.print("  rows \(view.rows), violations \(view.violations.count)")
  }
  out.print("first changeset: \(view.calls.map(\.description)), rows \(view.rows)")
  step(
    "insert kiwi, delete pear", .init(collection: ["kiwi", "apple", "fig"], diff: .init(inserts: [0], deletes: [1])))
  step("reload", .reload(["plum"]))
  step("nothing changed", .init(collection: ["plum"], diff: .init()))
  out.say("UIKit cannot move and reload a row in one batch: the binder stages it.")
  step(
    "move plum down and rename it",
    .init(collection: ["a", "b", "PLUM"], diff: .init(inserts: [0, 1], updates: [0], moves: [(from: 0, to: 2)])))

  out.print()
  out.say("Rows moved with their section, or out of a section being deleted, need stages too.")
  let staged = try! StagedChangeset(
    diff: .init(deletes: [[1]], moves: [(from: [0], to: [1]), (from: [1, 0], to: [0, 0])]),
    oldItemCounts: [2, 1, 1],
    newItemCounts: [2, 2]
  )
  for (number, stage) in staged.stages.enumerated() {
    let counts = stage.sections.map { "\($0.map(\.rows.count))" } ?? "final"
    out.print("stage \(number + 1): \(stage.diff)  rows after: \(counts)")
  }

  out.print()
  out.say("A wrong batch is reported with UIKit's own message:")
  let checker = BatchUpdateValidatingView<String>()
  let source = StaticSource(["a", "b", "c"])
  checker.sectionedDataSource = source
  checker.reloadData()
  source.rows = ["a", "b", "c", "d", "e"]
  checker.insertRows(at: [[0, 3]], with: .automatic)
  for violation in checker.violations { out.print(wrapped(violation.message)) }
}

@MainActor
private final class StaticSource: SectionedViewDataSource {
  var rows: [String]
  init(_ rows: [String]) { self.rows = rows }
  func numberOfSections() -> Int { 1 }
  func numberOfItems(inSection section: Int) -> Int { rows.count }
  func cellForItem(at indexPath: IndexPath) -> String { rows[indexPath[1]] }
  func titleForHeader(inSection section: Int) -> String? { nil }
}

/// Breaks a long message into lines of at most 100 characters, at spaces.
private func wrapped(_ message: String) -> String {
  var lines: [String] = []
  var line = ""
  for word in message.split(separator: " ") {
    if !line.isEmpty && line.count + word.count + 1 > 100 {
      lines.append(line)
      line = ""
    }
    line += line.isEmpty ? String(word) : " \(word)"
  }
  lines.append(line)
  return lines.joined(separator: "\n  ")
}
