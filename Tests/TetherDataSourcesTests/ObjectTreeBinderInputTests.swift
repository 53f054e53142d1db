import Foundation
import TetherChangesets
import TetherDataSources
import TetherValidatingViews
import XCTest

/// A class forest shown by a sectioned binder: its changesets share live nodes, so the binder has no
/// earlier tree to check a patch against, but a malformed patch must still fall back to a reload
/// rather than trap while the binder derives its diff.
extension ObjectTreeArray: SectionedDataSourceProtocol, QueryableSectionedDataSourceProtocol {
  /// The number of roots.
  public var numberOfSections: Int { children.count }

  /// The number of children of the root at `section`.
  public func numberOfItems(inSection section: Int) -> Int { children[section].children.count }

  /// The value of the node at `indexPath`.
  public func item(at indexPath: IndexPath) -> Value { self[childAt: indexPath].value }
}

final class ObjectTreeBinderInputTests: XCTestCase {
  func testMalformedPatchPathsOfAnObjectTreeFallBackToAReload() {
    MainActor.assumeIsolated {
      let forest = ObjectTreeArray([ObjectTreeNode(1, [ObjectTreeNode(2)]), ObjectTreeNode(3)])
      let view = BatchUpdateValidatingView<Int>()
      let binder = RecordingBinder<TreeChangeset<ObjectTreeArray<Int>>, BatchUpdateValidatingView<Int>>()
      binder.view = view
      binder.apply(.reload(forest))
      let malformed: [[TreeChangeset<ObjectTreeArray<Int>>.Operation]] = [
        [.insert(ObjectTreeNode(9), at: [])],
        [.delete(at: [0, -1])],
        [.update(at: [], newElement: ObjectTreeNode(9))],
        [.move(from: [-1], to: [0])],
        [.move(from: [1], to: [0, -2])],
        [.insert(ObjectTreeNode(9), at: [0, 0]), .delete(at: [-3, 0])],
      ]
      for (number, patch) in malformed.enumerated() {
        binder.apply(TreeChangeset(collection: forest, patch: patch))
        XCTAssertEqual(binder.fallbacks.count, number + 1, "patch \(number): \(patch)")
        XCTAssertEqual(view.violations, [], "patch \(number)")
        XCTAssertEqual(view.rows, [[2], []], "patch \(number)")
      }
    }
  }
}
