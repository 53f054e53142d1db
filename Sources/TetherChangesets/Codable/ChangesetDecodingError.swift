import Foundation

/// Why a decoded changeset was rejected.
///
/// Decoding a changeset checks that it describes a change that can really end at the decoded
/// collection; a changeset that does not is never handed out (deriving its other form or applying
/// it would trap). Decoding then throws `DecodingError.dataCorrupted` whose context's
/// `underlyingError` is one of these cases, and whose `codingPath` is the changeset's:
///
/// ```swift
/// do {
///   _ = try JSONDecoder().decode(OrderedCollectionChangeset<[Int]>.self, from: data)
/// } catch DecodingError.dataCorrupted(let context) {
///   print(context.underlyingError as? ChangesetDecodingError as Any)
/// }
/// ```
///
/// JSON that does not have the documented shape at all (a missing key, a value of the wrong type,
/// an unknown `type`) throws the decoder's own `DecodingError` instead.
public enum ChangesetDecodingError: Error, Hashable, Sendable {
  /// The diff or the patch of an ordered changeset is not valid for a change that ends at the
  /// decoded collection (an index out of range, an index listed twice, counts that do not add
  /// up), as ``ChangesetValidator`` reports it.
  case invalidChangeset(ChangesetValidationError)

  /// The diff or the patch of a tree changeset is not valid for a change that ends at the decoded
  /// tree (a path to no node, a patch that does not give the tree's shape), as
  /// ``TreeChangesetValidator`` reports it.
  case invalidTreeChangeset(TreeChangesetValidationError)

  /// The patch puts an element at offset `index` of the final collection (by an insert or an
  /// update) that is not equal to the decoded collection's element there. Checked only when the
  /// elements are `Equatable`.
  case patchDoesNotReplay(index: Int)

  /// A node of a decoded ``Array2D`` patch does not have the shape of its depth: a section node
  /// (path `[s]`) carries `.section` metadata and `.item` leaves, an item node (path `[s, i]`) is
  /// an `.item` leaf, and no path is longer than 2.
  case malformedArray2DNode(path: IndexPath)
}

extension ChangesetDecodingError: CustomStringConvertible {
  /// A sentence saying what is wrong, such as
  /// `the patch does not replay to the decoded collection at index 2`.
  public var description: String {
    switch self {
    case .invalidChangeset(let error): "invalid changeset: \(error)"
    case .invalidTreeChangeset(let error): "invalid tree changeset: \(error)"
    case .patchDoesNotReplay(let index): "the patch does not replay to the decoded collection at index \(index)"
    case .malformedArray2DNode(let path): "the Array2D node at \(path) does not have the shape of its depth"
    }
  }
}

extension ChangesetDecodingError {
  /// This error as the `DecodingError` a decoder throws for it.
  func decodingError(codingPath: [any CodingKey]) -> DecodingError {
    .dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: description, underlyingError: self))
  }
}

/// The JSON keys of a changeset.
enum ChangesetCodingKeys: String, CodingKey {
  case type, collection, patch, diff
}

/// The `type` values of a changeset: which forms the JSON carries.
enum ChangesetCodingKind: String, Codable {
  /// A reload: only the collection.
  case reload
  /// The collection and the patch; the diff is derived when read.
  case patch
  /// The collection and the diff; the patch is derived when read.
  case diff
  /// The collection, the patch and the diff.
  case patchAndDiff
}

extension Equatable {
  /// Whether `other` is a value of this type equal to this one (for checks on elements that are
  /// `Equatable` only at run time).
  func isEqual(toAny other: Any) -> Bool {
    (other as? Self) == self
  }
}

/// Whether `lhs == rhs`, or `nil` when `Element` is not `Equatable`.
func equalIfEquatable<Element>(_ lhs: Element, _ rhs: Element) -> Bool? {
  guard let equatable = lhs as? any Equatable else { return nil }
  return equatable.isEqual(toAny: rhs)
}
