import Dispatch
import TetherSynchronization

extension Signal {
  /// A signal that emits the elements of `sequence` one at a time, `interval` seconds apart (the
  /// first after one interval), on `queue`, then completes after the last. The sequence and its
  /// elements must be `Sendable`: they are iterated on `queue`.
  ///
  /// - Parameters:
  ///   - sequence: The elements to emit, iterated anew for every observer.
  ///   - interval: Seconds between elements, measured on `queue`'s clock.
  ///   - queue: Where the elements are emitted; any ``Scheduler``, by default a new serial queue
  ///     (never the main one). Tests pass a virtual-time scheduler.
  public init<S: Sequence>(
    sequence: S,
    interval: Double,
    queue: any Scheduler = DispatchQueue(label: "Tether.Signal.interval")
  ) where S.Element == Element, S: Sendable, Element: Sendable {
    // Erasing the sequence type keeps its metatype out of the @Sendable producer.
    let makeIterator = UncheckedSendable({ AnyIterator(sequence.makeIterator()) })
    self.init({ observer in
      let iterator = IteratorBox(makeIterator.value())
      let pending = SerialDisposable()
      @Sendable func emitNext() {
        guard !observer.isDisposed else { return }
        if let element = iterator.next() {
          observer.receive(element)
          pending.otherDisposable = queue.schedule(after: interval, emitNext)
        } else {
          observer.on(.completed)
        }
      }
      pending.otherDisposable = queue.schedule(after: interval, emitNext)
      return pending
    })
  }
}

extension Signal {
  /// A signal that emits `element` `interval` seconds after it is observed, on `queue`, then
  /// completes at once (ReactiveKit's `Signal(just:after:queue:)`).
  ///
  /// - Parameters:
  ///   - element: The element to emit.
  ///   - interval: Seconds to wait, measured on `queue`'s clock.
  ///   - queue: Where the element is emitted; any ``Scheduler``, by default a new serial queue
  ///     (never the main one). Tests pass a virtual-time scheduler.
  public init(
    just element: Element,
    after interval: Double,
    queue: any Scheduler = DispatchQueue(label: "Tether.Signal.justAfter")
  ) where Element: Sendable {
    self = Signal(just: element).delay(interval: interval, on: queue)
  }
}

/// An iterator advanced by a chain of scheduled actions, one after another.
private final class IteratorBox<Element: Sendable>: @unchecked Sendable {
  // Safe: the iterator is only advanced under the lock, and its elements are `Sendable`.
  private let base: Locked<AnyIterator<Element>>

  init(_ base: AnyIterator<Element>) {
    self.base = Locked(base)
  }

  func next() -> Element? {
    base.withLock { $0.next() }
  }
}
