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
/// In ANSI mode the lines of the list are the last lines written, the cursor sitting on the line
/// below them; every change is written as cursor moves (`CSI n F` / `CSI n E`), line deletes
/// (`CSI M`), line inserts (`CSI L`) and line rewrites (`CSI 2K`), so what did not change is not
/// redrawn. Lines that moved are deleted and inserted again; only lines outside a longest run that
/// kept its order move. In plain mode every change prints a summary and the whole list, with a
/// marker column (`+` inserted, `~` reloaded, `>` moved, `-` deleted).
///
/// A list that does not fit the terminal (`rows`, when known) cannot be edited in place: the cursor
/// cannot move up to lines that scrolled off. Such a list is redrawn whole from the top of the
/// screen on every change instead.
struct TerminalScreen {
  let isANSI: Bool
  /// The terminal's height in lines, if known.
  let rows: Int?
  private(set) var shown: [TerminalLine] = []
  private var updateNumber = 0

  init(isANSI: Bool, rows: Int? = nil) {
    self.isANSI = isANSI
    self.rows = rows
  }

  /// Whether `count` lines and the cursor line below them overflow the terminal.
  private func overflows(_ count: Int) -> Bool {
    guard let rows else { return false }
    return count + 1 > rows
  }

  /// Moves the cursor to the first line of what is shown and clears from there down.
  private var clearShown: String {
    // Once the list overflowed, its first line scrolled away: start from the top of the screen.
    overflows(shown.count) ? "\u{1B}[H\u{1B}[J" : up(shown.count) + "\u{1B}[J"
  }

  /// Replaces everything shown with `lines`.
  mutating func reload(_ lines: [TerminalLine], title: String) -> String {
    updateNumber += 1
    var out = ""
    if isANSI {
      out += clearShown
      for line in lines { out += draw(line) + "\n" }
    } else {
      out += "--- \(title)\n"
      for line in lines { out += plain(line) }
    }
    shown = lines
    return out
  }

  /// Changes what is shown into `lines`, the result of one batch.
  mutating func update(to lines: [TerminalLine]) -> String {
    updateNumber += 1
    let out: String
    if !isANSI {
      out = plainUpdate(to: lines)
    } else if overflows(shown.count) || overflows(lines.count) {
      out = clearShown + lines.map { draw($0) + "\n" }.joined()
    } else {
      out = ansiUpdate(to: lines)
    }
    shown = lines
    return out
  }

  /// The lines shown, with every highlight cleared.
  mutating func clearHighlights() -> String {
    update(to: shown.map(\.unhighlighted))
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
    var out = "--- update \(updateNumber): \(summary)\n"
    for line in deleted { out += "- \(line.text)\n" }
    for line in lines { out += plain(line) }
    return out
  }

  private func ansiUpdate(to lines: [TerminalLine]) -> String {
    var screen = shown
    var out = ""
    var target: [TerminalLineID: Int] = [:]
    for (position, line) in lines.enumerated() { target[line.id] = position }
    let staying = Set(longestIncreasingSubsequence(screen.compactMap { target[$0.id] }))
    for index in screen.indices.reversed() {
      if let position = target[screen[index].id], staying.contains(position) { continue }
      out += up(screen.count - index) + "\u{1B}[M" + down(screen.count - 1 - index)
      screen.remove(at: index)
    }
    for (position, line) in lines.enumerated() where position >= screen.count || screen[position].id != line.id {
      if position == screen.count {
        out += draw(line) + "\n"
      } else {
        // Make room below first, so that pushing lines down never pushes one off the screen.
        out += "\n" + up(screen.count - position + 1) + "\u{1B}[L" + draw(line) + down(screen.count + 1 - position)
      }
      screen.insert(line, at: position)
    }
    for (position, line) in lines.enumerated() where screen[position] != line {
      out += up(screen.count - position) + draw(line) + down(screen.count - position)
    }
    return out
  }

  private func plain(_ line: TerminalLine) -> String {
    "\(line.style.marker) \(line.text)\n"
  }

  private func draw(_ line: TerminalLine) -> String {
    guard let style = line.style.ansi else { return "\u{1B}[2K" + line.text }
    return "\u{1B}[2K" + style + line.text + "\u{1B}[0m"
  }

  private func up(_ lines: Int) -> String { lines > 0 ? "\u{1B}[\(lines)F" : "" }
  private func down(_ lines: Int) -> String { lines > 0 ? "\u{1B}[\(lines)E" : "" }
}

extension TerminalLine {
  /// The line without a highlight.
  var unhighlighted: TerminalLine {
    var line = self
    if case .header = id { line.style = .header } else { line.style = .plain }
    return line
  }
}
