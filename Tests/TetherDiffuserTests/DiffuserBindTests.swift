import Dispatch
import Foundation
import TetherDiffuser
import TetherSignals
import XCTest

/// Something a diffuser's effect captures; its lifetime shows whether the diffuser is still held.
private final class Marker: Sendable {}

private struct Screen: Equatable, Sendable {
  var title: String
  var count: Int
}

/// A main-actor stand-in for a label.
@MainActor
private final class Label {
  var text = ""
  var writes: [String] = []
  func set(_ text: String) {
    self.text = text
    writes.append(text)
  }
}

@MainActor
private func intoLabel(_ label: Label) -> Diffuser<String> {
  .into { text in label.set(text) }
}

final class DiffuserBindTests: XCTestCase {
  func testABoundPropertyRendersAtOnceOnTheMainThreadThenOnlyChanges() {
    MainActor.assumeIsolated {
      let title = Label()
      let count = Label()
      let diffuser = Diffuser<Screen>(
        .map(\.title, intoLabel(title)),
        .map({ "\($0.count)" }, intoLabel(count))
      )
      let screen = Property(Screen(title: "Inbox", count: 1))
      let binding = screen.bind(to: diffuser)
      XCTAssertEqual(title.writes, ["Inbox"], "the current value renders before bind returns")
      XCTAssertEqual(count.writes, ["1"])

      screen.value = Screen(title: "Inbox", count: 2)
      screen.value = Screen(title: "Archive", count: 2)
      XCTAssertEqual(title.writes, ["Inbox", "Archive"])
      XCTAssertEqual(count.writes, ["1", "2"])

      binding.dispose()
      screen.value = Screen(title: "Trash", count: 0)
      XCTAssertEqual(title.text, "Archive")
    }
  }

  func testElementsFromOtherThreadsRunOnTheMainActorInOrder() {
    let subject = PassthroughSubject<Int, Never>()
    let finished = expectation(description: "the last element was rendered")
    let binding = MainActor.assumeIsolated {
      let label = Label()
      let diffuser = Diffuser<Int>(
        .intoAlways { value in
          // `intoAlways` runs on the main actor: the binding guarantees it.
          MainActor.assumeIsolated { label.set("\(value)") }
          if value == 199 {
            XCTAssertEqual(label.writes, (0..<200).map { "\($0)" })
            finished.fulfill()
          }
        }
      )
      return subject.bind(to: diffuser)
    }
    DispatchQueue.global().async {
      for value in 0..<100 { subject.send(value) }
      DispatchQueue.main.async {
        for value in 100..<200 { subject.send(value) }
      }
    }
    wait(for: [finished], timeout: 30)
    binding.dispose()
  }

  func testAnElementSentOnTheMainThreadDoesNotOvertakeOneWaitingOnTheMainQueue() {
    let subject = PassthroughSubject<Int, Never>()
    let received = Received<Int>()
    let binding = MainActor.assumeIsolated {
      subject.bind(to: Diffuser<Int>(.intoAlways { received.append($0) }))
    }
    let sent = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      subject.send(1)
      sent.signal()
    }
    XCTAssertEqual(sent.wait(timeout: .now() + 10), .success)
    // 1 waits on the main queue; 2, sent on the main thread, must queue up behind it.
    subject.send(2)
    XCTAssertEqual(received.all, [])
    let drained = expectation(description: "main queue drained")
    DispatchQueue.main.async { drained.fulfill() }
    wait(for: [drained], timeout: 10)
    XCTAssertEqual(received.all, [1, 2])
    binding.dispose()
  }

  func testNothingRunsAfterTheBindingIsDisposed() {
    let subject = PassthroughSubject<Int, Never>()
    let received = Received<Int>()
    let binding = MainActor.assumeIsolated {
      subject.bind(to: Diffuser<Int>(.intoAlways { received.append($0) }))
    }
    let sent = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      subject.send(1)
      sent.signal()
    }
    XCTAssertEqual(sent.wait(timeout: .now() + 10), .success)
    // The element waits on the main queue; disposing now must drop it.
    binding.dispose()
    let drained = expectation(description: "main queue drained")
    DispatchQueue.main.async { drained.fulfill() }
    wait(for: [drained], timeout: 10)
    XCTAssertEqual(received.all, [])
  }

  func testABindingHeldAfterItsSourceWentAwayDoesNotKeepTheDiffuser() {
    weak var weakMarker: Marker?
    var bindings: [any Disposable] = []
    do {
      let marker = Marker()
      weakMarker = marker
      let subject = PassthroughSubject<Int, Never>()
      bindings.append(
        MainActor.assumeIsolated {
          subject.bind(to: Diffuser<Int>(.intoAlways { _ in withExtendedLifetime(marker) {} }))
        })
      bindings.append(
        subject.bind(
          to: Diffuser<Int>(.intoAlways { _ in withExtendedLifetime(marker) {} }),
          context: ExecutionContext { action in action() }
        ))
      subject.send(1)
    }
    // The subject went away without completing: nothing can run the diffusers any more.
    XCTAssertNil(weakMarker, "a binding's disposable keeps its diffuser alive")
    for binding in bindings { binding.dispose() }
  }

  func testADiffuserSentIntoABindingRunsOnTheGivenContext() {
    let subject = PassthroughSubject<Screen, Never>()
    let received = Received<String>()
    let queue = DispatchQueue(label: "diffuser-bind-test")
    let deliveredB = expectation(description: "b delivered")
    let binding = subject.bind(
      to: Diffuser<Screen>(
        .map(
          \.title,
          .into {
            dispatchPrecondition(condition: .onQueue(queue))
            received.append($0)
            if $0 == "b" { deliveredB.fulfill() }
          })),
      context: ExecutionContext { action in queue.async(execute: action) }
    )
    subject.send(Screen(title: "a", count: 1))
    subject.send(Screen(title: "a", count: 2))
    subject.send(Screen(title: "b", count: 2))
    wait(for: [deliveredB], timeout: 10)
    binding.dispose()
    subject.send(Screen(title: "c", count: 2))
    queue.sync {}
    XCTAssertEqual(received.all, ["a", "b"])
  }
}
