import Observation
import TetherSignals

/// The current value of a property, kept on the main actor where SwiftUI and Observation track it.
///
/// Reading ``value`` inside a SwiftUI view's `body` (or `withObservationTracking`) makes the reader
/// depend on it: every value the source sends updates it, on the main actor, in order (at once
/// when sent on the main thread, from the main queue when sent from another thread). Setting
/// ``value`` sets the source property, which then updates this object.
///
/// The observation of the source ends when this object is deinitialized.
///
/// ```swift
/// let volume = Property(3)
/// let observed = volume.observed()
/// observed.value  // 3, tracked by SwiftUI
/// ```
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
@Observable
public final class ObservedProperty<Value> {
  /// The source's current value.
  public var value: Value {
    get { current }
    set { write(newValue) }
  }

  private var current: Value
  @ObservationIgnored private let write: @MainActor (Value) -> Void
  @ObservationIgnored private let subscription = SerialDisposable()

  /// Tracks `property`: starts with its current value, then follows every value it sends (the
  /// property's replay of its current value included, so nothing sent meanwhile is missed).
  ///
  /// - Complexity: O(1).
  public init(_ property: Property<Value>) {
    current = property.value
    write = { property.value = $0 }
    subscription.otherDisposable = property.observeNextOnMain { [weak self] value in
      self?.current = value
    }
  }

  /// Tracks a read-only property: starts with its current value, then follows every value it
  /// sends. Setting ``value`` then changes only this object, until the source sends again.
  ///
  /// - Complexity: O(1).
  public init<Source: PropertyProtocol<Value>>(readOnly source: Source) {
    current = source.value
    write = { _ in }
    subscription.otherDisposable = source.observeNextOnMain { [weak self] value in
      self?.current = value
    }
  }

  deinit {
    subscription.dispose()
  }
}

extension Property {
  /// An `@Observable` view of this property for SwiftUI, kept on the main actor; setting its
  /// `value` sets this property.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @MainActor
  public func observed() -> ObservedProperty<Value> {
    ObservedProperty(self)
  }
}

extension AnyProperty {
  /// An `@Observable` read-side of this property for SwiftUI, kept on the main actor.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @MainActor
  public func observed() -> ObservedProperty<Value> {
    ObservedProperty(readOnly: self)
  }
}
