import EndpointRuntime
import Foundation
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

final class RequestBuildingTests: XCTestCase {
    private let client = APIClient(transport: StubTransport(),
                                   configuration: .init(multipartBoundary: { "BOUNDARY" }))

    private func request(_ endpoint: TestRouter, baseURL: URL = testBaseURL) throws -> URLRequest {
        try client.makeRequest(endpoint, baseURL: baseURL)
    }

    private func body(_ request: URLRequest) -> String {
        String(decoding: request.httpBody ?? Data(), as: UTF8.self)
    }

    // MARK: Paths

    func testPathIsAppendedToBaseURLWithOrWithoutTrailingSlash() throws {
        let endpoint = TestRouter.getQuestion(index: "7", tags: [])
        let expected = "https://api.example.com/v1/questions/7?page_size=20"
        XCTAssertEqual(try request(endpoint).url?.absoluteString, expected)
        XCTAssertEqual(try request(endpoint, baseURL: URL(string: "https://api.example.com/v1/")!).url?.absoluteString, expected)
        XCTAssertEqual(try request(endpoint, baseURL: URL(string: "https://api.example.com")!).url?.absoluteString,
                       "https://api.example.com/questions/7?page_size=20")
        XCTAssertEqual(try request(endpoint, baseURL: URL(string: "http://127.0.0.1:8080/api/v2//")!).url?.absoluteString,
                       "http://127.0.0.1:8080/api/v2/questions/7?page_size=20")
    }

    func testPathValueIsOneSegmentWhateverItContains() throws {
        let request = try request(.getQuestion(index: "../admin/x y?#질문", tags: []))
        XCTAssertEqual(request.url?.absoluteString,
                       "https://api.example.com/v1/questions/%2E%2E%2Fadmin%2Fx%20y%3F%23%EC%A7%88%EB%AC%B8?page_size=20")
        XCTAssertEqual(request.url?.path(percentEncoded: true),
                       "/v1/questions/%2E%2E%2Fadmin%2Fx%20y%3F%23%EC%A7%88%EB%AC%B8")
    }

    func testPathEncodingKeepsOnlyUnreservedCharactersOtherThanDot() {
        XCTAssertEqual(PathEncoding.segment("AZaz09-_~"), "AZaz09-_~")
        XCTAssertEqual(PathEncoding.segment(".."), "%2E%2E")
        XCTAssertEqual(PathEncoding.segment("a/b+c&d=e;f"), "a%2Fb%2Bc%26d%3De%3Bf")
        XCTAssertEqual(PathEncoding.segment("é"), "%C3%A9")
        XCTAssertEqual(PathEncoding.segment(42), "42")
        XCTAssertEqual(PathEncoding.segment(QuestionState.unknown("a b")), "a%20b")
    }

    func testEmptyPathValueIsRefusedInsteadOfReachingAnotherURL() async {
        XCTAssertEqual(PathEncoding.segment(""), "")
        XCTAssertThrowsError(try request(.getQuestion(index: "", tags: []))) { error in
            guard case APIError.invalidRequest(let reason) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(reason, #"A path parameter is empty ("/questions/{}"): the request would go to "/questions/", another URL."#)
        }
        // A value that is only encoded characters is not empty.
        XCTAssertEqual(try request(.getQuestion(index: " ", tags: [])).url?.path(percentEncoded: true), "/v1/questions/%20")

        let calls = Recorder<String>()
        let client = stubClient { request in
            calls.append(request.url?.absoluteString ?? "")
            return .sample()
        }
        do {
            _ = try await client.send(TestRouter.getQuestion(index: "", tags: []), baseURL: testBaseURL, as: Question.self)
            XCTFail("expected an error")
        } catch {
            guard case .invalidRequest = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(calls.count, 0)
    }

    func testBaseURLMustBeAbsoluteHTTP() {
        XCTAssertThrowsError(try request(.logout, baseURL: URL(string: "ftp://example.com")!)) { error in
            guard case APIError.invalidRequest = error else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try request(.logout, baseURL: URL(string: "relative/path")!)) { error in
            guard case APIError.invalidRequest = error else { return XCTFail("\(error)") }
        }
    }

    func testHandWrittenPathWithUnencodedCharactersIsRefused() {
        struct Bad: Endpoint {
            var defaultBaseURL: URL? { nil }
            var method: HTTPMethod { .get }
            var pathComponents: [PathComponent] { [.literal("/a b")] }
            var queryItems: [QueryItem] { [] }
            var headers: [HTTPHeader] { [] }
            var body: RequestBody { .none }
            var auth: AuthRequirement { .none }
            var timeout: TimeInterval? { nil }
            var envelope: EnvelopeFormat? { nil }
            var errorFormat: ErrorBodyFormat { ErrorBodyFormat() }
            var sampleData: Data { Data() }
        }
        XCTAssertThrowsError(try client.makeRequest(Bad(), baseURL: testBaseURL)) { error in
            guard case APIError.invalidRequest(let reason) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("/a b"), reason)
        }
    }

    // MARK: Query

    func testQueryArraysRepeatTheKeyAndNilIsLeftOut() throws {
        let request = try request(.getQuestion(index: "1", lang: nil, tags: ["a", "b c"], pageSize: 5))
        XCTAssertEqual(request.url?.query(percentEncoded: true), "tags=a&tags=b%20c&page_size=5")
    }

    func testQueryEncodesPlusAndReservedCharacters() throws {
        let request = try request(.getQuestion(index: "1", lang: "c++ & c#=;/?", tags: [], pageSize: 20))
        XCTAssertEqual(request.url?.query(percentEncoded: true), "lang=c%2B%2B%20%26%20c%23%3D%3B%2F%3F&page_size=20")
    }

    func testQueryValuesOfEveryParameterType() throws {
        let id1 = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        let id2 = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
        let request = try request(.search(query: "한글", priority: .high, state: .unknown("new"),
                                          at: Date(timeIntervalSince1970: 1_704_164_645), ids: [id1, id2]))
        XCTAssertEqual(request.url?.query(percentEncoded: true),
                       "q=%ED%95%9C%EA%B8%80&priority=2&state=new&at=2024-01-02T03%3A04%3A05Z"
                           + "&id=E621E1F8-C36C-495A-93FC-0C247A3E6E5F&id=00000000-0000-0000-0000-000000000001")
        let empty = try self.request(.search(query: nil, priority: nil, state: nil, at: nil, ids: nil))
        XCTAssertNil(empty.url?.query)
        XCTAssertEqual(empty.url?.absoluteString, "https://api.example.com/v1/search")
    }

    func testBaseURLQueryIsKept() throws {
        let request = try request(.getQuestion(index: "1", tags: []), baseURL: URL(string: "https://h.example/api?v=2")!)
        XCTAssertEqual(request.url?.absoluteString, "https://h.example/api/questions/1?v=2&page_size=20")
    }

    func testParameterValueTexts() {
        XCTAssertEqual(3.5.parameterValue, "3.5")
        XCTAssertEqual(Float(0.25).parameterValue, "0.25")
        XCTAssertEqual(Int32(-3).parameterValue, "-3")
        XCTAssertEqual(Int64.max.parameterValue, "9223372036854775807")
        XCTAssertEqual(true.parameterValue, "true")
        XCTAssertEqual(Decimal(string: "12.50")!.parameterValue, "12.5")
        XCTAssertEqual(URL(string: "https://x.example/a?b=c")!.parameterValue, "https://x.example/a?b=c")
        XCTAssertEqual(Date(timeIntervalSince1970: 0).parameterValue, "1970-01-01T00:00:00Z")
        XCTAssertEqual(Priority.low.parameterValue, "1")
        XCTAssertEqual(QuestionState.closed.parameterValue, "closed")
    }

    // MARK: Headers

    func testHeadersInOrderOptionalLeftOutArraysJoined() throws {
        let request = try request(.headers(requestID: "r-1", accept: ["ko", "en"]))
        XCTAssertEqual(request.value(forHTTPHeaderField: "Accept"), "application/json")
        XCTAssertEqual(request.value(forHTTPHeaderField: "X-Request-ID"), "r-1")
        XCTAssertEqual(request.value(forHTTPHeaderField: "X-Accept-Languages"), "ko,en")
        let without = try self.request(.headers(requestID: nil, accept: nil))
        XCTAssertNil(without.value(forHTTPHeaderField: "X-Request-ID"))
        XCTAssertNil(without.value(forHTTPHeaderField: "X-Accept-Languages"))
    }

    func testOptionalHeaderFallsBackToTheGivenValue() {
        var headers: [HTTPHeader] = []
        headers.append(name: "Accept", "text/html" as String?, otherwise: "application/json")
        headers.append(name: "Accept", nil as String?, otherwise: "application/json")
        headers.append(name: "Accept-Language", ["ko", "en"] as [String]?, otherwise: "en")
        headers.append(name: "Accept-Language", nil as [String]?, otherwise: "en")
        headers.append(name: "Accept-Language", [] as [String]?, otherwise: "en")
        XCTAssertEqual(headers.map(\.value), ["text/html", "application/json", "ko,en", "en", "en"])
        XCTAssertEqual(headers.map(\.name), ["Accept", "Accept", "Accept-Language", "Accept-Language", "Accept-Language"])
    }

    func testEndpointHeadersReplaceClientDefaults() throws {
        let client = APIClient(transport: StubTransport(),
                               configuration: .init(defaultHeaders: [HTTPHeader(name: "accept", value: "*/*"),
                                                                     HTTPHeader(name: "User-Agent", value: "App/1.0")]))
        let request = try client.makeRequest(TestRouter.logout, baseURL: testBaseURL)
        XCTAssertEqual(request.value(forHTTPHeaderField: "Accept"), "application/json")
        XCTAssertEqual(request.value(forHTTPHeaderField: "User-Agent"), "App/1.0")
    }

    func testHeaderValuesWithCRorLFAreRefused() {
        for value in ["a\r\nX-Evil: 1", "a\nb", "a\rb", "a\u{0}b"] {
            XCTAssertThrowsError(try request(.headers(requestID: value, accept: nil)), value.debugDescription) { error in
                guard case APIError.invalidRequest(let reason) = error else { return XCTFail("\(error)") }
                XCTAssertTrue(reason.contains("X-Request-ID"), reason)
            }
        }
        let client = APIClient(transport: StubTransport(),
                               configuration: .init(defaultHeaders: [HTTPHeader(name: "Bad\nName", value: "v")]))
        XCTAssertThrowsError(try client.makeRequest(TestRouter.logout, baseURL: testBaseURL)) { error in
            guard case APIError.invalidRequest = error else { return XCTFail("\(error)") }
        }
    }

    func testRefusedHeaderFailsSendWithoutReachingTheTransport() async {
        let calls = Recorder<String>()
        let client = stubClient { request in
            calls.append(request.url?.absoluteString ?? "")
            return .sample()
        }
        do {
            try await client.send(TestRouter.headers(requestID: "x\r\ny", accept: nil), baseURL: testBaseURL)
            XCTFail("expected an error")
        } catch {
            guard case .invalidRequest = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(calls.count, 0)
    }

    // MARK: Bodies

    func testJSONBodyUsesClientEncoderWithISODates() throws {
        let request = try request(.login(body: LoginRequest(username: "kim", password: "p+w/d",
                                                            at: Date(timeIntervalSince1970: 1_704_164_645.75))))
        XCTAssertEqual(request.httpMethod, "POST")
        XCTAssertEqual(request.value(forHTTPHeaderField: "Content-Type"), "application/json")
        XCTAssertEqual(body(request), #"{"at":"2024-01-02T03:04:05.75Z","password":"p+w/d","username":"kim"}"#)
    }

    func testDeclaredContentTypeNamesTheJSONMediaTypeButNotOtherBodies() throws {
        struct Patch: Endpoint {
            var body: RequestBody
            var headers: [HTTPHeader]
            var defaultBaseURL: URL? { nil }
            var method: HTTPMethod { .patch }
            var pathComponents: [PathComponent] { [.literal("/p")] }
            var queryItems: [QueryItem] { [] }
            var auth: AuthRequirement { .none }
            var timeout: TimeInterval? { nil }
            var envelope: EnvelopeFormat? { nil }
            var errorFormat: ErrorBodyFormat { ErrorBodyFormat() }
            var sampleData: Data { Data() }
        }
        let declared = [HTTPHeader(name: "content-type", value: "application/merge-patch+json")]
        let json = try client.makeRequest(Patch(body: .json(["a": 1]), headers: declared), baseURL: testBaseURL)
        XCTAssertEqual(json.value(forHTTPHeaderField: "Content-Type"), "application/merge-patch+json")
        XCTAssertEqual(json.allHTTPHeaderFields?.count, 2, "Content-Type and User-Agent")
        let plain = try client.makeRequest(Patch(body: .json(["a": 1]), headers: []), baseURL: testBaseURL)
        XCTAssertEqual(plain.value(forHTTPHeaderField: "Content-Type"), "application/json")
        // A multipart body needs its boundary, a form body its type: a declared one gives way.
        let parts = try client.makeRequest(Patch(body: .multipart([MultipartPart(name: "a", text: "1")]), headers: declared), baseURL: testBaseURL)
        XCTAssertTrue(parts.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("multipart/form-data; boundary=") == true)
        let form = try client.makeRequest(Patch(body: .form([QueryItem(name: "a", value: "1")]), headers: declared), baseURL: testBaseURL)
        XCTAssertEqual(form.value(forHTTPHeaderField: "Content-Type"), "application/x-www-form-urlencoded")
    }

    func testJSONEncodingFailureIsEncodingError() {
        // A non-finite Double cannot be encoded as JSON.
        struct Numbers: Encodable, Sendable { var value: Double }
        struct Post: Endpoint {
            var defaultBaseURL: URL? { nil }
            var method: HTTPMethod { .post }
            var pathComponents: [PathComponent] { [.literal("/n")] }
            var queryItems: [QueryItem] { [] }
            var headers: [HTTPHeader] { [] }
            var body: RequestBody { .json(Numbers(value: .infinity)) }
            var auth: AuthRequirement { .none }
            var timeout: TimeInterval? { nil }
            var envelope: EnvelopeFormat? { nil }
            var errorFormat: ErrorBodyFormat { ErrorBodyFormat() }
            var sampleData: Data { Data() }
        }
        XCTAssertThrowsError(try client.makeRequest(Post(), baseURL: testBaseURL)) { error in
            guard case APIError.encoding(let description) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(description.contains("Numbers"), description)
        }
    }

    func testFormBodyEncodesLikeTheQuery() throws {
        var fields: [QueryItem] = []
        fields.append(name: "grant_type", "password")
        fields.append(name: "scope", ["read", "write all"])
        fields.append(name: "missing", Optional<String>.none)
        fields.append(name: "note", "a+b=c&d 한")
        let request = try request(.form(fields: fields))
        XCTAssertEqual(request.value(forHTTPHeaderField: "Content-Type"), "application/x-www-form-urlencoded")
        XCTAssertEqual(body(request), "grant_type=password&scope=read&scope=write%20all&note=a%2Bb%3Dc%26d%20%ED%95%9C")
    }

    func testMultipartBodyByteForByte() throws {
        let image = File(data: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A]), fileName: "avatar \"1\".png", mimeType: "image/png")
        let photo = File(data: Data("hello".utf8), fileName: "사진.txt", mimeType: "text/plain")
        let request = try request(.upload(memberID: 3, image: image, caption: "hi\nthere", tags: ["a", "b"], photos: [photo]))
        XCTAssertEqual(request.url?.path, "/v1/members/3/avatar")
        XCTAssertEqual(request.value(forHTTPHeaderField: "Content-Type"), "multipart/form-data; boundary=BOUNDARY")
        var expected = Data()
        expected.append(Data("--BOUNDARY\r\nContent-Disposition: form-data; name=\"image\"; filename=\"avatar %221%22.png\"\r\nContent-Type: image/png\r\n\r\n".utf8))
        expected.append(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A]))
        expected.append(Data("\r\n--BOUNDARY\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nhi\nthere\r\n".utf8))
        expected.append(Data("--BOUNDARY\r\nContent-Disposition: form-data; name=\"tags\"\r\n\r\na\r\n".utf8))
        expected.append(Data("--BOUNDARY\r\nContent-Disposition: form-data; name=\"tags\"\r\n\r\nb\r\n".utf8))
        expected.append(Data("--BOUNDARY\r\nContent-Disposition: form-data; name=\"photos\"; filename=\"사진.txt\"\r\nContent-Type: text/plain\r\n\r\nhello\r\n".utf8))
        expected.append(Data("--BOUNDARY--\r\n".utf8))
        XCTAssertEqual(request.httpBody, expected, "\n" + body(request))
    }

    func testMultipartOptionalPartsLeftOutAndDefaultBoundaryIsUnique() throws {
        let plain = APIClient(transport: StubTransport())
        let first = try plain.makeRequest(TestRouter.upload(memberID: 1, image: nil, caption: nil, tags: nil, photos: nil), baseURL: testBaseURL)
        let second = try plain.makeRequest(TestRouter.upload(memberID: 1, image: nil, caption: nil, tags: nil, photos: nil), baseURL: testBaseURL)
        let contentType = try XCTUnwrap(first.value(forHTTPHeaderField: "Content-Type"))
        XCTAssertTrue(contentType.hasPrefix("multipart/form-data; boundary=EndpointGen-"), contentType)
        XCTAssertNotEqual(contentType, second.value(forHTTPHeaderField: "Content-Type"))
        let boundary = String(contentType.dropFirst("multipart/form-data; boundary=".count))
        XCTAssertEqual(first.httpBody, Data("--\(boundary)--\r\n".utf8))
    }

    func testMultipartMIMETypeWithNewlineIsRefused() {
        let file = File(data: Data(), fileName: "a", mimeType: "text/plain\r\nX-Evil: 1")
        XCTAssertThrowsError(try request(.upload(memberID: 1, image: file, caption: nil, tags: nil, photos: nil))) { error in
            guard case APIError.invalidRequest = error else { return XCTFail("\(error)") }
        }
    }

    func testInvalidInjectedBoundaryIsRefused() {
        let client = APIClient(transport: StubTransport(), configuration: .init(multipartBoundary: { "bad\r\nboundary" }))
        XCTAssertThrowsError(try client.makeRequest(TestRouter.upload(memberID: 1, image: nil, caption: "x", tags: nil, photos: nil),
                                                    baseURL: testBaseURL)) { error in
            guard case APIError.invalidRequest = error else { return XCTFail("\(error)") }
        }
    }

    func testRawBodyIsSentAsIsWithItsContentType() throws {
        let bytes = Data([0, 1, 2, 0xFF])
        let request = try request(.raw(data: bytes, contentType: "application/octet-stream"))
        XCTAssertEqual(request.httpBody, bytes)
        XCTAssertEqual(request.value(forHTTPHeaderField: "Content-Type"), "application/octet-stream")
        XCTAssertThrowsError(try self.request(.raw(data: bytes, contentType: "text/plain\nX: y"))) { error in
            guard case APIError.invalidRequest = error else { return XCTFail("\(error)") }
        }
    }

    func testNoBodyHasNoContentType() throws {
        let request = try request(.logout)
        XCTAssertNil(request.httpBody)
        XCTAssertNil(request.value(forHTTPHeaderField: "Content-Type"))
    }

    // MARK: Method and timeout

    func testMethodAndTimeout() throws {
        XCTAssertEqual(try request(.deleteItem(id: 1)).httpMethod, "DELETE")
        XCTAssertEqual(try request(.slow).timeoutInterval, 0.2)
        let client = APIClient(transport: StubTransport(), configuration: .init(timeout: 12))
        XCTAssertEqual(try client.makeRequest(TestRouter.logout, baseURL: testBaseURL).timeoutInterval, 12)
    }

    func testNonPositiveTimeoutIsRefusedAndInfiniteIsAccepted() async throws {
        for timeout in [0, -1, TimeInterval.nan] {
            let client = APIClient(transport: StubTransport(), configuration: .init(timeout: timeout))
            XCTAssertThrowsError(try client.makeRequest(TestRouter.logout, baseURL: testBaseURL)) { error in
                guard case APIError.invalidRequest = error else { return XCTFail("\(error)") }
            }
        }
        let patient = APIClient(transport: StubTransport(delay: 0.01), configuration: .init(timeout: .infinity))
        let question = try await TestService(client: patient).getQuestion(index: "1", tags: [])
        XCTAssertEqual(question.index, 1)
    }

    /// A several-segment value: each segment encoded on its own; an empty, `.` or `..` segment
    /// is refused before anything is sent.
    func testSegmentsAreEncodedOneByOneAndRefuseWhatWouldNameAnotherPath() throws {
        func path(_ value: String) throws -> String? {
            try client.makeRequest(PiecesEndpoint(pathComponents: [.literal("/files/"), .segments(value)]), baseURL: testBaseURL)
                .url?.path(percentEncoded: true)
        }
        XCTAssertEqual(try path("a b/c%2F/é"), "/v1/files/a%20b/c%252F/%C3%A9")
        XCTAssertEqual(try path("one"), "/v1/files/one")
        XCTAssertEqual(try path(".well-known/x..y"), "/v1/files/.well-known/x..y")
        XCTAssertEqual(PiecesEndpoint(pathComponents: [.literal("/files/"), .segments("a b/c")]).path, "/files/a%20b/c")
        for bad in ["a//b", "/a", "a/", "a/./b", "a/../b", "..", ".", ""] {
            XCTAssertThrowsError(try path(bad), bad) { error in
                guard case APIError.invalidRequest(let reason) = error else { return XCTFail("\(error)") }
                XCTAssertTrue(reason.contains("segment") || reason.contains("empty"), reason)
            }
        }
    }

    /// `HTTPMethod` is any RFC 9110 token: the standard ones compare as before, others are sent as
    /// written, and what is not a token is refused when the request is built.
    func testMethodsAreTokens() throws {
        XCTAssertEqual(HTTPMethod.get.rawValue, "GET")
        XCTAssertEqual(HTTPMethod(rawValue: "GET"), .get)
        XCTAssertEqual(HTTPMethod(rawValue: "PURGE")?.rawValue, "PURGE")
        XCTAssertNil(HTTPMethod(rawValue: "BAD METHOD"))
        XCTAssertNil(HTTPMethod(rawValue: ""))
        XCTAssertTrue(HTTPMethod.trace.isIdempotent)
        XCTAssertFalse(HTTPMethod("PURGE").isIdempotent)
        let client = APIClient(transport: StubTransport.immediate)
        XCTAssertEqual(try client.makeRequest(ProbeEndpoint(method: HTTPMethod("purge")), baseURL: testBaseURL).httpMethod, "purge")
        for bad in ["GET /x HTTP/1.1\r\nX: y", "", "A B", "É"] {
            XCTAssertThrowsError(try client.makeRequest(ProbeEndpoint(method: HTTPMethod(bad)), baseURL: testBaseURL), bad) { error in
                guard case APIError.invalidRequest(let reason) = error else { return XCTFail("\(error)") }
                XCTAssertTrue(reason.contains("is not a valid HTTP token"), reason)
            }
        }
    }

    // MARK: User-Agent

    func testEveryRequestNamesTheAppAndTheRuntimeUnlessReplaced() throws {
        let endpoint = TestRouter.getQuestion(index: "7", tags: [])
        let agent = try XCTUnwrap(try request(endpoint).value(forHTTPHeaderField: "User-Agent"))
        XCTAssertEqual(agent, APIClient.Configuration.defaultUserAgent)
        XCTAssertTrue(agent.hasSuffix(" EndpointRuntime/\(APIClient.runtimeVersion)"), agent)
        // A token as product name (RFC 9110): the process name here (no bundle), nothing else.
        let product = try XCTUnwrap(agent.split(separator: " ").first)
        XCTAssertFalse(product.contains(where: { $0 == " " || $0 == "(" || $0 == ")" || $0 == "," }), agent)
        let own = APIClient(transport: StubTransport(), configuration: .init(userAgent: "Shop/2.1"))
        XCTAssertEqual(try own.makeRequest(endpoint, baseURL: testBaseURL).value(forHTTPHeaderField: "User-Agent"), "Shop/2.1")
        let none = APIClient(transport: StubTransport(), configuration: .init(userAgent: nil))
        XCTAssertNil(try none.makeRequest(endpoint, baseURL: testBaseURL).value(forHTTPHeaderField: "User-Agent"))
        let headers = APIClient(transport: StubTransport(), configuration: .init(defaultHeaders: [HTTPHeader(name: "user-agent", value: "Mine/1")]))
        XCTAssertEqual(try headers.makeRequest(endpoint, baseURL: testBaseURL).value(forHTTPHeaderField: "User-Agent"), "Mine/1")
    }

    func testTheRuntimeVersionIsTheTools() throws {
        let tool = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/endpointgen/EndpointGen.swift")
        let text = try String(contentsOf: tool, encoding: .utf8)
        XCTAssertTrue(text.contains("static let version = \"\(APIClient.runtimeVersion)\""),
                      "APIClient.runtimeVersion and endpointgen's version differ")
    }
}
