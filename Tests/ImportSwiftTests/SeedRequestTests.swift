import EndpointRuntime
import Foundation
import GoldenImportedSeeds
import MoyaStandIn
@testable import SwiftLayerSeed000
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The seeds' layers (Tests/Fixtures/swift-layers/seeds-…) against the code generated from the
/// specs import-swift made of them (Tests/Goldens/imported-swift-seeds): for every case and the
/// same values, the request the original code builds is the one the generated code sends, but
/// for the differences listed at the case, each announced by a warning of the import.
final class SeedRequestTests: XCTestCase {
    static let cookieURL = URL(string: "https://api.drinkig.example.com/")!

    override func setUp() {
        // Seed 000 copies HTTPCookieStorage.shared's cookies into two requests; `auth: cookie` sends them too.
        let cookie = HTTPCookie(properties: [.name: "SESSION", .value: "s3ss10n", .domain: "api.drinkig.example.com", .path: "/"])!
        HTTPCookieStorage.shared.setCookie(cookie)
    }

    override func tearDown() {
        for cookie in HTTPCookieStorage.shared.cookies(for: Self.cookieURL) ?? [] { HTTPCookieStorage.shared.deleteCookie(cookie) }
    }

    func testSeed000AuthorizationEndpoints() async throws {
        typealias Target = SwiftLayerSeed000.AuthorizationEndpoints
        func service(_ client: APIClient) -> AuthorizationService { AuthorizationService(client: client) }
        let member = SwiftLayerSeed000.MemberRequestDTO(name: "도연", isNewBie: true, monthPrice: 30000, wineSort: ["red"], wineArea: ["France"],
                                                        wineVariety: ["Merlot"], region: "Seoul")
        let bodiless: Set<ExpectedDifference> = [.headerNotSent("content-type")]
        try await assertSameRequests([
            RequestCase(name: "postLogin", original: { try urlRequest(for: Target.postLogin(data: .init(username: "kirby", password: "pw"))) },
                        generated: { _ = try await service($0).postLogin(body: .init(username: "kirby", password: "pw")) }),
            RequestCase(name: "postLogout", original: { try urlRequest(for: Target.postLogout) },
                        generated: { _ = try await service($0).postLogout() }, differences: bodiless),
            RequestCase(name: "postJoin", original: { try urlRequest(for: Target.postJoin(data: .init(username: "k", password: "p", rePassword: "p"))) },
                        generated: { _ = try await service($0).postJoin(body: .init(username: "k", password: "p", rePassword: "p")) }),
            RequestCase(name: "postAppleLogin", original: { try urlRequest(for: Target.postAppleLogin(data: .init(identityToken: "jwt"))) },
                        generated: { _ = try await service($0).postAppleLogin(body: .init(identityToken: "jwt")) }),
            // An empty path: Moya sends the base URL itself, the spec a trailing slash (warned).
            RequestCase(name: "postKakaoLogin", original: { try urlRequest(for: Target.postKakaoLogin) },
                        generated: { _ = try await service($0).postKakaoLogin() }, differences: bodiless.union([.url])),
            RequestCase(name: "postReIssueToken", original: { try urlRequest(for: Target.postReIssueToken) },
                        generated: { _ = try await service($0).postReIssueToken() }, differences: bodiless),
            RequestCase(name: "patchMemberInfo", original: { try urlRequest(for: Target.patchMemberInfo(data: member)) },
                        generated: {
                            _ = try await service($0).patchMemberInfo(body: .init(name: "도연", isNewBie: true, monthPrice: 30000, wineSort: ["red"],
                                                                                   wineArea: ["France"], wineVariety: ["Merlot"], region: "Seoul"))
                        }),
        ], client: { APIClient(transport: $0) })
    }
}
