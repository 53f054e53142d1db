import Dispatch
import Foundation
import MallocCounter
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

  // Floors: each workload's work as plain closure calls, with and without the library's kind of
  // lock (a pthread mutex), so each row can be read against what no runtime can beat.
  if wanted("floor") {
    let closureFloor = perEvent(events) { count in
      let sink = Counter()
      let call: (Int) -> Void = opaque { sink.value &+= $0 }
      for value in 0..<count { call(value) }
      blackHole(sink.value)
    }
    report("floor: closure call", closureFloor, unit: "ns/event")
    let mutexFloor = perEvent(events) { count in
      let lock = PlatformMutex()
      let sink = Counter()
      let call: (Int) -> Void = opaque { value in lock.locked { sink.value &+= value } }
      for value in 0..<count { call(value) }
      blackHole(sink.value)
    }
    report("floor: closure call + one mutex ((d)'s floor)", mutexFloor, unit: "ns/event")
    let chainFloor = perEvent(events) { count in
      let lock = PlatformMutex()
      let sink = Counter()
      let observer: (Int) -> Void = opaque { value in sink.value &+= value }
      let filter: (Int) -> Void = opaque { value in if value & 1 == 0 { observer(value) } }
      let map: (Int) -> Void = opaque { value in filter(value &+ 1) }
      for value in 0..<count { lock.locked { map(value) } }
      blackHole(sink.value)
    }
    report("floor: 3 closure calls + one mutex ((a)'s floor)", chainFloor, unit: "ns/event")
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
    let subject = PassthroughSubject<Int, Never>()
    let sink = AtomicCounter()
    let observation = subject.map { $0 &+ 1 }.filter { $0 & 1 == 0 }.observeNext { sink.add($0) }
    subject.send(0)
    let allocations = countingAllocations { for value in 0..<million { subject.send(value) } }
    observation.dispose()
    reportAllocations("(a) heap allocations per event", allocations, per: million, note: "target 0")
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
    let floor = perEvent(million) { count in
      let lock = PlatformMutex()
      let sink = Counter()
      let observers: [(Int) -> Void] = (0..<10).map { _ in opaque { value in sink.value &+= value } }
      for value in 0..<count { lock.locked { for observer in observers { observer(value) } } }
      blackHole(sink.value)
    }
    report("  floor: 10 closure calls + one mutex", floor, unit: "ns/send")
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
    let floor = perEvent(million) { count in
      // The least a subscription can do: box the observer, register it and unregister it, each
      // under the lock.
      let lock = PlatformMutex()
      var registered: [ObserverBox?] = []
      var free: [Int] = []
      for value in 0..<count {
        let box = ObserverBox(opaque { (event: Int) in blackHole(event &+ value) })
        let slot = lock.locked { () -> Int in
          if let slot = free.popLast() {
            registered[slot] = box
            return slot
          }
          registered.append(box)
          return registered.count - 1
        }
        lock.locked {
          registered[slot] = nil
          free.append(slot)
        }
      }
      blackHole(registered.count)
    }
    report("  floor: box a closure, register + unregister under a mutex", floor, unit: "ns/pair")
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
    let property = Property(0)
    let sink = AtomicCounter()
    let observation = property.observeNext { sink.add($0) }
    property.value = 1
    let allocations = countingAllocations { for value in 0..<million { property.value = value } }
    observation.dispose()
    reportAllocations("(d) heap allocations per set", allocations, per: million, note: "none needed")
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
    // The opt-in that hands a burst over in one action instead of one action per event.
    let coalesced = perEvent(million) { count in
      let subject = PassthroughSubject<Int, Never>()
      let queue = DispatchQueue(label: "benchmark.receiver")
      let arrived = DispatchSemaphore(value: 0)
      let observation = subject.receiveCoalesced(on: queue).observeNext { value in
        if value == count - 1 { arrived.signal() }
      }
      for value in 0..<count { subject.send(value) }
      arrived.wait()
      observation.dispose()
    }
    report("  the same with receiveCoalesced(on:)", coalesced, unit: "ns/event")
    let floor = perEvent(million) { count in
      let queue = DispatchQueue(label: "benchmark.floor")
      let arrived = DispatchSemaphore(value: 0)
      let sink = AtomicCounter()
      for value in 0..<count {
        queue.async {
          sink.add(value)
          if value == count - 1 { arrived.signal() }
        }
      }
      arrived.wait()
      blackHole(sink.value)
    }
    report("  floor: one DispatchQueue.async per event", floor, unit: "ns/event")
  }

  // Memory and disposal cost of live subscriptions.
  guard wanted("memory") else { return }
  let live = 400_000
  let subject = PassthroughSubject<Int, Never>()
  var observations: [any Disposable] = []
  observations.reserveCapacity(live)
  let residentBefore = residentBytes()
  tether_malloc_counting_enabled(1)
  let heapBefore = tether_malloc_live_bytes()
  for _ in 0..<live { observations.append(subject.observe { _ in }) }
  let heapAfter = tether_malloc_live_bytes()
  tether_malloc_counting_enabled(0)
  let residentAfter = residentBytes()
  if tether_malloc_counting_available() == 1 {
    report(
      "memory per live subscription (heap bytes, 400k live)",
      Double(heapAfter - heapBefore) / Double(live), unit: "bytes", note: "target <= 150")
  }
  report(
    "memory per live subscription (resident growth, 400k live)",
    Double(residentAfter - residentBefore) / Double(live), unit: "bytes", note: "target <= 150")
  observations.removeAll()

  for live in [10_000, 100_000] {
    let many = PassthroughSubject<Int, Never>()
    let observations = (0..<live).map { _ in many.observe { _ in } }
    let disposeHalf = medianNanoseconds(repetitions: 1) {
      for index in stride(from: 1, to: live, by: 2) { observations[index].dispose() }
    }
    report(
      "dispose one of \(live) live subscriptions (average)", disposeHalf / Double(live / 2), unit: "ns", note: "O(1)")
    blackHole(observations)
  }
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
private func residentBytes() -> Int {
  guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
  let fields = statm.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
  return pages * 4096
}

/// How many heap allocations `body` makes (nil where allocations cannot be counted).
private func countingAllocations(_ body: () -> Void) -> UInt64? {
  guard tether_malloc_counting_available() == 1 else {
    body()
    return nil
  }
  tether_malloc_counting_enabled(1)
  let before = tether_malloc_count()
  body()
  let after = tether_malloc_count()
  tether_malloc_counting_enabled(0)
  return after - before
}

/// Prints allocations per event, or that they could not be counted.
private func reportAllocations(_ name: String, _ allocations: UInt64?, per events: Int, note: String) {
  guard let allocations else {
    print("  \(name): not counted on this platform")
    return
  }
  let extra = note.isEmpty ? "" : "; \(note)"
  report(name, Double(allocations) / Double(events), unit: "allocs", note: "(\(allocations) in all\(extra))")
}

/// The kind of lock the library uses (a pthread mutex on Linux), for the floors.
private final class PlatformMutex {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  init() {
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  @inline(__always)
  func locked<Result>(_ body: () -> Result) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body()
  }
}

/// A boxed observer, as a subscription holds one.
private final class ObserverBox {
  let observer: (Int) -> Void

  init(_ observer: @escaping (Int) -> Void) {
    self.observer = observer
  }
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
