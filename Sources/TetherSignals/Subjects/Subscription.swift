import TetherSynchronization

/// The element-type-free fields of a subscription, at the start of its buffer's tail.
@usableFromInline
internal struct SubscriptionFields {
  /// The subscription's place in its core's list of registered subscriptions. Written while
  /// holding the core's lock; read by the core's deliverer.
  @usableFromInline internal var links = IntrusiveListLinks()
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

/// What a subscription is without its element type: enough to dispose it and unlink it.
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
internal class SubscriptionBase: Disposable, IntrusiveListNode, @unchecked Sendable {
  // Safe: the flag is atomic, `core` is immutable, the list fields are only written under the core's lock,
  // and the observer (the subclass's) only by the core's deliverer or while nobody delivers.

  @usableFromInline internal typealias Buffer = ManagedBufferPointer<AtomicIntStorage, SubscriptionFields>

  /// The subscription's memory, as the buffer it was created as.
  @inlinable @inline(__always)
  internal final var buffer: Buffer {
    Buffer(unsafeBufferObject: self)
  }

  /// The fields, at the start of the tail.
  ///
  /// Read one field through its own pointer (``coreSlot``, ``intrusiveListLinks``), never as
  /// `fields.pointee.someField`: an unoptimized build copies the whole struct to read one field,
  /// which would read the list links, written under the core's lock, from a thread that does not
  /// hold it (the same copy of a container subscriber's fields, observer included, aborted the
  /// process in issue 27).
  @inlinable @inline(__always)
  internal final var fields: UnsafeMutablePointer<SubscriptionFields> {
    buffer.withUnsafeMutablePointerToElements { $0 }
  }

  /// The core's field, in the tail; immutable.
  @inlinable @inline(__always)
  internal final var coreSlot: UnsafeMutablePointer<SubjectCoreBase> {
    (UnsafeMutableRawPointer(fields) + MemoryLayout<SubscriptionFields>.offset(of: \SubscriptionFields.core)!)
      .assumingMemoryBound(to: SubjectCoreBase.self)
  }

  /// The disposed flag, the header.
  @inlinable @inline(__always)
  internal final var disposedFlag: UnsafeMutablePointer<AtomicIntStorage> {
    buffer.withUnsafeMutablePointerToHeader { $0 }
  }

  /// The core this subscription is registered with.
  @inlinable
  internal final var core: SubjectCoreBase {
    coreSlot.pointee
  }

  /// Whether this subscription is in its core's list; only read while holding the core's lock.
  @inlinable
  internal final var isRegistered: Bool {
    intrusiveListLinks.pointee.isLinked
  }

  /// The subscription's links in its core's list, in the tail.
  @inlinable @inline(__always)
  internal final var intrusiveListLinks: UnsafeMutablePointer<IntrusiveListLinks> {
    (UnsafeMutableRawPointer(fields) + MemoryLayout<SubscriptionFields>.offset(of: \SubscriptionFields.links)!)
      .assumingMemoryBound(to: IntrusiveListLinks.self)
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
/// The observer lives in an ``ObserverBox`` that the buffer's tail refers to, after the fields,
/// without reference counting (``Slot``); ending the subscription releases the box.
@usableFromInline
internal final class Subscription<Element, Error: Swift.Error>: SubscriptionBase, @unchecked Sendable {
  // Safe: the observer is only called by the core's deliverer and only cleared by `markEnded()`,
  // which runs on the deliverer or under the core's lock while nobody delivers (never during a
  // call of the observer); the rest is the base class's.
  @usableFromInline internal typealias Observer = @Sendable (Signal<Element, Error>.Event) -> Void

  /// The observer, in an object of its own.
  ///
  /// Calling a closure held in a constant of an object referenced at +0 takes no reference to the
  /// closure's context; calling one held in mutable memory (the tail) retains and releases the
  /// context around every call, two atomic operations per event and observer. The box costs one
  /// allocation per subscription instead.
  @usableFromInline
  internal final class ObserverBox: Sendable {
    @usableFromInline internal let observer: Observer

    @inlinable
    internal init(_ observer: @escaping Observer) {
      self.observer = observer
    }
  }

  /// The tail's reference to the box: owned (retained once when made, released once when
  /// cleared), but unmanaged so that reading it takes no reference.
  @usableFromInline
  internal struct Slot {
    @usableFromInline internal var box: Unmanaged<ObserverBox>?

    @inlinable
    internal init(_ observer: @escaping Observer) {
      box = Unmanaged.passRetained(ObserverBox(observer))
    }
  }

  /// Creates a subscription of `observer` to `core` (not yet registered).
  ///
  /// - Complexity: O(1): two allocations (the subscription and its observer's box).
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

  /// The reference to the observer's box (nil once ended), in the tail after the fields.
  @inlinable @inline(__always)
  internal var slotPointer: UnsafeMutablePointer<Slot> {
    UnsafeMutableRawPointer(fields + 1).assumingMemoryBound(to: Slot.self)
  }

  /// Calls the observer with `event` (nothing once the subscription has ended).
  @inlinable @inline(__always)
  internal func call(_ event: Signal<Element, Error>.Event) {
    // The box cannot be released during the call (see the class's safety note), so it is used
    // at +0.
    slotPointer.pointee.box?._withUnsafeGuaranteedRef { $0.observer(event) }
  }

  /// Delivers `event` unless disposed; after a terminal event the subscription is ended.
  @inlinable
  internal func receive(_ event: Signal<Element, Error>.Event) {
    guard !isDisposed else { return }
    call(event)
    if event.isTerminal { markEnded() }
  }

  /// Delivers the terminal `event` unless disposed, then ends the subscription either way.
  ///
  /// Only for a subscription the caller took out of the core's list (a terminal event takes them
  /// all): nobody else ends it then, not even a disposer, which finds it unregistered. Skipping
  /// the end of a disposed one would keep its observer for as long as its disposable.
  @inlinable
  internal func receiveLast(_ event: Signal<Element, Error>.Event) {
    if !isDisposed { call(event) }
    markEnded()
  }

  /// Ends the subscription and releases the observer and everything it captures.
  @usableFromInline
  internal override func markEnded() {
    super.markEnded()
    releaseObserver()
  }

  /// Clears the tail's reference to the box, then releases the box (which may run the
  /// deinitializers of whatever the observer captured).
  @inlinable
  internal func releaseObserver() {
    guard let box = slotPointer.pointee.box else { return }
    slotPointer.pointee.box = nil
    box.release()
  }

  deinit {
    // The tail's `Slot` is trivial memory (an unmanaged reference) and needs no
    // deinitialization; only the box it may still refer to is released.
    releaseObserver()
  }
}
