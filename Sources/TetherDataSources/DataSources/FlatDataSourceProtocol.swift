import Foundation
import TetherChangesets

/// A collection a flat list view (`NSTableView`-like) can show: a number of rows.
public protocol FlatDataSourceProtocol {
  /// The number of items.
  var numberOfItems: Int { get }
}

/// A flat data source whose items can be read by offset.
public protocol QueryableFlatDataSourceProtocol: FlatDataSourceProtocol {
  /// The type of the items.
  associatedtype Item

  /// The item at offset `index`.
  ///
  /// - Precondition: `index` is in `0..<numberOfItems`.
  func item(at index: Int) -> Item
}

/// A changeset a flat binder can apply: its collection is a ``FlatDataSourceProtocol``, its diff
/// uses `Int` offsets and its patch steps expose their positions (``PatchStepConvertible``), so the
/// binder can replay the patch operation by operation.
public protocol FlatDataSourceChangeset: ChangesetProtocol
where
  Diff == OrderedCollectionDiff<Int>, Collection: FlatDataSourceProtocol, Operation: PatchStepConvertible,
  Operation.Index == Int
{}

/// A value that can be presented as a ``FlatDataSourceChangeset``: a changeset of an array, or a
/// plain array (a reload).
public protocol FlatDataSourceChangesetConvertible {
  /// The flat changeset type this value converts to.
  associatedtype FlatChangeset: FlatDataSourceChangeset

  /// This value as a flat changeset. A reload stays a reload.
  var asFlatDataSourceChangeset: FlatChangeset { get }
}

/// The positions of one patch operation, without its element: what a view needs to animate it.
///
/// Each step's indices refer to the state right before it, like the patch it comes from.
public enum PatchStep<Index> {
  /// A row appears at the index.
  case insert(Index)
  /// The row at the index disappears.
  case delete(Index)
  /// The row at the index shows new content.
  case update(Index)
  /// The row at `from` is removed and reinserted so that it ends up at `to`.
  case move(from: Index, to: Index)
}

extension PatchStep: Equatable where Index: Equatable {}
extension PatchStep: Hashable where Index: Hashable {}
extension PatchStep: Sendable where Index: Sendable {}

/// A patch operation whose positions can be read without its element.
public protocol PatchStepConvertible {
  /// The index type of the operation (`Int` for flat patches, `IndexPath` for tree patches).
  associatedtype Index

  /// The operation's kind and positions.
  var step: PatchStep<Index> { get }
}

extension OrderedCollectionOperation: PatchStepConvertible {
  /// The operation's kind and positions.
  public var step: PatchStep<Index> {
    switch self {
    case .insert(_, let index): .insert(index)
    case .delete(let index): .delete(index)
    case .update(let index, _): .update(index)
    case .move(let from, let to): .move(from: from, to: to)
    }
  }
}
