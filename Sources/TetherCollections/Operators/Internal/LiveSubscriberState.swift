import TetherSignals

/// What a live collection operator receives: a source changeset or a new control value (a
/// predicate, a comparator).
enum LiveInput<Changeset, Control> {
  case changeset(Changeset)
  case control(Control)
}

/// The end of a live operator's source, routed through the same serial inbox as its elements so
/// that it is delivered after the output of the last changeset.
private enum LiveEvent<Changeset, Control, Failure: Error> {
  case input(LiveInput<Changeset, Control>)
  case end(Subscribers.Completion<Failure>)
}

extension SignalProtocol {
  /// A signal that transforms the receiver's elements and the values of `controls` with a state
  /// owned by the observation; the operators whose predicate or comparator is itself a signal are
  /// made of it.
  ///
  /// `makeState` runs once per observation, inside the producer. The two inputs may emit on
  /// different threads at the same time: both go through one serial inbox (an ``AtomicObserver``),
  /// so `receive` handles one input at a time, outside any lock, in the order they arrived; an
  /// input that yields `nil` emits nothing. `controls` is observed first, so a property's current
  /// value is there before the receiver's first changeset. The receiver's failure and completion
  /// end the output (after the outputs of everything received before them); the end of `controls`
  /// only stops the changes of control value.
  func withLiveSubscriberState<Controls: SignalProtocol, State, Output>(
    controlledBy controls: Controls,
    _ makeState: @escaping @Sendable () -> State,
    receive: @escaping @Sendable (inout State, LiveInput<Element, Controls.Element>) -> Output?
  ) -> Signal<Output, Error> where Controls.Error == Never {
    let upstream = UncheckedSendable(toSignal())
    let controlSignal = UncheckedSendable(controls.toSignal())
    return Signal { observer in
      let box = SubscriberState<State>(makeState())
      let inbox = AtomicObserver<LiveEvent<Element, Controls.Element, Error>, Never> { event in
        guard case .next(let liveEvent) = event else { return }
        switch liveEvent {
        case .input(let input):
          // The inbox never overlaps deliveries either.
          if let output = box.update(orMake: makeState, { receive(&$0, input) }) { observer.receive(output) }
        case .end(let completion):
          box.end(observer, with: completion)
        }
      }
      // Weak: the inputs' callbacks hold the inbox, which holds `observer`; the disposable, which
      // the observation's owner keeps, must not, or the observer (and what it captures) would
      // outlive a source and controls that went away without ending.
      let disposables = CompositeDisposable([BlockDisposable { [weak inbox] in inbox?.dispose() }])
      disposables += controlSignal.observe { event in
        if case .next(let control) = event { inbox.receive(.input(.control(control))) }
      }
      disposables += upstream.observe { event in
        switch event {
        case .next(let changeset): inbox.receive(.input(.changeset(changeset)))
        case .failed(let error): inbox.receive(.end(.failure(error)))
        case .completed: inbox.receive(.end(.finished))
        }
      }
      return disposables
    }
  }
}
