import Dispatch

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How many items queued by other threads a deliverer delivers before it hands the rest over.
///
/// The same budget as the signal runtime's subjects: a thread that finds an engine idle delivers
/// its own item, then whatever other threads queued meanwhile, so once every sender has returned
/// everything has been delivered; only a sustained flood (more than this many of other threads'
/// items in one call) moves delivery to ``handOverDelivery(_:)`` so that no caller is held forever.
@usableFromInline package let deliveryHandOverBudget = 4_096

/// Continues a handed-over delivery on Tether's containers' hand-over queue.
///
/// A serial queue rather than a global one: libdispatch gives serial queues a thread even when the
/// global pool is busy (they "overcommit"), and the pool may be busy precisely with the threads
/// flooding the engine. Deliveries handed over by several engines take turns on it, each at most
/// ``deliveryHandOverBudget`` foreign items at a time.
@usableFromInline package func handOverDelivery(_ body: @escaping @Sendable () -> Void) {
  handOverQueue.async(execute: body)
}

private let handOverQueue = DispatchQueue(label: "Tether.container-delivery-hand-over")

/// Marks the threads that are delivering (running observers of) a delivery engine.
///
/// A thread inside a delivery must never block waiting for another engine's delivery: that engine's
/// deliverer may be waiting for this one (two containers observing each other from two threads).
/// So waits that are otherwise part of the contract (a producer waiting for queue room, `dispose()`
/// waiting for an in-flight callback) are skipped on such a thread.
@usableFromInline package enum DeliveringThread {
  /// Whether the calling thread is inside a delivery of any engine that marks itself.
  @inlinable
  package static var isDelivering: Bool {
    depth.pointee != 0
  }

  /// Marks the calling thread as delivering until the matching ``leave(_:)``; returns the value
  /// to pass to it. Nested deliveries (an observer mutating another container) nest.
  @inlinable
  package static func enter() -> UnsafeMutablePointer<Int> {
    let cell = depth
    cell.pointee += 1
    return cell
  }

  /// Ends the delivery started by the ``enter()`` that returned `cell`.
  @inlinable
  package static func leave(_ cell: UnsafeMutablePointer<Int>) {
    cell.pointee -= 1
  }

  /// The calling thread's delivery depth: one cell per thread, allocated on first use and freed
  /// when the thread exits, so that entering and leaving a delivery costs one thread-local lookup.
  @usableFromInline
  static var depth: UnsafeMutablePointer<Int> {
    if let cell = pthread_getspecific(deliveringKey) {
      return cell.assumingMemoryBound(to: Int.self)
    }
    let cell = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    cell.initialize(to: 0)
    pthread_setspecific(deliveringKey, cell)
    return cell
  }
}

/// The key of every thread's delivery depth (subjects and containers share it).
@usableFromInline
package let deliveringKey: pthread_key_t = {
  var key = pthread_key_t()
  // The destructor's parameter is optional on Linux and not on Apple platforms.
  #if canImport(Darwin)
  let status = pthread_key_create(&key) { cell in cell.deallocate() }
  #else
  let status = pthread_key_create(&key) { cell in cell?.deallocate() }
  #endif
  precondition(status == 0, "pthread_key_create failed with error \(status)")
  return key
}()
