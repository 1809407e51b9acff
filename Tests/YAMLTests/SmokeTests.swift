import XCTest

final class YAMLTestsSmoke: XCTestCase {
    func testPlaceholder() {}
}
