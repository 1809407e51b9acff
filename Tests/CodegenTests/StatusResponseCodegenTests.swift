import EndpointRuntime
import Foundation
@testable import GoldenCallbacks
import XCTest

/// The features golden's endpoints with `responses:` (a service with an envelope): 2xx bodies are
/// unwrapped from the envelope, other statuses read as they are, classes and text bodies decode,
/// and an unlisted status throws as for any endpoint.
final class StatusResponseCodegenTests: XCTestCase {
    private func service(_ answer: StubResponse) -> AuthService {
        AuthService(client: APIClient(transport: StubTransport { _ in answer }))
    }

    private func submit(_ answer: StubResponse) async throws(APIError) -> APIResponse<SubmitAnswerResponse> {
        try await service(answer).submitAnswer(body: SubmitAnswerRequest(text: "yes"))
    }

    func testTwoHundredsAreUnwrappedFromTheEnvelopeAndOtherStatusesAreNot() async throws {
        let created = try await submit(.json(status: 201, #"{"isSuccess":true,"result":{"id":9}}"#))
        XCTAssertEqual(created.value, .created(SubmitAnswerCreatedBody(id: 9)))
        let rejected = try await submit(.json(status: 409, #"{"message":"answered already"}"#))
        XCTAssertEqual(rejected.value, .clientError(ErrorResponse(message: "answered already")), "4XX: any 4xx, its body as it is")
        XCTAssertEqual(rejected.status, 409)
        let queued = try await submit(.response(status: 202, headers: ["Content-Type": "text/plain"], body: Data("in an hour".utf8)))
        XCTAssertEqual(queued.value, .accepted("in an hour"))
        let nothing = try await submit(.response(status: 204))
        XCTAssertEqual(nothing.value, .noContent)
    }

    func testAFailedEnvelopeAndUnlistedStatusesThrow() async {
        let failed = await expectFailure { () async throws(APIError) in
            try await self.submit(.json(status: 201, #"{"isSuccess":false,"code":"E1","message":"closed"}"#))
        }
        guard case .envelope(let envelope)? = failed else { return XCTFail("\(String(describing: failed))") }
        XCTAssertEqual(envelope.message, "closed")
        // A bodiless 2xx case still fails on an envelope saying `success: false`, as `send` does for `empty`.
        let bodiless = await expectFailure { () async throws(APIError) in
            try await self.submit(.json(status: 204, #"{"isSuccess":false,"message":"closed"}"#))
        }
        guard case .envelope? = bodiless else { return XCTFail("\(String(describing: bodiless))") }
        let unlisted = await expectFailure { () async throws(APIError) in
            try await self.submit(.json(status: 200, #"{"isSuccess":true,"result":{"id":1}}"#))
        }
        guard case .server(let server)? = unlisted else { return XCTFail("\(String(describing: unlisted))") }
        XCTAssertEqual(server.status, 200, "a 2xx the endpoint does not list is not guessed at")
        let serverError = await expectFailure { () async throws(APIError) in
            try await self.submit(.json(status: 503, #"{"message":"down"}"#))
        }
        guard case .server(let down)? = serverError else { return XCTFail("\(String(describing: serverError))") }
        XCTAssertEqual(down.message, "down", "the service's errorBody, as for any endpoint")
        XCTAssertEqual(down.model(as: ErrorResponse.self), ErrorResponse(message: "down"))
    }

    func testStubsAnswerEveryListedStatusWithItsSample() async throws {
        let listed = AuthRouter.submitAnswer(body: SubmitAnswerRequest(text: "yes")).sampleResponses
        XCTAssertEqual(listed.map(\.status), [201, 202, 204, 400])
        let first = try await submit(.sample())
        XCTAssertEqual(first.status, 201)
        XCTAssertEqual(first.value, .created(SubmitAnswerCreatedBody(id: 7)))
        let nothing = try await submit(.sample(status: 204))
        XCTAssertEqual(nothing.value, .noContent)
        XCTAssertEqual(AuthRouter.login(body: LoginRequest(username: "u", password: "p")).sampleResponses, [],
                       "an endpoint with one response keeps the runtime's default")
    }

    private func expectFailure<T>(_ body: () async throws(APIError) -> T) async -> APIError? {
        do {
            _ = try await body()
            return nil
        } catch {
            return error
        }
    }
}
