import Dispatch
import Foundation
import Synchronization
import Tether

/// The signal runtime's workloads from issue 2, each next to its floor (the same work as plain
/// closure calls, with and without one mutex acquisition).
@MainActor let runtimeBenchmarks = BenchmarkSuite(name: "runtime") {
  let events = 10_000_000
  let million = 1_000_000
  // `TETHER_RUNTIME_ONLY=a,d` runs only the named workloads (for profiling one at a time).
  let only = ProcessInfo.processInfo.environment["TETHER_RUNTIME_ONLY"]?.split(separator: ",").map(String.init)
  func wanted(_ name: String) -> Bool { only?.contains(name) ?? true }

  // Floors.
  if wanted("floor") {
    let closureFloor = perEvent(events) { count in
      let sink = Counter()
      let call: (Int) -> Void = opaque { sink.value &+= $0 }
      for value in 0..<count { call(value) }
      blackHole(sink.value)
    }
    report("floor: closure call", closureFloor, unit: "ns/event")
    let mutexFloor = perEvent(events) { count in
      let sink = Counter()
      let mutex = Mutex(0)
      let call: (Int) -> Void = opaque { value in mutex.withLock { $0 &+= value } }
      for value in 0..<count { call(value) }
      blackHole(sink.value)
      blackHole(mutex.withLock { $0 })
    }
    report("floor: closure call + one mutex", mutexFloor, unit: "ns/event")
  }

  if wanted("a") {
    // (a) subject -> map -> filter -> observer.
    let chain = perEvent(events) { count in
      let subject = PassthroughSubject<Int, Never>()
      let sink = AtomicCounter()
      let observation = subject.map { $0 &+ 1 }.filter { $0 & 1 == 0 }.observeNext { sink.add($0) }
      for value in 0..<count { subject.send(value) }
      observation.dispose()
      blackHole(sink.value)
    }
    report("(a) subject -> map -> filter -> observer", chain, unit: "ns/event", target: 50)
  }

  if wanted("b") {
    // (b) sends to a subject with 10 observers.
    let fanOut = perEvent(million) { count in
      let subject = PassthroughSubject<Int, Never>()
      let sink = AtomicCounter()
      let observations = (0..<10).map { _ in subject.observeNext { sink.add($0) } }
      for value in 0..<count { subject.send(value) }
      for observation in observations { observation.dispose() }
      blackHole(sink.value)
    }
    report("(b) send to a subject with 10 observers", fanOut, unit: "ns/send", target: 150)
  }

  if wanted("c") {
    // (c) subscribe + dispose.
    let subscribeDispose = perEvent(million) { count in
      let subject = PassthroughSubject<Int, Never>()
      let sink = AtomicCounter()
      for _ in 0..<count {
        subject.observeNext { sink.add($0) }.dispose()
      }
      blackHole(sink.value)
    }
    report("(c) subscribe + dispose", subscribeDispose, unit: "ns/pair", target: 200)
  }

  if wanted("d") {
    // (d) Property sets with one observer.
    let propertySets = perEvent(million) { count in
      let property = Property(0)
      let sink = AtomicCounter()
      let observation = property.observeNext { sink.add($0) }
      for value in 0..<count { property.value = value }
      observation.dispose()
      blackHole(sink.value)
    }
    report("(d) Property set with one observer", propertySets, unit: "ns/set", target: 40)
  }

  if wanted("e") {
    // (e) events hopped to a serial queue, timed until the last one arrives.
    let hop = perEvent(million) { count in
      let subject = PassthroughSubject<Int, Never>()
      let queue = DispatchQueue(label: "benchmark.receiver")
      let arrived = DispatchSemaphore(value: 0)
      let observation = subject.receive(on: queue).observeNext { value in
        if value == count - 1 { arrived.signal() }
      }
      for value in 0..<count { subject.send(value) }
      arrived.wait()
      observation.dispose()
    }
    report("(e) events hopped to a serial DispatchQueue", hop, unit: "ns/event", target: 400)
  }

  // Memory and disposal cost of live subscriptions.
  guard wanted("memory") else { return }
  let live = 400_000
  let subject = PassthroughSubject<Int, Never>()
  let before = allocatedBytes()
  var observations = (0..<live).map { _ in subject.observe { _ in } }
  let after = allocatedBytes()
  report(
    "memory per live subscription (resident growth, 400k observers)",
    Double(after - before) / Double(live), unit: "bytes", note: "target <= 150")
  observations.removeAll()

  let many = PassthroughSubject<Int, Never>()
  let tenThousand = (0..<10_000).map { _ in many.observe { _ in } }
  let disposeOne = medianNanoseconds(repetitions: 1) {
    for index in stride(from: 1, to: 10_000, by: 2) { tenThousand[index].dispose() }
  }
  report("dispose one of 10,000 live subscriptions", disposeOne / 5_000, unit: "ns", note: "O(1)")
  blackHole(tenThousand)
}

/// Hides a value from the optimizer, so a closure call stays a real indirect call.
@inline(never)
private func opaque<T>(_ value: T) -> T {
  value
}

/// Runs `body(count)` a few times and returns the median time per event.
private func perEvent(_ count: Int, _ body: (Int) -> Void) -> Timing {
  var samples: [Double] = []
  for _ in 0..<5 {
    samples.append(medianNanoseconds(repetitions: 1) { body(count) } / Double(count))
  }
  samples.sort()
  return Timing(median: samples[samples.count / 2], best: samples[0])
}

/// Per-event figures of one workload: the median of five runs, and the best run (the machine is
/// shared, so the best run is the better estimate of the cost itself).
private struct Timing {
  let median: Double
  let best: Double
}

/// Prints a workload's median, its best run, and its target.
private func report(_ name: String, _ timing: Timing, unit: String, target: Int? = nil) {
  let best = (timing.best * 10).rounded() / 10
  let targetText = target.map { "; target \($0)" } ?? ""
  report(name, timing.median, unit: unit, note: "(best \(best)\(targetText))")
}

/// The resident memory of the process in bytes (Linux: from /proc/self/statm; 0 elsewhere).
private func allocatedBytes() -> Int {
  guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
  let fields = statm.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
  return pages * 4096
}

/// A plain counter for the floor measurements (single-threaded).
private final class Counter {
  var value = 0
}

/// A thread-safe counter observers can add to from a `@Sendable` closure.
private final class AtomicCounter: Sendable {
  private let storage = Atomic(0)

  func add(_ value: Int) {
    storage.add(value, ordering: .relaxed)
  }

  var value: Int {
    storage.load(ordering: .relaxed)
  }
}
