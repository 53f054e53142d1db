import Foundation
import TetherTerminal
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `TerminalListView` shares a real terminal with an interactive program: the
/// `tether-terminal-probe` executable runs in a tmux pane, commands are typed into it with
/// `send-keys`, and the pane (`capture-pane`) must show the exact list rows at the top and the
/// typed commands, echoed by the terminal, below them, after every update. Skipped when `tmux` is
/// not installed (CI installs it) or the probe was not built (`swift build --build-tests` builds it).
final class TerminalSharingTests: XCTestCase {
  /// The pane's size and the lines the probe leaves to its input (passed as its argument).
  private static let columns = 100
  private static let rows = 30
  private static let inputLines = 6

  func testTheListAndTheTypedCommandsShareTheTerminalUncorrupted() throws {
    let pane = try Self.startProbe(thenShell: true)
    defer { pane.end() }

    var typed = ["> "]
    try expectScreen(pane, list: ["alpha", "beta", "gamma"], input: typed, "the first draw")
    XCTAssertEqual(try pane.format("#{alternate_on}"), "1", "the list is drawn on the alternate screen")

    // Each command is typed, then checked on the screen before Enter (the echo below the list),
    // then submitted; its update must leave the list exact and the typed lines where they were.
    let steps: [(command: String, list: [String])] = [
      ("add delta", ["alpha", "beta", "gamma", "delta"]),
      ("remove 0", ["beta", "gamma", "delta"]),
      ("update 1 GAMMA", ["beta", "GAMMA", "delta"]),
      ("add epsilon", ["beta", "GAMMA", "delta", "epsilon"]),
      ("remove 2", ["beta", "GAMMA", "epsilon"]),
      ("add zeta", ["beta", "GAMMA", "epsilon", "zeta"]),
      // From here the input lines are full and scroll, inside their region only.
      ("remove 9", ["beta", "GAMMA", "epsilon", "zeta"]),
      ("add eta", ["beta", "GAMMA", "epsilon", "zeta", "eta"]),
    ]
    var list = ["alpha", "beta", "gamma"]
    for step in steps {
      try pane.type(step.command)
      typed[typed.count - 1] = "> " + step.command
      try expectScreen(pane, list: list, input: typed, "'\(step.command)' typed")
      try pane.pressEnter()
      if step.command == "remove 9" { typed.append("no row 9") }
      typed.append("> ")
      list = step.list
      try expectScreen(pane, list: list, input: typed, "after '\(step.command)'")
    }

    try pane.type("quit")
    try pane.pressEnter()
    try pane.waitUntil("the probe to end", timeout: 10) { try pane.capture(rows: Self.rows).contains(Self.ended) }
    XCTAssertEqual(try pane.format("#{alternate_on}"), "0", "close() leaves the alternate screen")
  }

  func testTheListChangesWhileALineIsBeingTypedAndTheLineStaysWhole() throws {
    let pane = try Self.startProbe(thenShell: false)
    defer { pane.end() }

    try expectScreen(pane, list: ["alpha", "beta", "gamma"], input: ["> "], "the first draw")
    try pane.type("hold add delta")
    try pane.pressEnter()
    // Typing before the next prompt is printed would put the prompt after the typed text.
    try expectScreen(pane, list: ["alpha", "beta", "gamma"], input: ["> hold add delta", "> "], "the next prompt")
    try pane.type("half a li")
    let typed = ["> hold add delta", "> half a li"]
    try expectScreen(pane, list: ["alpha", "beta", "gamma"], input: typed, "a line half typed")

    // The held insert is applied now, with the cursor in the middle of the typed line: the view
    // must draw the list and put the cursor back exactly there.
    try pane.signalProcess(SIGUSR1)
    try expectScreen(pane, list: ["alpha", "beta", "gamma", "delta"], input: typed, "the list changed under it")
    try pane.type("ne")
    try expectScreen(
      pane, list: ["alpha", "beta", "gamma", "delta"], input: ["> hold add delta", "> half a line"],
      "the rest of the line typed where it left off")
    try pane.pressEnter()
    try expectScreen(
      pane, list: ["alpha", "beta", "gamma", "delta"],
      input: [
        "> hold add delta", "> half a line",
        "commands: add TEXT, hold add TEXT, remove INDEX, update INDEX TEXT, quit, exit",
        "> ",
      ],
      "the program read the whole line")
  }

  func testARowOfWideCharactersIsCutToTheViewsWidthAndDoesNotWrap() throws {
    let pane = try Self.startProbe(thenShell: false)
    defer { pane.end() }

    try expectScreen(pane, list: ["alpha", "beta", "gamma"], input: ["> "], "the first draw")
    // 52 ideographs take 104 columns: the typed line wraps in the input lines (47 of them fill the
    // 100 columns after "> add "), and the row, 2 + 104 columns, would wrap over the list's next
    // line. The view's width is 80: it shows 38 of them (78 columns) and an ellipsis.
    let ideographs = String(repeating: "漢", count: 52)
    try pane.type("add " + ideographs)
    let typed = ["> add " + String(repeating: "漢", count: 47), String(repeating: "漢", count: 5)]
    try expectScreen(pane, list: ["alpha", "beta", "gamma"], input: typed, "the wide line typed")
    try pane.pressEnter()
    try expectScreen(
      pane, list: ["alpha", "beta", "gamma", String(repeating: "漢", count: 38) + "…"], input: typed + ["> "],
      "the wide row added")
  }

  func testAProgramThatExitsWithoutClosingTheViewGetsTheTerminalBack() throws {
    let pane = try Self.startProbe(thenShell: true)
    defer { pane.end() }

    try expectScreen(pane, list: ["alpha", "beta", "gamma"], input: ["> "], "the first draw")
    XCTAssertEqual(
      try pane.format("#{scroll_region_upper} #{scroll_region_lower}"),
      "\(Self.rows - Self.inputLines) \(Self.rows - 1)",
      "the program's region")
    try pane.type("exit")
    try pane.pressEnter()
    try pane.waitUntil("the probe to end", timeout: 10) { try pane.capture(rows: Self.rows).contains(Self.ended) }
    XCTAssertEqual(try pane.format("#{alternate_on}"), "0", "the exit handler leaves the alternate screen")
    XCTAssertEqual(
      try pane.format("#{scroll_region_upper} #{scroll_region_lower}"), "0 \(Self.rows - 1)",
      "and resets the scroll region to the whole screen")
  }

  /// What the shell prints in the pane when the probe ended normally (see `startProbe`).
  private static let ended = "probe ended with status 0"

  /// A pane running the probe, with `inputLines` lines for its input. With `thenShell`, a shell
  /// stays in the pane after the probe, as the user's would, and prints ``ended`` when the probe
  /// exited normally, so the terminal's state can be read after that (tmux resets part of it when
  /// a pane dies). Without, the pane's process is the probe itself, so it can be signalled.
  private static func startProbe(thenShell: Bool) throws -> TmuxPane {
    let probe = try Self.probe().path
    guard thenShell else {
      return try TmuxPane(command: [probe, "\(inputLines)"], columns: columns, rows: rows)
    }
    let quoted = "'" + probe.replacingOccurrences(of: "'", with: "'\\''") + "'"
    return try TmuxPane(
      command: ["/bin/sh", "-c", "\(quoted) \(inputLines) && echo '\(ended)'; exec sleep 60"],
      columns: columns, rows: rows)
  }

  /// Waits until the pane shows exactly `list` (as the view indents rows) on its top lines, blank
  /// lines down to the input region, and the last of `input` at the bottom of that region.
  private func expectScreen(
    _ pane: TmuxPane, list: [String], input: [String], _ moment: String, file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    let listRows = Self.rows - Self.inputLines
    let inputRegion = Array(input.suffix(Self.inputLines))
    let expected =
      (list.map { "  " + $0 } + Array(repeating: "", count: listRows - list.count) + inputRegion
      + Array(repeating: "", count: Self.inputLines - inputRegion.count)).map(TmuxPane.trimmingTrailingSpaces)
    var shown: [String] = []
    do {
      try pane.waitUntil(moment, timeout: 10) {
        shown = try pane.capture(rows: Self.rows)
        return shown == expected
      }
    } catch TmuxPane.Failure.timedOut {
      XCTFail(
        "\(moment): the pane shows\n\(shown.joined(separator: "\n"))\n--- expected\n\(expected.joined(separator: "\n"))",
        file: file, line: line)
      throw TmuxPane.Failure.timedOut(moment)
    }
  }

  /// The probe built with the tests (next to the test bundle), or `TETHER_TERMINAL_PROBE`.
  private static func probe() throws -> URL {
    if let path = ProcessInfo.processInfo.environment["TETHER_TERMINAL_PROBE"] {
      return URL(fileURLWithPath: path)
    }
    // The products folder: the test bundle's on Apple platforms, the test executable's on Linux.
    let folders = [
      Bundle(for: TerminalSharingTests.self).bundleURL.deletingLastPathComponent(),
      Bundle.main.executableURL?.deletingLastPathComponent(),
    ].compactMap { $0 }
    let candidates = folders.map { $0.appendingPathComponent("tether-terminal-probe") }
    guard let probe = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
      throw XCTSkip("no tether-terminal-probe in \(folders.map(\.path)): swift build --build-tests builds it")
    }
    return probe
  }
}

/// A detached tmux session on a server of its own, running one command in one pane.
private final class TmuxPane {
  enum Failure: Error {
    case tmux(String)
    case timedOut(String)
  }

  private let tmux: URL
  private let socket = "tether-terminal-test-\(getpid())-\(UUID().uuidString.prefix(8))"

  init(command: [String], columns: Int, rows: Int) throws {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let found = path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("tmux") }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    guard let found else { throw XCTSkip("tmux is not installed") }
    tmux = found
    // The shell tmux starts the command with replaces itself with it, so the pane's process is it.
    let shellCommand =
      "exec "
      + command.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
      .joined(separator: " ")
    // No user configuration; the pane stays after the probe exits, so its status can be read.
    _ = try run([
      "-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", shellCommand, ";",
      "set-option", "-g", "remain-on-exit", "on",
    ])
  }

  /// Sends `signal` to the pane's process.
  func signalProcess(_ signal: Int32) throws {
    guard let pid = pid_t(try format("#{pane_pid}")), kill(pid, signal) == 0 else {
      throw Failure.tmux("cannot signal the pane's process")
    }
  }

  /// Types `text` literally (no Enter).
  func type(_ text: String) throws {
    _ = try run(["send-keys", "-l", text])
  }

  func pressEnter() throws {
    _ = try run(["send-keys", "Enter"])
  }

  /// The pane's visible lines as text, trailing spaces removed.
  func capture(rows: Int) throws -> [String] {
    let text = try run(["capture-pane", "-p"])
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(Self.trimmingTrailingSpaces)
    if lines.last == "" { lines.removeLast() }
    return lines + Array(repeating: "", count: max(0, rows - lines.count))
  }

  /// `line` without the spaces at its end (the terminal does not tell them from empty cells).
  static func trimmingTrailingSpaces<Line: StringProtocol>(_ line: Line) -> String {
    String(line.reversed().drop { $0 == " " }.reversed())
  }

  /// A tmux format expanded for the pane (`#{pane_dead}`, ...).
  func format(_ format: String) throws -> String {
    try run(["display-message", "-p", format]).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Polls `condition` every 20 ms until it holds; throws `timedOut` after `timeout` seconds.
  func waitUntil(_ what: String, timeout: TimeInterval, _ condition: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while try !condition() {
      guard Date() < deadline else { throw Failure.timedOut(what) }
      usleep(20_000)
    }
  }

  /// Ends the session and its server (the probe with it).
  func end() {
    _ = try? run(["kill-server"])
  }

  /// Runs tmux with `arguments` on this pane's server and returns what it printed.
  ///
  /// Spawned directly rather than with `Process`: on Linux `Process` learns that a child ended when
  /// a socket it shares with the child closes, and the server that `new-session` forks keeps that
  /// socket open, so `waitUntilExit()` would never return. Output goes to a file for the same
  /// reason (the server would hold a pipe open).
  @discardableResult
  private func run(_ arguments: [String]) throws -> String {
    let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket)-\(UUID()).out")
    defer { try? FileManager.default.removeItem(at: outputFile) }
    #if canImport(Darwin)
    var actions: posix_spawn_file_actions_t? = nil
    #else
    var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, outputFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO)
    let argv = ([tmux.path, "-L", socket] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, tmux.path, &actions, nil, argv, environ)
    guard spawned == 0 else { throw Failure.tmux("cannot start \(tmux.path): \(String(cString: strerror(spawned)))") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1, errno == EINTR {}
    let text = String(decoding: (try? Data(contentsOf: outputFile)) ?? Data(), as: UTF8.self)
    // Exited (low 7 bits clear) with status 0 (the next 8 bits).
    guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
      throw Failure.tmux("tmux \(arguments.joined(separator: " ")) ended with status \(status): \(text)")
    }
    return text
  }
}
