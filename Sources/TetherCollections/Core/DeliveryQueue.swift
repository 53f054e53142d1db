/// A first-in first-out queue with amortized O(1) append and pop that reuses its storage.
///
/// A popped slot is cleared at once, so a delivered changeset does not keep its collection alive
/// (and shared) while later items wait.
@usableFromInline
struct DeliveryQueue<Element> {
  @usableFromInline var storage: ContiguousArray<Element?> = []
  @usableFromInline var head = 0

  @inlinable init() {}

  @inlinable var isEmpty: Bool { head == storage.count }

  @inlinable var count: Int { storage.count - head }

  /// The element `popFirst()` would return, left in place.
  @inlinable var first: Element? {
    head < storage.count ? storage[head] : nil
  }

  @inlinable mutating func append(_ element: consuming Element) {
    storage.append(element)
  }

  @inlinable mutating func popFirst() -> Element? {
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
}
