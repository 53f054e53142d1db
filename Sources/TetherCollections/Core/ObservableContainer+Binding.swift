import TetherChangesets
import TetherSignals
import TetherSynchronization

extension ObservableContainer {
  /// Binds a signal of changesets (of another container, or a collection operator) into this
  /// container: each changeset's collection becomes the container's, and the changeset is emitted
  /// as it is, so views bound to this container animate the same changes.
  ///
  /// The first changeset, a reload, and any changeset after the container was changed by something
  /// else are emitted as a reload, since their diff does not start from the container's state.
  /// Each changeset must start where the previous one of the signal ended, as those of containers
  /// and collection operators do. The container is held weakly; the binding ends at the first
  /// changeset after it is gone, when the signal ends, or when the result is disposed.
  func bindChangesets(_ signal: Signal<Changeset, Never>) -> any Disposable {
    let binding = SerialDisposable()
    let version = AdoptedVersion()
    let target = UncheckedWeakReference(self)
    binding.otherDisposable = signal.observe { event in
      guard case .next(let changeset) = event else { return }
      guard let self = target.object else {
        binding.dispose()
        return
      }
      // The signal delivers one changeset at a time, so the version is not raced for.
      let expected = version.value.withLock { $0 }
      let adopted = self.core.adopt(changeset, continuing: expected)
      version.value.withLock { $0 = adopted }
    }
    return binding
  }
}

/// The container version the last changeset adopted by one binding left.
private final class AdoptedVersion: Sendable {
  let value = Locked<UInt64?>(nil)
}

extension MutableObservableCollection: BindableProtocol {
  /// Binds a signal of ordered changesets (such as another container's, or a collection
  /// operator's) into this container, as Bond's `MutableObservableArray` is a binding target.
  ///
  /// Each changeset's collection becomes the container's and the changeset is emitted as it is;
  /// the first one, reloads, and changesets after another mutation of this container are emitted as
  /// reloads. The container is held weakly. Use `signal.bind(to: container)`.
  ///
  /// - Complexity: O(1) per changeset, plus the delivery.
  public func bind(signal: Signal<Changeset, Never>) -> any Disposable {
    bindChangesets(signal)
  }
}

extension MutableObservableSet: BindableProtocol {
  /// Binds a signal of set changesets into this container; see
  /// ``MutableObservableCollection/bind(signal:)``.
  ///
  /// - Complexity: O(1) per changeset, plus the delivery.
  public func bind(signal: Signal<Changeset, Never>) -> any Disposable {
    bindChangesets(signal)
  }
}

extension MutableObservableDictionary: BindableProtocol {
  /// Binds a signal of dictionary changesets into this container; see
  /// ``MutableObservableCollection/bind(signal:)``.
  ///
  /// - Complexity: O(1) per changeset, plus the delivery.
  public func bind(signal: Signal<Changeset, Never>) -> any Disposable {
    bindChangesets(signal)
  }
}

extension MutableObservableArray2D: BindableProtocol {
  /// Binds a signal of 2D-array changesets into this container; see
  /// ``MutableObservableCollection/bind(signal:)``.
  ///
  /// - Complexity: O(1) per changeset, plus the delivery.
  public func bind(signal: Signal<Changeset, Never>) -> any Disposable {
    bindChangesets(signal)
  }
}

extension MutableObservableTree: BindableProtocol {
  /// Binds a signal of tree changesets into this container; see
  /// ``MutableObservableCollection/bind(signal:)``.
  ///
  /// - Complexity: O(1) per changeset, plus the delivery.
  public func bind(signal: Signal<Changeset, Never>) -> any Disposable {
    bindChangesets(signal)
  }
}

extension SignalProtocol where Error == Never {
  /// Binds a signal of whole collections to a mutable container: each element replaces the
  /// container's collection and is emitted as a reload changeset, as Bond's `bind(to:)` for a
  /// signal of collections does (Bond emits an empty diff for it).
  ///
  /// ```swift
  /// let rows = MutableObservableArray<String>()
  /// titles.bind(to: rows)  // titles: Signal<[String], Never>
  /// ```
  ///
  /// To animate the differences, map the collections to diffed changesets first, or replace with
  /// `replace(with:performDiff:)` in an observer.
  ///
  /// - Complexity: O(1) per collection, plus the delivery.
  @discardableResult
  public func bind<Target, Changeset>(to container: Target) -> any Disposable
  where Target: ObservableContainer<Changeset> & BindableProtocol, Changeset.Collection == Element {
    container.bindChangesets(map { Changeset(reloading: $0) })
  }
}
