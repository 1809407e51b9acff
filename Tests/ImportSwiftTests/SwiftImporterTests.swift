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
            "Models.swift:1:1: error: no router found: import-swift reads enums with 'path' and 'method' and either 'task' (Moya's TargetType) or 'parameters'/'asURLRequest()' (Alamofire's URLRequestConvertible), and request types (structs with 'path', 'method' and a Response type, 'queryItems' or 'body')",
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
        let loaded = SpecLoader.load([SourceFile(path: "specs/api.yaml", bytes: Array(text.utf8))])
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

    /// Cases on two base URLs become two services, the one with more cases first; a type the
    /// files do not declare is kept by name, as a model with no fields, with a warning at its use.
    func testABaseURLPerCaseMakesServicesAndAMissingTypeIsKeptByName() throws {
        let result = run([("API.swift", Self.moyaHeader + """
            case user(id: Int)
            case team(id: Int)
            case upload(body: Upload)
        }
        extension API: TargetType {
            var baseURL: URL {
                switch self {
                case .upload: return URL(string: "https://uploads.example.com/v1/")!
                default: return URL(string: Server.api)!
                }
            }
            var path: String {
                switch self {
                case .user(let id): return "/users/\\(id)"
                case .team(let id): return "/teams/\\(id)"
                case .upload: return "/files"
                }
            }
            var method: Moya.Method { self == .upload ? .post : .get }
            var task: Task {
                switch self {
                case .upload(let body): return .requestJSONEncodable(body)
                default: return .requestPlain
                }
            }
            var headers: [String: String]? { nil }
        }
        enum Server { static let api = "https://api.example.com" }
        """)])
        XCTAssertEqual(result.files.map(\.name), ["api.yaml", "apiuploads.yaml"])
        let main = try spec(result, "api.yaml")
        XCTAssertTrue(main.contains("service: API\nbaseURL: https://api.example.com\n"), main)
        let uploads = try spec(result, "apiuploads.yaml")
        XCTAssertTrue(uploads.contains("service: APIUploads\nbaseURL: https://uploads.example.com/v1\n"), uploads)
        XCTAssertTrue(uploads.contains("""
          Upload:
            summary: "Not declared in the imported files: write its fields (import-swift kept its name only)."
            fields: {}
        """), uploads)
        XCTAssertTrue(result.diagnostics.map(\.rendered).contains {
            $0.hasPrefix("API.swift:4:23: warning: type 'Upload' is not declared in the given files: it is kept by name as a model with no fields")
        }, "\(result.diagnostics.map(\.rendered))")
    }

    /// `if` conditions on the case are read (`if case .zen = self`, `self != .zen`); one only
    /// known at run time keeps what both branches set, as optional, with a warning; a constant
    /// header set under `if let` becomes an optional header parameter (it was dropped unsaid).
    func testConditionsOnTheCaseAreReadAndOthersWarned() throws {
        let result = run([("API.swift", Self.moyaHeader + """
            case zen
            case user(login: String)
        }
        extension API: TargetType {
            var baseURL: URL { URL(string: "https://api.example.com")! }
            var path: String { self == .zen ? "/zen" : "/user" }
            var method: Moya.Method { .get }
            var task: Task { .requestPlain }
            var headers: [String: String]? {
                var headers: [String: String] = ["Accept": "application/json"]
                if case .zen = self {
                    headers["Accept"] = "text/plain"
                } else {
                    headers["Authorization"] = "Bearer \\(Tokens.access)"
                }
                if self != .zen, Flags.beta {
                    headers["X-Beta"] = "1"
                }
                if let device = Device.id {
                    headers["X-Signed-In"] = "1"
                }
                return headers
            }
        }
        """)])
        let text = try spec(result, "api.yaml")
        XCTAssertTrue(text.contains("""
          zen:
            method: GET
            path: /zen
            headers:
              Accept: text/plain
        """), text)
        XCTAssertTrue(text.contains("""
          user:
            method: GET
            path: /user
            auth: bearer
        """), text)
        let messages = result.diagnostics.map(\.rendered)
        XCTAssertTrue(messages.contains { $0.contains("warning: 'user' depends on a condition only known at run time ('self != .zen, Flags.beta')") }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("warning: header 'X-Signed-In' of 'zen' is set only under a condition") }, "\(messages)")
        XCTAssertTrue(text.contains("X-Beta: String?"), text)
    }
}
#endif
