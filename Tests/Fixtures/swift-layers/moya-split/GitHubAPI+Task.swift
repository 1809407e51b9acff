import Foundation
import MoyaStandIn

extension GitHubAPI {
    var task: Task {
        switch self {
        case .zen, .user, .repo, .issue, .starRepo, .unstarRepo:
            return .requestPlain

        case let .userRepos(_, type, sort, page):
            var parameters: [String: Any] = [
                "sort": sort.rawValue,
                "page": page,
                "per_page": 30,
            ]
            if let type = type {
                parameters["type"] = type.rawValue
            }
            return .requestParameters(parameters: parameters, encoding: URLEncoding.default)

        case let .issues(_, _, state, labels, assignee):
            let parameters: [String: Any?] = [
                "state": state.rawValue,
                "labels": labels.isEmpty ? nil : labels.joined(separator: ","),
                "assignee": assignee,
            ]
            return .requestParameters(parameters: parameters.compactMapValues { $0 }, encoding: URLEncoding.queryString)

        case .createIssue(_, _, let body):
            return .requestJSONEncodable(body)

        case let .updateIssue(_, _, _, patch):
            return .requestCustomJSONEncodable(patch, encoder: GitHubAPI.snakeCaseEncoder)

        case let .searchRepositories(query, sort, order):
            let parameters = ["q": query, "sort": sort, "order": order].compactMapValues { $0 }
            return .requestParameters(parameters: parameters, encoding: URLEncoding.queryString)

        case let .renderMarkdown(text, mode, context):
            var parameters: [String: Any] = ["text": text, "mode": mode]
            if let context = context {
                parameters["context"] = context
            }
            return .requestParameters(parameters: parameters, encoding: JSONEncoding.default)

        case .renderRawMarkdown(let text):
            return .requestData(Data(text.utf8))

        case .downloadArchive:
            return .downloadDestination(GitHubAPI.archiveDestination)
        }
    }

    private static let snakeCaseEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return encoder
    }()

    private static let archiveDestination: DownloadDestination = { _, response in
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        let fileURL = documents.appendingPathComponent(response.suggestedFilename ?? "archive.zip")
        return (fileURL, [.removePreviousFile, .createIntermediateDirectories])
    }
}
