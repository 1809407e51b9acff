import XCTest

final class KitTestsSmoke: XCTestCase {
    func testPlaceholder() {}
}
