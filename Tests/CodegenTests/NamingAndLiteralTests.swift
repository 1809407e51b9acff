import EndpointGenSpec
import EndpointGenSupport
import XCTest
@testable import EndpointGenCodegen

final class NamingAndLiteralTests: XCTestCase {
    func testLowerCamelFromWireNames() {
        XCTAssertEqual(Naming.lowerCamel("page_no"), "pageNo")
        XCTAssertEqual(Naming.lowerCamel("X-Request-ID"), "xRequestID")
        XCTAssertEqual(Naming.lowerCamel("created_at"), "createdAt")
        XCTAssertEqual(Naming.lowerCamel("-created_at"), "createdAt")
        XCTAssertEqual(Naming.lowerCamel("URLPath"), "urlPath")
        XCTAssertEqual(Naming.lowerCamel("alreadyCamel"), "alreadyCamel")
        XCTAssertEqual(Naming.lowerCamel("super_admin"), "superAdmin")
        XCTAssertEqual(Naming.upperCamel("upload_avatar"), "UploadAvatar")
        XCTAssertEqual(Naming.upperCamel("getQuestion"), "GetQuestion")
        XCTAssertEqual(Naming.upperCamel("login_request"), "LoginRequest")
        XCTAssertEqual(Naming.lowerCamel("--"), "")
        XCTAssertEqual(Naming.lowerCamel("é_x"), "x", "non-ASCII bytes separate words")
        XCTAssertEqual(Naming.words("createdAt2FA_x-y"), ["created", "At2", "FA", "x", "y"])
        XCTAssertEqual(Naming.lowerCamel("ABCdef"), "abCdef")
        XCTAssertEqual(Naming.lowerCamel("ID"), "id")
        XCTAssertEqual(Naming.lowerCamel("2fa_code"), "2faCode")
        XCTAssertEqual(Naming.identifier(fromWire: "2fa_code"), "_2faCode")
        XCTAssertEqual(Naming.caseName(forInteger: "-1"), "valueMinus1")
    }

    func testIdentifiersAreLegalEverywhere() {
        XCTAssertEqual(Naming.identifier(fromWire: "2fa"), "_2fa")
        XCTAssertEqual(Naming.identifier(fromWire: "self"), "self_")
        XCTAssertEqual(Naming.identifier(fromWire: "init"), "init_")
        XCTAssertEqual(Naming.identifier(fromWire: "Type"), "type")
        XCTAssertEqual(Naming.identifier(fromWire: "한글"), "value")
        XCTAssertEqual(Naming.escaped("default"), "`default`")
        XCTAssertEqual(Naming.escaped("name"), "name")
        XCTAssertEqual(Naming.typeName("Type"), "Type_")
    }

    func testStringLiteralsCannotBecomeCode() {
        XCTAssertEqual(SwiftLiteral.string(#"a"b\c"#), #""a\"b\\c""#)
        XCTAssertEqual(SwiftLiteral.string("\\(x)"), #""\\(x)""#)
        XCTAssertEqual(SwiftLiteral.string("\"\"\""), #""\"\"\"""#)
        XCTAssertEqual(SwiftLiteral.string("line\nbreak"), #""line\u{A}break""#)
        XCTAssertEqual(SwiftLiteral.string("\u{202E}é"), #""\u{202E}\u{E9}""#)
        XCTAssertEqual(SwiftLiteral.string("*/"), #""*/""#)
    }

    func testDocLinesSplitAndNeutraliseControlAndBidiCharacters() {
        XCTAssertEqual(SwiftLiteral.docLines("one\r\ntwo\nthree  "), ["one", "two", "three"])
        XCTAssertEqual(SwiftLiteral.docLines("a\u{202E}b\u{2066}c\u{0007}d\te"), ["a\u{FFFD}b\u{FFFD}c\u{FFFD}d e"])
        XCTAssertEqual(SwiftLiteral.docLines("x\u{2028}y"), ["x", "y"])
    }

    func testPrinterIndentsAndEndsWithOneNewline() {
        var printer = CodePrinter()
        printer.line("struct A {")
        printer.block("func f()") { p in
            p.line("let x = 1")
            p.blank()
            p.blank()
            p.line("return")
        }
        printer.blank()
        printer.blank()
        XCTAssertEqual(printer.result, "struct A {\nfunc f() {\n    let x = 1\n\n    return\n}\n")
    }

    func testFieldNameCollisionIsReportedWithBothPlaces() {
        let a = SourceLocation(file: "specs/a.yaml", line: 4, column: 7)
        let b = SourceLocation(file: "specs/a.yaml", line: 5, column: 7)
        let module = SpecModule(files: [])
        var context = Context(module: module, options: CodegenOptions())
        let names = context.fieldNames([
            Field(wireName: "page_no", type: .primitive(.int), location: a),
            Field(wireName: "pageNo", type: .primitive(.int), location: b),
        ], in: "'Page'")
        XCTAssertEqual(names, ["pageNo", "pageNo"])
        XCTAssertEqual(context.diagnostics.map(\.rendered), ["""
        specs/a.yaml:5:7: error: 'pageNo' and 'page_no' in 'Page' both become the Swift name 'pageNo'; give one a different 'name:'
        specs/a.yaml:4:7: note: 'page_no' is here
        """])
    }

    func testSampleBodyIsWrappedInTheEnvelope() {
        let envelope = Envelope(payload: "result", success: "isSuccess", code: "code", message: "message")
        let sample = SampleValue.object([(key: "name", value: .string("a\"b\n")), (key: "n", value: .number("1"))])
        XCTAssertEqual(SampleJSON.body(sample: sample, envelope: envelope), #"{"isSuccess":true,"result":{"name":"a\"b\n","n":1}}"#)
        XCTAssertEqual(SampleJSON.body(sample: .array([.null, .bool(false)]), envelope: nil), "[null,false]")
    }
}
