import Dispatch
import Foundation
import MallocCounter
import Synchronization
import Tether

/// The signal runtime's workloads from issues 2 and 17, each next to its floor: the minimal
/// plain-Swift version of the same work (indirect closure calls under one pthread mutex, with no
/// per-call reference counting), with the ratio to it printed on the row.
///
/// A second thread is started first: glibc takes cheaper single-threaded paths until a process has
/// two threads, and every app has several.
@MainActor let runtimeBenchmarks = BenchmarkSuite(name: "runtime") {
  startCompanionThread()
  print("  (a second thread is running before anything is measured, as in an app)")
  let events = 10_000_000
  let million = 1_000_000
  // `TETHER_RUNTIME_ONLY=a,d` runs only the named workloads (for profiling one at a time).
  let only = ProcessInfo.processInfo.environment["TETHER_RUNTIME_ONLY"]?.split(separator: ",").map(String.init)
  func wanted(_ name: String) -> Bool { only?.contains(name) ?? true }

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
    let floor = perEvent(events) { count in
      let lock = PlatformMutex()
      let sink = AtomicCounter()
      let observer: (Int) -> Void = opaque { value in sink.add(value) }
      let filter: (Int) -> Void = opaque { value in if value & 1 == 0 { observer(value) } }
      let map: (Int) -> Void = opaque { value in filter(value &+ 1) }
      for value in 0..<count { lock.locked { map(value) } }
      blackHole(sink.value)
    }
    report("(a) subject -> map -> filter -> observer", chain, unit: "ns/event", target: 50, floor: floor)
    report("  floor: one mutex + 3 closure calls", floor, unit: "ns/event")
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
    let floor = perEvent(million) { count in
      let lock = PlatformMutex()
      let sink = AtomicCounter()
      let observers = ContiguousArray<(Int) -> Void>((0..<10).map { _ in opaque { value in sink.add(value) } })
      observers.withUnsafeBufferPointer { observers in
        for value in 0..<count { lock.locked { for index in observers.indices { observers[index](value) } } }
      }
      blackHole(sink.value)
    }
    report("(b) send to a subject with 10 observers", fanOut, unit: "ns/send", target: 150, floor: floor)
    report("  floor: one mutex + 10 closure calls", floor, unit: "ns/send")
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
    report("(c) subscribe + dispose", subscribeDispose, unit: "ns/pair", target: 200, floor: floor)
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
    let floor = perEvent(million) { count in
      let lock = PlatformMutex()
      let sink = AtomicCounter()
      let stored = Counter()
      let observer: (Int) -> Void = opaque { value in sink.add(value) }
      for value in 0..<count {
        lock.locked { stored.value = value }
        observer(value)
      }
      blackHole(sink.value &+ stored.value)
    }
    report("(d) Property set with one observer", propertySets, unit: "ns/set", target: 40, floor: floor)
    report("  floor: store under one mutex + 1 closure call", floor, unit: "ns/set")
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
    report("(e) events hopped to a serial DispatchQueue", hop, unit: "ns/event", target: 400, floor: floor)
    report("  floor: one DispatchQueue.async per event", floor, unit: "ns/event")
    report("  the same with receiveCoalesced(on:)", coalesced, unit: "ns/event")
  }

  if wanted("f") { contendedSends() }
  if wanted("g") { sendLatency() }
  if wanted("memory") { memoryAndDisposal() }
}

/// (f) Two threads x 1,000,000 sends into one subject with one observer, timed until all are
/// delivered, checking that nothing is lost and callbacks never overlap.
private func contendedSends() {
  let perThread = 1_000_000
  var lost = 0
  var overlaps = 0
  let tether = perEvent(2 * perThread) { _ in
    let subject = PassthroughSubject<Int, Never>()
    let sink = SerialSink()
    let observation = subject.observeNext { sink.receive($0) }
    DispatchQueue.concurrentPerform(iterations: 2) { thread in
      for value in 0..<perThread { subject.send(value &+ thread) }
    }
    subject.waitUntilDelivered()  // already true once both senders returned; kept as the timed end
    lost = max(lost, 2 * perThread - sink.count)
    overlaps = max(overlaps, sink.overlaps.load(ordering: .relaxed))
    observation.dispose()
  }
  let floor = perEvent(2 * perThread) { _ in
    let lock = PlatformMutex()
    let sink = SerialSink()
    let observer: (Int) -> Void = opaque { value in sink.receive(value) }
    let sharedLock = UncheckedBox(lock)
    let sharedObserver = UncheckedBox(observer)
    DispatchQueue.concurrentPerform(iterations: 2) { thread in
      let lock = sharedLock.value
      let observer = sharedObserver.value
      for value in 0..<perThread { lock.locked { observer(value &+ thread) } }
    }
    blackHole(sink.count)
  }
  report(
    "(f) 2 threads x 1,000,000 sends, one observer, until delivered", tether, unit: "ns/event",
    target: 200, floor: floor)
  print("      lost \(lost), overlapping callbacks \(overlaps)")
  report("  floor: both threads call the observer under one mutex", floor, unit: "ns/event")
}

/// (g) How long one `send` can take with N threads sending at once into one subject with a cheap
/// observer: the longest and the 99.9th percentile (on a shared machine the longest includes the
/// sender being descheduled), and the most events one send delivered on its own thread (the bound
/// the hand-over policy sets, independent of the machine).
private func sendLatency() {
  let perThread = 100_000
  for senders in [2, 8, 16] {
    let subject = PassthroughSubject<Int, Never>()
    let sink = SerialSink()
    let observation = subject.observeNext { value in
      sink.receive(value)
      ownDeliveries.pointee += 1
    }
    let durations = UncheckedBox(UnsafeMutableBufferPointer<UInt64>.allocate(capacity: senders * perThread))
    let mostEvents = Atomic(0)
    DispatchQueue.concurrentPerform(iterations: senders) { thread in
      var most = 0
      let own = ownDeliveries
      for index in 0..<perThread {
        let before = own.pointee
        let start = DispatchTime.now().uptimeNanoseconds
        subject.send(index)
        let end = DispatchTime.now().uptimeNanoseconds
        most = max(most, own.pointee - before)
        durations.value[thread * perThread + index] = end - start
      }
      mostEvents.max(most, ordering: .relaxed)
    }
    var sorted = durations.value
    sorted.sort()
    let longest = Double(sorted[sorted.count - 1]) / 1_000
    let percentile = Double(sorted[sorted.count * 999 / 1_000]) / 1_000
    sorted.deallocate()
    observation.dispose()
    report(
      "(g) longest send, \(senders) threads x 100,000 sends", longest, unit: "us",
      note:
        "(99.9th percentile \(rounded(percentile)) us; one send delivered at most \(mostEvents.load(ordering: .relaxed)) events)"
    )
  }
}

/// The calling thread's count of callbacks run on it (for (g)).
private var ownDeliveries: UnsafeMutablePointer<Int> {
  if let counter = pthread_getspecific(ownDeliveriesKey) { return counter.assumingMemoryBound(to: Int.self) }
  let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)
  counter.initialize(to: 0)
  pthread_setspecific(ownDeliveriesKey, counter)
  return counter
}

private let ownDeliveriesKey: pthread_key_t = {
  var key = pthread_key_t()
  pthread_key_create(&key, nil)
  return key
}()

/// Memory per live subscription, and the cost of each single dispose through `any Disposable`.
private func memoryAndDisposal() {
  let live = 400_000
  let subject = PassthroughSubject<Int, Never>()
  // Filled with a placeholder first, so that the resident growth below counts the subscriptions
  // and not the pages of this array.
  var observations = [any Disposable](repeating: NonDisposable.instance, count: live)
  let residentBefore = residentBytes()
  tether_malloc_counting_enabled(1)
  let heapBefore = tether_malloc_live_bytes()
  for index in 0..<live { observations[index] = subject.observe { _ in } }
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

  // Every subscription disposed, one at a time in a seeded random order, each timed on its own
  // (the clock reads around it are included). On a shared machine the longest wall-clock time
  // includes the thread being descheduled, so the longest is also given in the thread's own CPU
  // time.
  for live in [10_000, 100_000] {
    let many = PassthroughSubject<Int, Never>()
    var observations = (0..<live).map { _ in many.observe { _ in } }
    var random = BenchmarkRandom(seed: 17)
    observations.shuffle(using: &random)
    var durations: [UInt64] = []
    var cpuDurations: [UInt64] = []
    durations.reserveCapacity(live)
    cpuDurations.reserveCapacity(live)
    for observation in observations {
      let cpuStart = threadCPUNanoseconds()
      let start = DispatchTime.now().uptimeNanoseconds
      observation.dispose()
      let end = DispatchTime.now().uptimeNanoseconds
      cpuDurations.append(threadCPUNanoseconds() - cpuStart)
      durations.append(end - start)
    }
    durations.sort()
    cpuDurations.sort()
    report(
      "dispose one of \(live) live subscriptions (median)", Double(durations[live / 2]), unit: "ns",
      note:
        "(longest single dispose \(durations[live - 1]) ns wall clock, \(cpuDurations[live - 1]) ns thread CPU time; through any Disposable)"
    )
    observations.removeAll()
  }
}

/// The calling thread's CPU time in nanoseconds (excludes time it spent descheduled).
private func threadCPUNanoseconds() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Keeps one extra thread alive for the rest of the process.
private func startCompanionThread() {
  let started = DispatchSemaphore(value: 0)
  let thread = Thread {
    started.signal()
    while true { sleep(3_600) }
  }
  thread.start()
  started.wait()
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

/// Prints a workload's median, its best run, its target, and how it compares with its floor.
private func report(_ name: String, _ timing: Timing, unit: String, target: Int? = nil, floor: Timing? = nil) {
  let targetText = target.map { "; target \($0)" } ?? ""
  let floorText = floor.map { "; \(rounded(timing.median / $0.median))x its floor" } ?? ""
  report(name, timing.median, unit: unit, note: "(best \(rounded(timing.best))\(targetText)\(floorText))")
}

private func rounded(_ value: Double) -> Double {
  (value * 10).rounded() / 10
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

/// The kind of lock the library uses (a pthread mutex on Linux), for the floors; `spinning` as a
/// container's (glibc's adaptive kind, see Tether's `Locked`).
final class PlatformMutex {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  init(spinning: Bool = false) {
    mutex.initialize(to: pthread_mutex_t())
    #if canImport(Glibc)
    if spinning { mutex.pointee.__data.__kind = Int32(PTHREAD_MUTEX_ADAPTIVE_NP) }
    #else
    pthread_mutex_init(mutex, nil)
    #endif
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

/// An observer's state that relies on the subject's no-overlap guarantee (plain count), and
/// checks it.
private final class SerialSink: @unchecked Sendable {
  // Safe: `count` is only touched by one callback at a time, which `overlaps` verifies.
  var count = 0
  let busy = Atomic(false)
  let overlaps = Atomic(0)
  let delivered = Atomic(0)

  func receive(_: Int) {
    if busy.exchange(true, ordering: .acquiring) { overlaps.add(1, ordering: .relaxed) }
    count &+= 1
    delivered.store(count, ordering: .relaxed)
    busy.store(false, ordering: .releasing)
  }
}

/// Carries a value the benchmark shares between threads by construction.
private struct UncheckedBox<Value>: @unchecked Sendable {
  // Safe: used only for values the benchmark hands to threads it joins before touching them again.
  let value: Value

  init(_ value: Value) {
    self.value = value
  }
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
