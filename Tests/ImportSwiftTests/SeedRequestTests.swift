import EndpointRuntime
import Foundation
import GoldenImportedSeeds
import MoyaStandIn
@testable import SwiftLayerSeed000
@testable import SwiftLayerSeed001
@testable import SwiftLayerSeed003
@testable import SwiftLayerSeed004
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The seeds' layers (Tests/Fixtures/swift-layers/seeds-…) against the code generated from the
/// specs import-swift made of them (Tests/Goldens/imported-swift-seeds): for every case and the
/// same values, the request the original code builds is the one the generated code sends, but
/// for the differences listed at the case, each announced by a warning of the import.
final class SeedRequestTests: XCTestCase {

    override func setUp() {
        // Seed 000 copies HTTPCookieStorage.shared's cookies into two requests; `auth: cookie` sends them too.
        DrinkigSession.store()
    }

    override func tearDown() {
        DrinkigSession.remove()
    }

    /// Seed 000 copies every cookie of the shared storage; a cookie another test left there (CI
    /// once found one) must not reach the comparison, and is put back after.
    func testTheSessionCookieIsTheSharedStoragesOnlyOneDuringATest() throws {
        let storage = HTTPCookieStorage.shared
        DrinkigSession.remove()
        let stray = try XCTUnwrap(HTTPCookie(properties: [.name: "stray", .value: "1", .domain: "127.0.0.1", .path: "/"]))
        storage.setCookie(stray)
        DrinkigSession.store()
        XCTAssertEqual(storage.cookies?.map(\.name), ["SESSION"])
        DrinkigSession.remove()
        XCTAssertEqual(storage.cookies?.contains { $0.name == "stray" }, true, "put back after the test")
        storage.deleteCookie(stray)
        DrinkigSession.store()
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

    func testSeed001WeatherRequest() async throws {
        typealias Request = SwiftLayerSeed001.WeatherRequest
        func service(_ client: APIClient) -> WeatherService { WeatherService(client: client) }
        // The key moves from the request's query items to the client (noted), which sends the same item.
        try await assertSameRequests([
            RequestCase(name: "weather (language nil)", original: { try Request(location: "Seoul").buildURLRequest() },
                        generated: { _ = try await service($0).weather(location: "Seoul") }),
            RequestCase(name: "weather (language ko)", original: { try Request(location: "37.57,127.0", language: "ko").buildURLRequest() },
                        generated: { _ = try await service($0).weather(location: "37.57,127.0", language: "ko") }),
        ], client: { APIClient(transport: $0, authentication: Authentication(apiKey: SwiftLayerSeed001.Secrets.weatherAPIKey)) })
    }

    func testSeed003NetworkService() async throws {
        typealias Target = SwiftLayerSeed003.NetworkService
        func service(_ client: APIClient) -> GoldenImportedSeeds.NetworkService { GoldenImportedSeeds.NetworkService(client: client) }
        let provider = NetworkProvider<Target>()
        try await assertSameRequests([
            // The seed drops the category, and so does the spec. "https://api.example.com/" + "/movies"
            // is '//movies' (warned: the base URL ends with '/' and the path starts with '/'), and the
            // seed's provider sends JSON without a Content-Type (warned: the layer's own NetworkTask).
            RequestCase(name: "getMovies", original: { try provider.request(.getMovies(category: "popular")) },
                        generated: { _ = try await service($0).getMovies() }, differences: [.url]),
            RequestCase(name: "createFavorite", original: { try provider.request(.createFavorite(id: "1022789", name: "Inside Out 2")) },
                        generated: { _ = try await service($0).createFavorite(body: .init(id: "1022789", name: "Inside Out 2")) },
                        differences: [.url, .ownProviderBody]),
            RequestCase(name: "deleteFavorite", original: { try provider.request(.deleteFavorite(id: "1022789")) },
                        generated: { _ = try await service($0).deleteFavorite(id: "1022789") }, differences: [.url]),
        ], client: { APIClient(transport: $0) })
    }

    func testSeed004QuestionAPI() async throws {
        typealias Router = SwiftLayerSeed004.QuestionAPI
        func service(_ client: APIClient) -> QuestionService { QuestionService(client: client) }
        // The router's Content-Type: application/json on every request (warned: left out where there is no body).
        let bodiless: Set<ExpectedDifference> = [.headerNotSent("content-type")]
        try await assertSameRequests([
            RequestCase(name: "answerQuestion",
                        original: { try Router.answerQuestion(requestDTO: SwiftLayerSeed004.AnswerQuestionRequestDTO(index: 27, myAnswer: "제주도 한 달 살기")).asURLRequest() },
                        generated: { _ = try await service($0).answerQuestion(body: .init(index: 27, myAnswer: "제주도 한 달 살기")) }),
            RequestCase(name: "getLatestQuestionPageNo", original: { try Router.getLatestQuestionPageNo.asURLRequest() },
                        generated: { _ = try await service($0).getLatestQuestionPageNo() }, differences: bodiless),
            RequestCase(name: "getQuestion", original: { try Router.getQuestion(index: 27).asURLRequest() },
                        generated: { _ = try await service($0).getQuestion(index: 27) }, differences: bodiless),
            RequestCase(name: "getQuestionList", original: { try Router.getQuestionList(questionPage: SwiftLayerSeed004.QuestionPage(pageNo: 3)).asURLRequest() },
                        generated: { _ = try await service($0).getQuestionList(body: .init(pageNo: 3)) }),
            RequestCase(name: "getTodayQuestion", original: { try Router.getTodayQuestion.asURLRequest() },
                        generated: { _ = try await service($0).getTodayQuestion() }, differences: bodiless),
            RequestCase(name: "pressForAnswer", original: { try Router.pressForAnswer(requestDTO: SwiftLayerSeed004.PressForAnswerRequestDTO(index: 27)).asURLRequest() },
                        generated: { _ = try await service($0).pressForAnswer(body: .init(index: 27)) }),
        ], client: { APIClient(transport: $0) })
    }
}
