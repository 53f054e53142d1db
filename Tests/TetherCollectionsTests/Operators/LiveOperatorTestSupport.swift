import TetherChangesets
import TetherCollections
import TetherSignals
import TetherTestSupport
import XCTest

/// One input of a live operator in a scripted run: a source changeset or a new control value.
enum LiveStep<Control> {
  case changeset(OrderedCollectionChangeset<[Int]>)
  case control(Control)
}

/// A random stream of source changesets (see `randomOrderedStream`) with new control values
/// (`makeControl`) interleaved: sometimes first, sometimes after the first changesets, and now and
/// then between two changesets.
func randomLiveSteps<Control>(
  steps: Int,
  alphabet: Int = 40,
  using rng: inout SeededRandomNumberGenerator,
  makeControl: (inout SeededRandomNumberGenerator) -> Control
) -> [LiveStep<Control>] {
  let stream = randomOrderedStream(steps: steps, alphabet: alphabet, using: &rng)
  var result: [LiveStep<Control>] = []
  let firstControl = Int.random(in: 0...2, using: &rng)
  for (index, changeset) in stream.enumerated() {
    if index == firstControl || (index > firstControl && Int.random(in: 0..<3, using: &rng) == 0) {
      result.append(.control(makeControl(&rng)))
    }
    result.append(.changeset(changeset))
  }
  if Bool.random(using: &rng) { result.append(.control(makeControl(&rng))) }
  return result
}

/// Runs `steps` through a live operator made by `makeSignal` from a source subject and a subject of
/// control values, and checks every output:
/// - nothing before the first control value, then exactly one output per input;
/// - the first output, and each one for a source reload, is a reload; every other output replays
///   (patch and diff) from the previous output's collection;
/// - an output for a new control value is never a reload and passes `checkControlDiff`;
/// - after every input the output collection equals `reference(source, control)`.
///
/// Returns the outputs.
@discardableResult
func assertLiveOperator<Control>(
  _ steps: [LiveStep<Control>],
  reference: ([Int], Control) -> [Int],
  checkControlDiff: (OrderedCollectionDiff<Int>, String) -> Void = { _, _ in },
  _ message: String,
  file: StaticString = #filePath,
  line: UInt = #line,
  _ makeSignal: (
    PassthroughSubject<OrderedCollectionChangeset<[Int]>, Never>, PassthroughSubject<Control, Never>
  ) -> Signal<OrderedCollectionChangeset<[Int]>, Never>
) -> [OrderedCollectionChangeset<[Int]>] {
  let source = PassthroughSubject<OrderedCollectionChangeset<[Int]>, Never>()
  let controls = PassthroughSubject<Control, Never>()
  let recorder = EventRecorder<OrderedCollectionChangeset<[Int]>, Never>()
  recorder.observe(makeSignal(source, controls))
  var collection: [Int]?
  var control: Control?
  for (index, step) in steps.enumerated() {
    let context = "\(message), step \(index)"
    let before = recorder.elements.count
    switch step {
    case .changeset(let changeset):
      collection = changeset.collection
      source.send(changeset)
    case .control(let value):
      control = value
      controls.send(value)
    }
    let outputs = recorder.elements
    guard let collection, let control else {
      XCTAssertEqual(outputs.count, 0, "nothing before both inputs [\(context)]", file: file, line: line)
      continue
    }
    guard outputs.count == before + 1 else {
      XCTFail("one output per input, got \(outputs.count - before) [\(context)]", file: file, line: line)
      return outputs
    }
    let output = outputs[before]
    let mustReload: Bool
    switch step {
    case .changeset(let changeset): mustReload = before == 0 || changeset.isReload
    case .control: mustReload = before == 0
    }
    XCTAssertEqual(output.isReload, mustReload, "reload or not [\(context)]", file: file, line: line)
    if !output.isReload {
      assertReplays(output, from: outputs[before - 1].collection, context, file: file, line: line)
      if case .control = step { checkControlDiff(output.diff, context) }
    }
    let expected = reference(collection, control)
    XCTAssertEqual(output.collection, expected, "output collection [\(context)]", file: file, line: line)
    if output.collection != expected { return outputs }
  }
  recorder.assertNoViolations()
  return recorder.elements
}
