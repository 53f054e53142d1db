import Foundation

/// The mutations the hop-detaching tests make from a background thread while a hop holds every
/// changeset back: 300 rounds on an array of `Int`s that starts as `0..<1_000`. Round `v` inserts
/// `v` at `v % 7` when `v` is a multiple of 3 and appends it otherwise, then removes the element at
/// `v % 11` when `v` is a multiple of 5 (360 mutations in all).
///
/// The tests count the distinct buffers the producer's array has after each round: one per copy
/// a waiting changeset forced. ``initialArray()`` has room for every round, so growth never
/// changes the buffer.
public enum BackgroundMutationScript {
  /// One mutation of the script.
  public enum Mutation: Sendable, Equatable {
    /// Insert the element at the offset.
    case insert(Int, at: Int)
    /// Append the element.
    case append(Int)
    /// Remove the element at the offset.
    case remove(at: Int)
  }

  /// The script's rounds, in order: one or two mutations each.
  public static let rounds: [[Mutation]] = (0..<300).map { value in
    var round: [Mutation] = [value.isMultiple(of: 3) ? .insert(value, at: value % 7) : .append(value)]
    if value.isMultiple(of: 5) { round.append(.remove(at: value % 11)) }
    return round
  }

  /// `0..<1_000`, with capacity for every round.
  public static func initialArray() -> [Int] {
    var array = Array(0..<1_000)
    array.reserveCapacity(4_000)
    return array
  }

  /// The array after every mutation of the script, the initial one first (361 arrays).
  public static func expectedCollections() -> [[Int]] {
    var model = Array(0..<1_000)
    var expected = [model]
    for mutation in rounds.joined() {
      switch mutation {
      case .insert(let element, let offset): model.insert(element, at: offset)
      case .append(let element): model.append(element)
      case .remove(let offset): model.remove(at: offset)
      }
      expected.append(model)
    }
    return expected
  }

  /// Runs the script on a new thread through `insert` (element, offset), `append` and `remove`
  /// (offset), and reads the address of the mutated array's buffer with `bufferAddress` after each
  /// round. Returns the distinct addresses once the thread has finished.
  public static func runOnBackgroundThread(
    insert: @escaping @Sendable (Int, Int) -> Void,
    append: @escaping @Sendable (Int) -> Void,
    remove: @escaping @Sendable (Int) -> Void,
    bufferAddress: @escaping @Sendable () -> UInt
  ) -> Set<UInt> {
    let buffers = BufferAddresses()
    let done = DispatchSemaphore(value: 0)
    Thread {
      for round in rounds {
        for mutation in round {
          switch mutation {
          case .insert(let element, let offset): insert(element, offset)
          case .append(let element): append(element)
          case .remove(let offset): remove(offset)
          }
        }
        buffers.insert(bufferAddress())
      }
      done.signal()
    }.start()
    done.wait()
    return buffers.addresses
  }
}

/// The addresses the producer thread records.
private final class BufferAddresses: @unchecked Sendable {
  // Safe: every access holds `lock`.
  private let lock = NSLock()
  private var set = Set<UInt>()

  func insert(_ address: UInt) {
    lock.lock()
    set.insert(address)
    lock.unlock()
  }

  var addresses: Set<UInt> {
    lock.lock()
    defer { lock.unlock() }
    return set
  }
}
