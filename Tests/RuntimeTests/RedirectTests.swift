import APITestSupport
import EndpointRuntime
import Foundation
import RawHTTPServer
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The runtime's redirect policy against real sockets: a first origin that redirects and a
/// second origin (another port, or another host name for the same address) that records what
/// arrives. No credential may reach the second one, whatever the status and auth scheme.
final class RedirectTests: XCTestCase {
    /// A server answering `/start` (and `/start?…`) with `status` to `location`, anything else 200 "ok".
    private func redirecting(_ status: Int, to location: @escaping @Sendable (LocalServer.Request) -> String,
                             setCookie: String? = nil) throws -> LocalServer {
        try localServer { request, connection in
            if request.target.hasPrefix("/v1/start") {
                var headers = ["Location": location(request)]
                if let setCookie { headers["Set-Cookie"] = setCookie }
                connection.respond(status: status, headers: headers, body: Data("moved".utf8))
            } else {
                connection.respond(status: 200, headers: ["Content-Type": "text/plain"], body: Data("ok".utf8))
            }
        }
    }

    private func recorder() throws -> LocalServer {
        try localServer { _, connection in
            connection.respond(status: 200, headers: ["Content-Type": "text/plain"], body: Data("landed".utf8))
        }
    }

    private func freshStorage() -> HTTPCookieStorage {
        HTTPCookieStorage.sharedCookieStorage(forGroupContainerIdentifier: "RedirectTests-\(UUID().uuidString)")
    }

    private func authentication(storage: HTTPCookieStorage) -> Authentication {
        Authentication(tokenProvider: ClosureTokenProvider(token: { "secret-token" }, refresh: {}),
                       cookies: .storage(storage), apiKey: "secret-key",
                       basicCredentials: { BasicCredentials(user: "user", password: "secret-password") })
    }

    private func client(storage: HTTPCookieStorage, redirects: RedirectPolicy = .default,
                        defaultHeaders: [HTTPHeader] = [], credentialHeaders: [String] = []) -> APIClient {
        APIClient(transport: transportUnderTest(), authentication: authentication(storage: storage),
                  configuration: .init(timeout: 5, defaultHeaders: defaultHeaders, redirects: redirects,
                                       credentialHeaders: credentialHeaders))
    }

    /// Every secret a request could carry, as it would appear on the wire.
    private static let secrets = ["secret-token", "secret-key", "secret-password", "c2VjcmV0",
                                  Data("user:secret-password".utf8).base64EncodedString(), "session=first", "X-Client-Secret", "X-Signature"]

    func testNoCredentialReachesAnotherOrigin() async throws {
        let storage = freshStorage()
        for cookie in HTTPCookie.cookies(withResponseHeaderFields: ["Set-Cookie": "session=first; Path=/"],
                                         for: URL(string: "http://127.0.0.1/")!) {
            storage.setCookie(cookie)
        }
        let auths: [AuthRequirement] = [.bearer, .basic, .cookie, .apiKey(header: "X-Api-Key"), .apiKeyInQuery(name: "api_key"), .none]
        let other = try recorder()
        // `localhost` is the same address but another origin than 127.0.0.1; another port is another origin too.
        let targets = ["http://127.0.0.1:\(other.port)/landing", "http://localhost:\(other.port)/landing"]
        for status in [301, 302, 303, 307, 308] {
            for target in targets {
                // The server echoes the API key query item into the Location, as a careless one would.
                let first = try redirecting(status, to: { request in
                    target + (request.target.contains("api_key=") ? "?api_key=secret-key" : "")
                })
                for auth in auths {
                    let endpoint = ProbeEndpoint(method: .post, headers: [HTTPHeader(name: "X-Signature", value: "secret-token")],
                                         body: .raw(Data("payload".utf8), contentType: "text/plain"), auth: auth,
                                         credentialHeaders: ["X-Signature"])
                    let client = client(storage: storage,
                                        defaultHeaders: [HTTPHeader(name: "Proxy-Authorization", value: "Basic c2VjcmV0"),
                                                         HTTPHeader(name: "X-Client-Secret", value: "secret-key")],
                                        credentialHeaders: ["x-client-secret"])
                    let data = try await client.sendData(endpoint, baseURL: first.baseURL)
                    XCTAssertEqual(data, Data("landed".utf8), "\(status) \(auth) \(target)")
                    let landed = try XCTUnwrap(other.requests.last)
                    let wire = "\(landed.method) \(landed.target)\n" + landed.headers.map { "\($0): \($1)" }.joined(separator: "\n")
                        + "\n" + String(decoding: landed.body, as: UTF8.self)
                    for secret in Self.secrets {
                        XCTAssertFalse(wire.lowercased().contains(secret.lowercased()),
                                       "\(status) \(auth) \(target): \(secret) reached the other origin:\n\(wire)")
                    }
                    // The first origin did get the credential.
                    let sent = try XCTUnwrap(first.requests.last)
                    switch auth {
                    case .bearer: XCTAssertEqual(sent.header("Authorization"), "Bearer secret-token")
                    case .apiKey: XCTAssertEqual(sent.header("X-Api-Key"), "secret-key")
                    case .apiKeyInQuery: XCTAssertTrue(sent.target.contains("api_key=secret-key"))
                    case .cookie: XCTAssertEqual(sent.header("Cookie"), "session=first")
                    default: break
                    }
                    // 307/308 keep the method and body; the others turn the POST into a body-less GET.
                    if status == 307 || status == 308 {
                        XCTAssertEqual(landed.method, "POST", "\(status)")
                        XCTAssertEqual(landed.body, Data("payload".utf8), "\(status)")
                        XCTAssertEqual(landed.header("Content-Type"), "text/plain")
                    } else {
                        XCTAssertEqual(landed.method, "GET", "\(status)")
                        XCTAssertEqual(landed.body, Data(), "\(status)")
                        XCTAssertNil(landed.header("Content-Type"), "\(status)")
                    }
                }
            }
        }
    }

    /// A chain API → another origin → API: once a hop has left the first origin, no later hop of
    /// the attempt carries credentials, even back on the first origin (the Fetch standard's rule),
    /// or the other site could choose a path of the API for an authenticated request, with a 307
    /// an authenticated POST with the original body (a confused deputy).
    func testAChainThatLeftTheOriginGetsNoCredentialsBackOnTheFirstOne() async throws {
        struct Signing: APIPlugin {
            func prepare(_ request: URLRequest, endpoint: any Endpoint) async throws(APIError) -> URLRequest {
                var request = request
                request.setValue("plugin-secret", forHTTPHeaderField: "X-Signature")
                return request
            }
        }
        let storage = freshStorage()
        for cookie in HTTPCookie.cookies(withResponseHeaderFields: ["Set-Cookie": "session=first; Path=/"],
                                         for: URL(string: "http://127.0.0.1/")!) {
            storage.setCookie(cookie)
        }
        for status in [302, 307] {
            let apiPort = Recorder<UInt16>()
            // Another host name and another port: the other site, redirecting back to a path of the API it chose.
            let other = try localServer { _, connection in
                connection.respond(status: status, headers: ["Location": "http://127.0.0.1:\(apiPort.values[0])/v1/landing"])
            }
            let api = try redirecting(status, to: { _ in "http://localhost:\(other.port)/bounce" })
            apiPort.append(api.port)
            let auths: [AuthRequirement] = [.bearer, .basic, .cookie, .apiKey(header: "X-Api-Key"), .apiKeyInQuery(name: "api_key")]
            for auth in auths {
                let endpoint = ProbeEndpoint(method: .post, body: .raw(Data("payload".utf8), contentType: "text/plain"),
                                             auth: auth, credentialHeaders: ["X-Signature"])
                let client = APIClient(transport: transportUnderTest(), authentication: authentication(storage: storage),
                                       plugins: [Signing()], configuration: .init(timeout: 5))
                let data = try await client.sendData(endpoint, baseURL: api.baseURL)
                XCTAssertEqual(data, Data("ok".utf8), "\(status) \(auth)")
                let started = try XCTUnwrap(api.requests.dropLast().last)
                XCTAssertTrue(started.target.hasPrefix("/v1/start"), started.target)
                XCTAssertEqual(started.header("X-Signature"), "plugin-secret", "the first hop is credentialed")
                let landed = try XCTUnwrap(api.requests.last)
                XCTAssertEqual(landed.target, "/v1/landing", "\(status) \(auth)")
                let wire = "\(landed.method) \(landed.target)\n" + landed.headers.map { "\($0): \($1)" }.joined(separator: "\n")
                for secret in Self.secrets + ["plugin-secret", "Authorization", "Cookie"] {
                    XCTAssertFalse(wire.lowercased().contains(secret.lowercased()),
                                   "\(status) \(auth): \(secret) came back to the API after the chain left it:\n\(wire)")
                }
                // The body follows a 307 chain as the Fetch standard says: it is no credential.
                XCTAssertEqual(landed.method, status == 307 ? "POST" : "GET", "\(status) \(auth)")
                XCTAssertEqual(landed.body, status == 307 ? Data("payload".utf8) : Data(), "\(status) \(auth)")
            }
        }
    }

    /// A 401 on a hop that came back without credentials is the answer: refreshing the token would
    /// not put it on that hop. A retry is a new attempt from the base URL, credentialed again.
    func testA401AfterTheChainLeftTheOriginDoesNotRefreshAndARetryStartsCredentialed() async throws {
        let sent = Recorder<URLRequest>()
        let refreshes = Recorder<Int>()
        let client = stubClient({ request in
            sent.append(request)
            switch (request.url?.host, request.url?.path) {
            case ("api.example.com", "/v1/start"): return .response(status: 302, headers: ["Location": "https://other.example.net/hop"])
            case ("other.example.net", _): return .response(status: 302, headers: ["Location": "https://api.example.com/v1/landing"])
            default: return .response(status: 401)
            }
        }, authentication: Authentication(tokenProvider: ClosureTokenProvider(token: { "t" }, refresh: { refreshes.append(1) })),
            retryPolicy: RetryPolicy(maxAttempts: 2, initialDelay: 0, retryableStatuses: [401]))
        let error = await expectError { () async throws(APIError) in
            try await client.sendData(ProbeEndpoint(auth: .bearer), baseURL: URL(string: "https://api.example.com/v1")!)
        }
        XCTAssertEqual(error?.status, 401)
        XCTAssertEqual(refreshes.count, 0)
        XCTAssertEqual(sent.values.map { $0.url?.path }, ["/v1/start", "/hop", "/v1/landing", "/v1/start", "/hop", "/v1/landing"])
        XCTAssertEqual(sent.values.map { $0.value(forHTTPHeaderField: "Authorization") }, ["Bearer t", nil, nil, "Bearer t", nil, nil])
    }

    func testSameOriginRedirectKeepsCredentialsAndSeesCookiesSetOnTheWay() async throws {
        let storage = freshStorage()
        let first = try localServer { request, connection in
            if request.target.hasPrefix("/v1/start") {
                connection.respond(status: 302, headers: ["Location": "/v1/next", "Set-Cookie": "hop=1; Path=/"])
            } else {
                connection.respond(status: 200, body: Data("ok".utf8))
            }
        }
        for auth in [AuthRequirement.bearer, .cookie, .apiKey(header: "X-Api-Key"), .apiKeyInQuery(name: "api_key")] {
            _ = try await client(storage: storage).sendData(ProbeEndpoint(auth: auth), baseURL: first.baseURL)
            let landed = try XCTUnwrap(first.requests.last)
            XCTAssertTrue(landed.target.hasPrefix("/v1/next"), landed.target)
            switch auth {
            case .bearer: XCTAssertEqual(landed.header("Authorization"), "Bearer secret-token")
            case .cookie: XCTAssertEqual(landed.header("Cookie"), "hop=1", "the cookie set by the redirect is sent on the next hop")
            case .apiKey: XCTAssertEqual(landed.header("X-Api-Key"), "secret-key")
            case .apiKeyInQuery: XCTAssertEqual(landed.target, "/v1/next?api_key=secret-key")
            default: break
            }
        }
    }

    func testCookiesOfTheOtherOriginFollowItsOwnRules() async throws {
        let storage = freshStorage()
        let other = try recorder()
        let first = try redirecting(302, to: { _ in "http://localhost:\(other.port)/landing" }, setCookie: "mine=1; Path=/")
        for cookie in HTTPCookie.cookies(withResponseHeaderFields: ["Set-Cookie": "theirs=2; Path=/"],
                                         for: URL(string: "http://localhost/")!) {
            storage.setCookie(cookie)
        }
        _ = try await client(storage: storage).sendData(ProbeEndpoint(auth: .cookie), baseURL: first.baseURL)
        XCTAssertEqual(other.requests.last?.header("Cookie"), "theirs=2", "only the storage's cookies for that host")
        XCTAssertEqual(storage.cookies(for: URL(string: "http://127.0.0.1/")!)?.map { $0.name }, ["mine"],
                       "Set-Cookie of the redirect itself is stored")
    }

    /// A hop to another origin may set cookies for itself, never for the first origin's host: a
    /// `Domain=` naming a host the hop is not (RFC 6265 5.3 step 6) would plant a session cookie
    /// that the next request to the API carries (session fixation).
    func testAnotherOriginCannotSetCookiesForTheFirstOne() async throws {
        let storage = freshStorage()
        let client = stubClient({ request in
            switch request.url?.host {
            case "api.example.com" where request.url?.path == "/v1/start":
                return .response(status: 302, headers: ["Location": "https://evil.example.net/hop"])
            case "evil.example.net":
                return .response(status: 302, headers: [
                    "Location": "https://api.example.com/v1/landing",
                    "Set-Cookie": "session=planted; Domain=api.example.com; Path=/",
                ])
            default:
                return .response(status: 200)
            }
        }, authentication: Authentication(cookies: .storage(storage)))
        _ = try await client.sendData(ProbeEndpoint(auth: .cookie), baseURL: URL(string: "https://api.example.com/v1")!)
        XCTAssertEqual(storage.cookies(for: URL(string: "https://api.example.com/v1/landing")!)?.map(\.name) ?? [], [])
    }

    /// A plugin that adds a credential (a token as a Moya-style access-token plugin does, a
    /// configured credential header, a cookie) adds it to every hop: on a hop to another origin
    /// the client takes it off again after the plugins, as it does its own credentials. Headers
    /// that are not credentials stay.
    func testCredentialsAddedByAPluginDoNotReachAnotherOrigin() async throws {
        struct Signing: APIPlugin {
            func prepare(_ request: URLRequest, endpoint: any Endpoint) async throws(APIError) -> URLRequest {
                var request = request
                request.setValue("Bearer plugin-secret", forHTTPHeaderField: "Authorization")
                request.setValue("plugin-secret", forHTTPHeaderField: "X-Client-Secret")
                request.setValue("session=plugin-secret", forHTTPHeaderField: "Cookie")
                request.setValue("kept", forHTTPHeaderField: "X-Trace")
                return request
            }
        }
        let sent = Recorder<URLRequest>()
        let client = stubClient({ request in
            sent.append(request)
            return request.url?.host == "api.example.com"
                ? .response(status: 307, headers: ["Location": "https://other.example.net/landing"]) : .response(status: 200)
        }, plugins: [Signing()], configuration: .init(credentialHeaders: ["x-client-secret"]))
        _ = try await client.sendData(ProbeEndpoint(), baseURL: URL(string: "https://api.example.com/v1")!)
        XCTAssertEqual(sent.values.map { $0.url?.host }, ["api.example.com", "other.example.net"])
        XCTAssertEqual(sent.values.first?.value(forHTTPHeaderField: "Authorization"), "Bearer plugin-secret")
        let landed = try XCTUnwrap(sent.values.last)
        for name in ["Authorization", "X-Client-Secret", "Cookie"] {
            XCTAssertNil(landed.value(forHTTPHeaderField: name), name)
        }
        XCTAssertEqual(landed.value(forHTTPHeaderField: "X-Trace"), "kept")
    }

    func testUnsafeTargetsAreRefusedBeforeAnythingIsSent() async throws {
        let cases: [(base: String, location: String)] = [
            ("https://api.example.com/v1", "http://api.example.com/v1/plain"),
            ("https://api.example.com/v1", "file:///etc/passwd"),
            ("http://api.example.com/v1", "ftp://api.example.com/x"),
            ("http://api.example.com/v1", "javascript:alert(1)"),
            ("http://api.example.com/v1", "http://"),
        ]
        for (base, location) in cases {
            let sent = Recorder<String>()
            let client = stubClient({ request in
                sent.append(request.url?.absoluteString ?? "")
                return .response(status: 302, headers: ["Location": location])
            }, authentication: Authentication(tokenProvider: ClosureTokenProvider(token: { "t" }, refresh: {})))
            let error = await expectError { () async throws(APIError) in
                try await client.sendData(ProbeEndpoint(auth: .bearer), baseURL: URL(string: base)!)
            }
            guard case .transport(.redirectRefused)? = error else { XCTFail("\(location): \(String(describing: error))"); continue }
            XCTAssertEqual(sent.count, 1, location)
            XCTAssertFalse(error?.isTransient ?? true)
        }
        // Allowed explicitly, the downgrade is followed, without the token.
        let sent = Recorder<URLRequest>()
        let client = stubClient({ request in
            sent.append(request)
            return request.url?.scheme == "https" ? .response(status: 302, headers: ["Location": "http://api.example.com/p"]) : .response(status: 200)
        }, authentication: Authentication(tokenProvider: ClosureTokenProvider(token: { "t" }, refresh: {})),
            configuration: .init(redirects: RedirectPolicy(allowsInsecureDowngrade: true)))
        _ = try await client.sendData(ProbeEndpoint(auth: .bearer), baseURL: URL(string: "https://api.example.com/v1")!)
        XCTAssertEqual(sent.values.map { $0.value(forHTTPHeaderField: "Authorization") }, ["Bearer t", nil])
    }

    /// A `Location` with non-ASCII text, a space, `|` or a broken `%` escape is followed to the
    /// same percent-encoded target on every platform (iOS 16's `URL(string:)` refuses such text
    /// where Linux's encodes it), with the first origin's credentials since it stays there.
    func testLocationsWithTextURLStringRefusesOnApplePlatformsAreFollowedEncoded() async throws {
        let cases = [("/v1/상품/1", "/v1/%EC%83%81%ED%92%88/1"), ("/v1/a b?q=c d", "/v1/a%20b?q=c%20d"),
                     ("/v1/a|b", "/v1/a%7Cb"), ("landing/%zz", "/v1/landing/%25zz")]
        for (location, target) in cases {
            let server = try redirecting(302, to: { _ in location })
            let client = APIClient(transport: transportUnderTest(), authentication: Authentication(
                tokenProvider: ClosureTokenProvider(token: { "t" }, refresh: {})), configuration: .init(timeout: 5))
            let data = try await client.sendData(ProbeEndpoint(auth: .bearer), baseURL: server.baseURL)
            XCTAssertEqual(data, Data("ok".utf8), location)
            XCTAssertEqual(server.requests.map(\.target), ["/v1/start", target], location)
            XCTAssertEqual(server.requests.last?.header("Authorization"), "Bearer t", location)
        }
    }

    func testRedirectLimitAndOptOut() async throws {
        let count = Recorder<Int>()
        let looping = stubClient({ request in
            count.append(1)
            return .response(status: 307, headers: ["Location": "/again"])
        }, configuration: .init(redirects: RedirectPolicy(maxRedirects: 3)))
        let error = await expectError { () async throws(APIError) in
            try await looping.sendData(ProbeEndpoint(), baseURL: testBaseURL)
        }
        guard case .transport(.tooManyRedirects)? = error else { return XCTFail(String(describing: error)) }
        XCTAssertEqual(count.count, 4, "the first request and three redirects")

        // Not followed, a 3xx is the answer: its Location can be read.
        let first = try redirecting(302, to: { _ in "/v1/elsewhere" })
        for (client, endpoint) in [(client(storage: freshStorage(), redirects: .none), ProbeEndpoint()),
                                   (client(storage: freshStorage()), ProbeEndpoint(followsRedirects: false))] {
            let response = try await client.response(endpoint, baseURL: first.baseURL)
            XCTAssertEqual(response.status, 302)
            XCTAssertEqual(response.headers["Location"], "/v1/elsewhere")
            // `sendData` expects a 2xx: the 3xx is a server error carrying the same header.
            let error = await expectError { () async throws(APIError) in try await client.sendData(endpoint, baseURL: first.baseURL) }
            XCTAssertEqual(error?.status, 302)
        }
        XCTAssertEqual(first.requests.count, 4, "nothing was followed")
    }

    func testProxyChallengeOf407AnswersPromptly() async throws {
        let server = try localServer { _, connection in
            connection.respond(status: 407, headers: ["Proxy-Authenticate": "Basic realm=\"proxy\""], body: Data("no".utf8))
        }
        let start = Date()
        let client = APIClient(transport: transportUnderTest(), configuration: .init(timeout: 20))
        let error = await expectError { () async throws(APIError) in try await client.sendData(ProbeEndpoint(), baseURL: server.baseURL) }
        XCTAssertEqual(error?.status, 407)
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
    }

    func testChallengeOf401AnswersPromptlyAndBearerRefreshes() async throws {
        for scheme in ["Basic realm=\"x\"", "Bearer realm=\"api\", error=\"invalid_token\"", "Digest realm=\"x\", nonce=\"abc\"", "Negotiate"] {
            let server = try localServer { request, connection in
                if request.header("Authorization") == "Bearer fresh" {
                    connection.respond(status: 200, body: Data("ok".utf8))
                } else {
                    connection.respond(status: 401, headers: ["WWW-Authenticate": scheme], body: Data("no".utf8))
                }
            }
            let start = Date()
            let plain = APIClient(transport: transportUnderTest(), configuration: .init(timeout: 20))
            let error = await expectError { () async throws(APIError) in try await plain.sendData(ProbeEndpoint(), baseURL: server.baseURL) }
            guard case .server(let failure)? = error else { XCTFail("\(scheme): \(String(describing: error))"); continue }
            XCTAssertEqual(failure.status, 401)
            XCTAssertLessThan(Date().timeIntervalSince(start), 5, "\(scheme): answered at once, not at the timeout")

            let token = Recorder<String>()
            let refreshing = APIClient(transport: transportUnderTest(), authentication: Authentication(tokenProvider: ClosureTokenProvider(
                token: { token.count > 0 ? "fresh" : "stale" }, refresh: { token.append("fresh") })),
                configuration: .init(timeout: 20))
            let data = try await refreshing.sendData(ProbeEndpoint(auth: .bearer), baseURL: server.baseURL)
            XCTAssertEqual(data, Data("ok".utf8), scheme)
            XCTAssertEqual(token.count, 1, scheme)
        }
    }
}
