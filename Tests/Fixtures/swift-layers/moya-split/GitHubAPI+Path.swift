import Foundation
import MoyaStandIn

extension GitHubAPI {
    var path: String {
        switch self {
        case .zen:
            return "/zen"
        case .user(let login):
            return "/users/\(login)"
        case .userRepos(let login, _, _, _):
            return "/users/\(login)/repos"
        case .repo(owner: let owner, name: let name):
            return "/repos/\(owner)/\(name)"
        case .issues(let owner, let repo, _, _, _), .createIssue(let owner, let repo, _):
            return "/repos/\(owner)/\(repo)/issues"
        case let .issue(owner, repo, number), let .updateIssue(owner, repo, number, _):
            return "/repos/\(owner)/\(repo)/issues/\(number)"
        case .starRepo(let owner, let repo), .unstarRepo(let owner, let repo):
            return "/user/starred/\(owner)/\(repo)"
        case .searchRepositories:
            return "/search/repositories"
        case .renderMarkdown:
            return "/markdown"
        case .renderRawMarkdown:
            return "/markdown/raw"
        case let .downloadArchive(owner, repo, ref):
            return "/repos/\(owner)/\(repo)/zipball/\(ref)"
        }
    }
}
