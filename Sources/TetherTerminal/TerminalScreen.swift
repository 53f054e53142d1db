/// Which line of a terminal list: a section header or a row, by identity.
enum TerminalLineID: Hashable {
  case header(Int)
  case row(Int)
}

/// How a line is drawn: its base look, or the highlight of what the last batch did to it.
enum TerminalLineStyle: Hashable {
  case plain
  case header
  case inserted
  case reloaded
  case moved

  /// The marker of the line in plain-text output.
  var marker: String {
    switch self {
    case .plain, .header: " "
    case .inserted: "+"
    case .reloaded: "~"
    case .moved: ">"
    }
  }

  /// The ANSI select-graphic-rendition sequence that starts the style, if any.
  var ansi: String? {
    switch self {
    case .plain: nil
    case .header: "\u{1B}[1m"
    case .inserted: "\u{1B}[1;32m"
    case .reloaded: "\u{1B}[1;33m"
    case .moved: "\u{1B}[1;36m"
    }
  }
}

/// One line of a terminal list.
struct TerminalLine: Hashable {
  let id: TerminalLineID
  var text: String
  var style: TerminalLineStyle
}

/// What a terminal list shows, and how each change reaches the terminal.
///
/// In ANSI mode the list owns a region of the screen, so that whatever else the program writes
/// (a prompt, the terminal's echo of what the user types, messages) cannot corrupt it. On its first
/// draw it switches to the alternate screen, clears it, and keeps the top `rows - inputLines`
/// lines for the list; the bottom `inputLines` lines become the scroll region, where the cursor is
/// left for the program. Every later change saves the cursor (`ESC 7`), rewrites the region's
/// lines whose text or highlight changed, each addressed absolutely and cleared first (`CSI r;1H`,
/// `CSI 2K`), and restores the cursor (`ESC 8`). Nothing depends on where the cursor was left, and
/// lines the program writes scroll inside their own region, never over the list. A list taller than
/// its region shows its first lines and a last line saying how many more there are.
/// ``close()`` gives the screen back (the scroll region reset, the main screen restored).
///
/// In plain mode every change prints a summary and the whole list, with a marker column (`+`
/// inserted, `~` reloaded, `>` moved, `-` deleted).
struct TerminalScreen {
  let isANSI: Bool
  /// The terminal's height in lines (at least 2).
  let rows: Int
  /// The lines at the bottom of the terminal left to the program (at least 1, fewer than `rows`).
  let inputLines: Int
  /// The columns every line drawn is cut to (at least 1): the list's lines, the marker column and
  /// summaries of plain mode, and the line counting what does not fit.
  var columns: Int
  /// The list, whole (what ``TerminalListView/lines`` reports, whatever fits on the screen).
  private(set) var shown: [TerminalLine] = []
  /// What each line of the list's region shows (its escapes and text), or `nil` while the region
  /// is not on the screen.
  private var painted: [String]?
  private var updateNumber = 0

  init(isANSI: Bool, rows: Int, inputLines: Int, columns: Int) {
    self.isANSI = isANSI
    self.rows = rows
    self.inputLines = inputLines
    self.columns = columns
  }

  /// The lines of the list's region, at the top of the screen.
  var listRows: Int { rows - inputLines }

  /// Whether the region is on the screen (drawn and not closed since).
  var isOpen: Bool { painted != nil }

  /// Replaces everything shown with `lines`; in ANSI mode every line of the region is rewritten,
  /// which also repairs anything the program wrote over it.
  mutating func reload(_ lines: [TerminalLine], title: String) -> String {
    updateNumber += 1
    shown = lines
    guard isANSI else {
      return plainLine("--- \(title)") + lines.map(plain).joined()
    }
    return isOpen ? repaint(all: true) : open()
  }

  /// Changes what is shown into `lines`, the result of one batch.
  mutating func update(to lines: [TerminalLine]) -> String {
    updateNumber += 1
    guard isANSI else {
      let out = plainUpdate(to: lines)
      shown = lines
      return out
    }
    shown = lines
    return isOpen ? repaint(all: false) : open()
  }

  /// The lines shown, with every highlight cleared.
  mutating func clearHighlights() -> String {
    update(to: shown.map(\.unhighlighted))
  }

  /// Gives the screen back: resets the scroll region and leaves the alternate screen, which
  /// restores what the terminal showed before the list and the cursor there. Empty if the region is
  /// not on the screen.
  mutating func close() -> String {
    guard isOpen else { return "" }
    painted = nil
    return "\u{1B}[r\u{1B}[?1049l"
  }

  /// Switches to the alternate screen, reserves the region, draws the list and leaves the cursor
  /// at the start of the program's lines.
  private mutating func open() -> String {
    let region = regionContents()
    painted = region
    var out = "\u{1B}[?1049h\u{1B}[H\u{1B}[2J\u{1B}[\(listRows + 1);\(rows)r"
    for (row, text) in region.enumerated() where !text.isEmpty {
      out += "\u{1B}[\(row + 1);1H" + text
    }
    return out + "\u{1B}[\(listRows + 1);1H"
  }

  /// Rewrites the region's lines that changed (`all` of them for a reload), leaving the cursor
  /// where the program had it.
  private mutating func repaint(all: Bool) -> String {
    let region = regionContents()
    var out = ""
    for (row, text) in region.enumerated() where all || painted?[row] != text {
      out += "\u{1B}[\(row + 1);1H\u{1B}[2K" + text
    }
    painted = region
    return out.isEmpty ? "" : "\u{1B}7" + out + "\u{1B}8"
  }

  /// What each line of the region shows: the list's lines, blank lines below them, or, when the
  /// list does not fit, its first lines and a line counting the rest.
  private func regionContents() -> [String] {
    if shown.count <= listRows {
      return shown.map(draw) + Array(repeating: "", count: listRows - shown.count)
    }
    let visible = listRows - 1
    let more = TerminalText.cut("… \(shown.count - visible) more", toColumns: columns)
    return shown.prefix(visible).map(draw) + ["\u{1B}[2m" + more + "\u{1B}[0m"]
  }

  private func plainUpdate(to lines: [TerminalLine]) -> String {
    let kept = Set(lines.map(\.id))
    let deleted = shown.filter { !kept.contains($0.id) }
    var counts: [(Int, String)] = [
      (lines.count { $0.style == .inserted }, "inserted"),
      (deleted.count, "deleted"),
      (lines.count { $0.style == .moved }, "moved"),
      (lines.count { $0.style == .reloaded }, "reloaded"),
    ]
    counts.removeAll { $0.0 == 0 }
    let summary = counts.isEmpty ? "no visible change" : counts.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
    var out = plainLine("--- update \(updateNumber): \(summary)")
    for line in deleted { out += plainLine("- \(line.text)") }
    for line in lines { out += plain(line) }
    return out
  }

  private func plain(_ line: TerminalLine) -> String {
    plainLine("\(line.style.marker) \(line.text)")
  }

  /// A line of plain output, cut to the columns.
  private func plainLine(_ text: String) -> String {
    TerminalText.cut(text, toColumns: columns) + "\n"
  }

  private func draw(_ line: TerminalLine) -> String {
    let text = TerminalText.cut(line.text, toColumns: columns)
    guard let style = line.style.ansi else { return text }
    return style + text + "\u{1B}[0m"
  }
}

extension TerminalLine {
  /// The line without a highlight.
  var unhighlighted: TerminalLine {
    var line = self
    if case .header = id { line.style = .header } else { line.style = .plain }
    return line
  }
}
