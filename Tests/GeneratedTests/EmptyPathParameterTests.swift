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
        let sent = RequestRecorder()
        let client = recordingClient(sent) { _ in .response(status: 204) }
        let movies = MovieService(client: client)
        do {
            try await movies.removeFavorite(id: "")
            XCTFail("expected .invalidRequest")
        } catch {
            guard case .invalidRequest(let reason) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains(#""/favorite/""#), reason)
        }
        XCTAssertEqual(sent.urls, [])

        try await movies.removeFavorite(id: "603")
        XCTAssertEqual(sent.urls.map(\.path), ["/favorite/603"])
    }
}
