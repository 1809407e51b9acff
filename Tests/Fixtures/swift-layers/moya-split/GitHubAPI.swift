import Foundation
import MoyaStandIn

enum GitHubAPI {
    case zen
    case user(login: String)
    case userRepos(login: String, type: RepoType?, sort: RepoSort, page: Int)
    case repo(owner: String, name: String)
    case issues(owner: String, repo: String, state: IssueState, labels: [String], assignee: String?)
    case issue(owner: String, repo: String, number: Int)
    case createIssue(owner: String, repo: String, body: NewIssue)
    case updateIssue(owner: String, repo: String, number: Int, patch: IssuePatch)
    case starRepo(owner: String, repo: String)
    case unstarRepo(owner: String, repo: String)
    case searchRepositories(query: String, sort: String?, order: String?)
    case renderMarkdown(text: String, mode: String, context: String?)
    case renderRawMarkdown(text: String)
    case downloadArchive(owner: String, repo: String, ref: String)
}

extension GitHubAPI: TargetType {
    var baseURL: URL {
        return URL(string: "https://api.github.com")!
    }

    var sampleData: Data {
        switch self {
        case .zen:
            return "Keep it logically awesome.".data(using: .utf8)!
        case .user(let login):
            return "{\"login\": \"\(login)\", \"id\": 583231, \"type\": \"User\"}".data(using: .utf8)!
        case .repo:
            return """
            {
              "id": 1296269,
              "name": "Hello-World",
              "full_name": "octocat/Hello-World",
              "private": false,
              "owner": { "login": "octocat", "id": 583231 },
              "description": "My first repository on GitHub!",
              "topics": ["octocat", "api"],
              "stargazers_count": 80,
              "license": { "key": "mit", "name": "MIT License" }
            }
            """.data(using: .utf8)!
        default:
            return Data()
        }
    }

    var validationType: ValidationType {
        return .successCodes
    }
}
