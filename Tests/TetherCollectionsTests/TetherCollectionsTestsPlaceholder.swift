import TetherCollections
import XCTest

final class TetherCollectionsTestsModuleLoads: XCTestCase {
  func testModuleImports() {}
}
