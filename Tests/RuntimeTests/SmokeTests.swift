import XCTest

final class RuntimeTestsSmoke: XCTestCase {
    func testPlaceholder() {}
}
