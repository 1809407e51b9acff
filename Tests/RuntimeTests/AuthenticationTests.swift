import APITestSupport
import EndpointRuntime
import Foundation
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Hands out `old` until refreshed, then `new-1`, `new-2`…; counts refreshes.
actor CountingTokenProvider: TokenProvider {
    private(set) var refreshCount = 0
    private var current: String
    private let refreshDelay: TimeInterval
    private let failure: (any Error)?

    init(initial: String = "old", refreshDelay: TimeInterval = 0.05, failure: (any Error)? = nil) {
        current = initial
        self.refreshDelay = refreshDelay
        self.failure = failure
    }

    func token() async throws -> String? { current }

    func refresh() async throws {
        refreshCount += 1
        let number = refreshCount
        try await Task.sleep(nanoseconds: UInt64(refreshDelay * 1_000_000_000))
        if let failure { throw failure }
        current = "new-\(number)"
    }
}

/// 401 unless the request carries one of `valid`.
func tokenCheckingStub(valid: Set<String>, seen: Recorder<String>) -> @Sendable (URLRequest) async -> StubResponse {
    { request in
        let authorization = request.value(forHTTPHeaderField: "Authorization") ?? "none"
        seen.append(authorization)
        guard valid.contains(authorization) else {
            return .json(status: 401, #"{"message":"Expired","code":"AUTH401"}"#)
        }
        return .sample()
    }
}

final class AuthenticationTests: XCTestCase {
    func testBearerTokenIsSent() async throws {
        let seen = Recorder<String>()
        let provider = CountingTokenProvider(initial: "abc")
        let client = stubClient(tokenCheckingStub(valid: ["Bearer abc"], seen: seen),
                                authentication: Authentication(tokenProvider: provider))
        _ = try await client.send(TestRouter.profile, baseURL: testBaseURL, as: Question.self)
        XCTAssertEqual(seen.values, ["Bearer abc"])
        let refreshes = await provider.refreshCount
        XCTAssertEqual(refreshes, 0)
    }

    func testUnauthenticatedEndpointGetsNoAuthorization() async throws {
        let seen = Recorder<String>()
        let client = stubClient(tokenCheckingStub(valid: ["none"], seen: seen),
                                authentication: Authentication(tokenProvider: CountingTokenProvider()))
        _ = try await client.send(TestRouter.getQuestion(index: "1", tags: []), baseURL: testBaseURL, as: Question.self)
        XCTAssertEqual(seen.values, ["none"])
    }

    func test401RefreshesOnceAndRetries() async throws {
        let seen = Recorder<String>()
        let provider = CountingTokenProvider()
        let client = stubClient(tokenCheckingStub(valid: ["Bearer new-1"], seen: seen),
                                authentication: Authentication(tokenProvider: provider))
        let question = try await client.send(TestRouter.profile, baseURL: testBaseURL, as: Question.self)
        XCTAssertEqual(question.index, 1)
        XCTAssertEqual(seen.values, ["Bearer old", "Bearer new-1"])
        let refreshes = await provider.refreshCount
        XCTAssertEqual(refreshes, 1)
    }

    func testSecond401IsReturnedAsServerError() async {
        let seen = Recorder<String>()
        let provider = CountingTokenProvider()
        let client = stubClient(tokenCheckingStub(valid: [], seen: seen), authentication: Authentication(tokenProvider: provider))
        let error = await expectError { () async throws(APIError) in try await client.send(TestRouter.profile, baseURL: testBaseURL, as: Question.self) }
        guard case .server(let server)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(server.status, 401)
        XCTAssertEqual(server.code, "AUTH401")
        XCTAssertEqual(seen.values, ["Bearer old", "Bearer new-1"])
        let refreshes = await provider.refreshCount
        XCTAssertEqual(refreshes, 1)
    }

    func test401OnEndpointWithoutBearerIsNotRefreshed() async {
        let provider = CountingTokenProvider()
        let client = stubClient({ _ in .json(status: 401, "{}") }, authentication: Authentication(tokenProvider: provider))
        let error = await expectError { () async throws(APIError) in try await client.send(TestRouter.getQuestion(index: "1", tags: []), baseURL: testBaseURL, as: Question.self) }
        XCTAssertEqual(error?.status, 401)
        let refreshes = await provider.refreshCount
        XCTAssertEqual(refreshes, 0)
    }

    func testFiftyConcurrent401sCauseExactlyOneRefresh() async throws {
        let seen = Recorder<String>()
        let provider = CountingTokenProvider(refreshDelay: 0.2)
        let client = stubClient(tokenCheckingStub(valid: ["Bearer new-1"], seen: seen),
                                authentication: Authentication(tokenProvider: provider))
        let results = await withTaskGroup(of: Bool.self, returning: [Bool].self) { group in
            for _ in 0..<50 {
                group.addTask {
                    (try? await client.send(TestRouter.profile, baseURL: testBaseURL, as: Question.self)) != nil
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(results.filter { $0 }.count, 50)
        let refreshes = await provider.refreshCount
        XCTAssertEqual(refreshes, 1)
        XCTAssertEqual(seen.values.filter { $0 == "Bearer new-1" }.count, 50)
    }

    func testRefreshFailureFailsAllWaitingRequestsAndALaterOneRefreshesAgain() async throws {
        struct Revoked: Error {}
        let provider = CountingTokenProvider(refreshDelay: 0.1, failure: Revoked())
        let client = stubClient(tokenCheckingStub(valid: [], seen: Recorder()), authentication: Authentication(tokenProvider: provider))
        let errors = await withTaskGroup(of: APIError?.self, returning: [APIError?].self) { group in
            for _ in 0..<10 {
                group.addTask {
                    await expectError { () async throws(APIError) in try await client.send(TestRouter.profile, baseURL: testBaseURL, as: Question.self) }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        for error in errors {
            guard case .authentication(let description)? = error else { return XCTFail("\(String(describing: error))") }
            XCTAssertTrue(description.contains("Revoked"), description)
        }
        var refreshes = await provider.refreshCount
        XCTAssertEqual(refreshes, 1)
        _ = await expectError { () async throws(APIError) in try await client.send(TestRouter.profile, baseURL: testBaseURL, as: Question.self) }
        refreshes = await provider.refreshCount
        XCTAssertEqual(refreshes, 2)
    }

    func testRefreshThrowingAPIErrorPassesItThrough() async {
        let provider = ClosureTokenProvider(token: { "old" }, refresh: {
            throw APIError.server(ServerError(status: 401, message: "Refresh token expired", code: "R1"))
        })
        let client = stubClient(tokenCheckingStub(valid: [], seen: Recorder()), authentication: Authentication(tokenProvider: provider))
        let error = await expectError { () async throws(APIError) in try await client.send(TestRouter.profile, baseURL: testBaseURL, as: Question.self) }
        guard case .server(let server)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(server.code, "R1")
    }

    func testMissingCredentialsAreInvalidRequestsBeforeSending() async {
        let calls = Recorder<String>()
        let client = stubClient({ _ in calls.append("called"); return .sample() }, authentication: Authentication(cookies: nil))
        for endpoint in [TestRouter.profile, .cookieProfile, .keyed] {
            let error = await expectError { () async throws(APIError) in try await client.send(endpoint, baseURL: testBaseURL) }
            guard case .invalidRequest? = error else { return XCTFail("\(String(describing: error))") }
        }
        XCTAssertEqual(calls.count, 0)
    }

    /// An endpoint with `auth: basic`, such as an OAuth 2 token endpoint.
    private struct TokenEndpoint: Endpoint {
        var defaultBaseURL: URL? { nil }
        var method: HTTPMethod { .post }
        var pathComponents: [PathComponent] { [.literal("/oauth/token")] }
        var queryItems: [QueryItem] { [] }
        var headers: [HTTPHeader] { [] }
        var body: RequestBody { .form([QueryItem(name: "grant_type", value: "client_credentials")]) }
        var auth: AuthRequirement { .basic }
        var timeout: TimeInterval? { nil }
        var envelope: EnvelopeFormat? { nil }
        var errorFormat: ErrorBodyFormat { ErrorBodyFormat() }
        var sampleData: Data { Data() }
    }

    /// Credentials the test changes between requests.
    private actor CredentialStore {
        var current: BasicCredentials?
        var failure: (any Error)?
        init(_ current: BasicCredentials?) { self.current = current }
        func set(_ credentials: BasicCredentials?, failure: (any Error)? = nil) {
            current = credentials
            self.failure = failure
        }
        func read() throws -> BasicCredentials? {
            if let failure { throw failure }
            return current
        }
    }

    func testBasicCredentialsAreReadForEachRequest() async throws {
        struct Locked: Error {}
        let store = CredentialStore(BasicCredentials(user: "Aladdin", password: "open sesame"))
        let seen = Recorder<String>()
        let client = stubClient({ request in
            seen.append(request.value(forHTTPHeaderField: "Authorization") ?? "none")
            return .response(status: 204)
        }, authentication: Authentication(basicCredentials: { try await store.read() }))
        try await client.send(TokenEndpoint(), baseURL: testBaseURL)
        await store.set(BasicCredentials(user: "app", password: "pä:ss"))
        try await client.send(TokenEndpoint(), baseURL: testBaseURL)
        await store.set(nil)
        try await client.send(TokenEndpoint(), baseURL: testBaseURL)
        // RFC 7617's example; then UTF-8 and a colon in the password; nil sends none.
        XCTAssertEqual(seen.values, ["Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==", "Basic YXBwOnDDpDpzcw==", "none"])

        await store.set(nil, failure: Locked())
        let error = await expectError { () async throws(APIError) in try await client.send(TokenEndpoint(), baseURL: testBaseURL) }
        guard case .authentication? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(seen.count, 3, "nothing sent when the credentials cannot be read")
    }

    func testBasicCredentialsThatCannotBeSentAreRefused() async {
        let calls = Recorder<String>()
        for credentials in [BasicCredentials(user: "a:b", password: "p"), BasicCredentials(user: "a", password: "p\r\nX-Evil: 1"),
                            BasicCredentials(user: "a\u{7F}", password: "p")] {
            let client = stubClient({ _ in calls.append("called"); return .sample() },
                                    authentication: Authentication(basicCredentials: { credentials }))
            let error = await expectError { () async throws(APIError) in try await client.send(TokenEndpoint(), baseURL: testBaseURL) }
            guard case .invalidRequest? = error else { return XCTFail("\(String(describing: error))") }
        }
        // A client without credentials refuses before sending too.
        let error = await expectError { () async throws(APIError) in try await stubClient().send(TokenEndpoint(), baseURL: testBaseURL) }
        guard case .invalidRequest(let reason)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertTrue(reason.contains("basic credentials"), reason)
        XCTAssertEqual(calls.count, 0)
    }

    func test401OnABasicEndpointIsNotRefreshedOrRetried() async {
        let provider = CountingTokenProvider()
        let seen = Recorder<String>()
        let client = stubClient(tokenCheckingStub(valid: [], seen: seen),
                                authentication: Authentication(tokenProvider: provider,
                                                               basicCredentials: { BasicCredentials(user: "app", password: "wrong") }))
        let error = await expectError { () async throws(APIError) in try await client.send(TokenEndpoint(), baseURL: testBaseURL) }
        XCTAssertEqual(error?.status, 401)
        XCTAssertEqual(seen.values, ["Basic YXBwOndyb25n"])
        let refreshes = await provider.refreshCount
        XCTAssertEqual(refreshes, 0)
    }

    func testAPIKeyIsSentInTheEndpointHeader() async throws {
        let seen = Recorder<String>()
        let client = stubClient({ request in
            seen.append(request.value(forHTTPHeaderField: "X-API-Key") ?? "none")
            return .sample()
        }, authentication: Authentication(apiKey: "k-123"))
        try await client.send(TestRouter.keyed, baseURL: testBaseURL)
        try await client.send(TestRouter.text, baseURL: testBaseURL)
        XCTAssertEqual(seen.values, ["k-123", "none"])
    }

    func testAPIKeyInQueryComesAfterTheEndpointsOwnItemsEncoded() async throws {
        struct Search: Endpoint {
            var query: [QueryItem]
            var defaultBaseURL: URL? { nil }
            var method: HTTPMethod { .get }
            var pathComponents: [PathComponent] { [.literal("/search")] }
            var queryItems: [QueryItem] { query }
            var headers: [HTTPHeader] { [] }
            var body: RequestBody { .none }
            var auth: AuthRequirement { .apiKeyInQuery(name: "appid") }
            var timeout: TimeInterval? { nil }
            var envelope: EnvelopeFormat? { nil }
            var errorFormat: ErrorBodyFormat { ErrorBodyFormat() }
            var sampleData: Data { Data() }
        }
        let seen = Recorder<String>()
        let client = stubClient({ request in
            seen.append(request.url?.absoluteString ?? "none")
            return .sample()
        }, authentication: Authentication(apiKey: "k +&=/é"))
        try await client.send(Search(query: [QueryItem(name: "q", value: "a b")]), baseURL: testBaseURL)
        try await client.send(Search(query: []), baseURL: URL(string: "https://api.example.com/v1?lang=ko")!)
        XCTAssertEqual(seen.values, [
            "https://api.example.com/v1/search?q=a%20b&appid=k%20%2B%26%3D%2F%C3%A9",
            "https://api.example.com/v1/search?lang=ko&appid=k%20%2B%26%3D%2F%C3%A9",
        ])
        // Without a key nothing is sent.
        let keyless = stubClient({ _ in XCTFail("sent without a key"); return .sample() }, authentication: Authentication())
        let error = await expectError { () async throws(APIError) in try await keyless.send(Search(query: []), baseURL: testBaseURL) }
        guard case .invalidRequest(let reason)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertTrue(reason.contains("\"appid\""), reason)
    }

    func testAPIKeyWithNewlineIsRefused() async {
        let client = stubClient(authentication: Authentication(apiKey: "k\r\nX-Evil: 1"))
        let error = await expectError { () async throws(APIError) in try await client.send(TestRouter.keyed, baseURL: testBaseURL) }
        guard case .invalidRequest? = error else { return XCTFail("\(String(describing: error))") }
    }

    func testCookiesFromStorageAreSentAndSetCookieIsStored() async throws {
        let storage = HTTPCookieStorage.sharedCookieStorage(forGroupContainerIdentifier: "EndpointRuntimeTests-\(UUID().uuidString)")
        let seen = Recorder<String>()
        let client = stubClient({ request in
            seen.append(request.value(forHTTPHeaderField: "Cookie") ?? "none")
            if request.url?.path == "/v1/login" {
                return .response(status: 200, headers: ["Content-Type": "application/json", "Set-Cookie": "session=s1; Path=/"],
                                 body: Data(#"{"access_token":"a","expires_in":1}"#.utf8))
            }
            return .response(status: 204)
        }, authentication: Authentication(cookies: .storage(storage)))
        try await client.send(TestRouter.logout, baseURL: testBaseURL)
        _ = try await TestService(client: client).login(body: LoginRequest(username: "u", password: "p"))
        try await client.send(TestRouter.logout, baseURL: testBaseURL)
        XCTAssertEqual(seen.values, ["none", "none", "session=s1"])
    }

    func testCookieHeaderProvider() async throws {
        let seen = Recorder<String>()
        let client = stubClient({ request in
            seen.append(request.value(forHTTPHeaderField: "Cookie") ?? "none")
            return .response(status: 204)
        }, authentication: Authentication(cookies: .header { url in "JSESSIONID=\(url.lastPathComponent)" }))
        try await client.send(TestRouter.cookieProfile, baseURL: testBaseURL)
        XCTAssertEqual(seen.values, ["JSESSIONID=cookie-me"])
    }

    func testCancellingARequestWaitingForARefreshStopsItButNotTheRefresh() async throws {
        let seen = Recorder<String>()
        let provider = CountingTokenProvider(refreshDelay: 1)
        let client = stubClient(tokenCheckingStub(valid: ["Bearer new-1"], seen: seen),
                                authentication: Authentication(tokenProvider: provider))
        let waiting = Task { () async throws(APIError) -> Question in
            try await client.send(TestRouter.profile, baseURL: testBaseURL, as: Question.self)
        }
        let patient = Task { () async throws(APIError) -> Question in
            try await client.send(TestRouter.profile, baseURL: testBaseURL, as: Question.self)
        }
        try await Task.sleep(nanoseconds: 200_000_000)
        let start = Date()
        waiting.cancel()
        let result = await waiting.result
        guard case .failure(let error) = result, case .cancelled? = error as? APIError else { return XCTFail("\(result)") }
        XCTAssertLessThan(Date().timeIntervalSince(start), 0.5)
        let question = try await patient.value
        XCTAssertEqual(question.index, 1)
        let refreshes = await provider.refreshCount
        XCTAssertEqual(refreshes, 1)
    }
}
