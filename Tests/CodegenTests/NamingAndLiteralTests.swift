@testable import EndpointGenSpec
import EndpointGenSupport
import GoldenSupport
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
        XCTAssertEqual(Namer.caseName(forInteger: "-1"), "valueMinus1")
    }

    /// Java's enum constants and other SCREAMING_SNAKE_CASE names read as Swift would write them
    /// (acronyms such as ID and URL in capitals); a single capitalised word and mixed-case names
    /// keep their case.
    func testScreamingSnakeCaseBecomesCamelCase() {
        XCTAssertEqual(Naming.lowerCamel("IN_PROGRESS"), "inProgress")
        XCTAssertEqual(Naming.upperCamel("IN_PROGRESS"), "InProgress")
        XCTAssertEqual(Naming.lowerCamel("X-API-KEY"), "xAPIKey")
        XCTAssertEqual(Naming.lowerCamel("HTTP_STATUS_CODE"), "httpStatusCode")
        XCTAssertEqual(Naming.lowerCamel("USER_ID"), "userID")
        XCTAssertEqual(Naming.upperCamel("PROFILE_IMAGE_URL"), "ProfileImageURL")
        XCTAssertEqual(Naming.lowerCamel("V2_ID9"), "v2Id9")
        XCTAssertEqual(Naming.lowerCamel("URL"), "url")
        XCTAssertEqual(Naming.upperCamel("URL"), "URL")
        XCTAssertEqual(Naming.lowerCamel("X-Request-ID"), "xRequestID")
        XCTAssertEqual(Naming.lowerCamel("user_ID"), "userID")
    }

    /// The camel-casing loop finds words itself (one pass); it must agree with `words` and the
    /// casing rule on every input, including runs of capitals, digits and non-ASCII bytes.
    func testCamelCaseAgreesWithItsWords() {
        func reference(_ text: String, upperFirst: Bool) -> String {
            let words = Naming.words(text)
            // SCREAMING_SNAKE_CASE: several words and no lowercase ASCII letter anywhere.
            let screaming = words.count > 1 && !text.unicodeScalars.contains { $0.isASCII && ("a"..."z").contains($0) }
            var result = ""
            for (position, word) in words.enumerated() {
                if position == 0 && !upperFirst {
                    let capitals = word.prefix { $0.isASCII && $0.isUppercase }.count
                    let lowered = screaming ? word.count : capitals == word.count || capitals <= 1 ? capitals : capitals - 1
                    result += word.prefix(lowered).lowercased() + word.dropFirst(lowered)
                } else {
                    let lower = screaming && !SwiftNaming.acronyms.contains(word)
                    result += word.prefix(1).uppercased() + (lower ? word.dropFirst().lowercased() : String(word.dropFirst()))
                }
            }
            return result
        }
        let alphabet: [String] = ["a", "b", "Z", "Q", "1", "9", "_", "-", " ", ".", "é", "ID", "URL", "x2"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<4000 {
            var text = ""
            state = state &* 6364136223846793005 &+ 1442695040888963407
            for step in 0..<Int(state >> 60) {
                let pick = Int((state >> UInt64(4 * (step % 15))) & 0xF) % alphabet.count
                text += alphabet[pick]
            }
            XCTAssertEqual(Naming.lowerCamel(text), reference(text, upperFirst: false), "lowerCamel(\"\(text)\")")
            XCTAssertEqual(Naming.upperCamel(text), reference(text, upperFirst: true), "upperCamel(\"\(text)\")")
        }
    }

    /// The shape tables that rule names out before a `Set` lookup must never rule out a keyword.
    func testEveryKeywordIsEscapedAndEveryRenamedNameRenamed() {
        for keyword in SwiftNaming.keywords.sorted() where !SwiftNaming.renamed.contains(keyword) {
            XCTAssertEqual(Naming.escaped(keyword), "`\(keyword)`")
            XCTAssertEqual(Naming.legal(keyword), keyword)
            if !SwiftNaming.keywords.contains(keyword + "s") {
                XCTAssertEqual(Naming.escaped(keyword + "s"), keyword + "s")
            }
        }
        for name in SwiftNaming.renamed.sorted() {
            XCTAssertEqual(Naming.legal(name), name + "_")
            XCTAssertEqual(Naming.typeName(name), name + "_")
        }
        XCTAssertEqual(Naming.typeName("Any"), "Any_")
        XCTAssertEqual(Naming.escaped("cases"), "cases")
        XCTAssertEqual(Naming.escaped("code"), "code")
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
        // Plain text (which `doc` writes without calling docLines) comes back as it is.
        XCTAssertEqual(SwiftLiteral.docLines("Plain text."), ["Plain text."])
        XCTAssertEqual(SwiftLiteral.docLines(""), [])
        XCTAssertTrue(SwiftLiteral.isPlainDocLine("Plain text."))
        XCTAssertFalse(SwiftLiteral.isPlainDocLine("trailing "))
        XCTAssertFalse(SwiftLiteral.isPlainDocLine("two\nlines"))
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

    /// A Decimal default becomes an integer literal only when it fits in Int (the literal goes
    /// through Int, and a larger one did not compile); anything else is read from text.
    func testDecimalDefaultsBeyondIntAreReadFromText() {
        let context = Context(module: SpecModule(files: []), options: CodegenOptions())
        let decimal = TypeRef.primitive(.decimal)
        XCTAssertEqual(context.defaultExpression(.number("20"), type: decimal), "20")
        XCTAssertEqual(context.defaultExpression(.number("-9223372036854775808"), type: decimal), "-9223372036854775808")
        XCTAssertEqual(
            context.defaultExpression(.number("99999999999999999999999"), type: decimal), #"Decimal(string: "99999999999999999999999")!"#)
        XCTAssertEqual(context.defaultExpression(.number("0.1"), type: .optional(decimal)), #"Decimal(string: "0.1")!"#)
        XCTAssertEqual(context.defaultExpression(.number("99999999999999999999999.0"), type: .primitive(.double)), "99999999999999999999999.0")
    }

    func testSampleBodyIsWrappedInTheEnvelope() {
        let envelope = SpecEnvelope(payload: "result", success: "isSuccess", code: "code", message: "message")
        let sample = SampleValue.object([(key: "name", value: .string("a\"b\n")), (key: "n", value: .number("1"))])
        XCTAssertEqual(SampleJSON.body(sample: sample, envelope: envelope), #"{"isSuccess":true,"result":{"name":"a\"b\n","n":1}}"#)
        XCTAssertEqual(SampleJSON.body(sample: .array([.null, .bool(false)]), envelope: nil), "[null,false]")
    }

    // MARK: - Output file names

    /// What `generate` would report: the spec stages' problems (output names are the Namer's),
    /// else the code generator's.
    private func generate(_ files: [(path: String, text: String)]) throws -> CodegenResult {
        SpecGeneration.result(files)
    }

    /// A multipart body of no parts (import-swift once wrote one for parts built at run time)
    /// sends no body, as a form of no fields does: the router bound a `body` it never used and
    /// declared a `var parts` it never changed, two compiler warnings in generated code.
    func testAMultipartBodyOfNoPartsSendsNoBodyAndBindsNothing() throws {
        let result = try generate([("specs/uploads.yaml", """
        service: Uploads
        endpoints:
          upload:
            method: POST
            path: "/uploads/{id}"
            params: { id: Int }
            body: { multipart: {} }
        """)])
        XCTAssertEqual(result.diagnostics.map(\.rendered), [])
        let router = try XCTUnwrap(result.files.first { $0.name == "UploadsRouter.swift" }).contents
        XCTAssertFalse(router.contains("var parts"), router)
        XCTAssertFalse(router.contains("let body"), router)
        XCTAssertTrue(router.contains("public var body: RequestBody { .none }") || router.contains("return .none"), router)
    }

    /// docs/spec-format.md says a parameter's `summary` "is listed with the parameter": Quick
    /// Help's `- Parameters:` list under the method's doc, by Swift name, each on one line (GitHub
    /// documents `per_page` and 1,400 other parameters; they were in no generated comment).
    func testParameterSummariesAreListedInTheMethodsDocComment() throws {
        let result = try generate([("specs/issues.yaml", """
        service: Issues
        endpoints:
          listForRepo:
            method: GET
            path: /repos/{owner}/issues
            summary: List repository issues
            params:
              owner: { type: String, summary: The account owner. }
            query:
              per_page: { type: Int, summary: "Results per page\\n  (max 100)", default: 30 }
              page: Int
          ping: { method: GET, path: /ping, query: { verbose: Bool? } }
        """)])
        XCTAssertEqual(result.diagnostics.map(\.rendered), [])
        let service = try XCTUnwrap(result.files.first { $0.name == "IssuesService.swift" }).contents
        let doc = """
            /// List repository issues
            ///
            /// `GET /repos/{owner}/issues`
            ///
            /// - Parameters:
            ///   - owner: The account owner.
            ///   - perPage: Results per page (max 100)
            func listForRepo(
        """
        XCTAssertTrue(service.contains(doc), service)
        XCTAssertTrue(service.contains(doc.replacingOccurrences(of: "    func", with: "    public func")), service)
        XCTAssertTrue(service.contains("    /// `GET /ping`\n    func ping("), service)
    }

    func testOutputNamesDifferingOnlyInCaseAreAnErrorNamingBothSpecs() throws {
        // Issue 28: on macOS's and Windows' default file systems one would overwrite the other.
        // Reported once for the pair of specs (issue 29), not once per file they share.
        let result = try generate([
            ("specs/a.yaml", "service: FooBar\nendpoints:\n  ping: { method: GET, path: /ping }\n"),
            ("specs/b.yaml", "# the other one\nservice: Foobar\nendpoints:\n  pong: { method: GET, path: /pong }\n"),
        ])
        XCTAssertEqual(result.files, [])
        XCTAssertEqual(result.diagnostics.map(\.rendered), [
            """
            specs/b.yaml:2:10: error: 'specs/a.yaml' and 'specs/b.yaml' generate 'FooBarRouter.swift' and 'FoobarRouter.swift', names that differ only in letter case (one file on macOS and Windows); rename a service or a spec file
            specs/a.yaml:1:10: note: 'FooBarRouter.swift' comes from here
            """,
        ])
    }

    func testModelsFileTwinOfAServiceIsAnError() throws {
        // `petStore.yaml` (models only) gives PetStoreModels.swift, as service PetStore's models would.
        let result = try generate([
            ("specs/a.yaml", "service: Petstore\nendpoints:\n  ping: { method: GET, path: /ping }\nmodels:\n  A: { fields: { x: Int } }\n"),
            ("specs/pet_store.yaml", "models:\n  B: { fields: { y: Int } }\n"),
        ])
        XCTAssertEqual(result.diagnostics.map(\.rendered), ["""
            specs/pet_store.yaml:1:1: error: 'specs/a.yaml' and 'specs/pet_store.yaml' generate 'PetstoreModels.swift' and 'PetStoreModels.swift', names that differ only in letter case (one file on macOS and Windows); rename a service or a spec file
            specs/a.yaml:1:10: note: 'PetstoreModels.swift' comes from here
            """])
    }

    func testSameOutputNameTwiceIsAnErrorWithPlaces() throws {
        let result = try generate([
            ("specs/common.yaml", "models:\n  A: { fields: { x: Int } }\n"),
            ("specs/common.yml", "models:\n  B: { fields: { y: Int } }\n"),
        ])
        XCTAssertEqual(result.diagnostics.map(\.rendered), ["""
            specs/common.yml:1:1: error: 'specs/common.yaml' and 'specs/common.yml' both generate 'CommonModels.swift'; rename a service or a spec file
            specs/common.yaml:1:1: note: 'CommonModels.swift' comes from here
            """])
    }
}
