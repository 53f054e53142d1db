import TetherSignals
import TetherTestSupport
import XCTest

/// Sentences of SignalsAndProperties.md that no other test pinned down.
final class SignalsClaimsTests: XCTestCase {
  // SignalsAndProperties.md: "An observer that arrives after a subject ended receives the terminal event ... ReactiveKit's `PassthroughSubject` sends it nothing, which leaves a `for await` loop over the subject waiting forever."
  func testAForAwaitLoopOverAnEndedSubjectOfEveryKindEnds() async {
    let passthrough = PassthroughSubject<Int, Never>()
    passthrough.send(1)
    passthrough.send(completion: .finished)
    var received: [Int] = []
    for await value in passthrough.values { received.append(value) }
    XCTAssertEqual(received, [], "nothing to replay, and the loop ends")

    let replay = ReplaySubject<Int, Never>(bufferSize: 2)
    for value in 1...3 { replay.send(value) }
    replay.send(completion: .finished)
    received = []
    for await value in replay.values { received.append(value) }
    XCTAssertEqual(received, [2, 3])

    let replayOne = ReplayOneSubject<Int, Never>()
    replayOne.send(7)
    replayOne.send(completion: .finished)
    received = []
    for await value in replayOne.values { received.append(value) }
    XCTAssertEqual(received, [7])
  }
}
