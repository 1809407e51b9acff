import Foundation
import MoyaStandIn

extension GitHubAPI {
    var method: Moya.Method {
        switch self {
        case .createIssue, .renderMarkdown, .renderRawMarkdown:
            return .post
        case .updateIssue:
            return .patch
        case .starRepo:
            return .put
        case .unstarRepo:
            return .delete
        default:
            return .get
        }
    }
}
