import TetherSynchronization

/// A node for ``IntrusiveList`` tests: its links live in their own allocation (a stable address, as
/// the tail allocations of Tether's subscribers give), and its deinitializer reports to a counter.
final class TestNode: IntrusiveListNode {
  let id: Int
  let links: UnsafeMutablePointer<IntrusiveListLinks>
  let deinitCounter: DeinitCounter?

  init(_ id: Int, counter: DeinitCounter? = nil) {
    self.id = id
    deinitCounter = counter
    links = .allocate(capacity: 1)
    links.initialize(to: IntrusiveListLinks())
  }

  var intrusiveListLinks: UnsafeMutablePointer<IntrusiveListLinks> { links }

  deinit {
    links.deinitialize(count: 1)
    links.deallocate()
    deinitCounter?.record(id)
  }
}

/// Which nodes were deinitialized, in order (single-threaded use).
final class DeinitCounter {
  private(set) var ids: [Int] = []

  var count: Int { ids.count }

  func record(_ id: Int) { ids.append(id) }
}

extension IntrusiveList where Node == TestNode {
  /// The nodes' identifiers, walking the list from its first node.
  var ids: [Int] {
    var ids: [Int] = []
    Self.forEachUnretained(from: first, as: TestNode.self) { ids.append($0.takeUnretainedValue().id) }
    return ids
  }

  /// The identifiers walking backwards from the last node, through the `previous` links.
  var idsBackwards: [Int] {
    var ids: [Int] = []
    var current = last
    while let node = current {
      let object = Unmanaged<TestNode>.fromOpaque(node).takeUnretainedValue()
      ids.append(object.id)
      current = object.links.pointee.previous
    }
    return ids
  }
}

/// A noncopyable value (a lock, an atomic) shared with escaping closures, which cannot capture
/// noncopyable bindings themselves.
final class Shared<Value: ~Copyable>: @unchecked Sendable {
  // Safe for the values shared here: locks and atomics, which are themselves thread-safe.
  let value: Value

  init(_ value: consuming Value) {
    self.value = value
  }
}
