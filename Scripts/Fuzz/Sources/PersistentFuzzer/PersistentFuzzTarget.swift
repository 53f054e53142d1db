// libFuzzer target for `PersistentArray`: each input is decoded into a sequence of operations
// (append, insert, remove, replaceSubrange, move, subscript set, removeAll and the rest, taking a
// snapshot, going back to a snapshot and changing it) applied in lockstep to a
// `PersistentArray<Int>` and to an `Array<Int>`, the oracle. After every operation, any
// violation traps:
// - the list equals the array (iterated, read by subscript, counted, and with `==`), and what an
//   operation returns (a removed element) is the array's;
// - the list's B+ tree passes `_checkInvariants()` (heights, counts, node sizes), which the
//   release build the fuzzer runs otherwise compiles out;
// - every snapshot taken earlier still equals the array it was taken from and passes its
//   invariants: no later change of the list, or of another copy of it, reached a shared node.
//   After every operation its count, root counts and elements at five places are checked; all of
//   it (every element, every node) after every 8th operation and at the end of the input. (All of
//   it after every operation made the fuzzer several times slower.)
// Element values are a running counter, so an element moved, lost or duplicated shows.

import FuzzSupport
import TetherChangesets

/// The most elements the list grows to (bulk operations stop there): enough for a tree of height
/// 2 (a height-1 tree holds at most 64 x 32 = 2,048 `Int`s), small enough that checking the whole
/// list after every operation keeps the fuzzer fast.
let maximumCount = 2_600

/// The most snapshots kept at once; a new one replaces one of them when they are all taken.
let maximumSnapshots = 4

/// One run's state: the list under test, its oracle, and the snapshots.
struct PersistentArrayRun {
  var list = PersistentArray<Int>()
  var array: [Int] = []
  var snapshots: [(list: PersistentArray<Int>, array: [Int])] = []
  /// The next element value (every inserted element is new).
  var counter = 0

  mutating func nextValue() -> Int {
    counter += 1
    return counter
  }

  /// `count` new elements.
  mutating func newValues(_ count: Int) -> [Int] {
    (0..<count).map { _ in nextValue() }
  }

  /// How many elements a bulk operation may add.
  var room: Int { max(0, maximumCount - array.count) }
}

/// A bulk size from one byte: mostly small, sometimes hundreds (to grow the tree past a level).
func bulkCount(_ input: inout FuzzInput) -> Int {
  let byte = input.next()
  return byte < 192 ? byte % 20 : (byte - 192) * 40
}

func fuzzPersistentArray(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  var run = PersistentArrayRun()
  // The first byte picks how the list starts: empty, from a sequence, or repeating one value.
  let start = input.next()
  let startCount = bulkCount(&input)
  switch start % 3 {
  case 0: break
  case 1:
    run.array = run.newValues(startCount)
    run.list = PersistentArray(run.array)
  default:
    run.array = Array(repeating: 7, count: startCount)
    run.list = PersistentArray(repeating: 7, count: startCount)
  }
  check(run, after: "start \(start % 3) with \(startCount)", snapshotsFully: true)
  var operations = 0
  var last = "start"
  while !input.isAtEnd {
    last = apply(&input, to: &run)
    operations += 1
    check(run, after: last, snapshotsFully: operations % 8 == 0)
  }
  check(run, after: "the last operation, \(last)", snapshotsFully: true)
  fuzzCheck(Array(run.list) == run.array, "the list copied into an array at the end")
  fuzzCheck(run.list == PersistentArray(run.array), "== disagrees with the elements at the end")
  return 0
}

/// Decodes one operation from `input`, applies it to the list and the array, and returns its
/// description (for the failure message).
func apply(_ input: inout FuzzInput, to run: inout PersistentArrayRun) -> String {
  let kind = input.next() % 16
  let count = run.array.count
  switch kind {
  case 0, 1:
    let value = run.nextValue()
    run.list.append(value)
    run.array.append(value)
    return "append"
  case 2, 3:
    let index = input.next() % (count + 1)
    let value = run.nextValue()
    run.list.insert(value, at: index)
    run.array.insert(value, at: index)
    return "insert at \(index)"
  case 4:
    guard count > 0 else { return "remove (empty)" }
    let index = (input.next() * 256 + input.next()) % count
    let removed = run.list.remove(at: index)
    let expected = run.array.remove(at: index)
    fuzzCheck(removed == expected, "remove(at: \(index)) returned \(removed), the array \(expected)")
    return "remove at \(index)"
  case 5, 6:
    let lower = (input.next() * 256 + input.next()) % (count + 1)
    let upper = lower + input.next() % (count - lower + 1)
    let replacement = run.newValues(min(bulkCount(&input), run.room))
    // Alternate the replacement's type: an array, and a PersistentArray (its own fast path, if any).
    if input.next() % 2 == 0 {
      run.list.replaceSubrange(lower..<upper, with: replacement)
    } else {
      run.list.replaceSubrange(lower..<upper, with: PersistentArray(replacement))
    }
    run.array.replaceSubrange(lower..<upper, with: replacement)
    return "replaceSubrange(\(lower)..<\(upper), with \(replacement.count))"
  case 7:
    guard count > 0 else { return "move (empty)" }
    let source = (input.next() * 256 + input.next()) % count
    let destination = (input.next() * 256 + input.next()) % count
    run.list.move(from: source, to: destination)
    run.array.insert(run.array.remove(at: source), at: destination)
    return "move(from: \(source), to: \(destination))"
  case 8:
    guard count > 0 else { return "subscript set (empty)" }
    let index = (input.next() * 256 + input.next()) % count
    let value = run.nextValue()
    run.list[index] = value
    run.array[index] = value
    return "subscript set at \(index)"
  case 9:
    let values = run.newValues(min(bulkCount(&input), run.room))
    run.list.append(contentsOf: values)
    run.array.append(contentsOf: values)
    return "append(contentsOf: \(values.count))"
  case 10:
    guard count > 0 else { return "removeFirst/Last (empty)" }
    if input.next() % 2 == 0 {
      let removed = run.list.removeFirst()
      fuzzCheck(removed == run.array.removeFirst(), "removeFirst returned \(removed)")
      return "removeFirst"
    }
    let removed = run.list.removeLast()
    fuzzCheck(removed == run.array.removeLast(), "removeLast returned \(removed)")
    return "removeLast"
  case 11:
    guard count > 0 else { return "swapAt (empty)" }
    let first = (input.next() * 256 + input.next()) % count
    let second = (input.next() * 256 + input.next()) % count
    run.list.swapAt(first, second)
    run.array.swapAt(first, second)
    return "swapAt(\(first), \(second))"
  case 12:
    // Rarely all: removes every element whose value is divisible by the divisor.
    let divisor = 1 + input.next() % 8
    run.list.removeAll { $0 % divisor == 0 }
    run.array.removeAll { $0 % divisor == 0 }
    return "removeAll(where: divisible by \(divisor))"
  case 13:
    let keepingCapacity = input.next() % 2 == 0
    guard input.next() % 4 == 0 else { return "removeAll (skipped)" }
    run.list.removeAll(keepingCapacity: keepingCapacity)
    run.array.removeAll(keepingCapacity: keepingCapacity)
    return "removeAll(keepingCapacity: \(keepingCapacity))"
  case 14:
    let snapshot = (list: run.list, array: run.array)
    if run.snapshots.count < maximumSnapshots {
      run.snapshots.append(snapshot)
    } else {
      run.snapshots[input.next() % maximumSnapshots] = snapshot
    }
    return "snapshot"
  default:
    // Back to a snapshot: the list continues from it (it shares the snapshot's nodes, which later
    // operations must copy before writing), the snapshot stays as it was.
    guard !run.snapshots.isEmpty else { return "restore (no snapshot)" }
    let slot = input.next() % run.snapshots.count
    run.list = run.snapshots[slot].list
    run.array = run.snapshots[slot].array
    return "restore snapshot \(slot)"
  }
}

/// Traps unless the list equals the array with its invariants, and every snapshot its own: in full
/// when `snapshotsFully`, else sampled (see the top of this file).
func check(_ run: PersistentArrayRun, after operation: String, snapshotsFully: Bool) {
  checkEqual(run.list, run.array, "the list after \(operation)")
  for (offset, snapshot) in run.snapshots.enumerated() {
    if snapshotsFully {
      checkEqual(snapshot.list, snapshot.array, "snapshot \(offset) after \(operation)")
    } else {
      checkSampled(snapshot.list, snapshot.array, "snapshot \(offset) after \(operation)")
    }
  }
}

/// Traps unless `list` holds `array`'s elements in order, read every way, and passes its
/// invariant check.
func checkEqual(_ list: PersistentArray<Int>, _ array: [Int], _ what: @autoclosure () -> String) {
  list._checkInvariants()
  fuzzCheck(list.elementsEqual(array), "\(what()): \(Array(list)) is not \(array)")
  checkSampled(list, array, what())
}

/// Traps unless `list` has `array`'s count, its root's counts add up, and it holds `array`'s
/// elements at both ends, a third and half way, and a place that depends on the count: O(log n).
func checkSampled(_ list: PersistentArray<Int>, _ array: [Int], _ what: @autoclosure () -> String) {
  list._checkInvariants(deep: false)
  fuzzCheck(list.count == array.count, "\(what()): count \(list.count), the array's \(array.count)")
  fuzzCheck(list.isEmpty == array.isEmpty, "\(what()): isEmpty disagrees")
  // Subscript reads walk the tree from the root, not the leaves in order.
  let places = [0, array.count / 3, array.count / 2, array.count &* 7 / 11, array.count - 1]
  for index in places where array.indices.contains(index) {
    fuzzCheck(list[index] == array[index], "\(what()): [\(index)] is \(list[index]), not \(array[index])")
  }
}
