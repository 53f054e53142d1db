import Foundation
import Tether

extension PlaygroundPage {
  /// Trees: a folder tree edited with the value-type API, each change as a tree changeset.
  public static let trees = PlaygroundPage(name: "trees", summary: "tree changesets: diff, patch and tree diffing") {
    out in
    out.say("A TreeArray is a forest of TreeNodes addressed by IndexPath: [0] is the first root,")
    out.say("[0, 1] its second child. Every change below is a TreeChangeset: a patch (operations in")
    out.say("order) and a diff (deletes, updates, move sources in the old tree; inserts, move targets")
    out.say("in the new one); whichever form is not given is derived.")
    var files = TreeArray([
      folder(1, "Documents", [file(2, "cv.pdf"), folder(3, "Taxes", [file(4, "2023.pdf"), file(5, "2024.pdf")])]),
      folder(6, "Music", [file(7, "song.mp3")]),
      folder(8, "Photos"),
    ])
    out.print()
    printOutline(files, out)

    func change(_ narration: [String], _ patch: [OrderedCollectionOperation<TreeNode<FileItem>, IndexPath>]) {
      out.print()
      for line in narration { out.say(line) }
      var edited = files
      edited.apply(patch)
      let changeset = TreeChangeset(collection: edited, patch: patch)
      printChangeset(changeset, out)
      files = changeset.collection
      printOutline(files, out)
    }

    change(["Add a file to Documents: one insert."], [.insert(file(9, "notes.txt"), at: [0, 1])])
    change(
      [
        "A new folder with a file, then Taxes moves into it: the folder is one insert carrying its file,",
        "and Taxes is one move although it changed parent (its files go with it).",
      ],
      [
        .insert(folder(10, "Archive", [file(11, "readme.txt")]), at: [3]),
        .move(from: [0, 2], to: [3, 0]),
      ])
    change(
      ["Move song.mp3 out of Music, then delete Music: the delete lists Music alone."],
      [.move(from: [1, 0], to: [2, 0]), .delete(at: [1])])
    change(
      ["Rename a moved folder: an update replaces a node's value and keeps its children."],
      [.update(at: [2, 0], newElement: folder(3, "Tax returns"))])

    out.print()
    out.say("Tree diffing: compare two trees by node identity. Reparenting is one move, moves are")
    out.say("minimal per sibling list, and updates are nodes whose value changed.")
    var target = files
    target.move(from: [0, 0], to: [2, 1])  // cv.pdf into Archive
    target.updateValue(FileItem(id: 11, name: "README.md"), at: [2, 2])
    target.remove(at: [1, 0])  // song.mp3
    target.insert(file(12, "beach.jpg"), at: [1, 0])
    let diffed = TreeChangeset(from: files, to: target)
    printChangeset(diffed, out)
    var replayed = files
    replayed.apply(diffed.patch)
    out.print("patch replays to the new tree: \(replayed == target)")
    files = target
    printOutline(files, out)

    out.print()
    out.say("An explicit reload says 'everything changed'; it is never an empty diff.")
    let reload = TreeChangeset.reload(files)
    out.print("isReload: \(reload.isReload), diff empty: \(reload.diff.isEmpty)")

    out.print()
    out.say("The validator checks a hand-written diff against both trees before a view sees it:")
    var fewer = files
    fewer.remove(at: [0, 0])
    let wrong = OrderedCollectionDiff<IndexPath>(deletes: [[0, 1]])
    do {
      try wrong.validate(from: files, to: fewer)
      out.print("valid")
    } catch {
      out.print("invalid: \(error)")
    }
  }
}

/// A file or folder: an identity and a name.
struct FileItem: Identifiable, Hashable, CustomStringConvertible, Sendable {
  var id: Int
  var name: String

  var description: String { name }
}

private func file(_ id: Int, _ name: String) -> TreeNode<FileItem> {
  TreeNode(FileItem(id: id, name: name))
}

private func folder(_ id: Int, _ name: String, _ children: [TreeNode<FileItem>] = []) -> TreeNode<FileItem> {
  TreeNode(FileItem(id: id, name: name + "/"), children)
}

private func printOutline(_ tree: TreeArray<FileItem>, _ out: Transcript) {
  for (path, node) in tree.depthFirst {
    out.print("   \(String(repeating: "  ", count: path.count - 1))\(node.value.name)  \(path)")
  }
}

private func printChangeset(_ changeset: TreeChangeset<TreeArray<FileItem>>, _ out: Transcript) {
  let diff = changeset.diff
  let moves = diff.moves.map { "\($0.from) → \($0.to)" }.joined(separator: ", ")
  out.print("diff:  deletes \(diff.deletes)  inserts \(diff.inserts)  updates \(diff.updates)  moves [\(moves)]")
  let steps = changeset.patch.map { operation -> String in
    switch operation {
    case .insert(let node, let path): "insert \(node) at \(path)"
    case .delete(let path): "delete \(path)"
    case .update(let path, let node): "update \(path) to \(node.value)"
    case .move(let from, let to): "move \(from) → \(to)"
    }
  }
  out.print("patch: \(steps.joined(separator: "; "))")
}
