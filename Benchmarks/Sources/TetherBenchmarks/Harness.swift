import Dispatch
import Foundation

/// A named group of benchmarks, run by `tether-benchmarks NAME` or with every other suite.
struct BenchmarkSuite {
  let name: String
  let run: () -> Void
}

/// Times `body` `repetitions` times and returns the median in nanoseconds.
///
/// `setUp` runs before each repetition, outside the timed region, and its result is passed in.
func medianNanoseconds<Input>(
  repetitions: Int = 7,
  setUp: () -> Input,
  _ body: (Input) -> Void
) -> Double {
  var samples: [Double] = []
  for _ in 0..<repetitions {
    let input = setUp()
    let start = DispatchTime.now().uptimeNanoseconds
    body(input)
    let end = DispatchTime.now().uptimeNanoseconds
    samples.append(Double(end - start))
  }
  samples.sort()
  return samples[samples.count / 2]
}

/// Times `body` `repetitions` times and returns the median in nanoseconds.
func medianNanoseconds(repetitions: Int = 7, _ body: () -> Void) -> Double {
  medianNanoseconds(repetitions: repetitions, setUp: {}, { _ in body() })
}

/// Prints one result row: name, the measured figure, its unit, and an optional target or comparison.
func report(_ name: String, _ value: Double, unit: String, note: String = "") {
  let valueText = value >= 100 ? String(Int(value.rounded())) : String(format2(value))
  print("  \(name.padding(toLength: 58, withPad: " ", startingAt: 0)) \(valueText) \(unit)  \(note)")
}

private func format2(_ value: Double) -> String {
  let scaled = (value * 100).rounded() / 100
  return "\(scaled)"
}

/// Keeps the optimizer from discarding a computed value.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// The benchmarks' seeded generator (SplitMix64): the same inputs on every run and machine.
struct BenchmarkRandom: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}
