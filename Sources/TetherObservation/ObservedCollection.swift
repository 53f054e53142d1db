import Observation
import TetherChangesets
import TetherCollections
import TetherSignals

/// An observable container's collection, kept on the main actor where SwiftUI and Observation
/// track it.
///
/// Reading ``collection`` inside a SwiftUI view's `body` (or `withObservationTracking`) makes the
/// reader depend on it: every changeset the container emits replaces it, on the main actor, in
/// order (at once when the container is mutated on the main thread, from the main queue
/// otherwise). ``lastChangeset`` is the changeset that produced the current collection, for code
/// that wants the change itself (to animate, or to log); it starts as the reload the container
/// sends first.
///
/// The observation of the container ends when this object is deinitialized.
///
/// ```swift
/// let list = MutableObservableArray(["milk"])
/// let observed = list.observed()
/// observed.collection  // ["milk"], tracked by SwiftUI
/// ```
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
@Observable
public final class ObservedCollection<Changeset: ObservableContainerChangeset> {
  /// The container's collection as of ``lastChangeset``.
  public private(set) var collection: Changeset.Collection

  /// The changeset that produced ``collection``.
  public private(set) var lastChangeset: Changeset

  /// How many changesets have arrived, the first reload included.
  public private(set) var changesetCount = 0

  @ObservationIgnored private let subscription = SerialDisposable()

  /// Tracks `container`: starts with its current collection, then follows every changeset.
  ///
  /// - Complexity: O(1) (the collection is a copy-on-write snapshot).
  public init(_ container: ObservableContainer<Changeset>) {
    let initial = container.collection
    collection = initial
    lastChangeset = Changeset(reloading: initial)
    subscription.otherDisposable = container.observeNextOnMain { [weak self] changeset in
      guard let self else { return }
      self.collection = changeset.collection
      self.lastChangeset = changeset
      self.changesetCount += 1
    }
  }

  deinit {
    subscription.dispose()
  }
}

extension ObservableContainer {
  /// An `@Observable` view of this container's collection for SwiftUI, kept on the main actor.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @MainActor
  public func observed() -> ObservedCollection<Changeset> {
    ObservedCollection(self)
  }
}
