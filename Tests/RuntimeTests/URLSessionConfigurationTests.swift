import APITestSupport
import Foundation
import RawHTTPServer
import XCTest
@testable import EndpointRuntime
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What `URLSessionTransport` makes of an app's `URLSessionConfiguration`: session headers go
/// only where credentials may go, background sessions are refused. Always URLSessionTransport,
/// whatever transport the run tests (ENDPOINTGEN_TEST_TRANSPORT).
final class URLSessionConfigurationTests: XCTestCase {
    /// The headers an app of the Moya era sets on its session (docs/migrating-from-moya.md).
    private static let sessionHeaders = ["Authorization": "Bearer session-secret", "X-API-Key": "session-key", "X-App-Version": "7.1"]

    private func transport() -> URLSessionTransport {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpAdditionalHeaders = Self.sessionHeaders
        return URLSessionTransport(configuration: configuration)
    }

    private func recorder() throws -> LocalServer {
        try localServer { _, connection in
            connection.respond(status: 200, headers: ["Content-Type": "text/plain"], body: Data("landed".utf8))
        }
    }

    /// Tried before the change: a 302 and a 307 to another origin delivered the session's
    /// `Authorization` and `X-API-Key` there, since URLSession adds them to every request that
    /// lacks them, after the client had taken its credentials off the hop.
    func testSessionHeadersReachTheFirstOriginAndNeverAnother() async throws {
        let other = try recorder()
        for status in [302, 307] {
            for auth in [AuthRequirement.none, .apiKey(header: "X-API-Key")] {
                let first = try localServer { request, connection in
                    if request.target.hasPrefix("/v1/start") {
                        connection.respond(status: status, headers: ["Location": "http://localhost:\(other.port)/landing"], body: Data())
                    } else {
                        connection.respond(status: 200, body: Data("same origin".utf8))
                    }
                }
                let client = APIClient(transport: transport(), authentication: Authentication(apiKey: "client-key"),
                                       configuration: .init(timeout: 5))
                let endpoint = ProbeEndpoint(method: .post, body: .raw(Data("payload".utf8), contentType: "text/plain"), auth: auth)
                let data = try await client.sendData(endpoint, baseURL: first.baseURL)
                XCTAssertEqual(data, Data("landed".utf8))
                let sent = try XCTUnwrap(first.requests.last)
                XCTAssertEqual(sent.header("Authorization"), "Bearer session-secret", "\(status) \(auth)")
                XCTAssertEqual(sent.header("X-API-Key"), auth == .none ? "session-key" : "client-key",
                               "the client's own credential wins over the session's")
                XCTAssertEqual(sent.header("X-App-Version"), "7.1")
                let landed = try XCTUnwrap(other.requests.last)
                for name in ["Authorization", "X-API-Key", "X-App-Version"] {
                    XCTAssertNil(landed.header(name), "\(status) \(auth): the session's \(name) reached the other origin")
                }
            }
        }
    }

    /// Streams and downloads go through `stream`, which adds the session headers by the same rule.
    func testADownloadRedirectedToAnotherOriginCarriesNoSessionHeader() async throws {
        let other = try recorder()
        let first = try localServer { _, connection in
            connection.respond(status: 302, headers: ["Location": "http://localhost:\(other.port)/file"], body: Data())
        }
        let client = APIClient(transport: transport(), configuration: .init(timeout: 5))
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("session-headers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: destination) }
        _ = try await client.download(ProbeEndpoint(), baseURL: first.baseURL, to: destination)
        XCTAssertEqual(try Data(contentsOf: destination), Data("landed".utf8))
        XCTAssertEqual(first.requests.last?.header("Authorization"), "Bearer session-secret")
        let landed = try XCTUnwrap(other.requests.last)
        XCTAssertNil(landed.header("Authorization"))
        XCTAssertNil(landed.header("X-API-Key"))
    }

    /// A hop on the first origin is the same call on the same server: the session headers stay.
    func testASameOriginRedirectKeepsTheSessionHeaders() async throws {
        let server = try localServer { request, connection in
            if request.target.hasPrefix("/v1/start") {
                connection.respond(status: 302, headers: ["Location": "/v1/next"], body: Data())
            } else {
                connection.respond(status: 200, body: Data("next".utf8))
            }
        }
        let client = APIClient(transport: transport(), configuration: .init(timeout: 5))
        let data = try await client.sendData(ProbeEndpoint(), baseURL: server.baseURL)
        XCTAssertEqual(data, Data("next".utf8))
        let hops = server.requests
        XCTAssertEqual(hops.map(\.target), ["/v1/start", "/v1/next"])
        XCTAssertEqual(hops.map { $0.header("X-API-Key") }, ["session-key", "session-key"])
    }

    /// The app's configuration object is left as it was; the transport's session has no headers.
    func testTheCallersConfigurationIsUnchangedAndTheSessionHoldsNoHeaders() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpAdditionalHeaders = Self.sessionHeaders
        let transport = URLSessionTransport(configuration: configuration)
        XCTAssertEqual(configuration.httpAdditionalHeaders?.count, 3)
        XCTAssertEqual(transport.sessionHeaders.map(\.name), ["Authorization", "X-API-Key", "X-App-Version"])
        let request = transport.addingSessionHeaders(to: URLRequest(url: URL(string: "http://127.0.0.1/")!),
                                                     context: TransportContext(endpoint: ProbeEndpoint(), timeout: 1, maxResponseSize: 1))
        XCTAssertEqual(request.value(forHTTPHeaderField: "X-App-Version"), "7.1")
    }

    /// A background configuration is refused with what to do instead: there URLSession follows
    /// redirects itself (Apple: `willPerformHTTPRedirection` is called only for default and
    /// ephemeral sessions), past the runtime's rules. Only background configurations have an
    /// identifier.
    func testABackgroundConfigurationIsRefusedWithWhatToDo() throws {
        XCTAssertNil(URLSessionTransport.refusal(ofSessionIdentifier: nil))
        XCTAssertNil(URLSessionConfiguration.default.identifier)
        XCTAssertNil(URLSessionConfiguration.ephemeral.identifier)
        let refusal = try XCTUnwrap(URLSessionTransport.refusal(ofSessionIdentifier: "com.example.sync"))
        XCTAssertTrue(refusal.contains("does not run on a background session ('com.example.sync')"), refusal)
        XCTAssertTrue(refusal.contains("Use a default or ephemeral configuration"), refusal)
    }

    /// The Mac check (docs/apple-platforms.md): the init stops the app with that message (a
    /// programmer's error, as Apple's completion-handler calls on a background session are),
    /// seen from a child process.
    func testTheInitStopsOnABackgroundConfiguration() throws {
        #if canImport(Darwin)
        let process = Process()
        process.executableURL = MemoryTests.probe
        process.arguments = ["http://127.0.0.1:9/", "1024", "1", "urlsession-background"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal, text)
        XCTAssertTrue(text.contains("does not run on a background session ('endpointgen-probe')"), text)
        #else
        throw XCTSkip("Apple platforms only: FoundationNetworking has no background configurations")
        #endif
    }
}
