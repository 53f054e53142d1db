import TetherSignals
import TetherSynchronization

/// The weak reference a ``ContainerSubscriber`` keeps to its core, in a struct of its own so that
/// it can be reached through a pointer to just this field (see ``ContainerSubscriber/fields``).
@usableFromInline
struct WeakContainerCore<Changeset: ObservableContainerChangeset> {
  /// Weak: the core holds its subscribers, and a container released while observed must still
  /// free its core.
  @usableFromInline weak var core: ContainerCore<Changeset>?

  @inlinable
  init(_ core: ContainerCore<Changeset>) {
    self.core = core
  }
}

/// The observer of a ``ContainerSubscriber``, in a struct of its own so that it can be reached
/// through a pointer to just this field (a key path to a closure property has no offset).
@usableFromInline
struct ContainerObserverSlot<Changeset: ObservableContainerChangeset> {
  @usableFromInline var observer: @Sendable (Signal<Changeset, Never>.Event) -> Void

  @inlinable
  init(_ observer: @escaping @Sendable (Signal<Changeset, Never>.Event) -> Void) {
    self.observer = observer
  }
}

/// The fields of a ``ContainerSubscriber``, in its buffer's tail.
@usableFromInline
struct ContainerSubscriberFields<Changeset: ObservableContainerChangeset> {
  /// Replaced by a no-op when the observation ends (see ``ContainerSubscriber/markEnded()``);
  /// read and written only by the core's deliverer (or by a disposer that took the subscriber out
  /// of the list while nobody delivered).
  @usableFromInline var slot: ContainerObserverSlot<Changeset>
  /// Never changed after initialization.
  @usableFromInline let owner: WeakContainerCore<Changeset>
  /// The subscriber's place in its core's list of observers. Written while holding the core's
  /// lock; read by the core's deliverer.
  @usableFromInline var links = IntrusiveListLinks()

  @inlinable
  init(observer: @escaping @Sendable (Signal<Changeset, Never>.Event) -> Void, core: ContainerCore<Changeset>) {
    self.slot = ContainerObserverSlot(observer)
    self.owner = WeakContainerCore(core)
  }
}

/// One observer registered with a ``ContainerCore``; disposing it unregisters the observer in O(1).
///
/// A subscriber is one allocation, laid out by `ManagedBufferPointer` (this class is its buffer
/// class), as the subjects' `Subscription` is: the header is the disposed flag (1 once disposed or
/// ended), read and written atomically in place; the tail holds ``ContainerSubscriberFields``. A
/// stored property has no stable address to be atomic at, and an `AtomicBool` would be a second
/// allocation per subscriber; buffer classes cannot declare stored properties, hence the tail.
/// Not a `ManagedBuffer` subclass: those cannot be `Sendable`.
@usableFromInline
final class ContainerSubscriber<Changeset: ObservableContainerChangeset>: Disposable, IntrusiveListNode,
  @unchecked Sendable
{
  // Safe: the disposed flag is atomic, `core` is immutable, `observer` is only read and replaced
  // by the owning core's deliverer, and the list links are only written while holding its lock.

  @usableFromInline typealias Fields = ContainerSubscriberFields<Changeset>
  @usableFromInline typealias Buffer = ManagedBufferPointer<AtomicIntStorage, Fields>

  /// Creates a subscriber of `observer` to `core` (not yet registered).
  ///
  /// - Complexity: O(1): one allocation.
  @inlinable
  static func make(
    observer: @escaping @Sendable (Signal<Changeset, Never>.Event) -> Void,
    core: ContainerCore<Changeset>
  ) -> ContainerSubscriber {
    let buffer = Buffer(bufferClass: ContainerSubscriber.self, minimumCapacity: 1) { _, _ in AtomicIntStorage(0) }
    buffer.withUnsafeMutablePointerToElements { $0.initialize(to: Fields(observer: observer, core: core)) }
    // The buffer object is an instance of `bufferClass`; the downcast cannot fail.
    return unsafeDowncast(buffer.buffer, to: ContainerSubscriber.self)
  }

  /// The fields, at the start of the tail.
  ///
  /// Never read `fields.pointee` (or `fields.pointee.someField`) outside initialization and
  /// deinitialization: an unoptimized build copies the whole struct to read one field, observer
  /// closure included, so a disposer reading the core that way retained and released the
  /// observer's context while the deliverer replaced it: the context (an object the observer
  /// captured) was freed with a retain still pending, and the process aborted (issue 27). Each
  /// field is reached through its own pointer instead (``observerSlot``, ``ownerSlot``,
  /// ``intrusiveListLinks``), so a thread touches only the fields it is allowed to.
  @inlinable @inline(__always)
  var fields: UnsafeMutablePointer<Fields> {
    Buffer(unsafeBufferObject: self).withUnsafeMutablePointerToElements { $0 }
  }

  /// The observer's field, in the tail; used only by the core's deliverer (see ``observer``).
  @inlinable @inline(__always)
  var observerSlot: UnsafeMutablePointer<ContainerObserverSlot<Changeset>> {
    (UnsafeMutableRawPointer(fields) + MemoryLayout<Fields>.offset(of: \Fields.slot)!)
      .assumingMemoryBound(to: ContainerObserverSlot<Changeset>.self)
  }

  /// The core's weak reference, in the tail; immutable, read by any thread.
  @inlinable @inline(__always)
  var ownerSlot: UnsafeMutablePointer<WeakContainerCore<Changeset>> {
    (UnsafeMutableRawPointer(fields) + MemoryLayout<Fields>.offset(of: \Fields.owner)!)
      .assumingMemoryBound(to: WeakContainerCore<Changeset>.self)
  }

  /// The disposed flag, the header.
  @inlinable @inline(__always)
  var disposedFlag: UnsafeMutablePointer<AtomicIntStorage> {
    Buffer(unsafeBufferObject: self).withUnsafeMutablePointerToHeader { $0 }
  }

  /// The observer; read only by the core's deliverer, which is also the only thread that
  /// replaces it (``markEnded()``), except a disposer that took the subscriber out of the list
  /// while nobody delivered.
  @inlinable var observer: @Sendable (Signal<Changeset, Never>.Event) -> Void {
    observerSlot.pointee.observer
  }

  /// Whether this subscriber is in its core's list; only read while holding the core's lock.
  @inlinable var isRegistered: Bool {
    intrusiveListLinks.pointee.isLinked
  }

  /// The subscriber's links in its core's list, in the tail.
  @inlinable @inline(__always)
  var intrusiveListLinks: UnsafeMutablePointer<IntrusiveListLinks> {
    (UnsafeMutableRawPointer(fields) + MemoryLayout<Fields>.offset(of: \Fields.links)!)
      .assumingMemoryBound(to: IntrusiveListLinks.self)
  }

  @inlinable var isDisposed: Bool {
    disposedFlag.atomicLoad(ordering: .acquiring) != 0
  }

  /// Stops the observation. Once it returns, no callback to this observer is running on another
  /// thread or will start (unless called from inside a delivery, see ``ContainerCore/remove(_:)``).
  @usableFromInline
  func dispose() {
    guard disposedFlag.atomicExchange(1, ordering: .acquiringAndReleasing) == 0 else { return }
    // Only the core's reference is read (see `fields`): this thread is not the deliverer.
    ownerSlot.pointee.core?.remove(self)
  }

  /// Marks the subscriber ended without touching the core (used when the container completes,
  /// which it does when it deinitializes), and releases the observer.
  ///
  /// The subscriber is the disposable the observation returned, which an app may keep (in a
  /// dispose bag, say) long after its container went away: it must not keep the observer and
  /// what it captures alive. Called only by the core's deliverer, after the observer's last call.
  @inlinable func markEnded() {
    disposedFlag.atomicStore(1, ordering: .releasing)
    // The old observer is released when this assignment returns: outside any lock, on the
    // deliverer, like a subject's ended subscription.
    observerSlot.pointee.observer = { _ in }
  }

  deinit {
    // A buffer class destroys its header and tail itself (the header is a trivial word).
    _ = fields.deinitialize(count: 1)
  }
}
