import Foundation
import AlamofireStandIn

enum PostRouter: URLRequestConvertible {
    case feed(page: Int, tags: [String], includeDrafts: Bool)
    case post(id: Int)
    case create(title: String, body: String, tags: [String])
    case update(id: Int, title: String?, body: String?)
    case delete(id: Int)
    case search(query: String, page: Int)
    case like(postID: Int)
    case report(postID: Int, reason: String)

    private static let baseURL = URL(string: "https://api.example.com/v2")!

    var method: Alamofire.HTTPMethod {
        switch self {
        case .feed, .post, .search:
            return .get
        case .create, .like, .report:
            return .post
        case .update:
            return .put
        case .delete:
            return .delete
        }
    }

    var path: String {
        switch self {
        case .feed:
            return "/posts"
        case .post(let id), .update(let id, _, _), .delete(let id):
            return "/posts/\(id)"
        case .create:
            return "/posts"
        case .search:
            return "/posts/search"
        case .like(let postID):
            return "/posts/\(postID)/likes"
        case .report(let postID, _):
            return "/posts/\(postID)/reports"
        }
    }

    var parameters: Parameters? {
        switch self {
        case let .feed(page, tags, includeDrafts):
            return ["page": page, "tag": tags, "include_drafts": includeDrafts]
        case let .create(title, body, tags):
            return ["title": title, "body": body, "tags": tags]
        case let .update(_, title, body):
            let params: [String: Any?] = ["title": title, "body": body]
            return params.compactMapValues { $0 }
        case let .search(query, page):
            return ["q": query, "page": page]
        case let .report(_, reason):
            return ["reason": reason]
        case .post, .delete, .like:
            return nil
        }
    }

    var encoding: ParameterEncoding {
        switch self {
        case .feed:
            return URLEncoding(destination: .queryString, arrayEncoding: .noBrackets, boolEncoding: .literal)
        case .search:
            return URLEncoding.queryString
        case .post, .delete, .like:
            return URLEncoding.default
        case .create, .update:
            return JSONEncoding.default
        case .report:
            return URLEncoding.httpBody
        }
    }

    var headers: HTTPHeaders {
        var headers: HTTPHeaders = [.accept("application/json")]
        if let token = AuthSession.shared.accessToken {
            headers.add(.authorization(bearerToken: token))
        }
        switch self {
        case .report:
            headers.add(name: "X-Client-Version", value: AppInfo.version)
        default:
            break
        }
        return headers
    }

    func asURLRequest() throws -> URLRequest {
        let url = PostRouter.baseURL.appendingPathComponent(path)
        var request = try URLRequest(url: url, method: method, headers: headers)
        request.timeoutInterval = 30
        return try encoding.encode(request, with: parameters)
    }
}
