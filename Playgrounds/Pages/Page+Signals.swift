import Tether

extension PlaygroundPage {
  /// Signals: making, transforming and observing streams of events.
  public static let signals = PlaygroundPage(name: "signals", summary: "making and observing signals") { out in
    out.say("A signal is a stream of events: .next elements, then at most one terminal event.")
    out.say("Nothing happens until you observe it; observe(with:) receives every event.")
    let greeting = Signal<String, Never>(just: "hello")
    _ = greeting.observe { event in out.print("just: \(event)") }

    out.print()
    out.say("Signal(sequence:) emits each element in turn, then completes.")
    _ = SafeSignal(sequence: [1, 2, 3]).observe { event in out.print("sequence: \(event)") }

    out.print()
    out.say("A producer closure makes any signal. It gets an observer and returns a disposable.")
    out.say("It runs again for every observer, and nothing it sends after a terminal event arrives.")
    let countdown = SafeSignal<Int> { observer in
      for value in stride(from: 3, through: 1, by: -1) { observer.receive(value) }
      observer.receive(completion: .finished)
      observer.receive(0)  // ignored: the signal already completed
      return BlockDisposable { out.print("countdown: cleaned up") }
    }
    _ = countdown.observe { event in out.print("countdown: \(event)") }

    out.print()
    out.say("Operators are methods on every signal, subject and property.")
    _ = SafeSignal(sequence: 1...6)
      .filter { $0.isMultiple(of: 2) }
      .map { "\($0) squared is \($0 * $0)" }
      .observeNext { line in out.print(line) }

    out.print()
    out.say("A subject is a signal you send into. Observers get what is sent after they subscribe.")
    let messages = PassthroughSubject<String, Never>()
    let first = messages.observeNext { out.print("first observer: \($0)") }
    messages.send("one")
    let second = messages.observeNext { out.print("second observer: \($0)") }
    messages.send("two")
    out.say("Disposing an observation stops it at once.")
    first.dispose()
    messages.send("three")
    second.dispose()

    out.print()
    out.say("A send made from inside a callback waits until the current event reached everyone.")
    let chat = PassthroughSubject<String, Never>()
    let bag = DisposeBag()
    chat.observeNext { message in
      out.print("alice hears \(message)")
      if message == "hi" { chat.send("hi back") }
    }.dispose(in: bag)
    chat.observeNext { message in out.print("bob hears \(message)") }.dispose(in: bag)
    chat.send("hi")
    bag.dispose()

    out.print()
    out.say("ReplaySubject(bufferSize:) replays recent elements to new observers; ReplayOneSubject the last.")
    let history = ReplaySubject<Int, Never>(bufferSize: 2)
    for value in 1...4 { history.send(value) }
    _ = history.observeNext { out.print("late observer of the replay subject: \($0)") }
    let latest = ReplayOneSubject<String, Never>()
    latest.send("draft")
    latest.send("final")
    _ = latest.observeNext { out.print("late observer of the replay-one subject: \($0)") }

    out.print()
    out.say("Errors end a signal too. Sending after the end is defined: it is ignored.")
    struct NetworkError: Error, CustomStringConvertible {
      var description: String { "network down" }
    }
    let requests = PassthroughSubject<Int, NetworkError>()
    _ = requests.observe { event in out.print("request: \(event)") }
    requests.send(200)
    requests.send(completion: .failure(NetworkError()))
    requests.send(201)
    out.say("An observer that arrives after the end receives only the terminal event.")
    _ = requests.observe { event in out.print("late request observer: \(event)") }

    out.print()
    out.say("Time-based signals take a Scheduler: one method, schedule(_:). This page uses a")
    out.say("hand-made one with a manual clock so its output is the same on every run.")
    let clock = ManualClock()
    _ = SafeSignal(sequence: ["tick", "tock", "tick"], interval: 1, queue: clock)
      .observe { event in out.print("at \(clock.now)s: \(event)") }
    clock.advance(to: 4)

    out.print()
    out.say("receive(on:) moves delivery onto a scheduler, in order; a burst costs one hop.")
    let updates = PassthroughSubject<Int, Never>()
    _ = updates.receive(on: clock).observeNext { out.print("received \($0) at \(clock.now)s") }
    updates.send(1)
    updates.send(2)
    out.print("sent 1 and 2; nothing delivered until the clock runs")
    clock.advance(to: 5)
  }
}
