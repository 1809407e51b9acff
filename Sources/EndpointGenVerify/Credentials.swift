import EndpointGenSpec
import EndpointRuntime
import Foundation

/// The credentials verify sends, read from the environment and never from a spec or a values
/// file (both are committed); nothing prints them. Each is given to the runtime's
/// `Authentication`, so they travel as the generated code's do: only to the base URL's origin,
/// never on a redirect to another.
public struct VerifyCredentials: Sendable {
    /// `ENDPOINTGEN_VERIFY_TOKEN`: the bearer token of `auth: bearer` endpoints.
    public var token: String?
    /// `ENDPOINTGEN_VERIFY_API_KEY`: the key of `apiKey(…)` and `apiKeyQuery(…)` endpoints.
    public var apiKey: String?
    /// `ENDPOINTGEN_VERIFY_USER` and `ENDPOINTGEN_VERIFY_PASSWORD`: `auth: basic`.
    public var user: String?
    public var password: String?
    /// `ENDPOINTGEN_VERIFY_COOKIE`: the `Cookie` header value of `auth: cookie` endpoints
    /// (`SESSION=…; XSRF-TOKEN=…`).
    public var cookie: String?

    public init(token: String? = nil, apiKey: String? = nil, user: String? = nil, password: String? = nil, cookie: String? = nil) {
        self.token = token
        self.apiKey = apiKey
        self.user = user
        self.password = password
        self.cookie = cookie
    }

    /// The variables, for `--help` and the docs.
    public static let variables = [
        "ENDPOINTGEN_VERIFY_TOKEN", "ENDPOINTGEN_VERIFY_API_KEY", "ENDPOINTGEN_VERIFY_USER",
        "ENDPOINTGEN_VERIFY_PASSWORD", "ENDPOINTGEN_VERIFY_COOKIE",
    ]

    /// The credentials the environment gives (an empty variable counts as none).
    public static func from(environment: [String: String]) -> VerifyCredentials {
        func value(_ name: String) -> String? {
            guard let text = environment[name], !text.isEmpty else { return nil }
            return text
        }
        return VerifyCredentials(
            token: value("ENDPOINTGEN_VERIFY_TOKEN"), apiKey: value("ENDPOINTGEN_VERIFY_API_KEY"),
            user: value("ENDPOINTGEN_VERIFY_USER"), password: value("ENDPOINTGEN_VERIFY_PASSWORD"),
            cookie: value("ENDPOINTGEN_VERIFY_COOKIE"))
    }

    /// The variable `auth` needs and the environment does not give; nil when it can be sent.
    func missing(for auth: Auth) -> String? {
        switch auth {
        case .none: return nil
        case .bearer: return token == nil ? "ENDPOINTGEN_VERIFY_TOKEN" : nil
        case .apiKey, .apiKeyInQuery: return apiKey == nil ? "ENDPOINTGEN_VERIFY_API_KEY" : nil
        case .basic: return user == nil || password == nil ? "ENDPOINTGEN_VERIFY_USER and ENDPOINTGEN_VERIFY_PASSWORD" : nil
        case .cookie: return cookie == nil ? "ENDPOINTGEN_VERIFY_COOKIE" : nil
        }
    }

    /// The runtime's credentials. A 401 is an answer to report, not a reason to renew: the
    /// token's refresh does nothing, so the client retries once with the same token and returns
    /// the second 401.
    func authentication() -> Authentication {
        let token = token
        let cookie = cookie
        var basic: (@Sendable () async throws -> BasicCredentials?)?
        if let user, let password {
            basic = { BasicCredentials(user: user, password: password) }
        }
        return Authentication(
            tokenProvider: token.map { value in ClosureTokenProvider(token: { value }, refresh: {}) },
            // Asked only for URLs of the request's own origin (the runtime's rule).
            cookies: cookie.map { value in CookieSource.header({ _ in value }) },
            apiKey: apiKey,
            basicCredentials: basic)
    }
}
