// tether-terminal-probe: an interactive program sharing the terminal with a TerminalListView.
//
// Shows a list bound to a MutableObservableArray and reads commands from standard input, below
// the list: `add TEXT`, `remove INDEX`, `update INDEX TEXT`, `quit` (closes the view), `exit` (ends without closing it). The view picks ANSI mode
// itself when standard output is a terminal; its first argument is the view's `inputLines`.
// TerminalSharingTests runs it in a tmux pane and checks that the list and what is typed both
// show, uncorrupted. Not a product of the package.
import Foundation
import TetherCollections
import TetherDataSources

/// Writes `text` to standard output at once, in order with the view's own writes.
func say(_ text: String) {
  FileHandle.standardOutput.write(Data(text.utf8))
}

let inputLines = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 1
let items = MutableObservableArray(["alpha", "beta", "gamma"])
let view = TerminalListView(inputLines: inputLines)
items.bind(to: view, cellType: TerminalTextCell.self) { cell, item in cell.text = item }

/// The index named by `word`, if it is one of the list's.
func index(_ word: Substring) -> Int? {
  Int(word).flatMap { items.collection.indices.contains($0) ? $0 : nil }
}

say("> ")
commands: while let line = readLine() {
  let words = line.split(separator: " ", maxSplits: 2)
  switch (words.first, words.count) {
  case ("add", 2...): items.append(words.dropFirst().joined(separator: " "))
  case ("remove", 2): if let at = index(words[1]) { items.remove(at: at) } else { say("no row \(words[1])\n") }
  case ("update", 3): if let at = index(words[1]) { items[at] = String(words[2]) } else { say("no row \(words[1])\n") }
  case ("quit", 1): break commands
  case ("exit", 1): exit(0)
  default: say("commands: add TEXT, remove INDEX, update INDEX TEXT, quit, exit\n")
  }
  say("> ")
}
view.close()
