import Foundation
import AlamofireStandIn

enum UserRouter: URLRequestConvertible {
    case login(email: String, password: String)
    case me
    case user(id: Int)
    case users(page: Int, perPage: Int, query: String?)
    case updateProfile(id: Int, name: String, bio: String?)
    case deleteUser(id: Int)
    case follow(id: Int)
    case followers(id: Int, page: Int)

    static let baseURL = "https://api.example.com/v2"

    var method: HTTPMethod {
        switch self {
        case .login, .follow:
            return .post
        case .updateProfile:
            return .patch
        case .deleteUser:
            return .delete
        case .me, .user, .users, .followers:
            return .get
        }
    }

    var path: String {
        switch self {
        case .login:
            return "/auth/login"
        case .me:
            return "/users/me"
        case .user(let id), .updateProfile(let id, _, _), .deleteUser(let id):
            return "/users/\(id)"
        case .users:
            return "/users"
        case .follow(let id):
            return "/users/\(id)/follow"
        case .followers(let id, _):
            return "/users/\(id)/followers"
        }
    }

    var parameters: Parameters? {
        switch self {
        case let .login(email, password):
            return ["email": email, "password": password]
        case let .users(page, perPage, query):
            var params: Parameters = ["page": page, "per_page": perPage]
            if let query = query {
                params["q"] = query
            }
            return params
        case let .updateProfile(_, name, bio):
            var params: Parameters = ["name": name]
            if let bio = bio {
                params["bio"] = bio
            }
            return params
        case .followers(_, let page):
            return ["page": page]
        case .me, .user, .deleteUser, .follow:
            return nil
        }
    }

    func asURLRequest() throws -> URLRequest {
        let url = try UserRouter.baseURL.asURL()

        var urlRequest = URLRequest(url: url.appendingPathComponent(path))
        urlRequest.httpMethod = method.rawValue

        if let token = AuthSession.shared.accessToken {
            urlRequest.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")

        let encoding: ParameterEncoding = method == .get ? URLEncoding.default : JSONEncoding.default
        return try encoding.encode(urlRequest, with: parameters)
    }
}
