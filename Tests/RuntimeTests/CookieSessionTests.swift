import APITestSupport
@testable import EndpointRuntime
import Foundation
import RawHTTPServer
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Cookie sessions as Spring-style backends run them (the shared seed's DRINKIG layer): access
/// and refresh tokens in cookies, a reissue endpoint called on 401, and a CSRF cookie echoed in
/// a header, against a raw-socket server.
final class CookieSessionTests: XCTestCase {
    /// `/v1/reissue` sets `access=new` (counted); `/v1/me` answers 200 only with that cookie.
    private func sessionServer(reissues: Recorder<Int>, reissueStatus: Int = 200) throws -> LocalServer {
        let server = try localServer { request, connection in
            if request.target.hasPrefix("/v1/reissue") {
                reissues.append(1)
                // Slow enough that concurrent 401s pile up behind one refresh.
                Thread.sleep(forTimeInterval: 0.1)
                connection.respond(status: reissueStatus, headers: reissueStatus == 200 ? ["Set-Cookie": "access=new; Path=/"] : [:])
            } else if request.header("Cookie")?.contains("access=new") == true {
                connection.respond(status: 200, headers: ["Content-Type": "application/json"], body: Data("{}".utf8))
            } else {
                connection.respond(status: 401, headers: ["WWW-Authenticate": "Cookie"])
            }
        }
        return server
    }

    private func storage(_ cookies: [String]) -> HTTPCookieStorage {
        let storage = HTTPCookieStorage.sharedCookieStorage(forGroupContainerIdentifier: "CookieSessionTests-\(UUID().uuidString)")
        for cookie in cookies.flatMap({ HTTPCookie.cookies(withResponseHeaderFields: ["Set-Cookie": $0 + "; Path=/"],
                                                           for: URL(string: "http://127.0.0.1/")!) }) {
            storage.setCookie(cookie)
        }
        return storage
    }

    private static let reissue = ProbeEndpoint(method: .post, path: "/reissue", auth: .cookie)
    private static let me = SessionEndpoint(inner: ProbeEndpoint(path: "/me", auth: .cookie),
                                            session: CookieSession(refresh: reissue))

    func testA401RenewsTheSessionOnceForAllAndRetries() async throws {
        let reissues = Recorder<Int>()
        let server = try sessionServer(reissues: reissues)
        let client = APIClient(transport: transportUnderTest(), authentication: Authentication(cookies: .storage(storage(["access=old"]))))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<20 {
                group.addTask { _ = try await client.sendData(Self.me, baseURL: server.baseURL) }
            }
            try await group.waitForAll()
        }
        XCTAssertEqual(reissues.count, 1, "one reissue for twenty 401s")
    }

    func testAFailingRefreshEndsTheRequestInsteadOfWaitingForItself() async throws {
        let reissues = Recorder<Int>()
        // The reissue endpoint is a cookie endpoint too, and it answers 401: its own 401 must not
        // start (or wait for) another refresh.
        let server = try sessionServer(reissues: reissues, reissueStatus: 401)
        let selfRefreshing = SessionEndpoint(inner: Self.reissue, session: CookieSession(refresh: Self.reissue))
        let me = SessionEndpoint(inner: ProbeEndpoint(path: "/me", auth: .cookie), session: CookieSession(refresh: selfRefreshing))
        let client = APIClient(transport: transportUnderTest(), authentication: Authentication(cookies: .storage(storage([]))))
        let start = Date()
        let error = await expectError { () async throws(APIError) in try await client.sendData(me, baseURL: server.baseURL) }
        XCTAssertEqual(error?.status, 401)
        XCTAssertEqual(reissues.count, 1)
        XCTAssertLessThan(Date().timeIntervalSince(start), 3)
    }

    func testAppKeptCookiesReceiveEveryResponsesCookies() async throws {
        let server = try localServer { request, connection in
            if request.target.hasPrefix("/v1/start") {
                connection.respond(status: 302, headers: ["Location": "/v1/end", "Set-Cookie": "hop=1; Path=/"])
            } else {
                connection.respond(status: 200, headers: ["Set-Cookie": "access=fresh; Path=/; HttpOnly"], body: Data("{}".utf8))
            }
        }
        let received = Recorder<String>()
        let source = CookieSource.header({ _ in "access=old" }, received: { cookies, url in
            for cookie in cookies { received.append("\(cookie.name)=\(cookie.value) \(url.path)") }
        })
        let client = APIClient(transport: transportUnderTest(), authentication: Authentication(cookies: source))
        _ = try await client.sendData(ProbeEndpoint(path: "/start", auth: .cookie), baseURL: server.baseURL)
        XCTAssertEqual(received.values, ["hop=1 /v1/start", "access=fresh /v1/end"])
    }

    func testCSRFCookieIsEchoedOnUnsafeMethodsOnly() async throws {
        let server = try localServer { _, connection in connection.respond(status: 204) }
        let jar = storage(["SESSION=s1", "XSRF-TOKEN=t0k3n", "CSRF=other"])
        let client = APIClient(transport: transportUnderTest(), authentication: Authentication(cookies: .storage(jar)))
        for (method, csrf) in [(HTTPMethod.post, CSRFToken()), (.delete, CSRFToken()), (.get, CSRFToken()),
                               (.put, CSRFToken(cookie: "CSRF", header: "X-CSRF-TOKEN"))] {
            let endpoint = SessionEndpoint(inner: ProbeEndpoint(method: method, path: "/x", auth: .cookie), session: CookieSession(csrf: csrf))
            try await client.send(endpoint, baseURL: server.baseURL)
            let request = try XCTUnwrap(server.requests.last)
            switch method {
            case .get: XCTAssertNil(request.header("X-XSRF-TOKEN"))
            case .put: XCTAssertEqual(request.header("X-CSRF-TOKEN"), "other")
            default: XCTAssertEqual(request.header("X-XSRF-TOKEN"), "t0k3n", method.rawValue)
            }
        }
        // The token is a credential in logs too.
        let lines = Recorder<String>()
        let logged = APIClient(transport: transportUnderTest(), authentication: Authentication(cookies: .storage(jar)),
                               plugins: [LoggingPlugin { lines.append($0) }])
        try await logged.send(SessionEndpoint(inner: ProbeEndpoint(method: .post, path: "/x", auth: .cookie), session: CookieSession(csrf: CSRFToken())),
                              baseURL: server.baseURL)
        XCTAssertFalse(lines.values.joined().contains("t0k3n"), lines.values.joined())
    }

    // MARK: - Bounded cookies

    /// A server answering `/v1/set` with `count` distinct `Set-Cookie` fields (each its own
    /// header line), and `/v1/echo` with the `Cookie` it received as the body.
    private func cookieServer(count: Int, prefix: String = "c") throws -> LocalServer {
        try localServer { request, connection in
            if request.target.hasPrefix("/v1/set") {
                var head = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Type: application/json\r\nConnection: close\r\n"
                // Short fields: 10,000 of them stay under curl's 300 KB bound on a response head.
                for index in 0..<count { head += "Set-Cookie: \(prefix)\(index)=1\r\n" }
                connection.write(head + "\r\n{}")
            } else {
                connection.respond(status: 200, body: Data((request.header("Cookie") ?? "").utf8))
            }
        }
    }

    func testTenThousandSetCookieFieldsAreReadWithinTheLimits() async throws {
        let server = try cookieServer(count: 10_000)
        let jar = storage([])
        let client = APIClient(transport: transportUnderTest(), authentication: Authentication(cookies: .storage(jar)),
                               configuration: .init(timeout: 30))
        let start = Date()
        if asyncHTTPClientIsUnderTest {
            // SwiftNIO refuses a head of more than 80 KB (these 10,000 fields are 170 KB) at once.
            do {
                _ = try await client.sendData(ProbeEndpoint(path: "/set", auth: .cookie), baseURL: server.baseURL)
                XCTFail("SwiftNIO took a 170 KB head")
            } catch {
                guard case .transport(.badResponse) = error else { return XCTFail("\(error)") }
            }
            XCTAssertLessThan(Date().timeIntervalSince(start), 5)
            return
        }
        _ = try await client.sendData(ProbeEndpoint(path: "/set", auth: .cookie), baseURL: server.baseURL)
        let seconds = Date().timeIntervalSince(start)
        XCTAssertEqual(jar.cookies?.count, CookieLimits.maxCookiesPerResponse, "the first ones only")
        XCTAssertEqual(Set(jar.cookies?.map(\.name) ?? []), Set((0..<CookieLimits.maxCookiesPerResponse).map { "c\($0)" }))
        // Did not end within 60 s before; the platform's storage costs milliseconds per cookie kept.
        XCTAssertLessThan(seconds, 10)
        // More responses fill the domain up to its bound, and no further.
        for round in 0..<5 {
            let more = try cookieServer(count: 60, prefix: "m\(round)-")
            _ = try await APIClient(transport: transportUnderTest(), authentication: Authentication(cookies: .storage(jar)))
                .sendData(ProbeEndpoint(path: "/set", auth: .cookie), baseURL: more.baseURL)
        }
        XCTAssertEqual(jar.cookies?.count, CookieLimits.maxCookiesPerDomain)
        let sent = String(decoding: try await client.sendData(ProbeEndpoint(path: "/echo", auth: .cookie), baseURL: server.baseURL), as: UTF8.self)
        XCTAssertEqual(sent.components(separatedBy: "; ").count, CookieLimits.maxCookiesPerDomain)
    }

    func testMaxAgeZeroAndPastExpiresDeleteTheCookie() async throws {
        let server = try localServer { request, connection in
            if request.target.hasPrefix("/v1/delete") {
                // One comma-free field per line, and one whose Expires holds a comma.
                connection.write("HTTP/1.1 204 No Content\r\nConnection: close\r\n"
                                 + "Set-Cookie: a=; Max-Age=0; Path=/\r\n"
                                 + "Set-Cookie: b=gone; Max-Age=-1; Path=/\r\n"
                                 + "Set-Cookie: c=; Expires=Wed, 21 Oct 2015 07:28:00 GMT; Path=/\r\n"
                                 + "Set-Cookie: d=new; Max-Age=3600; Path=/\r\n\r\n")
            } else {
                connection.respond(status: 200, body: Data((request.header("Cookie") ?? "").utf8))
            }
        }
        let jar = storage(["a=1", "b=2", "c=3", "d=4", "e=5"])
        let client = APIClient(transport: transportUnderTest(), authentication: Authentication(cookies: .storage(jar)))
        _ = try await client.sendData(ProbeEndpoint(path: "/delete", auth: .cookie), baseURL: server.baseURL)
        let sent = String(decoding: try await client.sendData(ProbeEndpoint(path: "/echo", auth: .cookie), baseURL: server.baseURL), as: UTF8.self)
        XCTAssertEqual(Set(sent.components(separatedBy: "; ")), ["d=new", "e=5"])
    }

    func testDeletionsAreReadFromTheFieldsText() throws {
        let url = try XCTUnwrap(URL(string: "http://127.0.0.1:8080/v1/account/profile"))
        let received = CookieLimits.received("a=; Max-Age=0, b=1; Max-Age=-5; Path=/v1; Expires=Thu, 01 Jan 2099 00:00:00 GMT, "
                                             + "c=; Expires=Wed, 21 Oct 2015 07:28:00 GMT; Domain=127.0.0.1, d=2; Max-Age=60, e=3; Max-Age=x",
                                             for: url)
        XCTAssertEqual(received.map(\.cookie.name), ["a", "b", "c", "d", "e"])
        XCTAssertEqual(received.map(\.deletes), [true, true, true, false, false], "Max-Age wins over Expires; a Max-Age that is no number is ignored")
        // Without a Path attribute, the path the platform gives such a cookie, so the deletion
        // meets what it stored (RFC 6265's default path where the platform read nothing).
        let stored = HTTPCookie.cookies(withResponseHeaderFields: ["Set-Cookie": "a=1"], for: url).first
        XCTAssertEqual(received[0].cookie.path, stored?.path ?? "/v1/account")
        XCTAssertEqual(received[1].cookie.path, "/v1")
        XCTAssertTrue(received.filter(\.deletes).allSatisfy { ($0.cookie.expiresDate ?? .distantFuture) < Date(timeIntervalSince1970: 1) })
        // The date forms a platform that drops an expired cookie leaves to the client.
        XCTAssertEqual(CookieLimits.httpDate("Wed, 21 Oct 2015 07:28:00 GMT"), Date(timeIntervalSince1970: 1_445_412_480))
        XCTAssertEqual(CookieLimits.httpDate("Wednesday, 21-Oct-15 07:28:00 GMT"), Date(timeIntervalSince1970: 1_445_412_480))
        XCTAssertEqual(CookieLimits.httpDate("Wed Oct 21 07:28:00 2015"), Date(timeIntervalSince1970: 1_445_412_480))
        XCTAssertNil(CookieLimits.httpDate("yesterday"))
    }

    func testSetCookieFieldsSplitOnlyBetweenCookies() {
        let fields = CookieLimits.splitFields("a=1; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/, b=2,c=3; Max-Age=0 , d=x,y")
        XCTAssertEqual(fields, ["a=1; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/", "b=2", "c=3; Max-Age=0 ", "d=x,y"])
        // Linear: a field of 100,000 commas is one pass.
        let start = threadCPUSeconds()
        XCTAssertEqual(CookieLimits.splitFields(String(repeating: ",", count: 100_000) + "a=1").last, "a=1")
        XCTAssertLessThan(threadCPUSeconds() - start, 1)
    }
}

/// A probe endpoint with a cookie session.
private struct SessionEndpoint: Endpoint {
    var inner: ProbeEndpoint
    var session: CookieSession

    var defaultBaseURL: URL? { nil }
    var method: HTTPMethod { inner.method }
    var pathComponents: [PathComponent] { inner.pathComponents }
    var queryItems: [QueryItem] { inner.queryItems }
    var headers: [HTTPHeader] { inner.headers }
    var body: RequestBody { inner.body }
    var auth: AuthRequirement { inner.auth }
    var timeout: TimeInterval? { inner.timeout }
    var envelope: EnvelopeFormat? { nil }
    var errorFormat: ErrorBodyFormat { ErrorBodyFormat() }
    var sampleData: Data { Data() }
    var cookieSession: CookieSession? { session }
}
