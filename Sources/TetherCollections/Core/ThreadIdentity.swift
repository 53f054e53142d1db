import TetherSynchronization

/// An identifier of the calling thread, unique among running threads.
///
/// Used only to turn a deadlock (touching a container from inside its own `batchUpdate`) into a
/// trap with a message.
@inlinable @inline(__always)
func currentThreadID() -> UInt {
  UInt(bitPattern: currentThreadIdentifier())
}
