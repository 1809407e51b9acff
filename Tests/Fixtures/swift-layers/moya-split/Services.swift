import Foundation
import MoyaStandIn
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the app's screens call: one method per request, each naming the type it decodes, as
/// apps wrap MoyaProvider (`provider.request(target) { … try response.map(T.self) }`); here on
/// URLSession, since the stand-in has no provider.
final class NetworkClient {
    static let shared = NetworkClient()

    private let session = URLSession(configuration: .default)
    private let decoder = JSONDecoder()

    func request<T: Decodable>(_ target: TargetType, decodingType: T.Type) async throws -> T {
        let (data, _) = try await session.data(for: try urlRequest(for: target))
        return try decoder.decode(T.self, from: data)
    }
}

/// An answer the app does not read.
struct EmptyResponse: Decodable {}

final class RepositoryService {
    private let client = NetworkClient.shared

    func repository(owner: String, name: String) async throws -> Repository {
        try await client.request(GitHubAPI.repo(owner: owner, name: name), decodingType: Repository.self)
    }

    func star(owner: String, repo: String) async throws {
        _ = try await client.request(GitHubAPI.starRepo(owner: owner, repo: repo), decodingType: EmptyResponse.self)
    }
}

final class ProductService {
    private let client = NetworkClient.shared

    func products(category: String?, tags: [String], inStock: Bool, page: Int) async throws -> [Product] {
        try await client.request(ShopAPI.products(category: category, tags: tags, inStock: inStock, page: page), decodingType: [Product].self)
    }

    func product(id: Int) async throws -> Product {
        try await client.request(ShopAPI.product(id: id), decodingType: Product.self)
    }
}
