import TetherChangesets
import TetherTestSupport

/// The shapes of random old/new pairs the property tests draw from.
enum DiffingInputShape: CaseIterable {
  /// Independent arrays over a small alphabet: many duplicates, any relation between the sides.
  case independent
  /// Unique identifiers, new made from old by random deletes, inserts, moves and updates.
  case edited
  /// Like `edited`, with a few identifiers duplicated on either side.
  case editedWithDuplicates
  case emptyOld
  case emptyNew
  /// The same identifiers in a random order.
  case allMoved
  /// The same identifiers in the reverse order.
  case reversed
  /// The same identifiers in the same order, every content changed.
  case allUpdated
}

/// A random old/new pair of the given shape with up to `maxCount` elements per side.
func randomDiffingInput(
  _ shape: DiffingInputShape,
  maxCount: Int,
  using rng: inout SeededRandomNumberGenerator
) -> (old: [DiffItem], new: [DiffItem]) {
  // Mostly small sizes, sometimes up to the maximum.
  let limit = [maxCount, maxCount / 10, 12].randomElement(using: &rng)!
  let count = Int.random(in: 0...max(limit, 0), using: &rng)
  func unique(_ count: Int) -> [DiffItem] {
    (0..<count).map { DiffItem($0, Int.random(in: 0...1, using: &rng)) }.shuffled(using: &rng)
  }
  switch shape {
  case .independent:
    let alphabet = Int.random(in: 1...max(2, count / 2 + 1), using: &rng)
    let otherCount = Int.random(in: 0...max(limit, 0), using: &rng)
    func side(_ count: Int) -> [DiffItem] {
      (0..<count).map { _ in
        DiffItem(Int.random(in: 0..<alphabet, using: &rng), Int.random(in: 0...1, using: &rng))
      }
    }
    return (side(count), side(otherCount))
  case .edited, .editedWithDuplicates:
    let old = unique(count)
    let rate = [0.02, 0.1, 0.3, 0.8].randomElement(using: &rng)!
    var keyed: [(key: Double, item: DiffItem)] = []
    for (offset, item) in old.enumerated() {
      if Double.random(in: 0..<1, using: &rng) < rate / 2 { continue }  // deleted
      var item = item
      if Double.random(in: 0..<1, using: &rng) < rate { item.value += 1 }  // updated
      let moved = Double.random(in: 0..<1, using: &rng) < rate
      keyed.append((moved ? Double.random(in: -1...Double(count), using: &rng) : Double(offset), item))
    }
    for id in count..<(count + Int(Double(count) * rate / 2) + Int.random(in: 0...1, using: &rng)) {
      keyed.append((Double.random(in: -1...Double(count), using: &rng), DiffItem(id)))
    }
    keyed.sort { $0.key < $1.key }
    var new = keyed.map(\.item)
    var oldWithDuplicates = old
    if shape == .editedWithDuplicates {
      for _ in 0..<Int.random(in: 1...3, using: &rng) {
        if let copy = old.randomElement(using: &rng) {
          oldWithDuplicates.insert(copy, at: Int.random(in: 0...oldWithDuplicates.count, using: &rng))
        }
        if let copy = new.randomElement(using: &rng) {
          new.insert(copy, at: Int.random(in: 0...new.count, using: &rng))
        }
      }
    }
    return (oldWithDuplicates, new)
  case .emptyOld:
    return ([], unique(count))
  case .emptyNew:
    return (unique(count), [])
  case .allMoved:
    let old = unique(count)
    return (old, old.shuffled(using: &rng))
  case .reversed:
    let old = unique(count)
    return (old, old.reversed())
  case .allUpdated:
    let old = unique(count)
    return (old, old.map { DiffItem($0.id, $0.value + 1) })
  }
}
