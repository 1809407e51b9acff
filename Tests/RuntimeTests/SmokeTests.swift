import EndpointRuntime
import XCTest

final class SmokeTests: XCTestCase {
    func testServiceDecodesSampleThroughStub() async throws {
        let service = TestService(client: APIClient(transport: StubTransport()))
        let question = try await service.getQuestion(index: "1", tags: [])
        XCTAssertEqual(question.index, 1)
        XCTAssertEqual(question.createdAt, Date(timeIntervalSince1970: 1_704_164_645))
    }
}
