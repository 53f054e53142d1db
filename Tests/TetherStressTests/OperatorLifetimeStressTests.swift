import Dispatch
import Tether
import XCTest

/// Something an observer captures; its lifetime shows whether the observer is still held.
private final class Marker: Sendable {}

/// Operator chains on a subject that goes away without completing while other threads still send
/// to it and dispose observations: once the last sender has let go of the subject (so it
/// deinitializes on whichever thread that was), every observer is released, and nothing races
/// (run under the thread sanitizer).
final class OperatorLifetimeStressTests: XCTestCase {
  func testObserversAreReleasedWhenTheirSubjectGoesAwayWhileOtherThreadsSend() {
    for round in 0..<50 {
      var weakMarkers: [() -> Marker?] = []
      do {
        let other = PassthroughSubject<Int, Never>()
        let holders = (0..<2).map { _ in Shared<PassthroughSubject<Int, Never>?>(nil) }
        var observations: [any Disposable] = []
        do {
          let subject = PassthroughSubject<Int, Never>()
          for holder in holders { holder.withLock { $0 = subject } }
          for index in 0..<8 {
            let marker = Marker()
            weak let weakMarker = marker
            weakMarkers.append { weakMarker }
            let chain: Signal<Int, Never> =
              switch index % 4 {
              case 0: subject.prefix(maxLength: 10_000).map { $0 + 1 }
              case 1: subject.merge(with: other).filter { $0 >= 0 }
              case 2: subject.combineLatest(with: other).map { $0 + $1 }.prefix(maxLength: 10_000)
              default: subject.share().prefix(maxLength: 10_000).scan(0, +)
              }
            observations.append(chain.observe { _ in withExtendedLifetime(marker) {} })
          }
        }
        let toDispose = Shared(Array(observations.prefix(4)))
        observations.removeFirst(4)
        DispatchQueue.concurrentPerform(iterations: 3) { thread in
          if thread < holders.count {
            let subject = holders[thread].withLock { holder in
              defer { holder = nil }
              return holder!
            }
            for value in 0..<200 { subject.send(thread * 1_000 + value) }
          } else {
            for value in 0..<50 { other.send(value) }
            for observation in toDispose.withLock({ $0 }) { observation.dispose() }
          }
        }
      }
      for (index, weakMarker) in weakMarkers.enumerated() {
        XCTAssertNil(weakMarker(), "round \(round), observer \(index) is released")
      }
    }
  }
}
