import AlamofireStandIn
import MoyaStandIn
import XCTest

/// A target whose parts each test sets.
private struct Probe: TargetType {
    var baseURL = URL(string: "https://api.example.com/v1")!
    var path = "/users"
    var method: Moya.Method = .get
    var task: Task = .requestPlain
    var headers: [String: String]?
}

/// `urlRequest(for:)` against Moya's documented default mapping (docs/Endpoints.md, Targets.md),
/// the doc comments of `Task`'s cases, and `URL(target:)`.
final class MoyaRequestTests: XCTestCase {
    // Endpoints.md: `let url = target.baseURL.appendingPathComponent(target.path).absoluteString` …
    // "This is actually the default implementation Moya provides."
    func testTheURLIsTheBaseURLWithThePathAppended() throws {
        let request = try urlRequest(for: Probe(path: "/users/42/repos"))
        XCTAssertEqual(request.url?.absoluteString, "https://api.example.com/v1/users/42/repos")
        XCTAssertEqual(try urlRequest(for: Probe(baseURL: URL(string: "https://api.github.com")!, path: "zen")).url?.absoluteString, "https://api.github.com/zen")
    }

    // URL+Moya.swift, URL(target:): "When a TargetType's path is empty, URL.appendingPathComponent may
    // introduce trailing /, which may not be wanted in some cases" — so an empty path is the base URL.
    func testAnEmptyPathKeepsTheBaseURL() throws {
        XCTAssertEqual(try urlRequest(for: Probe(path: "")).url?.absoluteString, "https://api.example.com/v1")
        XCTAssertEqual(URL(target: Probe(path: "")), URL(string: "https://api.example.com/v1"))
    }

    // The path is a path: appendingPathComponent escapes a `?` written into it, so a query written
    // into `path` never reaches the server as a query (Moya's Targets.md puts parameters in `task`).
    func testAQueryWrittenIntoThePathIsEscaped() throws {
        XCTAssertEqual(try urlRequest(for: Probe(path: "/search?q=swift")).url?.absoluteString, "https://api.example.com/v1/search%3Fq=swift")
    }

    // Endpoint(…, method: target.method, task: target.task, httpHeaderFields: target.headers):
    // the method and exactly the target's headers.
    func testMethodAndHeadersComeFromTheTarget() throws {
        let request = try urlRequest(for: Probe(method: .delete, headers: ["Authorization": "Bearer t", "X-Trace": "1"]))
        XCTAssertEqual(request.httpMethod, "DELETE")
        XCTAssertEqual(request.allHTTPHeaderFields, ["Authorization": "Bearer t", "X-Trace": "1"])
        XCTAssertNil(request.httpBody)
    }

    // Task.requestPlain: "A request with no additional data."
    // Task.requestData: "A requests body set with data."
    func testPlainAndData() throws {
        let plain = try urlRequest(for: Probe(method: .post, task: .requestPlain))
        XCTAssertNil(plain.httpBody)
        XCTAssertNil(plain.value(forHTTPHeaderField: "Content-Type"))

        let data = try urlRequest(for: Probe(method: .post, task: .requestData(Data("raw text".utf8))))
        XCTAssertEqual(bodyText(data), "raw text")
        XCTAssertNil(data.value(forHTTPHeaderField: "Content-Type"), "requestData adds no Content-Type")
    }

    private struct NewUser: Encodable {
        let userName: String
        let isAdmin: Bool
        let nickname: String?
    }

    // Task.requestJSONEncodable: "A request body set with `Encodable` type" — JSONEncoder's output,
    // with `Content-Type: application/json` when the target set none
    // (URLRequest+Encoding.swift: `if value(forHTTPHeaderField: contentTypeHeaderName) == nil`).
    func testJSONEncodable() throws {
        let user = NewUser(userName: "kim", isAdmin: false, nickname: nil)
        let request = try urlRequest(for: Probe(method: .post, task: .requestJSONEncodable(user)))
        XCTAssertEqual(try jsonBody(request), try json(#"{"userName": "kim", "isAdmin": false}"#))
        XCTAssertEqual(request.value(forHTTPHeaderField: "Content-Type"), "application/json")

        let kept = try urlRequest(for: Probe(method: .post, task: .requestJSONEncodable(user), headers: ["Content-type": "application/json; charset=utf-8"]))
        XCTAssertEqual(kept.value(forHTTPHeaderField: "Content-Type"), "application/json; charset=utf-8")
    }

    // Task.requestCustomJSONEncodable: "A request body set with `Encodable` type and custom encoder".
    func testCustomJSONEncodableUsesTheGivenEncoder() throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let task = Task.requestCustomJSONEncodable(NewUser(userName: "kim", isAdmin: true, nickname: "k"), encoder: encoder)
        let request = try urlRequest(for: Probe(method: .put, task: task))
        XCTAssertEqual(try jsonBody(request), try json(#"{"user_name": "kim", "is_admin": true, "nickname": "k"}"#))
        XCTAssertEqual(request.value(forHTTPHeaderField: "Content-Type"), "application/json")
    }

    // Task.requestParameters: "A requests body set with encoded parameters." — through the given
    // encoding, so URLEncoding.default is the query for a GET and a form body for a POST.
    func testParametersGoThroughTheirEncoding() throws {
        let parameters: [String: Any] = ["page": 2, "q": "a b"]
        let get = try urlRequest(for: Probe(task: .requestParameters(parameters: parameters, encoding: URLEncoding.default)))
        XCTAssertEqual(get.url?.absoluteString, "https://api.example.com/v1/users?page=2&q=a%20b")
        XCTAssertNil(get.httpBody)

        let post = try urlRequest(for: Probe(method: .post, task: .requestParameters(parameters: parameters, encoding: URLEncoding.default)))
        XCTAssertEqual(bodyText(post), "page=2&q=a%20b")
        XCTAssertEqual(post.value(forHTTPHeaderField: "Content-Type"), "application/x-www-form-urlencoded; charset=utf-8")

        let jsonPost = try urlRequest(for: Probe(method: .post, task: .requestParameters(parameters: parameters, encoding: JSONEncoding.default)))
        XCTAssertEqual(try jsonBody(jsonPost), try json(#"{"page": 2, "q": "a b"}"#))
        XCTAssertEqual(jsonPost.url?.absoluteString, "https://api.example.com/v1/users")
    }

    // Task.requestCompositeData: "A requests body set with data, combined with url parameters." —
    // the URL parameters always go into the query (`URLEncoding(destination: .queryString)`).
    func testCompositeData() throws {
        let task = Task.requestCompositeData(bodyData: Data("<xml/>".utf8), urlParameters: ["notify": true, "id": 7])
        let request = try urlRequest(for: Probe(method: .post, task: task))
        XCTAssertEqual(bodyText(request), "<xml/>")
        XCTAssertEqual(percentEncodedQuery(request), "id=7&notify=1")
        XCTAssertNil(request.value(forHTTPHeaderField: "Content-Type"))
    }

    // Task.requestCompositeParameters: "A requests body set with encoded parameters combined with
    // url parameters." The body encoding applies the body parameters; the URL parameters go into
    // the query.
    func testCompositeParameters() throws {
        let task = Task.requestCompositeParameters(bodyParameters: ["roomID": "123"], bodyEncoding: JSONEncoding.default, urlParameters: ["userID": "u1"])
        let request = try urlRequest(for: Probe(path: "anchor_heartbeat", method: .post, task: task))
        XCTAssertEqual(request.url?.absoluteString, "https://api.example.com/v1/anchor_heartbeat?userID=u1")
        XCTAssertEqual(try jsonBody(request), try json(#"{"roomID": "123"}"#))
        XCTAssertEqual(request.value(forHTTPHeaderField: "Content-Type"), "application/json")

        let form = Task.requestCompositeParameters(bodyParameters: ["a": 1], bodyEncoding: URLEncoding.httpBody, urlParameters: ["b": 2])
        let formRequest = try urlRequest(for: Probe(method: .put, task: form))
        XCTAssertEqual(bodyText(formRequest), "a=1")
        XCTAssertEqual(percentEncodedQuery(formRequest), "b=2")
    }

    // Endpoint.swift: "Only URLEncoding that `bodyEncoding` accepts is URLEncoding.httpBody. Others
    // like `default`, `queryString` or `methodDependent` are prohibited" (a fatalError in Moya).
    func testCompositeParametersRefuseAURLEncodingThatIsNotHTTPBody() {
        for encoding in [URLEncoding.default, URLEncoding.queryString] {
            let task = Task.requestCompositeParameters(bodyParameters: ["a": 1], bodyEncoding: encoding, urlParameters: [:])
            XCTAssertThrowsError(try urlRequest(for: Probe(method: .post, task: task))) { error in
                guard case MoyaError.compositeBodyEncodingNotHTTPBody = error else { return XCTFail("unexpected \(error)") }
            }
        }
    }

    // Task.uploadFile: "A file upload task." — Alamofire uploads the file's contents as the body.
    func testUploadFileSendsTheFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("standin-upload-\(UUID().uuidString).bin")
        try Data([0, 1, 2, 255]).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let request = try urlRequest(for: Probe(method: .put, task: .uploadFile(file)))
        XCTAssertEqual(request.httpBody, Data([0, 1, 2, 255]))
        XCTAssertThrowsError(try urlRequest(for: Probe(method: .put, task: .uploadFile(file.appendingPathExtension("missing")))))
    }

    // Task.downloadDestination: "A file download task to a destination." Task.downloadParameters: "A
    // file download task to a destination with extra parameters using the given encoding."
    func testDownloadTasksAreRequestsLikeTheRequestCases() throws {
        let destination: DownloadDestination = { temporaryURL, _ in (temporaryURL, [.removePreviousFile, .createIntermediateDirectories]) }
        let plain = try urlRequest(for: Probe(path: "/files/1", task: .downloadDestination(destination)))
        XCTAssertEqual(plain.url?.absoluteString, "https://api.example.com/v1/files/1")
        XCTAssertNil(plain.httpBody)

        let withQuery = try urlRequest(for: Probe(path: "/files/1", task: .downloadParameters(parameters: ["format": "pdf"], encoding: URLEncoding.queryString, destination: destination)))
        XCTAssertEqual(withQuery.url?.absoluteString, "https://api.example.com/v1/files/1?format=pdf")
    }

    // TargetType (Moya 15): `validationType` defaults to `.none` and `sampleData` to empty data.
    // ValidationType: ".successCodes" are 2xx, ".successAndRedirectCodes" 2xx and 3xx.
    func testTargetDefaultsAndValidationCodes() {
        let probe = Probe()
        XCTAssertEqual(probe.validationType, .none)
        XCTAssertEqual(probe.sampleData, Data())
        XCTAssertEqual(ValidationType.successCodes.statusCodes, Array(200...299))
        XCTAssertEqual(ValidationType.successAndRedirectCodes.statusCodes, Array(200...399))
        XCTAssertEqual(ValidationType.customCodes([200, 304]).statusCodes, [200, 304])
        XCTAssertEqual(ValidationType.none.statusCodes, [])
    }
}
