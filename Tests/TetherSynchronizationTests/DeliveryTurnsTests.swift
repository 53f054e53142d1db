import Dispatch
import Foundation
import TetherSynchronization
import TetherTestSupport
import XCTest

/// ``DeliveryTurns`` with a turn-based ``SerialDelivery`` (`receive(on:)`'s hop): one turn per
/// item, the turn that finds none in progress delivers, and it delivers only the items of turns
/// that began. As a state machine, as every interleaving of a seeded simulation, and on threads.
final class DeliveryTurnsTests: XCTestCase {
  func testTheFirstTurnDeliversAndTurnsBegunMeanwhileLeaveTheirItemsToIt() {
    let turns = DeliveryTurns()
    var delivery = SerialDelivery<Int>()
    for item in 0..<3 { delivery.appendUncounted(item) }
    XCTAssertTrue(turns.begin(), "no turn in progress: this one delivers")
    XCTAssertEqual(delivery.takeTurn(thread: 7), 0)
    XCTAssertFalse(turns.begin(), "a turn is in progress: it delivers this one's item")
    XCTAssertEqual(turns.inProgress, 2)
    XCTAssertTrue(turns.end(), "a turn began meanwhile")
    XCTAssertEqual(delivery.takeTurn(thread: 7), 1)
    XCTAssertFalse(turns.end(), "no turn began: delivery is over")
    XCTAssertEqual(turns.inProgress, 0)
    XCTAssertEqual(delivery.count, 1, "the item of a turn not begun yet still waits")
    XCTAssertTrue(turns.begin(), "the next turn delivers")
    XCTAssertEqual(delivery.takeTurn(thread: 8), 2)
    XCTAssertEqual(delivery.deliverer, 8)
    XCTAssertFalse(turns.end())
  }

  func testATurnFindsNothingOnceTheItemsAreDropped() {
    let turns = DeliveryTurns()
    var delivery = SerialDelivery<Int>()
    for item in 0..<4 { delivery.appendUncounted(item) }
    XCTAssertTrue(turns.begin())
    XCTAssertEqual(delivery.takeTurn(thread: 1), 0)
    XCTAssertEqual(Array(delivery.takeAll().elements), [1, 2, 3])
    XCTAssertFalse(turns.end())
    XCTAssertTrue(turns.begin())
    XCTAssertNil(delivery.takeTurn(thread: 1), "disposal dropped the waiting items")
    XCTAssertFalse(turns.end())
    delivery.appendUncounted(4)
    XCTAssertTrue(turns.begin())
    XCTAssertEqual(delivery.takeTurn(thread: 1), 4, "items queued after the drop are delivered")
    XCTAssertFalse(turns.end())
  }

  // MARK: Every interleaving, simulated

  /// One scheduled action, stepped as `receive(on:)`'s hop runs it.
  private enum Phase: Equatable {
    case scheduled, take
    case deliver(Int?)
    case end, done
  }

  /// Producers queue items (each then schedules its turn) while the turns run step by step in a
  /// seeded random interleaving, some beginning out of order (a concurrent queue), some runs
  /// dropping the waiting items midway (disposal). Every item not dropped is delivered once, in
  /// order, no earlier than
  /// as many turns as items delivered have begun, and by one deliverer at a time.
  func testEveryInterleavingOfTurnsDeliversInOrderOnceEachByOneDeliverer() {
    withSeeds(0..<2_000) { seed, rng in
      let items = Int.random(in: 1...8, using: &rng)
      let dropAt = Bool.random(using: &rng) ? Int.random(in: 0..<(items * 4), using: &rng) : nil
      let turns = DeliveryTurns()
      var delivery = SerialDelivery<Int>()
      var phases: [Phase] = []
      var queued = 0
      var begun = 0
      var delivered: [Int] = []
      var dropped: [Int] = []
      var step = 0
      while queued < items || phases.contains(where: { $0 != .done }) {
        if step == dropAt {
          dropped = Array(delivery.takeAll().elements)
        }
        step += 1
        let active = phases.indices.filter { phases[$0] != .done && phases[$0] != .scheduled }
        XCTAssertLessThanOrEqual(active.count, 1, "seed \(seed): two deliverers")
        var choices = phases.indices.filter { phases[$0] != .done }
        if queued < items { choices.append(-1) }
        let choice = choices.randomElement(using: &rng)!
        if choice == -1 {
          delivery.appendUncounted(queued)
          queued += 1
          phases.append(.scheduled)
          continue
        }
        switch phases[choice] {
        case .scheduled:
          begun += 1
          phases[choice] = turns.begin() ? .take : .done
        case .take:
          phases[choice] = .deliver(delivery.takeTurn(thread: UInt(choice + 1)))
        case .deliver(let item):
          if let item {
            delivered.append(item)
            XCTAssertLessThanOrEqual(delivered.count, begun, "seed \(seed): an item delivered before its turn began")
          }
          phases[choice] = .end
        case .end:
          phases[choice] = turns.end() ? .take : .done
        case .done:
          XCTFail("seed \(seed): a finished turn was stepped")
        }
      }
      XCTAssertEqual(turns.inProgress, 0, "seed \(seed)")
      XCTAssertTrue(delivery.isEmpty, "seed \(seed): items left behind")
      // Every item the drop did not take is delivered, in order, those queued after it included.
      let expected = (0..<items).filter { !dropped.contains($0) }
      XCTAssertEqual(delivered, expected, "seed \(seed), dropped \(dropped)")
    }
  }

  // MARK: Threads

  /// Producers on four threads queue numbered items and schedule one turn each on a concurrent
  /// queue, as `receive(on:)` does on a concurrent scheduler.
  func testTurnsOnAConcurrentQueueDeliverEveryItemOnceInOrderWithoutOverlap() {
    final class Harness: @unchecked Sendable {
      // Safe: `state` is a lock and the counters atomic; `delivered` is only touched by the
      // deliverer of the turns (their acquire-release order hands it on), and read by the test
      // once every turn has run.
      struct State {
        var delivery = SerialDelivery<Int>()
        var numbered = 0
      }
      let state = Locked(State())
      let turns = DeliveryTurns()
      let begun = AtomicInt(0)
      let inside = AtomicInt(0)
      let overlaps = AtomicInt(0)
      let early = AtomicInt(0)
      var delivered: [Int] = []
      let group = DispatchGroup()
      let queue = DispatchQueue(label: "DeliveryTurnsTests.concurrent", attributes: .concurrent)

      func send() {
        state.withLock { state in
          state.delivery.appendUncounted(state.numbered)
          state.numbered += 1
        }
        queue.async(group: group) { self.turn() }
      }

      func turn() {
        begun.add(1, ordering: .relaxed)
        guard turns.begin() else { return }
        let thread = currentThreadID()
        repeat {
          if inside.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue != 0 {
            overlaps.add(1, ordering: .relaxed)
          }
          if let item = state.withLock({ $0.delivery.takeTurn(thread: thread) }) {
            delivered.append(item)
            if delivered.count > begun.load(ordering: .relaxed) { early.add(1, ordering: .relaxed) }
          }
          inside.subtract(1, ordering: .acquiringAndReleasing)
        } while turns.end()
      }
    }
    let harness = Harness()
    let producers = 4
    let perProducer = 5_000
    DispatchQueue.concurrentPerform(iterations: producers) { _ in
      for _ in 0..<perProducer { harness.send() }
    }
    harness.group.wait()
    XCTAssertEqual(harness.overlaps.load(ordering: .relaxed), 0, "two turns delivered at once")
    XCTAssertEqual(harness.early.load(ordering: .relaxed), 0, "an item was delivered before its turn began")
    XCTAssertEqual(harness.turns.inProgress, 0)
    XCTAssertEqual(harness.delivered, Array(0..<(producers * perProducer)))
  }
}
