import EndpointRuntime
import FlyingFox
import Foundation
import Generated
import RawHTTPServer
import XCTest

/// The fault matrix: every way a request can go wrong on a real connection, each mapped to
/// exactly one case of `APIError`, each finishing within its deadline plus one second.
///
/// Faults an HTTP framework would never produce (resets, short and trickling bodies) are served
/// by the raw-socket `LocalServer`; everything else by the FlyingFox server.
final class FaultMatrixWireTests: WireTestCase {
    /// Seconds a fault case may take before the client must have given up.
    private let deadline: TimeInterval = 1

    private func question(_ baseURL: URL, tokens: TestTokens = TestTokens("t"), maxResponseSize: Int = 1024 * 1024) -> QuestionService {
        QuestionService(client: client(tokens: tokens, timeout: deadline, maxResponseSize: maxResponseSize), baseURL: baseURL)
    }

    private func community(_ baseURL: URL) -> CommunityService {
        CommunityService(client: client(tokens: TestTokens("t"), timeout: deadline), baseURL: baseURL)
    }

    private static let questionJSON = #"{"index":1,"pageNo":1,"title":"t","header":"h","body":"b","highlight":[],"createAt":"2024-05-01T00:00:00Z","isMyAnswer":false,"isPartnerAnswer":false}"#

    // MARK: - Transport

    func testConnectionRefusedIsCannotConnect() async throws {
        let port = try LocalServer.closedPort()
        let service = question(URL(string: "http://127.0.0.1:\(port)")!)
        let error = await expectFailure(within: deadline) { () async throws(APIError) in try await service.getTodayQuestion() }
        XCTAssertEqual(error.map(String.init(describing:)), "transport(cannotConnect)")
    }

    func testSlowResponseHeadersTimeOut() async throws {
        let server = try await serve { _ in
            try await Task.sleep(for: .seconds(10))
            return .json(Self.questionJSON)
        }
        let error = await expectFailure(within: deadline) { () async throws(APIError) in try await self.question(server.baseURL).getTodayQuestion() }
        XCTAssertEqual(error.map(String.init(describing:)), "transport(timedOut)")
    }

    func testTricklingBodyHitsTheRequestDeadline() async throws {
        let server = try serveRaw { _, connection in
            connection.write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{")
            for _ in 0..<100 {
                // One byte every 50 ms: never idle long enough for an idle timeout to fire.
                Thread.sleep(forTimeInterval: 0.05)
                guard connection.write(" ") else { return }
            }
        }
        let error = await expectFailure(within: deadline) { () async throws(APIError) in try await self.question(server.baseURL).getTodayQuestion() }
        XCTAssertEqual(error.map(String.init(describing:)), "transport(timedOut)")
    }

    func testBodyShorterThanContentLengthIsConnectionLost() async throws {
        let server = try serveRaw { _, connection in
            connection.write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{\"index\":1")
        }
        let error = await expectFailure(within: deadline) { () async throws(APIError) in try await self.question(server.baseURL).getTodayQuestion() }
        XCTAssertEqual(error.map(String.init(describing:)), "transport(connectionLost)")
    }

    func testConnectionResetIsConnectionLost() async throws {
        let server = try serveRaw { _, connection in connection.reset() }
        let error = await expectFailure(within: deadline) { () async throws(APIError) in try await self.question(server.baseURL).getTodayQuestion() }
        XCTAssertEqual(error.map(String.init(describing:)), "transport(connectionLost)")
    }

    func testRedirectLoopIsTooManyRedirects() async throws {
        let server = try await serve { request in
            FlyingFox.HTTPResponse(statusCode: .found, headers: HTTPHeaders([.location: request.target]))
        }
        let error = await expectFailure(within: deadline) { () async throws(APIError) in try await self.question(server.baseURL).getTodayQuestion() }
        XCTAssertEqual(error.map(String.init(describing:)), "transport(tooManyRedirects)")
        let count = await server.requests.count
        XCTAssertGreaterThan(count, 2, "the redirects were followed before giving up")
    }

    func testCancelledTaskIsCancelled() async throws {
        let server = try await serve { _ in
            try await Task.sleep(for: .seconds(10))
            return .json(Self.questionJSON)
        }
        let service = QuestionService(client: client(tokens: TestTokens("t"), timeout: 30), baseURL: server.baseURL)
        let start = ContinuousClock.now
        let task = Task { () async throws(APIError) -> Question in try await service.getTodayQuestion() }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        let result = await task.result
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(1.2), "cancellation does not wait for the 30 s timeout")
        guard case .failure(let error) = result else { return XCTFail("the cancelled request succeeded") }
        XCTAssertEqual(String(describing: error), "cancelled")
    }

    // MARK: - Server errors

    func test4xxWithJSONErrorBodyReadsMessageAndCode() async throws {
        let server = try await serve(basePath: "/api") { _ in
            .json(#"{"success":false,"status":4001,"message":"제목을 입력해 주세요.","data":null}"#, status: .badRequest)
        }
        let error = await expectFailure(within: deadline) { () async throws(APIError) in
            try await self.community(server.baseURL).addComment(postId: 1, body: AddCommentRequest(content: ""))
        }
        guard case .server(let failure)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(failure.status, 400)
        XCTAssertEqual(failure.message, "제목을 입력해 주세요.")
        XCTAssertEqual(failure.code, "4001")
        XCTAssertNil(failure.model, "community's errorBody names no model")
        XCTAssertEqual(error?.errorDescription, "제목을 입력해 주세요.")
        XCTAssertEqual(error?.isTransient, false)
    }

    func test5xxWithJSONErrorBodyReadsTheModel() async throws {
        let server = try await serve { _ in
            .json(#"{"success":false,"status_code":11,"status_message":"Internal error: Something went wrong."}"#, status: .internalServerError)
        }
        let service = MovieService(client: client(tokens: TestTokens("t"), timeout: deadline), baseURL: server.baseURL)
        let error = await expectFailure(within: deadline) { () async throws(APIError) in try await service.getFavorites() }
        guard case .server(let failure)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(failure.status, 500)
        XCTAssertEqual(failure.message, "Internal error: Something went wrong.")
        XCTAssertEqual(failure.code, "11")
        XCTAssertEqual(failure.model(as: MovieAPIError.self)?.statusCode, 11)
        XCTAssertEqual(error?.isTransient, true)
    }

    func test5xxWithHTMLBodyUsesTheDefaultMessage() async throws {
        let html = "<html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>"
        let server = try await serve(basePath: "/api") { _ in .text(html, type: "text/html", status: .badGateway) }
        let error = await expectFailure(within: deadline) { () async throws(APIError) in try await self.community(server.baseURL).getMyProfile() }
        guard case .server(let failure)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(failure.status, 502)
        XCTAssertEqual(failure.message, "The server had an internal error.")
        XCTAssertNil(failure.code)
        XCTAssertEqual(String(decoding: failure.body, as: UTF8.self), html, "the raw body is kept for logs")
        XCTAssertEqual(failure.headers["Content-Type"] ?? failure.headers["content-type"], "text/html")
    }

    func testEmpty503IsAServerErrorWithTheDefaultMessage() async throws {
        let server = try await serve(basePath: "/api") { _ in .empty(.serviceUnavailable) }
        let error = await expectFailure(within: deadline) { () async throws(APIError) in try await self.community(server.baseURL).getMyProfile() }
        guard case .server(let failure)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(failure.status, 503)
        XCTAssertEqual(failure.message, "The server had an internal error.")
        XCTAssertTrue(failure.body.isEmpty)
        XCTAssertEqual(error?.isTransient, true)
    }

    // MARK: - Bodies that are not what the endpoint returns

    func testHTMLWithStatus200ForAJSONEndpointIsUnexpectedContentType() async throws {
        let server = try await serve { _ in .text("<html>Captive portal: please sign in</html>", type: "text/html; charset=utf-8") }
        let error = await expectFailure(within: deadline) { () async throws(APIError) in try await self.question(server.baseURL).getTodayQuestion() }
        guard case .unexpectedContentType(let failure)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(failure.status, 200)
        XCTAssertEqual(failure.expected, "application/json")
        XCTAssertEqual(failure.received, "text/html; charset=utf-8")
        XCTAssertEqual(failure.bodyPrefix, "<html>Captive portal: please sign in</html>")
    }

    func testInvalidJSONIsADecodingError() async throws {
        let server = try await serve { _ in .json(#"{"index":1,"title":"#) }
        let error = await expectFailure(within: deadline) { () async throws(APIError) in try await self.question(server.baseURL).getTodayQuestion() }
        guard case .decoding(let failure)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(failure.typeName, "Question")
        XCTAssertEqual(failure.codingPath, "")
        XCTAssertEqual(failure.bodyPrefix, #"{"index":1,"title":"#)
    }

    func testWrongShapeNamesTheCodingPath() async throws {
        let server = try await serve { _ in
            .json(#"{"page":1,"total_pages":1,"results":[{"id":"1","title":"A","overview":"","genres":[],"vote_average":1},{"id":"2","title":42,"overview":"","genres":[],"vote_average":1}]}"#)
        }
        let service = MovieService(client: client(apiKey: "k", timeout: deadline), baseURL: server.baseURL)
        let error = await expectFailure(within: deadline) { () async throws(APIError) in try await service.getMovies(category: .popular) }
        guard case .decoding(let failure)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(failure.typeName, "MovieResponse")
        XCTAssertEqual(failure.codingPath, "results[1].title")
        XCTAssertTrue(failure.description.hasPrefix("Expected String"), failure.description)
    }

    func testWrongShapeInsideAnEnvelopeNamesThePayloadPath() async throws {
        let server = try await serve(basePath: "/api") { _ in
            .json(#"{"success":true,"status":200,"message":"OK","data":{"id":7,"nickname":"n","email":"e","joinedAt":"yesterday"}}"#)
        }
        let error = await expectFailure(within: deadline) { () async throws(APIError) in try await self.community(server.baseURL).getMyProfile() }
        guard case .decoding(let failure)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(failure.typeName, "Envelope<User>")
        XCTAssertEqual(failure.codingPath, "data.joinedAt")
    }

    func test204ForAnEmptyEndpointSucceeds() async throws {
        let server = try await serve(basePath: "/api") { _ in .empty(.noContent) }
        try await community(server.baseURL).deletePost(postId: 1)
        let request = try await server.onlyRequest()
        XCTAssertEqual(request.method, "DELETE")
    }

    func testEmpty200ForAModelEndpointIsADecodingError() async throws {
        let server = try await serve { _ in .empty(.ok) }
        let error = await expectFailure(within: deadline) { () async throws(APIError) in try await self.question(server.baseURL).getTodayQuestion() }
        guard case .decoding(let failure)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(failure.description, "The body is empty.")
    }

    func testEnvelopeWithSuccessFalseIsAnEnvelopeError() async throws {
        let server = try await serve(basePath: "/api") { _ in
            .json(#"{"success":false,"status":"POST_NOT_FOUND","message":"삭제된 게시글입니다.","data":null}"#)
        }
        let error = await expectFailure(within: deadline) { () async throws(APIError) in try await self.community(server.baseURL).getPost(postId: 9) }
        guard case .envelope(let failure)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(failure, EnvelopeFailure(code: "POST_NOT_FOUND", message: "삭제된 게시글입니다.", status: 200))
    }

    func testBodyLargerThanTheLimitIsResponseTooLarge() async throws {
        let big = Data(repeating: UInt8(ascii: " "), count: 300_000)
        let server = try await serve { _ in
            FlyingFox.HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: big)
        }
        let error = await expectFailure(within: deadline) { () async throws(APIError) in
            try await self.question(server.baseURL, maxResponseSize: 64 * 1024).getTodayQuestion()
        }
        XCTAssertEqual(error.map(String.init(describing:)), "responseTooLarge(limit: 65536 bytes)")
    }

    // MARK: - Authentication

    func test401RefreshesTheTokenOnceAndRetries() async throws {
        let server = try await serve { request in
            request.header("Authorization") == "Bearer fresh" ? .json(Self.questionJSON) : .json(#"{"error":"expired"}"#, status: .unauthorized)
        }
        let tokens = TestTokens("stale", next: { _ in "fresh" })
        let question = try await question(server.baseURL, tokens: tokens).getTodayQuestion()
        XCTAssertEqual(question.index, 1)
        XCTAssertEqual(tokens.refreshCount, 1)
        let sent = await server.requests.map { $0.header("Authorization") }
        XCTAssertEqual(sent, ["Bearer stale", "Bearer fresh"])
    }

    func test401AfterARefreshIsAServerError() async throws {
        let server = try await serve { _ in .json(#"{"error":"revoked"}"#, status: .unauthorized) }
        let tokens = TestTokens("stale")
        let error = await expectFailure(within: deadline) { () async throws(APIError) in
            try await self.question(server.baseURL, tokens: tokens).getTodayQuestion()
        }
        XCTAssertEqual(error?.status, 401)
        XCTAssertEqual(tokens.refreshCount, 1, "one refresh, one retry, then the 401 is the caller's")
        let count = await server.requests.count
        XCTAssertEqual(count, 2)
    }
}
