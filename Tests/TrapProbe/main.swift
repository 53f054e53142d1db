// tether-trap-probe: performs one misuse of the library, named by the first argument, and traps.
//
// Built in release by CI (`swift build -c release --product tether-trap-probe`) so that
// ReleaseTrapMessageTests can check that trap messages keep their index and count at -O, where
// the standard library's `precondition` drops them. Not a product of the package. It depends on
// the lower modules only, to keep CI's release build short; every module traps through the same
// `tetherPrecondition` functions (TetherSynchronization).
import Foundation
import TetherChangesets
import TetherCollections
import TetherSignals
import TetherSynchronization

/// Writes `line` to standard error unbuffered, so that it survives the trap that follows.
func say(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// An element whose `hash(into:)` runs `hook` once it is set (for the re-entry scenario).
struct Probe: Hashable, Sendable {
  nonisolated(unsafe) static var hook: (() -> Void)?
  let id: Int

  func hash(into hasher: inout Hasher) {
    Self.hook?()
    hasher.combine(id)
  }
}

/// A node for the IntrusiveList scenarios; its links live in their own allocation.
final class ListNode: IntrusiveListNode {
  let intrusiveListLinks = UnsafeMutablePointer<IntrusiveListLinks>.allocate(capacity: 1)

  init() { intrusiveListLinks.initialize(to: IntrusiveListLinks()) }

  deinit {
    intrusiveListLinks.deinitialize(count: 1)
    intrusiveListLinks.deallocate()
  }
}

/// Each scenario performs one misuse; the comment is the message it must trap with.
let scenarios: [String: () -> Void] = [
  // "Index 3 is out of range for a collection of 3 elements"
  "array.remove": { MutableObservableArray(["a", "b", "c"]).remove(at: 3) },
  // "Index 9 is out of range for section 0 of 2 items"
  "array2D.removeItem": {
    MutableObservableArray2D(Array2D<String, Int>(sectionsWithItems: [("A", [1, 2])])).removeItem(at: [0, 9])
  },
  // "Index 4 is out of range for a node of 1 children"
  "tree.remove": { MutableObservableTreeArray([TreeNode("root")]).remove(at: [4]) },
  // "Index 5 is out of range for a collection of 2 elements"
  "patch.apply": {
    var numbers = [1, 2]
    numbers.apply([.delete(at: 5)])
  },
  // "prefix(maxLength:) requires a non-negative maxLength (got -1)"
  "signal.prefix": { _ = PassthroughSubject<Int, Never>().prefix(maxLength: -1) },
  // "Section index 7 is out of range for a 2D array of 1 sections"
  "array2D.subscript": {
    let grid = Array2D<String, Int>(sectionsWithItems: [("A", [1, 2])])
    _ = grid[itemAt: [7, 0]]
  },
  // "Property.modify's body read or changed the same property"
  "property.reentry": {
    let property = Property(1)
    property.modify { $0 = property.value + 1 }
  },
  // "An observable container was read or changed from code it runs under its lock"
  "set.reentry": {
    let set = MutableObservableSet<Probe>([])
    Probe.hook = { _ = set.count }
    set.insert(Probe(id: 1))
  },
  // "waitUntilDelivered() called on the thread delivering this subject or property (from inside its callback)"
  "subject.waitInsideCallback": {
    let subject = PassthroughSubject<Int, Never>()
    let observation = subject.observeNext { _ in subject.waitUntilDelivered() }
    subject.send(1)
    observation.dispose()
  },
  // "IntrusiveList.append: the node is already in a list (a node must not be in a list)"
  "list.appendTwice": {
    var list = IntrusiveList<ListNode>()
    let node = ListNode()
    list.append(node)
    list.append(node)
  },
  // "IntrusiveList.remove: the node is in no list (a node must be in the list it leaves)"
  "list.removeUnlinked": {
    var list = IntrusiveList<ListNode>()
    list.remove(ListNode())
  },
  // "AtomicInt.add overflowed: 9223372036854775807 + 1 does not fit in an Int"
  "atomic.addOverflow": { AtomicInt(Int.max).add(1, ordering: .relaxed) },
  // "A Tether lock was taken again by the thread holding it"
  "lock.reentry": {
    let lock = Locked(0)
    lock.withLock { _ in lock.withLock { $0 += 1 } }
  },
  // "waitUntilDelivered() called on the thread delivering this container (from inside its observer)"
  "container.waitInsideObserver": {
    let array = MutableObservableArray([1])
    let observation = array.observeNext { _ in array.waitUntilDelivered() }
    array.append(2)
    observation.dispose()
  },
  // The same message: an observer of `outer` appends to the idle `inner`, so this thread delivers
  // `inner` inside `outer`'s delivery, and `inner`'s observer waits for `outer`.
  "container.waitInsideNestedDelivery": {
    let outer = MutableObservableArray([1])
    let inner = MutableObservableArray([1])
    let innerObservation = inner.observeNext { changeset in
      if !changeset.isReload { outer.waitUntilDelivered() }
    }
    let outerObservation = outer.observeNext { changeset in
      if !changeset.isReload { inner.append(2) }
    }
    outer.append(2)
    innerObservation.dispose()
    outerObservation.dispose()
  },
]

#if DEBUG
say("configuration: debug")
#else
say("configuration: release")
#endif
let arguments = CommandLine.arguments.dropFirst()
guard let name = arguments.first, let scenario = scenarios[name] else {
  say("usage: tether-trap-probe SCENARIO; scenarios: \(scenarios.keys.sorted().joined(separator: ", "))")
  exit(2)
}
say("scenario \(name) started")
scenario()
say("scenario \(name) did not trap")
exit(1)
