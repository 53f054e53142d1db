import Foundation
import TetherChangesets
import XCTest

final class TreeTypesTests: XCTestCase {
  private var folders: TreeArray<String> {
    TreeArray([
      TreeNode("Documents", [TreeNode("cv.pdf"), TreeNode("Taxes", [TreeNode("2023.pdf"), TreeNode("2024.pdf")])]),
      TreeNode("Music"),
      TreeNode("Photos", [TreeNode("cat.jpg")]),
    ])
  }

  func testSubscriptReadsAndWritesByIndexPath() {
    var tree = folders
    XCTAssertEqual(tree[childAt: [0, 1, 1]].value, "2024.pdf")
    XCTAssertEqual(tree[childAt: [2]].children.count, 1)
    tree[childAt: [0, 1, 1]].value = "2025.pdf"
    XCTAssertEqual(tree[childAt: [0, 1, 1]].value, "2025.pdf")
    tree[childAt: [1]] = TreeNode("Audio", [TreeNode("song.mp3")])
    XCTAssertEqual(tree.description, "[Documents(cv.pdf, Taxes(2023.pdf, 2025.pdf)), Audio(song.mp3), Photos(cat.jpg)]")
  }

  func testUpdateValueKeepsChildren() {
    var tree = folders
    tree.updateValue("Docs", at: [0])
    XCTAssertEqual(tree[childAt: [0]].value, "Docs")
    XCTAssertEqual(tree[childAt: [0]].children.count, 2)
  }

  func testInsertRemoveMove() {
    var tree = folders
    tree.insert(TreeNode("notes.txt"), at: [0, 2])
    XCTAssertEqual(tree[childAt: [0, 2]].value, "notes.txt")
    XCTAssertEqual(tree.remove(at: [0, 0]).value, "cv.pdf")
    tree.move(from: [0, 0], to: [1, 0])  // Taxes into Music
    XCTAssertEqual(tree.description, "[Documents(notes.txt), Music(Taxes(2023.pdf, 2024.pdf)), Photos(cat.jpg)]")
    // Moving a root under its next sibling: the target is the path after the move.
    tree.move(from: [0], to: [0, 0])
    XCTAssertEqual(tree.description, "[Music(Documents(notes.txt), Taxes(2023.pdf, 2024.pdf)), Photos(cat.jpg)]")
  }

  func testRemoveSeveralAndMoveSeveral() {
    var tree = folders
    let removed = tree.remove(at: [[2, 0], [0, 1, 0], [1]])
    XCTAssertEqual(removed.map(\.value), ["cat.jpg", "2023.pdf", "Music"])
    XCTAssertEqual(tree.description, "[Documents(cv.pdf, Taxes(2024.pdf)), Photos]")
    tree.move(from: [[0, 1, 0], [0, 0]], to: [1, 0])
    XCTAssertEqual(tree.description, "[Documents(Taxes), Photos(2024.pdf, cv.pdf)]")
    tree.append(TreeNode("Videos"))
    tree.append(TreeNode("clip.mov"), toChildAt: [2])
    tree.insert(contentsOf: [TreeNode("a"), TreeNode("b")], at: [0, 0])
    XCTAssertEqual(tree.description, "[Documents(a, b, Taxes), Photos(2024.pdf, cv.pdf), Videos(clip.mov)]")
    tree.removeAll()
    XCTAssertTrue(tree.children.isEmpty)
  }

  func testContainsAndDescendantCount() {
    let tree = folders
    XCTAssertTrue(tree.contains(indexPath: [0, 1, 1]))
    XCTAssertFalse(tree.contains(indexPath: [0, 1, 2]))
    XCTAssertFalse(tree.contains(indexPath: [3]))
    XCTAssertFalse(tree.contains(indexPath: []))
    XCTAssertEqual(tree.descendantCount, 8)
  }

  func testTraversals() {
    let tree = folders
    XCTAssertEqual(
      tree.depthFirst.map { "\($0.indexPath)=\($0.node.value)" },
      [
        "[0]=Documents", "[0, 0]=cv.pdf", "[0, 1]=Taxes", "[0, 1, 0]=2023.pdf", "[0, 1, 1]=2024.pdf",
        "[1]=Music", "[2]=Photos", "[2, 0]=cat.jpg",
      ]
    )
    XCTAssertEqual(
      tree.breadthFirst.map { "\($0.indexPath)=\($0.node.value)" },
      [
        "[0]=Documents", "[1]=Music", "[2]=Photos", "[0, 0]=cv.pdf", "[0, 1]=Taxes", "[2, 0]=cat.jpg",
        "[0, 1, 0]=2023.pdf", "[0, 1, 1]=2024.pdf",
      ]
    )
    // Every traversal path addresses the node it was yielded with.
    for (path, node) in tree.depthFirst { XCTAssertEqual(tree[childAt: path], node) }
    XCTAssertEqual(TreeArray<Int>().depthFirst.map(\.indexPath), [])
  }

  func testValueSemantics() {
    let original = folders
    var copy = original
    copy[childAt: [0, 0]].value = "changed"
    XCTAssertEqual(original[childAt: [0, 0]].value, "cv.pdf")
    XCTAssertNotEqual(original, copy)
  }

  func testObjectTreesKeepNodeIdentity() {
    let cv = ObjectTreeNode("cv.pdf")
    let tree = ObjectTreeArray([ObjectTreeNode("Documents", [cv]), ObjectTreeNode("Music")])
    tree.move(from: [0, 0], to: [1, 0])
    XCTAssertTrue(tree[childAt: [1, 0]] === cv)
    tree.updateValue("resume.pdf", at: [1, 0])
    XCTAssertEqual(cv.value, "resume.pdf")
    let copy = tree.copy()
    XCTAssertEqual(copy, tree)
    XCTAssertFalse(copy[childAt: [1, 0]] === cv)
    XCTAssertEqual(tree.description, "[Documents, Music(resume.pdf)]")
  }

  func testIndexPathHelpers() {
    XCTAssertEqual(IndexPath(indexes: [1, 2]).parent, [1])
    XCTAssertEqual(IndexPath(index: 1).parent, [])
    XCTAssertNil(IndexPath().parent)
    XCTAssertTrue(IndexPath(index: 1).isAncestor(of: [1, 0, 3]))
    XCTAssertFalse(IndexPath(index: 1).isAncestor(of: [1]))
    XCTAssertTrue(IndexPath().isAncestor(of: [0]))
    XCTAssertTrue(IndexPath(indexes: [1, 0, 3]).isDescendant(of: [1, 0]))
    XCTAssertEqual(IndexPath(indexes: [1, 2, 0]).shifted(byInsertionAt: [1, 0]), [1, 3, 0])
    XCTAssertEqual(IndexPath(indexes: [1, 2, 0]).shifted(byInsertionAt: [1, 3]), [1, 2, 0])
    XCTAssertEqual(IndexPath(indexes: [1, 2, 0]).shifted(byInsertionAt: [0, 0]), [1, 2, 0])
    XCTAssertEqual(IndexPath(indexes: [1]).shifted(byInsertionAt: [1, 0]), [1])
    XCTAssertEqual(IndexPath(indexes: [1, 3]).shifted(byDeletionAt: [1, 0]), [1, 2])
    XCTAssertNil(IndexPath(indexes: [1, 0, 4]).shifted(byDeletionAt: [1, 0]))
    XCTAssertEqual(IndexPath(indexes: [2, 0]).shifted(byDeletionAt: [1]), [1, 0])
    XCTAssertEqual(IndexPath(indexes: [0, 1]).shifted(byMoveFrom: [0], to: [1, 0]), [1, 0, 1])
    XCTAssertEqual(IndexPath(indexes: [1, 0]).shifted(byMoveFrom: [0], to: [1, 0]), [0, 0])
  }

  /// The shifting helpers agree with what a real tree does, for every single-node insert, delete
  /// and move on a small tree.
  func testShiftingAgreesWithMutationsExhaustively() {
    let tree = TreeArray(
      (0..<3).map { root in
        TreeNode(root * 10, (0..<2).map { TreeNode(root * 10 + $0 + 1, [TreeNode(100 + root * 10 + $0)]) })
      })
    let paths = tree.depthFirst.map(\.indexPath)
    func path(of value: Int, in tree: TreeArray<Int>) -> IndexPath? {
      tree.depthFirst.first { $0.node.value == value }?.indexPath
    }
    for target in paths {
      var inserted = tree
      inserted.insert(TreeNode(-1), at: target)
      for (path, node) in tree.depthFirst {
        XCTAssertEqual(path.shifted(byInsertionAt: target), self.path(of: node.value, in: inserted))
      }
      var deleted = tree
      deleted.remove(at: target)
      for (path, node) in tree.depthFirst {
        XCTAssertEqual(path.shifted(byDeletionAt: target), self.path(of: node.value, in: deleted))
      }
      for destination in deleted.depthFirst.map(\.indexPath) + [IndexPath(index: deleted.children.count)] {
        var moved = tree
        moved.move(from: target, to: destination)
        for (path, node) in tree.depthFirst {
          XCTAssertEqual(
            path.shifted(byMoveFrom: target, to: destination), self.path(of: node.value, in: moved),
            "move \(target) -> \(destination), node at \(path)")
        }
      }
    }
  }

  private func path(of value: Int, in tree: TreeArray<Int>) -> IndexPath? {
    tree.depthFirst.first { $0.node.value == value }?.indexPath
  }
}

final class ObjectTreeChangesetTests: XCTestCase {
  private func node(_ value: Int, _ children: [ObjectTreeNode<Int>] = []) -> ObjectTreeNode<Int> {
    ObjectTreeNode(value, children)
  }

  /// A diff between two object trees converts to a patch that turns a copy of the old tree into
  /// the new one, keeping the identity of the nodes it updates and moves.
  func testObjectTreeDiffReplaysAndKeepsIdentity() {
    let old = ObjectTreeArray([node(1, [node(2), node(3, [node(4)])]), node(5)])
    let new = ObjectTreeArray([node(5, [node(3, [node(4)]), node(6)]), node(1)])
    let diff = new.diff(from: old)
    XCTAssertEqual(diff.moves.map { "\($0.from)→\($0.to)" }, ["[0, 1]→[0, 0]", "[1]→[0]"])
    let working = old.copy()
    let three = working[childAt: [0, 1]]
    working.apply(diff.generateTreePatch(to: new))
    XCTAssertEqual(working, new)
    XCTAssertTrue(working[childAt: [0, 0]] === three)
    XCTAssertNoThrow(try diff.validate(from: old, to: new))
  }

  func testValueChangesetsAreSendable() {
    func requireSendable<T: Sendable>(_ value: T) -> T { value }
    let changeset = requireSendable(TreeChangeset(collection: TreeArray([TreeNode(1)]), patch: []))
    XCTAssertTrue(changeset.diff.isEmpty)
    let grid = requireSendable(TreeChangeset(reloading: Array2D<String, Int>(sectionsWithItems: [("A", [1])])))
    XCTAssertTrue(grid.isReload)
  }
}
