import Dispatch
import Foundation
import Tether

// Tree workloads (seeded), on trees of a struct with an `Int` id and a version
// (`Identifiable & Hashable`: matched by id, updated when the version changed):
//   diff: a 102,400-node tree of depth 4 (25 roots, fan-outs 15, 16, 16) against a copy with 1%
//         edits: deletes (whole subtrees), inserts (small subtrees), updates, moves within a
//         sibling list and reparenting moves (half of the moves), 1,024 edits in all.
//   patch -> diff: 5,000 random tree operations (insert, delete, update, move; a quarter each) on
//         the same tree, converted to a diff; the diff -> patch conversion back; and a naive
//         reference conversion that follows every tracked path through every later operation,
//         O(k^2) index-path shifts like Bond's insertion/deletion trees.
// Each prints the median time; the floor is inserting every id of both trees into a Dictionary.

var treesBenchmarks: BenchmarkSuite {
  BenchmarkSuite(name: "trees", run: runTreeBenchmarks)
}

struct TreeBenchItem: Identifiable, Hashable {
  let id: Int
  var version = 0
}

private typealias BenchTree = TreeArray<TreeBenchItem>
private typealias BenchOperation = OrderedCollectionOperation<TreeNode<TreeBenchItem>, IndexPath>

func runTreeBenchmarks() {
  var rng = BenchmarkRandom(seed: 0x7E7E_7EE5)
  var nextID = 0
  func makeNode(depth: Int, fanOuts: ArraySlice<Int>) -> TreeNode<TreeBenchItem> {
    nextID += 1
    let id = nextID
    let children = fanOuts.first.map { count in
      (0..<count).map { _ in makeNode(depth: depth + 1, fanOuts: fanOuts.dropFirst()) }
    }
    return TreeNode(TreeBenchItem(id: id), children ?? [])
  }
  let old = BenchTree((0..<25).map { _ in makeNode(depth: 1, fanOuts: [15, 16, 16][...]) })
  let nodeCount = old.descendantCount

  // Diff of two 100,000-node trees.
  var edits = TreeEditor(tree: old, nextID: nextID + 1, rng: BenchmarkRandom(seed: rng.next()))
  let edited = edits.edit(count: nodeCount / 100)
  let diffTimes = measure { blackHole(edited.tree.diff(from: old)) }
  let diff = edited.tree.diff(from: old)
  reportTimes(
    "diff, \(nodeCount) nodes, depth 4, \(edited.count) edits", diffTimes,
    note: "target < 100 ms; \(diff.moves.count) moves for \(edited.moves) moved (\(edited.reparented) reparented)")
  let floorTimes = measure {
    var table: [Int: Int] = [:]
    table.reserveCapacity(nodeCount)
    func visit(_ nodes: [TreeNode<TreeBenchItem>], _ side: Int) {
      for node in nodes {
        table[node.value.id, default: 0] += side
        visit(node.children, side)
      }
    }
    visit(old.children, 1)
    visit(edited.tree.children, 2)
    blackHole(table)
  }
  reportTimes("  floor: both trees' ids into a Dictionary", floorTimes)
  let generateTimes = measure { blackHole(diff.generateTreePatch(to: edited.tree)) }
  reportTimes("  diff -> patch of that diff (\(diff.count) entries)", generateTimes)

  // Patch -> diff of 5,000 random operations.
  var operations = TreeEditor(tree: old, nextID: nextID + 1_000_000, rng: BenchmarkRandom(seed: rng.next()))
  let patch = operations.randomPatch(count: 5_000)
  let patchTimes = measure { blackHole(OrderedCollectionDiff(fromTreePatch: patch)) }
  reportTimes("patch -> diff, 5,000 random operations", patchTimes, note: "target < 50 ms")
  let patchDiff = OrderedCollectionDiff(fromTreePatch: patch)
  let backTimes = measure { blackHole(patchDiff.generateTreePatch(to: operations.tree)) }
  reportTimes("  diff -> patch of that diff (\(patchDiff.count) entries)", backTimes)
  let naiveTimes = measure(repetitions: 1) { blackHole(naiveTreeDiff(patch)) }
  let agrees = sortedDescription(naiveTreeDiff(patch)) == sortedDescription(patchDiff)
  reportTimes(
    "  naive O(k^2) reference (Bond-style path shifting)", naiveTimes,
    note: "\(Int((naiveTimes.cpu / patchTimes.cpu).rounded()))x the CPU time; same diff: \(agrees)")
}

/// Median wall-clock and thread CPU time of `body`, in nanoseconds. The CPU time shows the cost
/// when other processes compete for the machine's cores.
private func measure(repetitions: Int = 7, _ body: () -> Void) -> (wall: Double, cpu: Double) {
  var walls: [Double] = []
  var cpus: [Double] = []
  for _ in 0..<repetitions {
    let cpuStart = threadCPUNanoseconds()
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    walls.append(Double(DispatchTime.now().uptimeNanoseconds - start))
    cpus.append(threadCPUNanoseconds() - cpuStart)
  }
  return (walls.sorted()[repetitions / 2], cpus.sorted()[repetitions / 2])
}

private func threadCPUNanoseconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
}

private func reportTimes(_ name: String, _ times: (wall: Double, cpu: Double), note: String = "") {
  let cpu = (times.cpu / 1e4).rounded() / 100
  report(name, times.wall / 1e6, unit: "ms", note: "(cpu \(cpu) ms) \(note)")
}

private func sortedDescription(_ diff: OrderedCollectionDiff<IndexPath>) -> String {
  let moves = diff.moves.sorted { $0.from == $1.from ? $0.to < $1.to : $0.from < $1.from }
  return
    "\(diff.inserts.sorted()) \(diff.deletes.sorted()) \(diff.updates.sorted()) \(moves.map { "\($0.from)\($0.to)" })"
}

/// Random edits of a tree, applied as they are chosen.
private struct TreeEditor {
  var tree: BenchTree
  var nextID: Int
  var rng: BenchmarkRandom

  mutating func randomPath() -> IndexPath {
    randomPath(in: tree)
  }

  mutating func randomPath(in tree: BenchTree) -> IndexPath {
    var path = IndexPath(index: Int.random(in: 0..<tree.children.count, using: &rng))
    var node = tree.children[path[0]]
    // Stop at each level with a small chance (smallest at the roots, which are few), so that the
    // pick is close to a uniformly random node (most nodes are leaves) and every depth is reached.
    while !node.children.isEmpty, Int.random(in: 0..<(path.count == 1 ? 256 : 16), using: &rng) != 0 {
      let index = Int.random(in: 0..<node.children.count, using: &rng)
      path.append(index)
      node = node.children[index]
    }
    return path
  }

  mutating func newNode() -> TreeNode<TreeBenchItem> {
    nextID += 1
    let children = (0..<Int.random(in: 0...2, using: &rng)).map { _ in
      nextID += 1
      return TreeNode(TreeBenchItem(id: nextID))
    }
    return TreeNode(TreeBenchItem(id: nextID - children.count), children)
  }

  /// Applies `count` edits; returns the tree and what was done.
  mutating func edit(count: Int) -> (tree: BenchTree, count: Int, moves: Int, reparented: Int) {
    var moves = 0
    var reparented = 0
    for step in 0..<count {
      switch step % 4 {
      case 0:
        tree.remove(at: randomPath())
      case 1:
        let parent = randomPath().dropLast()
        let limit = parent.isEmpty ? tree.children.count : tree[childAt: parent].children.count
        tree.insert(newNode(), at: parent.appending(Int.random(in: 0...limit, using: &rng)))
      case 2:
        let path = randomPath()
        tree[childAt: path].value.version += 1
      default:
        let source = randomPath()
        let node = tree.remove(at: source)
        moves += 1
        var parent = source.dropLast()
        if step % 8 == 7 && !parent.isEmpty {
          // Reparent: a random node at the same depth as the old parent. Counted only when it is
          // another node (the draw may pick the same parent again, or a path too short).
          var other = randomPath()
          while other.count > parent.count { other = other.dropLast() }
          if other.count == parent.count && other != parent {
            parent = other
            reparented += 1
          }
        }
        let limit = parent.isEmpty ? tree.children.count : tree[childAt: parent].children.count
        tree.insert(node, at: parent.appending(Int.random(in: 0...limit, using: &rng)))
      }
    }
    return (tree, count, moves, reparented)
  }

  /// `count` random operations, each valid on the tree it applies to.
  mutating func randomPatch(count: Int) -> [BenchOperation] {
    var patch: [BenchOperation] = []
    patch.reserveCapacity(count)
    for step in 0..<count {
      let operation: BenchOperation
      switch step % 4 {
      case 0:
        operation = .delete(at: randomPath())
      case 1:
        let parent = randomPath().dropLast()
        let limit = parent.isEmpty ? tree.children.count : tree[childAt: parent].children.count
        operation = .insert(newNode(), at: parent.appending(Int.random(in: 0...limit, using: &rng)))
      case 2:
        let path = randomPath()
        var node = tree[childAt: path]
        node.value.version += 1
        operation = .update(at: path, newElement: node)
      default:
        let source = randomPath()
        var removed = tree
        removed.remove(at: source)
        var target = removed.children.isEmpty ? IndexPath() : randomPath(in: removed).dropLast()
        let limit = target.isEmpty ? removed.children.count : removed[childAt: target].children.count
        target.append(Int.random(in: 0...limit, using: &rng))
        operation = .move(from: source, to: target)
      }
      tree.apply(operation)
      patch.append(operation)
    }
    return patch
  }
}

struct NaiveTreeRecord {
  var origin: IndexPath?  // nil: inserted by the patch
  var path: IndexPath?  // nil: removed
  var moved = false
  var updated = false
}

/// The reference patch -> diff conversion: every node an operation touches gets a record whose
/// path is shifted through every later operation, and an untouched node's source path is found
/// by undoing every earlier operation. O(k^2) path shifts for k operations.
func naiveTreeDiff<Element>(
  _ patch: [OrderedCollectionOperation<Element, IndexPath>]
) -> OrderedCollectionDiff<IndexPath> {
  typealias Record = NaiveTreeRecord
  var records: [Record] = []
  var history: [OrderedCollectionOperation<Element, IndexPath>] = []

  func sourcePath(of path: IndexPath) -> IndexPath? {
    var current = path
    for operation in history.reversed() {
      switch operation {
      case .insert(_, let at):
        if current == at || at.isAncestor(of: current) { return nil }
        current = current.shifted(byDeletionAt: at)!
      case .delete(let at):
        current = current.shifted(byInsertionAt: at)
      case .update:
        break
      case .move(let from, let to):
        current = current.shifted(byMoveFrom: to, to: from)
      }
    }
    return current
  }

  func record(at path: IndexPath) -> Int {
    if let found = records.firstIndex(where: { $0.path == path }) { return found }
    records.append(Record(origin: sourcePath(of: path), path: path))
    return records.count - 1
  }

  for operation in patch {
    switch operation {
    case .insert(_, let at):
      for index in records.indices { records[index].path = records[index].path?.shifted(byInsertionAt: at) }
      records.append(Record(origin: nil, path: at))
    case .delete(let at):
      _ = record(at: at)
      for index in records.indices { records[index].path = records[index].path?.shifted(byDeletionAt: at) }
    case .update(let at, _):
      records[record(at: at)].updated = true
    case .move(let from, let to):
      let moving = record(at: from)
      records[moving].moved = true
      for index in records.indices { records[index].path = records[index].path?.shifted(byMoveFrom: from, to: to) }
    }
    history.append(operation)
  }

  // A source node is alive unless it has a removed record or sits (untouched) under a dead one.
  var recordByOrigin: [IndexPath: Record] = [:]
  var recordByPath: [IndexPath: Record] = [:]
  for record in records {
    if let origin = record.origin { recordByOrigin[origin] = record }
    if let path = record.path { recordByPath[path] = record }
  }
  func sourceAlive(_ path: IndexPath) -> Bool {
    if path.isEmpty { return true }
    if let record = recordByOrigin[path] { return record.path != nil }
    return sourceAlive(path.dropLast())
  }
  var diff = OrderedCollectionDiff<IndexPath>()
  for record in records {
    switch (record.origin, record.path) {
    case (let origin?, let path?):
      if record.moved { diff.moves.append((from: origin, to: path)) }
      if record.updated { diff.updates.append(origin) }
    case (let origin?, nil):
      if sourceAlive(origin.dropLast()) { diff.deletes.append(origin) }
    case (nil, let path?):
      let parent = path.dropLast()
      let parentIsSource =
        parent.isEmpty || (recordByPath[parent].map { $0.origin != nil } ?? (sourcePath(of: parent) != nil))
      if parentIsSource { diff.inserts.append(path) }
    case (nil, nil):
      break
    }
  }
  return diff
}
