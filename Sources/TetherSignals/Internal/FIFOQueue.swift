/// A first-in first-out queue with amortized O(1) append and pop that reuses its storage.
@usableFromInline
internal struct FIFOQueue<Element> {
  @usableFromInline internal var storage: ContiguousArray<Element> = []
  @usableFromInline internal var head = 0

  @inlinable
  internal init() {}

  @inlinable
  internal var isEmpty: Bool { head == storage.count }

  @inlinable
  internal var count: Int { storage.count - head }

  @inlinable
  internal var first: Element? {
    head < storage.count ? storage[head] : nil
  }

  /// The newest element, or `nil` when empty.
  @inlinable
  internal var last: Element? {
    head < storage.count ? storage.last : nil
  }

  @inlinable
  internal mutating func append(_ element: Element) {
    storage.append(element)
  }

  @inlinable
  internal mutating func popFirst() -> Element? {
    guard head < storage.count else { return nil }
    let element = storage[head]
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

  @inlinable
  internal mutating func removeAll() {
    storage.removeAll()
    head = 0
  }
}
