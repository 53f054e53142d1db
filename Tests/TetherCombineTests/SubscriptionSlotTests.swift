import XCTest

@testable import TetherCombine

/// The bookkeeping behind `Publisher.toSignal()`: a cancellation before, during or after the
/// subscription arrives cancels it exactly once; a completion releases it without cancelling.
final class SubscriptionSlotTests: XCTestCase {
  private final class Token {}

  func testCancelReturnsTheAttachedSubscriptionOnce() {
    let slot = SubscriptionSlot<Token>()
    let token = Token()
    XCTAssertTrue(slot.attach(token))
    XCTAssertTrue(slot.cancel() === token)
    XCTAssertNil(slot.cancel())
    XCTAssertTrue(slot.hasEnded)
  }

  func testASubscriptionArrivingAfterCancellationMustBeCancelled() {
    let slot = SubscriptionSlot<Token>()
    XCTAssertNil(slot.cancel())
    XCTAssertFalse(slot.attach(Token()))
  }

  func testASecondSubscriptionIsRefused() {
    let slot = SubscriptionSlot<Token>()
    let first = Token()
    XCTAssertTrue(slot.attach(first))
    XCTAssertFalse(slot.attach(Token()))
    XCTAssertTrue(slot.cancel() === first)
  }

  func testCompletionReleasesWithoutCancelling() {
    let slot = SubscriptionSlot<Token>()
    weak var weakToken: Token?
    do {
      let token = Token()
      weakToken = token
      XCTAssertTrue(slot.attach(token))
    }
    slot.complete()
    XCTAssertNil(weakToken, "the completed slot still holds its subscription")
    XCTAssertNil(slot.cancel())
  }
}
