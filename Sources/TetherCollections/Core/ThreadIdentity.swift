#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An identifier of the calling thread, unique among running threads; 0 where unknown.
///
/// Used only to turn a deadlock (touching a container from inside its own `batchUpdate`) into a
/// trap with a message.
@inlinable @inline(__always)
func currentThreadID() -> UInt {
  #if canImport(Darwin)
  return UInt(bitPattern: pthread_self())
  #elseif canImport(Glibc) || canImport(Musl)
  return UInt(pthread_self())
  #else
  return 0
  #endif
}
