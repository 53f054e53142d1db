import Dispatch
import TetherSynchronization

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// An identifier of the calling thread, to tell a deliverer's own re-entrant sends from sends made
/// by other threads while it delivers.
@inlinable
internal func currentThreadID() -> UInt {
  UInt(bitPattern: currentThreadIdentifier())
}

/// Continues a handed-over delivery of the signal runtime (subjects, properties, atomic observers)
/// on its own serial queue, after ``deliveryHandOverBudget`` foreign events.
///
/// Not the containers' queue (``handOverDelivery(_:)``): an atomic observer's handed-over delivery
/// does not mark its thread as delivering, so its observer may block on a container's full queue,
/// which must then be drained by a task that is not queued behind it.
@usableFromInline
internal func continueDeliveryElsewhere(_ body: @escaping @Sendable () -> Void) {
  handOverQueue.async(execute: body)
}

private let handOverQueue = DispatchQueue(label: "Tether.delivery-hand-over")

/// The calling thread's delivery depth: how many deliveries (as a subject's or property's
/// deliverer) the thread is inside.
///
/// A thread inside a callback never waits for another subject (for room in its queue, for its
/// turn to deliver, or for an in-flight callback in `dispose()`): the subject it would wait for may
/// itself be waiting for the subject this thread is delivering, and the two would deadlock.
///
/// The counter is a thread-local variable, so entering and leaving a delivery costs no call. It is
/// the one containers use too (`DeliveringThread` in TetherSynchronization), so a thread inside a
/// subject's callback never waits for a container's delivery and a thread inside a container's
/// observer never waits for a subject's: waits across the two engines cannot deadlock.
@inlinable @inline(__always)
internal func deliveryDepth() -> UnsafeMutablePointer<Int> {
  DeliveringThread.depth
}

/// Whether the calling thread is inside a subject's or property's delivery (in a callback).
@inlinable
internal func isDeliveringOnThisThread() -> Bool {
  DeliveringThread.isDelivering
}
