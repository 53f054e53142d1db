import TetherSignals
import TetherSynchronization
import TetherTestSupport
import XCTest

private final class Label: Sendable {
  let text = Locked("")
}

private final class BaggedLabel: DisposeBagProvider, Sendable {
  let text = Locked("")
  let bag = DisposeBag()
}

final class BindTests: XCTestCase {
  func testBindToPropertySetsItsValue() {
    let subject = PassthroughSubject<Int, Never>()
    let property = Property(0)
    subject.bind(to: property)
    subject.send(5)
    XCTAssertEqual(property.value, 5)
  }

  func testBindToPropertyHoldsItWeakly() {
    let subject = PassthroughSubject<Int, Never>()
    var property: Property<Int>? = Property(0)
    weak let weakProperty = property
    let binding = subject.bind(to: property!)
    property = nil
    XCTAssertNil(weakProperty)
    subject.send(1)
    XCTAssertTrue(binding.isDisposed, "the first element after the property is gone ends the binding")
  }

  func testBindToTargetRunsTheSetterInTheContext() {
    let subject = PassthroughSubject<Int, Never>()
    let label = Label()
    let scheduler = VirtualTimeScheduler()
    subject.bind(to: label, context: ExecutionContext { action in scheduler.schedule(action) }) { label, value in
      label.text.withLock { $0 = "\(value)" }
    }
    subject.send(3)
    XCTAssertEqual(label.text.withLock { $0 }, "")
    scheduler.advance()
    XCTAssertEqual(label.text.withLock { $0 }, "3")
  }

  func testBindingEndsWhenTheTargetGoesAway() {
    let subject = PassthroughSubject<Int, Never>()
    var label: Label? = Label()
    weak let weakLabel = label
    let binding = subject.bind(to: label!, context: .immediate) { label, value in
      label.text.withLock { $0 = "\(value)" }
    }
    subject.send(1)
    label = nil
    XCTAssertNil(weakLabel, "the binding does not keep its target alive")
    XCTAssertFalse(binding.isDisposed)
    subject.send(2)
    XCTAssertTrue(binding.isDisposed, "the first element after the target is gone ends the binding")
  }

  func testBindingToABagProviderEndsWhenItDeinitializes() {
    let subject = PassthroughSubject<Int, Never>()
    var label: BaggedLabel? = BaggedLabel()
    let binding = subject.bind(to: label!, context: .immediate) { label, value in
      label.text.withLock { $0 = "\(value)" }
    }
    subject.send(1)
    XCTAssertEqual(label!.text.withLock { $0 }, "1")
    label = nil
    XCTAssertTrue(binding.isDisposed)
  }
}
