import Foundation
import TetherChangesets
import TetherCollections
import TetherTestSupport
import XCTest

final class MutableObservableTreeTests: XCTestCase {
  typealias Files = MutableObservableTreeArray<String>
  typealias Diff = OrderedCollectionDiff<IndexPath>

  private func files() -> Files {
    Files([TreeNode("Documents", [TreeNode("cv.pdf"), TreeNode("Taxes", [TreeNode("2024.pdf")])]), TreeNode("Music")])
  }

  /// Runs `mutation` on an observed tree and returns the one changeset it emitted, checked.
  private func change(
    file: StaticString = #filePath,
    line: UInt = #line,
    _ mutation: (Files) -> Void
  ) -> TreeChangeset<TreeArray<String>> {
    let tree = files()
    let log = ChangesetLog(tree)
    mutation(tree)
    XCTAssertEqual(log.changesets.count, 2, "one changeset per mutation", file: file, line: line)
    assertConsistentTreeSequence(log.changesets, file: file, line: line)
    XCTAssertEqual(log.last.collection, tree.collection, file: file, line: line)
    return log.last
  }

  func testObservingFirstDeliversAReload() {
    let log = ChangesetLog(files())
    XCTAssertTrue(log.last.isReload)
    XCTAssertEqual(log.last.collection.children.count, 2)
  }

  func testInsertions() {
    let one = change { $0.insert(TreeNode("notes.txt"), at: [0, 1]) }
    XCTAssertEqual(one.diff, Diff(inserts: [[0, 1]]))
    XCTAssertEqual(one.collection[childAt: [0, 1]].value, "notes.txt")

    let subtree = change { $0.insert(contentsOf: [TreeNode("a", [TreeNode("b")]), TreeNode("c")], at: [1, 0]) }
    XCTAssertEqual(subtree.diff, Diff(inserts: [[1, 0], [1, 1]]), "a subtree is listed once, by its root")

    let root = change { $0.append(TreeNode("Pictures")) }
    XCTAssertEqual(root.diff, Diff(inserts: [[2]]))

    let child = change { $0.append(TreeNode("2025.pdf"), toChildAt: [0, 1]) }
    XCTAssertEqual(child.diff, Diff(inserts: [[0, 1, 1]]))
  }

  func testRemovals() {
    var removed: TreeNode<String>?
    let one = change { removed = $0.remove(at: [0, 1]) }
    XCTAssertEqual(removed?.value, "Taxes")
    XCTAssertEqual(one.diff, Diff(deletes: [[0, 1]]))

    var nodes: [TreeNode<String>] = []
    let many = change { nodes = $0.remove(at: [[1], [0, 1, 0], [0, 1]]) }
    XCTAssertEqual(nodes.map(\.value), ["Music", "2024.pdf", "Taxes"])
    XCTAssertEqual(many.diff, Diff(deletes: [[0, 1], [1]]), "a node below another deleted node is not listed")
    XCTAssertEqual(many.collection.children.map(\.value), ["Documents"])

    let all = change { $0.removeAll() }
    XCTAssertEqual(all.diff, Diff(deletes: [[0], [1]]))
    XCTAssertTrue(all.collection.children.isEmpty)
  }

  func testMovesIncludingReparenting() {
    let reparent = change { $0.move(from: [0, 0], to: [1, 0]) }
    XCTAssertEqual(reparent.collection[childAt: [1, 0]].value, "cv.pdf")
    XCTAssertEqual(reparent.diff, Diff(moves: [(from: [0, 0], to: [1, 0])]), "reparenting is one move")

    let under = change { $0.move(from: [0], to: [0, 0]) }
    XCTAssertEqual(under.collection.children.map(\.value), ["Music"])
    XCTAssertEqual(under.collection[childAt: [0, 0]].value, "Documents", "a node can move under its next sibling")

    let many = change { $0.move(from: [[1], [0, 1, 0]], to: [0, 0]) }
    XCTAssertEqual(many.collection[childAt: [0]].children.map(\.value), ["Music", "2024.pdf", "cv.pdf", "Taxes"])
    XCTAssertEqual(many.diff.moves.count, 2)

    let nowhere = change { $0.move(from: [1], to: [1]) }
    XCTAssertTrue(nowhere.diff.isEmpty)
  }

  func testUpdatesAndSubscript() {
    let renamed = change { $0.updateValue("Audio", at: [1]) }
    XCTAssertEqual(renamed.diff, Diff(updates: [[1]]))
    XCTAssertEqual(renamed.collection[childAt: [1]].value, "Audio")

    let kept = change { $0.updateValue("Docs", at: [0]) }
    XCTAssertEqual(kept.collection[childAt: [0]].children.count, 2, "an update keeps the children")

    let replaced = change { $0[childAt: [0, 1]] = TreeNode("Receipts") }
    XCTAssertEqual(replaced.diff, Diff(inserts: [[0, 1]], deletes: [[0, 1]]))
    XCTAssertEqual(files()[childAt: [0, 1, 0]].value, "2024.pdf")
  }

  func testReplaceWithAndWithoutDiff() {
    let reload = change { $0.replace(with: TreeArray([TreeNode("x")])) }
    XCTAssertTrue(reload.isReload)
    let plain = change { $0.replace(with: TreeArray(), performDiff: false) }
    XCTAssertTrue(plain.isReload)

    let diffed = change { tree in
      tree.replace(
        with: TreeArray([
          TreeNode("Documents", [TreeNode("Taxes", [TreeNode("2024.pdf")])]), TreeNode("Music", [TreeNode("cv.pdf")]),
        ]),
        performDiff: true
      )
    }
    XCTAssertEqual(diffed.diff, Diff(moves: [(from: [0, 0], to: [1, 0])]), "the tree diff finds the reparenting move")
  }

  func testReplaceByIdentityReportsUpdates() {
    let tree = MutableObservableTreeArray([TreeNode(Row(id: 1, title: "a"), [TreeNode(Row(id: 2, title: "b"))])])
    let log = ChangesetLog(tree)
    tree.replace(
      with: TreeArray([TreeNode(Row(id: 1, title: "A")), TreeNode(Row(id: 2, title: "b"))]), performDiff: true)
    let diff = log.last.diff
    XCTAssertEqual(diff.updates, [[0]])
    XCTAssertEqual(diff.moves.map(\.from), [[0, 0]])
    assertConsistentTreeSequence(log.changesets)
  }

  func testBatchUpdateEmitsOneChangeset() {
    let batched = change { tree in
      tree.batchUpdate { batch in
        batch.append(TreeNode("Pictures"))
        batch.move(from: [0, 0], to: [2, 0])
        batch.updateValue("Docs", at: [0])
        batch.remove(at: [1])
        XCTAssertEqual(batch[childAt: [1, 0]].value, "cv.pdf")
      }
    }
    XCTAssertEqual(batched.collection.children.map(\.value), ["Docs", "Pictures"])
    XCTAssertEqual(batched.patch.count, 4)
  }

  func testRandomMutationSequencesReplay() {
    withSeeds(0..<40) { seed, rng in
      var next = 0
      func fresh(_ rng: inout SeededRandomNumberGenerator, depth: Int = 0) -> TreeNode<Int> {
        next += 1
        let value = next
        let children =
          depth < 2 ? (0..<Int.random(in: 0..<3, using: &rng)).map { _ in fresh(&rng, depth: depth + 1) } : []
        return TreeNode(value, children)
      }
      let tree = MutableObservableTreeArray((0..<Int.random(in: 0..<4, using: &rng)).map { _ in fresh(&rng) })
      let log = ChangesetLog(tree)
      for step in 0..<25 {
        let current = tree.collection
        let paths = allPaths(current)
        let kind = paths.isEmpty ? 0 : Int.random(in: 0..<9, using: &rng)
        switch kind {
        case 0:
          let parent = paths.isEmpty || Bool.random(using: &rng) ? IndexPath() : paths.randomElement(using: &rng)!
          let count = parent.isEmpty ? current.children.count : current[childAt: parent].children.count
          tree.insert(fresh(&rng), at: parent.appending(Int.random(in: 0...count, using: &rng)))
        case 1:
          tree.remove(at: paths.randomElement(using: &rng)!)
        case 2:
          tree.remove(at: Array(paths.shuffled(using: &rng).prefix(3)))
        case 3, 4:
          let source = paths.randomElement(using: &rng)!
          var without = current
          without.remove(at: source)
          let parents = [IndexPath()] + allPaths(without)
          let parent = parents.randomElement(using: &rng)!
          let count = parent.isEmpty ? without.children.count : without[childAt: parent].children.count
          tree.move(from: source, to: parent.appending(Int.random(in: 0...count, using: &rng)))
        case 5:
          next += 1
          tree.updateValue(next, at: paths.randomElement(using: &rng)!)
        case 6:
          var edited = current
          edited.move(from: paths.randomElement(using: &rng)!, to: [0])
          tree.replace(with: edited, performDiff: true)
        case 7:
          let sources = Array(paths.shuffled(using: &rng).prefix(2))
          var without = current
          without.remove(at: sources)
          tree.move(from: sources, to: [Int.random(in: 0...without.children.count, using: &rng)])
        default:
          tree.batchUpdate { batch in
            batch.append(fresh(&rng))
            if !batch.collection.children.isEmpty {
              batch.remove(at: [Int.random(in: 0..<batch.collection.children.count, using: &rng)])
            }
          }
        }
        XCTAssertEqual(log.changesets.count, step + 2, "[seed \(seed)]")
      }
      assertConsistentTreeSequence(log.changesets, "[seed \(seed)]")
      assertUndoRedoRoundTrip(
        log.changesets, undo: { tree.undo($0, from: $1) }, redo: { tree.apply($0) }, current: { tree.collection },
        "[seed \(seed)]")
    }
  }
}

/// Every node path of `tree`, in depth-first order.
func allPaths<Tree: TreeProtocol>(_ tree: Tree) -> [IndexPath] {
  var result: [IndexPath] = []
  func visit<C: RandomAccessCollection>(_ children: C, at parent: IndexPath)
  where C.Element: TreeProtocol, C.Index == Int {
    for (offset, child) in children.enumerated() {
      let path = parent.appending(offset)
      result.append(path)
      visit(child.children, at: path)
    }
  }
  visit(tree.children, at: [])
  return result
}
