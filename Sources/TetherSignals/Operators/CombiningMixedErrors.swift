// The combining operators for a signal that can fail and one that cannot (such as a `Property`),
// in either order, as in ReactiveKit: the result fails with the error of the one that can fail.

extension SignalProtocol {
  /// Merges with a signal that cannot fail; see `merge(with:)`.
  @inlinable
  public func merge<Other: SignalProtocol>(with other: Other) -> Signal<Element, Error>
  where Other.Element == Element, Other.Error == Never {
    mergeSignals([toSignal(), other.castError()])
  }

  /// Combines with the latest elements of a signal that cannot fail; see
  /// `combineLatest(with:)`.
  @inlinable
  public func combineLatest<Other: SignalProtocol>(with other: Other) -> Signal<(Element, Other.Element), Error>
  where Other.Error == Never {
    combineLatestPair(toSignal(), other.castError())
  }

  /// Combines with the latest elements of a signal that cannot fail, through `combine`.
  @inlinable
  public func combineLatest<Other: SignalProtocol, Result>(
    with other: Other,
    combine: @escaping @Sendable (Element, Other.Element) -> Result
  ) -> Signal<Result, Error> where Other.Error == Never {
    combineLatestPair(toSignal(), other.castError()).map(combine)
  }

  /// Zips with a signal that cannot fail; see `zip(with:)`.
  @inlinable
  public func zip<Other: SignalProtocol>(with other: Other) -> Signal<(Element, Other.Element), Error>
  where Other.Error == Never {
    zipPair(toSignal(), other.castError())
  }

  /// Zips with a signal that cannot fail, through `combine`.
  @inlinable
  public func zip<Other: SignalProtocol, Result>(
    with other: Other,
    combine: @escaping @Sendable (Element, Other.Element) -> Result
  ) -> Signal<Result, Error> where Other.Error == Never {
    zipPair(toSignal(), other.castError()).map(combine)
  }

  /// Pairs each element with the latest element of a signal that cannot fail; see
  /// `with(latestFrom:)`.
  @inlinable
  public func with<Other: SignalProtocol>(latestFrom other: Other) -> Signal<(Element, Other.Element), Error>
  where Other.Error == Never {
    with(latestFrom: other.castError() as Signal<Other.Element, Error>)
  }

  /// Combines each element with the latest element of a signal that cannot fail, through
  /// `combine`.
  @inlinable
  public func with<Other: SignalProtocol, Result>(
    latestFrom other: Other,
    combine: @escaping @Sendable (Element, Other.Element) -> Result
  ) -> Signal<Result, Error> where Other.Error == Never {
    with(latestFrom: other.castError() as Signal<Other.Element, Error>).map(combine)
  }

  /// Races with a signal that cannot fail; see `amb(with:)`.
  @inlinable
  public func amb<Other: SignalProtocol>(with other: Other) -> Signal<Element, Error>
  where Other.Element == Element, Other.Error == Never {
    ambSignals([toSignal(), other.castError()])
  }
}

extension SignalProtocol where Error == Never {
  /// Merges this signal, which cannot fail, with one that can; the result fails when `other` does.
  @inlinable
  public func merge<Other: SignalProtocol>(with other: Other) -> Signal<Element, Other.Error>
  where Other.Element == Element {
    mergeSignals([castError(), other.toSignal()])
  }

  /// Combines the latest elements of this signal, which cannot fail, and of one that can; the
  /// result fails when `other` does.
  @inlinable
  public func combineLatest<Other: SignalProtocol>(with other: Other) -> Signal<(Element, Other.Element), Other.Error> {
    combineLatestPair(castError(), other.toSignal())
  }

  /// Combines the latest elements of this signal, which cannot fail, and of one that can, through
  /// `combine`; the result fails when `other` does.
  @inlinable
  public func combineLatest<Other: SignalProtocol, Result>(
    with other: Other,
    combine: @escaping @Sendable (Element, Other.Element) -> Result
  ) -> Signal<Result, Other.Error> {
    combineLatestPair(castError(), other.toSignal()).map(combine)
  }

  /// Zips this signal, which cannot fail, with one that can; the result fails when `other` does.
  @inlinable
  public func zip<Other: SignalProtocol>(with other: Other) -> Signal<(Element, Other.Element), Other.Error> {
    zipPair(castError(), other.toSignal())
  }

  /// Zips this signal, which cannot fail, with one that can, through `combine`.
  @inlinable
  public func zip<Other: SignalProtocol, Result>(
    with other: Other,
    combine: @escaping @Sendable (Element, Other.Element) -> Result
  ) -> Signal<Result, Other.Error> {
    zipPair(castError(), other.toSignal()).map(combine)
  }

  /// Pairs each element of this signal, which cannot fail, with the latest element of one that
  /// can; the result fails when `other` does.
  @inlinable
  public func with<Other: SignalProtocol>(latestFrom other: Other) -> Signal<(Element, Other.Element), Other.Error> {
    (castError() as Signal<Element, Other.Error>).with(latestFrom: other)
  }

  /// Combines each element of this signal, which cannot fail, with the latest element of one that
  /// can, through `combine`.
  @inlinable
  public func with<Other: SignalProtocol, Result>(
    latestFrom other: Other,
    combine: @escaping @Sendable (Element, Other.Element) -> Result
  ) -> Signal<Result, Other.Error> {
    (castError() as Signal<Element, Other.Error>).with(latestFrom: other).map(combine)
  }

  /// Races this signal, which cannot fail, with one that can; the result fails if `other` wins
  /// and fails.
  @inlinable
  public func amb<Other: SignalProtocol>(with other: Other) -> Signal<Element, Other.Error>
  where Other.Element == Element {
    ambSignals([castError(), other.toSignal()])
  }
}
