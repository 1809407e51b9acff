import XCTest

final class SpecTestsSmoke: XCTestCase {
    func testPlaceholder() {}
}
