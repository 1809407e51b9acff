import APITestSupport
@testable import EndpointRuntime
import Foundation
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The thread that calls `Deadline.run` and the one its operation runs on (nonisolated: both
/// on the cooperative pool, no hop between reading the first and calling `run`).
private func threadsOfRun() async throws -> (UInt, UInt) {
    let caller = currentThreadID()
    return (caller, try await Deadline(seconds: 5).run { currentThreadID() })
}

private func currentThreadID() -> UInt {
    #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
    #else
    UInt(pthread_self())
    #endif
}

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

    func testDeadlineRunWaitsForAnOperationThatSuspends() async throws {
        // The timer is started after the operation suspended; the operation's answer ends the wait.
        let late = try await Deadline(seconds: 5).run { () async throws -> Int in
            try await Task.sleep(nanoseconds: 20_000_000)
            return 7
        }
        XCTAssertEqual(late, 7)
        do {
            _ = try await Deadline(seconds: 5).run { () async throws -> Int in
                try await Task.sleep(nanoseconds: 20_000_000)
                throw APIError.authentication(description: "no token")
            }
            XCTFail("expected the operation's error")
        } catch let error as APIError {
            guard case .authentication = error else { return XCTFail("\(error)") }
        }
    }

    func testDeadlineRunStartsTheOperationOnTheCallersThread() async throws {
        // What keeps a call's token off other threads (2026-11-26: the two tasks and the timer
        // per call took a generated call from ~1.0x to 1.4x of hand-written code). Where
        // `Task.immediate` exists, an operation that answers without suspending runs before the
        // caller waits, on its thread: no task switch, no timer.
        #if compiler(>=6.2)
        guard #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) else {
            throw XCTSkip("Task.immediate needs the Swift 6.2 runtime")
        }
        for _ in 0..<20 {
            let (caller, operation) = try await threadsOfRun()
            XCTAssertEqual(caller, operation, "the operation ran on another thread")
        }
        #else
        throw XCTSkip("Task.immediate needs Swift 6.2")
        #endif
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
