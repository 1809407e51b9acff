import XCTest
@testable import EndpointGenCodegen

/// The printer is the one place that lays out generated code; these pin its layout rules and
/// its buffer (which grows by itself past its first 16 KB).
final class CodePrinterTests: XCTestCase {
    func testLinesInPiecesAndBlocks() {
        var p = CodePrinter()
        p.begin()
        p.put("struct ")
        p.put("Box")
        p.open()
        p.blank()  // dropped: right after `{`
        p.begin()
        p.put("var name: ")
        p.putLiteral("a\"b")
        p.end()
        p.blank()
        p.blank()  // collapsed with the one before
        p.line("case one:")
        p.indented { p in p.line("return 1") }
        p.blank()  // dropped: before the closing brace
        p.close()
        XCTAssertEqual(p.result, """
            struct Box {
                var name: "a\\"b"
            
                case one:
                    return 1
            }
            
            """)
    }

    func testTextLargerThanTheFirstBufferIsKeptWhole() {
        var p = CodePrinter()
        var expected = ""
        for index in 0..<5000 {
            p.begin()
            p.put("let value")
            p.put(String(index))
            p.put(" = ")
            p.putLiteral("텍스트 \(index)")
            p.end()
            expected += "let value\(index) = \(SwiftLiteral.string("텍스트 \(index)"))\n"
        }
        XCTAssertGreaterThan(expected.utf8.count, 64 * 1024)
        XCTAssertEqual(p.result, expected)
    }
}
