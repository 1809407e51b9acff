import EndpointGenSpec
import EndpointGenSupport
import Foundation
import XCTest

/// `QuotedText`, the escaper behind JSON strings, YAML quoted scalars, diagnostics and link
/// addresses, and `SampleValue.compactJSON` on it.
final class QuotedTextTests: XCTestCase {
    func testJSONStringsEscapeQuotesBackslashesAndControlCharactersOnly() {
        var out = "x="
        QuotedText.appendJSON("a\"b\\c\n\r\t\u{1}\u{1F}\u{7F}é\u{2028}😀", to: &out)
        XCTAssertEqual(out, #"x="a\"b\\c\n\r\t\u0001\u001f"# + "\u{7F}é\u{2028}😀\"")
    }

    func testTheCallerPicksWhatIsWrittenAsUnicodeEscapesAndTheirCase() {
        var out = ""
        QuotedText.appendQuoted("\u{FEFF}a\u{85}\n", to: &out, uppercaseHex: true) { $0.value >= 0x80 }
        XCTAssertEqual(out, #""\uFEFFa\u0085\n""#)
    }

    func testAReplacementReplacesOrDropsAScalarAndNilKeepsIt() {
        var out = ">"
        QuotedText.append("a b\u{0}c", to: &out) { scalar in
            switch scalar {
            case " ": return "%20"
            case "\u{0}": return ""
            default: return nil
            }
        }
        XCTAssertEqual(out, ">a%20bc")
    }

    /// What a stub returns and `verify` sends reads back as the same value.
    func testCompactJSONReadsBackAsTheSameValue() throws {
        let value = SampleValue.object([
            (key: "name", value: .string("a\"b\n\u{1}")), (key: "n", value: .number("-1.5e3")),
            (key: "list", value: .array([.null, .bool(true), .bool(false)])), (key: "empty", value: .object([])),
        ])
        XCTAssertEqual(value.compactJSON, #"{"name":"a\"b\n\u0001","n":-1.5e3,"list":[null,true,false],"empty":{}}"#)
        let read = try JSONSerialization.jsonObject(with: Data(value.compactJSON.utf8)) as? [String: Any]
        XCTAssertEqual(read?["name"] as? String, "a\"b\n\u{1}")
        XCTAssertEqual((read?["list"] as? [Any])?.count, 3)
    }

    /// A server's value quoted in a `verify` message: quotes and backslashes escaped, a line break
    /// kept out of the line, at most 60 characters (the verifier had an escaper of its own that
    /// left `\` and line breaks as they came).
    func testAValueShownInADiagnosticStaysOneQuotedLine() {
        XCTAssertEqual(QuotedText.shown(#"say "hi"\n"#), #""say \"hi\"\\n""#)
        XCTAssertEqual(QuotedText.shown("a\nb\tc"), #""a\nb\tc""#)
        XCTAssertEqual(QuotedText.shown(String(repeating: "x", count: 61)), "\"" + String(repeating: "x", count: 60) + "…\"")
        XCTAssertEqual(QuotedText.shown("정상"), "\"정상\"")
    }
}
