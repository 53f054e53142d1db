import Tether
import XCTest

final class TetherStressTestsModuleLoads: XCTestCase {
  func testModuleImports() {}
}
