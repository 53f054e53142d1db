import Foundation

/// Holds the subscription a subscriber receives, so that a cancellation arriving before it, at the
/// same time, or after it cancels it exactly once, on every platform: it knows no Combine type, so
/// Linux tests exercise the same logic the Combine bridge runs.
///
/// Nothing is called under the lock: each method returns what the caller must cancel.
final class SubscriptionSlot<Subscription>: @unchecked Sendable {
  // Safe: `state` is read and written only while `lock` is held.
  private enum State {
    case waiting
    case attached(Subscription)
    case ended
  }

  private let lock = NSLock()
  private var state = State.waiting

  /// Creates an empty slot.
  init() {}

  /// Keeps `subscription`. Returns `false` when the slot already ended (it was cancelled or the
  /// stream completed, or it already holds one): the caller must then cancel `subscription`.
  func attach(_ subscription: Subscription) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    guard case .waiting = state else { return false }
    state = .attached(subscription)
    return true
  }

  /// Ends the slot. Returns the subscription the caller must cancel, the first time only.
  func cancel() -> Subscription? {
    end()
  }

  /// Ends the slot because the stream completed; the subscription is released, not cancelled.
  func complete() {
    _ = end()
  }

  /// Whether the slot ended.
  var hasEnded: Bool {
    lock.lock()
    defer { lock.unlock() }
    if case .ended = state { return true }
    return false
  }

  private func end() -> Subscription? {
    lock.lock()
    defer { lock.unlock() }
    let previous = state
    state = .ended
    if case .attached(let subscription) = previous { return subscription }
    return nil
  }
}
