import Dispatch
import Foundation
import TetherChangesets
import TetherCollections
import TetherDiffuser
import TetherSignals
import TetherSynchronization
import TetherTestSupport
import XCTest

/// Issue 24: an array container bound straight to a main-actor diffuser from a background
/// producer. The changesets waiting for the main queue hold only their change, so the producer's
/// mutations keep the array's buffer; the diffuser still runs with every changeset, in order, each
/// one's collection exactly the array after its mutation.
final class DiffuserBindHopDetachingTests: XCTestCase {
  private typealias Changes = OrderedCollectionChangeset<[Int]>

  func testChangesetsWaitingForADiffuserBindingDoNotMakeMutationsCopy() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    MainActor.assumeIsolated {
      let array = MutableObservableArray(BackgroundMutationScript.initialArray())
      var received: [Changes] = []
      let diffuser = Diffuser<Changes>.intoAlways { received.append($0) }
      let binding = array.bind(to: diffuser)
      let buffers = BackgroundMutationScript.runOnBackgroundThread(
        insert: { array.insert($0, at: $1) }, append: { array.append($0) }, remove: { array.remove(at: $0) },
        bufferAddress: { array.collection.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } })
      XCTAssertEqual(received.count, 1, "every changeset but the reload waits for the main queue")
      drainMainQueue()
      binding.dispose()
      XCTAssertEqual(received.map(\.collection), BackgroundMutationScript.expectedCollections())
      XCTAssertEqual(received.first?.isReload, true)
      for (previous, next) in zip(received, received.dropFirst()) { assertReplays(next, from: previous.collection) }
      // One copy away from the binding's reload (which shares the first buffer), then growth; a
      // copy per waiting changeset would make hundreds.
      XCTAssertLessThanOrEqual(buffers.count, 6, "waiting changesets made the producer copy the array")
    }
  }

  /// Seeded random mutations of every kind, some from the main thread (run at once while nothing
  /// waits) and some from a background thread (waiting for the main queue): the diffuser runs with
  /// every changeset in order, each one replaying the previous collection into the next.
  func testRandomMutationsFromBothThreadsReachTheDiffuserExactly() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    silenceTetherWarnings()  // random values repeat, and `replace(with:performDiff:)` diffs them
    MainActor.assumeIsolated {
      withSeeds(0..<20) { seed, rng in
        let array = MutableObservableArray((0..<40).map { $0 * 3 })
        var received: [Changes] = []
        let binding = array.bind(to: Diffuser<Changes>.intoAlways { received.append($0) })
        var expected = [array.collection]
        for round in 0..<6 {
          let seeds = (0..<25).map { _ in UInt64.random(in: 0..<UInt64.max, using: &rng) }
          if round.isMultiple(of: 2) {
            for step in seeds { expected.append(Self.mutate(array, step)) }
          } else {
            let done = DispatchSemaphore(value: 0)
            let produced = Locked<[[Int]]>([])
            Thread {
              for step in seeds {
                let after = Self.mutate(array, step)
                produced.withLock { $0.append(after) }
              }
              done.signal()
            }.start()
            done.wait()
            expected += produced.withLock { $0 }
          }
        }
        drainMainQueue()
        binding.dispose()
        XCTAssertEqual(received.map(\.collection), expected, "seed \(seed)")
        XCTAssertEqual(received.first?.isReload, true, "seed \(seed)")
        for (previous, next) in zip(received, received.dropFirst()) {
          assertReplays(next, from: previous.collection, "seed \(seed)")
        }
      }
    }
  }

  /// One mutation of `array` chosen by `step`; returns the array after it.
  private static func mutate(_ array: MutableObservableArray<Int>, _ step: UInt64) -> [Int] {
    var rng = SeededRandomNumberGenerator(seed: step)
    let count = array.collection.count
    let value = Int.random(in: 0..<1_000, using: &rng)
    switch Int.random(in: 0..<6, using: &rng) {
    case 0: array.append(value)
    case 1: array.insert(value, at: Int.random(in: 0...count, using: &rng))
    case 2 where count > 0: array.remove(at: Int.random(in: 0..<count, using: &rng))
    case 3 where count > 0: array[Int.random(in: 0..<count, using: &rng)] = value
    case 4 where count > 1:
      array.move(from: Int.random(in: 0..<count, using: &rng), to: Int.random(in: 0..<count, using: &rng))
    case 5:
      var replaced = array.collection
      replaced.shuffle(using: &rng)
      array.replace(with: Array(replaced.prefix(Int.random(in: 0...replaced.count, using: &rng))), performDiff: true)
    default: array.append(value)
    }
    return array.collection
  }
}
