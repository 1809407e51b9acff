import APITestSupport
import EndpointRuntime
import FlyingFox
import Foundation
import Generated
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// specs/drinkig-auth.yaml and specs/drinkig-member.yaml (seed 000) over the wire: the
/// `isSuccess/code/message/result` envelope, a cookie session set by login and sent back by the
/// cookie endpoints, and `ErrorResponse` error bodies.
final class DrinkigWireTests: WireTestCase {
    /// A DRINKIG server: login sets the session cookies, reissue rotates them, the rest answer
    /// with the envelope (`result` null for the empty endpoints).
    private func drinkigServer() async throws -> WireServer {
        try await serve { request in
            func ok(_ result: String) -> FlyingFox.HTTPResponse {
                .json(#"{"isSuccess":true,"code":"COMMON200","message":"성공입니다.","result":\#(result)}"#)
            }
            switch (request.method, request.rawPath) {
            case ("POST", "/login"), ("POST", "/login/apple"), ("POST", "/login/kakao"):
                var response = ok(#"{"id":42,"username":"drinkig@example.com","role":"USER","isFirst":true}"#)
                response.headers.addValue("accessToken=a1; Path=/; HttpOnly", for: .setCookie)
                response.headers.addValue("refreshToken=r1; Path=/; HttpOnly", for: .setCookie)
                return response
            case ("POST", "/reissue"):
                var response = ok("null")
                response.headers.addValue("accessToken=a2; Path=/; HttpOnly", for: .setCookie)
                return response
            case ("GET", "/member"):
                return ok(#"{"id":42,"name":"드링이","username":"drinkig@example.com","role":"USER","isNewBie":null,"isFirst":false,"monthPriceMax":50000,"wineSort":["레드","스파클링"],"wineArea":["프랑스"],"region":"서울특별시 종로구"}"#)
            case ("POST", "/member/check"):
                return ok(#"{"isDuplicate":true}"#)
            case ("POST", "/join"):
                return .json(#"{"isSuccess":false,"code":"MEMBER4001","message":"비밀번호가 일치하지 않습니다.","result":null}"#)
            default:
                return ok("null")
            }
        }
    }

    private func cookies(of request: ReceivedRequest) -> Set<String> {
        Set((request.header("Cookie") ?? "").components(separatedBy: "; ").filter { !$0.isEmpty })
    }

    func testLoginUnwrapsTheEnvelopeAndStartsACookieSession() async throws {
        let server = try await drinkigServer()
        let storage = freshCookieStorage()
        let client = client(cookies: storage)
        let auth = AuthService(client: client, baseURL: server.baseURL)
        let member = MemberService(client: client, baseURL: server.baseURL)

        let login = try await auth.login(body: LoginDTO(username: "drinkig@example.com", password: "p@ss word"))
        XCTAssertEqual(login, LoginResponseDTO(id: 42, username: "drinkig@example.com", role: "USER", isFirst: true))
        try await auth.patchMemberInfo(body: MemberRequestDTO(name: "드링이", isNewBie: true, monthPrice: 50000,
                                                              wineSort: ["레드"], wineArea: ["프랑스"], wineVariety: [], region: "서울"))
        try await auth.reissueToken()
        let info = try await member.getMemberInfo()
        try await auth.logout()

        let requests = await server.requests
        XCTAssertEqual(requests.map { "\($0.method) \($0.target)" },
                       ["POST /login", "PATCH /member", "POST /reissue", "GET /member", "POST /logout"])
        XCTAssertEqual(String(decoding: requests[0].body, as: UTF8.self), #"{"password":"p@ss word","username":"drinkig@example.com"}"#)
        XCTAssertTrue(cookies(of: requests[0]).isEmpty, "login is auth: none")
        XCTAssertEqual(cookies(of: requests[1]), ["accessToken=a1", "refreshToken=r1"])
        XCTAssertEqual(try requests[1].jsonObject() as NSDictionary, [
            "name": "드링이", "isNewBie": true, "monthPrice": 50000, "wineSort": ["레드"], "wineArea": ["프랑스"],
            "wineVariety": [], "region": "서울",
        ])
        XCTAssertEqual(cookies(of: requests[2]), ["accessToken=a1", "refreshToken=r1"])
        XCTAssertEqual(cookies(of: requests[3]), ["accessToken=a2", "refreshToken=r1"], "the reissued cookie replaces the old one")
        XCTAssertEqual(cookies(of: requests[4]), ["accessToken=a2", "refreshToken=r1"])
        XCTAssertTrue(requests.allSatisfy { $0.header("Authorization") == nil })

        XCTAssertEqual(info.name, "드링이")
        XCTAssertNil(info.isNewBie, "null optional")
        XCTAssertEqual(info.wineSort, ["레드", "스파클링"])
    }

    /// `cookieSession: { refresh: Auth.reissueToken }`: an expired access cookie (401) is renewed
    /// by one reissue for all the requests that met it, and each is retried with the new cookie.
    func testExpiredSessionIsReissuedOnceAndRetried() async throws {
        let server = try await serve { request in
            let envelope = #"{"isSuccess":true,"code":"COMMON200","message":"성공입니다.","result":%@}"#
            switch (request.method, request.rawPath) {
            case ("POST", "/reissue"):
                var response = FlyingFox.HTTPResponse.json(envelope.replacingOccurrences(of: "%@", with: "null"))
                response.headers.addValue("accessToken=a2; Path=/; HttpOnly", for: .setCookie)
                return response
            case ("GET", "/member") where request.header("Cookie")?.contains("accessToken=a2") == true:
                return .json(envelope.replacingOccurrences(of: "%@", with:
                    #"{"id":42,"name":"드링이","username":"d@example.com","role":"USER","isNewBie":null,"isFirst":false,"monthPriceMax":1,"wineSort":[],"wineArea":[],"region":"서울"}"#))
            default:
                return .json(#"{"message":"만료된 토큰입니다.","code":"TOKEN401"}"#, status: .unauthorized)
            }
        }
        let storage = freshCookieStorage()
        for cookie in HTTPCookie.cookies(withResponseHeaderFields: ["Set-Cookie": "accessToken=a1; Path=/"], for: server.baseURL) {
            storage.setCookie(cookie)
        }
        let member = MemberService(client: client(cookies: storage), baseURL: server.baseURL)
        let names = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<10 {
                group.addTask { try await member.getMemberInfo().name }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        XCTAssertEqual(names, Array(repeating: "드링이", count: 10))
        let reissues = await server.requests.filter { $0.target == "/reissue" }
        XCTAssertEqual(reissues.count, 1, "one reissue for ten 401s")
    }

    func testSocialLoginsPostTheirTokens() async throws {
        let server = try await drinkigServer()
        let auth = AuthService(client: client(cookies: freshCookieStorage()), baseURL: server.baseURL)
        let apple = try await auth.appleLogin(body: AppleLoginRequestDTO(identityToken: "eyJ.apple"))
        let kakao = try await auth.kakaoLogin(body: KakaoLoginRequestDTO(kakaoName: "카카오", kakaoEmail: "k@kakao.com"))
        XCTAssertEqual(apple.id, 42)
        XCTAssertEqual(kakao.role, "USER")
        let requests = await server.requests
        XCTAssertEqual(requests.map(\.target), ["/login/apple", "/login/kakao"])
        XCTAssertEqual(try requests[0].jsonObject() as NSDictionary, ["identityToken": "eyJ.apple"])
        XCTAssertEqual(try requests[1].jsonObject() as NSDictionary, ["kakaoName": "카카오", "kakaoEmail": "k@kakao.com"])
    }

    func testJoinWithEnvelopeFailureIsAnEnvelopeError() async throws {
        let server = try await drinkigServer()
        let auth = AuthService(client: client(cookies: freshCookieStorage()), baseURL: server.baseURL)
        let error = await expectError { () async throws(APIError) in
            try await auth.join(body: JoinDTO(username: "u@example.com", password: "a", rePassword: "b"))
        }
        guard case .envelope(let failure)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(failure, EnvelopeFailure(code: "MEMBER4001", message: "비밀번호가 일치하지 않습니다.", status: 200))
        XCTAssertEqual(error?.errorDescription, "비밀번호가 일치하지 않습니다.")
        let request = try await server.onlyRequest()
        XCTAssertEqual(try request.jsonObject() as NSDictionary, ["username": "u@example.com", "password": "a", "rePassword": "b"])
    }

    func testMemberEndpoints() async throws {
        let server = try await drinkigServer()
        let storage = freshCookieStorage()
        storage.setCookie(HTTPCookie(properties: [.name: "accessToken", .value: "a9", .path: "/", .domain: "127.0.0.1"])!)
        let member = MemberService(client: client(cookies: storage), baseURL: server.baseURL)

        let check = try await member.checkUsername(body: UsernameCheckRequest(username: "taken@example.com"))
        try await member.updateMemberInfo(body: MemberUpdateRequest(region: "부산"))
        try await member.deleteMember()

        XCTAssertTrue(check.isDuplicate)
        let requests = await server.requests
        XCTAssertEqual(requests.map { "\($0.method) \($0.target)" }, ["POST /member/check", "PATCH /member/profile", "DELETE /member"])
        XCTAssertTrue(cookies(of: requests[0]).isEmpty, "checkUsername is auth: none")
        XCTAssertEqual(String(decoding: requests[1].body, as: UTF8.self), #"{"region":"부산"}"#, "nil fields are left out")
        XCTAssertEqual(cookies(of: requests[1]), ["accessToken=a9"])
        XCTAssertEqual(cookies(of: requests[2]), ["accessToken=a9"])
        XCTAssertTrue(requests[2].body.isEmpty)
    }

    func testErrorResponseBodyIsReadPerErrorBody() async throws {
        let server = try await serve { _ in
            .json(#"{"isSuccess":false,"code":"AUTH4010","message":"로그인이 필요합니다."}"#, status: .forbidden)
        }
        let member = MemberService(client: client(cookies: freshCookieStorage()), baseURL: server.baseURL)
        let error = await expectError { () async throws(APIError) in try await member.getMemberInfo() }
        guard case .server(let failure)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(failure.status, 403)
        XCTAssertEqual(failure.message, "로그인이 필요합니다.")
        XCTAssertEqual(failure.code, "AUTH4010")
        XCTAssertEqual(failure.model(as: ErrorResponse.self), ErrorResponse(code: "AUTH4010", message: "로그인이 필요합니다."))
    }
}
