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
