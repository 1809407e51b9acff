import APITestSupport
import EndpointRuntime
import Foundation
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Records every hook call as `name.hook`; `prepare` adds a header naming the plugin.
struct RecordingPlugin: APIPlugin {
    let name: String
    let log: Recorder<String>

    func prepare(_ request: URLRequest, endpoint: any Endpoint) async throws(APIError) -> URLRequest {
        log.append("\(name).prepare")
        var request = request
        request.addValue(name, forHTTPHeaderField: "X-Plugins")
        return request
    }

    func willSend(_ request: URLRequest, endpoint: any Endpoint) async {
        log.append("\(name).willSend \(request.value(forHTTPHeaderField: "X-Plugins") ?? "")")
    }

    func didReceive(_ result: Result<HTTPResponse, APIError>, request: URLRequest, endpoint: any Endpoint) async {
        switch result {
        case .success(let response): log.append("\(name).didReceive \(response.status)")
        case .failure(let error): log.append("\(name).didReceive \(error)")
        }
    }
}

struct RejectingPlugin: APIPlugin {
    func prepare(_ request: URLRequest, endpoint: any Endpoint) async throws(APIError) -> URLRequest {
        throw .invalidRequest(reason: "offline mode")
    }
}

final class PluginAndRetryTests: XCTestCase {
    func testPluginHooksRunInOrderAroundTheTransport() async throws {
        let log = Recorder<String>()
        let client = stubClient({ request in
            log.append("transport \(request.value(forHTTPHeaderField: "X-Plugins") ?? "")")
            return .sample()
        }, plugins: [RecordingPlugin(name: "a", log: log), RecordingPlugin(name: "b", log: log)])
        _ = try await TestService(client: client).getQuestion(index: "1", tags: [])
        XCTAssertEqual(log.values, ["a.prepare", "b.prepare", "a.willSend a,b", "b.willSend a,b", "transport a,b",
                                    "a.didReceive 200", "b.didReceive 200"])
    }

    func testPluginsSeeTransportErrorsAndEveryAttempt() async {
        let log = Recorder<String>()
        let client = stubClient({ _ in .failure(.transport(.connectionLost)) },
                                plugins: [RecordingPlugin(name: "a", log: log)],
                                retryPolicy: RetryPolicy(maxAttempts: 2, initialDelay: 0))
        _ = await expectError { () async throws(APIError) in try await TestService(client: client).getQuestion(index: "1", tags: []) }
        XCTAssertEqual(log.values, ["a.prepare", "a.willSend a", "a.didReceive transport(connectionLost)",
                                    "a.prepare", "a.willSend a", "a.didReceive transport(connectionLost)"])
    }

    func testPluginCanRejectARequest() async {
        let calls = Recorder<String>()
        let client = stubClient({ _ in calls.append("x"); return .sample() }, plugins: [RejectingPlugin()])
        let error = await expectError { () async throws(APIError) in try await TestService(client: client).getQuestion(index: "1", tags: []) }
        guard case .invalidRequest("offline mode")? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(calls.count, 0)
    }

    func testAuthorizationIsAddedBeforePluginsSeeTheRequest() async throws {
        let seen = Recorder<String>()
        struct Peek: APIPlugin {
            let seen: Recorder<String>
            func willSend(_ request: URLRequest, endpoint: any Endpoint) async {
                seen.append(request.value(forHTTPHeaderField: "Authorization") ?? "none")
            }
        }
        let client = stubClient(authentication: Authentication(tokenProvider: ClosureTokenProvider(token: { "t" }, refresh: {})),
                                plugins: [Peek(seen: seen)])
        _ = try await client.send(TestRouter.profile, baseURL: testBaseURL, as: Question.self)
        XCTAssertEqual(seen.values, ["Bearer t"])
    }

    func testLoggingPluginRedactsCredentials() async throws {
        let lines = Recorder<String>()
        let client = stubClient({ _ in
            .response(status: 200, headers: ["Set-Cookie": "session=secret-cookie", "Content-Type": "application/json"],
                      body: Data(#"{"index":1,"title":"T"}"#.utf8))
        }, authentication: Authentication(tokenProvider: ClosureTokenProvider(token: { "secret-token" }, refresh: {})),
           plugins: [LoggingPlugin(bodyLimit: 100) { lines.append($0) }])
        _ = try await client.send(TestRouter.profile, baseURL: testBaseURL, as: Question.self)
        XCTAssertEqual(lines.count, 2)
        let all = lines.values.joined(separator: "\n")
        XCTAssertFalse(all.contains("secret"), all)
        XCTAssertTrue(lines.values[0].hasPrefix("→ GET https://api.example.com/v1/me"), lines.values[0])
        XCTAssertTrue(lines.values[0].contains("Authorization: <redacted>"), lines.values[0])
        XCTAssertTrue(lines.values[0].contains("Accept: application/json"), lines.values[0])
        XCTAssertTrue(lines.values[1].hasPrefix("← 200 GET https://api.example.com/v1/me (23 bytes)"), lines.values[1])
        XCTAssertTrue(lines.values[1].contains(#"body: {"index":1"#), lines.values[1])
    }

    func testLoggingPluginRedactsTheAPIKeyHeaderWhateverItsName() async throws {
        struct Keyed: Endpoint {
            var defaultBaseURL: URL? { nil }
            var method: HTTPMethod { .get }
            var pathComponents: [PathComponent] { [.literal("/k")] }
            var queryItems: [QueryItem] { [] }
            var headers: [HTTPHeader] { [] }
            var body: RequestBody { .none }
            var auth: AuthRequirement { .apiKey(header: "X-Weather-Key") }
            var timeout: TimeInterval? { nil }
            var envelope: EnvelopeFormat? { nil }
            var errorFormat: ErrorBodyFormat { ErrorBodyFormat() }
            var sampleData: Data { Data() }
        }
        let lines = Recorder<String>()
        let client = stubClient(authentication: Authentication(apiKey: "key-secret"), plugins: [LoggingPlugin { lines.append($0) }])
        try await client.send(Keyed(), baseURL: testBaseURL)
        XCTAssertTrue(lines.values[0].contains("X-Weather-Key: <redacted>"), lines.values[0])
        XCTAssertFalse(lines.values.joined().contains("key-secret"))
    }

    func testLoggingPluginRedactsTheAPIKeyQueryParameter() async throws {
        struct Keyed: Endpoint {
            var defaultBaseURL: URL? { nil }
            var method: HTTPMethod { .get }
            var pathComponents: [PathComponent] { [.literal("/k")] }
            var queryItems: [QueryItem] { [QueryItem(name: "keyword", value: "kept"), QueryItem(name: "app id", value: "x")] }
            var headers: [HTTPHeader] { [] }
            var body: RequestBody { .none }
            var auth: AuthRequirement { .apiKeyInQuery(name: "app id") }
            var timeout: TimeInterval? { nil }
            var envelope: EnvelopeFormat? { nil }
            var errorFormat: ErrorBodyFormat { ErrorBodyFormat() }
            var sampleData: Data { Data() }
        }
        let lines = Recorder<String>()
        let client = stubClient({ _ in .response(status: 500) }, authentication: Authentication(apiKey: "key-secret"),
                                plugins: [LoggingPlugin { lines.append($0) }])
        _ = await expectError { () async throws(APIError) in try await client.send(Keyed(), baseURL: testBaseURL) }
        // Every app id value is redacted, the endpoint's own and the client's; other items stay.
        XCTAssertEqual(lines.values.count, 2)
        for line in lines.values {
            XCTAssertTrue(line.contains("/k?keyword=kept&app%20id=<redacted>&app%20id=<redacted>"), line)
        }
        XCTAssertFalse(lines.values.joined().contains("key-secret"))
    }

    func testLoggingPluginLogsErrors() async {
        let lines = Recorder<String>()
        let client = stubClient({ _ in .failure(.transport(.timedOut)) }, plugins: [LoggingPlugin { lines.append($0) }])
        _ = await expectError { () async throws(APIError) in try await TestService(client: client).getQuestion(index: "1", tags: []) }
        XCTAssertEqual(lines.values.last, "✕ GET https://api.example.com/v1/questions/1?page_size=20 transport(timedOut)")
    }

    // MARK: Retry

    func testNoRetryByDefault() async {
        let calls = Recorder<String>()
        let client = stubClient { _ in calls.append("x"); return .response(status: 503) }
        _ = await expectError { () async throws(APIError) in try await TestService(client: client).getQuestion(index: "1", tags: []) }
        XCTAssertEqual(calls.count, 1)
    }

    func testRetriesIdempotentRequestsOnTransientFailuresThenSucceeds() async throws {
        let calls = Recorder<String>()
        let client = stubClient({ _ in
            calls.append("x")
            switch calls.count {
            case 1: return .failure(.transport(.timedOut))
            case 2: return .response(status: 503, headers: ["Retry-After": "0"])
            default: return .sample()
            }
        }, retryPolicy: RetryPolicy(maxAttempts: 3, initialDelay: 0.01))
        let question = try await TestService(client: client).getQuestion(index: "1", tags: [])
        XCTAssertEqual(question.index, 1)
        XCTAssertEqual(calls.count, 3)
    }

    func testRetryStopsAtMaxAttemptsWithTheLastError() async {
        let calls = Recorder<String>()
        let client = stubClient({ _ in calls.append("x"); return .response(status: 502) },
                                retryPolicy: RetryPolicy(maxAttempts: 3, initialDelay: 0))
        let error = await expectError { () async throws(APIError) in try await TestService(client: client).getQuestion(index: "1", tags: []) }
        XCTAssertEqual(error?.status, 502)
        XCTAssertEqual(calls.count, 3)
    }

    func testNonIdempotentAndNonTransientFailuresAreNotRetried() async {
        let calls = Recorder<String>()
        let policy = RetryPolicy(maxAttempts: 5, initialDelay: 0)
        let post = stubClient({ _ in calls.append("post"); return .failure(.transport(.connectionLost)) }, retryPolicy: policy)
        _ = await expectError { () async throws(APIError) in try await TestService(client: post).login(body: LoginRequest(username: "u", password: "p")) }
        let notFound = stubClient({ _ in calls.append("404"); return .response(status: 404) }, retryPolicy: policy)
        _ = await expectError { () async throws(APIError) in try await TestService(client: notFound).getQuestion(index: "1", tags: []) }
        let offline = stubClient({ _ in calls.append("offline"); return .failure(.transport(.notConnected)) }, retryPolicy: policy)
        _ = await expectError { () async throws(APIError) in try await TestService(client: offline).getQuestion(index: "1", tags: []) }
        XCTAssertEqual(calls.values, ["post", "404", "offline"])
    }

    func testBackoffDelays() {
        let policy = RetryPolicy(maxAttempts: 5, initialDelay: 0.5, multiplier: 2, maxDelay: 3)
        XCTAssertEqual(policy.delay(afterAttempt: 1), 0.5)
        XCTAssertEqual(policy.delay(afterAttempt: 2), 1)
        XCTAssertEqual(policy.delay(afterAttempt: 3), 2)
        XCTAssertEqual(policy.delay(afterAttempt: 4), 3)
        XCTAssertEqual(policy.delay(afterAttempt: 1, retryAfter: "2"), 2)
        XCTAssertEqual(policy.delay(afterAttempt: 1, retryAfter: "120"), 3)
        XCTAssertEqual(policy.delay(afterAttempt: 2, retryAfter: "soon"), 1, "unreadable: the backoff")
        XCTAssertEqual(policy.delay(afterAttempt: 2, retryAfter: "-1"), 1)
        XCTAssertEqual(policy.delay(afterAttempt: 2, retryAfter: "nan"), 1)
        XCTAssertEqual(policy.delay(afterAttempt: 2, retryAfter: " 0 "), 0)
        // HTTP dates, in each of the three forms, count from `now`; one in the past means now.
        let now = Date(timeIntervalSince1970: 1_445_412_478)  // Wed, 21 Oct 2015 07:27:58 GMT
        XCTAssertEqual(policy.delay(afterAttempt: 2, retryAfter: "Wed, 21 Oct 2015 07:28:00 GMT", now: now), 2)
        XCTAssertEqual(policy.delay(afterAttempt: 2, retryAfter: "Wednesday, 21-Oct-15 07:28:00 GMT", now: now), 2)
        XCTAssertEqual(policy.delay(afterAttempt: 2, retryAfter: "Wed Oct 21 07:28:00 2015", now: now), 2)
        XCTAssertEqual(policy.delay(afterAttempt: 2, retryAfter: "Wed Oct  1 07:28:00 2015", now: now), 0)
        XCTAssertEqual(policy.delay(afterAttempt: 2, retryAfter: "Thu, 22 Oct 2015 07:28:00 GMT", now: now), 3, "capped")
        XCTAssertEqual(policy.delay(afterAttempt: 2, retryAfter: "Wed, 21 Oct 2015 07:28:00 GMT"), 0, "long past")
        XCTAssertEqual(RetryPolicy.none.maxAttempts, 1)
        XCTAssertFalse(RetryPolicy(maxAttempts: 3).shouldRetry(.post, attempt: 1, status: 503))
        XCTAssertTrue(RetryPolicy(maxAttempts: 3).shouldRetry(.put, attempt: 2, status: 429))
        XCTAssertFalse(RetryPolicy(maxAttempts: 3).shouldRetry(.put, attempt: 3, status: 429))
    }

    // MARK: Cancellation and deadlines

    func testCancellingTheTaskDuringAStubDelayGivesCancelled() async {
        let client = APIClient(transport: StubTransport(delay: 5))
        let start = Date()
        let task = Task { () async throws(APIError) -> Question in
            try await TestService(client: client).getQuestion(index: "1", tags: [])
        }
        try? await Task.sleep(nanoseconds: 50_000_000)
        task.cancel()
        let result = await task.result
        guard case .failure(let error) = result, case .cancelled? = error as? APIError else { return XCTFail("\(result)") }
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
    }

    func testCancelledBeforeStartingNeverReachesTheTransport() async {
        let calls = Recorder<String>()
        let client = stubClient { _ in calls.append("x"); return .sample() }
        let task = Task { () async throws(APIError) -> Question in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await TestService(client: client).getQuestion(index: "1", tags: [])
        }
        let result = await task.result
        guard case .failure(let error) = result, case .cancelled? = error as? APIError else { return XCTFail("\(result)") }
        XCTAssertEqual(calls.count, 0)
    }

    func testCancellingDuringRetryBackoffStopsRetrying() async {
        let calls = Recorder<String>()
        let client = stubClient({ _ in calls.append("x"); return .response(status: 503) },
                                retryPolicy: RetryPolicy(maxAttempts: 5, initialDelay: 10))
        let task = Task { () async throws(APIError) -> Question in
            try await TestService(client: client).getQuestion(index: "1", tags: [])
        }
        try? await Task.sleep(nanoseconds: 100_000_000)
        task.cancel()
        let result = await task.result
        guard case .failure(let error) = result, case .cancelled? = error as? APIError else { return XCTFail("\(result)") }
        XCTAssertEqual(calls.count, 1)
    }

    func testCompletionHandlerVariantReturnsACancellableTask() async {
        let client = APIClient(transport: StubTransport(delay: 5))
        let done = expectation(description: "completion")
        let outcome = Recorder<String>()
        let task = TestService(client: client).getQuestion(index: "1", tags: []) { result in
            if case .failure(.cancelled) = result { outcome.append("cancelled") } else { outcome.append("\(result)") }
            done.fulfill()
        }
        task.cancel()
        await fulfillment(of: [done], timeout: 2)
        XCTAssertEqual(outcome.values, ["cancelled"])
    }

    func testPerEndpointTimeoutTurnsALongStubDelayIntoTimedOut() async {
        let client = APIClient(transport: StubTransport(delay: 3))
        let start = Date()
        let error = await expectError { () async throws(APIError) in try await client.send(TestRouter.slow, baseURL: testBaseURL, as: Question.self) }
        guard case .transport(.timedOut)? = error else { return XCTFail("\(String(describing: error))") }
        let elapsed = Date().timeIntervalSince(start)
        XCTAssertGreaterThanOrEqual(elapsed, 0.19)
        XCTAssertLessThan(elapsed, 1.5)
    }

    func testStubDelayWithinTheDeadlineAnswersWithSample() async throws {
        let client = APIClient(transport: StubTransport.delayed(0.05))
        let start = Date()
        let question = try await TestService(client: client).getQuestion(index: "1", tags: [])
        XCTAssertEqual(question.title, "Hi")
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.05)
    }

    func testEndpointAwareStubSeesTheEndpoint() async throws {
        let client = APIClient(transport: StubTransport(endpointAware: { _, endpoint in
            (endpoint as? TestRouter).map { if case .text = $0 { return .response(status: 200, body: Data("routed".utf8)) }; return .sample() } ?? .sample()
        }))
        let text = try await TestService(client: client).text()
        XCTAssertEqual(text, "routed")
    }
}
