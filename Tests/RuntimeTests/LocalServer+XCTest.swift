import RawHTTPServer
import XCTest

extension XCTestCase {
    /// A `LocalServer` on loopback that answers with `handler`, stopped when the test ends.
    func localServer(_ handler: @escaping LocalServer.Handler) throws -> LocalServer {
        let server = try LocalServer(handler: handler)
        addTeardownBlock { server.stop() }
        return server
    }
}
