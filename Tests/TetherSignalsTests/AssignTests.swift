import TetherSignals
import TetherTestSupport
import XCTest

final class AssignTests: XCTestCase {
  private final class Model: @unchecked Sendable {  // Safe: only written on the test's thread.
    var count = 0
  }

  func testAssignsEachElementToTheKeyPath() {
    let model = Model()
    let subject = PassthroughSubject<Int, Never>()
    let cancellable = subject.assign(to: \.count, on: model)
    subject.send(1)
    XCTAssertEqual(model.count, 1)
    subject.send(2)
    XCTAssertEqual(model.count, 2)
    cancellable.cancel()
    subject.send(3)
    XCTAssertEqual(model.count, 2, "cancelling ends the assignments")
  }

  func testDroppingTheCancellableEndsTheAssignments() {
    let model = Model()
    let subject = PassthroughSubject<Int, Never>()
    do {
      let cancellable = subject.assign(to: \.count, on: model)
      subject.send(1)
      withExtendedLifetime(cancellable) {}
    }
    subject.send(2)
    XCTAssertEqual(model.count, 1)
  }

  func testHoldsTheObjectUntilTheSignalCompletes() {
    weak var weakModel: Model?
    let subject = PassthroughSubject<Int, Never>()
    let cancellable: AnyCancellable
    do {
      let model = Model()
      weakModel = model
      cancellable = subject.assign(to: \.count, on: model)
    }
    subject.send(4)
    XCTAssertEqual(weakModel?.count, 4, "held while the observation runs")
    subject.send(completion: .finished)
    XCTAssertNil(weakModel, "released once the signal completed")
    withExtendedLifetime(cancellable) {}
  }
}
