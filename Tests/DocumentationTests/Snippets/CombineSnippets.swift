import Foundation
import Tether
import XCTest

#if canImport(Combine)
import Combine
#endif

// The app-wide recipe for files that import both Tether and Combine. These declarations belong to
// this test module, so they shadow the imported names in every file of it, as they would in an app.
// snippet: combine-name-clash
typealias PassthroughSubject = TetherSignals.PassthroughSubject
typealias Subscribers = TetherSignals.Subscribers
typealias Scheduler = TetherSignals.Scheduler
typealias AnyCancellable = TetherSignals.AnyCancellable
// snippet-end

/// Stands in for `Swift.print` in this file, so the tests can read what the samples print.
private let printed = PrintedLines()

private func print(_ item: Any) {
  printed.append("\(item)")
}

final class CombineSnippetTests: XCTestCase {
  func testTheAliasesNameTethersTypes() {
    let subject = PassthroughSubject<Int, Never>()
    let completion: Subscribers.Completion<Never> = .finished
    _ = subject.observeNext { print("next \($0)") }
    subject.send(1)
    subject.send(completion: completion)
    XCTAssertTrue(type(of: subject) == TetherSignals.PassthroughSubject<Int, Never>.self)
    XCTAssertEqual(printed.lines, ["next 1"])
    var cancellables = Set<AnyCancellable>()
    subject.sink { _ in }.store(in: &cancellables)
    XCTAssertTrue(type(of: cancellables) == Set<TetherSignals.AnyCancellable>.self)
    XCTAssertTrue(TetherSignals.Scheduler.self == Scheduler.self)
  }

  #if canImport(Combine)
  func testTheBridges() {
    // snippet: combine-bridges
    var cancellables = Set<Combine.AnyCancellable>()
    let temperature = Property(20)
    temperature.publisher
      .map { "\($0) °C" }
      .sink { print($0) }
      .store(in: &cancellables)
    temperature.value = 21

    let taps = PassthroughSubject<Int, Never>()
    taps.toPublisher().sink { print("tap \($0)") }.store(in: &cancellables)
    taps.send(1)

    let bag = DisposeBag()
    let names = Combine.PassthroughSubject<String, Never>()
    names.toSignal().observeNext { print("name \($0)") }.dispose(in: bag)
    names.send("Ada")
    // snippet-end
    XCTAssertEqual(printed.lines, ["20 °C", "21 °C", "tap 1", "name Ada"])
  }
  #endif
}
