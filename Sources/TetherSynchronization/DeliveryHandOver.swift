import CTetherAtomics
import Dispatch

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How many items queued by other threads a deliverer delivers before it hands the rest over: the
/// one budget of every delivery engine, applied by ``SerialDeliveryCore`` (the default of its
/// `next(handOffAfter:)`, `takeIntoRun(budget:)` and `isOverBudget(_:)`) for containers, atomic
/// observers, `Fuser` connections, stateful operators, subjects and properties, and counted by
/// `receiveCoalesced(on:)` itself. `OrderedMainDelivery` goes through the same core without a
/// budget, and `receive(on:)`'s hop has none: their deliverer (the main thread, the scheduler's
/// actions) is the only one allowed to deliver, so they never hand over.
///
/// A thread that finds an engine idle delivers its own item, then whatever other threads queued
/// meanwhile, so once every sender has returned, everything has been delivered. But if other
/// threads keep sending faster than it delivers, it would never return (and a program that waits
/// for it before telling them to stop would hang). So after this many of their items in one call
/// it hands delivery over and returns: to the next thread that sends (subjects, properties and
/// containers ask for such a successor first; subjects and properties never hand over otherwise),
/// or to a hand-over queue (``handOverDelivery(_:)`` for containers, ``handOverSignalDelivery(_:)``
/// for the signal runtime: atomic observers, `Fuser` connections, stateful operators). The budget
/// is large so that ordinary
/// bursts keep the "all delivered when all senders returned" property; only a sustained flood
/// moves delivery off the senders' threads. Items an engine's own callbacks send are never
/// counted: a single-threaded program keeps all delivery on its thread.
@usableFromInline package let deliveryHandOverBudget = 4_096

/// Continues a handed-over delivery of a container on the containers' hand-over queue.
///
/// A serial queue rather than a global one: libdispatch gives serial queues a thread even when the
/// global pool is busy (they "overcommit"), and the pool may be busy precisely with the threads
/// flooding the engine. Deliveries handed over by several containers take turns on it, each at most
/// ``deliveryHandOverBudget`` foreign items at a time. The signal runtime hands over on a queue of
/// its own, so that a handed-over subject delivery whose observer waits for room in a container's
/// queue never waits for a task queued behind it.
@usableFromInline package func handOverDelivery(_ body: @escaping @Sendable () -> Void) {
  handOverQueue.async(execute: body)
}

private let handOverQueue = DispatchQueue(label: "Tether.container-delivery-hand-over")

/// Continues a handed-over delivery of the signal runtime (atomic observers, `Fuser` connections) on
/// its own serial queue, after ``deliveryHandOverBudget`` foreign events.
///
/// Not the containers' queue (``handOverDelivery(_:)``): an atomic observer's handed-over delivery
/// does not mark its thread as delivering, so its observer may block on a container's full queue,
/// which must then be drained by a task that is not queued behind it.
@usableFromInline package func handOverSignalDelivery(_ body: @escaping @Sendable () -> Void) {
  signalHandOverQueue.async(execute: body)
}

private let signalHandOverQueue = DispatchQueue(label: "Tether.delivery-hand-over")

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

  /// Ends the delivery started by the ``enter()`` that returned `cell`, which must have been
  /// called on this thread (debug builds check it: a leave without its enter would unmark a
  /// delivering thread, or mark another one forever).
  @inlinable
  package static func leave(_ cell: UnsafeMutablePointer<Int>) {
    #if DEBUG
    tetherPrecondition(
      cell == depth && cell.pointee > 0,
      "DeliveringThread.leave: no matching enter() on this thread (a leave must end a delivery its thread entered)")
    #endif
    cell.pointee -= 1
  }

  /// The calling thread's delivery depth: a C thread-local variable (`tether_delivery_depth()`),
  /// so entering and leaving a delivery costs no call.
  @inlinable @inline(__always)
  package static var depth: UnsafeMutablePointer<Int> {
    tether_delivery_depth()
  }
}
