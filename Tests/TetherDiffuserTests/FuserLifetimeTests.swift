import TetherDiffuser
import TetherSignals
import XCTest

/// Something a handler captures; its lifetime shows whether the handler is still held.
private final class Marker: Sendable {}

/// A fuser's handler, and what it captures, is released once nothing can call it any more, as an
/// observer of a signal is, even while the connection object is still held (in a property or a
/// dispose bag).
final class FuserLifetimeTests: XCTestCase {
  func testDisposingTheConnectionReleasesTheHandler() {
    let source = ManualSource<Int>()
    weak var weakMarker: Marker?
    let connection: FuserConnection
    do {
      let marker = Marker()
      weakMarker = marker
      connection = Fuser(.from(source)).connect { _ in withExtendedLifetime(marker) {} }
    }
    source.emit(1)
    connection.dispose()
    XCTAssertNil(weakMarker, "the handler outlives the disposed connection")
  }

  func testTheHandlerIsReleasedWhenEverySourceGoesAwayWithoutEnding() {
    weak var weakMarker: Marker?
    weak var weakSubject: PassthroughSubject<Int, Never>?
    var connection: FuserConnection?
    do {
      let marker = Marker()
      weakMarker = marker
      let subject = PassthroughSubject<Int, Never>()
      weakSubject = subject
      connection = Fuser.from(subject).connect { _ in withExtendedLifetime(marker) {} }
      subject.send(1)
    }
    XCTAssertNil(weakSubject, "the subject is gone")
    XCTAssertNil(weakMarker, "the handler outlives every source, held by the connection")
    connection?.dispose()
  }
}
