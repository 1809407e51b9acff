@testable import EndpointGenSpec
import EndpointGenSupport
import XCTest

/// The spec's path grammar (`PathTemplate`): what parses, what it prints, and where each problem
/// is reported.
final class PathTemplateTests: XCTestCase {
    private let base = SourceLocation(file: "specs/a.yaml", line: 4, column: 11)

    private func parse(_ text: String) -> (parsed: PathTemplate.Parsed?, diagnostics: [String]) {
        var bag = DiagnosticBag()
        let parsed = PathTemplate.parse(text, at: base, into: &bag)
        return (parsed, bag.all.map(\.rendered))
    }

    func testPrintsWhatItParses() {
        for text in [
            "/", "/ping", "/members/{memberId}/avatar", "/files/{path...}", "/a/{b}{c}", "/x%20y/{id}.json",
            "/{owner}/{repo}/contents/{path...}/raw", "/v1/{_id1}:cancel", "/~user/!$&'()*+,;=:@",
        ] {
            let (parsed, diagnostics) = parse(text)
            XCTAssertEqual(diagnostics, [], text)
            XCTAssertEqual(parsed?.template.text, text)
        }
    }

    func testComponentsAndParameterLocations() throws {
        let parsed = try XCTUnwrap(parse("/members/{memberId}/files/{path...}").parsed)
        XCTAssertEqual(
            parsed.template.components,
            [.literal("/members/"), .parameter("memberId"), .literal("/files/"), .segments("path")])
        XCTAssertEqual(parsed.template.parameterNames, ["memberId", "path"])
        // Each name's first character: the column after its `{`.
        XCTAssertEqual(parsed.parameters.map(\.name), ["memberId", "path"])
        XCTAssertEqual(parsed.parameters.map(\.location.column), [11 + 10, 11 + 27])
        XCTAssertEqual(parsed.parameters.map(\.location.line), [4, 4])
    }

    func testProblemsAtTheirColumns() {
        let cases: [(String, [String])] = [
            ("ping", ["specs/a.yaml:4:11: error: path 'ping' must start with '/'"]),
            ("", ["specs/a.yaml:4:11: error: path '' must start with '/'"]),
            ("/a/{id", ["specs/a.yaml:4:14: error: unclosed '{' in path '/a/{id'"]),
            ("/a/{id/b}", ["specs/a.yaml:4:14: error: unclosed '{' in path '/a/{id/b}'"]),
            ("/b/id}", ["specs/a.yaml:4:16: error: unmatched '}' in path '/b/id}'"]),
            ("/x/{}", ["specs/a.yaml:4:14: error: empty placeholder '{}' in path '/x/{}'"]),
            ("/x/{...}", ["specs/a.yaml:4:14: error: empty placeholder '{}' in path '/x/{...}'"]),
            ("/x/{1d}", ["specs/a.yaml:4:15: error: placeholder '{1d}' in path must be an identifier (letters, digits and '_')"]),
            ("/{a}/{a}", [
                "specs/a.yaml:4:17: error: placeholder '{a}' appears twice in path '/{a}/{a}'\nspecs/a.yaml:4:13: note: first used here",
            ]),
            ("/a?b=1", ["specs/a.yaml:4:13: error: path '/a?b=1' must not contain '?'; declare query parameters under 'query' (a literal one is written '%3F')"]),
            ("/a#top", ["specs/a.yaml:4:13: error: path '/a#top' must not contain '#'; fragments are not sent (a literal one is written '%23')"]),
            ("/a b", ["specs/a.yaml:4:13: error: path '/a b' must not contain spaces or control characters"]),
            ("/a%2", ["specs/a.yaml:4:13: error: '%' in path '/a%2' must start a percent-escape such as '%20'"]),
            ("/a%2{x}", ["specs/a.yaml:4:13: error: '%' in path '/a%2{x}' must start a percent-escape such as '%20'"]),
            ("/é", ["specs/a.yaml:4:12: error: path '/é' must not contain 'é'; the runtime sends only percent-encoded paths: write '%C3%A9'"]),
            // Name problems do not stop the parse; the first character problem does.
            ("/{}/{9}/a b/}", [
                "specs/a.yaml:4:12: error: empty placeholder '{}' in path '/{}/{9}/a b/}'",
                "specs/a.yaml:4:16: error: placeholder '{9}' in path must be an identifier (letters, digits and '_')",
                "specs/a.yaml:4:20: error: path '/{}/{9}/a b/}' must not contain spaces or control characters",
            ]),
            // Left to right: a character before a brace problem is reported, not the brace.
            ("/a b/{x", ["specs/a.yaml:4:13: error: path '/a b/{x' must not contain spaces or control characters"]),
            ("/a}b c", ["specs/a.yaml:4:13: error: unmatched '}' in path '/a}b c'"]),
        ]
        for (text, expected) in cases {
            let (parsed, diagnostics) = parse(text)
            XCTAssertNil(parsed, text)
            XCTAssertEqual(diagnostics, expected, text)
        }
    }

    func testScanFindsBracesOnly() {
        // OpenAPI's names and `{+name}` are the caller's business; only pairing is checked.
        let (tokens, problem) = PathTemplate.scan("/r/{+path}/{}/{a b}x")
        XCTAssertNil(problem)
        XCTAssertEqual(tokens, [
            .literal(0..<3), .placeholder("+path", open: 3), .literal(10..<11), .placeholder("", open: 11),
            .literal(13..<14), .placeholder("a b", open: 14), .literal(19..<20),
        ])
        XCTAssertEqual(PathTemplate.scan("/a/{b").problem, .unclosed(3))
        XCTAssertEqual(PathTemplate.scan("/a/{b{c}").problem, .unclosed(3))
        XCTAssertEqual(PathTemplate.scan("/a/}").problem, .unmatched(3))
        XCTAssertEqual(PathTemplate.scan("/a/}").tokens, [.literal(0..<3)])
    }

    func testEncodedLiteralsParse() throws {
        let encoded = PathTemplate.encodedLiteral("/a b?c#d%20é%zz{}")
        XCTAssertEqual(encoded, "/a%20b%3Fc%23d%20%C3%A9%25zz%7B%7D")
        let parsed = try XCTUnwrap(parse(encoded).parsed)
        XCTAssertEqual(parsed.template.components, [.literal(encoded)])
    }

    func testBuiltTemplatesPrint() {
        let template = PathTemplate([.literal(""), .literal("/files/"), .segments("path"), .literal("")])
        XCTAssertEqual(template.components, [.literal("/files/"), .segments("path")])
        XCTAssertEqual(template.text, "/files/{path...}")
        XCTAssertEqual(PathTemplate([.literal("/"), .parameter("a"), .parameter("b")]).text, "/{a}{b}")
    }
}
