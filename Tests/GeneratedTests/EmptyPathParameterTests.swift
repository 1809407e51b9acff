import EndpointRuntime
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Generated
import XCTest

/// An empty path parameter fails the call before anything is sent: `DELETE /favorite/{id}` with
/// `id: ""` would otherwise be `DELETE /favorite/`, next to the deprecated `DELETE /favorite`.
final class EmptyPathParameterTests: XCTestCase {
    func testRemoveFavoriteWithAnEmptyIdSendsNothing() async throws {
        let sent = SentURLs()
        let client = APIClient(transport: StubTransport { request in
            sent.append(request.url)
            return .response(status: 204)
        }, authentication: Authentication(tokenProvider: ClosureTokenProvider(token: { "t" }, refresh: {})))
        let movies = MovieService(client: client)
        do {
            try await movies.removeFavorite(id: "")
            XCTFail("expected .invalidRequest")
        } catch {
            guard case .invalidRequest(let reason) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains(#""/favorite/""#), reason)
        }
        XCTAssertEqual(sent.count, 0)

        try await movies.removeFavorite(id: "603")
        XCTAssertEqual(sent.count, 1)
    }
}

private final class SentURLs: @unchecked Sendable {
    private let lock = NSLock()
    private var urls: [URL?] = []

    func append(_ url: URL?) { lock.withLock { urls.append(url) } }
    var count: Int { lock.withLock { urls.count } }
}
