import Foundation
import TetherChangesets
import TetherTestSupport
import XCTest

// `TreeItem` (TreeTestSupport.swift) as JSON, for the tree changesets of these tests.
extension TreeItem: Codable {
  private enum CodingKeys: String, CodingKey { case id, version }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(Int.self, forKey: .id), version: try container.decode(Int.self, forKey: .version))
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(version, forKey: .version)
  }
}

/// A JSON round trip of `value`.
func jsonRoundTrip<Value: Codable>(_ value: Value) throws -> Value {
  try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(value))
}

/// Changesets, diffs, operations and trees survive a JSON round trip: what is decoded is equal to
/// what was encoded, keeps the forms it was made with, and still replays from the source.
final class CodableRoundTripTests: XCTestCase {
  func testRandomOrderedChangesetsMadeFromPatchesRoundTrip() throws {
    try withSeeds(0..<300) { seed, rng in
      let old = randomArray(count: Int.random(in: 0..<20, using: &rng), alphabet: 8, using: &rng)
      let patch = randomPatch(on: old, count: Int.random(in: 0..<12, using: &rng), alphabet: 8, using: &rng)
      let changeset = OrderedCollectionChangeset(collection: old.applying(patch), patch: patch)
      let decoded = try jsonRoundTrip(changeset)
      XCTAssertEqual(decoded, changeset, "seed \(seed)")
      XCTAssertEqual(decoded.patch, patch, "seed \(seed)")
      assertReplays(decoded, from: old, "seed \(seed)")
    }
  }

  func testRandomOrderedChangesetsMadeFromDiffsOrBothFormsRoundTrip() throws {
    try withSeeds(0..<300) { seed, rng in
      let old = randomArray(count: Int.random(in: 0..<20, using: &rng), alphabet: 1_000, using: &rng)
      let diff = randomDiff(oldCount: old.count, changeRate: 0.3, using: &rng)
      let new = randomFinalCollection(applying: diff, to: old, using: &rng) { Int.random(in: 0..<1_000, using: &$0) }
      let fromDiff = OrderedCollectionChangeset(collection: new, diff: diff)
      let decoded = try jsonRoundTrip(fromDiff)
      XCTAssertEqual(decoded.diff, diff, "seed \(seed)")
      assertReplays(decoded, from: old, "seed \(seed)")

      let both = OrderedCollectionChangeset(collection: new, patch: fromDiff.patch, diff: diff)
      let decodedBoth = try jsonRoundTrip(both)
      XCTAssertEqual(decodedBoth.diff, diff, "seed \(seed)")
      XCTAssertEqual(decodedBoth.patch, both.patch, "seed \(seed)")
      XCTAssertEqual(decodedBoth, both, "seed \(seed)")
    }
  }

  func testReloadsStayReloads() throws {
    let decoded = try jsonRoundTrip(OrderedCollectionChangeset.reload(["a", "b"]))
    XCTAssertTrue(decoded.isReload)
    XCTAssertEqual(decoded.collection, ["a", "b"])
    let tree = try jsonRoundTrip(TreeChangeset.reload(TreeArray([TreeNode("a", [TreeNode("b")])])))
    XCTAssertTrue(tree.isReload)
    XCTAssertEqual(tree.collection, TreeArray([TreeNode("a", [TreeNode("b")])]))
  }

  func testDiffsOperationsAndUnorderedPartsRoundTrip() throws {
    let diff = OrderedCollectionDiff(inserts: [3], deletes: [0, 2], updates: [1], moves: [(from: 4, to: 0)])
    XCTAssertEqual(try jsonRoundTrip(diff), diff)
    XCTAssertEqual(Set([diff, diff, OrderedCollectionDiff()]).count, 2)
    let operations: [OrderedCollectionOperation<String, Int>] = [
      .insert("a", at: 0), .delete(at: 1), .update(at: 2, newElement: "b"), .move(from: 3, to: 4),
    ]
    XCTAssertEqual(try jsonRoundTrip(operations), operations)
    let unordered: [UnorderedCollectionOperation<String, Int>] = [
      .insert("a", at: 0), .delete(at: 1), .update(at: 2, newElement: "b"),
    ]
    XCTAssertEqual(try jsonRoundTrip(unordered), unordered)
    let unorderedDiff = UnorderedCollectionDiff(inserts: [1], deletes: [2], updates: [3])
    XCTAssertEqual(try jsonRoundTrip(unorderedDiff), unorderedDiff)
  }

  func testRandomTreeChangesetsRoundTrip() throws {
    for seed in UInt64(0)..<150 {
      var trees = RandomTrees(seed: seed)
      let old = trees.tree(size: Int.random(in: 0..<25, using: &trees.rng))
      let (patch, new) = trees.patch(count: Int.random(in: 0..<8, using: &trees.rng), on: old)
      let fromPatch = TreeChangeset(collection: new, patch: patch)
      let decoded = try jsonRoundTrip(fromPatch)
      XCTAssertEqual(decoded, fromPatch, "seed \(seed)")
      XCTAssertEqual(decoded.patch, patch, "seed \(seed)")
      XCTAssertEqual(old.applying(decoded.patch), new, "seed \(seed)")

      let fromDiff = TreeChangeset(collection: new, diff: fromPatch.diff)
      let decodedFromDiff = try jsonRoundTrip(fromDiff)
      XCTAssertEqual(decodedFromDiff, fromDiff, "seed \(seed)")
      XCTAssertEqual(old.applying(decodedFromDiff.patch), new, "seed \(seed)")
    }
  }

  func testArray2DAndItsChangesetsRoundTrip() throws {
    let old = Array2D(sectionsWithItems: [("A", [1, 2, 3]), ("B", [4])])
    var new = old
    let patch: [OrderedCollectionOperation<TreeNode<Array2DElement<String, Int>>, IndexPath>] = [
      .move(from: [0, 0], to: [1, 1]),
      .insert(TreeNode(.section("C"), [TreeNode(.item(9))]), at: [2]),
      .update(at: [0], newElement: TreeNode(.section("A2"))),
      .delete(at: [0, 1]),
    ]
    new.apply(patch)
    XCTAssertEqual(try jsonRoundTrip(new), new)
    let changeset = TreeChangeset(collection: new, patch: patch)
    let decoded = try jsonRoundTrip(changeset)
    XCTAssertEqual(decoded, changeset)
    var replayed = old
    replayed.apply(decoded.patch)
    XCTAssertEqual(replayed, new)
    let fromDiff = try jsonRoundTrip(TreeChangeset(collection: new, diff: changeset.diff))
    XCTAssertEqual(fromDiff.diff.normalizedTreeDiff, changeset.diff.normalizedTreeDiff)
  }

  func testTreesOneHundredThousandLevelsDeepRoundTripWithoutRecursion() throws {
    let deep = DeepTreeTests.deepTree
    let data = try JSONEncoder().encode(deep)
    XCTAssertEqual(try JSONDecoder().decode(TreeArray<Int>.self, from: data), deep)
    let node = try JSONDecoder().decode(TreeNode<Int>.self, from: JSONEncoder().encode(deep.children[0]))
    XCTAssertEqual(node, deep.children[0])

    // A changeset that adds a leaf at the bottom: its path is as long as the tree is deep.
    let bottom = DeepTreeTests.zeros(DeepTreeTests.depth)
    var new = deep
    new.insert(TreeNode(-1), at: bottom)
    let changeset = TreeChangeset(collection: new, patch: [.insert(TreeNode(-1), at: bottom)])
    let decoded = try jsonRoundTrip(changeset)
    XCTAssertEqual(decoded.patch, changeset.patch)
    XCTAssertEqual(decoded.diff.inserts, [bottom])
  }
}

extension OrderedCollectionDiff where Index == IndexPath {
  /// Each part sorted, moves by source then target.
  var normalizedTreeDiff: Self {
    Self(
      inserts: inserts.sorted(),
      deletes: deletes.sorted(),
      updates: updates.sorted(),
      moves: moves.sorted { $0.from == $1.from ? $0.to < $1.to : $0.from < $1.from }
    )
  }
}

/// Changesets are `Hashable` consistently with their `==`.
final class ChangesetHashingTests: XCTestCase {
  func testEqualChangesetsHashAlike() {
    let fromPatch = OrderedCollectionChangeset(collection: [1, 9], patch: [.insert(9, at: 1)])
    let fromDiff = OrderedCollectionChangeset(collection: [1, 9], diff: OrderedCollectionDiff(inserts: [1]))
    XCTAssertEqual(Set([fromPatch, fromDiff, .reload([1, 9])]).count, 2)

    let set: Set = ["a", "b"]
    let insert = UnorderedCollectionChangeset(collection: set, patch: [.insert("b", at: set.firstIndex(of: "b")!)])
    let same = UnorderedCollectionChangeset(
      collection: set, diff: UnorderedCollectionDiff(inserts: [set.firstIndex(of: "b")!]))
    XCTAssertEqual(Set([insert, same]).count, 1)

    let tree = TreeArray([TreeNode("a")])
    XCTAssertEqual(
      Set([TreeChangeset(collection: tree, patch: [.insert(TreeNode("a"), at: [0])]), .reload(tree)]).count, 2)
  }
}
