import TetherDataSources
import XCTest

final class TetherDataSourcesTestsModuleLoads: XCTestCase {
  func testModuleImports() {}
}
