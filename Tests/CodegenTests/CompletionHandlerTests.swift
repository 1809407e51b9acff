import EndpointRuntime
import Foundation
@testable import GoldenCallbacks
import XCTest

/// The completion-handler variants (`--completion-handlers`, with `--access-level internal`):
/// the callback gets the same value or typed error as the async method, and cancelling the
/// returned task cancels the request.
final class CompletionHandlerTests: XCTestCase {
    func testCompletionReceivesTheDecodedValue() async {
        let service = AuthService(client: APIClient(transport: StubTransport.immediate))
        let done = expectation(description: "completion")
        service.login(body: LoginRequest(username: "kim", password: "pw")) { result in
            XCTAssertEqual(try? result.get(), LoginResponse(accessToken: "abc", expiresIn: 3600))
            done.fulfill()
        }
        await fulfillment(of: [done], timeout: 5)
    }

    func testCompletionReceivesTheTypedError() async {
        let transport = StubTransport { _ in .json(status: 401, #"{"message":"Wrong password"}"#) }
        let service = AuthService(client: APIClient(transport: transport))
        let done = expectation(description: "completion")
        service.login(body: LoginRequest(username: "kim", password: "bad")) { result in
            guard case .failure(.server(let failure)) = result else { return XCTFail("\(result)") }
            XCTAssertEqual(failure.status, 401)
            XCTAssertEqual(failure.message, "Wrong password")
            done.fulfill()
        }
        await fulfillment(of: [done], timeout: 5)
    }

    func testAFakeOfTheProtocolHasTheCallbackVariantsToo() async {
        // The variants are in the protocol's extension: UIKit code holding `any AuthServiceProtocol`
        // calls them on a fake of the test as on the service.
        struct FakeAuth: AuthServiceProtocol {
            func login(body: LoginRequest) async throws(APIError) -> LoginResponse {
                LoginResponse(accessToken: "fake-" + body.username, expiresIn: 1)
            }
            func logout() async throws(APIError) {}
            func getQuestion(index: Int, lang: String?, tags: [String], pageSize: Int) async throws(APIError) -> Question {
                Question(index: pageSize, title: lang ?? "none", createdAt: Date(timeIntervalSince1970: 0), state: .answered)
            }
            func refreshQuestion(index: Int, ifNoneMatch: String?) async throws(APIError) -> APIResponse<RefreshQuestionResponse> {
                APIResponse(value: .notModified, status: 304)
            }
            func submitAnswer(body: SubmitAnswerRequest) async throws(APIError) -> APIResponse<SubmitAnswerResponse> {
                APIResponse(value: .noContent, status: 204)
            }
            func uploadAvatar(memberId: String, body: UploadAvatarRequest) async throws(APIError) {
                throw .transport(.notConnected)
            }
        }
        let service: any AuthServiceProtocol = FakeAuth()
        let login = expectation(description: "login")
        service.login(body: LoginRequest(username: "kim", password: "pw")) { result in
            XCTAssertEqual(try? result.get(), LoginResponse(accessToken: "fake-kim", expiresIn: 1))
            login.fulfill()
        }
        // The callback variant keeps the defaults (`pageSize: 20`, `lang: nil`).
        let question = expectation(description: "question")
        service.getQuestion(index: 1, tags: []) { result in
            XCTAssertEqual(try? result.get().index, 20)
            XCTAssertEqual(try? result.get().title, "none")
            question.fulfill()
        }
        await fulfillment(of: [login, question], timeout: 5)
    }

    func testCompletionReceivesTheCaseOfTheStatus() async {
        let tokens = Authentication(tokenProvider: ClosureTokenProvider(token: { "t" }, refresh: {}))
        let transport = StubTransport { request in
            request.value(forHTTPHeaderField: "If-None-Match") == "\"q1\""
                ? .response(status: 304, headers: ["ETag": "\"q1\""])
                : .sample()
        }
        let service = AuthService(client: APIClient(transport: transport, authentication: tokens))
        let fresh = expectation(description: "200")
        service.refreshQuestion(index: 1) { result in
            guard case .success(let response) = result, case .ok(let question) = response.value else { return XCTFail("\(result)") }
            XCTAssertEqual(question.title, "First", "the envelope's payload of the sample")
            fresh.fulfill()
        }
        let unchanged = expectation(description: "304")
        service.refreshQuestion(index: 1, ifNoneMatch: "\"q1\"") { result in
            XCTAssertEqual(try? result.get().value, .notModified)
            XCTAssertEqual(try? result.get().header("etag"), "\"q1\"")
            unchanged.fulfill()
        }
        await fulfillment(of: [fresh, unchanged], timeout: 5)
    }

    func testCancellingTheReturnedTaskCancelsTheRequest() async {
        let service = AuthService(client: APIClient(transport: StubTransport.delayed(10), authentication: Authentication(cookies: .header { _ in "s=1" })))
        let done = expectation(description: "completion")
        let task = service.logout { result in
            guard case .failure(.cancelled) = result else { return XCTFail("\(result)") }
            done.fulfill()
        }
        task.cancel()
        await fulfillment(of: [done], timeout: 2)
    }
}
