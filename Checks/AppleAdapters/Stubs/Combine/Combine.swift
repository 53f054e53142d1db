// Stub of the parts of Apple's Combine that Tether's Combine bridges (Sources/TetherCombine) use,
// written from Apple's documentation: the same protocols, requirements, argument labels, types and
// availability, with empty bodies. It type-checks the bridges on Linux; it runs nothing.

/// A protocol indicating that an activity or action supports cancellation.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public protocol Cancellable {
  /// Cancel the activity.
  func cancel()
}

/// A unique identifier for identifying publisher streams.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public struct CombineIdentifier: Hashable, CustomStringConvertible {
  /// Creates a unique Combine identifier.
  public init() {}

  /// Creates a Combine identifier, using the bit pattern of the provided object.
  public init(_ obj: AnyObject) {}

  /// A textual representation of this instance.
  public var description: String { "" }
}

/// A protocol for uniquely identifying publisher streams.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public protocol CustomCombineIdentifierConvertible {
  /// A unique identifier for publisher streams.
  var combineIdentifier: CombineIdentifier { get }
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
extension CustomCombineIdentifierConvertible where Self: AnyObject {
  /// A unique identifier for publisher streams (classes get one from their identity).
  public var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }
}

/// A protocol representing the connection of a subscriber to a publisher.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
  /// Tells a publisher that it may send more values to the subscriber.
  func request(_ demand: Subscribers.Demand)
}

/// A protocol that declares a type that can receive input from a publisher.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
  /// The kind of values this subscriber receives.
  associatedtype Input
  /// The kind of errors this subscriber might receive.
  associatedtype Failure: Error

  /// Tells the subscriber that it has successfully subscribed to the publisher and may request items.
  func receive(subscription: any Subscription)

  /// Tells the subscriber that the publisher has produced an element.
  func receive(_ input: Self.Input) -> Subscribers.Demand

  /// Tells the subscriber that the publisher has completed publishing, either normally or with an error.
  func receive(completion: Subscribers.Completion<Self.Failure>)
}

/// Declares that a type can transmit a sequence of values over time.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public protocol Publisher<Output, Failure> {
  /// The kind of values published by this publisher.
  associatedtype Output
  /// The kind of errors this publisher might publish.
  associatedtype Failure: Error

  /// Attaches the specified subscriber to this publisher.
  func receive<S>(subscriber: S) where S: Subscriber, Self.Failure == S.Failure, Self.Output == S.Input
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
extension Publisher {
  /// Attaches the specified subscriber to this publisher.
  public func subscribe<S>(_ subscriber: S) where S: Subscriber, Self.Failure == S.Failure, Self.Output == S.Input {}
}

/// A namespace for types that serve as subscribers.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public enum Subscribers {
  /// A requested number of items, sent to a publisher from a subscriber through the subscription.
  @frozen
  public struct Demand: Equatable, Comparable, Hashable, Codable, CustomStringConvertible {
    private let rawValue: UInt

    private init(rawValue: UInt) { self.rawValue = rawValue }

    /// A request for as many values as the publisher can produce.
    public static let unlimited = Demand(rawValue: .max)

    /// A request for no elements from the publisher.
    public static let none = Demand(rawValue: 0)

    /// Creates a demand for the given maximum number of elements.
    @inlinable
    public static func max(_ value: Int) -> Subscribers.Demand { .none }

    /// Returns the number of requested values, or nil if unlimited.
    @inlinable
    public var max: Int? { nil }

    /// A textual representation of this instance.
    public var description: String { "" }

    /// Returns a Boolean value that indicates whether the first demand requests fewer elements
    /// than the second.
    public static func < (lhs: Subscribers.Demand, rhs: Subscribers.Demand) -> Bool { false }
  }

  /// A signal that a publisher doesn't produce additional elements, either due to normal
  /// completion or an error.
  @frozen
  public enum Completion<Failure: Error> {
    /// The publisher finished normally.
    case finished
    /// The publisher stopped publishing due to the indicated error.
    case failure(Failure)
  }
}

// The rest of Combine's top-level names that Tether's modules also declare (`Subscribers` above is
// the fourth), so that `Checks/AppleAdapters/CombineSideBySide` shows which typealiases an app
// importing both needs.

/// A type-erasing cancellable object that executes a provided closure when canceled.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
final public class AnyCancellable: Cancellable, Hashable {
  /// Initializes the cancellable object with the given cancel-time closure.
  public init(_ cancel: @escaping () -> Void) {}

  /// Cancel the activity.
  public func cancel() {}

  /// Stores this type-erasing cancellable instance in the specified set.
  public func store(in set: inout Set<AnyCancellable>) {}

  /// Hashes the essential components of this value by feeding them into the given hasher.
  public func hash(into hasher: inout Hasher) {}

  /// Returns a Boolean value indicating whether two values are equal.
  public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }
}

/// A subject that broadcasts elements to downstream subscribers.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
final public class PassthroughSubject<Output, Failure: Error>: Publisher {
  /// Creates a subject.
  public init() {}

  /// Sends a value to the subscriber.
  public func send(_ input: Output) {}

  /// Attaches the specified subscriber to this publisher.
  public func receive<S>(subscriber: S) where S: Subscriber, Failure == S.Failure, Output == S.Input {}
}

/// A protocol that defines when and how to execute a closure.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public protocol Scheduler<SchedulerTimeType> {
  /// Describes an instant in time for this scheduler.
  associatedtype SchedulerTimeType
  /// A type that defines options accepted by the scheduler.
  associatedtype SchedulerOptions

  /// This scheduler's definition of the current moment in time.
  var now: Self.SchedulerTimeType { get }

  /// Performs the action at the next possible opportunity.
  func schedule(options: Self.SchedulerOptions?, _ action: @escaping () -> Void)
}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
extension Publisher where Failure == Never {
  /// Attaches a subscriber with closure-based behavior to a publisher that never fails.
  public func sink(receiveValue: @escaping ((Output) -> Void)) -> AnyCancellable { AnyCancellable {} }
}
