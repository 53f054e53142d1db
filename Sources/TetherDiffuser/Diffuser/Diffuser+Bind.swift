import Dispatch
import Foundation
import TetherSignals
import TetherSynchronization

extension SignalProtocol where Error == Never, Element: Sendable {
  /// Runs a main-actor `diffuser` with every element of the signal, such as the models of a store
  /// or the values of a ``Property``.
  ///
  /// The diffuser runs on the main actor, one element at a time, in the signal's order: at once
  /// when the element arrives on the main thread and nothing is waiting, otherwise on the main
  /// queue. So binding a property on the main thread renders its current value before `bind`
  /// returns, and elements sent from other threads follow in order.
  ///
  /// ```swift
  /// @MainActor final class InboxScreen {
  ///   let bag = DisposeBag()
  ///   init(store: Store, views: InboxViews) {
  ///     let diffuser = Diffuser<InboxModel>(.map(\.title, intoText(views.title)))
  ///     store.model.bind(to: diffuser).dispose(in: bag)
  ///   }
  /// }
  /// ```
  ///
  /// The binding keeps the diffuser alive until it ends: when the signal completes or the returned
  /// disposable is disposed. After `dispose()` returns, the diffuser is not run again.
  ///
  /// Bound straight to an array container (`MutableObservableArray`, or its `toSignal()` or
  /// `receive(on:)`), a changeset waiting for the main queue holds only its change, not the array,
  /// as with every binding's main-queue hop: a background producer does not copy the array at
  /// every mutation. The diffuser still runs with every changeset, in order, its `collection`
  /// exactly the collection after its mutation, rebuilt on the main thread from the previous one.
  ///
  /// - Complexity: O(1) per element and one main-queue action per element sent from another
  ///   thread; O(k) more per changeset of k changed elements on an array container.
  @MainActor
  @discardableResult
  public func bind(to diffuser: Diffuser<Element>) -> any Disposable {
    let binding = MainActorBinding(MainActorDiffuser(diffuser), detaching: hopDetaching)
    let observation = observeNext { model in binding.receive(model) }
    // Weak: the observation (and the main queue, for elements on their way) holds the binding and
    // its diffuser; the returned disposable, which its owner keeps, must not, or the diffuser would
    // outlive a source that went away without completing.
    return BlockDisposable { [weak binding] in
      binding?.dispose()
      observation.dispose()
    }
  }

  /// Runs `diffuser` with every element of the signal, on `context`, one element at a time.
  ///
  /// The diffuser is *sent* into the binding: the compiler checks that nothing else can reach it
  /// (so its effects must not capture state of another isolation domain, such as main-actor
  /// views; bind those with `bind(to:)`). Use it for diffusers that drive thread-safe sinks —
  /// a logger, a cache, another store — on a queue of your choice.
  ///
  /// The binding ends when the signal completes or the returned disposable is disposed; after
  /// `dispose()` returns, no new run starts.
  @discardableResult
  public func bind(to diffuser: sending Diffuser<Element>, context: ExecutionContext) -> any Disposable {
    let target = SentDiffuser(diffuser: diffuser)
    return receive(on: context).observeNext { model in target.diffuser.run(model) }
  }
}

/// A diffuser owned by a main-actor binding.
@MainActor
private final class MainActorDiffuser<Model> {
  let diffuser: Diffuser<Model>

  init(_ diffuser: Diffuser<Model>) {
    self.diffuser = diffuser
  }
}

/// Hands the elements of a signal to a main-actor diffuser, in order.
private final class MainActorBinding<Model: Sendable>: Sendable {
  private let target: MainActorDiffuser<Model>
  /// Elements handed to the main queue and not yet run; while any is waiting, elements arriving
  /// on the main thread queue up behind it instead of overtaking it.
  private let waiting = AtomicInt(0)
  private let isDisposed = AtomicBool(false)
  /// An array container's detaching (see `HopDetaching`), and the rebuilder of this binding.
  private let detaching: HopDetaching<Model>?
  private let rebuilder: HopRebuilder<Model>?

  init(_ target: MainActorDiffuser<Model>, detaching: HopDetaching<Model>?) {
    self.target = target
    self.detaching = detaching
    rebuilder = detaching?.makeRebuilder()
  }

  /// Called serially by the signal, on any thread.
  func receive(_ model: Model) {
    // An array container's changeset waits for the main queue without its array, so a background
    // producer does not copy the array at every mutation. Guarantee kept: every model goes
    // through the rebuilder, in order, on the main actor (the ones run at once too, which must
    // not overtake the waiting ones and do not, see `waiting`), so each rebuilt changeset's
    // collection is exactly the collection after its mutation.
    let model = detaching?.detach(model) ?? model
    if MainQueue.isCurrent, waiting.load(ordering: .acquiring) == 0 {
      MainActor.assumeIsolated { run(model) }
      return
    }
    waiting.add(1, ordering: .acquiringAndReleasing)
    DispatchQueue.main.async {
      self.waiting.subtract(1, ordering: .acquiringAndReleasing)
      MainActor.assumeIsolated { self.run(model) }
    }
  }

  func dispose() {
    isDisposed.store(true, ordering: .releasing)
  }

  @MainActor
  private func run(_ model: Model) {
    guard !isDisposed.load(ordering: .acquiring) else { return }
    target.diffuser.run(rebuilder?.rebuild(model) ?? model)
  }
}

/// A diffuser moved into a binding.
// Safe: the diffuser was passed `sending`, so only this binding can reach it, and the signal
// delivers one element at a time (with happens-before between deliveries), so runs never overlap.
private struct SentDiffuser<Model>: @unchecked Sendable {
  let diffuser: Diffuser<Model>
}
