import Foundation
import Tether
import TetherTestSupport
import XCTest

/// Stands in for `Swift.print` in this file, so the tests can read what the samples print.
private let printed = PrintedLines()

private func print(_ item: Any) {
  printed.append("\(item)")
}

// snippet: trees-file-type
struct TreesFile: Identifiable, Hashable, CustomStringConvertible {
  var id: Int
  var name: String

  var description: String { name }
}
// snippet-end

final class TreesSnippetTests: XCTestCase {
  func testBuildingAddressingAndTraversingATree() {
    // snippet: trees-build
    var files = TreeArray([
      TreeNode("Documents", [TreeNode("cv.pdf"), TreeNode("Taxes", [TreeNode("2024.pdf")])]),
      TreeNode("Music"),
    ])
    print(files[childAt: [0, 1, 0]].value)
    files[childAt: [0, 0]].value = "resume.pdf"
    files.insert(TreeNode("song.mp3"), at: [1, 0])
    print(files)
    for (path, node) in files.depthFirst {
      print("\(path) \(node.value)")
    }
    print(Array(files.breadthFirst.map(\.node.value)))
    // snippet-end
    XCTAssertEqual(
      printed.lines,
      [
        "2024.pdf",
        "[Documents(resume.pdf, Taxes(2024.pdf)), Music(song.mp3)]",
        "[0] Documents",
        "[0, 0] resume.pdf",
        "[0, 1] Taxes",
        "[0, 1, 0] 2024.pdf",
        "[1] Music",
        "[1, 0] song.mp3",
        #"["Documents", "Music", "resume.pdf", "Taxes", "song.mp3", "2024.pdf"]"#,
      ]
    )
    XCTAssertEqual(files.descendantCount, 6)
    XCTAssertTrue(files.contains(indexPath: [0, 1, 0]))
    XCTAssertFalse(files.contains(indexPath: [1, 1]))
  }

  func testIndexPathHelpersFollowANodeThroughAChange() {
    // snippet: trees-index-paths
    let path: IndexPath = [1, 2, 0]
    print(path.parent!)
    print(IndexPath(index: 1).isAncestor(of: path))
    print(path.shifted(byInsertionAt: [1, 0]))
    print(String(describing: path.shifted(byDeletionAt: [1, 2])))
    print(path.shifted(byMoveFrom: [1, 2], to: [0, 0]))
    // snippet-end
    XCTAssertEqual(printed.lines, ["[1, 2]", "true", "[1, 3, 0]", "nil", "[0, 0, 0]"])
  }

  func testATreePatchAndItsDiff() throws {
    // snippet: trees-changeset
    let old = TreeArray([TreeNode("Documents", [TreeNode("cv.pdf")]), TreeNode("Music")])
    let patch: [OrderedCollectionOperation<TreeNode<String>, IndexPath>] = [
      .insert(TreeNode("Archive", [TreeNode("readme.txt")]), at: [2]),
      .move(from: [0, 0], to: [2, 0]),
      .update(at: [1], newElement: TreeNode("Audio")),
    ]
    var new = old
    new.apply(patch)
    let changeset = TreeChangeset(collection: new, patch: patch)
    print(new)
    print(changeset.diff)
    // snippet-end
    XCTAssertEqual(
      printed.lines,
      ["[Documents, Audio, Archive(cv.pdf, readme.txt)]", "D[] I[[2]] U[[1]] M[[0, 0]→[2, 0]]"]
    )
    try changeset.validate(from: old)
    var replayed = old
    replayed.apply(TreeChangeset(collection: new, diff: changeset.diff).patch)
    XCTAssertEqual(replayed, new)
  }

  func testAnObservableTreeEmitsOneChangesetPerMutation() {
    // snippet: trees-observable
    let files = MutableObservableTreeArray([TreeNode("Documents", [TreeNode("cv.pdf")]), TreeNode("Music")])
    let observation = files.observeNext { changeset in
      print(changeset)
    }
    files.append(TreeNode("Pictures"))
    files.move(from: [0, 0], to: [1, 0])
    files.updateValue("Audio", at: [1])
    files.batchUpdate { batch in
      batch.remove(at: [0])
      batch.append(TreeNode("beach.jpg"), toChildAt: [1])
    }
    observation.dispose()
    // snippet-end
    XCTAssertEqual(
      printed.lines,
      [
        "reload [Documents(cv.pdf), Music]",
        "diff D[] I[[2]] U[] M[] patch [insert(Pictures, at: [2])]",
        "diff D[] I[] U[] M[[0, 0]→[1, 0]] patch [move([0, 0] → [1, 0])]",
        "diff D[] I[] U[[1]] M[] patch [update([1], Audio)]",
        "diff D[[0]] I[[1, 0]] U[] M[] patch [delete([0]), insert(beach.jpg, at: [1, 0])]",
      ]
    )
    XCTAssertEqual(
      files.collection,
      TreeArray([TreeNode("Audio", [TreeNode("cv.pdf")]), TreeNode("Pictures", [TreeNode("beach.jpg")])]))
  }

  func testTreeDiffingReportsAReparentedNodeAsOneMove() {
    // snippet: trees-diffing
    let old = TreeArray([
      TreeNode(TreesFile(id: 1, name: "Documents"), [TreeNode(TreesFile(id: 2, name: "cv.pdf"))]),
      TreeNode(TreesFile(id: 3, name: "Archive")),
    ])
    var new = old
    new.move(from: [0, 0], to: [1, 0])
    new.updateValue(TreesFile(id: 3, name: "Old stuff"), at: [1])
    new.append(TreeNode(TreesFile(id: 4, name: "notes.txt")), toChildAt: [0])
    let changeset = TreeChangeset(from: old, to: new)
    print(changeset.diff)
    var replayed = old
    replayed.apply(changeset.patch)
    print(replayed == new)
    // snippet-end
    XCTAssertEqual(printed.lines, ["D[] I[[0, 0]] U[[1]] M[[0, 0]→[1, 0]]", "true"])
  }

  func testDuplicateIdentitiesMatchTheFirstNodeInPreOrder() throws {
    let previous = TetherLogger.shared
    TetherLogger.shared = TetherLogger(warn: { _, _, _ in print("warned") })
    defer { TetherLogger.shared = previous }
    // snippet: trees-duplicates
    let old = TreeArray([TreeNode("inbox", [TreeNode("note")]), TreeNode("note")])
    let new = TreeArray([TreeNode("inbox"), TreeNode("note"), TreeNode("note")])
    let diff = new.diff(from: old)
    print(diff)
    // snippet-end
    XCTAssertEqual(printed.lines, ["warned", "D[[1]] I[[2]] U[] M[[0, 0]→[1]]"])
    try diff.validate(from: old, to: new)
  }

  func testObjectTreesKeepNodeIdentity() {
    // snippet: trees-object-tree
    let outline = ObjectTreeArray([ObjectTreeNode("Inbox", [ObjectTreeNode("draft")]), ObjectTreeNode("Sent")])
    let draft = outline[childAt: [0, 0]]
    outline.move(from: [0, 0], to: [1, 0])
    draft.value = "final"
    print(outline[childAt: [1, 0]] === draft)
    print(outline)
    // snippet-end
    XCTAssertEqual(printed.lines, ["true", "[Inbox, Sent(final)]"])
  }

  func testArray2DIsATwoLevelTree() {
    // snippet: trees-array2d
    var contacts = Array2D(sectionsWithItems: [("A", ["Alice", "Avery"]), ("B", ["Bob"])])
    print(contacts.children.map { "\($0.value) (\($0.children.count))" })
    let patch: [OrderedCollectionOperation<TreeNode<Array2DElement<String, String>>, IndexPath>] = [
      .move(from: [0, 1], to: [1, 0]),
      .insert(TreeNode(.section("C"), [TreeNode(.item("Cleo"))]), at: [2]),
    ]
    contacts.apply(patch)
    print(contacts)
    print(TreeChangeset(collection: contacts, patch: patch).diff)
    // snippet-end
    XCTAssertEqual(
      printed.lines,
      [
        #"["A (2)", "B (1)"]"#,
        "[A: [Alice], B: [Avery, Bob], C: [Cleo]]",
        "D[] I[[2]] U[] M[[0, 1]→[1, 0]]",
      ]
    )
  }

  func testTheTreeValidatorNamesTheNodeWhoseChildrenDoNotAddUp() {
    // snippet: trees-validate
    let old = TreeArray([TreeNode("Documents", [TreeNode("cv.pdf"), TreeNode("notes.txt")])])
    var new = old
    new.remove(at: [0, 0])
    do {
      try OrderedCollectionDiff<IndexPath>(deletes: [[0, 2]]).validate(from: old, to: new)
    } catch {
      print(error)
    }
    // snippet-end
    XCTAssertEqual(printed.lines, ["delete at [0, 2] is out of range: node [0] has 2 children before the update"])
  }
}
