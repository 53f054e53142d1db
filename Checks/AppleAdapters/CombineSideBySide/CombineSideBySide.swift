// An app module that imports both Tether and Combine, against the stub Combine (which declares
// every top-level name Combine shares with Tether's modules): the typealiases of "Combine side by
// side" (SignalsAndProperties.md) make each shared name Tether's, and Combine's stay reachable
// qualified. DocumentationTests checks that the region below is the article's sample, line for
// line; Scripts/check-apple-adapters.sh checks that dropping any one of the typealiases makes this
// build fail (an ambiguous name), so the sample lists exactly the aliases an app needs.
import CheckedTetherCombine
import Combine
import TetherSignals

// snippet: combine-name-clash
typealias PassthroughSubject = TetherSignals.PassthroughSubject
typealias Subscribers = TetherSignals.Subscribers
typealias Scheduler = TetherSignals.Scheduler
typealias AnyCancellable = TetherSignals.AnyCancellable
// snippet-end

/// Uses each shared name unqualified (Tether's) and qualified (Combine's).
func everySharedName(on scheduler: some Scheduler) {
  var cancellables = Set<AnyCancellable>()
  let taps = PassthroughSubject<Int, Never>()
  taps.sink { _ in }.store(in: &cancellables)
  taps.receive(on: scheduler).observeNext { _ in }.dispose()
  let finished: Subscribers.Completion<Never> = .finished
  taps.send(completion: finished)

  var combineCancellables = Set<Combine.AnyCancellable>()
  let names = Combine.PassthroughSubject<String, Never>()
  names.sink { _ in }.store(in: &combineCancellables)
  taps.toPublisher().sink { _ in }.store(in: &combineCancellables)
  let completion: Combine.Subscribers.Completion<Never> = .finished
  _ = completion
  func onCombineScheduler(_ scheduler: some Combine.Scheduler) {}
}
