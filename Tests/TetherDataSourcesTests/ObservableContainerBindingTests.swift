import Foundation
import TetherChangesets
import TetherCollections
import TetherDataSources
import TetherSignals
import TetherTerminal
import TetherTestSupport
import TetherValidatingViews
import XCTest

/// Random mutation sequences on every observable container, bound through the binders to the
/// validating views: no UIKit (or AppKit) rule is ever broken, no changeset needs the reload
/// fallback, and the view always shows the container's collection.
final class ObservableContainerBindingTests: XCTestCase {
  // Random values repeat on purpose (duplicates must still bind and replay); keep the logger's
  // duplicate-identifier warnings out of the test output.
  override func setUp() {
    silenceTetherWarnings()
  }

  func testObservableArraysThroughTheSectionedAndFlatBinders() {
    MainActor.assumeIsolated {
      withSeeds(0..<60) { seed, rng in
        let array = MutableObservableArray(
          randomArray(count: Int.random(in: 0...8, using: &rng), alphabet: 50, using: &rng))
        let view = BatchUpdateValidatingView<Int>()
        view.recordsCalls = false
        let binder = RecordingBinder<SingleSectionChangeset<[Int]>, BatchUpdateValidatingView<Int>>()
        array.bind(to: view, using: binder)
        let flat = FlatUpdateValidatingView<Int>()
        flat.recordsCalls = false
        array.bind(to: flat) { array, row, _ in array.item(at: row) }
        var next = 1000
        for step in 0..<25 {
          mutate(array, next: &next, using: &rng)
          let context = "seed \(seed), step \(step)"
          XCTAssertEqual(view.violations, [], context)
          XCTAssertEqual(binder.fallbacks, [], context)
          XCTAssertEqual(view.rows, [array.collection], context)
          XCTAssertEqual(flat.violations, [], context)
          XCTAssertEqual(flat.rows, array.collection, context)
        }
      }
    }
  }

  func testObservableListsThroughTheSectionedAndFlatBinders() {
    MainActor.assumeIsolated {
      withSeeds(0..<60) { seed, rng in
        let initialCount = seed % 3 == 0 ? Int.random(in: 60...300, using: &rng) : Int.random(in: 0...8, using: &rng)
        let list = MutableObservableList(
          PersistentArray(randomArray(count: initialCount, alphabet: 50, using: &rng)))
        let view = BatchUpdateValidatingView<Int>()
        view.recordsCalls = false
        let binder = RecordingBinder<SingleSectionChangeset<PersistentArray<Int>>, BatchUpdateValidatingView<Int>>()
        list.bind(to: view, using: binder)
        let flat = FlatUpdateValidatingView<Int>()
        flat.recordsCalls = false
        list.bind(to: flat) { list, row, _ in list.item(at: row) }
        var next = 1000
        for step in 0..<25 {
          mutate(list, next: &next, using: &rng)
          let context = "seed \(seed), step \(step)"
          XCTAssertEqual(view.violations, [], context)
          XCTAssertEqual(binder.fallbacks, [], context)
          XCTAssertEqual(view.rows, [Array(list.collection)], context)
          XCTAssertEqual(flat.violations, [], context)
          XCTAssertEqual(flat.rows, Array(list.collection), context)
        }
      }
    }
  }

  func testObservable2DArraysThroughTheSectionedBinderAndTheTerminalView() {
    MainActor.assumeIsolated {
      withSeeds(0..<60) { seed, rng in
        let grid = MutableObservableArray2D<Int, Int>(Array2D(sectionsWithItems: [(1, [2, 3]), (4, [5])]))
        let view = BatchUpdateValidatingView<Int>()
        view.recordsCalls = false
        let binder = RecordingBinder<TreeChangeset<Array2D<Int, Int>>, BatchUpdateValidatingView<Int>>()
        grid.bind(to: view, using: binder)
        let terminal = TerminalListView(mode: .plain) { _ in }
        grid.bind(to: terminal, cellType: TerminalTextCell.self) { cell, item in cell.text = "\(item)" }
        var next = 100
        for step in 0..<25 {
          mutate(grid, next: &next, using: &rng)
          let context = "seed \(seed), step \(step)"
          let sections = grid.collection.sections
          XCTAssertEqual(view.violations, [], context)
          XCTAssertEqual(binder.fallbacks, [], context)
          XCTAssertEqual(view.rows, sections.map(\.items), context)
          XCTAssertEqual(view.sectionTitles, sections.map { "\($0.metadata)" }, context)
          XCTAssertEqual(terminal.violations, [], context)
          XCTAssertEqual(
            terminal.lines, sections.flatMap { ["[\($0.metadata)]"] + $0.items.map { "  \($0)" } }, context)
        }
      }
    }
  }

  func testObservableTreesAsTwoLevelsAndThroughTheOutlineBinder() {
    MainActor.assumeIsolated {
      withSeeds(0..<60) { seed, rng in
        let tree = MutableObservableTreeArray<Int>(TreeArray([TreeNode(1, [TreeNode(2, [TreeNode(3)])]), TreeNode(4)]))
        let view = BatchUpdateValidatingView<Int>()
        view.recordsCalls = false
        let binder = RecordingBinder<TreeChangeset<TreeArray<Int>>, BatchUpdateValidatingView<Int>>()
        tree.bind(to: view, using: binder)
        let outline = OutlineUpdateValidatingView<Int>()
        outline.recordsCalls = false
        tree.bind(to: outline) { item, _ in item.value }
        var next = 100
        for step in 0..<25 {
          mutate(tree, next: &next, using: &rng)
          let context = "seed \(seed), step \(step)"
          let forest = tree.collection
          func row(_ node: TreeNode<Int>) -> OutlineUpdateValidatingView<Int>.Row {
            .init(cell: node.value, children: node.children.map(row))
          }
          XCTAssertEqual(view.violations, [], context)
          XCTAssertEqual(binder.fallbacks, [], context)
          XCTAssertEqual(view.rows, forest.children.map { $0.children.map(\.value) }, context)
          XCTAssertEqual(outline.violations, [], context)
          XCTAssertEqual(outline.rows, forest.children.map(row), context)
        }
      }
    }
  }
}

private func mutate<C: RangeReplaceableCollection>(
  _ array: MutableObservableCollection<C>, next: inout Int, using rng: inout SeededRandomNumberGenerator
) where C.Element == Int {
  next += 1
  let count = array.count
  switch Int.random(in: 0..<9, using: &rng) {
  case 0: array.append(next)
  case 1: array.insert(next, at: Int.random(in: 0...count, using: &rng))
  case 2 where count > 0: array.remove(at: Int.random(in: 0..<count, using: &rng))
  case 3 where count > 0:
    array.move(from: Int.random(in: 0..<count, using: &rng), to: Int.random(in: 0..<count, using: &rng))
  case 4 where count > 1: array.swapAt(Int.random(in: 0..<count, using: &rng), Int.random(in: 0..<count, using: &rng))
  case 5: array.sort()
  case 6:
    var target: [Int] = array.collection.filter { _ in Bool.random(using: &rng) }
    target.insert(next, at: Int.random(in: 0...target.count, using: &rng))
    target.shuffle(using: &rng)
    array.replace(with: C(target), performDiff: true)
  case 7:
    let seed = rng.next()
    array.batchUpdate { batch in
      var local = SeededRandomNumberGenerator(seed: seed)
      for value in 0..<3 {
        let size = batch.count
        if size > 0 && Bool.random(using: &local) {
          batch.move(from: Int.random(in: 0..<size, using: &local), to: Int.random(in: 0..<size, using: &local))
        } else {
          batch.insert(-value, at: Int.random(in: 0...size, using: &local))
        }
      }
      if batch.count > 0 { _ = batch.remove(at: 0) }
    }
  default:
    if count > 0 { array[Int.random(in: 0..<count, using: &rng)] = next } else { array.append(next) }
  }
}

private func mutate(
  _ grid: MutableObservableArray2D<Int, Int>, next: inout Int, using rng: inout SeededRandomNumberGenerator
) {
  next += 1
  let sections = grid.numberOfSections
  let filled = (0..<sections).filter { grid.numberOfItems(inSection: $0) > 0 }
  switch Int.random(in: 0..<10, using: &rng) {
  case 0: grid.insert(section: .init(metadata: next, items: [next + 1]), at: Int.random(in: 0...sections, using: &rng))
  case 1 where sections > 0: grid.removeSection(at: Int.random(in: 0..<sections, using: &rng))
  case 2 where sections > 0:
    grid.moveSection(from: Int.random(in: 0..<sections, using: &rng), to: Int.random(in: 0..<sections, using: &rng))
  case 3 where sections > 0: grid.updateMetadata(ofSectionAt: Int.random(in: 0..<sections, using: &rng), with: next)
  case 4 where sections > 0:
    let section = Int.random(in: 0..<sections, using: &rng)
    grid.insert(item: next, at: [section, Int.random(in: 0...grid.numberOfItems(inSection: section), using: &rng)])
  case 5 where !filled.isEmpty:
    let section = filled.randomElement(using: &rng)!
    grid.removeItem(at: [section, Int.random(in: 0..<grid.numberOfItems(inSection: section), using: &rng)])
  case 6 where !filled.isEmpty:
    let section = filled.randomElement(using: &rng)!
    grid[itemAt: [section, Int.random(in: 0..<grid.numberOfItems(inSection: section), using: &rng)]] = next
  case 7 where !filled.isEmpty:
    let from = filled.randomElement(using: &rng)!
    let fromItem = Int.random(in: 0..<grid.numberOfItems(inSection: from), using: &rng)
    let to = Int.random(in: 0..<sections, using: &rng)
    let limit = grid.numberOfItems(inSection: to) - (to == from ? 1 : 0)
    grid.moveItem(from: [from, fromItem], to: [to, Int.random(in: 0...limit, using: &rng)])
  case 8 where sections > 1:
    // A batch mixing section moves and item moves: what needs staging.
    let seed = rng.next()
    grid.batchUpdate { batch in
      var local = SeededRandomNumberGenerator(seed: seed)
      batch.moveSection(from: 0, to: batch.numberOfSections - 1)
      let last = batch.numberOfSections - 1
      if batch.numberOfItems(inSection: last) > 1 { batch.moveItem(from: [last, 0], to: [last, 1]) }
      batch.appendItem(Int.random(in: 1000..<2000, using: &local), toSectionAt: 0)
      if batch.numberOfItems(inSection: 0) > 0 { batch[itemAt: [0, 0]] = Int.random(in: 2000..<3000, using: &local) }
    }
  default:
    var target = grid.collection
    target.sections.shuffle(using: &rng)
    if !target.sections.isEmpty { target.sections[0].items.append(next) }
    grid.replace(with: target, performDiff: true)
  }
}

private func mutate(
  _ tree: MutableObservableTreeArray<Int>, next: inout Int, using rng: inout SeededRandomNumberGenerator
) {
  let forest = tree.collection
  let patch = randomForestPatch(on: forest, count: 1, next: &next, using: &rng)
  switch patch[0] {
  case .insert(let node, let path): tree.insert(node, at: path)
  case .delete(let path): tree.remove(at: path)
  case .update(let path, let node): tree.updateValue(node.value, at: path)
  case .move(let from, let to): tree.move(from: from, to: to)
  }
}
