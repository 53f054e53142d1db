import TetherChangesets
import XCTest

final class TetherChangesetsTestsModuleLoads: XCTestCase {
  func testModuleImports() {}
}
