import Foundation
import MoyaStandIn

extension GitHubAPI {
    var headers: [String: String]? {
        var headers = [
            "Accept": "application/vnd.github+json",
            "X-GitHub-Api-Version": APIConstants.gitHubAPIVersion,
        ]
        switch self {
        case .zen, .searchRepositories:
            // public, no token needed
            break
        case .renderRawMarkdown:
            headers["Content-Type"] = "text/x-markdown"
            headers["Authorization"] = "Bearer \(TokenStore.shared.accessToken ?? "")"
        default:
            headers["Authorization"] = "Bearer \(TokenStore.shared.accessToken ?? "")"
        }
        return headers
    }
}
