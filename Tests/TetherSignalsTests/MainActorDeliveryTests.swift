import Dispatch
import Foundation
import Testing
import TetherSignals
import TetherTestSupport

@MainActor
private final class Titles {
  var titles: [String] = []
}

/// Values received on a main-queue callback, readable from any thread.
private final class Received: @unchecked Sendable {
  // Safe: `values` is only touched while holding `lock`.
  private let lock = NSLock()
  private var stored: [Int] = []

  var values: [Int] {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }

  func append(_ value: Int) {
    lock.lock()
    stored.append(value)
    lock.unlock()
  }
}

/// Main-thread delivery inside Swift Testing tests. On Linux a `@MainActor` test runs on the main
/// queue but not on the main thread; bindings still deliver values sent there before the send
/// returns, and `drainMainQueue()` runs what was queued from elsewhere.
@Suite struct MainActorDeliveryTests {
  @Test @MainActor func bindingToAMainActorTargetSetsTheValueBeforeReturning() {
    let name = Property("ada")
    let model = Titles()
    let binding = name.bind(to: model) { model, name in model.titles.append(name) }
    #expect(model.titles == ["ada"], "the current value is set before bind returns")
    name.value = "grace"
    #expect(model.titles == ["ada", "grace"], "a value set on the main actor is applied before the setter returns")
    binding.dispose()
  }

  @Test @MainActor func observingOnMainRunsAtOnceOnTheMainActor() {
    let subject = PassthroughSubject<Int, Never>()
    var values: [Int] = []
    let observation = subject.observeNextOnMain { values.append($0) }
    subject.send(1)
    #expect(values == [1])
    observation.dispose()
  }

  @Test @MainActor func theImmediateOnMainContextRunsAtOnceOnTheMainActor() {
    let received = Received()
    ExecutionContext.immediateOnMain.execute { received.append(1) }
    #expect(received.values == [1])
  }

  @Test @MainActor func queuedDeliveriesWaitForTheMainQueueToBeDrained() async {
    let count = Property(0)
    let model = Titles()
    let binding = count.bind(to: model) { model, count in model.titles.append("\(count)") }
    withMainDeliveryQueued { count.value = 1 }
    #expect(model.titles == ["0"], "a queued delivery waits for the main queue")
    await drainMainQueue()
    #expect(model.titles == ["0", "1"])
    withMainDeliveryQueued { count.value = 2 }
    count.value = 3
    #expect(model.titles == ["0", "1", "2", "3"], "a value sent on the main actor is set after the queued one")
    await drainMainQueue()
    #expect(model.titles == ["0", "1", "2", "3"], "nothing is set twice")
    binding.dispose()
  }

  @Test @MainActor func valuesSentFromAnotherThreadArriveOnceTheMainQueueIsDrained() async {
    let subject = PassthroughSubject<Int, Never>()
    var values: [Int] = []
    let observation = subject.observeNextOnMain { values.append($0) }
    await Task.detached { subject.send(1) }.value
    await drainMainQueue()
    #expect(values == [1])
    observation.dispose()
  }

  @Test @MainActor func aSynchronousDrainOnTheMainActorIsReportedNotBlocked() {
    withKnownIssue {
      drainMainQueue()
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("await drainMainQueue()") }
    }
  }

  @Test func aSynchronousDrainOffTheMainActorWaitsForTheMainQueue() {
    let subject = PassthroughSubject<Int, Never>()
    let received = Received()
    let observation = subject.observeNextOnMain { received.append($0) }
    subject.send(1)
    drainMainQueue()
    #expect(received.values == [1])
    observation.dispose()
  }
}
