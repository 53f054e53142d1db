/// A first-in first-out queue with amortized O(1) append and pop that reuses its storage: the one
/// queue of every delivery engine (subjects, containers, operators, main-queue delivery).
///
/// A popped element leaves nothing behind: its slot is cleared, so the queue never keeps an
/// element alive after handing it out (a popped subscription, or an element evicted from a replay
/// buffer, is released when its new owner lets go of it, not when the storage is compacted).
@usableFromInline
package struct FIFOQueue<Element> {
  /// Slots before `head` are cleared (`nil`); slots from `head` on hold the queued elements.
  @usableFromInline package var storage: ContiguousArray<Element?> = []
  @usableFromInline package var head = 0

  @inlinable
  package init() {}

  @inlinable
  package var isEmpty: Bool { head == storage.count }

  @inlinable
  package var count: Int { storage.count - head }

  @inlinable
  package var first: Element? {
    head < storage.count ? storage[head] : nil
  }

  /// The newest element, or `nil` when empty.
  @inlinable
  package var last: Element? {
    head < storage.count ? storage[storage.count - 1] : nil
  }

  /// The queued elements, oldest first.
  ///
  /// - Complexity: O(n) for n queued elements.
  @inlinable
  package var elements: ContiguousArray<Element> {
    ContiguousArray(storage[head...].lazy.map { $0! })
  }

  /// - Complexity: Amortized O(1).
  @inlinable
  package mutating func append(_ element: Element) {
    storage.append(element)
  }

  /// - Complexity: Amortized O(1).
  @inlinable
  package mutating func popFirst() -> Element? {
    guard head < storage.count else { return nil }
    let element = storage[head].take()
    head += 1
    if head == storage.count {
      storage.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 64 && head * 2 >= storage.count {
      storage.removeFirst(head)
      head = 0
    }
    return element
  }

  /// - Complexity: O(n) for n queued elements.
  @inlinable
  package mutating func removeAll() {
    storage.removeAll()
    head = 0
  }

  /// Empties the queue and returns what it held, so that a caller holding a lock can release the
  /// elements once the lock is released (their deinitializers may use the object the lock guards).
  ///
  /// - Complexity: O(1).
  @inlinable
  package mutating func takeAll() -> FIFOQueue {
    var taken = FIFOQueue()
    swap(&self, &taken)
    return taken
  }
}

/// A queue of `Sendable` elements may cross threads: it holds nothing else.
extension FIFOQueue: Sendable where Element: Sendable {}
