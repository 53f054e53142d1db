import Foundation
import TetherChangesets
import TetherSignals
import TetherTestSupport
import XCTest

// Shared by the 2D-array operator tests.

func runGrid<Output>(
  _ stream: [TreeChangeset<Array2D<String, Int>>],
  _ makeSignal: (PassthroughSubject<TreeChangeset<Array2D<String, Int>>, Never>) -> Signal<Output, Never>
) -> [Output] {
  let subject = PassthroughSubject<TreeChangeset<Array2D<String, Int>>, Never>()
  let recorder = EventRecorder<Output, Never>()
  recorder.observe(makeSignal(subject))
  for changeset in stream { subject.send(changeset) }
  recorder.assertNoViolations()
  return recorder.elements
}

/// Random 2D-array changesets: section and item inserts, deletes, updates and moves (items
/// across sections), as patches, as diffs only, and now and then a reload.
func randomGridStream(steps: Int, using rng: inout SeededRandomNumberGenerator) -> [TreeChangeset<Array2D<String, Int>>]
{
  var nextItem = 0
  func item(_ rng: inout SeededRandomNumberGenerator) -> Int {
    nextItem += 1
    return nextItem
  }
  func section(_ rng: inout SeededRandomNumberGenerator) -> TreeNode<Array2DElement<String, Int>> {
    let name = String(UnicodeScalar(UInt8(65 + Int.random(in: 0..<26, using: &rng))))
    return TreeNode<Array2DElement<String, Int>>(
      .section(name),
      (0..<Int.random(in: 0..<4, using: &rng)).map { _ in TreeNode<Array2DElement<String, Int>>(.item(item(&rng))) })
  }
  func randomGrid(_ rng: inout SeededRandomNumberGenerator) -> Array2D<String, Int> {
    var grid = Array2D<String, Int>()
    for index in 0..<Int.random(in: 0..<4, using: &rng) { grid.insert(section(&rng), at: [index]) }
    return grid
  }
  var grid = randomGrid(&rng)
  var stream: [TreeChangeset<Array2D<String, Int>>] = [.reload(grid)]
  for _ in 0..<steps {
    if Int.random(in: 0..<12, using: &rng) == 0 {
      grid = randomGrid(&rng)
      stream.append(.reload(grid))
      continue
    }
    var patch: [OrderedCollectionOperation<TreeNode<Array2DElement<String, Int>>, IndexPath>] = []
    let operationCount = Int.random(in: 0..<12, using: &rng) == 0 ? 12 : Int.random(in: 0...3, using: &rng)
    for _ in 0..<operationCount {
      let sectionCount = grid.numberOfSections
      let itemPaths = grid.sections.indices.flatMap { s in
        grid.sections[s].items.indices.map { IndexPath(indexes: [s, $0]) }
      }
      let operation: OrderedCollectionOperation<TreeNode<Array2DElement<String, Int>>, IndexPath>
      switch Int.random(in: 0..<8, using: &rng) {
      case 0:
        operation = .insert(section(&rng), at: [Int.random(in: 0...sectionCount, using: &rng)])
      case 1 where sectionCount > 0:
        operation = .delete(at: [Int.random(in: 0..<sectionCount, using: &rng)])
      case 2 where sectionCount > 0:
        operation = .update(
          at: [Int.random(in: 0..<sectionCount, using: &rng)],
          newElement: TreeNode<Array2DElement<String, Int>>(.section("U")))
      case 3 where sectionCount > 1:
        operation = .move(
          from: [Int.random(in: 0..<sectionCount, using: &rng)], to: [Int.random(in: 0..<sectionCount, using: &rng)])
      case 4 where sectionCount > 0:
        let s = Int.random(in: 0..<sectionCount, using: &rng)
        let i = Int.random(in: 0...grid.sections[s].items.count, using: &rng)
        operation = .insert(TreeNode<Array2DElement<String, Int>>(.item(item(&rng))), at: [s, i])
      case 5 where !itemPaths.isEmpty:
        operation = .delete(at: itemPaths.randomElement(using: &rng)!)
      case 6 where !itemPaths.isEmpty:
        operation = .update(
          at: itemPaths.randomElement(using: &rng)!,
          newElement: TreeNode<Array2DElement<String, Int>>(.item(item(&rng))))
      case 7 where !itemPaths.isEmpty:
        let from = itemPaths.randomElement(using: &rng)!
        var after = grid
        after.remove(at: from)
        let s = Int.random(in: 0..<sectionCount, using: &rng)
        operation = .move(from: from, to: [s, Int.random(in: 0...after.sections[s].items.count, using: &rng)])
      default:
        continue
      }
      grid.apply([operation])
      patch.append(operation)
    }
    let changeset = TreeChangeset<Array2D<String, Int>>(collection: grid, patch: patch)
    stream.append(
      Bool.random(using: &rng) ? changeset : TreeChangeset<Array2D<String, Int>>(collection: grid, diff: changeset.diff)
    )
  }
  return stream
}
