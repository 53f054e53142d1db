import Dispatch
import TetherSignals
import TetherTestSupport
import XCTest

final class BidirectionalBindTests: XCTestCase {
  func testTheTargetTakesTheReceiversValueThenEachSideTakesTheOthersChanges() {
    let name = Property("Ada")
    let field = Property("")
    name.bidirectionalBind(to: field)
    XCTAssertEqual(field.value, "Ada")
    field.value = "Grace"
    XCTAssertEqual(name.value, "Grace")
    name.value = "Hedy"
    XCTAssertEqual(field.value, "Hedy")
  }

  func testAChangeDoesNotBounceBack() {
    let left = Property(0)
    let right = Property(0)
    left.bidirectionalBind(to: right)
    let leftValues = EventRecorder<Int, Never>()
    leftValues.observe(left)
    let rightValues = EventRecorder<Int, Never>()
    rightValues.observe(right)
    // Equal values are not filtered out anywhere, so a loop would show up as repeats (or never end).
    left.value = 1
    left.value = 1
    right.value = 2
    XCTAssertEqual(leftValues.elements, [0, 1, 1, 2], "each value once per change, no echo")
    XCTAssertEqual(rightValues.elements, [0, 1, 1, 2])
  }

  func testAChangeMadeByAnObserverWhileAValueIsHandedOverIsNotTakenForTheEcho() {
    let left = Property(0)
    let right = Property(0)
    left.bidirectionalBind(to: right)
    // The right side clamps; its correction is made while the left's value is still being handed over.
    let clamp = right.observeNext { value in if value > 10 { right.value = 10 } }
    left.value = 20
    XCTAssertEqual(right.value, 10)
    XCTAssertEqual(left.value, 10, "the correction reaches the left side")
    clamp.dispose()
  }

  func testDisposingEndsBothDirections() {
    let left = Property(0)
    let right = Property(0)
    let binding = left.bidirectionalBind(to: right)
    binding.dispose()
    left.value = 1
    XCTAssertEqual(right.value, 0)
    right.value = 2
    XCTAssertEqual(left.value, 1)
  }

  func testTheBindingKeepsNeitherSideAlive() {
    var left: Property<Int>? = Property(0)
    var right: Property<Int>? = Property(0)
    weak let weakLeft = left
    weak let weakRight = right
    let binding = left!.bidirectionalBind(to: right!)
    left = nil
    right = nil
    XCTAssertNil(weakLeft)
    XCTAssertNil(weakRight)
    binding.dispose()
  }

  func testChangesFromTheOtherSideOnOtherThreadsStillAgree() {
    let left = Property(0)
    let right = Property(0)
    let binding = left.bidirectionalBind(to: right)
    DispatchQueue.concurrentPerform(iterations: 2) { thread in
      for value in 1...200 {
        if thread == 0 { left.value = value } else { right.value = -value }
      }
    }
    left.waitUntilDelivered()
    right.waitUntilDelivered()
    XCTAssertEqual(left.value, right.value, "both sides end with the same value")
    binding.dispose()
  }
}
