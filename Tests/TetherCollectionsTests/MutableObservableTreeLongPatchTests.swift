import Foundation
import TetherChangesets
import TetherCollections
import TetherTestSupport
import XCTest

/// Long tree patches (an undo of a big change) are checked and applied outside the container's
/// lock, so a reader on another thread is not held up while that work runs.
final class MutableObservableTreeLongPatchTests: XCTestCase {
  func testALongPatchIsAppliedWhileOtherThreadsCanStillRead() {
    let forest = TreeArray((0..<10).map { TreeNode($0, (0..<10).map { TreeNode($0) }) })
    let tree = MutableObservableTree(ReadingForest(forest))
    let log = ChangesetLog(tree)
    let patch = (0..<100).map { step -> TreeChangeset<ReadingForest>.Operation in
      .insert(TreeNode(100 + step), at: [step % 10, 0])
    }
    var expected = forest
    expected.apply(patch)
    let readerBlocked = LockedFlag()
    ReadingForest.setHook {
      if readerBlocked.isSet { return }  // one timeout is enough to fail
      // Runs while the patch is applied: a reader on another thread must get through.
      let read = DispatchSemaphore(value: 0)
      let reader = Thread {
        _ = tree.collection
        read.signal()
      }
      reader.start()
      // A bound on waiting, only reached when the lock is (wrongly) held: then the test fails.
      if read.wait(timeout: .now() + 10) == .timedOut { readerBlocked.set() }
    }
    defer { ReadingForest.setHook(nil) }
    tree.apply(patch)
    XCTAssertFalse(readerBlocked.isSet, "the lock was held while the patch was applied")
    XCTAssertEqual(tree.collection.forest, expected)
    XCTAssertEqual(log.last.patch, patch)
  }

  func testUndoingALongChangeOfA2DArrayMatchesTheSource() {
    var rng = SeededRandomNumberGenerator(seed: 11)
    let source = Array2D(sectionsWithItems: (0..<20).map { section in (section, Array(0..<30)) })
    let grid = MutableObservableArray2D(source)
    let log = ChangesetLog(grid)
    grid.batchUpdate { grid in
      for _ in 0..<200 {
        let section = Int.random(in: 0..<grid.numberOfSections, using: &rng)
        let count = grid.numberOfItems(inSection: section)
        let target = Int.random(in: 0..<grid.numberOfSections, using: &rng)
        if count > 0 {
          grid.moveItem(
            from: [section, Int.random(in: 0..<count, using: &rng)],
            to: [target, Int.random(in: 0..<grid.numberOfItems(inSection: target), using: &rng)])
        }
      }
    }
    let change = log.last
    XCTAssertGreaterThanOrEqual(change.patch.count, 64)
    grid.undo(change, from: source)
    XCTAssertEqual(grid.collection, source)
  }
}

/// A forest that runs a hook (set by the test) every time a node is inserted.
struct ReadingForest: RangeReplaceableTreeProtocol, Equatable, Sendable {
  typealias ChildNode = TreeNode<Int>
  typealias Children = [TreeNode<Int>]

  private nonisolated(unsafe) static var hook: (@Sendable () -> Void)?
  private static let hookLock = NSLock()

  static func setHook(_ body: (@Sendable () -> Void)?) { hookLock.withLock { hook = body } }

  var forest: TreeArray<Int>

  init(_ forest: TreeArray<Int>) { self.forest = forest }

  var children: [TreeNode<Int>] { forest.children }

  subscript(childAt indexPath: IndexPath) -> TreeNode<Int> {
    get { forest[childAt: indexPath] }
    set { forest[childAt: indexPath] = newValue }
  }

  mutating func updateValue(_ value: Int, at indexPath: IndexPath) { forest.updateValue(value, at: indexPath) }

  mutating func insert(_ node: TreeNode<Int>, at indexPath: IndexPath) {
    Self.hookLock.withLock { Self.hook }?()
    forest.insert(node, at: indexPath)
  }

  @discardableResult
  mutating func remove(at indexPath: IndexPath) -> TreeNode<Int> { forest.remove(at: indexPath) }
}

/// A flag set from any thread.
final class LockedFlag: @unchecked Sendable {
  // Safe: `value` is only touched while holding `lock`.
  private let lock = NSLock()
  private var value = false

  var isSet: Bool { lock.withLock { value } }

  func set() { lock.withLock { value = true } }
}
