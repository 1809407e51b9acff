import APITestSupport
import EndpointRuntime
import Foundation
import RawHTTPServer
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// httpbin, served by gunicorn on 127.0.0.1, as a referee nobody here wrote: redirects (relative,
/// absolute, to a second listener on another port that records what it receives), cookies on
/// redirects, 307/308 bodies, Basic and bearer challenges, deadlines, trickling and compressed
/// bodies. Started by the tests (`pip install httpbin gunicorn`); without them the tests skip,
/// unless `ENDPOINTGEN_REQUIRE_HTTPBIN=1` (as `make test` and CI set) makes that a failure.
final class HTTPBinTests: XCTestCase {
    private static let httpbin = RefereeServer(
        name: "httpbin", install: "pip install httpbin gunicorn",
        arguments: ["python3", "-m", "gunicorn", "--bind", "127.0.0.1:0", "--threads", "16", "--graceful-timeout", "1",
                    "--control-socket", NSTemporaryDirectory() + "endpointgen-gunicorn-\(UUID().uuidString).ctl", "httpbin:app"])

    private var base: URL!

    override func setUpWithError() throws {
        base = try Self.httpbin.url()
    }

    private func recorder() throws -> LocalServer {
        try localServer { _, connection in
            connection.respond(status: 200, headers: ["Content-Type": "application/json"], body: Data("{}".utf8))
        }
    }

    private func client(timeout: TimeInterval = 10, maxResponseSize: Int = 1 << 20, tokens: (any TokenProvider)? = nil,
                        storage: HTTPCookieStorage? = nil, basic: BasicCredentials? = nil) -> APIClient {
        let source: CookieSource? = storage.map { .storage($0) }
        var credentials: (@Sendable () async throws -> BasicCredentials?)?
        if let basic { credentials = { basic } }
        return APIClient(transport: transportUnderTest(),
                         authentication: Authentication(tokenProvider: tokens, cookies: source, apiKey: "secret-key",
                                                        basicCredentials: credentials),
                         configuration: .init(timeout: timeout, maxResponseSize: maxResponseSize))
    }

    private func json(_ data: Data) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    private let tokens = ClosureTokenProvider(token: { "secret-token" }, refresh: {})

    func testRelativeAndAbsoluteRedirectsKeepCredentialsOnTheSameOrigin() async throws {
        for path in ["/redirect/3", "/relative-redirect/3", "/absolute-redirect/3"] {
            let data = try await client(tokens: tokens).sendData(ProbeEndpoint(path: path, auth: .bearer), baseURL: base)
            let echoed = try json(data)
            XCTAssertEqual((echoed["headers"] as? [String: String])?["Authorization"], "Bearer secret-token", path)
            XCTAssertEqual(echoed["url"] as? String, base.absoluteString + "/get", path)
        }
    }

    func testRedirectToAnotherPortCarriesNoCredential() async throws {
        let other = try recorder()
        let storage = HTTPCookieStorage.sharedCookieStorage(forGroupContainerIdentifier: "HTTPBinTests-\(UUID().uuidString)")
        // A session cookie of httpbin's host, set by httpbin itself.
        _ = try await client(storage: storage).sendData(ProbeEndpoint(path: "/cookies/set", queryItems: [QueryItem(name: "session", value: "first")],
                                                                     auth: .cookie), baseURL: base)
        XCTAssertEqual(storage.cookies?.map(\.name), ["session"])
        let auths: [AuthRequirement] = [.bearer, .basic, .cookie, .apiKey(header: "X-Api-Key"), .apiKeyInQuery(name: "api_key")]
        for status in [301, 302, 303, 307, 308] {
            for auth in auths {
                let target = "http://127.0.0.1:\(other.port)/landing"
                let endpoint = ProbeEndpoint(method: .post, path: "/redirect-to",
                                             queryItems: [QueryItem(name: "url", value: target), QueryItem(name: "status_code", value: String(status))],
                                             body: .raw(Data("payload".utf8), contentType: "text/plain"), auth: auth)
                let client = client(tokens: tokens, storage: storage, basic: BasicCredentials(user: "u", password: "secret-password"))
                _ = try await client.sendData(endpoint, baseURL: base)
                let landed = try XCTUnwrap(other.requests.last, "\(status) \(auth)")
                let wire = "\(landed.method) \(landed.target)\n" + landed.headers.map { "\($0): \($1)" }.joined(separator: "\n")
                for secret in ["secret-token", "secret-key", "session=first", "Authorization", "X-Api-Key"] {
                    XCTAssertFalse(wire.lowercased().contains(secret.lowercased()), "\(status) \(auth): \(secret) in\n\(wire)")
                }
                XCTAssertEqual(landed.method, status >= 307 ? "POST" : "GET", "\(status)")
                XCTAssertEqual(landed.body, status >= 307 ? Data("payload".utf8) : Data(), "\(status)")
            }
        }
    }

    func testSameOrigin307And308KeepMethodBodyAndAuth() async throws {
        for status in [307, 308] {
            let endpoint = ProbeEndpoint(method: .post, path: "/redirect-to",
                                         queryItems: [QueryItem(name: "url", value: "/post"), QueryItem(name: "status_code", value: String(status))],
                                         body: .raw(Data("payload".utf8), contentType: "text/plain"), auth: .bearer)
            let echoed = try json(try await client(tokens: tokens).sendData(endpoint, baseURL: base))
            XCTAssertEqual(echoed["data"] as? String, "payload", "\(status)")
            XCTAssertEqual((echoed["headers"] as? [String: String])?["Authorization"], "Bearer secret-token", "\(status)")
        }
        // 303 turns it into a GET without a body.
        let see = ProbeEndpoint(method: .post, path: "/redirect-to",
                                queryItems: [QueryItem(name: "url", value: "/get"), QueryItem(name: "status_code", value: "303")],
                                body: .raw(Data("payload".utf8), contentType: "text/plain"))
        let echoed = try json(try await client().sendData(see, baseURL: base))
        XCTAssertNil((echoed["headers"] as? [String: String])?["Content-Type"])
    }

    func testCookiesSetByARedirectAreKept() async throws {
        let storage = HTTPCookieStorage.sharedCookieStorage(forGroupContainerIdentifier: "HTTPBinTests-\(UUID().uuidString)")
        let endpoint = ProbeEndpoint(path: "/cookies/set", queryItems: [QueryItem(name: "flavour", value: "oat")], auth: .cookie)
        let echoed = try json(try await client(storage: storage).sendData(endpoint, baseURL: base))
        XCTAssertEqual(echoed["cookies"] as? [String: String], ["flavour": "oat"], "sent on the hop after the 302 that set it")
    }

    func testCookiesDeletedByTheServerAreNotSentAgain() async throws {
        // httpbin's /cookies/delete answers `Set-Cookie: plain=; Expires=Thu, 01 Jan 1970 …; Max-Age=0`
        // and redirects to /cookies, which echoes what was sent.
        let storage = HTTPCookieStorage.sharedCookieStorage(forGroupContainerIdentifier: "HTTPBinTests-\(UUID().uuidString)")
        let client = client(storage: storage)
        let set = ProbeEndpoint(path: "/cookies/set", queryItems: [QueryItem(name: "plain", value: "1"), QueryItem(name: "kept", value: "2")],
                                auth: .cookie)
        let afterSet = try json(try await client.sendData(set, baseURL: base))
        XCTAssertEqual(afterSet["cookies"] as? [String: String], ["plain": "1", "kept": "2"])
        let delete = ProbeEndpoint(path: "/cookies/delete", queryItems: [QueryItem(name: "plain", value: "")], auth: .cookie)
        let afterDelete = try json(try await client.sendData(delete, baseURL: base))
        XCTAssertEqual(afterDelete["cookies"] as? [String: String], ["kept": "2"], "the hop after the deleting 302 sends no `plain=`")
        let echoed = try json(try await client.sendData(ProbeEndpoint(path: "/cookies", auth: .cookie), baseURL: base))
        XCTAssertEqual(echoed["cookies"] as? [String: String], ["kept": "2"])
        XCTAssertEqual(storage.cookies?.map(\.name), ["kept"])
    }

    func testADefaultUserAgentNamesTheAppAndTheRuntime() async throws {
        let echoed = try json(try await client().sendData(ProbeEndpoint(path: "/user-agent"), baseURL: base))
        let agent = try XCTUnwrap(echoed["user-agent"] as? String, "httpbin saw no User-Agent")
        XCTAssertTrue(agent.hasSuffix(" EndpointRuntime/\(APIClient.runtimeVersion)"), agent)
        XCTAssertEqual(agent, APIClient.Configuration.defaultUserAgent)
        // The client's own replaces it, and so does an endpoint's header.
        let own = APIClient(transport: transportUnderTest(), authentication: Authentication(cookies: nil),
                            configuration: .init(userAgent: "Shop/2.1 (iOS)"))
        let owns = try json(try await own.sendData(ProbeEndpoint(path: "/user-agent"), baseURL: base))
        XCTAssertEqual(owns["user-agent"] as? String, "Shop/2.1 (iOS)")
        let endpoint = ProbeEndpoint(path: "/user-agent", headers: [HTTPHeader(name: "user-agent", value: "Probe/1")])
        let endpoints = try json(try await own.sendData(endpoint, baseURL: base))
        XCTAssertEqual(endpoints["user-agent"] as? String, "Probe/1")
    }

    func testBasicAndBearerChallengesAnswerPromptly() async throws {
        let basic = ProbeEndpoint(path: "/basic-auth/u/pw", auth: .basic)
        let ok = try json(try await client(basic: BasicCredentials(user: "u", password: "pw")).sendData(basic, baseURL: base))
        XCTAssertEqual(ok["authenticated"] as? Bool, true)
        for (client, endpoint) in [(client(timeout: 20, basic: BasicCredentials(user: "u", password: "wrong")), basic),
                                   (client(timeout: 20), ProbeEndpoint(path: "/bearer")),
                                   (client(timeout: 20), ProbeEndpoint(path: "/status/401"))] {
            let start = Date()
            let error = await expectError { () async throws(APIError) in try await client.sendData(endpoint, baseURL: base) }
            XCTAssertEqual(error?.status, 401, endpoint.path)
            XCTAssertLessThan(Date().timeIntervalSince(start), 5, "\(endpoint.path): not at the timeout")
        }
        // A bearer endpoint refreshes once after httpbin's 401 and retries.
        let refreshed = Recorder<Int>()
        let provider = ClosureTokenProvider(token: { refreshed.count > 0 ? "fresh" : nil }, refresh: { refreshed.append(1) })
        let echoed = try json(try await client(timeout: 20, tokens: provider).sendData(ProbeEndpoint(path: "/bearer", auth: .bearer), baseURL: base))
        XCTAssertEqual(echoed["token"] as? String, "fresh")
        XCTAssertEqual(refreshed.count, 1)
    }

    func testDeadlinesHoldAgainstSlowAndTricklingBodies() async throws {
        for path in ["/delay/5", "/drip"] {
            let endpoint = ProbeEndpoint(path: path, queryItems: path == "/drip" ? [QueryItem(name: "duration", value: "5"),
                                                                                QueryItem(name: "numbytes", value: "5")] : [], timeout: 1)
            let start = Date()
            let error = await expectError { () async throws(APIError) in try await self.client().sendData(endpoint, baseURL: self.base) }
            guard case .transport(.timedOut)? = error else { XCTFail("\(path): \(String(describing: error))"); continue }
            XCTAssertLessThan(Date().timeIntervalSince(start), 3, path)
        }
        let drip = ProbeEndpoint(path: "/drip", queryItems: [QueryItem(name: "duration", value: "0.5"), QueryItem(name: "numbytes", value: "10"),
                                                             QueryItem(name: "delay", value: "0")])
        let data = try await client().sendData(drip, baseURL: base)
        XCTAssertEqual(data, Data(repeating: 0x2A, count: 10))
    }

    func testCompressedBodiesAndLimits() async throws {
        for (path, key) in [("/gzip", "gzipped"), ("/deflate", "deflated"), ("/brotli", "brotli")] {
            if path == "/brotli", asyncHTTPClientIsUnderTest {
                // AsyncHTTPClientTransport offers only gzip and deflate, which it inflates itself
                // under the size limit; httpbin sends br unasked, and such a body cannot be read.
                let error = await expectError { () async throws(APIError) in try await self.client().sendData(ProbeEndpoint(path: path), baseURL: self.base) }
                guard case .transport(.badResponse)? = error else { XCTFail("\(path): \(String(describing: error))"); continue }
                continue
            }
            let echoed = try json(try await client().sendData(ProbeEndpoint(path: path), baseURL: base))
            XCTAssertEqual(echoed[key] as? Bool, true, path)
        }
        // httpbin caps these at 100 KB: Content-Length, then chunked.
        for path in ["/bytes/100000", "/stream-bytes/100000"] {
            let error = await expectError { () async throws(APIError) in
                try await self.client(maxResponseSize: 50_000).sendData(ProbeEndpoint(path: path), baseURL: self.base)
            }
            guard case .responseTooLarge? = error else { XCTFail("\(path): \(String(describing: error))"); continue }
        }
    }
}
