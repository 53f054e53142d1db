import Tether
import TetherTestSupport
import XCTest

// snippet: observable-collections-read-only-view
/// The model owns the mutable array; everyone else gets the read-only view.
final class ObservableCollectionsInbox: Sendable {
  private let _messages = MutableObservableArray<String>([])
  var messages: ObservableArray<String> { _messages }

  func receive(_ message: String) {
    _messages.append(message)
  }
}
// snippet-end

// snippet: observable-collections-todo
struct ObservableCollectionsTodo: Identifiable, Equatable, Sendable {
  let id: Int
  var title: String
}
// snippet-end

/// A chore of the collection-operators sample: a title, a priority and a done flag.
struct ObservableCollectionsChore: Sendable {
  var title: String
  var priority: Int
  var isDone = false
}

/// Stands in for `Swift.print` in this file, so the tests can read what the samples print.
private let printed = PrintedLines()

private func print(_ item: Any) {
  printed.append("\(item)")
}

final class ObservableCollectionsSnippetTests: XCTestCase {
  func testAReadOnlyViewCanBeObservedNotChanged() {
    let bag = DisposeBag()
    let inbox = ObservableCollectionsInbox()
    inbox.messages.observeNext { print($0) }.dispose(in: bag)
    inbox.receive("hello")
    XCTAssertEqual(
      printed.lines, ["reload []", #"["hello"] diff D[] I[0] U[] M[] patch [insert(hello, at: 0)]"#])
    bag.dispose()
  }

  func testReloadsAreExplicit() {
    // snippet: observable-collections-reloads
    let bag = DisposeBag()
    let numbers = MutableObservableArray([3, 1, 2])
    numbers.observeNext { print($0) }.dispose(in: bag)
    numbers.append(contentsOf: [])  // changes nothing: an empty changeset, not a reload
    numbers.sort()  // only the element that breaks the order moves
    numbers.replace(with: [7, 8])  // an explicit reload
    // snippet-end
    XCTAssertEqual(
      printed.lines,
      [
        "reload [3, 1, 2]",
        "[3, 1, 2] diff D[] I[] U[] M[] patch []",
        "[1, 2, 3] diff D[] I[] U[] M[0→2] patch [move(0 → 2)]",
        "reload [7, 8]",
      ]
    )
    bag.dispose()
  }

  func testABatchIsOneChangeset() {
    // snippet: observable-collections-batch
    let bag = DisposeBag()
    let queue = MutableObservableArray(["a", "b", "c"])
    queue.observeNext { print($0) }.dispose(in: bag)
    let rotated = queue.batchUpdate { batch -> String in
      let first = batch.remove(at: 0)
      batch.append(first)
      batch[0] = batch[0].uppercased()  // reads see the batch's changes so far
      return first
    }
    print("rotated \(rotated)")
    // snippet-end
    XCTAssertEqual(
      printed.lines,
      [
        #"reload ["a", "b", "c"]"#,
        #"["B", "c", "a"] diff D[0] I[2] U[1] M[] patch [delete(0), insert(a, at: 2), update(0, B)]"#,
        "rotated a",
      ]
    )
    XCTAssertEqual(queue.collection, ["B", "c", "a"])
    bag.dispose()
  }

  func testADiffedReplacementMatchesIdentifiableElementsById() {
    // snippet: observable-collections-replace
    let bag = DisposeBag()
    let todos = MutableObservableArray([
      ObservableCollectionsTodo(id: 1, title: "write"),
      ObservableCollectionsTodo(id: 2, title: "test"),
    ])
    todos.observeNext { changeset in
      if !changeset.isReload { print(changeset.diff) }
    }.dispose(in: bag)
    todos.replace(
      with: [
        ObservableCollectionsTodo(id: 2, title: "test (done)"),
        ObservableCollectionsTodo(id: 1, title: "write"),
        ObservableCollectionsTodo(id: 3, title: "ship"),
      ],
      performDiff: true
    )
    // snippet-end
    XCTAssertEqual(printed.lines, ["D[] I[2] U[1] M[1→0]"])
    bag.dispose()
  }

  func testUndoAndRedo() {
    // snippet: observable-collections-undo
    let bag = DisposeBag()
    let letters = MutableObservableArray(["a", "b", "c"])
    let log = Property<[MutableObservableArray<String>.Changeset]>([])
    letters.observeNext { changeset in log.silentModify { $0.append(changeset) } }.dispose(in: bag)
    letters.remove(at: 0)
    letters.append("d")

    // Each changeset's collection is a snapshot, so the one before the last change is its source.
    let changes = log.value
    let last = changes[changes.count - 1]
    let before = changes[changes.count - 2].collection
    letters.undo(last, from: before)
    print(letters.collection)  // ["b", "c"]
    letters.apply(last)  // redo
    print(letters.collection)  // ["b", "c", "d"]
    // snippet-end
    XCTAssertEqual(printed.lines, [#"["b", "c"]"#, #"["b", "c", "d"]"#])
    let all = log.value
    XCTAssertEqual(all.count, 5)
    XCTAssertEqual(all[3].patch, [.delete(at: 2)])
    bag.dispose()
  }

  func testATwoDimensionalArray() {
    // snippet: observable-collections-array2d
    let bag = DisposeBag()
    let contacts = MutableObservableArray2D(
      Array2D(sectionsWithItems: [("A", ["Alice", "Avery"]), ("B", ["Bob"])])
    )
    contacts.observeNext { print($0) }.dispose(in: bag)
    contacts.appendItem("Bea", toSectionAt: 1)
    contacts.moveItem(from: [0, 1], to: [1, 0])  // across sections: one move
    contacts.appendSection("C", items: ["Cleo"])
    print(contacts[itemAt: [1, 0]])
    // snippet-end
    XCTAssertEqual(
      printed.lines,
      [
        "reload [A: [Alice, Avery], B: [Bob]]",
        "diff D[] I[[1, 1]] U[] M[] patch [insert(Bea, at: [1, 1])]",
        "diff D[] I[] U[] M[[0, 1]→[1, 0]] patch [move([0, 1] → [1, 0])]",
        "diff D[] I[[2]] U[] M[] patch [insert(C(Cleo), at: [2])]",
        "Avery",
      ]
    )
    bag.dispose()
  }

  func testSetsAndDictionaries() {
    // snippet: observable-collections-set-dictionary
    let bag = DisposeBag()
    let tags = MutableObservableSet<String>(["swift"])
    tags.observeNext { print($0) }.dispose(in: bag)
    tags.insert("linux")
    tags.insert("swift")  // already a member: an empty changeset

    let scores = MutableObservableDictionary(["ann": 3, "bob": 5])
    scores.sortedCollection { $0.value > $1.value }
      .observeNext { leaderboard in print(leaderboard.collection.map { "\($0.key): \($0.value)" }) }
      .dispose(in: bag)
    scores["cy"] = 9
    scores["ann"] = nil
    // snippet-end
    XCTAssertEqual(
      printed.lines,
      [
        "reload [swift]",
        "[linux, swift] diff D0 I1 U0 patch [insert(linux)]",
        "[linux, swift] diff D0 I0 U0 patch []",
        #"["bob: 5", "ann: 3"]"#,
        #"["cy: 9", "bob: 5", "ann: 3"]"#,
        #"["cy: 9", "bob: 5"]"#,
      ]
    )
    bag.dispose()
  }

  func testACustomCollectionType() {
    // snippet: observable-collections-custom
    typealias ObservableSamples = MutableObservableCollection<ContiguousArray<Double>>
    let samples = ObservableSamples([0.5, 0.25])
    samples.append(1)
    samples.move(from: 2, to: 0)
    print(samples.collection)  // [1.0, 0.5, 0.25]
    // snippet-end
    XCTAssertEqual(printed.lines, ["[1.0, 0.5, 0.25]"])
  }

  func testCollectionOperators() {
    // snippet: observable-collections-operators
    let bag = DisposeBag()
    let chores = MutableObservableArray([
      ObservableCollectionsChore(title: "dishes", priority: 2),
      ObservableCollectionsChore(title: "laundry", priority: 1, isDone: true),
      ObservableCollectionsChore(title: "taxes", priority: 3),
    ])
    chores.filterCollection { !$0.isDone }.mapCollection(\.title)
      .observeNext { print("open: \($0)") }.dispose(in: bag)
    chores.sortedCollection(on: \.priority).mapCollection(\.title)
      .observeNext { print("by priority: \($0)") }.dispose(in: bag)
    chores[1] = ObservableCollectionsChore(title: "laundry", priority: 1)  // reopened
    chores.append(ObservableCollectionsChore(title: "plants", priority: 0))
    // snippet-end
    XCTAssertEqual(
      printed.lines,
      [
        #"open: reload ["dishes", "taxes"]"#,
        #"by priority: reload ["laundry", "dishes", "taxes"]"#,
        #"open: ["dishes", "laundry", "taxes"] diff D[] I[1] U[] M[] patch [insert(laundry, at: 1)]"#,
        #"by priority: ["laundry", "dishes", "taxes"] diff D[] I[] U[0] M[] patch [update(0, laundry)]"#,
        #"open: ["dishes", "laundry", "taxes", "plants"] diff D[] I[3] U[] M[] patch [insert(plants, at: 3)]"#,
        #"by priority: ["plants", "laundry", "dishes", "taxes"] diff D[] I[0] U[] M[] patch [insert(plants, at: 0)]"#,
      ]
    )
    bag.dispose()
  }

  func testLiveFilter() {
    // snippet: observable-collections-live-filter
    let bag = DisposeBag()
    let names = MutableObservableArray(["Ada", "Alan", "Grace", "Linus"])
    let searchText = Property("")
    names.filterCollection(by: searchText) { name, text in
      text.isEmpty || name.lowercased().contains(text.lowercased())
    }
    .observeNext { print($0) }.dispose(in: bag)
    searchText.value = "a"
    searchText.value = "al"
    names.append("Alice")
    // snippet-end
    XCTAssertEqual(
      printed.lines,
      [
        #"reload ["Ada", "Alan", "Grace", "Linus"]"#,
        #"["Ada", "Alan", "Grace"] diff D[3] I[] U[] M[] patch [delete(3)]"#,
        #"["Alan"] diff D[0, 2] I[] U[] M[] patch [delete(2), delete(0)]"#,
        #"["Alan", "Alice"] diff D[] I[1] U[] M[] patch [insert(Alice, at: 1)]"#,
      ]
    )
    bag.dispose()
  }

  func testGroupedCollection() {
    // snippet: observable-collections-grouped
    let bag = DisposeBag()
    let chores = MutableObservableArray([
      ObservableCollectionsChore(title: "dishes", priority: 2),
      ObservableCollectionsChore(title: "laundry", priority: 1),
      ObservableCollectionsChore(title: "taxes", priority: 2),
    ])
    chores.groupedCollection(by: \.priority, sectionOrder: .ascending)
      .observeNext { changeset in
        let sections = changeset.collection.sections
        print(
          sections.map { "\($0.metadata): \($0.items.map(\.title).joined(separator: ", "))" }.joined(separator: "; "))
        if !changeset.isReload { print(changeset.diff) }
      }
      .dispose(in: bag)
    chores[2] = ObservableCollectionsChore(title: "taxes", priority: 1)
    // snippet-end
    XCTAssertEqual(
      printed.lines,
      ["1: laundry; 2: dishes, taxes", "1: laundry, taxes; 2: dishes", "D[] I[] U[[1, 1]] M[[1, 1]→[0, 1]]"]
    )
    bag.dispose()
  }

  func testDiffingASignalOfArrays() {
    // snippet: observable-collections-diff
    let bag = DisposeBag()
    let results = PassthroughSubject<[String], Never>()
    results.diff().observeNext { print($0) }.dispose(in: bag)
    results.send(["a", "b", "c"])
    results.send(["c", "a", "d"])
    // snippet-end
    XCTAssertEqual(
      printed.lines,
      [
        #"reload ["a", "b", "c"]"#,
        #"["c", "a", "d"] diff D[1] I[2] U[] M[2→0] patch [delete(1), move(1 → 0), insert(d, at: 2)]"#,
      ]
    )
    bag.dispose()
  }
}
