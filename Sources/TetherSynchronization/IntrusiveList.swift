/// The links of a node of an ``IntrusiveList``: stored in the node itself (at a stable address, such
/// as a tail allocation), so that linking and unlinking allocate nothing.
@usableFromInline
package struct IntrusiveListLinks {
  /// Whether the node is in a list.
  @usableFromInline package var isLinked = false
  /// The neighbours, unowned (the list owns its nodes), as opaque object pointers.
  @usableFromInline package var previous: UnsafeRawPointer?
  @usableFromInline package var next: UnsafeRawPointer?
  #if DEBUG
  /// Debug builds only: the list the node is in (its ``IntrusiveListDebugState``), so that
  /// ``IntrusiveList/remove(_:)`` can check in O(1) that the node is in that very list.
  @usableFromInline package var list: ObjectIdentifier?
  #endif

  @inlinable
  package init() {}
}

/// An object that can be in an ``IntrusiveList``.
@usableFromInline
package protocol IntrusiveListNode: AnyObject {
  /// The node's links, at an address that stays valid while the node lives.
  var intrusiveListLinks: UnsafeMutablePointer<IntrusiveListLinks> { get }
}

/// A doubly linked list of objects threaded through the objects themselves, in insertion order.
///
/// Used for the observers of subjects, properties and containers: appending and removing are O(1),
/// a removal keeps the order of the others (ReactiveKit and Bond call observers in the order they
/// subscribed) and never moves or repacks anything, and walking the list takes two plain loads per
/// node and no reference counting.
///
/// The list owns its nodes: one retain each, taken by ``append(_:)`` and given up by
/// ``remove(_:)`` or ``removeAll()``. Its owner empties it before it goes away (a struct cannot
/// release what it owns by itself). Not thread-safe: its owner guards it.
///
/// Misuse traps with a message naming it: appending a node that is already in a list, or removing
/// one that is in none, in every build (one load and a branch); removing a node that is in another
/// list, or dropping a list that still holds nodes, in debug builds only (``IntrusiveListDebugState``
/// costs an allocation per list and a store per change).
@usableFromInline
package struct IntrusiveList<Node: IntrusiveListNode> {
  @usableFromInline package var first: UnsafeRawPointer?
  @usableFromInline package var last: UnsafeRawPointer?
  @usableFromInline package var count = 0
  #if DEBUG
  /// Debug builds only: the list's identity and its count, checked when the list goes away.
  @usableFromInline package let debugState = IntrusiveListDebugState()
  #endif

  @inlinable
  package init() {}

  @inlinable
  package var isEmpty: Bool { count == 0 }

  @inlinable @inline(__always)
  internal static func links(of node: UnsafeRawPointer) -> UnsafeMutablePointer<IntrusiveListLinks> {
    Unmanaged<Node>.fromOpaque(node)._withUnsafeGuaranteedRef { $0.intrusiveListLinks }
  }

  /// Appends `node`, which must not be in a list.
  ///
  /// - Complexity: O(1).
  @inlinable
  package mutating func append(_ node: Node) {
    let links = node.intrusiveListLinks
    tetherPrecondition(
      !links.pointee.isLinked, "IntrusiveList.append: the node is already in a list (a node must not be in a list)")
    let opaque = UnsafeRawPointer(Unmanaged.passRetained(node).toOpaque())
    links.pointee.isLinked = true
    #if DEBUG
    links.pointee.list = ObjectIdentifier(debugState)
    #endif
    links.pointee.previous = last
    links.pointee.next = nil
    if let last {
      Self.links(of: last).pointee.next = opaque
    } else {
      first = opaque
    }
    last = opaque
    count += 1
    #if DEBUG
    debugState.count = count
    #endif
  }

  /// Unlinks `node`, which must be in this list, and releases the list's reference to it. The
  /// caller holds another reference, so that no deinitializer runs here.
  ///
  /// - Complexity: O(1).
  @inlinable
  package mutating func remove(_ node: Node) {
    let links = node.intrusiveListLinks
    tetherPrecondition(
      links.pointee.isLinked, "IntrusiveList.remove: the node is in no list (a node must be in the list it leaves)")
    #if DEBUG
    tetherPrecondition(
      links.pointee.list == ObjectIdentifier(debugState),
      "IntrusiveList.remove: the node is in another list (a node must be in the list it leaves)")
    #endif
    let previous = links.pointee.previous
    let next = links.pointee.next
    if let previous {
      Self.links(of: previous).pointee.next = next
    } else {
      first = next
    }
    if let next {
      Self.links(of: next).pointee.previous = previous
    } else {
      last = previous
    }
    links.pointee = IntrusiveListLinks()
    count -= 1
    #if DEBUG
    debugState.count = count
    #endif
    Unmanaged.passUnretained(node).release()
  }

  /// Removes every node and returns them, in order, in an array the caller owns (the list's
  /// references move into it).
  ///
  /// - Complexity: O(n).
  @inlinable
  package mutating func removeAll() -> ContiguousArray<Node> {
    var all = ContiguousArray<Node>()
    all.reserveCapacity(count)
    var current = first
    while let node = current {
      let links = Self.links(of: node)
      current = links.pointee.next
      links.pointee = IntrusiveListLinks()
      all.append(Unmanaged<Node>.fromOpaque(node).takeRetainedValue())
    }
    first = nil
    last = nil
    count = 0
    #if DEBUG
    debugState.count = 0
    #endif
    return all
  }

  /// Calls `body` with each node from `start` on, in order, without retaining them: the list keeps
  /// them alive, and nobody may change it meanwhile. `Subclass` is the class every node is known
  /// to be an instance of.
  @inlinable @inline(__always)
  package static func forEachUnretained<Subclass: AnyObject>(
    from start: UnsafeRawPointer?,
    as subclass: Subclass.Type,
    _ body: (Unmanaged<Subclass>) -> Void
  ) {
    var current = start
    while let node = current {
      body(Unmanaged<Subclass>.fromOpaque(node))
      current = links(of: node).pointee.next
    }
  }
}

#if DEBUG
/// Debug builds only: what an ``IntrusiveList``'s checks need that the list's own words cannot
/// give. Its identity tells ``IntrusiveList/remove(_:)`` which list a node is in; its count (kept
/// equal to the list's) lets it trap when the list goes away still owning nodes, which would leak
/// them (the owner must empty the list first, see ``IntrusiveList``). Shared by copies of a list, so
/// it goes away with the last copy; guarded, like the list, by the list's owner.
@usableFromInline
package final class IntrusiveListDebugState {
  @usableFromInline package var count = 0

  @inlinable
  package init() {}

  deinit {
    tetherPrecondition(
      count == 0,
      """
      An IntrusiveList went away holding \(count) nodes: its owner must empty it (removeAll()) before \
      it goes away, or the nodes leak
      """)
  }
}
#endif
