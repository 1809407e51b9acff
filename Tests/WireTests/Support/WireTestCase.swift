import APITestSupport
import EndpointRuntime
import FlyingFox
import Foundation
import RawHTTPServer
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Base of the wire tests: servers started by a test are stopped after it, clients go through
/// `transportUnderTest()` (never a stub), and errors are caught as the typed `APIError`.
class WireTestCase: XCTestCase {
    private var wireServers: [WireServer] = []
    private var rawServers: [LocalServer] = []

    override func tearDown() async throws {
        for server in wireServers { await server.stop() }
        for server in rawServers { server.stop() }
        wireServers = []
        rawServers = []
        try await super.tearDown()
    }

    /// A FlyingFox server answering every request with `handler`.
    func serve(basePath: String = "", _ handler: @escaping WireServer.Handler) async throws -> WireServer {
        let server = try await WireServer.start(basePath: basePath, handler: handler)
        wireServers.append(server)
        return server
    }

    /// A raw-socket server, for byte-level faults (resets, short and trickling bodies).
    func serveRaw(_ handler: @escaping LocalServer.Handler) throws -> LocalServer {
        let server = try LocalServer(handler: handler)
        rawServers.append(server)
        return server
    }

    /// A client over the transport under test. The multipart boundary is fixed so that bodies can be compared.
    func client(tokens: TestTokens? = nil, cookies: HTTPCookieStorage? = nil, apiKey: String? = nil,
                basic: BasicCredentials? = nil, timeout: TimeInterval = 5, maxResponseSize: Int = 1024 * 1024) -> APIClient {
        let cookieSource: CookieSource? = cookies.map { .storage($0) }
        var basicCredentials: (@Sendable () async throws -> BasicCredentials?)?
        if let basic { basicCredentials = { @Sendable in basic } }
        return APIClient(transport: transportUnderTest(),
                         authentication: Authentication(tokenProvider: tokens, cookies: cookieSource, apiKey: apiKey,
                                                        basicCredentials: basicCredentials),
                         configuration: .init(timeout: timeout, maxResponseSize: maxResponseSize,
                                              multipartBoundary: { "WireBoundary" }))
    }

    /// A cookie storage of its own, so tests do not share cookies.
    func freshCookieStorage() -> HTTPCookieStorage {
        HTTPCookieStorage.sharedCookieStorage(forGroupContainerIdentifier: "WireTests-\(UUID().uuidString)")
    }

    /// Runs `body`, which must fail within `deadline` seconds plus one; returns the error and the time taken.
    func expectFailure<T>(within deadline: TimeInterval, file: StaticString = #filePath, line: UInt = #line,
                          _ body: () async throws(APIError) -> T) async -> APIError? {
        let start = ContinuousClock.now
        let error = await expectError(body, file: file, line: line)
        let elapsed = ContinuousClock.now - start
        XCTAssertLessThan(elapsed, .seconds(deadline + 1), "took \(elapsed), deadline \(deadline) s", file: file, line: line)
        return error
    }
}

/// A token provider that counts refreshes; `refresh()` first runs `beforeRefresh`, so that a
/// test can hold the refresh while concurrent 401s pile up behind it.
final class TestTokens: TokenProvider, @unchecked Sendable {
    private let lock = NSLock()
    private var current: String
    private var refreshes = 0
    private let next: @Sendable (Int) -> String
    private let beforeRefresh: @Sendable () async -> Void

    init(_ token: String, beforeRefresh: @escaping @Sendable () async -> Void = {},
         next: @escaping @Sendable (Int) -> String = { "token-\($0)" }) {
        current = token
        self.beforeRefresh = beforeRefresh
        self.next = next
    }

    var refreshCount: Int {
        lock.withLock { refreshes }
    }

    func token() async throws -> String? {
        lock.withLock { current }
    }

    func refresh() async throws {
        await beforeRefresh()
        lock.withLock {
            refreshes += 1
            current = next(refreshes)
        }
    }
}

/// Decodes an ISO 8601 date written in a test.
func date(_ text: String) -> Date {
    ISO8601DateFormatter().date(from: text)!
}
