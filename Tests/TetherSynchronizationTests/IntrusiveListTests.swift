import TetherSynchronization
import TetherTestSupport
import XCTest

/// ``IntrusiveList``: order, O(1) removal anywhere, and ownership (one retain per node while it is
/// in the list, given up by `remove` and moved out by `removeAll`). Misuse traps: see
/// `SynchronizationTrapTests`.
final class IntrusiveListTests: XCTestCase {
  func testANewListIsEmpty() {
    var list = IntrusiveList<TestNode>()
    XCTAssertTrue(list.isEmpty)
    XCTAssertEqual(list.count, 0)
    XCTAssertNil(list.first)
    XCTAssertNil(list.last)
    XCTAssertEqual(list.ids, [])
    XCTAssertEqual(list.removeAll().count, 0)
  }

  func testAppendKeepsInsertionOrderBothWays() {
    var list = IntrusiveList<TestNode>()
    let nodes = (0..<5).map { TestNode($0) }
    for node in nodes {
      XCTAssertFalse(node.links.pointee.isLinked)
      list.append(node)
      XCTAssertTrue(node.links.pointee.isLinked)
    }
    XCTAssertEqual(list.count, 5)
    XCTAssertFalse(list.isEmpty)
    XCTAssertEqual(list.ids, [0, 1, 2, 3, 4])
    XCTAssertEqual(list.idsBackwards, [4, 3, 2, 1, 0])
    XCTAssertEqual(list.removeAll().map(\.id), [0, 1, 2, 3, 4])
  }

  func testRemovingFirstMiddleAndLastKeepsTheOthersInOrder() {
    var list = IntrusiveList<TestNode>()
    let nodes = (0..<5).map { TestNode($0) }
    nodes.forEach { list.append($0) }
    list.remove(nodes[2])
    XCTAssertEqual(list.ids, [0, 1, 3, 4])
    list.remove(nodes[0])
    XCTAssertEqual(list.ids, [1, 3, 4])
    list.remove(nodes[4])
    XCTAssertEqual(list.ids, [1, 3])
    XCTAssertEqual(list.idsBackwards, [3, 1])
    XCTAssertEqual(list.count, 2)
    for index in [0, 2, 4] {
      XCTAssertFalse(nodes[index].links.pointee.isLinked, "node \(index)")
      XCTAssertNil(nodes[index].links.pointee.previous, "node \(index)")
      XCTAssertNil(nodes[index].links.pointee.next, "node \(index)")
    }
    list.remove(nodes[1])
    list.remove(nodes[3])
    XCTAssertTrue(list.isEmpty)
    XCTAssertNil(list.first)
    XCTAssertNil(list.last)
  }

  func testARemovedNodeCanBeAppendedAgainAtTheEnd() {
    var list = IntrusiveList<TestNode>()
    let nodes = (0..<3).map { TestNode($0) }
    nodes.forEach { list.append($0) }
    list.remove(nodes[0])
    list.append(nodes[0])
    XCTAssertEqual(list.ids, [1, 2, 0])
    XCTAssertEqual(list.idsBackwards, [0, 2, 1])
    _ = list.removeAll()
  }

  func testForEachUnretainedStartsAtAnyNode() {
    var list = IntrusiveList<TestNode>()
    let nodes = (0..<4).map { TestNode($0) }
    nodes.forEach { list.append($0) }
    var visited: [Int] = []
    IntrusiveList<TestNode>.forEachUnretained(
      from: UnsafeRawPointer(Unmanaged.passUnretained(nodes[2]).toOpaque()), as: TestNode.self
    ) { visited.append($0.takeUnretainedValue().id) }
    XCTAssertEqual(visited, [2, 3])
    visited = []
    IntrusiveList<TestNode>.forEachUnretained(from: nil, as: TestNode.self) {
      visited.append($0.takeUnretainedValue().id)
    }
    XCTAssertEqual(visited, [])
    _ = list.removeAll()
  }

  // MARK: Ownership

  func testTheListRetainsEachNodeOnceAndRemoveReleasesIt() {
    let counter = DeinitCounter()
    var list = IntrusiveList<TestNode>()
    weak var weakNode: TestNode?
    do {
      var node = TestNode(7, counter: counter)
      weakNode = node
      XCTAssertTrue(isKnownUniquelyReferenced(&node))
      list.append(node)
      XCTAssertFalse(isKnownUniquelyReferenced(&node), "the list holds a reference")
    }
    XCTAssertNotNil(weakNode, "the list keeps its node alive")
    XCTAssertEqual(counter.count, 0)
    do {
      var node = weakNode!
      list.remove(node)
      XCTAssertTrue(isKnownUniquelyReferenced(&node), "remove gave up the list's only reference")
    }
    XCTAssertNil(weakNode, "no reference left once the caller's is gone")
    XCTAssertEqual(counter.ids, [7])
  }

  func testRemoveAllMovesTheReferencesIntoTheArray() {
    let counter = DeinitCounter()
    var list = IntrusiveList<TestNode>()
    (0..<3).forEach { list.append(TestNode($0, counter: counter)) }
    XCTAssertEqual(counter.count, 0, "the list alone keeps its nodes alive")
    var all = list.removeAll()
    XCTAssertTrue(list.isEmpty)
    XCTAssertEqual(counter.count, 0, "the array owns them now")
    for index in all.indices {
      XCTAssertTrue(isKnownUniquelyReferenced(&all[index]), "node \(index): the array's is the only reference")
      XCTAssertFalse(all[index].links.pointee.isLinked)
    }
    all = []
    XCTAssertEqual(counter.ids, [0, 1, 2])
  }

  // MARK: Against a model

  /// Random appends, removals (anywhere) and occasional `removeAll`s, checked after every step
  /// against an array: order both ways, count, which nodes are linked, and that every node the
  /// list gave up was deinitialized exactly when the model dropped it.
  func testRandomOperationsMatchAnArrayModel() {
    withSeeds(0..<40) { seed, rng in
      let counter = DeinitCounter()
      var list = IntrusiveList<TestNode>()
      var model: [TestNode] = []
      var nextID = 0
      for step in 0..<300 {
        let roll = Int.random(in: 0..<100, using: &rng)
        if roll < 55 || model.isEmpty {
          let node = TestNode(nextID, counter: counter)
          nextID += 1
          list.append(node)
          model.append(node)
        } else if roll < 98 {
          let index = Int.random(in: model.indices, using: &rng)
          list.remove(model[index])
          XCTAssertFalse(model[index].links.pointee.isLinked, "seed \(seed) step \(step)")
          model.remove(at: index)
        } else {
          let removed = list.removeAll()
          XCTAssertEqual(removed.map(\.id), model.map(\.id), "seed \(seed) step \(step): removeAll")
          model = []
        }
        XCTAssertEqual(list.ids, model.map(\.id), "seed \(seed) step \(step)")
        XCTAssertEqual(list.idsBackwards, model.reversed().map(\.id), "seed \(seed) step \(step)")
        XCTAssertEqual(list.count, model.count, "seed \(seed) step \(step)")
        XCTAssertEqual(counter.count, nextID - model.count, "seed \(seed) step \(step): deinitialized")
      }
      _ = list.removeAll()
      model = []
      XCTAssertEqual(counter.count, nextID, "seed \(seed): every node deinitialized once")
      XCTAssertEqual(Set(counter.ids).count, nextID, "seed \(seed): no node deinitialized twice")
    }
  }

  /// Every way of removing any subset of up to 5 nodes, in every order: the rest stay, in order,
  /// and each removed node is released.
  func testEveryRemovalOrderOfEverySubsetOfSmallLists() {
    func permutations(_ elements: [Int]) -> [[Int]] {
      guard let head = elements.first else { return [[]] }
      return permutations(Array(elements.dropFirst())).flatMap { rest in
        (0...rest.count).map { position in
          var permutation = rest
          permutation.insert(head, at: position)
          return permutation
        }
      }
    }
    var cases = 0
    withEvery("n", in: 0...5) { n in
      withEvery("subset", in: 0..<(1 << n)) { mask in
        let subset = (0..<n).filter { mask & (1 << $0) != 0 }
        withEvery("order", in: permutations(subset)) { order in
          cases += 1
          let counter = DeinitCounter()
          var list = IntrusiveList<TestNode>()
          var nodes: [TestNode?] = (0..<n).map { TestNode($0, counter: counter) }
          nodes.forEach { list.append($0!) }
          for id in order {
            list.remove(nodes[id]!)
            nodes[id] = nil
          }
          let expected = (0..<n).filter { !subset.contains($0) }
          XCTAssertEqual(list.ids, expected, "n \(n) removing \(order)")
          XCTAssertEqual(list.idsBackwards, expected.reversed(), "n \(n) removing \(order)")
          XCTAssertEqual(list.count, expected.count, "n \(n) removing \(order)")
          XCTAssertEqual(counter.ids, order, "n \(n) removing \(order): released as removed")
          nodes = []
          XCTAssertEqual(counter.count, order.count, "n \(n) removing \(order): the list keeps the rest")
          XCTAssertEqual(list.removeAll().map(\.id), expected, "n \(n) removing \(order)")
        }
      }
    }
    XCTAssertEqual(cases, 1 + 2 + 5 + 16 + 65 + 326)
  }
}
