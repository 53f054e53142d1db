import Foundation
import TetherChangesets

/// What one ``DiffCollection/update(element:)`` or ``DiffCollection/delete(element:)`` changed,
/// as index paths ready for a table or collection view batch update.
///
/// Every index path has length 2: `[section, row]`, where the section is the bin (the index of the
/// filter) and the row is the element's position inside that bin.
///
/// The paths follow UIKit batch-update semantics, so they can be handed to
/// `performBatchUpdates` as they are:
/// - ``deleted`` paths are positions in the bins as they were **before** the call;
/// - ``added`` paths are positions in the bins as they are **after** the call;
/// - ``updated`` paths name an element whose content changed but whose position did not: such a
///   path is the same before and after the call, so it is valid in both index spaces.
///
/// An element that changes position (another bin, or another place in a sorted bin) is reported as
/// one deleted path and one added path, never as an update.
public struct DiffCollectionResult: Sendable, Hashable {
  /// How the call treated the element.
  public enum Outcome: Sendable, Hashable {
    /// The element was not stored before and is now stored in a bin (``added`` has its path).
    case added
    /// The stored element changed content but kept its bin and position (``updated`` has its path).
    case updated
    /// The stored element changed bin or position (``deleted`` has the old path, ``added`` the new).
    case moved
    /// The stored element was equal to the given one: nothing changed.
    case unchanged
    /// No filter accepts the element, so it is not stored. If an element with its identity was
    /// stored before, it has been removed and ``deleted`` has its old path.
    case rejected
    /// `delete` removed the stored element (``deleted`` has its old path).
    case deleted
    /// `delete` was given an element that is not stored: nothing changed.
    case notFound
  }

  /// Paths of removed elements, in the bins as they were before the call.
  public var deleted: [IndexPath]

  /// Paths of inserted elements, in the bins as they are after the call.
  public var added: [IndexPath]

  /// Paths of elements changed in place; the same before and after the call.
  public var updated: [IndexPath]

  /// How the call treated the element.
  public var outcome: Outcome

  /// Creates a result from its parts.
  public init(
    deleted: [IndexPath] = [],
    added: [IndexPath] = [],
    updated: [IndexPath] = [],
    outcome: Outcome
  ) {
    self.deleted = deleted
    self.added = added
    self.updated = updated
    self.outcome = outcome
  }

  /// Whether the call left the collection as it was.
  public var isEmpty: Bool { deleted.isEmpty && added.isEmpty && updated.isEmpty }

  /// Whether the element is stored after the call.
  ///
  /// `false` when no filter accepts it (``Outcome-swift.enum/rejected``) and after a delete.
  public var isStored: Bool {
    switch outcome {
    case .added, .updated, .moved, .unchanged: true
    case .rejected, .deleted, .notFound: false
    }
  }

  /// Whether no filter accepted the element, so the collection does not store it.
  public var isRejected: Bool { outcome == .rejected }

  /// The same change as a sectioned diff over item paths (length-2 `IndexPath`s).
  ///
  /// Deleted paths become deletes, added paths inserts, updated paths updates: the index spaces
  /// already match the diff convention (deletes and updates before, inserts after).
  public var diff: OrderedCollectionDiff<IndexPath> {
    OrderedCollectionDiff(inserts: added, deletes: deleted, updates: updated)
  }
}

extension DiffCollectionResult: CustomStringConvertible {
  /// A compact description such as `moved: deleted [[0, 2]] added [[1, 0]] updated []`.
  public var description: String {
    let paths = { (paths: [IndexPath]) in "[" + paths.map { "[\($0[0]), \($0[1])]" }.joined(separator: ", ") + "]" }
    return "\(outcome): deleted \(paths(deleted)) added \(paths(added)) updated \(paths(updated))"
  }
}

extension IndexPath {
  /// The path of the element at `row` of bin `bin`.
  @inlinable
  init(bin: Int, row: Int) {
    self.init(indexes: [bin, row])
  }
}
