import Testing
import TetherChangesets
import TetherCollections
import TetherTestSupport

@Suite struct MutableObservableSetTests {
  @Test func observingFirstDeliversAReload() {
    let set = MutableObservableSet<String>(["a"])
    let log = ChangesetLog(set)
    #expect(log.last.isReload)
    #expect(log.last.collection == ["a"])
  }

  @Test func insertAndRemove() {
    let set = MutableObservableSet<String>(["a"])
    let log = ChangesetLog(set)
    #expect(set.insert("b").inserted)
    #expect(log.last.diff.inserts.map { log.last.collection[$0] } == ["b"])
    #expect(!set.insert("b").inserted)
    #expect(log.last.diff.isEmpty, "inserting a member that is there emits an empty changeset")
    #expect(set.remove("a") == "a")
    #expect(log.last.diff.deletes.count == 1)
    #expect(set.remove("zz") == nil)
    #expect(set.collection == ["b"])
    #expect(set.contains("b"))
    #expect(set.count == 1)
    #expect(log.changesets.count == 5, "one changeset per call")
    assertConsistentSequence(log.changesets)
  }

  @Test func bulkMutations() {
    let set = MutableObservableSet<Int>([1, 2, 3])
    let log = ChangesetLog(set)
    set.formUnion([3, 4, 5])
    #expect(log.last.diff.inserts.count == 2)
    set.subtract([1, 2, 9])
    #expect(log.last.diff.deletes.count == 2)
    #expect(set.collection == [3, 4, 5])
    set.replace(with: [4, 6])
    #expect(log.last.diff.deletes.count == 2)
    #expect(log.last.diff.inserts.count == 1)
    #expect(!log.last.isReload)
    set.replace(with: [7], performDiff: false)
    #expect(log.last.isReload)
    set.removeAll()
    #expect(log.last.diff.deletes.count == 1)
    #expect(set.isEmpty)
    assertConsistentSequence(log.changesets)
  }

  @Test(arguments: 0..<60 as Range<UInt64>)
  func randomMutationSequencesReplay(seed: UInt64) {
    var rng = SeededRandomNumberGenerator(seed: seed)
    var model = Set(randomArray(count: Int.random(in: 0..<20, using: &rng), alphabet: 40, using: &rng))
    let set = MutableObservableSet(model)
    let log = ChangesetLog(set)
    for step in 0..<30 {
      let values = randomArray(count: Int.random(in: 0..<6, using: &rng), alphabet: 40, using: &rng)
      switch Int.random(in: 0..<6, using: &rng) {
      case 0:
        set.insert(values.first ?? 0)
        model.insert(values.first ?? 0)
      case 1:
        set.remove(values.first ?? 0)
        model.remove(values.first ?? 0)
      case 2:
        set.formUnion(values)
        model.formUnion(values)
      case 3:
        set.subtract(values)
        model.subtract(values)
      case 4:
        let replacement = Set(randomArray(count: Int.random(in: 0..<20, using: &rng), alphabet: 40, using: &rng))
        set.replace(with: replacement)
        model = replacement
      default:
        if Int.random(in: 0..<5, using: &rng) == 0 {
          set.removeAll()
          model.removeAll()
        }
      }
      #expect(set.collection == model, "step \(step)")
    }
    assertConsistentSequence(log.changesets)
  }
}
