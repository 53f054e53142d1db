import Tether
import TetherTestSupport
import XCTest

/// Stands in for `Swift.print` in this file, so the tests can read what the samples print.
private let printed = PrintedLines()

private func print(_ item: Any) {
  printed.append("\(item)")
}

final class SignalsAndPropertiesSnippetTests: XCTestCase {
  func testTheSignalMakers() {
    // snippet: signals-and-properties-makers
    _ = Signal<String, Never>(just: "hello").observe { print("just: \($0)") }
    _ = SafeSignal(sequence: [1, 2]).observe { print("sequence: \($0)") }
    let countdown = SafeSignal<Int> { observer in
      for value in stride(from: 2, through: 1, by: -1) { observer.receive(value) }
      observer.receive(completion: .finished)
      observer.receive(0)  // ignored: the signal has completed
      return BlockDisposable { print("countdown: cleaned up") }
    }
    _ = countdown.observe { print("countdown: \($0)") }
    // snippet-end
    XCTAssertEqual(
      printed.lines,
      [
        "just: next(hello)", "just: completed",
        "sequence: next(1)", "sequence: next(2)", "sequence: completed",
        "countdown: next(2)", "countdown: next(1)", "countdown: completed", "countdown: cleaned up",
      ]
    )
  }

  func testEachObservationOfAColdSignalRunsItsProducer() {
    // snippet: signals-and-properties-observing
    struct DownloadError: Error {}
    let download = Signal<Int, DownloadError> { observer in
      print("download starts")
      observer.receive(50)
      observer.receive(completion: .failure(DownloadError()))
      return NonDisposable.instance
    }
    download.observeNext { print("progress: \($0)%") }
    download.observeFailed { print("failed: \($0)") }
    // snippet-end
    XCTAssertEqual(printed.lines, ["download starts", "progress: 50%", "download starts", "failed: DownloadError()"])
  }

  func testSubjects() {
    // snippet: signals-and-properties-subjects
    let bag = DisposeBag()
    let messages = PassthroughSubject<String, Never>()
    messages.send("lost")  // nobody is observing yet
    messages.observeNext { print("live: \($0)") }.dispose(in: bag)
    messages.send("one")

    let history = ReplaySubject<String, Never>(bufferSize: 2)
    for word in ["a", "b", "c"] { history.send(word) }
    history.observeNext { print("replayed: \($0)") }.dispose(in: bag)

    messages.send(completion: .finished)
    messages.send("ignored")  // sending after the end is defined: it does nothing
    messages.observe { print("late: \($0)") }.dispose(in: bag)
    // snippet-end
    XCTAssertEqual(printed.lines, ["live: one", "replayed: b", "replayed: c", "late: completed"])
    bag.dispose()
  }

  func testAProperty() {
    // snippet: signals-and-properties-property
    let bag = DisposeBag()
    let temperature = Property(20)
    temperature.observeNext { print("shows \($0)") }.dispose(in: bag)
    temperature.value = 21
    temperature.modify { $0 += 2 }  // an atomic read-modify-write: one emission
    temperature.silentUpdate(value: 30)  // current observers are not told
    let readOnly: AnyProperty<Int> = temperature.readOnlyView
    print("the read-only view reads \(readOnly.value)")
    // snippet-end
    XCTAssertEqual(printed.lines, ["shows 20", "shows 21", "shows 23", "the read-only view reads 30"])
    bag.dispose()
  }

  func testBindingASignalToAProperty() {
    // snippet: signals-and-properties-bind
    let bag = DisposeBag()
    let slider = PassthroughSubject<Int, Never>()
    let volume = Property(0)
    slider.bind(to: volume).dispose(in: bag)
    slider.send(7)
    print(volume.value)  // 7
    // snippet-end
    XCTAssertEqual(printed.lines, ["7"])
    bag.dispose()
  }

  func testDisposables() {
    // snippet: signals-and-properties-disposables
    let cleanup = CompositeDisposable()
    cleanup += BlockDisposable { print("first cleaned up") }
    cleanup.dispose()
    cleanup.dispose()  // idempotent: nothing happens
    cleanup += BlockDisposable { print("late one cleaned up at once") }
    // snippet-end
    XCTAssertEqual(printed.lines, ["first cleaned up", "late one cleaned up at once"])
  }

  func testTimeBasedOperatorsOnAVirtualClock() {
    // snippet: signals-and-properties-virtual-time
    let bag = DisposeBag()
    let clock = VirtualTimeScheduler()
    let typing = PassthroughSubject<String, Never>()
    typing.debounce(for: 0.5, queue: clock)
      .observeNext { print("search for \($0) at \(clock.now)s") }
      .dispose(in: bag)
    typing.send("s")
    clock.advance(by: 0.2)
    typing.send("sw")
    clock.advance(by: 0.2)
    typing.send("swift")
    clock.advance(by: 1)
    // snippet-end
    XCTAssertEqual(printed.lines, ["search for swift at 0.9s"])
    bag.dispose()
  }

  func testOperatorsFollowReactiveKit() {
    // snippet: signals-and-properties-operators
    SafeSignal(sequence: [5, 10, 20]).scan(0, +).collect()
      .observeNext { print("scan: \($0)") }
    SafeSignal(sequence: 1...5).buffer(size: 2).collect()
      .observeNext { print("buffer: \($0)") }
    SafeSignal(sequence: [1, 2, 3, 10, 11]).removeDuplicates { abs($0 - $1) <= 1 }.collect()
      .observeNext { print("removeDuplicates: \($0)") }
    // snippet-end
    XCTAssertEqual(printed.lines, ["scan: [0, 5, 15, 35]", "buffer: [[1, 2], [3, 4]]", "removeDuplicates: [1, 10]"])
  }

  func testReactiveKitOperators() {
    // snippet: signals-and-properties-reactivekit-operators
    enum ReadingError: Error { case notANumber }
    var cancellables = Set<AnyCancellable>()
    let readings = PassthroughSubject<String, Never>()
    let latest = readings.replay(limit: 1)
    let connection = latest.connect()
    readings.send("1")  // kept for the observer that comes next
    latest
      .tryMap { Int($0).map { .success($0) } ?? .failure(ReadingError.notANumber) }
      .pairwise()
      .sink(
        receiveCompletion: { if case .failure = $0 { print("not a number") } },
        receiveValue: { print("pair: \($0)") }
      )
      .store(in: &cancellables)
    readings.send("2")
    readings.send("x")
    connection.dispose()
    // snippet-end
    XCTAssertEqual(printed.lines, ["pair: (1, 2)", "not a number"])
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // Signal(asyncSequence:)
  func testAsyncBridges() async {
    // snippet: signals-and-properties-async
    let numbers = AsyncStream<Int> { continuation in
      for number in 1...3 { continuation.yield(number) }
      continuation.finish()
    }
    var total = 0
    for await number in Signal(asyncSequence: numbers).map({ $0 * 10 }).values {
      total += number
    }
    print("total: \(total)")

    let answer = SafeSignal<Int>(performing: { 42 })
    for await value in answer.values {
      print("answer: \(value)")
    }
    // snippet-end
    XCTAssertEqual(printed.lines, ["total: 60", "answer: 42"])
  }

  func testAsyncBufferingPolicy() async {
    // snippet: signals-and-properties-async-buffering
    let progress = PassthroughSubject<Int, Never>()
    var latest = progress.values(bufferingPolicy: .bufferingNewest(1)).makeAsyncIterator()
    for percent in [10, 50, 90] { progress.send(percent) }  // nobody is reading yet
    progress.send(completion: .finished)
    while let percent = await latest.next() {
      print("progress: \(percent)%")
    }
    // snippet-end
    XCTAssertEqual(printed.lines, ["progress: 90%"])
  }

  func testDescriptions() {
    // snippet: signals-and-properties-descriptions
    let name = Property("Ada")
    let observation = name.observeNext { _ in }
    print(name)
    let replay = ReplaySubject<Int, Never>(bufferSize: 2)
    for value in 1...3 { replay.send(value) }
    print(replay)
    observation.dispose()
    // snippet-end
    XCTAssertEqual(
      printed.lines,
      ["Property<String>(value: Ada, observers: 1)", "ReplaySubject<Int, Never>(observers: 0, replays: 2)"]
    )
  }
}
