import Foundation
import Tether

extension PlaygroundPage {
  /// Custom binder: subclassing the sectioned binder, Epoxy-style cells, the reloading variant and
  /// the flat (AppKit-style) binder.
  public static let customBinder = PlaygroundPage(
    name: "custom-binder",
    summary: "customizing binders: hooks, Epoxy-style cells, reloading and flat variants"
  ) { out in
    MainActor.assumeIsolated { customBinderPage(out) }
  }
}

/// A binder that titles its section with a count, shows items in capitals, logs every batch, and
/// reloads instead when more than half of the rows change.
@MainActor
private final class InventoryBinder: SectionedBinderDataSource<
  SingleSectionChangeset<[String]>, BatchUpdateValidatingView<String>
>
{
  let log: (String) -> Void

  init(log: @escaping (String) -> Void) {
    self.log = log
    super.init(animations: .fade)
  }

  override func cell(
    for collection: [String], at indexPath: IndexPath, in view: BatchUpdateValidatingView<String>
  )
    -> String
  {
    collection.item(at: indexPath).uppercased()
  }

  override func titleForHeader(inSection section: Int) -> String? {
    "\(changeset?.collection.count ?? 0) items"
  }

  override func shouldReloadData(
    replacing previous: SingleSectionChangeset<[String]>,
    with changeset: SingleSectionChangeset<[String]>
  ) -> Bool {
    let changed = changeset.diff.count
    let reload = changed * 2 > max(previous.collection.count, 1)
    if reload { log("  shouldReloadData: \(changed) changes for \(previous.collection.count) rows -> reload") }
    return reload
  }

  override func applyBatch(_ diff: OrderedCollectionDiff<IndexPath>, to view: BatchUpdateValidatingView<String>) {
    log("  applyBatch \(diff)")
    super.applyBatch(diff, to: view)
  }
}

/// An Epoxy-style row for the terminal: created from a style, configured with its content.
@MainActor
private final class ScoreRow: TerminalListRow, StyledView, ContentConfigurableView {
  struct Style: Hashable {
    var width: Int
  }

  struct Content: Equatable {
    var name: String
    var score: Int
  }

  let style: Style
  private(set) var text = ""
  let log: ((String) -> Void)?

  init(style: Style) {
    self.style = style
    self.log = ScoreRow.logger
  }

  static var logger: ((String) -> Void)?

  func setContent(_ content: Content, animated: Bool) {
    text = content.name.padding(toLength: style.width, withPad: ".", startingAt: 0) + " \(content.score)"
    log?("  setContent(\(content.name), \(content.score), animated: \(animated))")
  }
}

@MainActor
private func customBinderPage(_ out: Transcript) {
  out.say("Subclass SectionedBinderDataSource (Bond's TableViewBinderDataSource) and override its hooks;")
  out.say("pass it to bind(to:using:).")
  let view = BatchUpdateValidatingView<String>()
  let stock = Property(OrderedCollectionChangeset(reloading: ["nails", "screws", "bolts", "nuts"]))
  stock.bind(to: view, using: InventoryBinder { out.print($0) })
  out.print("rows \(view.rows), header \(view.sectionTitles.map { $0 ?? "-" })")
  out.say("One change: a batch.")
  stock.value = .init(collection: ["nails", "screws", "bolts", "nuts", "washers"], diff: .init(inserts: [4]))
  out.print("rows \(view.rows), header \(view.sectionTitles.map { $0 ?? "-" })")
  out.say("Most rows change: the hook asks for a reload.")
  stock.value = .init(collection: ["hinges", "hooks", "bolts"], diff: .init(inserts: [0, 1], deletes: [0, 1, 3, 4]))
  out.print("rows \(view.rows), last call \(view.calls.last!), violations \(view.violations.count)")

  out.print()
  out.say("Epoxy-style cells: created from their style, setContent only when the content changed.")
  ScoreRow.logger = { out.print($0) }
  let board = TerminalListView(mode: .plain, width: 30) { text in
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() { out.print(String(line)) }
  }
  let scores = Property(
    OrderedCollectionChangeset(reloading: [ScoreRow.Content(name: "ada", score: 3), .init(name: "bob", score: 5)]))
  scores.bind(to: board, cellType: ScoreRow.self, style: .init(width: 8))
  out.say("Both rows reported updated, only bob's score really changed:")
  scores.value = .init(
    collection: [.init(name: "ada", score: 3), .init(name: "bob", score: 6)], diff: .init(updates: [0, 1]))
  ScoreRow.logger = nil

  out.print()
  out.say("The reloading variant reloads on every change, for views where animation makes no sense.")
  let plainView = BatchUpdateValidatingView<String>()
  let tags = Property(OrderedCollectionChangeset(reloading: ["red"]))
  tags.bind(
    to: plainView,
    using: ReloadingSectionedBinderDataSource { tags, indexPath, _ in tags.item(at: indexPath) }
  )
  tags.value = .init(collection: ["red", "blue"], diff: .init(inserts: [1]))
  out.print("calls \(plainView.calls.count): all reloadData; rows \(plainView.rows)")

  out.print()
  out.say("The flat binder replays the patch step by step, as NSTableView wants; updates are")
  out.say("reloaded after endUpdates, at the rows' final offsets.")
  let table = FlatUpdateValidatingView<String>(numberOfColumns: 2)
  var names = ["ann", "ben", "cy"]
  let people = Property(OrderedCollectionChangeset(reloading: names))
  people.bind(to: table) { names, row, _ in names.item(at: row) }
  let patch: [OrderedCollectionOperation<String, Int>] = [
    .update(at: 0, newElement: "ANN"), .insert("dee", at: 0), .move(from: 3, to: 1),
  ]
  names.apply(patch)
  table.resetRecords()
  people.value = .init(collection: names, patch: patch)
  for call in table.calls { out.print("  \(call)") }
  out.print("rows \(table.rows), violations \(table.violations.count)")

  out.print()
  out.say("The outline binder replays tree patches on an NSOutlineView-like view. It keeps one")
  out.say("OutlineItem object per node, so a node that moves or changes stays the same item.")
  let outline = OutlineUpdateValidatingView<String>()
  var folders = TreeArray([TreeNode("Docs", [TreeNode("cv.pdf")]), TreeNode("Music")])
  let tree = Property(TreeChangeset(reloading: folders))
  let outlineBinder = OutlineBinderDataSource<TreeArray<String>, OutlineUpdateValidatingView<String>> { item, _ in
    item.value
  }
  tree.bind(to: outline, using: outlineBinder)
  let cv = outlineBinder.item(at: [0, 0])
  let treePatch: [OrderedCollectionOperation<TreeNode<String>, IndexPath>] = [
    .move(from: [0, 0], to: [1, 0]), .update(at: [1, 0], newElement: TreeNode("resume.pdf")),
  ]
  folders.apply(treePatch)
  outline.resetRecords()
  tree.value = TreeChangeset(collection: folders, patch: treePatch)
  for call in outline.calls { out.print("  \(call)") }
  out.print("same item after the move: \(outlineBinder.item(at: [1, 0]) === cv), value \(cv.value)")
  out.print("violations \(outline.violations.count)")
}
