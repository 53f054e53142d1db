// What the engine needs to know about the two collections, as a protocol so that each kind of
// element gets its own fully specialized engine (closures passed through generic functions are
// called indirectly; a conforming struct's methods are inlined into the hot loops).

/// Two collections to diff, addressed by offset.
@usableFromInline
internal protocol _DiffElements {
  associatedtype ID: Hashable

  var oldCount: Int { get }
  var newCount: Int { get }

  /// The identifier of the old element at `offset`.
  func oldID(_ offset: Int) -> ID

  /// The identifier of the new element at `offset`.
  func newID(_ offset: Int) -> ID

  /// Whether matched elements can differ in content (`false` when the identifier is the value).
  var checksEquality: Bool { get }

  /// Whether old element `old` and new element `new`, which have equal identifiers, are equal.
  func isEqual(old: Int, new: Int) -> Bool
}

/// `Identifiable & Equatable` elements: identity by `id`, content by `==`.
@usableFromInline
internal struct _IdentifiableElements<Element: Identifiable & Equatable>: _DiffElements {
  @usableFromInline
  internal let old: UnsafeBufferPointer<Element>

  @usableFromInline
  internal let new: UnsafeBufferPointer<Element>

  @inlinable
  internal init(old: UnsafeBufferPointer<Element>, new: UnsafeBufferPointer<Element>) {
    self.old = old
    self.new = new
  }

  @inlinable internal var oldCount: Int { old.count }
  @inlinable internal var newCount: Int { new.count }
  @inlinable internal func oldID(_ offset: Int) -> Element.ID { old[offset].id }
  @inlinable internal func newID(_ offset: Int) -> Element.ID { new[offset].id }
  @inlinable internal var checksEquality: Bool { true }
  @inlinable internal func isEqual(old i: Int, new j: Int) -> Bool { old[i] == new[j] }
}

/// `Hashable` elements: the value is its own identity, so there are no updates.
@usableFromInline
internal struct _HashableElements<Element: Hashable>: _DiffElements {
  @usableFromInline
  internal let old: UnsafeBufferPointer<Element>

  @usableFromInline
  internal let new: UnsafeBufferPointer<Element>

  @inlinable
  internal init(old: UnsafeBufferPointer<Element>, new: UnsafeBufferPointer<Element>) {
    self.old = old
    self.new = new
  }

  @inlinable internal var oldCount: Int { old.count }
  @inlinable internal var newCount: Int { new.count }
  @inlinable internal func oldID(_ offset: Int) -> Element { old[offset] }
  @inlinable internal func newID(_ offset: Int) -> Element { new[offset] }
  @inlinable internal var checksEquality: Bool { false }
  @inlinable internal func isEqual(old i: Int, new j: Int) -> Bool { true }
}

/// Identifiers computed once per element up front, content compared by a closure.
@usableFromInline
internal struct _PrecomputedElements<ID: Hashable>: _DiffElements {
  @usableFromInline
  internal let oldIDs: UnsafeBufferPointer<ID>

  @usableFromInline
  internal let newIDs: UnsafeBufferPointer<ID>

  @usableFromInline
  internal let compare: (Int, Int) -> Bool

  @inlinable
  internal init(oldIDs: UnsafeBufferPointer<ID>, newIDs: UnsafeBufferPointer<ID>, compare: @escaping (Int, Int) -> Bool)
  {
    self.oldIDs = oldIDs
    self.newIDs = newIDs
    self.compare = compare
  }

  @inlinable internal var oldCount: Int { oldIDs.count }
  @inlinable internal var newCount: Int { newIDs.count }
  @inlinable internal func oldID(_ offset: Int) -> ID { oldIDs[offset] }
  @inlinable internal func newID(_ offset: Int) -> ID { newIDs[offset] }
  @inlinable internal var checksEquality: Bool { true }
  @inlinable internal func isEqual(old i: Int, new j: Int) -> Bool { compare(i, j) }
}

/// Identity and content given by caller closures.
@usableFromInline
internal struct _ClosureElements<Element, ID: Hashable>: _DiffElements {
  @usableFromInline
  internal let old: UnsafeBufferPointer<Element>

  @usableFromInline
  internal let new: UnsafeBufferPointer<Element>

  @usableFromInline
  internal let identifier: (Element) -> ID

  @usableFromInline
  internal let equal: (Element, Element) -> Bool

  @inlinable
  internal init(
    old: UnsafeBufferPointer<Element>,
    new: UnsafeBufferPointer<Element>,
    identifier: @escaping (Element) -> ID,
    equal: @escaping (Element, Element) -> Bool
  ) {
    self.old = old
    self.new = new
    self.identifier = identifier
    self.equal = equal
  }

  @inlinable internal var oldCount: Int { old.count }
  @inlinable internal var newCount: Int { new.count }
  @inlinable internal func oldID(_ offset: Int) -> ID { identifier(old[offset]) }
  @inlinable internal func newID(_ offset: Int) -> ID { identifier(new[offset]) }
  @inlinable internal var checksEquality: Bool { true }
  @inlinable internal func isEqual(old i: Int, new j: Int) -> Bool { equal(old[i], new[j]) }
}

/// `Diffable` elements: identifiers computed once per element up front, content compared with
/// `isDiffableItemEqual(to:)` called on the elements themselves.
@usableFromInline
internal struct _DiffableElements<ID: Hashable, Old: Diffable, New: Diffable>: _DiffElements {
  @usableFromInline
  internal let oldIDs: UnsafeBufferPointer<ID>

  @usableFromInline
  internal let newIDs: UnsafeBufferPointer<ID>

  @usableFromInline
  internal let old: UnsafeBufferPointer<Old>

  @usableFromInline
  internal let new: UnsafeBufferPointer<New>

  /// The argument of every `isDiffableItemEqual(to:)` call (nil when there is no new element,
  /// so no call).
  @usableFromInline
  internal let argument: _DiffableArgument<New>?

  @inlinable
  internal init(
    oldIDs: UnsafeBufferPointer<ID>,
    newIDs: UnsafeBufferPointer<ID>,
    old: UnsafeBufferPointer<Old>,
    new: UnsafeBufferPointer<New>,
    argument: _DiffableArgument<New>?
  ) {
    self.oldIDs = oldIDs
    self.newIDs = newIDs
    self.old = old
    self.new = new
    self.argument = argument
  }

  @inlinable internal var oldCount: Int { oldIDs.count }
  @inlinable internal var newCount: Int { newIDs.count }
  @inlinable internal func oldID(_ offset: Int) -> ID { oldIDs[offset] }
  @inlinable internal func newID(_ offset: Int) -> ID { newIDs[offset] }
  @inlinable internal var checksEquality: Bool { true }
  @inlinable internal func isEqual(old i: Int, new j: Int) -> Bool {
    argument.unsafelyUnwrapped.isDiffableItemEqual(
      old.baseAddress.unsafelyUnwrapped + i,
      to: new.baseAddress.unsafelyUnwrapped + j
    )
  }
}
