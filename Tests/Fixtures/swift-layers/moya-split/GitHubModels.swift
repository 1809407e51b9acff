import Foundation

enum RepoType: String {
    case all
    case owner
    case member
}

enum RepoSort: String {
    case created
    case updated
    case pushed
    case fullName = "full_name"
}

enum IssueState: String, Codable {
    case open
    case closed
    case all
}

struct NewIssue: Codable {
    let title: String
    let body: String?
    let assignees: [String]
    let labels: [String]
    let milestone: Int?
}

/// Sent with a snake_case encoder: `stateReason` goes out as `state_reason`.
struct IssuePatch: Codable {
    enum StateReason: String, Codable {
        case completed
        case notPlanned = "not_planned"
        case reopened
    }

    var title: String?
    var state: IssueState?
    var stateReason: StateReason?
    var labels: [String]?
}

struct Repository: Codable {
    struct Owner: Codable {
        let login: String
        let id: Int
    }

    struct License: Codable {
        let key: String
        let name: String
    }

    let id: Int
    let name: String
    let fullName: String
    let isPrivate: Bool
    let owner: Owner
    let description: String?
    let topics: [String]?
    let stargazersCount: Int
    let license: License?

    enum CodingKeys: String, CodingKey {
        case id, name, owner, description, topics, license
        case fullName = "full_name"
        case isPrivate = "private"
        case stargazersCount = "stargazers_count"
    }
}
