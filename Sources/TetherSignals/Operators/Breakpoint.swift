#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension SignalProtocol {
  /// Raises `SIGTRAP` (stopping in an attached debugger) when one of the closures returns `true`,
  /// and otherwise forwards every event unchanged.
  ///
  /// Same as ReactiveKit and Combine, on every platform: the signal is raised with `raise(SIGTRAP)`
  /// on the thread that delivers the event, before the event is forwarded; in a debugger, continuing
  /// forwards it. Without a debugger attached, `SIGTRAP`'s default action terminates the process (on
  /// Linux as on Apple platforms), so leave no breakpoint in shipping code. Completes or fails when
  /// the receiver does.
  ///
  /// - Parameters:
  ///   - receiveSubscription: Runs when an observation starts; `true` stops before observing the
  ///     receiver.
  ///   - receiveOutput: Runs for each element; `true` stops before it is forwarded.
  ///   - receiveCompletion: Runs for the completion or failure; `true` stops before it is forwarded.
  @inlinable
  public func breakpoint(
    receiveSubscription: (@Sendable () -> Bool)? = nil,
    receiveOutput: (@Sendable (Element) -> Bool)? = nil,
    receiveCompletion: (@Sendable (Subscribers.Completion<Error>) -> Bool)? = nil
  ) -> Signal<Element, Error> {
    var onSubscription: (@Sendable () -> Void)?
    if let receiveSubscription {
      onSubscription = { if receiveSubscription() { raiseSIGTRAP() } }
    }
    var onOutput: (@Sendable (Element) -> Void)?
    if let receiveOutput {
      onOutput = { element in if receiveOutput(element) { raiseSIGTRAP() } }
    }
    var onCompletion: (@Sendable (Subscribers.Completion<Error>) -> Void)?
    if let receiveCompletion {
      onCompletion = { completion in if receiveCompletion(completion) { raiseSIGTRAP() } }
    }
    return handleEvents(receiveSubscription: onSubscription, receiveOutput: onOutput, receiveCompletion: onCompletion)
  }

  /// Raises `SIGTRAP` (stopping in an attached debugger) when the receiver fails, and otherwise
  /// forwards every event unchanged.
  ///
  /// Same as ReactiveKit and Combine; see ``breakpoint(receiveSubscription:receiveOutput:receiveCompletion:)``
  /// for what happens without a debugger. Completes or fails when the receiver does.
  @inlinable
  public func breakpointOnError() -> Signal<Element, Error> {
    breakpoint(receiveCompletion: { completion in
      if case .failure = completion { return true }
      return false
    })
  }
}

/// Stops in an attached debugger; without one, `SIGTRAP`'s default action ends the process.
@usableFromInline
internal func raiseSIGTRAP() {
  _ = raise(SIGTRAP)
}
