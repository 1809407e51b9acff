import APITestSupport
import EndpointRuntime
import Foundation
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

final class ResponseTests: XCTestCase {
    // MARK: Success bodies

    func testDecodesModelWithDates() async throws {
        let client = stubClient { _ in
            .json(#"{"index":2,"title":"T","created_at":"2024-01-02T03:04:05.123Z","items":[{"name":"a"}],"state":"archived"}"#)
        }
        let question = try await TestService(client: client).getQuestion(index: "2", tags: [])
        XCTAssertEqual(question.index, 2)
        XCTAssertEqual(question.createdAt!.timeIntervalSince1970, 1_704_164_645.123, accuracy: 0.0005)
        XCTAssertEqual(question.items, [Item(name: "a")])
        XCTAssertEqual(question.state, .unknown("archived"))
    }

    func testStringAndDataResponses() async throws {
        let service = TestService(client: APIClient(transport: StubTransport()))
        let text = try await service.text()
        XCTAssertEqual(text, "안녕")
        let bytes = try await service.bytes()
        XCTAssertEqual(bytes, Data([0, 1, 2, 255]))
    }

    func testStringResponseThatIsNotUTF8IsADecodingError() async {
        let client = stubClient { _ in .response(status: 200, body: Data([0xC3, 0x28, 0xFF])) }
        let error = await expectError { () async throws(APIError) in try await client.sendString(TestRouter.text, baseURL: testBaseURL) }
        guard case .decoding(let failure)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(failure.typeName, "String")
    }

    func testEmptyResponseIgnoresTheBody() async throws {
        let client = stubClient { _ in .response(status: 200, body: Data("not json at all".utf8)) }
        try await client.send(TestRouter.logout, baseURL: testBaseURL, authenticationFree: true)
        let noContent = stubClient { _ in .response(status: 204) }
        try await noContent.send(TestRouter.deleteItem(id: 1), baseURL: testBaseURL, authenticationFree: true)
    }

    func testEmptyBodyForModelEndpointIsADecodingError() async {
        let client = stubClient { _ in .response(status: 200, headers: ["Content-Type": "application/json"]) }
        let error = await expectError { () async throws(APIError) in try await TestService(client: client).getQuestion(index: "1", tags: []) }
        guard case .decoding(let failure)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(failure.typeName, "Question")
        XCTAssertEqual(failure.description, "The body is empty.")
    }

    // MARK: Decoding failures

    func testDecodingFailureNamesTypePathAndBodyStart() async {
        let body = #"{"index":1,"title":"T","items":[{"name":"a"},{"name":"b"},{"name":3}]}"#
        let client = stubClient { _ in .json(body) }
        let error = await expectError { () async throws(APIError) in try await TestService(client: client).getQuestion(index: "1", tags: []) }
        guard case .decoding(let failure)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(failure.typeName, "Question")
        XCTAssertEqual(failure.codingPath, "items[2].name")
        XCTAssertEqual(failure.bodyPrefix, body)
        XCTAssertTrue(failure.description.hasPrefix("Expected String"), failure.description)
        XCTAssertTrue(error!.description.contains("items[2].name"), error!.description)
    }

    func testMissingKeyPathIncludesTheKeyAndBodyPrefixIsCut() async {
        let long = String(repeating: "x", count: 500)
        let client = stubClient { _ in .json(#"{"index":1,"padding":"\#(long)"}"#) }
        let error = await expectError { () async throws(APIError) in try await TestService(client: client).getQuestion(index: "1", tags: []) }
        guard case .decoding(let failure)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(failure.codingPath, "title")
        XCTAssertEqual(failure.bodyPrefix.utf8.count, 200)
        XCTAssertTrue(failure.bodyPrefix.hasPrefix(#"{"index":1,"padding":"xxx"#))
    }

    func testInvalidJSONIsADecodingError() async {
        let client = stubClient { _ in .json(#"{"index": 1,"#) }
        let error = await expectError { () async throws(APIError) in try await TestService(client: client).getQuestion(index: "1", tags: []) }
        guard case .decoding(let failure)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(failure.codingPath, "")
    }

    func testHTMLWhereJSONWasExpectedIsUnexpectedContentType() async {
        let client = stubClient { _ in
            .response(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: Data("<html>portal</html>".utf8))
        }
        let error = await expectError { () async throws(APIError) in try await TestService(client: client).getQuestion(index: "1", tags: []) }
        guard case .unexpectedContentType(let failure)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(failure.received, "text/html; charset=utf-8")
        XCTAssertEqual(failure.expected, "application/json")
        XCTAssertEqual(failure.bodyPrefix, "<html>portal</html>")
        XCTAssertEqual(failure.status, 200)
    }

    func testJSONWithAnotherContentTypeStillDecodes() async throws {
        let client = stubClient { _ in
            .response(status: 200, headers: ["Content-Type": "text/plain"], body: Data(#"{"index":1,"title":"T"}"#.utf8))
        }
        let question = try await TestService(client: client).getQuestion(index: "1", tags: [])
        XCTAssertEqual(question.title, "T")
    }

    // MARK: Envelopes

    func testEnvelopePayloadIsUnwrapped() async throws {
        let client = APIClient(transport: StubTransport())
        let question = try await client.send(EnvelopeRouter.question, baseURL: testBaseURL, as: Question.self)
        XCTAssertEqual(question, Question(index: 7, title: "Wine"))
    }

    func testWholeEnvelope() async throws {
        let envelope = try await TestService(client: APIClient(transport: StubTransport())).whole()
        XCTAssertEqual(envelope, Envelope(success: true, code: "COMMON200", message: "OK", payload: Question(index: 7, title: "Wine")))
    }

    func testEnvelopeSuccessFalseFailsWithCodeAndMessage() async {
        for (body, code) in [(#"{"isSuccess":false,"code":"MEMBER4001","message":"No such member.","result":null}"#, "MEMBER4001"),
                             (#"{"isSuccess":false,"code":4001,"message":"No such member."}"#, "4001")] {
            let client = stubClient { _ in .json(body) }
            for call in [{ () async throws(APIError) in _ = try await client.send(EnvelopeRouter.question, baseURL: testBaseURL, as: Question.self) },
                         { () async throws(APIError) in _ = try await client.sendEnvelope(EnvelopeRouter.question, baseURL: testBaseURL, as: Question.self) },
                         { () async throws(APIError) in try await client.send(EnvelopeRouter.nothing, baseURL: testBaseURL) }] {
                let error = await expectError(call)
                guard case .envelope(let failure)? = error else { return XCTFail("\(String(describing: error))") }
                XCTAssertEqual(failure, EnvelopeFailure(code: code, message: "No such member.", status: 200))
                XCTAssertEqual(error?.errorDescription, "No such member.")
            }
        }
    }

    func testEnvelopeWithoutSuccessKeyOrWithTrueIsFine() async throws {
        let client = stubClient { _ in .json(#"{"code":"OK","result":{"index":1,"title":"A"}}"#) }
        let question = try await client.send(EnvelopeRouter.question, baseURL: testBaseURL, as: Question.self)
        XCTAssertEqual(question.index, 1)
        try await client.send(EnvelopeRouter.nothing, baseURL: testBaseURL)
    }

    func testEnvelopeMissingPayloadIsADecodingErrorNamingTheKey() async {
        let client = stubClient { _ in .json(#"{"isSuccess":true,"code":"OK"}"#) }
        let error = await expectError { () async throws(APIError) in try await client.send(EnvelopeRouter.question, baseURL: testBaseURL, as: Question.self) }
        guard case .decoding(let failure)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(failure.codingPath, "result")
        XCTAssertEqual(failure.typeName, "Envelope<Question>")
    }

    func testEnvelopeOptionalPayloadMayBeMissingOrNull() async throws {
        let missing = stubClient { _ in .json(#"{"isSuccess":true}"#) }
        let none = try await missing.send(EnvelopeRouter.optional, baseURL: testBaseURL, as: Question?.self)
        XCTAssertNil(none)
        let null = stubClient { _ in .json(#"{"isSuccess":true,"result":null}"#) }
        let alsoNone = try await null.send(EnvelopeRouter.optional, baseURL: testBaseURL, as: Question?.self)
        XCTAssertNil(alsoNone)
    }

    func testEnvelopePayloadPathIncludesThePayloadKey() async {
        let client = stubClient { _ in .json(#"{"isSuccess":true,"result":[{"index":1,"title":"a"},{"index":"2","title":"b"}]}"#) }
        let error = await expectError { () async throws(APIError) in try await client.send(EnvelopeRouter.questions, baseURL: testBaseURL, as: [Question].self) }
        guard case .decoding(let failure)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(failure.codingPath, "result[1].index")
    }

    func testSendEnvelopeWithoutFormatIsInvalidRequest() async {
        let client = APIClient(transport: StubTransport())
        let error = await expectError { () async throws(APIError) in try await client.sendEnvelope(TestRouter.profile, baseURL: testBaseURL, as: Question.self) }
        guard case .invalidRequest? = error else { return XCTFail("\(String(describing: error))") }
    }

    // MARK: Server errors

    func testServerErrorReadsMessageCodeAndModel() async throws {
        let body = #"{"message":"Token expired","code":1001}"#
        let client = stubClient { _ in .json(status: 403, body, headers: ["X-Trace": "t1"]) }
        let error = await expectError { () async throws(APIError) in try await TestService(client: client).getQuestion(index: "1", tags: []) }
        guard case .server(let server)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(server.status, 403)
        XCTAssertEqual(server.message, "Token expired")
        XCTAssertEqual(server.code, "1001")
        XCTAssertEqual(server.model(as: ErrorResponse.self), ErrorResponse(message: "Token expired", code: 1001))
        XCTAssertNil(server.model(as: String.self))
        XCTAssertEqual(server.body, Data(body.utf8))
        XCTAssertEqual(server.headers["X-Trace"], "t1")
        XCTAssertEqual(error?.errorDescription, "Token expired")
        XCTAssertEqual(error?.status, 403)
    }

    func testServerErrorWithoutReadableBodyUsesDefaultMessagePerStatusClass() async {
        let cases: [(Int, String, String)] = [
            (500, "<html>Bad Gateway</html>", "The server had an internal error."),
            (503, "", "The server had an internal error."),
            (400, #"{"error":"x"}"#, "The request was rejected."),
            (418, #"{"message":""}"#, "The request was rejected."),
            (404, "", "The request was rejected."),
            (304, "", "The server redirected the request."),
            (199, "", "The server returned an unexpected status."),
        ]
        for (status, body, message) in cases {
            let client = stubClient { _ in .response(status: status, headers: ["Content-Type": "text/html"], body: Data(body.utf8)) }
            let error = await expectError { () async throws(APIError) in try await TestService(client: client).getQuestion(index: "1", tags: []) }
            guard case .server(let server)? = error else { return XCTFail("\(String(describing: error))") }
            XCTAssertEqual(server.status, status)
            XCTAssertEqual(server.message, message, "\(status)")
            XCTAssertNil(server.code)
            // An empty message falls back to the default text, but the model itself still decodes.
            XCTAssertEqual(server.model(as: ErrorResponse.self), status == 418 ? ErrorResponse(message: "") : nil)
            XCTAssertEqual(server.body, Data(body.utf8))
        }
    }

    func testServerErrorModelThatDoesNotDecodeIsLeftOutButMessageKept() async {
        let client = stubClient { _ in .json(status: 422, #"{"message":"Bad nickname","code":"N1"}"#) }
        let error = await expectError { () async throws(APIError) in try await TestService(client: client).getQuestion(index: "1", tags: []) }
        guard case .server(let server)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(server.message, "Bad nickname")
        XCTAssertEqual(server.code, "N1")
        XCTAssertNil(server.model, "code is a string, the model wants an Int")
    }

    func testServerErrorDottedKeys() async {
        struct Nested: Endpoint {
            var defaultBaseURL: URL? { nil }
            var method: HTTPMethod { .get }
            var pathComponents: [PathComponent] { [.literal("/n")] }
            var queryItems: [QueryItem] { [] }
            var headers: [HTTPHeader] { [] }
            var body: RequestBody { .none }
            var auth: AuthRequirement { .none }
            var timeout: TimeInterval? { nil }
            var envelope: EnvelopeFormat? { nil }
            var errorFormat: ErrorBodyFormat { ErrorBodyFormat(message: "error.detail", code: "error.code") }
            var sampleData: Data { Data() }
        }
        let client = stubClient { _ in .json(status: 409, #"{"error":{"detail":"Taken","code":"DUP"}}"#) }
        let error = await expectError { () async throws(APIError) in try await client.send(Nested(), baseURL: testBaseURL) }
        guard case .server(let server)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(server.message, "Taken")
        XCTAssertEqual(server.code, "DUP")
    }

    // MARK: Transport failures through the stub

    func testTransportFailuresArePassedThrough() async {
        let failures: [TransportFailure] = [.notConnected, .cannotConnect, .timedOut, .connectionLost, .tooManyRedirects,
                                            .other(code: -1202, description: "bad certificate")]
        for failure in failures {
            let client = stubClient { _ in .failure(.transport(failure)) }
            let error = await expectError { () async throws(APIError) in try await client.send(TestRouter.logout, baseURL: testBaseURL, authenticationFree: true) }
            guard case .transport(let received)? = error else { return XCTFail("\(String(describing: error))") }
            XCTAssertEqual(received, failure)
            XCTAssertFalse(error!.errorDescription!.isEmpty)
        }
    }

    func testEveryErrorHasUserTextAndLogDescription() {
        let errors: [APIError] = [
            .transport(.timedOut), .cancelled,
            .server(ServerError(status: 500, message: "Boom", code: "E", body: Data("x".utf8))),
            .envelope(EnvelopeFailure(code: "C", message: nil, status: 200)),
            .decoding(DecodingFailure(typeName: "Q", codingPath: "a[1]", bodyPrefix: "{}", description: "d")),
            .unexpectedContentType(ContentTypeFailure(expected: "application/json", received: "text/html", status: 200, bodyPrefix: "<")),
            .encoding(description: "e"), .invalidRequest(reason: "r"), .responseTooLarge(limit: 10),
            .authentication(description: "a"),
        ]
        var texts: Set<String> = []
        for error in errors {
            XCTAssertFalse(error.localizedDescription.isEmpty)
            XCTAssertTrue(error.debugDescription.hasPrefix("APIError."))
            texts.insert(error.description)
        }
        XCTAssertEqual(texts.count, errors.count)
        XCTAssertEqual(APIError.server(ServerError(status: 500, message: "Boom")).localizedDescription, "Boom")
        XCTAssertEqual(APIError.envelope(EnvelopeFailure(code: "C", status: 200)).localizedDescription,
                       "The server could not complete the request.")
        XCTAssertTrue(APIError.transport(.timedOut).isTransient)
        XCTAssertFalse(APIError.server(ServerError(status: 404, message: "")).isTransient)
    }

    func testResponseTooLargeFromStub() async {
        let client = stubClient({ _ in .response(status: 200, body: Data(count: 11)) },
                                configuration: .init(maxResponseSize: 10))
        let error = await expectError { () async throws(APIError) in try await client.sendData(TestRouter.bytes, baseURL: testBaseURL) }
        guard case .responseTooLarge(let limit)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(limit, 10)
        let fits = stubClient({ _ in .response(status: 200, body: Data(count: 10)) }, configuration: .init(maxResponseSize: 10))
        let data = try? await fits.sendData(TestRouter.bytes, baseURL: testBaseURL)
        XCTAssertEqual(data?.count, 10)
    }

    func testCustomTransportReturningTooMuchIsCheckedByTheClient() async {
        struct Careless: HTTPTransport {
            func send(_ request: URLRequest, context: TransportContext) async throws(APIError) -> HTTPResponse {
                HTTPResponse(status: 200, body: Data(count: context.maxResponseSize + 1))
            }
        }
        let client = APIClient(transport: Careless(), configuration: .init(maxResponseSize: 4))
        let error = await expectError { () async throws(APIError) in try await client.sendData(TestRouter.bytes, baseURL: testBaseURL) }
        guard case .responseTooLarge(4)? = error else { return XCTFail("\(String(describing: error))") }
    }
}

extension APIClient {
    /// `send` for endpoints whose auth the test does not care about (cookie endpoints get an empty cookie source).
    func send(_ endpoint: TestRouter, baseURL: URL, authenticationFree: Bool) async throws(APIError) {
        let client = APIClient(transport: transport,
                               authentication: Authentication(tokenProvider: ClosureTokenProvider(token: { "t" }, refresh: {}),
                                                              cookies: .header { _ in nil }, apiKey: "k"),
                               plugins: plugins, retryPolicy: retryPolicy, configuration: configuration)
        try await client.send(endpoint, baseURL: baseURL)
    }
}
