import TetherChangesets
import TetherCollections
import TetherSignals
import TetherTestSupport
import XCTest

/// A set member whose identity is `id` (equality and hash) and whose sort key is `rank`, so a set
/// update (replacing a member with an equal one) can change its rank.
private struct SortMember: Hashable, Sendable, CustomStringConvertible {
  var id: Int
  var rank: Int

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
  func hash(into hasher: inout Hasher) { hasher.combine(id) }

  /// Both fields, for comparisons that must see the rank too.
  var value: SortEntry { SortEntry(key: id, value: rank) }
  var description: String { "\(id):\(rank)" }
}

/// A key-value pair that is `Equatable` (dictionary entries are tuples).
private struct SortEntry: Hashable, Sendable {
  var key: Int
  var value: Int
}

final class SortedUnorderedCollectionTests: XCTestCase {
  private typealias SetChangeset = UnorderedCollectionChangeset<Set<SortMember>>
  private typealias DictionaryChangeset = UnorderedCollectionChangeset<[Int: Int]>

  // MARK: Sets

  func testSetChangesBecomeInsertsDeletesAndRankMoves() {
    let subject = PassthroughSubject<SetChangeset, Never>()
    let recorder = EventRecorder<OrderedCollectionChangeset<[SortMember]>, Never>()
    recorder.observe(subject.sortedCollection { $0.rank < $1.rank })
    var set: Set = [SortMember(id: 1, rank: 10), SortMember(id: 2, rank: 20), SortMember(id: 3, rank: 30)]
    subject.send(.reload(set))
    // SortMember 1 gets rank 25: it moves behind member 2, then is updated.
    let old = set
    set.update(with: SortMember(id: 1, rank: 25))
    subject.send(SetChangeset(collection: set, diff: .init(updates: [old.firstIndex(of: SortMember(id: 1, rank: 0))!])))
    // SortMember 4 arrives first, member 3 leaves.
    let before = set
    set.remove(SortMember(id: 3, rank: 0))
    set.insert(SortMember(id: 4, rank: 5))
    subject.send(
      SetChangeset(
        collection: set,
        diff: .init(
          inserts: [set.firstIndex(of: SortMember(id: 4, rank: 0))!],
          deletes: [before.firstIndex(of: SortMember(id: 3, rank: 0))!])))
    XCTAssertEqual(
      recorder.elements.map(patchText), ["reload", "[move(0 → 1), update(1, 1:25)]", "[delete(2), insert(4:5, at: 0)]"])
    XCTAssertEqual(
      recorder.elements.last?.collection.map(\.value),
      [SortEntry(key: 4, value: 5), SortEntry(key: 2, value: 20), SortEntry(key: 1, value: 25)])
  }

  func testRandomSetChangesetsReplayAndStaySorted() {
    withSeeds(0..<60) { seed, rng in
      let stream = randomSetStream(steps: 30, using: &rng)
      let subject = PassthroughSubject<SetChangeset, Never>()
      let recorder = EventRecorder<OrderedCollectionChangeset<[SortMember]>, Never>()
      recorder.observe(subject.sortedCollection { $0.rank < $1.rank })
      for changeset in stream { subject.send(changeset) }
      assertSortedOutput(
        recorder.elements.map { mappedForChecking($0, \.value) },
        sources: stream.map { ($0.isReload, $0.collection.map(\.value)) },
        isOrdered: { $0.value < $1.value },
        "seed \(seed)")
    }
  }

  func testComparableSetMatchesSortingDirectly() {
    withSeeds(0..<50) { seed, rng in
      var current: Set<Int> = []
      var changesets: [UnorderedCollectionChangeset<Set<Int>>] = []
      for step in 0..<30 {
        if step == 0 {
          current = Set((0..<Int.random(in: 0..<20, using: &rng)).map { _ in Int.random(in: 0..<60, using: &rng) })
          changesets.append(.reload(current))
          continue
        }
        let old = current
        let removed = old.filter { _ in Int.random(in: 0..<5, using: &rng) == 0 }
        current.subtract(removed)
        let added = (0..<Int.random(in: 0...3, using: &rng)).map { _ in Int.random(in: 0..<60, using: &rng) }
          .filter { !current.contains($0) }
        current.formUnion(added)
        changesets.append(
          UnorderedCollectionChangeset(
            collection: current,
            diff: .init(
              inserts: Set(added).map { current.firstIndex(of: $0)! },
              deletes: removed.map { old.firstIndex(of: $0)! })))
      }
      let subject = PassthroughSubject<UnorderedCollectionChangeset<Set<Int>>, Never>()
      let recorder = EventRecorder<OrderedCollectionChangeset<[Int]>, Never>()
      recorder.observe(subject.sortedCollection())
      for changeset in changesets { subject.send(changeset) }
      for (step, (output, source)) in zip(recorder.elements, changesets).enumerated() {
        XCTAssertEqual(output.collection, source.collection.sorted(), "seed \(seed), step \(step)")
        if step > 0 {
          assertReplays(output, from: recorder.elements[step - 1].collection, "seed \(seed), step \(step)")
        }
      }
    }
  }

  // MARK: Dictionaries

  func testDictionarySortedByKeyByDefault() {
    let subject = PassthroughSubject<DictionaryChangeset, Never>()
    let recorder = EventRecorder<OrderedCollectionChangeset<[(key: Int, value: Int)]>, Never>()
    recorder.observe(subject.sortedCollection())
    var dictionary = [3: 30, 1: 10]
    subject.send(.reload(dictionary))
    let old = dictionary
    dictionary[2] = 20
    dictionary[3] = 33
    subject.send(
      DictionaryChangeset(
        collection: dictionary,
        diff: .init(inserts: [dictionary.index(forKey: 2)!], updates: [old.index(forKey: 3)!])))
    let pairs = recorder.elements.map { mappedForChecking($0) { SortEntry(key: $0.key, value: $0.value) } }
    XCTAssertEqual(
      pairs.map(patchText),
      ["reload", "[update(1, SortEntry(key: 3, value: 33)), insert(SortEntry(key: 2, value: 20), at: 1)]"])
    XCTAssertEqual(pairs.last?.collection.map(\.key), [1, 2, 3])
  }

  func testRandomDictionaryChangesetsSortedByKeyMatchSortingDirectly() {
    withSeeds(0..<50) { seed, rng in
      let stream = randomDictionaryStream(steps: 30, using: &rng)
      let subject = PassthroughSubject<DictionaryChangeset, Never>()
      let recorder = EventRecorder<OrderedCollectionChangeset<[(key: Int, value: Int)]>, Never>()
      recorder.observe(subject.sortedCollection())
      for changeset in stream { subject.send(changeset) }
      let outputs = recorder.elements.map { mappedForChecking($0) { SortEntry(key: $0.key, value: $0.value) } }
      assertSortedOutput(
        outputs, sources: stream.map { ($0.isReload, $0.collection.map { SortEntry(key: $0.key, value: $0.value) }) },
        isOrdered: { $0.key < $1.key }, "seed \(seed)")
      for (output, source) in zip(outputs, stream) {
        XCTAssertEqual(
          output.collection,
          source.collection.sorted { $0.key < $1.key }.map { SortEntry(key: $0.key, value: $0.value) },
          "seed \(seed)")
      }
    }
  }

  func testRandomDictionaryChangesetsSortedByValueReplayAndStaySorted() {
    withSeeds(0..<50) { seed, rng in
      let stream = randomDictionaryStream(steps: 30, using: &rng)
      let subject = PassthroughSubject<DictionaryChangeset, Never>()
      let byValue = EventRecorder<OrderedCollectionChangeset<[(key: Int, value: Int)]>, Never>()
      let descending = EventRecorder<OrderedCollectionChangeset<[(key: Int, value: Int)]>, Never>()
      byValue.observe(subject.sortedCollection(on: \.value))
      descending.observe(subject.sortedCollection { $0.value > $1.value })
      for changeset in stream { subject.send(changeset) }
      let sources = stream.map { ($0.isReload, $0.collection.map { SortEntry(key: $0.key, value: $0.value) }) }
      assertSortedOutput(
        byValue.elements.map { mappedForChecking($0) { SortEntry(key: $0.key, value: $0.value) } }, sources: sources,
        isOrdered: { $0.value < $1.value }, "seed \(seed), ascending")
      assertSortedOutput(
        descending.elements.map { mappedForChecking($0) { SortEntry(key: $0.key, value: $0.value) } }, sources: sources,
        isOrdered: { $0.value > $1.value }, "seed \(seed), descending")
    }
  }

  // MARK: Generators and checks

  private func randomSetStream(steps: Int, using rng: inout SeededRandomNumberGenerator) -> [SetChangeset] {
    var nextID = 0
    func member(_ rng: inout SeededRandomNumberGenerator) -> SortMember {
      nextID += 1
      return SortMember(id: nextID, rank: Int.random(in: 0..<25, using: &rng))
    }
    var current = Set((0..<Int.random(in: 0..<20, using: &rng)).map { _ in member(&rng) })
    var stream: [SetChangeset] = [.reload(current)]
    for _ in 0..<steps {
      if Int.random(in: 0..<15, using: &rng) == 0 {
        current = Set((0..<Int.random(in: 0..<20, using: &rng)).map { _ in member(&rng) })
        stream.append(.reload(current))
        continue
      }
      let old = current
      let heavy = Int.random(in: 0..<6, using: &rng) == 0
      let changeOdds = heavy ? 2 : 6
      var removed: [SortMember] = []
      var updated: [SortMember] = []
      for element in old {
        switch Int.random(in: 0..<changeOdds, using: &rng) {
        case 0: removed.append(element)
        case 1: updated.append(SortMember(id: element.id, rank: Int.random(in: 0..<25, using: &rng)))
        default: break
        }
      }
      let added = (0..<Int.random(in: 0...(heavy ? 25 : 3), using: &rng)).map { _ in member(&rng) }
      current.subtract(removed)
      for element in updated { current.update(with: element) }
      current.formUnion(added)
      let deletes = removed.map { old.firstIndex(of: $0)! }
      let updates = updated.map { old.firstIndex(of: $0)! }
      let inserts = added.map { current.firstIndex(of: $0)! }
      if Bool.random(using: &rng) {
        stream.append(
          SetChangeset(collection: current, diff: .init(inserts: inserts, deletes: deletes, updates: updates)))
      } else {
        var patch: [UnorderedCollectionOperation<SortMember, Set<SortMember>.Index>] = deletes.map { .delete(at: $0) }
        patch += zip(updates, updated).map { .update(at: $0, newElement: $1) }
        patch += zip(inserts, added).map { .insert($1, at: $0) }
        stream.append(SetChangeset(collection: current, patch: patch))
      }
    }
    return stream
  }

  private func randomDictionaryStream(steps: Int, using rng: inout SeededRandomNumberGenerator) -> [DictionaryChangeset]
  {
    func randomDictionary(_ rng: inout SeededRandomNumberGenerator) -> [Int: Int] {
      var dictionary: [Int: Int] = [:]
      for _ in 0..<Int.random(in: 0..<20, using: &rng) {
        dictionary[Int.random(in: 0..<50, using: &rng)] = Int.random(in: 0..<15, using: &rng)
      }
      return dictionary
    }
    var current = randomDictionary(&rng)
    var stream: [DictionaryChangeset] = [.reload(current)]
    for _ in 0..<steps {
      if Int.random(in: 0..<15, using: &rng) == 0 {
        current = randomDictionary(&rng)
        stream.append(.reload(current))
        continue
      }
      let old = current
      let odds = Int.random(in: 0..<6, using: &rng) == 0 ? 2 : 6
      var removedKeys: [Int] = []
      var updatedKeys: [Int] = []
      for key in old.keys {
        switch Int.random(in: 0..<odds, using: &rng) {
        case 0: removedKeys.append(key)
        case 1: updatedKeys.append(key)
        default: break
        }
      }
      for key in removedKeys { current[key] = nil }
      for key in updatedKeys { current[key] = Int.random(in: 0..<15, using: &rng) }
      var addedKeys: [Int] = []
      for _ in 0..<Int.random(in: 0...(odds == 2 ? 20 : 3), using: &rng) {
        let key = Int.random(in: 0..<50, using: &rng)
        if old[key] == nil, current[key] == nil {
          current[key] = Int.random(in: 0..<15, using: &rng)
          addedKeys.append(key)
        }
      }
      stream.append(
        DictionaryChangeset(
          collection: current,
          diff: .init(
            inserts: addedKeys.map { current.index(forKey: $0)! },
            deletes: removedKeys.map { old.index(forKey: $0)! },
            updates: updatedKeys.map { old.index(forKey: $0)! })))
    }
    return stream
  }

  /// Checks a sorted output against unordered sources: a reload first and for each source reload,
  /// every other changeset replays from the previous output, and each output holds exactly the
  /// source's elements in an order `isOrdered` accepts (ties may come in any order).
  private func assertSortedOutput<T: Hashable>(
    _ outputs: [OrderedCollectionChangeset<[T]>],
    sources: [(isReload: Bool, elements: [T])],
    isOrdered: (T, T) -> Bool,
    _ message: String,
    file: StaticString = #filePath,
    line: UInt = #line
  ) {
    XCTAssertEqual(outputs.count, sources.count, message, file: file, line: line)
    for (step, (output, source)) in zip(outputs, sources).enumerated() {
      let context = "\(message), step \(step)"
      if step == 0 || source.isReload {
        XCTAssertTrue(output.isReload, context, file: file, line: line)
      } else {
        assertReplays(output, from: outputs[step - 1].collection, context, file: file, line: line)
      }
      XCTAssertEqual(output.collection.count, source.elements.count, context, file: file, line: line)
      XCTAssertEqual(Set(output.collection), Set(source.elements), context, file: file, line: line)
      XCTAssertFalse(
        zip(output.collection, output.collection.dropFirst()).contains { isOrdered($1, $0) },
        "\(output.collection) is not sorted [\(context)]", file: file, line: line)
    }
  }
}
