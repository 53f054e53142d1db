import TetherSynchronization

/// The element-type-free fields of a subscription, at the start of its buffer's tail.
@usableFromInline
internal struct SubscriptionFields {
  /// The index of the subscription in the core's slot array, or -1 when not registered. Only read
  /// or written while holding the owning core's lock.
  @usableFromInline internal var slot = -1
  /// The core is held strongly (a weak reference costs a side table and atomic weak-count traffic
  /// on every subscribe and dispose). The cycle core -> slots -> subscription -> core is broken when
  /// the subscription is removed, when the core terminates, or when the subject or property owning
  /// the core deinitializes.
  @usableFromInline internal let core: SubjectCoreBase

  @inlinable
  internal init(core: SubjectCoreBase) {
    self.core = core
  }
}

/// What a subscription is without its element type: enough to dispose it and find its slot.
///
/// `any Disposable` calls reach ``dispose()`` here, in code that does not depend on the element type.
///
/// A subscription is one allocation, laid out by `ManagedBufferPointer` (this class is its buffer
/// class): the header is the disposed flag (1 once disposed or ended), read and written atomically
/// in place; the tail holds ``SubscriptionFields`` and then the observer (see ``Subscription``).
/// Tail allocation is what gives the flag a stable address without an allocation of its own (Swift
/// gives none to a stored property); buffer classes cannot declare stored properties, hence the
/// tail. Not a `ManagedBuffer` subclass: those cannot be `Sendable`.
///
/// An operator keeps the subscription (to dispose it) while the observer captures the operator's
/// state, a second cycle that nothing outside breaks when the subject goes away without completing.
/// So an ended subscription drops its observer (see `Subscription.markEnded()`).
@usableFromInline
internal class SubscriptionBase: Disposable, @unchecked Sendable {
  // Safe: the flag is atomic, `core` is immutable, `slot` is only touched under the core's lock,
  // and the observer (the subclass's) only by the core's deliverer or while nobody delivers.

  @usableFromInline internal typealias Buffer = ManagedBufferPointer<AtomicIntStorage, SubscriptionFields>

  /// The subscription's memory, as the buffer it was created as.
  @inlinable @inline(__always)
  internal final var buffer: Buffer {
    Buffer(unsafeBufferObject: self)
  }

  /// The fields, at the start of the tail.
  @inlinable @inline(__always)
  internal final var fields: UnsafeMutablePointer<SubscriptionFields> {
    buffer.withUnsafeMutablePointerToElements { $0 }
  }

  /// The disposed flag, the header.
  @inlinable @inline(__always)
  internal final var disposedFlag: UnsafeMutablePointer<AtomicIntStorage> {
    buffer.withUnsafeMutablePointerToHeader { $0 }
  }

  /// The core this subscription is registered with.
  @inlinable
  internal final var core: SubjectCoreBase {
    fields.pointee.core
  }

  /// The index of this subscription in the core's slot array, or -1 when not registered; only
  /// read or written while holding the core's lock.
  @inlinable
  internal final var slot: Int {
    get { fields.pointee.slot }
    set { fields.pointee.slot = newValue }
  }

  @inlinable
  internal final var isDisposed: Bool {
    disposedFlag.atomicLoad(ordering: .acquiring) != 0
  }

  /// Sets the disposed flag; returns whether it was already set.
  @inlinable
  internal final func setDisposed() -> Bool {
    disposedFlag.atomicExchange(1, ordering: .acquiringAndReleasing) != 0
  }

  @inlinable
  internal final func dispose() {
    guard !setDisposed() else { return }
    core.remove(self)
  }

  /// Marks the subscription ended without touching the core (used when the core terminates or is
  /// detached); the subclass also releases the observer and everything it captures.
  @usableFromInline
  internal func markEnded() {
    disposedFlag.atomicStore(1, ordering: .releasing)
  }

  deinit {
    // A buffer class destroys its header and tail itself (the header is a trivial word).
    _ = fields.deinitialize(count: 1)
  }
}

/// One observer registered with a ``SubjectCore``; disposing it unregisters the observer in O(1).
///
/// The observer is stored in the buffer's tail after the fields (``make(observer:core:)`` sizes
/// the tail for it), as an optional that ending the subscription sets to nil.
@usableFromInline
internal final class Subscription<Element, Error: Swift.Error>: SubscriptionBase, @unchecked Sendable {
  // Safe: the observer is only called by the core's deliverer and only cleared by `markEnded()`,
  // which runs on the deliverer or under the core's lock while nobody delivers; the rest is the
  // base class's.
  @usableFromInline internal typealias Observer = @Sendable (Signal<Element, Error>.Event) -> Void

  /// The observer as stored in the tail: a struct field, so that the closure keeps the
  /// representation it has as a stored property (memory typed as a bare closure would hold it
  /// behind a reabstraction thunk, an extra allocation and indirect call per event).
  @usableFromInline
  internal struct Slot {
    @usableFromInline internal var observer: Observer?

    @inlinable
    internal init(_ observer: @escaping Observer) {
      self.observer = observer
    }
  }

  /// Creates a subscription of `observer` to `core` (not yet registered).
  ///
  /// - Complexity: O(1): one allocation.
  @inlinable
  internal static func make(observer: @escaping Observer, core: SubjectCoreBase) -> Subscription {
    let stride = MemoryLayout<SubscriptionFields>.stride
    let buffer = Buffer(
      bufferClass: Subscription.self,
      minimumCapacity: 1 + (MemoryLayout<Slot>.size + stride - 1) / stride
    ) { _, _ in AtomicIntStorage(0) }
    buffer.withUnsafeMutablePointerToElements { tail in
      tail.initialize(to: SubscriptionFields(core: core))
      UnsafeMutableRawPointer(tail + 1).initializeMemory(as: Slot.self, to: Slot(observer))
    }
    // The buffer object is an instance of `bufferClass`; the downcast cannot fail.
    return unsafeDowncast(buffer.buffer, to: Subscription.self)
  }

  /// The observer (nil once ended), in the tail after the fields, whose alignment (a word's) suits
  /// a closure.
  @inlinable @inline(__always)
  internal var slotPointer: UnsafeMutablePointer<Slot> {
    UnsafeMutableRawPointer(fields + 1).assumingMemoryBound(to: Slot.self)
  }

  /// Calls the observer with `event` (nothing once the subscription has ended).
  @inlinable @inline(__always)
  internal func call(_ event: Signal<Element, Error>.Event) {
    slotPointer.pointee.observer?(event)
  }

  /// Delivers `event` unless disposed; after a terminal event the subscription is ended.
  @inlinable
  internal func receive(_ event: Signal<Element, Error>.Event) {
    guard !isDisposed else { return }
    call(event)
    if event.isTerminal { markEnded() }
  }

  /// Ends the subscription and releases the observer and everything it captures.
  @usableFromInline
  internal override func markEnded() {
    super.markEnded()
    slotPointer.pointee.observer = nil
  }

  deinit {
    // Releases the observer by setting it to nil, which owns nothing and so needs no
    // deinitialization. Not `deinitialize(count:)` or `move()`: this deinit runs unspecialised,
    // where those are calls that look up the closure type's metadata, while an assignment through
    // `pointee` is inlined and needs none.
    slotPointer.pointee.observer = nil
  }
}
