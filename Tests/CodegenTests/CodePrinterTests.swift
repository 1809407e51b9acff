import XCTest
@testable import EndpointGenCodegen

/// The printer is the one place that lays out generated code; these pin its layout rules, its
/// buffer (which grows by itself past its first 16 KB) and the pieces a line interpolates.
final class CodePrinterTests: XCTestCase {
    func testLinesAndBlocks() {
        var p = CodePrinter()
        p.block("struct \("Box")") { p in
            p.blank()  // dropped: right after `{`
            p.line("var name: \(literal: "a\"b")")
            p.blank()
            p.blank()  // collapsed with the one before
            p.line("case one:")
            p.indented { p in p.line("return 1") }
            p.blank()  // dropped: before the closing brace
        }
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
            p.line("let value\(index) = \(literal: "텍스트 \(index)")")
            expected += "let value\(index) = \(SwiftLiteral.string("텍스트 \(index)"))\n"
        }
        XCTAssertGreaterThan(expected.utf8.count, 64 * 1024)
        XCTAssertEqual(p.result, expected)
    }

    /// `name: Int, …`: a list written item by item; empty, so that `parenthesized` leaves out
    /// the parentheses.
    private static func names(_ names: [String]) -> CodeLine {
        "\(names, each: { "\($0): Int" })"
    }

    /// The optional pieces of a line print nothing when they are absent: a renderer writes a line
    /// whole instead of testing each piece around `put` calls.
    func testInterpolatedPieces() {
        let none: String? = nil
        let line: CodeLine = """
            case a\(parenthesized: Self.names(["x", "y"])), \
            b\(parenthesized: Self.names([])), \
            c\(parenthesized: "Int"), d\(parenthesized: none); \
            f()\(prefix: " -> ", "Int")\(prefix: " -> ", none)\(if: true, " async")\(if: false, " throws"); \
            [\(joined: ["1", "2", "3"])] [\(joined: [])] [\(joined: ["p", "q"], separator: " | ")] [\(["a", "b"], separator: "; ", each: { "\($0)!" })]; \
            \(literal: "plain") \(literal: "tab\t\"quote\"") \(prefix: ", otherwise: ", literal: "x")\(prefix: ", no: ", literal: none)
            """
        XCTAssertEqual(
            String(decoding: line.bytes, as: UTF8.self),
            #"case a(x: Int, y: Int), b, c(Int), d; f() -> Int async; [1, 2, 3] [] [p | q] [a!; b!]; "plain" "tab\u{9}\"quote\"" , otherwise: "x""#)
    }

    /// A part of a line built apart is interpolated as it is.
    func testLineBuiltApart() {
        var p = CodePrinter()
        let request: CodeLine = "Router.\("get")(id: \(7))"
        p.block("func f()") { p in p.line("return send(\(request))") }
        XCTAssertEqual(p.result, "func f() {\n    return send(Router.get(id: 7))\n}\n")
    }
}
