import TetherTestSupport
import XCTest

@testable import TetherChangesets

/// `replaceSubrange` builds O(log n + k) nodes, strictly (issue 24): the nodes a replacement
/// leaves in the tree that the list did not hold before grow linearly with the height, not with
/// its square, even on a tree shaped for the worst case that the shape invariant allowed before
/// (every last child holding two entries).
final class PersistentArraySeamRepairTests: XCTestCase {
  /// 128 bytes, so that leaves hold 16 elements and a tree of height 3 fits in half a million.
  private struct Wide {
    var value: Int
    var padding: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) = (
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
    )
  }

  /// The nodes under `node`, by identity.
  private func nodes<Element>(_ node: _PersistentArrayNode<Element>) -> Set<ObjectIdentifier> {
    var found: Set<ObjectIdentifier> = [ObjectIdentifier(node)]
    for child in node.children { found.formUnion(nodes(child)) }
    return found
  }

  /// A list of height `height` whose every last child, at every level, holds two entries (with
  /// the old invariant, which allowed any last child to be small; with the new one, removals
  /// rebalance them): built full, then cut down by removals from the end of each last subtree,
  /// later subtrees first so that the offsets of the ones before stay put.
  private func worstCaseList(height: Int) -> (list: PersistentArray<Wide>, values: [Int]) {
    let leafCapacity = _PersistentArrayNode<Wide>.leafCapacity
    XCTAssertEqual(leafCapacity, 16)
    func size(_ height: Int) -> Int {
      var size = leafCapacity
      for _ in 0..<height { size *= 32 }
      return size
    }
    var list = PersistentArray((0..<size(height)).map { Wide(value: $0) })
    var values = Array(0..<size(height))
    func removeRange(_ range: Range<Int>) {
      for offset in range.reversed() {
        list.remove(at: offset)
        values.remove(at: offset)
      }
    }
    // Shapes the full subtree of `height` at `start`: a last one keeps its first two entries,
    // and within it, as within every other subtree, the last child is shaped as last.
    func shape(_ start: Int, _ height: Int, isLast: Bool) {
      guard height > 0 else {
        if isLast { removeRange(start + 2..<start + leafCapacity) }
        return
      }
      let childSize = size(height - 1)
      let kept = isLast ? 2 : 32
      removeRange(start + kept * childSize..<start + 32 * childSize)
      shape(start + (kept - 1) * childSize, height - 1, isLast: true)
      for child in (0..<kept - 1).reversed() { shape(start + child * childSize, height - 1, isLast: false) }
    }
    shape(0, height, isLast: false)
    return (list, values)
  }

  /// The offset reached by taking the second-to-last child at every level (the last when there
  /// is one), then offset 1 in the leaf: every level of the cut keeps a small tail after it.
  private func cutOffset<Element>(_ root: _PersistentArrayNode<Element>) -> Int {
    var node = root
    var offset = 0
    while node.height > 0 {
      let index = Swift.max(0, node.children.count - 2)
      for before in 0..<index { offset += node.childCounts[before] }
      node = node.children[index]
    }
    return offset + Swift.min(1, node.elements.count - 1)
  }

  func testReplaceSubrangeBuildsNodesLinearInTheHeight() {
    var built: [Int] = []
    for height in 1...3 {
      let (original, values) = worstCaseList(height: height)
      XCTAssertEqual(original._root.height, height)
      original._checkInvariants()
      let before = nodes(original._root)
      let start = cutOffset(original._root)
      var list = original
      list.replaceSubrange(start..<start + 2, with: [Wide(value: -1), Wide(value: -2), Wide(value: -3)])
      list._checkInvariants()
      var expected = values
      expected.replaceSubrange(start..<start + 2, with: [-1, -2, -3])
      XCTAssertEqual(list.map(\.value), expected)
      XCTAssertEqual(original.map(\.value), values, "the snapshot changed")
      built.append(nodes(list._root).subtracting(before).count)
    }
    print("PersistentArraySeamRepairTests: nodes built per replaceSubrange at heights 1...3: \(built)")
    // Measured 3, 6, 8: the path to the new leaf and the leaves merged at the two seams. With
    // last children allowed to be small anywhere, the suffix's seams descended again at every
    // level: 3, 5, 10.
    for (offset, count) in built.enumerated() {
      XCTAssertLessThanOrEqual(count, 2 * (offset + 1) + 2, "height \(offset + 1): \(built)")
    }
    XCTAssertLessThanOrEqual(built[2] - built[1], built[1] - built[0], "grows faster than the height: \(built)")
  }

  /// Random edits of every kind on lists up to height 3 (leaves of 16), checking every node
  /// against the invariant after each one (the debug builds' own check is shallow above 4,096
  /// elements) and the elements against an array's.
  func testRandomEditsKeepSmallNodesOnTheRightSpineOnly() {
    withSeeds(0..<4) { seed, generator in
      var list = PersistentArray((0..<20_000).map { Wide(value: $0) })
      var values = Array(0..<20_000)
      var next = 20_000
      func fresh(_ count: Int) -> [Int] {
        defer { next += count }
        return Array(next..<next + count)
      }
      for step in 0..<800 {
        let count = values.count
        switch Int.random(in: 0..<7, using: &generator) {
        case 0 where count > 0:
          let index = Int.random(in: 0..<count, using: &generator)
          list.remove(at: index)
          values.remove(at: index)
        case 1:
          let index = Int.random(in: 0...count, using: &generator)
          let value = fresh(1)[0]
          list.insert(Wide(value: value), at: index)
          values.insert(value, at: index)
        case 2, 3:
          let lower = Int.random(in: 0...count, using: &generator)
          let upper = Swift.min(count, lower + Int.random(in: 0...(step % 3 == 0 ? 3_000 : 40), using: &generator))
          let inserted = fresh(Int.random(in: 0...(step % 5 == 0 ? 2_000 : 40), using: &generator))
          list.replaceSubrange(lower..<upper, with: inserted.map { Wide(value: $0) })
          values.replaceSubrange(lower..<upper, with: inserted)
        case 4:
          let inserted = fresh(Int.random(in: 0...300, using: &generator))
          list.append(contentsOf: PersistentArray(inserted.map { Wide(value: $0) }))
          values.append(contentsOf: inserted)
        case 5 where count > 0:
          // Removals from the end, which leave the spine small.
          let removed = Swift.min(count, Int.random(in: 1...50, using: &generator))
          for _ in 0..<removed { list.removeLast() }
          values.removeLast(removed)
        default:
          let source = Int.random(in: 0..<Swift.max(1, count), using: &generator)
          let destination = Int.random(in: 0..<Swift.max(1, count), using: &generator)
          if count > 0 {
            list.move(from: source, to: destination)
            values.insert(values.remove(at: source), at: destination)
          }
        }
        list._checkInvariants()
        if step % 50 == 0 { XCTAssertEqual(list.map(\.value), values, "seed \(seed) step \(step)") }
      }
      XCTAssertEqual(list.map(\.value), values, "seed \(seed)")
    }
  }
}
