/// A type that describes the loading state of a value: the element type of a ``LoadingSignal``.
///
/// ``LoadingState`` and ``ObservedLoadingState`` conform; the loading operators accept any
/// conforming element, as in ReactiveKit.
public protocol LoadingStateProtocol<LoadingValue, LoadingError> {
  /// The type of the loaded value.
  associatedtype LoadingValue
  /// The type of the error loading can fail with.
  associatedtype LoadingError: Swift.Error

  /// The state as a ``LoadingState``.
  var asLoadingState: LoadingState<LoadingValue, LoadingError> { get }
}

extension LoadingStateProtocol {
  /// Whether the state is `.loading`.
  public var isLoading: Bool {
    if case .loading = asLoadingState { return true }
    return false
  }

  /// The value if the state is `.loaded`, else `nil`.
  public var value: LoadingValue? {
    if case .loaded(let value) = asLoadingState { return value }
    return nil
  }

  /// The error if the state is `.failed`, else `nil`.
  public var error: LoadingError? {
    if case .failed(let error) = asLoadingState { return error }
    return nil
  }
}

/// The loading state of a value produced by an asynchronous action: loading, loaded or failed.
///
/// The same cases and accessors (``LoadingStateProtocol/isLoading``, ``LoadingStateProtocol/value``,
/// ``LoadingStateProtocol/error``) as ReactiveKit's `LoadingState`.
public enum LoadingState<LoadingValue, LoadingError: Swift.Error>: LoadingStateProtocol {
  /// The value is being loaded.
  case loading
  /// The value has been loaded.
  case loaded(LoadingValue)
  /// Loading failed with the error.
  case failed(LoadingError)

  /// The state itself.
  public var asLoadingState: LoadingState<LoadingValue, LoadingError> { self }

  /// Whether `other` is in the same case as the receiver; the values and errors are not compared.
  public func isSameStateAs<OtherValue, OtherError>(_ other: LoadingState<OtherValue, OtherError>) -> Bool {
    switch (self, other) {
    case (.loading, .loading), (.loaded, .loaded), (.failed, .failed): return true
    default: return false
    }
  }
}

extension LoadingState: Sendable where LoadingValue: Sendable {}

extension LoadingState: Equatable where LoadingValue: Equatable, LoadingError: Equatable {}

/// A loading state as an observer sees it: like ``LoadingState``, with `.reloading` for a load
/// that follows a loaded value. Made by `deriveObservedLoadingState(loadsAgainOnFailure:)`.
public protocol ObservedLoadingStateProtocol<LoadingValue, LoadingError>: LoadingStateProtocol {
  /// The state as an ``ObservedLoadingState``.
  var asObservedLoadingState: ObservedLoadingState<LoadingValue, LoadingError> { get }
}

extension ObservedLoadingStateProtocol {
  /// Whether the state is `.reloading`.
  public var isReloading: Bool {
    if case .reloading = asObservedLoadingState { return true }
    return false
  }
}

/// A loading state as an observer sees it: `.reloading` is a load after a value was shown.
///
/// As in ReactiveKit, its ``asLoadingState`` maps `.reloading` to `.loading`.
public enum ObservedLoadingState<LoadingValue, LoadingError: Swift.Error>: ObservedLoadingStateProtocol {
  /// The value is being loaded for the first time (or again after a failure).
  case loading
  /// The value is being loaded again; the previous one is still shown.
  case reloading
  /// The value has been loaded.
  case loaded(LoadingValue)
  /// Loading failed with the error.
  case failed(LoadingError)

  /// The state without the distinction between loading and reloading.
  public var asLoadingState: LoadingState<LoadingValue, LoadingError> {
    switch self {
    case .loading, .reloading: return .loading
    case .loaded(let value): return .loaded(value)
    case .failed(let error): return .failed(error)
    }
  }

  /// The state itself.
  public var asObservedLoadingState: ObservedLoadingState<LoadingValue, LoadingError> { self }
}

extension ObservedLoadingState: Sendable where LoadingValue: Sendable {}

extension ObservedLoadingState: Equatable where LoadingValue: Equatable, LoadingError: Equatable {}

/// A signal of loading states: the usual shape of a value loaded asynchronously (ReactiveKit's
/// name).
public typealias LoadingSignal<LoadingValue, LoadingError: Swift.Error> = Signal<
  LoadingState<LoadingValue, LoadingError>, Never
>
