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
}
