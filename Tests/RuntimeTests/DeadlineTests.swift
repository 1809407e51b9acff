import APITestSupport
@testable import EndpointRuntime
import Foundation
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// App code that never returns (nor honours cancellation): waits forever.
private func hangForever() async {
    await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
}

/// The request's deadline bounds the whole attempt: token, credentials closures and refresh
/// included, even when app code never returns.
final class DeadlineTests: XCTestCase {
    private func elapsed<T>(_ body: () async -> T) async -> (T, TimeInterval) {
        let start = Date()
        let value = await body()
        return (value, Date().timeIntervalSince(start))
    }

    func testTokenProviderThatNeverReturnsTimesOut() async {
        let client = stubClient(authentication: Authentication(tokenProvider: ClosureTokenProvider(
            token: { await hangForever(); return "never" }, refresh: {})),
            configuration: .init(timeout: 0.3))
        let (error, seconds) = await elapsed {
            await expectError { () async throws(APIError) in try await client.sendData(TestRouter.profile, baseURL: testBaseURL) }
        }
        guard case .transport(.timedOut)? = error else { return XCTFail(String(describing: error)) }
        XCTAssertLessThan(seconds, 3)
    }

    func testCredentialClosuresThatNeverReturnTimeOut() async {
        let basic = stubClient(authentication: Authentication(basicCredentials: { await hangForever(); return nil }),
                               configuration: .init(timeout: 0.3))
        let cookies = stubClient(authentication: Authentication(cookies: .header({ _ in await hangForever(); return nil })),
                                 configuration: .init(timeout: 0.3))
        let (errors, seconds) = await elapsed { () -> [APIError?] in
            let first = await expectError { () async throws(APIError) in
                try await basic.sendData(BasicProbe(), baseURL: testBaseURL)
            }
            let second = await expectError { () async throws(APIError) in
                try await cookies.sendData(TestRouter.cookieProfile, baseURL: testBaseURL)
            }
            return [first, second]
        }
        for error in errors {
            guard case .transport(.timedOut)? = error else { return XCTFail(String(describing: error)) }
        }
        XCTAssertLessThan(seconds, 4)
    }

    func testRefreshThatNeverReturnsTimesOutAndDoesNotTrapLaterCallers() async throws {
        let refreshes = Recorder<Int>()
        let tokens = ClosureTokenProvider(token: { refreshes.count >= 2 ? "fresh" : "stale" }, refresh: {
            refreshes.append(1)
            if refreshes.count == 1 { await hangForever() }
        })
        let client = stubClient({ request in
            request.value(forHTTPHeaderField: "Authorization") == "Bearer fresh" ? .sample() : .json(status: 401, "{}")
        }, authentication: Authentication(tokenProvider: tokens), configuration: .init(timeout: 0.5))

        let (error, seconds) = await elapsed {
            await expectError { () async throws(APIError) in try await client.sendData(TestRouter.profile, baseURL: testBaseURL) }
        }
        guard case .transport(.timedOut)? = error else { return XCTFail(String(describing: error)) }
        XCTAssertLessThan(seconds, 3)
        // The stuck refresh was abandoned with its last waiter: the next 401 starts a new one.
        _ = try await client.sendData(TestRouter.profile, baseURL: testBaseURL)
        XCTAssertEqual(refreshes.count, 2)
    }

    func testCancelledWaiterAbandonsTheRefreshForTheNextCaller() async throws {
        let refreshes = Recorder<Int>()
        let tokens = ClosureTokenProvider(token: { refreshes.count >= 2 ? "fresh" : "stale" }, refresh: {
            refreshes.append(1)
            if refreshes.count == 1 { await hangForever() }
        })
        let client = stubClient({ request in
            request.value(forHTTPHeaderField: "Authorization") == "Bearer fresh" ? .sample() : .json(status: 401, "{}")
        }, authentication: Authentication(tokenProvider: tokens), configuration: .init(timeout: 30))
        let first = Task { () -> APIError? in
            await expectError { () async throws(APIError) in try await client.sendData(TestRouter.profile, baseURL: testBaseURL) }
        }
        while refreshes.count == 0 { try await Task.sleep(nanoseconds: 1_000_000) }
        first.cancel()
        let error = await first.value
        guard case .cancelled? = error else { return XCTFail(String(describing: error)) }
        let (result, seconds) = await elapsed { () -> Data? in
            try? await client.sendData(TestRouter.profile, baseURL: testBaseURL)
        }
        XCTAssertNotNil(result)
        XCTAssertLessThan(seconds, 3)
    }

    func testDeadlineRunReturnsTheResultAndDropsALateOne() async throws {
        let fast = try await Deadline(seconds: 5).run { 42 }
        XCTAssertEqual(fast, 42)
        do {
            _ = try await Deadline(seconds: 0.05).run { () async throws -> Int in await hangForever(); return 1 }
            XCTFail("expected a timeout")
        } catch let error as APIError {
            guard case .transport(.timedOut) = error else { return XCTFail("\(error)") }
        }
    }
}

private struct BasicProbe: Endpoint {
    var defaultBaseURL: URL? { nil }
    var method: HTTPMethod { .get }
    var pathComponents: [PathComponent] { [.literal("/basic")] }
    var queryItems: [QueryItem] { [] }
    var headers: [HTTPHeader] { [] }
    var body: RequestBody { .none }
    var auth: AuthRequirement { .basic }
    var timeout: TimeInterval? { nil }
    var envelope: EnvelopeFormat? { nil }
    var errorFormat: ErrorBodyFormat { ErrorBodyFormat() }
    var sampleData: Data { Data("{}".utf8) }
}
