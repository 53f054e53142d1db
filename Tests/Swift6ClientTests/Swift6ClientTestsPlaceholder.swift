import Tether
import XCTest

final class Swift6ClientTestsModuleLoads: XCTestCase {
  func testModuleImports() {}
}
