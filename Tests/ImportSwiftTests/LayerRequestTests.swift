import AlamofireStandIn
import EndpointRuntime
import Foundation
import GoldenImportedAlamofire
import GoldenImportedMoya
import MoyaStandIn
@testable import SwiftLayerAlamofireRouter
@testable import SwiftLayerMoyaSplit
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The moya-split and alamofire-router layers (Tests/Fixtures/swift-layers/…) against the code
/// generated from the specs import-swift made of them (Tests/Goldens/imported-swift-moya, …-alamofire):
/// for every case of every router and the same values, the request the original code builds is
/// the one the generated code sends, but for the differences listed at the case, each announced
/// by a warning of the import.
///
/// Alamofire's URLEncoding writes the top-level keys sorted; the specs order parameters as the
/// case declares its values (call sites keep their order): query and form items compare by name
/// (`WireRequest.query`), as servers read them.
final class LayerRequestTests: XCTestCase {
    static let token = "t0ken"
    static let boundary = "endpointgen.boundary.5f1c"

    override func setUp() {
        // The layers read the signed-in user's token from their stores; the client gets the same one.
        SwiftLayerMoyaSplit.TokenStore.shared.accessToken = Self.token
        SwiftLayerAlamofireRouter.AuthSession.shared.accessToken = Self.token
    }

    override func tearDown() {
        SwiftLayerMoyaSplit.TokenStore.shared.accessToken = nil
        SwiftLayerAlamofireRouter.AuthSession.shared.accessToken = nil
    }

    /// A client with the layers' credentials: the bearer token and `apiKey`.
    static func client(_ transport: CapturingTransport, apiKey: String? = nil) -> APIClient {
        let token = Self.token
        return APIClient(transport: transport, authentication: Authentication(tokenProvider: ClosureTokenProvider(token: { token }, refresh: {}), apiKey: apiKey))
    }

    /// A file URL for the downloads of the generated code.
    static func downloadDestination(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("LayerRequestTests-\(UUID().uuidString)-\(name)")
    }

    // MARK: - moya-split

    func testMoyaGitHubAPI() async throws {
        typealias Target = SwiftLayerMoyaSplit.GitHubAPI
        func service(_ client: APIClient) -> GitHubService { GitHubService(client: client) }
        let issue = SwiftLayerMoyaSplit.NewIssue(title: "Crash on launch", body: "Steps: open the app.", assignees: ["octocat"], labels: ["bug"], milestone: 3)
        let bareIssue = SwiftLayerMoyaSplit.NewIssue(title: "Crash on launch", body: nil, assignees: [], labels: [], milestone: nil)
        let archive = Self.downloadDestination("archive.zip")
        defer { try? FileManager.default.removeItem(at: archive) }
        try await assertSameRequests([
            RequestCase(name: "zen", original: { try urlRequest(for: Target.zen) },
                        generated: { _ = try await service($0).zen() }),
            RequestCase(name: "user", original: { try urlRequest(for: Target.user(login: "octocat")) },
                        generated: { _ = try await service($0).user(login: "octocat") }),
            RequestCase(name: "userRepos (type nil)", original: { try urlRequest(for: Target.userRepos(login: "octocat", type: nil, sort: .updated, page: 2)) },
                        generated: { _ = try await service($0).userRepos(login: "octocat", sort: .updated, page: 2) }),
            RequestCase(name: "userRepos (type owner)", original: { try urlRequest(for: Target.userRepos(login: "octocat", type: .owner, sort: .fullName, page: 1)) },
                        generated: { _ = try await service($0).userRepos(login: "octocat", type: .owner, sort: .fullName, page: 1) }),
            RequestCase(name: "repo", original: { try urlRequest(for: Target.repo(owner: "octocat", name: "Hello-World")) },
                        generated: { _ = try await service($0).repo(owner: "octocat", name: "Hello-World") }),
            RequestCase(name: "issues (no labels, assignee nil)",
                        original: { try urlRequest(for: Target.issues(owner: "octocat", repo: "Hello-World", state: .open, labels: [], assignee: nil)) },
                        generated: { _ = try await service($0).issues(owner: "octocat", repo: "Hello-World", state: .open) }),
            // `labels` is computed at run time (warned: left out).
            RequestCase(name: "issues (labels, assignee mona)",
                        original: { try urlRequest(for: Target.issues(owner: "octocat", repo: "Hello-World", state: .closed, labels: ["bug", "ui"], assignee: "mona")) },
                        generated: { _ = try await service($0).issues(owner: "octocat", repo: "Hello-World", state: .closed, assignee: "mona") },
                        differences: [.leftOut("labels")]),
            RequestCase(name: "issue", original: { try urlRequest(for: Target.issue(owner: "octocat", repo: "Hello-World", number: 1347)) },
                        generated: { _ = try await service($0).issue(owner: "octocat", repo: "Hello-World", number: 1347) }),
            RequestCase(name: "createIssue (body, milestone)", original: { try urlRequest(for: Target.createIssue(owner: "octocat", repo: "Hello-World", body: issue)) },
                        generated: {
                            _ = try await service($0).createIssue(owner: "octocat", repo: "Hello-World",
                                                                  body: .init(title: "Crash on launch", body: "Steps: open the app.", assignees: ["octocat"], labels: ["bug"], milestone: 3))
                        }),
            RequestCase(name: "createIssue (body nil, milestone nil)", original: { try urlRequest(for: Target.createIssue(owner: "octocat", repo: "Hello-World", body: bareIssue)) },
                        generated: {
                            _ = try await service($0).createIssue(owner: "octocat", repo: "Hello-World", body: .init(title: "Crash on launch", assignees: [], labels: []))
                        }),
            // The layer's snake_case encoder writes stateReason as state_reason (warned: its own JSONEncoder).
            RequestCase(name: "updateIssue (state, stateReason)",
                        original: { try urlRequest(for: Target.updateIssue(owner: "octocat", repo: "Hello-World", number: 1347,
                                                                           patch: SwiftLayerMoyaSplit.IssuePatch(title: nil, state: .closed, stateReason: .completed, labels: nil))) },
                        generated: { _ = try await service($0).updateIssue(owner: "octocat", repo: "Hello-World", number: 1347, body: .init(state: .closed, stateReason: .completed)) },
                        differences: [.encoderKey(original: "state_reason", spec: "stateReason")]),
            RequestCase(name: "updateIssue (title, labels)",
                        original: { try urlRequest(for: Target.updateIssue(owner: "octocat", repo: "Hello-World", number: 1347,
                                                                           patch: SwiftLayerMoyaSplit.IssuePatch(title: "Crash on cold launch", state: nil, stateReason: nil, labels: ["bug", "p1"]))) },
                        generated: { _ = try await service($0).updateIssue(owner: "octocat", repo: "Hello-World", number: 1347, body: .init(title: "Crash on cold launch", labels: ["bug", "p1"])) }),
            RequestCase(name: "starRepo", original: { try urlRequest(for: Target.starRepo(owner: "octocat", repo: "Hello-World")) },
                        generated: { _ = try await service($0).starRepo(owner: "octocat", repo: "Hello-World") }),
            RequestCase(name: "unstarRepo", original: { try urlRequest(for: Target.unstarRepo(owner: "octocat", repo: "Hello-World")) },
                        generated: { _ = try await service($0).unstarRepo(owner: "octocat", repo: "Hello-World") }),
            RequestCase(name: "searchRepositories (sort nil, order nil)", original: { try urlRequest(for: Target.searchRepositories(query: "tetris language:swift", sort: nil, order: nil)) },
                        generated: { _ = try await service($0).searchRepositories(query: "tetris language:swift") }),
            RequestCase(name: "searchRepositories (sort, order)", original: { try urlRequest(for: Target.searchRepositories(query: "tetris language:swift", sort: "stars", order: "desc")) },
                        generated: { _ = try await service($0).searchRepositories(query: "tetris language:swift", sort: "stars", order: "desc") }),
            RequestCase(name: "renderMarkdown (context nil)", original: { try urlRequest(for: Target.renderMarkdown(text: "Hello **world**", mode: "markdown", context: nil)) },
                        generated: { _ = try await service($0).renderMarkdown(body: .init(text: "Hello **world**", mode: "markdown")) }),
            RequestCase(name: "renderMarkdown (context)", original: { try urlRequest(for: Target.renderMarkdown(text: "Fixes #1347", mode: "gfm", context: "octocat/Hello-World")) },
                        generated: { _ = try await service($0).renderMarkdown(body: .init(text: "Fixes #1347", mode: "gfm", context: "octocat/Hello-World")) }),
            RequestCase(name: "renderRawMarkdown", original: { try urlRequest(for: Target.renderRawMarkdown(text: "# Title\n\nSome *text*.")) },
                        generated: { _ = try await service($0).renderRawMarkdown(body: Data("# Title\n\nSome *text*.".utf8)) }),
            RequestCase(name: "downloadArchive", original: { try urlRequest(for: Target.downloadArchive(owner: "octocat", repo: "Hello-World", ref: "main")) },
                        generated: { _ = try await service($0).downloadArchive(owner: "octocat", repo: "Hello-World", ref: "main", to: archive) }),
        ], client: { Self.client($0) })
    }

    func testMoyaShopAPI() async throws {
        typealias Target = SwiftLayerMoyaSplit.ShopAPI
        func service(_ client: APIClient) -> ShopService { ShopService(client: client) }
        // BaseTargetType's Content-Type: application/json on every request (warned: left out where there is no body).
        let bodiless: Set<ExpectedDifference> = [.headerNotSent("content-type")]
        let avatar = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01])
        let photos = [Data([0xFF, 0xD8, 0xFF, 0xE1, 0x01]), Data([0xFF, 0xD8, 0xFF, 0xE1, 0x02])]
        let order = SwiftLayerMoyaSplit.OrderRequest(items: [.init(productID: 42, quantity: 2), .init(productID: 7, quantity: 1)], couponCode: "SUMMER10", delivery: .express)
        let plainOrder = SwiftLayerMoyaSplit.OrderRequest(items: [.init(productID: 42, quantity: 1)], couponCode: nil, delivery: .storePickup)
        let invoice = Self.downloadDestination("invoice.pdf")
        defer { try? FileManager.default.removeItem(at: invoice) }
        try await assertSameRequests([
            // An empty path: Moya sends the base URL itself, the spec a trailing slash (warned).
            RequestCase(name: "home", original: { try urlRequest(for: Target.home) },
                        generated: { _ = try await service($0).home() }, differences: bodiless.union([.url])),
            // Alamofire writes the Bool in_stock as 1 (warned).
            RequestCase(name: "products (category nil)", original: { try urlRequest(for: Target.products(category: nil, tags: ["summer", "sale"], inStock: true, page: 1)) },
                        generated: { _ = try await service($0).products(tags: ["summer", "sale"], inStock: true, page: 1) },
                        differences: bodiless.union([.value("in_stock")])),
            RequestCase(name: "products (category shoes)", original: { try urlRequest(for: Target.products(category: "shoes", tags: [], inStock: false, page: 3)) },
                        generated: { _ = try await service($0).products(category: "shoes", tags: [], inStock: false, page: 3) },
                        differences: bodiless.union([.value("in_stock")])),
            RequestCase(name: "product", original: { try urlRequest(for: Target.product(id: 42)) },
                        generated: { _ = try await service($0).product(id: 42) }, differences: bodiless),
            // The form goes out under the base Content-Type application/json (warned).
            RequestCase(name: "login", original: { try urlRequest(for: Target.login(email: "kim@example.com", password: "p@ss w0rd")) },
                        generated: { _ = try await service($0).login(body: .init(email: "kim@example.com", password: "p@ss w0rd")) },
                        differences: [.contentType]),
            RequestCase(name: "subscribeNewsletter", original: { try urlRequest(for: Target.subscribeNewsletter(email: "kim@example.com", topics: ["deals", "new arrivals"])) },
                        generated: { _ = try await service($0).subscribeNewsletter(body: .init(email: "kim@example.com", topics: ["deals", "new arrivals"])) },
                        differences: [.contentType]),
            // `items` is computed at run time (warned: left out).
            RequestCase(name: "createOrder (coupon)", original: { try urlRequest(for: Target.createOrder(cartID: "c-77", order: order)) },
                        generated: { _ = try await service($0).createOrder(cartID: "c-77", body: .init(delivery: .express, couponCode: "SUMMER10")) },
                        differences: [.leftOut("items")]),
            RequestCase(name: "createOrder (coupon nil)", original: { try urlRequest(for: Target.createOrder(cartID: "c-78", order: plainOrder)) },
                        generated: { _ = try await service($0).createOrder(cartID: "c-78", body: .init(delivery: .storePickup)) },
                        differences: [.leftOut("items")]),
            // Alamofire writes the Bool notify_seller as 1 (warned).
            RequestCase(name: "updateOrderNote", original: { try urlRequest(for: Target.updateOrderNote(orderID: 1001, note: "Leave it at the door")) },
                        generated: { _ = try await service($0).updateOrderNote(orderID: 1001, body: Data("Leave it at the door".utf8)) },
                        differences: [.value("notify_seller")]),
            RequestCase(name: "removeCartItems", original: { try urlRequest(for: Target.removeCartItems(cartID: "c-77", itemIDs: [3, 5])) },
                        generated: { _ = try await service($0).removeCartItems(cartID: "c-77", itemIDs: [3, 5]) }, differences: bodiless),
            RequestCase(name: "uploadAvatar", original: { try urlRequest(for: Target.uploadAvatar(image: avatar, caption: "Me at the beach"), multipartBoundary: Self.boundary) },
                        generated: {
                            _ = try await service($0).uploadAvatar(body: .init(image: File(data: avatar, fileName: "a.jpg", mimeType: "image/jpeg"), caption: "Me at the beach"))
                        }),
            // The photo parts are built at run time (warned: the spec has none).
            RequestCase(name: "uploadReviewPhotos", original: { try urlRequest(for: Target.uploadReviewPhotos(productID: 42, photos: photos, rating: 5), multipartBoundary: Self.boundary) },
                        generated: { _ = try await service($0).uploadReviewPhotos(productID: 42, rating: 5) }, differences: [.partsLeftOut]),
            RequestCase(name: "invoice", original: { try urlRequest(for: Target.invoice(orderID: 1001, format: .pdf)) },
                        generated: { _ = try await service($0).invoice(orderID: 1001, format: .pdf, to: invoice) }, differences: bodiless),
        ], client: { Self.client($0) })
    }

    func testMoyaAnalyticsAPI() async throws {
        typealias Target = SwiftLayerMoyaSplit.AnalyticsAPI
        func service(_ client: APIClient) -> AnalyticsService { AnalyticsService(client: client) }
        let opened = SwiftLayerMoyaSplit.AnalyticsEvent(name: "app_open", properties: ["source": "push"], occurredAt: nil)
        let purchased = SwiftLayerMoyaSplit.AnalyticsEvent(name: "purchase", properties: ["sku": "A-42", "currency": "EUR"], occurredAt: "2024-12-01T08:30:00Z")
        try await assertSameRequests([
            RequestCase(name: "track (occurredAt nil)", original: { try urlRequest(for: Target.track(event: opened)) },
                        generated: { _ = try await service($0).track(body: .init(name: "app_open", properties: ["source": "push"])) }),
            RequestCase(name: "track (occurredAt)", original: { try urlRequest(for: Target.track(event: purchased)) },
                        generated: {
                            _ = try await service($0).track(body: .init(name: "purchase", properties: ["sku": "A-42", "currency": "EUR"], occurredAt: "2024-12-01T08:30:00Z"))
                        }),
            RequestCase(name: "batch", original: { try urlRequest(for: Target.batch(events: [opened, purchased])) },
                        generated: {
                            _ = try await service($0).batch(body: [.init(name: "app_open", properties: ["source": "push"]),
                                                                  .init(name: "purchase", properties: ["sku": "A-42", "currency": "EUR"], occurredAt: "2024-12-01T08:30:00Z")])
                        }),
            RequestCase(name: "identify", original: { try urlRequest(for: Target.identify(userID: "u-1001", traits: ["plan": "pro", "locale": "ko-KR"])) },
                        generated: { _ = try await service($0).identify(body: .init(userID: "u-1001", traits: ["plan": "pro", "locale": "ko-KR"])) }),
        ], client: { Self.client($0, apiKey: SwiftLayerMoyaSplit.APIConstants.analyticsKey) })
    }

    // MARK: - alamofire-router

    func testAlamofireUserRouter() async throws {
        typealias Router = SwiftLayerAlamofireRouter.UserRouter
        func service(_ client: APIClient) -> UserService { UserService(client: client) }
        try await assertSameRequests([
            RequestCase(name: "login", original: { try Router.login(email: "kim@example.com", password: "p@ss w0rd").asURLRequest() },
                        generated: { _ = try await service($0).login(body: .init(email: "kim@example.com", password: "p@ss w0rd")) }),
            RequestCase(name: "me", original: { try Router.me.asURLRequest() },
                        generated: { _ = try await service($0).me() }),
            RequestCase(name: "user", original: { try Router.user(id: 1001).asURLRequest() },
                        generated: { _ = try await service($0).user(id: 1001) }),
            RequestCase(name: "users (query nil)", original: { try Router.users(page: 1, perPage: 50, query: nil).asURLRequest() },
                        generated: { _ = try await service($0).users(page: 1, perPage: 50) }),
            RequestCase(name: "users (query)", original: { try Router.users(page: 2, perPage: 20, query: "kim & lee").asURLRequest() },
                        generated: { _ = try await service($0).users(page: 2, perPage: 20, query: "kim & lee") }),
            RequestCase(name: "updateProfile (bio nil)", original: { try Router.updateProfile(id: 1001, name: "Kim Doyeon", bio: nil).asURLRequest() },
                        generated: { _ = try await service($0).updateProfile(id: 1001, body: .init(name: "Kim Doyeon")) }),
            RequestCase(name: "updateProfile (bio)", original: { try Router.updateProfile(id: 1001, name: "Kim Doyeon", bio: "iOS developer in Seoul").asURLRequest() },
                        generated: { _ = try await service($0).updateProfile(id: 1001, body: .init(name: "Kim Doyeon", bio: "iOS developer in Seoul")) }),
            RequestCase(name: "deleteUser", original: { try Router.deleteUser(id: 1001).asURLRequest() },
                        generated: { _ = try await service($0).deleteUser(id: 1001) }),
            RequestCase(name: "follow", original: { try Router.follow(id: 2002).asURLRequest() },
                        generated: { _ = try await service($0).follow(id: 2002) }),
            RequestCase(name: "followers", original: { try Router.followers(id: 2002, page: 3).asURLRequest() },
                        generated: { _ = try await service($0).followers(id: 2002, page: 3) }),
        ], client: { Self.client($0) })
    }

    func testAlamofirePostRouter() async throws {
        typealias Router = SwiftLayerAlamofireRouter.PostRouter
        func service(_ client: APIClient) -> PostService { PostService(client: client) }
        try await assertSameRequests([
            RequestCase(name: "feed", original: { try Router.feed(page: 2, tags: ["swift", "ios"], includeDrafts: false).asURLRequest() },
                        generated: { _ = try await service($0).feed(page: 2, tags: ["swift", "ios"], includeDrafts: false) }),
            RequestCase(name: "post", original: { try Router.post(id: 77).asURLRequest() },
                        generated: { _ = try await service($0).post(id: 77) }),
            RequestCase(name: "create", original: { try Router.create(title: "Hello", body: "First post.", tags: ["intro"]).asURLRequest() },
                        generated: { _ = try await service($0).create(body: .init(title: "Hello", body: "First post.", tags: ["intro"])) }),
            RequestCase(name: "update (title, body)", original: { try Router.update(id: 77, title: "Hello again", body: "Edited.").asURLRequest() },
                        generated: { _ = try await service($0).update(id: 77, body: .init(title: "Hello again", body: "Edited.")) }),
            RequestCase(name: "update (title nil, body nil)", original: { try Router.update(id: 77, title: nil, body: nil).asURLRequest() },
                        generated: { _ = try await service($0).update(id: 77, body: .init()) }),
            RequestCase(name: "delete", original: { try Router.delete(id: 77).asURLRequest() },
                        generated: { _ = try await service($0).delete(id: 77) }),
            RequestCase(name: "search", original: { try Router.search(query: "async/await", page: 1).asURLRequest() },
                        generated: { _ = try await service($0).search(query: "async/await", page: 1) }),
            RequestCase(name: "like", original: { try Router.like(postID: 77).asURLRequest() },
                        generated: { _ = try await service($0).like(postID: 77) }),
            RequestCase(name: "report", original: { try Router.report(postID: 77, reason: "spam & ads").asURLRequest() },
                        generated: { _ = try await service($0).report(postID: 77, body: .init(reason: "spam & ads")) }),
        ], client: { Self.client($0) })
    }
}
