import TetherSynchronization

extension BindableProtocol where Self: SignalProtocol, Self.Error == Never {
  /// Binds the receiver and `target` to each other: each element of one is given to the other,
  /// without the echo coming back.
  ///
  /// The target first takes the receiver's value; the receiver then takes the target's (the same,
  /// unless it changed meanwhile), so the receiver emits its value once more when the binding is
  /// made, as in ReactiveKit. Both sides are held weakly, as by `bind(to:)`. Disposing the result
  /// ends both directions.
  ///
  /// ```swift
  /// let name = Property("Ada")
  /// let field = Property("")
  /// name.bidirectionalBind(to: field)  // field.value == "Ada"
  /// field.value = "Grace"              // name.value == "Grace", and nothing bounces back
  /// ```
  ///
  /// An element given to the other side is not given back when that side delivers it while the
  /// hand-over is still running, which is always the case when nothing else is delivering the
  /// other side on another thread at that moment. Otherwise the element can come back once; it is
  /// the value the receiving side already had. Elements need not be `Equatable`. ReactiveKit breaks
  /// the loop the same way, with its non-recursive execution context.
  @discardableResult
  public func bidirectionalBind<Target: BindableProtocol & SignalProtocol>(to target: Target) -> any Disposable
  where Target.Element == Element, Target.Error == Never {
    let hops = BidirectionalHops()
    let forward = hops.gate(toSignal(), direction: .forward).bind(to: target)
    let backward = hops.gate(target.toSignal(), direction: .backward).bind(to: self)
    return CompositeDisposable([forward, backward])
  }
}

/// The hand-overs of one bidirectional binding in progress, by thread, used to recognize the echo
/// of an element: the first element the other direction sees on the same thread while a hand-over
/// runs there is that element coming back (a bound side delivers nested in the setter that changed
/// it, unless it is busy delivering on another thread).
final class BidirectionalHops: Sendable {
  enum Direction {
    case forward
    case backward
  }

  private struct Hop {
    let thread: UInt
    let direction: Direction
    var echoSeen: Bool
  }

  private let hops = Locked<[Hop]>([])

  /// The elements of `signal` that are not echoes, each handed over as a hop in `direction`.
  func gate<Element>(_ signal: Signal<Element, Never>, direction: Direction) -> Signal<Element, Never> {
    // Forwards the upstream events one by one, so the observer contract of `signal` carries over.
    let signal = UncheckedSendable(signal)
    return Signal(unsafeSubscribe: { observer in
      signal.observe { event in
        guard case .next = event else {
          observer(event)
          return
        }
        let thread = currentThreadID()
        let isEcho = self.hops.withLock { hops in
          if let last = hops.lastIndex(where: { $0.thread == thread }),
            hops[last].direction != direction, !hops[last].echoSeen
          {
            hops[last].echoSeen = true
            return true
          }
          hops.append(Hop(thread: thread, direction: direction, echoSeen: false))
          return false
        }
        guard !isEcho else { return }
        observer(event)
        self.hops.withLock { hops in
          if let last = hops.lastIndex(where: { $0.thread == thread }) { hops.remove(at: last) }
        }
      }
    })
  }
}
