import Dispatch
import Foundation
import Synchronization
import Tether

/// The stateful operators' per-event cost, next to the stateless `map` as a reference: one
/// subscription, a million events sent from one thread.
@MainActor let operatorBenchmarks = BenchmarkSuite(name: "operators") {
  let count = 1_000_000
  // `TETHER_OPERATORS_ONLY=merge,scan` runs only the workloads whose names start with those words.
  let only = ProcessInfo.processInfo.environment["TETHER_OPERATORS_ONLY"]?.split(separator: ",").map(String.init)

  func measure(_ name: String, _ body: @escaping (PassthroughSubject<Int, Never>, OperatorSink) -> any Disposable) {
    if let only, !only.contains(where: { name.hasPrefix($0) }) { return }
    let perEvent =
      medianNanoseconds(repetitions: 5) {
        let subject = PassthroughSubject<Int, Never>()
        let sink = OperatorSink()
        let observation = body(subject, sink)
        for value in 0..<count { subject.send(value) }
        observation.dispose()
        blackHole(sink.total)
      } / Double(count)
    report(name, perEvent, unit: "ns/event")
  }

  measure("map (stateless reference)") { subject, sink in subject.map { $0 &+ 1 }.observeNext(with: sink.add) }
  measure("scan") { subject, sink in subject.scan(0) { $0 &+ $1 }.observeNext(with: sink.add) }
  measure("removeDuplicates") { subject, sink in subject.map { $0 / 2 }.removeDuplicates().observeNext(with: sink.add) }
  measure("prefix(maxLength:) (never reached)") { subject, sink in
    subject.prefix(maxLength: Int.max).observeNext(with: sink.add)
  }
  measure("merge of 2, events on one input") { subject, sink in
    subject.merge(with: SafeSignal<Int>.never()).observeNext(with: sink.add)
  }
  measure("combineLatest of 2, events on one input") { subject, sink in
    subject.combineLatest(with: SafeSignal(just: 1)) { $0 &+ $1 }.observeNext(with: sink.add)
  }
  measure("zip of 2, events on both inputs") { subject, sink in
    subject.zip(with: subject) { $0 &+ $1 }.observeNext(with: sink.add)
  }
  measure("flatMapLatest, a new inner signal per event") { subject, sink in
    subject.flatMapLatest { SafeSignal(just: $0) }.observeNext(with: sink.add)
  }
  measure("flatMapMerge, a new inner signal per event") { subject, sink in
    subject.flatMapMerge { SafeSignal(just: $0) }.observeNext(with: sink.add)
  }
  measure("debounce (re-arming a timer per event)") { subject, sink in
    subject.debounce(for: 1, queue: IdleScheduler()).observeNext(with: sink.add)
  }
}

/// A scheduler that never runs what it is given: measures an operator's own cost of arming and
/// cancelling timers.
private struct IdleScheduler: Scheduler {
  func schedule(_ action: @escaping @Sendable () -> Void) {}

  func schedule(after seconds: Double, _ action: @escaping @Sendable () -> Void) -> any Disposable {
    NonDisposable.instance
  }
}

/// Adds up what it observes.
private final class OperatorSink: Sendable {
  private let storage = Atomic(0)

  var total: Int { storage.load(ordering: .relaxed) }

  @Sendable func add(_ value: Int) {
    storage.add(value, ordering: .relaxed)
  }
}
