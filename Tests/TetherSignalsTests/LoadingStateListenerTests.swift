import Dispatch
import Testing
import TetherSignals
import TetherTestSupport

private struct LoadFailure: Error, Equatable {}

/// A view that shows a spinner and an error, as an app's would.
@MainActor
private final class SpinnerView: LoadingStateListener {
  var shown: [String] = []

  func setLoadingState<Value, Failure>(_ state: ObservedLoadingState<Value, Failure>) {
    switch state {
    case .loading: shown.append("loading")
    case .reloading: shown.append("reloading")
    case .loaded(let value): shown.append("loaded \(value)")
    case .failed: shown.append("failed")
    }
  }
}

/// A listener that asks to be kept alive by the observation.
@MainActor
private final class RetainedSpinnerView: LoadingStateListener {
  var count = 0
  nonisolated var loadingStateListenerNeedsWeakReference: Bool { false }
  func setLoadingState<Value, Failure>(_ state: ObservedLoadingState<Value, Failure>) { count += 1 }
}

@Suite struct LoadingStateListenerTests {
  @Test @MainActor func theListenerShowsEveryStateBeforeTheSendReturns() {
    let view = SpinnerView()
    let states = PassthroughSubject<LoadingState<Int, LoadFailure>, Never>()
    let recorder = EventRecorder<LoadingState<Int, LoadFailure>, Never>()
    let observation = states.updateLoadingState(of: view).observe(with: recorder.record)
    states.send(.loading)
    #expect(view.shown == ["loading"])
    states.send(.loaded(1))
    states.send(.loading)
    states.send(.failed(LoadFailure()))
    states.send(completion: .finished)
    #expect(view.shown == ["loading", "loaded 1", "reloading", "failed"])
    recorder.expectEvents([
      .next(.loading), .next(.loaded(1)), .next(.loading), .next(.failed(LoadFailure())), .completed,
    ])
    observation.dispose()
  }

  /// A listener the observation holds strongly is released once the source went away without
  /// completing, even while the observation's disposable is still held (in a bag, say).
  @Test @MainActor func aRetainedListenerIsReleasedWhenTheSourceGoesAway() {
    weak var weakView: RetainedSpinnerView?
    var observation: (any Disposable)?
    do {
      let view = RetainedSpinnerView()
      weakView = view
      let states = PassthroughSubject<LoadingState<Int, LoadFailure>, Never>()
      observation = states.updateLoadingState(of: view).observe { _ in }
      states.send(.loaded(1))
      #expect(view.count == 1)
    }
    #expect(weakView == nil)
    observation?.dispose()
  }

  /// States on their way to the main queue when the source goes away are still shown.
  @Test @MainActor func statesQueuedBeforeTheSourceWentAwayAreStillShown() async {
    let view = RetainedSpinnerView()
    var observation: (any Disposable)?
    do {
      let states = PassthroughSubject<LoadingState<Int, LoadFailure>, Never>()
      observation = states.updateLoadingState(of: view).observe { _ in }
      withMainDeliveryQueued {
        states.send(.loading)
        states.send(.loaded(1))
      }
    }
    #expect(view.count == 0)
    await drainMainQueue()
    #expect(view.count == 2)
    observation?.dispose()
  }

  @Test @MainActor func consumingGivesTheLoadedValuesAndTheStatesToTheListener() {
    let view = SpinnerView()
    let states = PassthroughSubject<LoadingState<String, LoadFailure>, Never>()
    let recorder = EventRecorder<String, Never>()
    let observation = states.consumeLoadingState(by: view).observe(with: recorder.record)
    states.send(.loading)
    states.send(.loaded("a"))
    states.send(.loading)
    states.send(.loaded("b"))
    #expect(view.shown == ["loading", "loaded a", "reloading", "loaded b"])
    recorder.expectElements(["a", "b"])
    observation.dispose()
  }

  @Test @MainActor func observedStatesPassThroughUnchanged() {
    let view = SpinnerView()
    let states = PassthroughSubject<ObservedLoadingState<Int, LoadFailure>, Never>()
    let recorder = EventRecorder<ObservedLoadingState<Int, LoadFailure>, Never>()
    let observation = states.updateLoadingState(of: view).observe(with: recorder.record)
    states.send(.reloading)
    states.send(.loaded(2))
    #expect(view.shown == ["reloading", "loaded 2"])
    recorder.expectElements([.reloading, .loaded(2)])
    observation.dispose()
  }

  @Test @MainActor func statesQueuedForTheMainQueueAreShownInOrder() async {
    let view = SpinnerView()
    let states = PassthroughSubject<LoadingState<Int, LoadFailure>, Never>()
    let recorder = EventRecorder<LoadingState<Int, LoadFailure>, Never>()
    let observation = states.updateLoadingState(of: view).observe(with: recorder.record)
    withMainDeliveryQueued {
      states.send(.loading)
      states.send(.loaded(7))
    }
    #expect(view.shown.isEmpty, "states sent off the main thread wait for the main queue")
    recorder.expectElements([.loading, .loaded(7)])
    states.send(.loading)
    #expect(
      view.shown == ["loading", "loaded 7", "reloading"],
      "a state sent on the main thread does not overtake queued ones")
    await drainMainQueue()
    #expect(view.shown == ["loading", "loaded 7", "reloading"])
    observation.dispose()
  }

  @Test @MainActor func statesFromAnotherThreadReachTheListener() async {
    let view = SpinnerView()
    let states = PassthroughSubject<LoadingState<Int, LoadFailure>, Never>()
    let observation = states.updateLoadingState(of: view).observe { _ in }
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        states.send(.loading)
        states.send(.loaded(7))
        done.resume()
      }
    }
    await drainMainQueue()
    #expect(view.shown == ["loading", "loaded 7"])
    observation.dispose()
  }

  @Test @MainActor func theListenerIsHeldWeaklyAndStatesStillPassOn() {
    weak var weakView: SpinnerView?
    let states = PassthroughSubject<LoadingState<Int, LoadFailure>, Never>()
    let recorder = EventRecorder<Int, Never>()
    let observation: any Disposable
    do {
      let view = SpinnerView()
      weakView = view
      observation = states.consumeLoadingState(by: view).observe(with: recorder.record)
    }
    #expect(weakView == nil, "the observation does not keep the listener")
    states.send(.loaded(3))
    recorder.expectElements([3])
    observation.dispose()
  }

  @Test @MainActor func aListenerThatAsksToBeRetainedIsKeptUntilTheObservationEnds() {
    weak var weakView: RetainedSpinnerView?
    let states = PassthroughSubject<LoadingState<Int, LoadFailure>, Never>()
    var observation: (any Disposable)?
    do {
      let view = RetainedSpinnerView()
      weakView = view
      observation = states.updateLoadingState(of: view).observe { _ in }
    }
    states.send(.loading)
    #expect(weakView?.count == 1)
    observation?.dispose()
    observation = nil
    #expect(weakView == nil, "disposing the observation releases the listener")
  }

  @Test @MainActor func statesQueuedWhenTheObservationIsDisposedAreNotShown() async {
    let view = SpinnerView()
    let states = PassthroughSubject<LoadingState<Int, LoadFailure>, Never>()
    let observation = states.updateLoadingState(of: view).observe { _ in }
    withMainDeliveryQueued { states.send(.loading) }
    observation.dispose()
    await drainMainQueue()
    #expect(view.shown.isEmpty)
  }
}
