import EndpointRuntime
import FlyingFox
import Foundation
import Generated
import XCTest

final class SmokeWireTests: XCTestCase {
    func testServerAnswers() async throws {
        let server = try await WireServer.start { _ in .json("4") }
        defer { Task { await server.stop() } }
        let client = APIClient(transport: URLSessionTransport(),
                               authentication: Authentication(tokenProvider: ClosureTokenProvider(token: { "t" }, refresh: {})))
        let service = QuestionService(client: client, baseURL: server.baseURL)
        let page = try await service.getLatestQuestionPageNo()
        XCTAssertEqual(page, 4)
    }
}
