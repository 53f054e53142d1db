import Tether

extension PlaygroundPage {
  /// Operators: transforming, combining, flattening and timing signals.
  public static let operators = PlaygroundPage(name: "operators", summary: "transforming, combining and timing") {
    out in
    out.say("scan emits its seed first, then each running total (as in ReactiveKit).")
    _ = SafeSignal(sequence: [5, 10, 20]).scan(0, +).observeNext { out.print("running total: \($0)") }

    out.print()
    out.say("removeDuplicates drops an element equal to the one before it.")
    let temperature = Property(20)
    let readings = temperature.removeDuplicates().observeNext { out.print("temperature: \($0)") }
    for value in [20, 21, 21, 20] { temperature.value = value }
    readings.dispose()

    out.print()
    out.say("combineLatest emits once every input has a value, then on each change.")
    let firstName = Property("Ada")
    let lastName = Property("Lovelace")
    let fullName = combineLatest(firstName, lastName) { "\($0) \($1)" }
      .observeNext { out.print("full name: \($0)") }
    lastName.value = "Byron"
    fullName.dispose()

    out.print()
    out.say("merge interleaves; zip pairs by position; with(latestFrom:) samples another signal.")
    let taps = PassthroughSubject<String, Never>()
    let keys = PassthroughSubject<String, Never>()
    let bag = DisposeBag()
    taps.merge(with: keys).observeNext { out.print("input: \($0)") }.dispose(in: bag)
    taps.zip(with: keys) { "\($0)+\($1)" }.observeNext { out.print("pair: \($0)") }.dispose(in: bag)
    taps.with(latestFrom: keys).observeNext { out.print("tap \($0) with last key \($1)") }.dispose(in: bag)
    taps.send("tap1")
    keys.send("a")
    keys.send("b")
    taps.send("tap2")
    bag.dispose()

    out.print()
    out.say("flatMapLatest follows only the latest inner signal: a search that drops stale results.")
    let query = PassthroughSubject<String, Never>()
    let responses = PassthroughSubject<(query: String, result: String), Never>()
    let search = query.flatMapLatest { text in
      responses.filter { $0.query == text }.map { "results for \(text): \($0.result)" }.first()
    }
    let searching = search.observeNext { out.print($0) }
    query.send("sw")
    query.send("swift")
    responses.send((query: "sw", result: "stale, dropped"))
    responses.send((query: "swift", result: "Swift.org"))
    searching.dispose()

    out.print()
    out.say("retry observes a failing signal again; replaceError ends it with a fallback.")
    struct Flaky: Error {}
    let attempts = Property(0)
    let download = Signal<String, Flaky> { observer in
      let attempt = attempts.silentModify { count in
        count += 1
        return count
      }
      out.print("attempt \(attempt)")
      if attempt < 3 {
        observer.receive(completion: .failure(Flaky()))
      } else {
        observer.receive(lastElement: "data")
      }
      return NonDisposable.instance
    }
    _ = download.retry(2).replaceError(with: "offline copy").observe { out.print("download: \($0)") }

    out.print()
    out.say("share runs one observation of its source for every observer.")
    let expensive = SafeSignal<Int> { observer in
      out.print("expensive work runs once")
      observer.receive(42)
      return NonDisposable.instance
    }.shareReplay(limit: 1)
    _ = expensive.observeNext { out.print("first observer: \($0)") }
    _ = expensive.observeNext { out.print("second observer: \($0)") }

    out.print()
    out.say("Time-based operators take any Scheduler. This page drives a hand-made clock;")
    out.say("tests use TetherTestSupport's VirtualTimeScheduler the same way.")
    let clock = ManualClock()
    let typing = PassthroughSubject<String, Never>()
    let timed = DisposeBag()
    typing.debounce(for: 0.5, queue: clock).observeNext { out.print("debounced at \(clock.now)s: \($0)") }
      .dispose(in: timed)
    typing.throttle(for: 1, queue: clock).observeNext { out.print("throttled at \(clock.now)s: \($0)") }
      .dispose(in: timed)
    for (time, text) in [(0.0, "s"), (0.2, "sw"), (0.4, "swi"), (1.5, "swift")] {
      clock.advance(to: time)
      typing.send(text)
    }
    clock.advance(to: 3)
    timed.dispose()
  }
}
