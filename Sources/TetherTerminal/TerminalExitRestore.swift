import TetherSynchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Gives the terminal back when a program ends with a ``TerminalListView``'s region still on
/// standard output's screen (it never called ``TerminalListView/close()``).
///
/// Left as it is, the shell would go on in the alternate screen with its scroll region cut down
/// to the program's input lines. An `atexit` handler, registered on the first open region, resets
/// both. It cannot help when the process dies from a signal.
enum TerminalExitRestore {
  /// How many regions are open on standard output, and whether the handler is registered.
  private static let state = Locked((openRegions: 0, registered: false))

  /// Notes a region opened on standard output.
  static func opened() {
    let register = state.withLock { state in
      state.openRegions += 1
      defer { state.registered = true }
      return !state.registered
    }
    if register { atexit { TerminalExitRestore.restoreIfOpen() } }
  }

  /// Notes a region on standard output closed.
  static func closed() {
    state.withLock { $0.openRegions -= 1 }
  }

  private static func restoreIfOpen() {
    guard state.withLock({ $0.openRegions > 0 }) else { return }
    let reset = Array("\u{1B}[r\u{1B}[?1049l".utf8)
    _ = reset.withUnsafeBufferPointer { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
  }
}
