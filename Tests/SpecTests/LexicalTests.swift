@testable import EndpointGenSpec
import XCTest

final class LexicalTests: XCTestCase {
    func testNames() {
        XCTAssertTrue(Lexical.isLowerCamelCase("getQuestion2"))
        XCTAssertFalse(Lexical.isLowerCamelCase("GetQuestion"))
        XCTAssertFalse(Lexical.isLowerCamelCase("get_question"))
        XCTAssertFalse(Lexical.isLowerCamelCase(""))
        XCTAssertTrue(Lexical.isUpperCamelCase("Auth"))
        XCTAssertFalse(Lexical.isUpperCamelCase("auth"))
        XCTAssertTrue(Lexical.isIdentifier("_page1"))
        XCTAssertFalse(Lexical.isIdentifier("1page"))
    }

    func testNumbers() {
        for valid in ["0", "-1", "20", "9223372036854775807"] { XCTAssertTrue(Lexical.isInteger(valid), valid) }
        for invalid in ["", "-", "01", "+1", "1.0", "0x1F", "1_000"] { XCTAssertFalse(Lexical.isInteger(invalid), invalid) }
        for valid in ["0", "0.5", "-1.25e+3", "1E9"] { XCTAssertTrue(Lexical.isNumber(valid), valid) }
        for invalid in [".5", "1.", "1e", "NaN", ".inf", "00.1"] { XCTAssertFalse(Lexical.isNumber(invalid), invalid) }
        XCTAssertTrue(Lexical.integerFits("2147483647", bits: 32))
        XCTAssertFalse(Lexical.integerFits("2147483648", bits: 32))
        XCTAssertTrue(Lexical.integerFits("-2147483648", bits: 32))
        XCTAssertFalse(Lexical.integerFits("9223372036854775808", bits: 64))
    }

    /// The boundaries of what `Decimal(string:)` reads, as Foundation on Linux answered for each
    /// of these (a generated `Decimal(string: "…")!` default must never be nil).
    func testDecimalDefaultsAreOnesDecimalReads() {
        for valid in [
            "0", "-0.0", "0e127", "0e-128", "1e127", "-1e127", "1e+127", "1e-128", "0.1e-127", "1.5e-127", "12.5e126",
            "12345678901234567890123456789012345678", "0.12345678901234567890123456789012345678",
            "12345678901234567890123456789012345678e89", "99999999999999999999999", "10000000000000000000000000000000000000000",
        ] {
            XCTAssertTrue(Lexical.decimalFits(valid), valid)
        }
        for invalid in ["1e128", "1e200", "1e999999", "0e999", "1e-129", "1.5e-128", "0.1e-128", "12e-129", "1e-200"] {
            XCTAssertFalse(Lexical.decimalFits(invalid), invalid)
        }
        XCTAssertFalse(Lexical.decimalFits("123456789012345678901234567890123456789"), "39 significant digits")
    }

    func testFloatingDefaultsStayFiniteAndExact() {
        XCTAssertTrue(Lexical.floatingFits("1.7976931348623157e308", bits: 64))
        XCTAssertFalse(Lexical.floatingFits("1e309", bits: 64))
        XCTAssertTrue(Lexical.floatingFits("3.4e38", bits: 32))
        XCTAssertFalse(Lexical.floatingFits("1e39", bits: 32))
        XCTAssertTrue(Lexical.integerIsExact("9007199254740992", bits: 64))
        XCTAssertFalse(Lexical.integerIsExact("9007199254740993", bits: 64))
        XCTAssertTrue(Lexical.integerIsExact("16777216", bits: 32))
        XCTAssertFalse(Lexical.integerIsExact("16777217", bits: 32))
        XCTAssertFalse(Lexical.integerIsExact("99999999999999999999999", bits: 64))
    }

    func testHTTPWords() {
        XCTAssertTrue(Lexical.isToken("X-Request-ID"))
        XCTAssertFalse(Lexical.isToken("X Request"))
        XCTAssertFalse(Lexical.isToken("X:Y"))
        XCTAssertTrue(Lexical.isMIMEType("application/json"))
        XCTAssertTrue(Lexical.isMIMEType("text/plain; charset=utf-8"))
        XCTAssertTrue(Lexical.isMIMEType("multipart/mixed; boundary=\"a b\""))
        XCTAssertFalse(Lexical.isMIMEType("json"))
        XCTAssertFalse(Lexical.isMIMEType("text/"))
        XCTAssertFalse(Lexical.isMIMEType("text/plain;"))
        XCTAssertTrue(Lexical.isAbsoluteHTTPURL("https://api.example.com/v1"))
        XCTAssertTrue(Lexical.isAbsoluteHTTPURL("HTTP://localhost:8080"))
        XCTAssertFalse(Lexical.isAbsoluteHTTPURL("https://"))
        XCTAssertFalse(Lexical.isAbsoluteHTTPURL("https:///path"))
        XCTAssertFalse(Lexical.isAbsoluteHTTPURL("ftp://example.com"))
        XCTAssertFalse(Lexical.isAbsoluteHTTPURL("https://exa mple.com"))
        XCTAssertFalse(Lexical.isValidHeaderValue("a\r\nX-Evil: 1"))
    }

    func testSampleFormats() {
        XCTAssertTrue(Lexical.isISO8601DateTime("2024-01-02T03:04:05Z"))
        XCTAssertTrue(Lexical.isISO8601DateTime("2024-01-02T03:04:05.123+09:00"))
        XCTAssertFalse(Lexical.isISO8601DateTime("2024-01-02"))
        XCTAssertFalse(Lexical.isISO8601DateTime("2024-13-02T03:04:05Z"))
        XCTAssertFalse(Lexical.isISO8601DateTime("2024-01-02T03:04:05"))
        XCTAssertTrue(Lexical.isUUID("123e4567-e89b-12d3-a456-426614174000"))
        XCTAssertFalse(Lexical.isUUID("123e4567e89b12d3a456426614174000"))
        XCTAssertTrue(Lexical.isBase64("aGVsbG8="))
        XCTAssertFalse(Lexical.isBase64("aGVsbG8"))
        XCTAssertFalse(Lexical.isBase64("a=GV"))
    }

    func testStem() {
        XCTAssertEqual(SpecLoader.stem(of: "specs/auth.yaml"), "auth")
        XCTAssertEqual(SpecLoader.stem(of: "auth.yaml"), "auth")
        XCTAssertEqual(SpecLoader.stem(of: "a/b/wine.list.yaml"), "wine.list")
        XCTAssertEqual(SpecLoader.stem(of: "specs/.hidden"), ".hidden")
        XCTAssertEqual(SpecLoader.stem(of: "specs/plain"), "plain")
    }
}
