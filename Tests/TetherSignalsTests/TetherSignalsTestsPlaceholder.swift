import TetherSignals
import XCTest

final class TetherSignalsTestsModuleLoads: XCTestCase {
  func testModuleImports() {}
}
