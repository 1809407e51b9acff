import Foundation

/// What a Moya target (usually an enum, one case per endpoint) says about its request.
public protocol TargetType {
    /// The server's base URL; `path` is appended to it.
    var baseURL: URL { get }
    /// The path appended to `baseURL`; empty for the base URL itself.
    var path: String { get }
    /// The HTTP method.
    var method: Moya.Method { get }
    /// A stubbed response body, for tests.
    var sampleData: Data { get }
    /// How parameters, bodies and files go into the request.
    var task: Task { get }
    /// Which status codes count as success.
    var validationType: ValidationType { get }
    /// The request's headers.
    var headers: [String: String]? { get }
}

extension TargetType {
    /// No validation, as in Moya.
    public var validationType: ValidationType { .none }
    /// An empty sample, as in Moya 15.
    public var sampleData: Data { Data() }
}

/// Which status codes Moya accepts as success for a target.
public enum ValidationType: Equatable {
    /// Any status.
    case none
    /// 2xx.
    case successCodes
    /// 2xx and 3xx.
    case successAndRedirectCodes
    /// Exactly these.
    case customCodes([Int])

    /// The accepted status codes; empty for `.none`.
    public var statusCodes: [Int] {
        switch self {
        case .none: return []
        case .successCodes: return Array(200..<300)
        case .successAndRedirectCodes: return Array(200..<400)
        case .customCodes(let codes): return codes
        }
    }
}
