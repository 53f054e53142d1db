import Foundation
import TetherChangesets

extension ContainerCore {
  /// ``mutate(_:)`` for sets and dictionaries, with a debug check that each changeset's counts
  /// add up: the old count, minus the deletes, plus the inserts, is the new count.
  @discardableResult
  func mutateUnordered<Result, Base: Swift.Collection>(
    _ body: (inout Base) -> (Result, Changeset)
  ) -> Result where Changeset == UnorderedCollectionChangeset<Base> {
    mutate { collection in
      #if DEBUG
      let oldCount = collection.count
      #endif
      let (result, changeset) = body(&collection)
      #if DEBUG
      _checkInvariants(changeset, oldCount: oldCount)
      #endif
      return (result, changeset)
    }
  }

  /// Debug check after a set or dictionary mutation (see ``mutateUnordered(_:)``).
  func _checkInvariants<Base: Swift.Collection>(_ changeset: UnorderedCollectionChangeset<Base>, oldCount: Int) {
    guard !changeset.isReload else { return }
    let diff = changeset.diff
    assert(
      oldCount - diff.deletes.count + diff.inserts.count == changeset.collection.count,
      "A changeset from \(oldCount) elements with \(diff.deletes.count) deletes and \(diff.inserts.count) inserts "
        + "does not lead to \(changeset.collection.count)"
    )
  }
}

extension TreeProtocol {
  /// Debug check after a tree or 2D mutation: at the top level, the old number of children minus
  /// the top-level deletes and moves out, plus the top-level inserts and moves in, is the new one.
  func _checkInvariants(after diff: OrderedCollectionDiff<IndexPath>, oldChildCount: Int) {
    let deleted = diff.deletes.count { $0.count == 1 }
    let inserted = diff.inserts.count { $0.count == 1 }
    let movedOut = diff.moves.count { $0.from.count == 1 && $0.to.count != 1 }
    let movedIn = diff.moves.count { $0.to.count == 1 && $0.from.count != 1 }
    assert(
      oldChildCount - deleted - movedOut + inserted + movedIn == children.count,
      "The diff \(diff) does not lead from \(oldChildCount) to \(children.count) top-level nodes"
    )
  }
}
