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
/// - Complexity: O(n + m): one `diffIdentifier` per element. When the identifiers do not all have
///   the type of the first one, those computed before the first mismatch are computed again.
@inlinable
internal func _withDiffableIdentifiers<Old: Diffable, New: Diffable, Body: _IdentifiersBody>(
  old: UnsafeBufferPointer<Old>,
  new: UnsafeBufferPointer<New>,
  _ body: Body
) -> Body.Result {
  if let sample = old.first?.diffIdentifier.base ?? new.first?.diffIdentifier.base {
    let type = Swift.type(of: sample)
    if type == Int.self,
      let result = _withUnwrappedIdentifiers(old: old, new: new, as: Int.self, boxType: _intBoxType, body)
    {
      return result
    }
    if type == String.self,
      let result = _withUnwrappedIdentifiers(old: old, new: new, as: String.self, boxType: _stringBoxType, body)
    {
      return result
    }
    if type == UUID.self,
      let result = _withUnwrappedIdentifiers(old: old, new: new, as: UUID.self, boxType: _uuidBoxType, body)
    {
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
  boxType: _AnyHashableBoxType?,
  _ body: Body
) -> Body.Result? {
  guard let oldIDs = _unwrappedIdentifiers(of: old, as: ID.self, boxType: boxType),
    let newIDs = _unwrappedIdentifiers(of: new, as: ID.self, boxType: boxType)
  else { return nil }
  return body.run(oldIDs: oldIDs, newIDs: newIDs)
}

/// The `diffIdentifier`s of `elements` as `ID`s, or nil as soon as one of them has another type.
///
/// - Parameter boxType: The layout of an `AnyHashable` holding an `ID` (see
///   ``_anyHashableBoxType(probing:)``), or nil to unwrap through `base`.
/// - Complexity: O(n): one `diffIdentifier` per element, read in place.
@inlinable
internal func _unwrappedIdentifiers<Element: Diffable, ID: Hashable>(
  of elements: UnsafeBufferPointer<Element>,
  as type: ID.Type,
  boxType: _AnyHashableBoxType?
) -> [ID]? {
  guard let boxType else {
    var unwrapped: [ID] = []
    unwrapped.reserveCapacity(elements.count)
    for index in elements.indices {
      let base = elements[index].diffIdentifier.base
      // The exact type, not a cast that might bridge (an `NSNumber` is not an `Int` here).
      guard Swift.type(of: base) == ID.self, let id = base as? ID else { return nil }
      unwrapped.append(id)
    }
    return unwrapped
  }
  // Each identifier is moved into one scratch slot rather than copied into a local: a local
  // would be destroyed through the box's value witnesses, an indirect call per element that cost
  // nearly a tenth of an `Int`-identified diff. A trivial box (an `Int`'s, a `UUID`'s) needs no destroying at all,
  // so its slot is simply overwritten by the next identifier.
  let slot = UnsafeMutablePointer<AnyHashable>.allocate(capacity: 1)
  defer { slot.deallocate() }
  let bytes = UnsafeRawPointer(slot)
  var count = 0
  let unwrapped = [ID](unsafeUninitializedCapacity: _ownedCapacity(elements.count)) { buffer, initialized in
    defer { initialized = count }
    while count < elements.count {
      // Indexed rather than iterated: the iterator would copy every element first.
      slot.initialize(to: elements[count].diffIdentifier)
      guard bytes.load(fromByteOffset: _anyHashableTypeOffset, as: UInt.self) == boxType.typeWord else {
        slot.deinitialize(count: 1)
        return
      }
      (buffer.baseAddress.unsafelyUnwrapped + count).initialize(to: bytes.load(as: ID.self))
      if !boxType.isTrivial { slot.deinitialize(count: 1) }
      count &+= 1
    }
  }
  return count == elements.count ? unwrapped : nil
}

// Unwrapping through `base` costs a dynamic cast per identifier, as much again as the app spent
// making the `AnyHashable`. An `AnyHashable` is an existential of its box: three words of inline
// value buffer, then the box's type and witness table. The box of an `Int`, a `String` or a `UUID`
// is a struct holding just that value, stored inline; so an `AnyHashable` whose type word is that
// box's holds the value in its first bytes and is read with two loads. This is checked rather
// than trusted: `_anyHashableBoxType(probing:)` boxes a few values when the process first diffs
// and compares bytes, and any mismatch turns the shortcut off for that type (back to the cast).
// Matching stays `AnyHashable`'s own: equal type words mean one box type, whose equality is the
// unwrapped type's `==`.

/// Where the box's type sits in an `AnyHashable`: after the three-word value buffer.
@usableFromInline
internal let _anyHashableTypeOffset = 3 * MemoryLayout<UInt>.stride

/// What the diff needs to know about the box of an `AnyHashable` holding a given type.
@usableFromInline
internal struct _AnyHashableBoxType: Sendable {
  /// The box's type, as stored in the `AnyHashable` (its type metadata).
  @usableFromInline
  internal let typeWord: UInt

  /// Whether the box is trivial to destroy, so that an `AnyHashable` holding it may be
  /// overwritten without being destroyed.
  @usableFromInline
  internal let isTrivial: Bool

  @inlinable
  internal init(typeWord: UInt, isTrivial: Bool) {
    self.typeWord = typeWord
    self.isTrivial = isTrivial
  }
}

/// The box type of the `AnyHashable`s of `probes` when they all share one and each holds its
/// value's exact bytes at its start, else nil.
@usableFromInline
internal func _anyHashableBoxType<ID: Hashable>(probing probes: [ID]) -> _AnyHashableBoxType? {
  guard MemoryLayout<AnyHashable>.size == _anyHashableTypeOffset + 2 * MemoryLayout<UInt>.stride,
    MemoryLayout<ID>.size <= _anyHashableTypeOffset,
    MemoryLayout<ID>.alignment <= MemoryLayout<UInt>.alignment
  else { return nil }
  var boxType: UInt?
  for probe in probes {
    var value = probe
    var boxed = AnyHashable(probe)
    // Compared as bytes, so that nothing is read as an `ID` before the layout is known.
    let holdsValue = withUnsafeBytes(of: &value) { value in
      withUnsafeBytes(of: &boxed) { boxed in value.elementsEqual(boxed.prefix(value.count)) }
    }
    let type = withUnsafeBytes(of: &boxed) { $0.load(fromByteOffset: _anyHashableTypeOffset, as: UInt.self) }
    guard holdsValue, type != 0, boxType == nil || boxType == type else { return nil }
    boxType = type
  }
  guard let boxType else { return nil }
  // The word is the box's type metadata (it came out of a live `AnyHashable`); ask that type
  // whether it needs destroying rather than assuming what the standard library's box holds.
  let box = unsafeBitCast(boxType, to: Any.Type.self)
  return _AnyHashableBoxType(typeWord: boxType, isTrivial: _openExistential(box, do: _isTrivialType))
}

/// Whether values of `type` need no destroying (no references, nothing to release).
private func _isTrivialType<T>(_ type: T.Type) -> Bool {
  _isPOD(type)
}

/// The box type of an `AnyHashable` holding an `Int`, if its layout is the expected one.
@usableFromInline
internal let _intBoxType = _anyHashableBoxType(probing: [0x5EED_7E7E, -1, 0, .max])

/// The box type of an `AnyHashable` holding a `String` (small and heap-allocated ones).
@usableFromInline
internal let _stringBoxType = _anyHashableBoxType(probing: [
  "", "id", "an identifier long enough to be stored on the heap", String(repeating: "é", count: 20),
])

/// The box type of an `AnyHashable` holding a `UUID`.
@usableFromInline
internal let _uuidBoxType = _anyHashableBoxType(probing: [
  UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)),
  UUID(uuid: (255, 254, 253, 252, 251, 250, 249, 248, 247, 246, 245, 244, 243, 242, 241, 240)),
])

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
    let argument = new.isEmpty ? nil : _DiffableArgument(new[0])
    defer { argument?.release() }
    return oldIDs.withUnsafeBufferPointer { oldIDs in
      newIDs.withUnsafeBufferPointer { newIDs in
        _diffParts(
          _DiffableElements(oldIDs: oldIDs, newIDs: newIDs, old: old, new: new, argument: argument),
          algorithm: algorithm,
          collectsDuplicates: collectsDuplicates
        )
      }
    }
  }
}
