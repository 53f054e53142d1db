import TetherDiffuser
import XCTest

final class TetherDiffuserTestsModuleLoads: XCTestCase {
  func testModuleImports() {}
}
