extension SignalProtocol {
  /// Emits `element`, then the receiver's events.
  ///
  /// The element is emitted as soon as the observation starts; fails or completes when the
  /// receiver does.
  @inlinable
  public func prepend(_ element: Element) -> Signal<Element, Error> {
    prepend(contentsOf: CollectionOfOne(element))
  }

  /// Emits `elements` in order, then the receiver's events.
  ///
  /// The sequence is read once, when this signal is made; its elements are emitted as soon as an
  /// observation starts. Fails or completes when the receiver does.
  @inlinable
  public func prepend<S: Sequence>(contentsOf elements: S) -> Signal<Element, Error> where S.Element == Element {
    let upstream = UncheckedSendable(toSignal())
    let elements = UncheckedSendable(Array(elements))
    return Signal { observer in
      for element in elements.value {
        guard !observer.isDisposed else { return NonDisposable.instance }
        observer.receive(element)
      }
      guard !observer.isDisposed else { return NonDisposable.instance }
      return upstream.observe { event in observer.on(event) }
    }
  }

  /// Emits `other`'s elements, then, once `other` completes, the receiver's events.
  ///
  /// Fails at once if `other` fails (the receiver is then never observed).
  @inlinable
  public func prepend<Other: SignalProtocol>(_ other: Other) -> Signal<Element, Error>
  where Other.Element == Element, Other.Error == Error {
    other.append(self)
  }

  /// Emits the receiver's elements, then `element` when the receiver completes, then completes.
  ///
  /// Fails, without emitting `element`, if the receiver fails.
  @inlinable
  public func append(_ element: Element) -> Signal<Element, Error> {
    append(contentsOf: CollectionOfOne(element))
  }

  /// Emits the receiver's elements, then `elements` in order when the receiver completes, then
  /// completes.
  ///
  /// The sequence is read once, when this signal is made. Fails, without emitting `elements`, if
  /// the receiver fails.
  @inlinable
  public func append<S: Sequence>(contentsOf elements: S) -> Signal<Element, Error> where S.Element == Element {
    let upstream = UncheckedSendable(toSignal())
    let elements = UncheckedSendable(Array(elements))
    return Signal { observer in
      upstream.observe { event in
        if case .completed = event {
          for element in elements.value {
            guard !observer.isDisposed else { return }
            observer.receive(element)
          }
        }
        observer.on(event)
      }
    }
  }

  /// Emits the receiver's elements, then, once it completes, `other`'s events.
  ///
  /// `other` is observed only when the receiver completes; if the receiver fails, the signal fails
  /// and `other` is never observed. Completes when `other` completes.
  @inlinable
  public func append<Other: SignalProtocol>(_ other: Other) -> Signal<Element, Error>
  where Other.Element == Element, Other.Error == Error {
    let upstream = UncheckedSendable(toSignal())
    let other = UncheckedSendable(other)
    return Signal { observer in
      // A composite rather than a serial disposable: the receiver may complete (and `other` be
      // observed) before the receiver's own `observe` call has returned its disposable.
      let disposables = CompositeDisposable()
      disposables += upstream.observe { event in
        guard case .completed = event else { return observer.on(event) }
        disposables += other.observe { event in observer.on(event) }
      }
      return disposables
    }
  }

  /// Emits the receiver's events, but emits `element` before completing if the receiver completes
  /// without emitting anything.
  ///
  /// Fails when the receiver fails.
  @inlinable
  public func replaceEmpty(with element: Element) -> Signal<Element, Error> {
    let upstream = UncheckedSendable(toSignal())
    let element = UncheckedSendable(element)
    return Signal { observer in
      let isEmpty = LockedBox(true)
      return upstream.observe { event in
        switch event {
        case .next:
          isEmpty.withLock { $0 = false }
        case .completed:
          if isEmpty.withLock({ $0 }) { observer.on(.next(element.value)) }
        case .failed:
          break
        }
        observer.on(event)
      }
    }
  }
}
