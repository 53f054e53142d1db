import Foundation
import TetherDataSources
import TetherSignals
import TetherSynchronization
import TetherValidatingViews

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A list view for the terminal: sections with headers and one line per row, updated in place.
///
/// It is a ``SectionedViewProtocol``, so sectioned binders drive it as they drive a table view, and
/// it checks every batch with the same rules as ``BatchUpdateValidatingView``. The lines a batch
/// changed are highlighted (inserted green, reloaded yellow, moved cyan). By default the highlight
/// stays until the next batch or ``clearHighlights()``, so output is deterministic; set
/// ``highlightFading`` to clear it a moment later on a scheduler of your choice.
///
/// In ANSI mode the view shares the terminal with the program: on its first draw it switches to
/// the alternate screen and keeps the top of it for the list, leaving the bottom `inputLines`
/// lines (a scroll region) to the program, with the cursor there. What the program prints and what
/// the user types, echoed by the terminal, scroll inside those lines and never reach the list, so
/// an interactive tool can read commands below it. Each change rewrites only the list's lines that
/// changed, by absolute position, and puts the cursor back where it was. A list taller than its
/// region shows its first lines and a line counting the rest. Call ``close()`` when done to get
/// the main screen back.
///
/// In plain mode (chosen automatically when standard output is not a terminal)
/// every change prints a summary and the whole list with a marker column instead:
///
/// ```text
/// --- update 2: 1 inserted, 1 deleted
/// -   pear
///   [Fruit]
///     apple
/// +   kiwi
/// ```
///
/// Rows are ``TerminalListRow``s: ``TerminalTextCell`` or any class of yours, Epoxy-style cells
/// included. A section gets a header line when its data source gives it a title.
@MainActor
public final class TerminalListView: SectionedViewProtocol, DisposeBagProvider {
  /// The cells: anything that shows a line of text.
  public typealias Cell = any TerminalListRow

  /// How the view writes.
  public enum Mode: Sendable {
    /// ANSI when standard output is a terminal, plain otherwise.
    case automatic
    /// A region of the alternate screen, updated in place, with colors.
    case ansi
    /// Plain text, one full listing per change.
    case plain
  }

  /// The data source the view reads, held weakly (a binder installs itself here).
  public weak var sectionedDataSource: (any SectionedViewDataSource<any TerminalListRow>)?

  /// Disposed when the view goes away, ending the bindings to it at once.
  public nonisolated let bag = DisposeBag()

  /// Whether the view writes ANSI escapes (else plain text).
  public var isANSI: Bool { screen.isANSI }

  /// The widest a line may be, in terminal columns (at least 1): every line the view draws is cut
  /// to it, with an ellipsis, so that none wraps. In ANSI mode, writing to standard output, lines
  /// are also cut at the width of its terminal.
  ///
  /// Widths are measured as a terminal lays text out: East Asian wide and fullwidth characters and
  /// emoji take 2 columns, combining marks and joiners none. A row shows its text's first line;
  /// a tab is drawn as a space, and any other control character as U+FFFD, so that no row can move
  /// the cursor.
  public var width: Int {
    didSet { Self.checkWidth(width) }
  }

  /// Every batch that broke a rule (the view reloaded after each), and every dequeue of an
  /// unregistered identifier, oldest first.
  public private(set) var violations: [BatchUpdateViolation] = []

  /// How long the lines a batch changed stay highlighted, timed on `scheduler`; `nil` (the
  /// default) keeps the highlight until the next batch or ``clearHighlights()``. A later batch
  /// restarts the time. If the scheduler runs the clearing off the main thread, it hops there.
  public var highlightFading: (seconds: Double, scheduler: any Scheduler)? {
    didSet { cancelFading() }
  }

  private var fading: (any Disposable)?
  /// Counts the fadings scheduled: a fading that already fired on another thread cannot be
  /// disposed, and its hop to the main thread must not clear the highlight of a later batch.
  private var fadingGeneration = 0

  private let write: (String) -> Void
  /// The width of standard output's terminal in ANSI mode, if it is one.
  private let terminalColumns: Int?
  /// Whether an open region is restored when the program exits (the view writes to standard output).
  private let restoresAtExit: Bool
  private let store = SectionedRowStore<any TerminalListRow>()
  private var screen: TerminalScreen
  private var pending: SectionedBatch?
  private var batchDepth = 0
  private var reloadedDuringBatch = false

  /// Creates a view writing to standard output, or to `write`.
  ///
  /// - Parameters:
  ///   - mode: ANSI or plain text; `.automatic` checks whether standard output is a terminal.
  ///   - width: The widest a line may be, in columns; at least 1.
  ///   - height: The terminal's height in lines, at least 2; `nil` asks standard output's terminal
  ///     when the view writes there (24 when it is not one, or with `write`). Read once: the layout
  ///     does not follow a resized terminal.
  ///   - inputLines: In ANSI mode, how many lines at the bottom of the screen are left to the
  ///     program (its prompt, output and the echo of what is typed); the list gets the others. At
  ///     least 1, and fewer than the height.
  ///   - write: Receives the output text; standard output by default.
  public init(
    mode: Mode = .automatic,
    width: Int = 80,
    height: Int? = nil,
    inputLines: Int = 1,
    write: ((String) -> Void)? = nil
  ) {
    let isANSI: Bool
    switch mode {
    case .automatic: isANSI = isatty(STDOUT_FILENO) != 0
    case .ansi: isANSI = true
    case .plain: isANSI = false
    }
    // A view writing elsewhere (a test, a log) does not take its layout from whatever terminal
    // this process happens to run in.
    let size = write == nil ? Self.terminalSize() : nil
    let rows = height ?? size?.rows ?? 24
    tetherPrecondition(rows >= 2, "TerminalListView needs a height of at least 2 lines (got \(rows))")
    tetherPrecondition(
      inputLines >= 1 && inputLines < rows,
      "TerminalListView's inputLines must be at least 1 and less than the height \(rows) (got \(inputLines))")
    Self.checkWidth(width)
    self.screen = TerminalScreen(isANSI: isANSI, rows: rows, inputLines: inputLines, columns: width)
    self.width = width
    self.terminalColumns = isANSI ? size?.columns : nil
    self.restoresAtExit = isANSI && write == nil
    self.write = write ?? { text in FileHandle.standardOutput.write(Data(text.utf8)) }
    store.report = { [unowned self] violation in self.violations.append(violation) }
  }

  private static func checkWidth(_ width: Int) {
    tetherPrecondition(width >= 1, "TerminalListView needs a width of at least 1 column (got \(width))")
  }

  /// The size of standard output's terminal, or `nil` when it is not a terminal.
  private static func terminalSize() -> (rows: Int, columns: Int)? {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else { return nil }
    return (Int(size.ws_row), Int(size.ws_col))
  }

  /// The lines of the list, as plain text (headers as `[title]`, rows indented by two spaces), all
  /// of them, also those an ANSI region is too short to show.
  public var lines: [String] { screen.shown.map(\.text) }

  /// Gives the terminal back in ANSI mode: resets the scroll region and leaves the alternate
  /// screen, so the terminal shows again what it showed before the list, with the cursor there.
  /// The list's next change takes the screen again. Does nothing in plain mode.
  ///
  /// A program that ends without calling it gets the terminal back at exit when the view writes to
  /// standard output, but not when it dies from a signal.
  public func close() {
    output { $0.close() }
  }

  /// Writes what `change` makes the screen write, and keeps count of the regions open on standard
  /// output for ``TerminalExitRestore``.
  private func output(_ change: (inout TerminalScreen) -> String) {
    screen.columns = columns
    let wasOpen = screen.isOpen
    let text = change(&screen)
    if restoresAtExit, wasOpen != screen.isOpen {
      if screen.isOpen { TerminalExitRestore.opened() } else { TerminalExitRestore.closed() }
    }
    if !text.isEmpty { write(text) }
  }

  /// Reads everything from the data source again and redraws the list.
  public func reloadData() {
    if batchDepth > 0 {
      reloadedDuringBatch = true
      violations.append(
        BatchUpdateViolation(rule: .reloadDuringBatchUpdates, message: "reloadData called inside performBatchUpdates"))
      return
    }
    // A reload draws nothing highlighted: a fading still pending would only redraw the list.
    cancelFading()
    store.reload(from: sectionedDataSource)
    let lines = render(BatchOutcome()).map(\.unhighlighted)
    output { $0.reload(lines, title: "reload") }
  }

  /// Collects the calls `updates` makes into one batch, checks it and shows it; nested calls join
  /// the outer batch.
  public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
    if batchDepth == 0 {
      pending = SectionedBatch()
      reloadedDuringBatch = false
    }
    batchDepth += 1
    updates?()
    batchDepth -= 1
    guard batchDepth == 0, let batch = pending else { return }
    pending = nil
    if reloadedDuringBatch {
      reloadData()
      completion?(false)
      return
    }
    do {
      let outcome = try store.apply(batch, from: sectionedDataSource)
      let lines = render(outcome)
      output { $0.update(to: lines) }
      scheduleFading()
      completion?(true)
    } catch {
      violations.append(error)
      cancelFading()
      store.reload(from: sectionedDataSource)
      let lines = render(BatchOutcome()).map(\.unhighlighted)
      output { $0.reload(lines, title: "reload after: \(error.message)") }
      completion?(false)
    }
  }

  /// Redraws the highlighted lines without their highlight.
  public func clearHighlights() {
    cancelFading()
    output { $0.clearHighlights() }
  }

  private func cancelFading() {
    fading?.dispose()
    fading = nil
    fadingGeneration &+= 1
  }

  private func scheduleFading() {
    cancelFading()
    guard let (seconds, scheduler) = highlightFading else { return }
    let generation = fadingGeneration
    fading = scheduler.schedule(after: seconds) { [weak self] in
      if Thread.isMainThread {
        MainActor.assumeIsolated { self?.fade(generation) }
      } else {
        DispatchQueue.main.async { MainActor.assumeIsolated { self?.fade(generation) } }
      }
    }
  }

  /// Clears the highlights if no batch, clearing or new fading came since fading `generation` was
  /// scheduled.
  private func fade(_ generation: Int) {
    guard generation == fadingGeneration else { return }
    clearHighlights()
  }

  /// Adds section inserts to the batch.
  public func insertSections(_ sections: IndexSet, with animation: ViewRowAnimation) {
    inBatch { $0.sectionInserts += sections }
  }

  /// Adds section deletes to the batch.
  public func deleteSections(_ sections: IndexSet, with animation: ViewRowAnimation) {
    inBatch { $0.sectionDeletes += sections }
  }

  /// Adds section reloads to the batch.
  public func reloadSections(_ sections: IndexSet, with animation: ViewRowAnimation) {
    inBatch { $0.sectionReloads += sections }
  }

  /// Adds a section move to the batch.
  public func moveSection(_ section: Int, toSection newSection: Int) {
    inBatch { $0.sectionMoves.append((from: section, to: newSection)) }
  }

  /// Adds row inserts to the batch.
  public func insertRows(at indexPaths: [IndexPath], with animation: ViewRowAnimation) {
    inBatch { $0.rowInserts += indexPaths }
  }

  /// Adds row deletes to the batch.
  public func deleteRows(at indexPaths: [IndexPath], with animation: ViewRowAnimation) {
    inBatch { $0.rowDeletes += indexPaths }
  }

  /// Adds row reloads to the batch.
  public func reloadRows(at indexPaths: [IndexPath], with animation: ViewRowAnimation) {
    inBatch { $0.rowReloads += indexPaths }
  }

  /// Adds a row move to the batch.
  public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    inBatch { $0.rowMoves.append((from: indexPath, to: newIndexPath)) }
  }

  /// A row that left the list in the current batch and was made with `identifier`, or `nil`.
  public func dequeueReusableCell(withIdentifier identifier: String) -> (any TerminalListRow)? {
    store.dequeue(identifier)
  }

  /// Registers a row class for `identifier` (`nil` forgets it); the view creates its rows with
  /// `init()`, so the class must be a ``ConstructibleCell`` (``TerminalTextCell`` is one).
  public func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
    store.register(cellClass, identifier: identifier)
  }

  /// A row that left the list under `identifier` in the current batch, or a new one of the class
  /// registered for it. An unregistered identifier is a violation (UIKit's message).
  public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> any TerminalListRow {
    store.dequeue(identifier, for: indexPath)
  }

  private func inBatch(_ change: (inout SectionedBatch) -> Void) {
    if batchDepth > 0, pending != nil {
      change(&pending!)
      return
    }
    withoutActuallyEscaping(change) { change in
      performBatchUpdates({ change(&self.pending!) }, completion: nil)
    }
  }

  private func render(_ outcome: BatchOutcome) -> [TerminalLine] {
    var lines: [TerminalLine] = []
    for section in store.sections {
      let sectionStyle: TerminalLineStyle? =
        outcome.insertedSections.contains(section.id)
        ? .inserted
        : outcome.reloadedSections.contains(section.id)
          ? .reloaded : outcome.movedSections.contains(section.id) ? .moved : nil
      if let title = section.title {
        lines.append(TerminalLine(id: .header(section.id), text: fit("[\(title)]"), style: sectionStyle ?? .header))
      }
      for row in section.rows {
        let style: TerminalLineStyle =
          outcome.insertedRows.contains(row.id)
          ? .inserted
          : outcome.reloadedRows.contains(row.id)
            ? .reloaded : outcome.movedRows.contains(row.id) ? .moved : sectionStyle ?? .plain
        lines.append(TerminalLine(id: .row(row.id), text: fit("  " + row.cell.text), style: style))
      }
    }
    return lines
  }

  /// The columns every line the view draws fits in.
  private var columns: Int { min(width, terminalColumns ?? .max) }

  private func fit(_ text: String) -> String {
    TerminalText.cut(TerminalText.drawable(text), toColumns: columns)
  }
}
