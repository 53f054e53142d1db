import Foundation
import TetherSynchronization

// The hash table behind every diff: open addressing with linear probing over 64-bit slots.
//
// A slot is 0 when empty; otherwise its high 32 bits are a tag taken from the identifier's hash
// (with the lowest tag bit forced to 1 so an occupied slot is never 0) and its low 32 bits are a
// value chosen by the user of the table, always enough to find an element carrying the slot's
// identifier. The table stores no identifiers: a lookup compares tags first and then asks the
// caller whether the element the value refers to has the identifier it looks for. That keeps a
// slot at 8 bytes whatever the identifier type (no per-slot retain of a `String`, no generic
// storage), so a table for a million elements fits in 16 MB, a quarter of a `Dictionary`'s.
//
// The home slot comes from the tag's top bits, so growing the table re-places every slot from its
// tag alone, without hashing an identifier again.

/// The per-process key of ``_IdentityTable/mix(_:_:)``, drawn from `Hasher`'s random seed.
@usableFromInline
internal let _identityHashSeed: UInt64 = {
  var hasher = Hasher()
  hasher.combine(0x7E7E_4E2)
  return UInt64(UInt(bitPattern: hasher.finalize())) | 1
}()

/// Where ``_IdentityTable/publishTouches()`` stores; nothing reads it.
@usableFromInline
internal let _touchSink = AtomicInt(0)

@usableFromInline
internal struct _IdentityTable {
  @usableFromInline
  internal var slots: UnsafeMutablePointer<UInt64>

  @usableFromInline
  internal var mask: Int

  /// `32 + (32 - log2(capacity))`: how far to shift a slot's tag bits to get its home slot.
  @usableFromInline
  internal var homeShift: UInt64

  /// The number of occupied slots.
  @usableFromInline
  internal var count: Int

  /// Grow before `count` exceeds this (a load factor of 3/4).
  @usableFromInline
  internal var growthLimit: Int

  /// The xor of every slot read by ``touch(_:count:)``; see ``publishTouches()``.
  @usableFromInline
  internal var touched: UInt64 = 0

  @usableFromInline
  internal static let tagMask: UInt64 = 0xFFFF_FFFF_0000_0000

  /// The key for hashing integer identifiers (see ``tagBits(for:seed:)``).
  @usableFromInline
  internal let seed: UInt64

  /// Creates an empty table that holds `minimumCapacity` identifiers with a load under 2/3.
  @inlinable
  internal init(minimumCapacity: Int) {
    seed = _identityHashSeed
    var capacity = 16
    var log2 = 4
    while capacity < minimumCapacity + minimumCapacity / 2 {
      capacity &<<= 1
      log2 &+= 1
    }
    slots = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
    slots.initialize(repeating: 0, count: capacity)
    mask = capacity &- 1
    homeShift = UInt64(64 &- log2)
    count = 0
    growthLimit = capacity / 4 * 3
  }

  @inlinable
  internal func deallocate() {
    slots.deallocate()
  }

  /// The tag bits of a slot for an identifier with this hash value: the hash's high 32 bits
  /// (all of it where `Int` has 32 bits) in the slot's high half, lowest tag bit set.
  @inlinable
  @inline(__always)
  internal static func tagBits(forHash hash: Int) -> UInt64 {
    let bits = UInt64(UInt(bitPattern: hash))
    let tag = Int.bitWidth == 64 ? bits & tagMask : bits &<< 32
    return tag | 0x1_0000_0000
  }

  /// The tag bits for an identifier.
  ///
  /// Integer and `UUID` identifiers (the usual database keys) are mixed with SplitMix64's
  /// finalizer keyed by a per-process random seed instead of going through `Hasher`: a few
  /// multiplications instead of a SipHash call, which is a fifth of a large diff's time. The seed
  /// comes from `Hasher`, so inputs cannot be tuned to collide (and `SWIFT_DETERMINISTIC_HASHING`
  /// makes it fixed). Every other type uses its `hashValue`. The diff never depends on the hash.
  @inlinable
  @inline(__always)
  internal static func tagBits<ID: Hashable>(for id: ID, seed: UInt64) -> UInt64 {
    if ID.self == Int.self { return mixedTagBits(UInt64(UInt(bitPattern: unsafeBitCast(id, to: Int.self))), seed) }
    if ID.self == UInt.self { return mixedTagBits(UInt64(unsafeBitCast(id, to: UInt.self)), seed) }
    if ID.self == Int64.self { return mixedTagBits(UInt64(bitPattern: unsafeBitCast(id, to: Int64.self)), seed) }
    if ID.self == UInt64.self { return mixedTagBits(unsafeBitCast(id, to: UInt64.self), seed) }
    if ID.self == Int32.self {
      return mixedTagBits(UInt64(UInt32(bitPattern: unsafeBitCast(id, to: Int32.self))), seed)
    }
    if ID.self == UInt32.self { return mixedTagBits(UInt64(unsafeBitCast(id, to: UInt32.self)), seed) }
    if ID.self == UUID.self {
      let halves = unsafeBitCast(unsafeBitCast(id, to: UUID.self).uuid, to: (UInt64, UInt64).self)
      return mixedTagBits(halves.0 ^ mix(halves.1, seed), seed)
    }
    return tagBits(forHash: id.hashValue)
  }

  @inlinable
  @inline(__always)
  internal static func mixedTagBits(_ value: UInt64, _ seed: UInt64) -> UInt64 {
    (mix(value, seed) & tagMask) | 0x1_0000_0000
  }

  /// SplitMix64's finalizer of `value` offset by `seed`: every output bit depends on every input bit.
  @inlinable
  @inline(__always)
  internal static func mix(_ value: UInt64, _ seed: UInt64) -> UInt64 {
    var z = value &+ seed
    z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z &>> 31)
  }

  /// Finds the slot of the identifier with `tagBits` for which `isMatch(value)` holds, or the
  /// empty slot where it belongs.
  @inlinable
  @inline(__always)
  internal func find(_ tagBits: UInt64, _ isMatch: (Int32) -> Bool) -> (slot: Int, found: Bool) {
    var index = Int(truncatingIfNeeded: tagBits &>> homeShift)
    while true {
      let slot = slots[index]
      if slot == 0 { return (index, false) }
      if slot & Self.tagMask == tagBits && isMatch(Int32(truncatingIfNeeded: slot)) { return (index, true) }
      index = (index &+ 1) & mask
    }
  }

  /// The empty slot where a new identifier with `tagBits` belongs.
  @inlinable
  @inline(__always)
  internal func findEmpty(_ tagBits: UInt64) -> Int {
    var index = Int(truncatingIfNeeded: tagBits &>> homeShift)
    while slots[index] != 0 { index = (index &+ 1) & mask }
    return index
  }

  /// The value stored in `slot`.
  @inlinable
  @inline(__always)
  internal func value(at slot: Int) -> Int32 {
    Int32(truncatingIfNeeded: slots[slot])
  }

  /// Stores a slot.
  @inlinable
  @inline(__always)
  internal func store(_ tagBits: UInt64, _ value: Int32, at slot: Int) {
    slots[slot] = tagBits | UInt64(UInt32(bitPattern: value))
  }

  /// Reads the home slots of a block of tags, so that the lookups that follow find them in the
  /// cache. Swift has no prefetch instruction; this tight loop of independent loads lets the
  /// processor fetch many slots at once, where the lookup loop alone would wait for one or two.
  @inlinable
  @inline(__always)
  internal mutating func touch(_ tags: UnsafePointer<UInt64>, count: Int) {
    var touched = self.touched
    for index in 0..<count { touched ^= slots[Int(truncatingIfNeeded: tags[index] &>> homeShift)] }
    self.touched = touched
  }

  /// Keeps the optimizer from removing the loads of ``touch(_:count:)``: their values flow into an
  /// atomic store it cannot drop.
  @inlinable
  internal func publishTouches() {
    _touchSink.store(Int(truncatingIfNeeded: touched), ordering: .relaxed)
  }

  /// Doubles the capacity, re-placing every slot from its tag.
  @usableFromInline
  internal mutating func grow() {
    let oldSlots = slots
    let oldCapacity = mask &+ 1
    let capacity = oldCapacity &<< 1
    slots = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
    slots.initialize(repeating: 0, count: capacity)
    mask = capacity &- 1
    homeShift &-= 1
    growthLimit = capacity / 4 * 3
    for index in 0..<oldCapacity {
      let slot = oldSlots[index]
      if slot != 0 { slots[findEmpty(slot & Self.tagMask)] = slot }
    }
    oldSlots.deallocate()
  }
}
