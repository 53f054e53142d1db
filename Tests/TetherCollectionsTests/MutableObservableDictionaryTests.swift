import TetherChangesets
import TetherCollections
import TetherTestSupport
import XCTest

final class MutableObservableDictionaryTests: XCTestCase {
  func testSubscriptInsertsUpdatesAndRemoves() {
    let scores = MutableObservableDictionary<String, Int>([:])
    let log = ChangesetLog(scores)
    XCTAssertTrue(log.last.isReload)
    scores["ada"] = 3
    XCTAssertEqual(log.last.diff.inserts.count, 1)
    XCTAssertEqual(log.last.patch.count, 1)
    scores["ada"] = 4
    XCTAssertEqual(log.last.diff.updates.count, 1)
    XCTAssertEqual(scores["ada"], 4)
    scores["ada"] = nil
    XCTAssertEqual(log.last.diff.deletes.count, 1)
    XCTAssertNil(scores["ada"])
    assertConsistentSequence(log.changesets)
  }

  func testUpdateValueAndRemoveValueReturnThePreviousValue() {
    let scores = MutableObservableDictionary(["a": 1])
    let log = ChangesetLog(scores)
    XCTAssertEqual(scores.updateValue(2, forKey: "a"), 1)
    XCTAssertNil(scores.updateValue(5, forKey: "b"))
    XCTAssertEqual(scores.removeValue(forKey: "a"), 2)
    XCTAssertNil(scores.removeValue(forKey: "zz"))
    XCTAssertTrue(log.last.diff.isEmpty && !log.last.isReload)
    XCTAssertEqual(scores.collection, ["b": 5])
    XCTAssertEqual(scores.count, 1)
    assertConsistentSequence(log.changesets)
  }

  func testMergeInsertsNewKeysAndUpdatesOnlyChangedValues() {
    let scores = MutableObservableDictionary(["a": 1, "b": 2])
    let log = ChangesetLog(scores)
    scores.merge(["b": 2, "c": 3, "a": 0]) { old, new in max(old, new) }
    XCTAssertEqual(scores.collection, ["a": 1, "b": 2, "c": 3])
    XCTAssertEqual(log.last.diff.inserts.count, 1)
    XCTAssertEqual(log.last.diff.updates.count, 0, "equal combined values are not updates")
    scores.merge([("a", 10), ("a", 20)]) { _, new in new }
    XCTAssertEqual(scores["a"], 20)
    XCTAssertEqual(log.last.diff.updates.count, 1, "a key merged twice is one update")
    assertConsistentSequence(log.changesets)
  }

  func testReplaceDiffsByKeyAndValue() {
    let scores = MutableObservableDictionary(["a": 1, "b": 2, "c": 3])
    let log = ChangesetLog(scores)
    scores.replace(with: ["a": 1, "b": 20, "d": 4])
    let diff = log.last.diff
    XCTAssertEqual(diff.deletes.count, 1)
    XCTAssertEqual(diff.inserts.count, 1)
    XCTAssertEqual(diff.updates.count, 1)
    scores.replace(with: [:], performDiff: false)
    XCTAssertTrue(log.last.isReload)
    assertConsistentSequence(log.changesets)
  }

  func testNonEquatableValuesUpdateEveryCommonKey() {
    let handlers = MutableObservableDictionary<String, Box>(["a": Box(1), "b": Box(2)])
    let log = ChangesetLog(handlers)
    handlers.replace(with: ["a": Box(1), "c": Box(3)])
    XCTAssertEqual(log.last.diff.updates.count, 1)
    XCTAssertEqual(log.last.diff.inserts.count, 1)
    XCTAssertEqual(log.last.diff.deletes.count, 1)
    handlers.removeAll()
    XCTAssertEqual(log.last.diff.deletes.count, 2)
    XCTAssertTrue(handlers.isEmpty)
  }

  func testRandomMutationSequencesReplay() {
    withSeeds(0..<60) { seed, rng in
      func randomDictionary(_ rng: inout SeededRandomNumberGenerator) -> [Int: Int] {
        var dictionary: [Int: Int] = [:]
        for _ in 0..<Int.random(in: 0..<15, using: &rng) {
          dictionary[Int.random(in: 0..<30, using: &rng)] = Int.random(in: 0..<4, using: &rng)
        }
        return dictionary
      }
      var model = randomDictionary(&rng)
      let dictionary = MutableObservableDictionary(model)
      let log = ChangesetLog(dictionary)
      for step in 0..<30 {
        let key = Int.random(in: 0..<30, using: &rng)
        let value = Int.random(in: 0..<4, using: &rng)
        switch Int.random(in: 0..<6, using: &rng) {
        case 0:
          dictionary[key] = value
          model[key] = value
        case 1:
          dictionary[key] = nil
          model[key] = nil
        case 2:
          XCTAssertEqual(dictionary.updateValue(value, forKey: key), model.updateValue(value, forKey: key))
        case 3:
          let other = randomDictionary(&rng)
          dictionary.merge(other, uniquingKeysWith: +)
          model.merge(other, uniquingKeysWith: +)
        case 4:
          let replacement = randomDictionary(&rng)
          dictionary.replace(with: replacement)
          model = replacement
        default:
          if Int.random(in: 0..<5, using: &rng) == 0 {
            dictionary.removeAll()
            model.removeAll()
          } else {
            XCTAssertEqual(dictionary.removeValue(forKey: key), model.removeValue(forKey: key))
          }
        }
        XCTAssertEqual(dictionary.collection, model, "step \(step) [seed \(seed)]")
      }
      assertConsistentSequence(log.changesets, "[seed \(seed)]")
    }
  }
}

private final class Box: Sendable {
  let value: Int
  init(_ value: Int) { self.value = value }
}
