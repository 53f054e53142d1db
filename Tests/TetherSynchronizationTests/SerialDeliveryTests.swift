import Dispatch
import Foundation
import TetherSynchronization
import TetherTestSupport
import XCTest

/// ``SerialDelivery``, the serial-delivery core of every delivery engine: as a pure state machine
/// (order, foreign counting, hand-off after the budget, resume, takeAll), and driven by several
/// threads through a lock the way its owners drive it.
final class SerialDeliveryTests: XCTestCase {
  typealias Engine = SerialDelivery<Int>

  /// Drains the engine as its deliverer: the items delivered, and the action that stopped it.
  private func drain(_ engine: inout Engine, handOffAfter budget: Int = deliveryHandOverBudget) -> ([Int], String) {
    var delivered: [Int] = []
    while true {
      switch engine.next(handOffAfter: budget) {
      case .deliver(let item): delivered.append(item)
      case .idle: return (delivered, "idle")
      case .handOff: return (delivered, "handOff")
      }
    }
  }

  func testTheFirstSubmitterDeliversAndLaterItemsQueueInOrder() {
    var engine = Engine()
    XCTAssertFalse(engine.isDelivering)
    guard case .deliverNow(let first) = engine.submit(1, thread: 10) else { return XCTFail("idle engine queued") }
    XCTAssertEqual(first, 1)
    XCTAssertTrue(engine.isDelivering)
    XCTAssertEqual(engine.deliverer, 10)
    for item in 2...5 {
      guard case .queued = engine.submit(item, thread: item.isMultiple(of: 2) ? 10 : 20) else {
        return XCTFail("a busy engine delivered at once")
      }
    }
    XCTAssertEqual(engine.count, 4)
    XCTAssertEqual(engine.first, 2)
    let (delivered, end) = drain(&engine)
    XCTAssertEqual(delivered, [2, 3, 4, 5])
    XCTAssertEqual(end, "idle")
    XCTAssertFalse(engine.isDelivering)
    XCTAssertEqual(engine.deliverer, 0)
    // Idle again: the next submitter delivers.
    guard case .deliverNow(6) = engine.submit(6, thread: 30) else { return XCTFail("not idle after draining") }
    XCTAssertEqual(engine.deliverer, 30)
  }

  func testOnlyItemsOfOtherThreadsCountAgainstTheBudget() {
    var engine = Engine()
    _ = engine.submit(0, thread: 1)
    for item in 1...6 { _ = engine.submit(item, thread: 1) }  // the deliverer's own callbacks
    for item in 7...9 { _ = engine.submit(item, thread: 2) }
    let (delivered, end) = drain(&engine, handOffAfter: 3)
    XCTAssertEqual(delivered, Array(1...9))
    XCTAssertEqual(end, "idle", "three foreign items fit a budget of three")
    XCTAssertEqual(engine.foreignDelivered, 0, "reset once idle")
  }

  func testHandsOffAfterTheBudgetAndResumesWithAFreshOne() {
    var engine = Engine()
    _ = engine.submit(0, thread: 1)
    for item in 1...7 { _ = engine.submit(item, thread: 2) }
    var (delivered, end) = drain(&engine, handOffAfter: 3)
    XCTAssertEqual(delivered, [1, 2, 3])
    XCTAssertEqual(end, "handOff")
    XCTAssertTrue(engine.isDelivering, "busy while handed over: submitters queue")
    XCTAssertTrue(engine.isHandedOver)
    XCTAssertEqual(engine.deliverer, 0)
    guard case .queued = engine.submit(8, thread: 1) else { return XCTFail("a handed-over engine delivered at once") }
    engine.resume(thread: 3)
    XCTAssertFalse(engine.isHandedOver)
    XCTAssertEqual(engine.deliverer, 3)
    (delivered, end) = drain(&engine, handOffAfter: 3)
    XCTAssertEqual(delivered, [4, 5, 6], "a fresh budget on resume")
    XCTAssertEqual(end, "handOff")
    engine.resume(thread: 3)
    (delivered, end) = drain(&engine, handOffAfter: 3)
    XCTAssertEqual(delivered, [7, 8])
    XCTAssertEqual(end, "idle")
  }

  func testTheDefaultBudgetIsTheSharedOne() {
    var engine = Engine()
    _ = engine.submit(-1, thread: 1)
    for item in 0..<(deliveryHandOverBudget + 1) { _ = engine.submit(item, thread: 2) }
    let (delivered, end) = drain(&engine)
    XCTAssertEqual(delivered.count, deliveryHandOverBudget)
    XCTAssertEqual(end, "handOff")
    XCTAssertEqual(engine.count, 1)
  }

  func testItemsOfTheNewDelivererAfterAPassAreNotForeign() {
    var engine = Engine()
    _ = engine.submit(0, thread: 1)
    _ = engine.submit(1, thread: 2)
    _ = engine.submit(2, thread: 2)
    guard case .deliver(1) = engine.next(handOffAfter: 1) else { return XCTFail("expected item 1") }
    XCTAssertEqual(engine.foreignDelivered, 1)
    engine.pass(to: 2)
    XCTAssertEqual(engine.deliverer, 2)
    XCTAssertEqual(engine.foreignDelivered, 0)
    _ = engine.submit(3, thread: 2)  // the new deliverer's own: not foreign
    let (delivered, end) = drain(&engine, handOffAfter: 1)
    XCTAssertEqual(delivered, [2, 3], "item 2 is the only foreign one counted (budget 1)")
    XCTAssertEqual(end, "idle")
  }

  func testTakeRunStopsAtTheLimitThePredicateAndTheBudget() {
    var engine = Engine()
    _ = engine.submit(0, thread: 1)
    for item in 1...4 { _ = engine.submit(item, thread: 1) }
    _ = engine.submit(-5, thread: 1)
    for item in 6...9 { _ = engine.submit(item, thread: 2) }
    var run: ContiguousArray<Int> = []
    XCTAssertTrue(engine.takeRun(into: &run, limit: 3, while: { $0 >= 0 }))
    XCTAssertEqual(Array(run), [1, 2, 3], "the limit")
    run = []
    XCTAssertTrue(engine.takeRun(into: &run, limit: 10, while: { $0 >= 0 }))
    XCTAssertEqual(Array(run), [4], "stops at the item the predicate refuses")
    XCTAssertFalse(engine.takeRun(into: &run, limit: 10, while: { $0 >= 0 }))
    guard case .deliver(-5) = engine.next() else { return XCTFail("expected the refused item next") }
    run = []
    XCTAssertTrue(engine.takeRun(into: &run, limit: 10, budget: 2, while: { _ in true }))
    XCTAssertEqual(Array(run), [6, 7], "two foreign items, the budget")
    XCTAssertEqual(engine.foreignDelivered, 2)
    guard case .handOff = engine.next(handOffAfter: 2) else { return XCTFail("the budget is spent") }
  }

  func testTakeAllEmptiesTheQueueAndTheDeliveryStopsAtItsNextStep() {
    var engine = Engine()
    _ = engine.submit(0, thread: 1)
    for item in 1...3 { _ = engine.submit(item, thread: 2) }
    let taken = engine.takeAll()
    XCTAssertEqual(Array(taken.elements), [1, 2, 3])
    XCTAssertEqual(engine.core.count, 0, "the foreign marks went with them")
    XCTAssertTrue(engine.isDelivering, "the delivery in progress goes on")
    XCTAssertTrue(engine.isEmpty)
    guard case .idle = engine.next() else { return XCTFail("nothing left to deliver") }
  }

  func testFinishEndsTheDeliveryAndReturnsWhatWaited() {
    var engine = Engine()
    _ = engine.submit(0, thread: 1)
    _ = engine.submit(1, thread: 1)
    let dropped = engine.finish()
    XCTAssertEqual(Array(dropped.elements), [1])
    XCTAssertFalse(engine.isDelivering)
    XCTAssertEqual(engine.deliverer, 0)
  }

  func testAppendThenClaimDeliversAnUpdatesItemsInOrder() {
    var engine = Engine()
    engine.append(1, thread: 1)
    engine.append(2, thread: 1)
    XCTAssertFalse(engine.isDelivering, "appending alone starts nothing")
    XCTAssertEqual(engine.claim(thread: 1), 1)
    XCTAssertEqual(engine.deliverer, 1)
    engine.append(3, thread: 2)  // another thread's update while thread 1 delivers
    XCTAssertNil(engine.claim(thread: 2), "someone delivers")
    let (delivered, end) = drain(&engine, handOffAfter: 0)
    XCTAssertEqual(delivered, [2], "item 2 was appended while idle (not foreign); item 3 is foreign")
    XCTAssertEqual(end, "handOff")
    engine.resume(thread: 3)
    XCTAssertEqual(drain(&engine).0, [3])
    XCTAssertNil(engine.claim(thread: 1), "nothing queued")
    XCTAssertFalse(engine.isDelivering)
  }

  func testStartDeliveringThenAppendIsSubmitInTwoHalves() {
    var engine = Engine()
    XCTAssertTrue(engine.startDelivering(thread: 1), "idle: the caller delivers its own item")
    XCTAssertEqual(engine.deliverer, 1)
    XCTAssertFalse(engine.startDelivering(thread: 2), "busy: the caller queues its item")
    engine.append(1, thread: 2)
    XCTAssertFalse(engine.startDelivering(thread: 1))
    engine.append(2, thread: 1)
    let (delivered, end) = drain(&engine, handOffAfter: 1)
    XCTAssertEqual(delivered, [1, 2], "one foreign item (1) within a budget of one; 2 is the deliverer's own")
    XCTAssertEqual(end, "idle")
  }

  func testItemsAreReleasedWhenTaken() {
    final class Token {}
    var engine = SerialDelivery<Token>()
    _ = engine.submit(Token(), thread: 1)
    weak var queued: Token?
    do {
      let token = Token()
      queued = token
      _ = engine.submit(token, thread: 2)
    }
    XCTAssertNotNil(queued, "the queue holds it")
    do {
      guard case .deliver(let token) = engine.next() else { return XCTFail("expected the token") }
      XCTAssertTrue(token === queued)
    }
    XCTAssertNil(queued, "the queue keeps nothing once the deliverer lets go")
  }

  // MARK: The core alone

  /// Drains a bare core as its deliverer: how many items it let through, and the step that stopped it.
  private func drain(
    _ core: inout SerialDeliveryCore, handOffAfter budget: Int = deliveryHandOverBudget
  ) -> (
    Int, SerialDeliveryCore.Step
  ) {
    var delivered = 0
    while true {
      let step = core.next(handOffAfter: budget)
      guard case .deliverNext = step else { return (delivered, step) }
      delivered += 1
    }
  }

  func testTheCoreMarksOnlyItemsOfOtherThreadsThanTheDelivererAsForeign() {
    var core = SerialDeliveryCore()
    core.append(thread: 2)  // idle: nobody to be foreign to
    XCTAssertFalse(core.firstIsForeign)
    XCTAssertTrue(core.claim(thread: 1))
    XCTAssertEqual(core.deliverer, 1)
    XCTAssertTrue(core.isEmpty)
    core.append(thread: 1)
    core.append(thread: 2)
    core.append(thread: 1)
    core.append(thread: 3)
    XCTAssertEqual(core.count, 4)
    XCTAssertFalse(core.firstIsForeign)
    XCTAssertEqual(core.next(handOffAfter: 1), .deliverNext)
    XCTAssertTrue(core.firstIsForeign)
    XCTAssertEqual(core.next(handOffAfter: 1), .deliverNext)
    XCTAssertEqual(core.foreignDelivered, 1)
    XCTAssertEqual(core.next(handOffAfter: 1), .deliverNext, "the deliverer's own item is never held back")
    XCTAssertEqual(core.next(handOffAfter: 1), .handOff, "the second foreign item is over the budget of one")
    XCTAssertTrue(core.isHandedOver)
    XCTAssertEqual(core.count, 1)
    core.resume(thread: 3)
    XCTAssertEqual(core.foreignDelivered, 0)
    XCTAssertEqual(core.next(handOffAfter: 1), .deliverNext)
    XCTAssertEqual(core.next(handOffAfter: 1), .idle)
    XCTAssertFalse(core.isDelivering)
    XCTAssertEqual(core.deliverer, 0)
  }

  func testTheCoreSubmitIsStartDeliveringOrAppend() {
    var core = SerialDeliveryCore()
    XCTAssertTrue(core.submit(thread: 1), "idle: the submitter delivers its own item")
    XCTAssertTrue(core.isEmpty, "an item delivered at once is never counted as waiting")
    XCTAssertFalse(core.submit(thread: 2))
    XCTAssertFalse(core.submit(thread: 1))
    XCTAssertEqual(core.count, 2)
    XCTAssertFalse(core.startDelivering(thread: 3))
    let (delivered, step) = drain(&core, handOffAfter: 1)
    XCTAssertEqual(delivered, 2)
    XCTAssertEqual(step, .idle)
  }

  func testTheCoreClaimsOnlyWhenIdleWithItemsWaiting() {
    var core = SerialDeliveryCore()
    XCTAssertFalse(core.claim(thread: 1), "nothing waits")
    XCTAssertFalse(core.isDelivering)
    core.append(thread: 1)
    core.append(thread: 1)
    XCTAssertTrue(core.claim(thread: 1))
    XCTAssertEqual(core.count, 1, "the claimed item is no longer waiting")
    XCTAssertFalse(core.claim(thread: 2), "someone delivers")
    XCTAssertEqual(drain(&core).0, 1)
  }

  func testTheCoreTakesARunWithinTheBudget() {
    var core = SerialDeliveryCore()
    _ = core.startDelivering(thread: 1)
    core.append(thread: 1)
    core.append(thread: 2)
    core.append(thread: 2)
    core.append(thread: 1)
    XCTAssertTrue(core.takeIntoRun(budget: 1))
    XCTAssertTrue(core.takeIntoRun(budget: 1))
    XCTAssertFalse(core.takeIntoRun(budget: 1), "the second foreign item is over the budget")
    XCTAssertEqual(core.count, 2)
    XCTAssertEqual(core.next(handOffAfter: 1), .handOff)
    core.resume(thread: 4)
    XCTAssertTrue(core.takeIntoRun(budget: 1))
    XCTAssertTrue(core.takeIntoRun(budget: 1))
    XCTAssertFalse(core.takeIntoRun(budget: 1), "nothing waits")
    XCTAssertEqual(core.next(), .idle)
  }

  func testTheCoreForgetsForeignMarksWithTheItemsItDrops() {
    var core = SerialDeliveryCore()
    _ = core.startDelivering(thread: 1)
    for _ in 0..<3 { core.append(thread: 2) }
    core.takeAll()
    XCTAssertTrue(core.isEmpty)
    XCTAssertTrue(core.isDelivering, "the delivery in progress goes on")
    core.append(thread: 1)
    XCTAssertFalse(core.firstIsForeign, "no mark of a dropped item lands on a later one")
    XCTAssertEqual(core.next(handOffAfter: 0), .deliverNext)
    core.append(thread: 2)
    core.finish()
    XCTAssertFalse(core.isDelivering)
    XCTAssertTrue(core.isEmpty)
    XCTAssertTrue(core.submit(thread: 2))
    core.append(thread: 2)
    XCTAssertFalse(core.firstIsForeign, "finish dropped the foreign mark too")
    let (delivered, step) = drain(&core, handOffAfter: 0)
    XCTAssertEqual(delivered, 1)
    XCTAssertEqual(step, .idle)
  }

  func testAStoppedDeliveryLeavesTheWaitingItemsToTheNextClaim() {
    var core = SerialDeliveryCore()
    _ = core.startDelivering(thread: 1)
    core.append(thread: 2)
    core.append(thread: 2)
    core.stop()
    XCTAssertFalse(core.isDelivering)
    XCTAssertEqual(core.deliverer, 0)
    XCTAssertEqual(core.count, 2, "stopping drops nothing")
    XCTAssertFalse(core.firstIsForeign, "with nobody delivering, no waiting item is foreign")
    XCTAssertTrue(core.claim(thread: 2))
    let (delivered, step) = drain(&core, handOffAfter: 0)
    XCTAssertEqual(delivered, 1)
    XCTAssertEqual(step, .idle)
  }

  func testUncountedItemsNeverHandOff() {
    var core = SerialDeliveryCore()
    _ = core.startDelivering(thread: 1)
    for _ in 0..<3 { core.appendUncounted() }
    XCTAssertFalse(core.firstIsForeign)
    let (delivered, step) = drain(&core, handOffAfter: 0)
    XCTAssertEqual(delivered, 3, "a budget of zero, and still no hand-off")
    XCTAssertEqual(step, .idle)
  }

  func testRestartMakesANewDelivererOfACoreNotToldItsDeliveryStopped() {
    var core = SerialDeliveryCore()
    _ = core.startDelivering(thread: 1)
    core.append(thread: 2)
    XCTAssertEqual(core.next(), .deliverNext)
    XCTAssertTrue(core.isOverBudget(0), "one foreign item is over a budget of zero")
    XCTAssertFalse(core.isOverBudget(1))
    // The deliverer stopped without telling the core (its owner's own word says so).
    core.restart(thread: 3)
    XCTAssertEqual(core.deliverer, 3)
    XCTAssertEqual(core.foreignDelivered, 0)
    XCTAssertFalse(core.isOverBudget(0), "a fresh budget")
    core.append(thread: 1)
    XCTAssertTrue(core.firstIsForeign, "thread 1 is no longer the deliverer")
  }

  func testThePassedDelivererHasAFreshBudgetAndItsItemsAreItsOwn() {
    var core = SerialDeliveryCore()
    _ = core.startDelivering(thread: 1)
    core.append(thread: 2)
    XCTAssertEqual(core.next(handOffAfter: 1), .deliverNext)
    XCTAssertEqual(core.foreignDelivered, 1)
    core.pass(to: 2)
    XCTAssertEqual(core.deliverer, 2)
    XCTAssertEqual(core.foreignDelivered, 0)
    core.append(thread: 2)
    core.append(thread: 1)
    XCTAssertFalse(core.firstIsForeign)
    let (delivered, step) = drain(&core, handOffAfter: 1)
    XCTAssertEqual(delivered, 2)
    XCTAssertEqual(step, .idle)
  }

  // MARK: Threads

  /// The owner's side, as every engine's owner writes it: the engine in a lock, actions taken
  /// outside it, a handed-off delivery resumed on a dispatch queue.
  final class Harness: @unchecked Sendable {
    // Safe: `state` is a lock; `delivered` and `active` are only touched by the one deliverer (the
    // engine's hand-offs order them), and checked by the test after every delivery has ended.
    struct Item {
      let producer: Int
      let sequence: Int
    }

    let state = Locked(SerialDelivery<Item>())
    let budget: Int
    let active = AtomicInt(0)
    let overlaps = AtomicInt(0)
    let handOffs = AtomicInt(0)
    var delivered: [[Int]]
    let group = DispatchGroup()
    let handOverQueue = DispatchQueue(label: "SerialDeliveryTests.hand-over")

    init(producers: Int, budget: Int) {
      self.budget = budget
      delivered = Array(repeating: [], count: producers)
    }

    func send(_ item: Item) {
      let thread = currentThreadID()
      let action = state.withLock { $0.submit(item, thread: thread) }
      guard case .deliverNow(let first) = action else { return }
      deliver(first)
    }

    func deliver(_ first: Item) {
      var item = first
      while true {
        if active.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue != 0 {
          overlaps.add(1, ordering: .relaxed)
        }
        delivered[item.producer].append(item.sequence)
        active.subtract(1, ordering: .acquiringAndReleasing)
        switch state.withLock({ $0.next(handOffAfter: budget) }) {
        case .deliver(let next):
          item = next
        case .idle:
          return
        case .handOff:
          handOffs.add(1, ordering: .relaxed)
          group.enter()
          handOverQueue.async {
            let thread = currentThreadID()
            let action = self.state.withLock { state -> SerialDelivery<Item>.NextAction in
              state.resume(thread: thread)
              return state.next(handOffAfter: self.budget)
            }
            if case .deliver(let item) = action { self.deliver(item) }
            self.group.leave()
          }
          return
        }
      }
    }
  }

  func testConcurrentSendersAreDeliveredOnceEachInOrderWithoutOverlap() {
    let producers = 4
    let perProducer = 20_000
    let harness = Harness(producers: producers, budget: 500)
    DispatchQueue.concurrentPerform(iterations: producers) { producer in
      for sequence in 0..<perProducer {
        harness.send(.init(producer: producer, sequence: sequence))
      }
    }
    // Every send has returned; once every hand-off has run, nothing is left.
    harness.group.wait()
    XCTAssertFalse(harness.state.withLock { $0.isDelivering })
    XCTAssertEqual(harness.overlaps.load(ordering: .relaxed), 0, "two deliveries overlapped")
    for producer in 0..<producers {
      XCTAssertEqual(harness.delivered[producer], Array(0..<perProducer), "producer \(producer)")
    }
  }
}
