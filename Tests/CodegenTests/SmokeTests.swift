import XCTest

final class CodegenTestsSmoke: XCTestCase {
    func testPlaceholder() {}
}
