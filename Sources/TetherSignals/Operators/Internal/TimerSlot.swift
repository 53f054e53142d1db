/// One cancellable timer owned by a state machine.
///
/// Each arming gets a new generation, so a timer that fires after it was replaced or cancelled
/// (its cancellation raced with its firing) is recognized as stale and ignored.
internal struct TimerSlot {
  private var generation = 0
  private var isArmed = false
  private var disposable: (any Disposable)?

  internal init() {}

  /// Whether a timer is armed and has not fired.
  internal var isActive: Bool { isArmed }

  /// Arms a new timer, replacing any armed one.
  ///
  /// - Returns: The generation to pass to ``fire(_:)`` and ``attach(_:generation:)``, and the
  ///   replaced timer's disposable, to dispose outside the lock.
  internal mutating func arm() -> (generation: Int, replaced: (any Disposable)?) {
    generation += 1
    isArmed = true
    let replaced = disposable
    disposable = nil
    return (generation, replaced)
  }

  /// Stores the disposable of the timer armed as `generation`, or returns it if that timer has
  /// already fired or been replaced (dispose it outside the lock).
  internal mutating func attach(_ timer: any Disposable, generation: Int) -> (any Disposable)? {
    guard isArmed, generation == self.generation else { return timer }
    disposable = timer
    return nil
  }

  /// Whether the timer firing is the armed one; if so it is no longer armed.
  internal mutating func fire(_ generation: Int) -> Bool {
    guard isArmed, generation == self.generation else { return false }
    isArmed = false
    disposable = nil
    return true
  }

  /// Disarms the timer; returns its disposable to dispose outside the lock.
  internal mutating func cancel() -> (any Disposable)? {
    isArmed = false
    generation += 1
    let cancelled = disposable
    disposable = nil
    return cancelled
  }
}
