import Foundation

/// Delivers a stream's elements and completion to a consumer that asks for elements by count (a
/// Combine subscriber and its `Subscribers.Demand`), on every platform: it knows no Combine type,
/// so Linux tests exercise exactly the logic the Combine bridge runs.
///
/// - Elements arriving without demand are buffered, without bound, in arrival order; the
///   completion is delivered after every buffered element, so it too waits for demand to drain
///   them (Combine's subscriber contract allows a completion at any time, but delivering it early
///   would drop elements the stream did send).
/// - Demand is a count, with `Int.max` standing for unlimited: it is never decremented and absorbs
///   any addition, and every other addition saturates at it.
/// - Delivery is serial and never runs under the lock: the thread that finds deliverable work
///   becomes the deliverer and drains the buffer; elements, demand and completions arriving
///   meanwhile (from other threads, or from inside the consumer) are queued and delivered by that
///   thread in order, so a consumer that requests more from inside `receive` is not re-entered.
/// - After the completion is delivered, or after ``cancel()``, the consumer is released and
///   nothing more reaches it.
final class DemandBuffer<Value, Failure: Swift.Error>: @unchecked Sendable {
  // Safe: `state` is read and written only while `lock` is held; the consumer's closures are
  // called after it is released, by one deliverer at a time.

  /// Where delivery goes: `receive` returns the demand it adds (Combine's `receive(_:)` result).
  struct Consumer {
    /// Delivers one element and returns how many more the consumer wants (`0` for none).
    var receive: (Value) -> Int
    /// Delivers the completion; nothing follows it.
    var complete: (Completion) -> Void
  }

  /// How the stream ended.
  enum Completion {
    /// It finished normally.
    case finished
    /// It failed.
    case failure(Failure)
  }

  private struct State {
    var consumer: Consumer?
    /// The buffered elements from `head` on; delivered ones are moved out, leaving `nil`, so that
    /// no element is released under the lock.
    var elements: [Value?] = []
    /// Index of the next element to deliver in `elements`; the prefix before it is spent.
    var head = 0
    var demand = 0
    var completion: Completion?
    var isDelivering = false
    var hasRequested = false

    var hasBufferedElements: Bool { head < elements.count }

    /// Claims delivery for the caller when there is something it may deliver now.
    mutating func claimDelivery() -> Bool {
      guard !isDelivering, consumer != nil else { return false }
      guard (hasBufferedElements && demand > 0) || (!hasBufferedElements && completion != nil) else { return false }
      isDelivering = true
      return true
    }
  }

  private enum Step {
    case element(Value, (Value) -> Int)
    case completion(Completion, (Completion) -> Void)
    case stop
  }

  private let lock = NSLock()
  private var state: State

  /// Creates a buffer delivering to `consumer`, with no demand yet.
  init(consumer: Consumer) {
    state = State(consumer: consumer)
  }

  /// The demand not yet used: `Int.max` once unlimited.
  var pendingDemand: Int { withLock { $0.demand } }

  /// The number of elements waiting for demand.
  var bufferedCount: Int { withLock { $0.elements.count - $0.head } }

  /// Whether the completion was delivered or the buffer was cancelled.
  var isFinished: Bool { withLock { $0.consumer == nil } }

  /// Adds `demand` (at least 0; `Int.max` for unlimited) and delivers what it allows.
  ///
  /// Returns `true` exactly once: for the first positive demand, so that the caller starts the
  /// stream only when it is wanted.
  @discardableResult
  func request(_ demand: Int) -> Bool {
    precondition(demand >= 0, "DemandBuffer: demand \(demand) is negative")
    let (isFirst, deliver) = withLock { state -> (Bool, Bool) in
      guard state.consumer != nil else { return (false, false) }
      state.demand = Self.adding(demand, to: state.demand)
      let isFirst = demand > 0 && !state.hasRequested
      if isFirst { state.hasRequested = true }
      return (isFirst, state.claimDelivery())
    }
    if deliver { drain() }
    return isFirst
  }

  /// Buffers `element` and delivers what the demand allows. Ignored after a completion.
  func send(_ element: Value) {
    let deliver = withLock { state -> Bool in
      guard state.consumer != nil, state.completion == nil else { return false }
      state.elements.append(element)
      return state.claimDelivery()
    }
    if deliver { drain() }
  }

  /// Ends the stream: the completion reaches the consumer after the buffered elements. Only the
  /// first completion counts.
  func send(completion: Completion) {
    let deliver = withLock { state -> Bool in
      guard state.consumer != nil, state.completion == nil else { return false }
      state.completion = completion
      return state.claimDelivery()
    }
    if deliver { drain() }
  }

  /// Drops the buffer and releases the consumer: nothing more is delivered, although a delivery
  /// under way on another thread completes.
  func cancel() {
    let released = withLock { state -> (Consumer?, [Value?]) in
      let released = (state.consumer, state.elements)
      state.consumer = nil
      state.elements = []
      state.head = 0
      state.completion = nil
      return released
    }
    // The consumer and elements are released here, outside the lock: their deinits may run user code.
    _ = released
  }

  /// Delivers until nothing is deliverable; only the claimant of delivery runs it.
  private func drain() {
    var added = 0
    while true {
      let step = withLock { state -> Step in
        state.demand = Self.adding(added, to: state.demand)
        guard let consumer = state.consumer else {
          state.isDelivering = false
          return .stop
        }
        if state.hasBufferedElements && state.demand > 0 {
          guard let element = state.elements[state.head].take() else {
            preconditionFailure(
              "DemandBuffer: buffered element \(state.head) of \(state.elements.count) was already delivered")
          }
          state.head += 1
          if state.head == state.elements.count {
            state.elements.removeAll(keepingCapacity: true)
            state.head = 0
          } else if state.head >= 64 && state.head * 2 >= state.elements.count {
            // Reclaims the spent prefix once it is most of the array: O(1) amortized per element.
            state.elements.removeFirst(state.head)
            state.head = 0
          }
          if state.demand != Int.max { state.demand -= 1 }
          return .element(element, consumer.receive)
        }
        if !state.hasBufferedElements, let completion = state.completion {
          state.consumer = nil
          state.completion = nil
          state.isDelivering = false
          return .completion(completion, consumer.complete)
        }
        state.isDelivering = false
        return .stop
      }
      switch step {
      case .element(let element, let receive):
        added = receive(element)
      case .completion(let completion, let complete):
        complete(completion)
        return
      case .stop:
        return
      }
    }
  }

  private func withLock<Result>(_ body: (inout State) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&state)
  }

  /// `demand + added`, where `Int.max` is unlimited and absorbs everything.
  private static func adding(_ added: Int, to demand: Int) -> Int {
    let (sum, overflow) = demand.addingReportingOverflow(added)
    return overflow ? Int.max : sum
  }
}
