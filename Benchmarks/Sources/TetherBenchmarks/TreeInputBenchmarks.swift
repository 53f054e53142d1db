import Foundation
import Tether

// Trees from outside (issue 25): decoding and validating tree changesets must be linear in the
// tree, for a wide folder as for a deep chain. Two trees of 100,001 nodes:
//   wide: one folder with 100,000 leaf children;
//   deep: a chain 100,001 nodes deep.
// Each gets a changeset of one insert (a leaf appended to the folder, a leaf under the chain's
// last node), encoded as JSON. Rows: decoding the bare final tree (the floor), decoding the
// changeset (which rebuilds the source's shape and validates the patch against it), and
// `validate(from:)` of the changeset on the source tree; the last two as ratios of the floor,
// measured in the same run (target: within 3x). Before issue 25, the wide folder's shape was built
// in O(c²): 16,000 children took 8.3 s to decode where the bare tree took 62 ms.

var treeInputBenchmarks: BenchmarkSuite {
  BenchmarkSuite(name: "tree-input", run: runTreeInputBenchmarks)
}

private typealias InputTree = TreeArray<Int>

func runTreeInputBenchmarks() {
  let size = 100_000
  let wideOld = InputTree([TreeNode(0, (1...size).map { TreeNode($0) })])
  let wideChangeset = TreeChangeset(
    collection: {
      var tree = wideOld
      tree.insert(TreeNode(-1), at: [0, size])
      return tree
    }(),
    patch: [.insert(TreeNode(-1), at: [0, size])]
  )
  var chain = TreeNode(size)
  for value in (0..<size).reversed() { chain = TreeNode(value, [chain]) }
  let deepOld = InputTree([chain])
  let bottom = IndexPath(indexes: [Int](repeating: 0, count: size + 2))
  let deepChangeset = TreeChangeset(
    collection: {
      var tree = deepOld
      tree.insert(TreeNode(-1), at: bottom)
      return tree
    }(),
    patch: [.insert(TreeNode(-1), at: bottom)]
  )
  for (name, old, changeset) in [
    ("wide: one folder of 100,000 children", wideOld, wideChangeset),
    ("deep: a chain 100,001 nodes deep", deepOld, deepChangeset),
  ] {
    measureInput(name, old: old, changeset: changeset)
  }
}

private func measureInput(_ name: String, old: InputTree, changeset: TreeChangeset<InputTree>) {
  let encoder = JSONEncoder()
  let treeJSON = try! encoder.encode(changeset.collection)
  let changesetJSON = try! encoder.encode(changeset)
  let decoder = JSONDecoder()
  let floor = medianNanoseconds(repetitions: 5) {
    blackHole(try? decoder.decode(InputTree.self, from: treeJSON))
  }
  let decode = medianNanoseconds(repetitions: 5) {
    blackHole(try? decoder.decode(TreeChangeset<InputTree>.self, from: changesetJSON))
  }
  let validate = medianNanoseconds(repetitions: 5) {
    blackHole(Result { () throws(TreeChangesetValidationError) in try changeset.validate(from: old) })
  }
  let decoded = (try? decoder.decode(TreeChangeset<InputTree>.self, from: changesetJSON)) != nil
  let valid = (try? changeset.validate(from: old)) != nil
  print("  \(name) (\(changesetJSON.count / 1024) KB of JSON)")
  report("  decode the bare final tree (floor)", floor / 1e6, unit: "ms")
  report(
    "  decode the changeset", decode / 1e6, unit: "ms",
    note: String(format: "%.2fx the floor (target < 3x); decodes: %@", decode / floor, "\(decoded)"))
  report(
    "  changeset.validate(from: source)", validate / 1e6, unit: "ms",
    note: String(format: "%.2fx the floor (target < 3x); valid: %@", validate / floor, "\(valid)"))
}
