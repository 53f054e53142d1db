import Foundation

// Epoxy's `Diffable` hands every identifier over as an `AnyHashable`. Hashing and comparing those
// goes through the box's dynamic dispatch (and, for integers, a canonicalising step) every time the
// engine touches an identifier, which made the Epoxy path several times slower than the typed one.
// Apps identify all the elements of a list with one type, so when every identifier of both sides
// has the same concrete type (`Int`, `String` or `UUID`) they are unwrapped once, as they are
// computed, and the engine runs specialised on that type. The result is the same: two
// `AnyHashable`s whose bases have one type are equal exactly when the bases are equal by that
// type's `==`. Identifiers of other or of mixed types keep their boxes.

/// A computation over the identifiers of two collections, whatever their type (a generic closure,
/// which Swift lacks).
@usableFromInline
internal protocol _IdentifiersBody {
  associatedtype Result

  /// Runs on the identifiers of the old and the new elements, in order.
  func run<ID: Hashable>(oldIDs: [ID], newIDs: [ID]) -> Result
}

/// Runs `body` on the `diffIdentifier`s of `old` and `new`, unwrapped to their concrete type when
/// all of them are `Int`s, `String`s or `UUID`s, and as `AnyHashable`s otherwise.
///
/// - Complexity: O(n + m): one `diffIdentifier` and one dynamic cast per element. When the
///   identifiers do not all have the type of the first one, those computed before the first
///   mismatch are computed a second time, boxed.
@inlinable
internal func _withDiffableIdentifiers<Old: Diffable, New: Diffable, Body: _IdentifiersBody>(
  old: UnsafeBufferPointer<Old>,
  new: UnsafeBufferPointer<New>,
  _ body: Body
) -> Body.Result {
  if let sample = old.first?.diffIdentifier.base ?? new.first?.diffIdentifier.base {
    let type = Swift.type(of: sample)
    if type == Int.self, let result = _withUnwrappedIdentifiers(old: old, new: new, as: Int.self, body) {
      return result
    }
    if type == String.self, let result = _withUnwrappedIdentifiers(old: old, new: new, as: String.self, body) {
      return result
    }
    if type == UUID.self, let result = _withUnwrappedIdentifiers(old: old, new: new, as: UUID.self, body) {
      return result
    }
  }
  return body.run(oldIDs: old.map(\.diffIdentifier), newIDs: new.map(\.diffIdentifier))
}

/// Runs `body` on the identifiers unwrapped to `ID`, or returns nil when one of them has another
/// type.
@inlinable
internal func _withUnwrappedIdentifiers<Old: Diffable, New: Diffable, ID: Hashable, Body: _IdentifiersBody>(
  old: UnsafeBufferPointer<Old>,
  new: UnsafeBufferPointer<New>,
  as type: ID.Type,
  _ body: Body
) -> Body.Result? {
  guard let oldIDs = _unwrappedIdentifiers(of: old, as: ID.self),
    let newIDs = _unwrappedIdentifiers(of: new, as: ID.self)
  else { return nil }
  return body.run(oldIDs: oldIDs, newIDs: newIDs)
}

/// The `diffIdentifier`s of `elements` as `ID`s, or nil as soon as one of them has another type.
@inlinable
internal func _unwrappedIdentifiers<Element: Diffable, ID: Hashable>(
  of elements: UnsafeBufferPointer<Element>,
  as type: ID.Type
) -> [ID]? {
  var unwrapped: [ID] = []
  unwrapped.reserveCapacity(elements.count)
  for element in elements {
    let base = element.diffIdentifier.base
    // The exact type, not a cast that might bridge (an `NSNumber` is not an `Int` here).
    guard Swift.type(of: base) == ID.self, let id = base as? ID else { return nil }
    unwrapped.append(id)
  }
  return unwrapped
}

/// Diffs `Diffable` elements once their identifiers are known (see ``_diffableDiffParts``).
@usableFromInline
internal struct _DiffableDiffBody<Old: Diffable, New: Diffable>: _IdentifiersBody {
  @usableFromInline
  internal let old: UnsafeBufferPointer<Old>

  @usableFromInline
  internal let new: UnsafeBufferPointer<New>

  @usableFromInline
  internal let algorithm: DiffAlgorithm

  @usableFromInline
  internal let collectsDuplicates: Bool

  @inlinable
  internal init(
    old: UnsafeBufferPointer<Old>,
    new: UnsafeBufferPointer<New>,
    algorithm: DiffAlgorithm,
    collectsDuplicates: Bool
  ) {
    self.old = old
    self.new = new
    self.algorithm = algorithm
    self.collectsDuplicates = collectsDuplicates
  }

  @inlinable
  internal func run<ID: Hashable>(oldIDs: [ID], newIDs: [ID]) -> _DiffParts {
    oldIDs.withUnsafeBufferPointer { oldIDs in
      newIDs.withUnsafeBufferPointer { newIDs in
        _diffParts(
          _DiffableElements(oldIDs: oldIDs, newIDs: newIDs, old: old, new: new),
          algorithm: algorithm,
          collectsDuplicates: collectsDuplicates
        )
      }
    }
  }
}
