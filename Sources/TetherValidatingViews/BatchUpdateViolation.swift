import Foundation
import TetherDataSources

/// A batch update that `UITableView` (or `UICollectionView`) would reject, or a cell it would
/// refuse, with the message UIKit raises (`NSInternalInconsistencyException`) for it.
///
/// ``BatchUpdateValidatingView`` reports these. The count rules use UIKit's exact wording:
///
/// ```text
/// Invalid update: invalid number of rows in section 0. The number of rows contained in an existing
/// section after the update (5) must be equal to the number of rows contained in that section before
/// the update (3), plus or minus the number of rows inserted or deleted from that section (1 inserted,
/// 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in,
/// 0 moved out).
/// ```
///
/// Index paths print as UIKit prints them, without the object address:
/// `(<NSIndexPath> {length = 2, path = 0 - 1})`.
public struct BatchUpdateViolation: Error, Hashable, Sendable, CustomStringConvertible {
  /// Which rule the batch broke.
  public enum Rule: String, Hashable, Sendable {
    /// A section or row index past the end of its index space.
    case indexOutOfBounds
    /// The same section or row listed twice for the same kind of change.
    case duplicateIndex
    /// Two kinds of change at one place: deleted and reloaded, deleted and moved, moved and
    /// reloaded, inserted and moved to, two moves to one place.
    case conflictingChanges
    /// A row change inside a section that is itself deleted, inserted or reloaded (rows moved into
    /// an inserted section or out of a deleted one included).
    case rowInChangedSection
    /// A row moved from or into a section that itself moves in the same batch (Tether's staged
    /// binder splits these; UIKit does not animate them reliably). `ChangesetValidator` rejects
    /// them too, as `itemInChangedSection` with a `moveSource` or `moveTarget` section change.
    case rowMoveInMovedSection
    /// The number of sections after the update does not add up.
    case invalidNumberOfSections
    /// The number of rows of a section after the update does not add up.
    case invalidNumberOfRows
    /// `reloadData()` called inside `performBatchUpdates`.
    case reloadDuringBatchUpdates
    /// A collection view's data source returned a cell that the view did not hand out for the
    /// index path asked, from a registered identifier (it was created, kept, or dequeued for
    /// another index path). A rule about cells, not batches: `ChangesetValidator` has no part in it.
    case cellNotDequeued
    /// A cell was dequeued by index path for an identifier that no class is registered for.
    case unregisteredReuseIdentifier
  }

  /// The rule broken.
  public let rule: Rule

  /// UIKit's message for it.
  public let message: String

  /// Creates a violation.
  public init(rule: Rule, message: String) {
    self.rule = rule
    self.message = message
  }

  /// The message.
  public var description: String { message }
}

extension BatchUpdateViolation {
  static func rows(
    section: Int, before: Int, after: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int
  )
    -> Self
  {
    Self(
      rule: .invalidNumberOfRows,
      message: "Invalid update: invalid number of rows in section \(section). The number of rows contained in an "
        + "existing section after the update (\(after)) must be equal to the number of rows contained in that "
        + "section before the update (\(before)), plus or minus the number of rows inserted or deleted from that "
        + "section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of rows moved into or "
        + "out of that section (\(movedIn) moved in, \(movedOut) moved out)."
    )
  }

  static func sections(before: Int, after: Int, inserted: Int, deleted: Int) -> Self {
    Self(
      rule: .invalidNumberOfSections,
      message: "Invalid update: invalid number of sections. The number of sections contained in the table view "
        + "after the update (\(after)) must be equal to the number of sections contained in the table view before "
        + "the update (\(before)), plus or minus the number of sections inserted or deleted (\(inserted) inserted, "
        + "\(deleted) deleted)."
    )
  }
}

extension BatchUpdateViolation {
  /// UIKit's exception for a cell that `collectionView(_:cellForItemAt:)` made itself.
  static let cellNotDequeued = Self(
    rule: .cellNotDequeued,
    message: "the cell returned from -collectionView:cellForItemAtIndexPath: does not have a reuseIdentifier - "
      + "cells must be retrieved by calling -dequeueReusableCellWithReuseIdentifier:forIndexPath:"
  )

  /// UIKit's exception for dequeuing an unregistered identifier by index path: a table view's or a
  /// collection view's.
  static func unregistered(_ identifier: String, rules: CellDequeueRules) -> Self {
    let start =
      switch rules {
      case .table: "unable to dequeue a cell with identifier \(identifier)"
      case .collection: "could not dequeue a view of kind: UICollectionElementKindCell with identifier \(identifier)"
      }
    return Self(
      rule: .unregisteredReuseIdentifier,
      message: start
        + " - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
    )
  }
}

/// UIKit's way of printing an index path in its exception messages, without the address.
func uikitDescription(_ path: IndexPath) -> String {
  "(<NSIndexPath> {length = \(path.count), path = \(path.map(String.init).joined(separator: " - "))})"
}
