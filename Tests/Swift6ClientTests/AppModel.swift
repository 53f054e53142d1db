import Foundation
import Tether

// App-shaped code in Swift 6 language mode: the patterns that break Combine-style frameworks on
// Linux must compile here without errors or warnings.

/// An app-wide event, sent on a global bus.
enum AppEvent: Equatable, Sendable {
  case signedIn(String)
  case refreshed(Int)
  case signedOut
}

/// A subject as a global constant: an app-wide event bus.
let appBus = PassthroughSubject<AppEvent, Never>()

/// A store shared across threads: subjects, properties and observable collections in a
/// `Sendable` final class.
final class Store: Sendable {
  let count = Property(0)
  let items = MutableObservableArray<String>([])
  let tags = MutableObservableSet<String>([])
  let userName = Property<String?>(nil)
  let events = PassthroughSubject<AppEvent, Never>()
  let log = ReplaySubject<String, Never>(bufferSize: 10)

  /// Called from any thread.
  func increment() {
    count.modify { $0 += 1 }
    log.send("increment")
  }

  /// Called from any thread.
  func add(item: String, tag: String) {
    items.append(item)
    tags.insert(tag)
  }
}

/// A main-actor view model observing the store.
@MainActor
final class CounterViewModel {
  private(set) var title = ""
  private(set) var userLine = "signed out"
  private(set) var lastEvent: AppEvent?
  private(set) var itemsLine = ""
  private(set) var tagCount = 0
  private let bag = DisposeBag()
  private let onUpdate: @MainActor () -> Void

  init(store: Store, onUpdate: @escaping @MainActor () -> Void = {}) {
    self.onUpdate = onUpdate
    // The setter runs on the main actor, so it may touch main-actor state.
    store.count.map { "Count: \($0)" }.bind(to: self) { viewModel, title in
      viewModel.title = title
      viewModel.onUpdate()
    }.dispose(in: bag)

    store.userName.bind(to: self) { viewModel, name in
      viewModel.userLine = name.map { "signed in as \($0)" } ?? "signed out"
      viewModel.onUpdate()
    }.dispose(in: bag)

    store.items.map { "\($0.collection.count) items" }.bind(to: self) { viewModel, line in
      viewModel.itemsLine = line
      viewModel.onUpdate()
    }.dispose(in: bag)

    store.tags.map(\.collection.count).bind(to: self) { viewModel, count in
      viewModel.tagCount = count
      viewModel.onUpdate()
    }.dispose(in: bag)

    appBus.observeNextOnMain { [weak self] event in
      self?.lastEvent = event
      self?.onUpdate()
    }.dispose(in: bag)
  }
}
