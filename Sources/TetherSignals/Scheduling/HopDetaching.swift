/// How the elements of a signal cross one of Tether's own hops (the main-queue delivery of
/// `observeNextOnMain`, `observeOnMain`, every binding and a Diffuser's `bind(to:)`, and
/// `receive(on:)` and `receiveCoalesced(on:)`) without what is
/// costly to keep while they wait: an array container's changesets cross without their array.
///
/// A changeset of a `MutableObservableArray` carries the array. Kept in a hop's queue while the
/// consumer is behind, it makes the producer's next mutation copy every element; so the producer
/// side (``detach(_:)``) keeps only the change, and the consumer side (a ``HopRebuilder``, one per
/// observation) rebuilds each changeset's collection from the previous one it delivered.
///
/// Guarantee kept: the consumer still receives every element, in order, each one equal to what the
/// source sent (a changeset's `collection` is exactly the collection after its mutation). This
/// holds only because a signal carries a detaching just when its observations are a container's
/// own: they start with a reload and every later changeset applies to the one before. Operators
/// that change the sequence (`map`, `filter`, `merge`, ...) make signals without one; only
/// `toSignal()`, `receive(on:)` and `receiveCoalesced(on:)`, which forward every event in order,
/// pass it on.
@usableFromInline
package struct HopDetaching<Element>: Sendable {
  @usableFromInline let detachElement: @Sendable (Element) -> Element
  @usableFromInline let makeRebuilderBody: @Sendable () -> (Element) -> Element

  /// Creates a detaching from the producer side, `detach` (an element without what is costly to
  /// keep, or the element itself), and `makeRebuilder`, which makes the consumer side of one
  /// observation: a function that undoes `detach` given every element of that observation in order.
  package init(
    detach: @escaping @Sendable (Element) -> Element,
    makeRebuilder: @escaping @Sendable () -> (Element) -> Element
  ) {
    detachElement = detach
    makeRebuilderBody = makeRebuilder
  }

  /// The event as it waits in a hop: a `.next` element detached, other events unchanged.
  @inlinable
  package func detach<Failure>(_ event: Signal<Element, Failure>.Event) -> Signal<Element, Failure>.Event {
    guard case .next(let element) = event else { return event }
    return .next(detachElement(element))
  }

  /// The element as it waits in a hop.
  @inlinable
  package func detach(_ element: Element) -> Element {
    detachElement(element)
  }

  /// The consumer side of one observation through a hop.
  @inlinable
  package func makeRebuilder() -> HopRebuilder<Element> {
    HopRebuilder(makeRebuilderBody())
  }
}

/// The consumer side of one observation through a hop: rebuilds each element ``HopDetaching``
/// detached, given them all in the order they were sent.
@usableFromInline
package final class HopRebuilder<Element>: @unchecked Sendable {
  // Safe: a hop calls `rebuild` only from its one delivery at a time (the main actor, a
  // `receive(on:)` hop's serial drain, whose lock and atomics hand the state on in order, or the
  // one drain a `receiveCoalesced(on:)` hop has scheduled at a time, handed on by its lock).
  @usableFromInline let body: (Element) -> Element

  @usableFromInline
  init(_ body: @escaping (Element) -> Element) {
    self.body = body
  }

  /// The element as sent, from the element as it waited in the hop.
  @inlinable
  package func rebuild(_ element: Element) -> Element {
    body(element)
  }

  /// The event as sent, from the event as it waited in the hop.
  @inlinable
  package func rebuild<Failure>(_ event: Signal<Element, Failure>.Event) -> Signal<Element, Failure>.Event {
    guard case .next(let element) = event else { return event }
    return .next(body(element))
  }
}

/// A source whose observations can cross hops detached (see ``HopDetaching``): an observable
/// container of arrays, and a ``Signal`` made from one by `toSignal()`, `receive(on:)` or
/// `receiveCoalesced(on:)`.
@usableFromInline
package protocol HopDetachingSource {
  /// The source's ``HopDetaching`` (of its elements' type), or `nil`. Untyped so that any signal
  /// can ask for it by a cast.
  var erasedHopDetaching: Any? { get }
}

extension SignalProtocol {
  /// How this signal's elements cross a hop detached, or `nil` to carry them as they are.
  ///
  /// - Complexity: a dynamic cast; ask once per observation, not per element.
  @inlinable
  package var hopDetaching: HopDetaching<Element>? {
    (self as? any HopDetachingSource)?.erasedHopDetaching as? HopDetaching<Element>
  }
}
