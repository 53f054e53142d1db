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

/// How many events sent by other threads a deliverer delivers before it hands the rest over.
///
/// A thread that finds a subject idle delivers its own event, then whatever other threads queued
/// meanwhile, so once every sender has returned, every event has been delivered. But if other
/// threads keep sending faster than it delivers, it would never return from `send` (and a program
/// that waits for it before telling them to stop would hang). So after this many of their events
/// in one `send` it hands delivery over to a dispatch queue (which does the same) and returns.
/// The budget is large so that ordinary bursts keep the "all delivered when all senders returned"
/// property; only a sustained flood moves delivery off the senders' threads. Events its own
/// callbacks send are never counted: a single-threaded program keeps all delivery on its thread.
@usableFromInline
internal let foreignDeliveryBudget = 4_096

/// Continues a handed-over delivery on Tether's hand-over queue.
///
/// A serial queue rather than a global one: libdispatch gives serial queues a thread even when the
/// global pool is busy (they "overcommit"), and the pool may be busy precisely with the threads
/// flooding the subject. Deliveries handed over by several subjects take turns on it, each at most
/// ``foreignDeliveryBudget`` foreign events at a time.
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
