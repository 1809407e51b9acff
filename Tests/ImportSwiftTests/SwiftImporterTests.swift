#if ImportSwift
import EndpointGenImportSwift
import EndpointGenSpec
import EndpointGenSupport
import Foundation
import XCTest

/// import-swift on inline Swift: what it reads, names and warns about, and how it holds against
/// hostile input (the layers of Tests/Fixtures are ImportSwiftGoldenTests').
final class SwiftImporterTests: XCTestCase {
    private func run(_ files: [(name: String, text: String)]) -> SwiftImportResult {
        SwiftLayers.importText(files)
    }

    private func spec(_ result: SwiftImportResult, _ name: String) throws -> String {
        try XCTUnwrap(result.files.first { $0.name == name }, "\(result.files.map(\.name)) \(result.diagnostics.map(\.rendered))").contents
    }

    private static let moyaHeader = """
    import Moya
    enum API {
    """

    func testCasesWithoutLabelsAreNamedAfterTheNamesTheSwitchesBind() throws {
        let result = run([("API.swift", Self.moyaHeader + """
            case user(String)
            case repo(String, String)
            case search(String, page: Int)
        }
        extension API: TargetType {
            var baseURL: URL { URL(string: "https://api.example.com")! }
            var path: String {
                switch self {
                case .user(let name): return "/users/\\(name)"
                case let .repo(owner, repo): return "/repos/\\(owner)/\\(repo)"
                case .search: return "/search"
                }
            }
            var method: Moya.Method { .get }
            var task: Task {
                switch self {
                case .search(let query, let page):
                    return .requestParameters(parameters: ["q": query, "page": page], encoding: URLEncoding.default)
                default:
                    return .requestPlain
                }
            }
            var headers: [String: String]? { nil }
        }
        """)])
        XCTAssertEqual(result.diagnostics.map(\.rendered), [])
        let text = try spec(result, "api.yaml")
        XCTAssertTrue(text.contains("""
          user:
            method: GET
            path: /users/{name}
            params:
              name: String
        """), text)
        XCTAssertTrue(text.contains("path: /repos/{owner}/{repo}"), text)
        XCTAssertTrue(text.contains("""
            query:
              q:
                type: String
                name: query
              page: Int
        """), text)
        XCTAssertEqual(result.summary, "Imported 3 cases of 1 router (API): 3 whole, 0 with warnings, 0 left out.")
    }

    func testAFileThatDoesNotParseIsALocatedErrorAndTheRestImports() throws {
        let result = run([
            ("Broken.swift", "enum Broken {\n    case a(\n}\n"),
            ("API.swift", Self.moyaHeader + """
                case ping
            }
            extension API: TargetType {
                var baseURL: URL { URL(string: "https://api.example.com")! }
                var path: String { "/ping" }
                var method: Moya.Method { .get }
                var task: Task { .requestPlain }
                var headers: [String: String]? { nil }
            }
            """),
        ])
        let errors = result.diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.count, 1, "\(result.diagnostics.map(\.rendered))")
        XCTAssertEqual(errors.first?.location?.file, "Broken.swift")
        XCTAssertEqual(errors.first?.location?.line, 2)
        XCTAssertTrue(errors.first?.message.hasSuffix("the file is not imported (it does not parse as Swift)") == true, errors.first?.message ?? "")
        XCTAssertTrue(try spec(result, "api.yaml").contains("path: /ping"))
    }

    func testNoRouterIsAnError() {
        let result = run([("Models.swift", "struct User: Codable { let id: Int }\n")])
        XCTAssertEqual(result.files, [])
        XCTAssertEqual(result.diagnostics.map(\.rendered), [
            "Models.swift:1:1: error: no router found: import-swift reads enums with 'path' and 'method' and either 'task' (Moya's TargetType) or 'parameters'/'asURLRequest()' (Alamofire's URLRequestConvertible)",
        ])
    }

    /// Text from the code goes into the spec as values only: a path, a header, a key or a raw
    /// value that looks like YAML never becomes a key of the spec, and the spec loads.
    func testTextFromTheCodeNeverBecomesSpecKeys() throws {
        let hostile = "x\\n  baseURL: https://evil.example.com\\n  # \\u{2028}<<: *a"
        let result = run([("API.swift", Self.moyaHeader + """
            case a(kind: Kind)
        }
        enum Kind: String, Codable { case one = "\(hostile)", two = "}: [" }
        extension API: TargetType {
            var baseURL: URL { URL(string: "https://api.example.com")! }
            var path: String { "/a: b/#c" }
            var method: Moya.Method { .post }
            var task: Task {
                switch self {
                case .a(let kind): return .requestParameters(parameters: ["\(hostile)": kind, "k": "\(hostile)"], encoding: JSONEncoding.default)
                }
            }
            var headers: [String: String]? { ["X-Note": "\(hostile)"] }
        }
        """)])
        XCTAssertFalse(result.hasErrors, result.diagnostics.map(\.rendered).joined(separator: "\n"))
        let text = try spec(result, "api.yaml")
        let loaded = SpecLoader.load([SpecSource(path: "specs/api.yaml", contents: Array(text.utf8))])
        let module = try XCTUnwrap(loaded.module, loaded.diagnostics.map(\.rendered).joined(separator: "\n"))
        let service = try XCTUnwrap(module.files.first?.service)
        XCTAssertEqual(service.baseURL, .url("https://api.example.com"))
        let endpoint = try XCTUnwrap(service.endpoints.first)
        XCTAssertEqual(endpoint.path, "/a:%20b/%23c")
        // A header value with a line break can be in no request: left out, with a warning.
        XCTAssertEqual(service.headers.map(\.name), [])
        XCTAssertTrue(result.diagnostics.contains { $0.message.contains("'X-Note'") && $0.severity == .warning }, "\(result.diagnostics.map(\.rendered))")
        XCTAssertTrue(text.contains(#""x\n  baseURL: https://evil.example.com\n  # \u2028<<: *a""#), text)
    }

    /// Code nested deeper than the limit is a located error found in one pass (the parser's
    /// recovery took 15 s of a debug build for these 100 KB), not a crash; a long chain of
    /// constants stops at the hop limit.
    func testDeepNestingIsBounded() throws {
        let deep = String(repeating: "(", count: 50_000) + "1" + String(repeating: ")", count: 50_000)
        var chain = "let c0 = \"https://api.example.com\"\n"
        for index in 1...200 { chain += "let c\(index) = c\(index - 1)\n" }
        let result = run([
            ("Deep.swift", "let x = \(deep)\n"),
            ("API.swift", chain + Self.moyaHeader + """
                case ping
            }
            extension API: TargetType {
                var baseURL: URL { URL(string: c200)! }
                var path: String { "/ping" }
                var method: Moya.Method { .get }
                var task: Task { .requestPlain }
                var headers: [String: String]? { nil }
            }
            """),
        ])
        XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }.map(\.rendered),
                       ["Deep.swift:1:137: error: code nested deeper than 128 brackets: the file is not imported"])
        XCTAssertTrue(result.diagnostics.contains { $0.severity == .warning && $0.message.contains("base URL") }, "\(result.diagnostics.map(\.rendered))")
        XCTAssertEqual(result.files.map(\.name), ["api.yaml"])
    }

    /// What cannot be read is left out with a warning that says what to write, and counted.
    func testWhatCannotBeReadIsWarnedAndCounted() throws {
        let result = run([("API.swift", Self.moyaHeader + """
            case a(id: Int)
            case b
            case c(body: [String: Any])
        }
        extension API: TargetType {
            var baseURL: URL { URL(string: "https://api.example.com")! }
            var path: String {
                switch self {
                case .a(let id): return "/a/\\(id)"
                case .b: return Paths.computed()
                case .c: return "/c"
                }
            }
            var method: Moya.Method { .post }
            var task: Task {
                switch self {
                case .c(let body): return .requestParameters(parameters: body, encoding: MyEncoding())
                default: return .requestPlain
                }
            }
            var headers: [String: String]? { ["Authorization": "JWT \\(Session.token)"] }
        }
        """)])
        XCTAssertEqual(result.summary, "Imported 3 cases of 1 router (API): 0 whole, 2 with warnings, 1 left out.")
        let messages = result.diagnostics.map(\.rendered)
        XCTAssertTrue(messages.contains { $0.hasPrefix("API.swift:11:25: warning: case 'b' is left out: its path is not text import-swift can read") }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("warning: 'c' writes its parameters with its own encoding") }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("header 'Authorization' of 'a' carries a credential that is no bearer token or API key") }, "\(messages)")
        let text = try spec(result, "api.yaml")
        XCTAssertFalse(text.contains("JWT"), text)
        XCTAssertTrue(text.contains("credential: true"), text)
    }
}
#endif
