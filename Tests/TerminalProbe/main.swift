// tether-terminal-probe: an interactive program sharing the terminal with a TerminalListView.
//
// Shows a list bound to a MutableObservableArray and reads commands from standard input, below
// the list:
//   add TEXT, remove INDEX, update INDEX TEXT   change the list at once;
//   hold add TEXT                               keeps the change until the process gets SIGUSR1,
//                                               so the list can change while a line is being typed;
//   quit                                        closes the view and ends;
//   exit                                        ends without closing the view.
// The view picks ANSI mode itself when standard output is a terminal; the first argument is its
// `inputLines`. Lines are read on a thread of their own and handled on the main queue, as an app
// whose list also changes for other reasons would. TerminalSharingTests runs it in a tmux pane and
// checks that the list and what is typed both show, uncorrupted. Not a product of the package.
import Foundation
import TetherCollections
import TetherDataSources
import TetherTerminal

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes `text` to standard output at once, in order with the view's own writes.
func say(_ text: String) {
  FileHandle.standardOutput.write(Data(text.utf8))
}

let inputLines = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 1
let items = MutableObservableArray(["alpha", "beta", "gamma"])
let view = TerminalListView(inputLines: inputLines)
items.bind(to: view, cellType: TerminalTextCell.self) { cell, item in cell.text = item }
/// What `hold add` keeps until SIGUSR1.
var held: [String] = []

/// The index named by `word`, if it is one of the list's.
@MainActor func index(_ word: Substring) -> Int? {
  Int(word).flatMap { items.collection.indices.contains($0) ? $0 : nil }
}

@MainActor func handle(_ line: String) {
  let words = line.split(separator: " ", maxSplits: 2)
  switch (words.first, words.count) {
  case ("add", 2...): items.append(words.dropFirst().joined(separator: " "))
  case ("hold", 3) where words[1] == "add": held.append(String(words[2]))
  case ("remove", 2): if let at = index(words[1]) { items.remove(at: at) } else { say("no row \(words[1])\n") }
  case ("update", 3): if let at = index(words[1]) { items[at] = String(words[2]) } else { say("no row \(words[1])\n") }
  case ("quit", 1): quit()
  case ("exit", 1): exit(0)
  default: say("commands: add TEXT, hold add TEXT, remove INDEX, update INDEX TEXT, quit, exit\n")
  }
  say("> ")
}

@MainActor func quit() -> Never {
  view.close()
  exit(0)
}

signal(SIGUSR1, SIG_IGN)
let release = DispatchSource.makeSignalSource(signal: SIGUSR1, queue: .main)
release.setEventHandler {
  MainActor.assumeIsolated {
    items.append(contentsOf: held)
    held = []
  }
}
release.resume()

say("> ")
Thread.detachNewThread {
  while let line = readLine() {
    DispatchQueue.main.async { MainActor.assumeIsolated { handle(line) } }
  }
  DispatchQueue.main.async { MainActor.assumeIsolated { handle("quit") } }
}
dispatchMain()
