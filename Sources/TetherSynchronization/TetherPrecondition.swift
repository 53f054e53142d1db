/// Traps with `message` unless `condition` holds, in every build configuration.
///
/// The standard library's `precondition` and `preconditionFailure` drop their message in optimized
/// builds, so a release app would only report "precondition failure" for `array.remove(at: 3)`.
/// Tether's argument and misuse checks go through these functions instead, which end in
/// `fatalError` and keep the message (with the index and the count) everywhere. The message is
/// built only when the check fails, so a passing check costs what `precondition` costs.
@inlinable @inline(__always)
package func tetherPrecondition(
  _ condition: @autoclosure () -> Bool,
  _ message: @autoclosure () -> String,
  file: StaticString = #fileID,
  line: UInt = #line
) {
  if _slowPath(!condition()) { tetherPreconditionFailure(message(), file: file, line: line) }
}

/// Traps with `message` in every build configuration (see ``tetherPrecondition(_:_:file:line:)``).
@inlinable @inline(__always)
package func tetherPreconditionFailure(
  _ message: @autoclosure () -> String,
  file: StaticString = #fileID,
  line: UInt = #line
) -> Never {
  tetherTrap(message(), file: file, line: line)
}

/// The out-of-line trap, so that the checks inline to a compare and a branch.
@usableFromInline @inline(never)
func tetherTrap(_ message: String, file: StaticString, line: UInt) -> Never {
  fatalError(message, file: file, line: line)
}
