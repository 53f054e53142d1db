import Foundation
import TetherSynchronization

/// The messages of the traps observable containers raise on bad arguments, and the checks that
/// raise them.
///
/// Every check runs before the container changes anything, so a trapping mutation leaves the
/// collection as it was and emits nothing. The message builders are separate functions so that
/// tests can check the wording without trapping.
@usableFromInline
enum CollectionPreconditions {
  @usableFromInline static let accessInsideBatch =
    "An observable container was accessed from inside its own batchUpdate; use the collection passed to the batch"

  /// The trap when code a container runs under its lock (an element's `hash(into:)` or `==`)
  /// reads or changes that container.
  @usableFromInline static let accessUnderLock: StaticString = """
    An observable container was read or changed from code it runs under its lock (an element's \
    hash(into:) or ==, or a closure given to the mutation); re-entrant access would deadlock
    """

  @usableFromInline static func indexOutOfRange(_ index: Int, count: Int) -> String {
    "Index \(index) is out of range for a collection of \(count) elements"
  }

  @usableFromInline static func insertionIndexOutOfRange(_ index: Int, count: Int) -> String {
    "Insertion index \(index) is out of range for a collection of \(count) elements (valid: 0...\(count))"
  }

  @usableFromInline static func rangeOutOfBounds(_ range: Range<Int>, count: Int) -> String {
    "Range \(range.lowerBound)..<\(range.upperBound) is out of range for a collection of \(count) elements"
  }

  @usableFromInline static func emptyCollection(_ operation: String) -> String {
    "\(operation) needs an element, but the collection has 0 elements"
  }

  @usableFromInline static func duplicateIndex(_ index: Int, operation: String) -> String {
    "Index \(index) is listed twice in \(operation)"
  }

  @usableFromInline static func moveTargetOutOfRange(_ target: Int, moving moved: Int, count: Int) -> String {
    "Target index \(target) is out of range for moving \(moved) of the \(count) elements "
      + "(valid: 0...\(count - moved))"
  }

  @usableFromInline static func sectionOutOfRange(_ section: Int, count: Int) -> String {
    "Section index \(section) is out of range for a 2D array of \(count) sections"
  }

  @usableFromInline static func sectionInsertionOutOfRange(_ section: Int, count: Int) -> String {
    "Section insertion index \(section) is out of range for a 2D array of \(count) sections (valid: 0...\(count))"
  }

  @usableFromInline static func itemOutOfRange(_ indexPath: IndexPath, count: Int) -> String {
    "Index \(indexPath.last ?? -1) is out of range for section \(indexPath.first ?? -1) of \(count) items "
      + "(index path \(indexPath))"
  }

  @usableFromInline static func itemInsertionOutOfRange(_ indexPath: IndexPath, count: Int) -> String {
    "Insertion index \(indexPath.last ?? -1) is out of range for section \(indexPath.first ?? -1) of \(count) items "
      + "(index path \(indexPath), valid: 0...\(count))"
  }

  @usableFromInline static func itemPathLength(_ indexPath: IndexPath) -> String {
    "An item index path has 2 indices (section, item); got \(indexPath.count) in \(indexPath)"
  }

  @usableFromInline static func patchOutOfRange(_ error: any Error) -> String {
    "The patch does not apply to the current collection: \(error)"
  }

  // MARK: Checks

  @inlinable @inline(__always)
  static func checkIndex(_ index: Int, count: Int) {
    if index < 0 || index >= count { tetherPreconditionFailure(indexOutOfRange(index, count: count)) }
  }

  @inlinable @inline(__always)
  static func checkInsertionIndex(_ index: Int, count: Int) {
    if index < 0 || index > count { tetherPreconditionFailure(insertionIndexOutOfRange(index, count: count)) }
  }

  @inlinable @inline(__always)
  static func checkRange(_ range: Range<Int>, count: Int) {
    if range.lowerBound < 0 || range.upperBound > count {
      tetherPreconditionFailure(rangeOutOfBounds(range, count: count))
    }
  }

  @inlinable @inline(__always)
  static func checkNotEmpty(_ count: Int, operation: String) {
    if count == 0 { tetherPreconditionFailure(emptyCollection(operation)) }
  }

  /// Checks that `indices` are distinct and in range, and that `target` leaves room for them.
  @usableFromInline static func checkMove(_ indices: [Int], to target: Int, count: Int) {
    var seen = Set<Int>(minimumCapacity: indices.count)
    for index in indices {
      checkIndex(index, count: count)
      if !seen.insert(index).inserted {
        tetherPreconditionFailure(duplicateIndex(index, operation: "move(from:to:)"))
      }
    }
    if target < 0 || target > count - indices.count {
      tetherPreconditionFailure(moveTargetOutOfRange(target, moving: indices.count, count: count))
    }
  }
}
