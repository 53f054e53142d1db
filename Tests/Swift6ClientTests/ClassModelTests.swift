import Foundation
import Tether
import XCTest

/// A Bond app's model: a plain class, not `Sendable`.
final class Person {
  var name: String

  init(name: String) {
    self.name = name
  }
}

/// A main-actor view model of a list of people.
@MainActor
final class PeopleViewModel {
  private(set) var names: [String] = []
  private(set) var countLine = ""
  let people = MutableObservableArray<Person>([])
  private let bag = DisposeBag()

  init() {
    people.bind(to: self) { viewModel, changeset in
      viewModel.names = changeset.collection.map(\.name)
    }.dispose(in: bag)
    people.observeNextOnMain { [weak self] changeset in
      self?.countLine = "\(changeset.collection.count) people"
    }.dispose(in: bag)
  }
}

/// A main-actor view model of the selected person, a property of a class model.
@MainActor
final class SelectionViewModel {
  var title = ""
  private(set) var history: [String] = []
  private(set) var events = 0
  let selection = Property<Person?>(nil)
  private let bag = DisposeBag()

  init() {
    selection.bind(to: self) { viewModel, person in
      viewModel.title = person?.name ?? "nobody"
    }.dispose(in: bag)
    selection.observeNextOnMain { [weak self] person in
      self?.history.append(person?.name ?? "nobody")
    }.dispose(in: bag)
    selection.observeOnMain { [weak self] _ in
      self?.events += 1
    }.dispose(in: bag)
  }
}

/// Class models that are not `Sendable` bind in Swift 6 mode with no `@unchecked` in app code:
/// mutated on the main actor, their changesets reach main-actor bindings and binders on the main
/// thread, at once, and never cross threads.
final class ClassModelTests: XCTestCase {
  func testAMainActorViewModelBindsAnArrayOfClassModels() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    MainActor.assumeIsolated {
      let viewModel = PeopleViewModel()
      XCTAssertEqual(viewModel.names, [])
      viewModel.people.append(Person(name: "Ada"))
      viewModel.people.append(Person(name: "Grace"))
      XCTAssertEqual(viewModel.names, ["Ada", "Grace"])
      XCTAssertEqual(viewModel.countLine, "2 people")
    }
  }

  func testABinderShowsClassModels() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    MainActor.assumeIsolated {
      let people = MutableObservableArray([Person(name: "Ada")])
      let view = FlatUpdateValidatingView<String>()
      let binding = people.bind(to: view) { people, row, _ in people[row].name }
      people.insert(Person(name: "Alan"), at: 0)
      people.remove(at: 1)
      XCTAssertEqual(view.rows, ["Alan"])
      XCTAssertEqual(view.violations, [])
      binding.dispose()
    }
  }

  func testAMainActorViewModelBindsAPropertyOfAClassModel() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    MainActor.assumeIsolated {
      let viewModel = SelectionViewModel()
      XCTAssertEqual(viewModel.title, "nobody", "on the main thread a binding sets the current value at once")
      let ada = Person(name: "Ada")
      viewModel.selection.value = ada
      XCTAssertEqual(viewModel.title, "Ada")
      // The class model is changed in place on the main actor and sent again.
      viewModel.selection.modify { $0?.name = "Ada Lovelace" }
      XCTAssertEqual(viewModel.title, "Ada Lovelace")
      XCTAssertTrue(viewModel.selection.value === ada)
      viewModel.selection.value = nil
      XCTAssertEqual(viewModel.title, "nobody")
      XCTAssertEqual(viewModel.history, ["nobody", "Ada", "Ada Lovelace", "nobody"])
      XCTAssertEqual(viewModel.events, 4)
    }
  }

  func testOperatorsAndKeyPathBindingsOnAMainActorPropertyOfAClassModel() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    MainActor.assumeIsolated {
      let viewModel = SelectionViewModel()
      let people = MutableObservableArray([Person(name: "Ada")])
      let bag = DisposeBag()
      // Operators keep working on signals of non-Sendable elements used on the main actor.
      people.map { $0.collection.first }.bind(to: viewModel.selection).dispose(in: bag)
      people.map { $0.collection.last?.name ?? "" }.bind(to: viewModel, keyPath: \.title).dispose(in: bag)
      XCTAssertEqual(viewModel.title, "Ada")
      people.append(Person(name: "Grace"))
      XCTAssertEqual(viewModel.selection.value?.name, "Ada")
      XCTAssertEqual(viewModel.title, "Grace")
      bag.dispose()
    }
  }
}
