import EndpointGenSpec
import EndpointRuntime
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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
    /// (A `--login`'s cookies stand in for `ENDPOINTGEN_VERIFY_COOKIE`: `RequestPlanner` asks.)
    func missing(for auth: Auth) -> String? {
        switch auth {
        case .none: return nil
        case .bearer: return token == nil ? "ENDPOINTGEN_VERIFY_TOKEN" : nil
        case .apiKey, .apiKeyQuery: return apiKey == nil ? "ENDPOINTGEN_VERIFY_API_KEY" : nil
        case .basic: return user == nil || password == nil ? "ENDPOINTGEN_VERIFY_USER and ENDPOINTGEN_VERIFY_PASSWORD" : nil
        case .cookie: return cookie == nil ? "ENDPOINTGEN_VERIFY_COOKIE" : nil
        }
    }

    /// The runtime's credentials. A 401 is an answer to report, not a reason to renew: the
    /// token's refresh does nothing, so the client retries once with the same token and returns
    /// the second 401.
    func authentication(jar: LoginJar? = nil) -> Authentication {
        let token = token
        let cookie = cookie
        var basic: (@Sendable () async throws -> BasicCredentials?)?
        if let user, let password {
            basic = { BasicCredentials(user: user, password: password) }
        }
        return Authentication(
            tokenProvider: token.map { value in ClosureTokenProvider(token: { value }, refresh: {}) },
            // Asked only for URLs of the request's own origin (the runtime's rule).
            cookies: cookie.map { value in CookieSource.header({ _ in value }) } ?? jar.map { jar in
                CookieSource.header({ url in jar.header(for: url) }, received: { cookies, url in jar.keep(cookies, from: url) })
            },
            apiKey: apiKey,
            basicCredentials: basic)
    }
}

/// The cookies a `--login` endpoint's answers set, in memory for the run (nothing is written to
/// the platform's cookie storage): sent back to the `auth: cookie` endpoints by RFC 6265's domain,
/// path and secure rules, and forgotten when a server deletes or expires one. The runtime asks it
/// only for URLs of the request's own origin.
final class LoginJar: @unchecked Sendable {
    private let lock = NSLock()
    private var cookies: [HTTPCookie] = []

    /// Whether any cookie is kept.
    var isEmpty: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cookies.isEmpty
    }

    /// Keeps `received` (set by an answer from `url`): each replaces one of the same name, domain
    /// and path; an expired one (a deletion) only removes it.
    func keep(_ received: [HTTPCookie], from url: URL) {
        let now = Date()
        lock.lock()
        defer { lock.unlock() }
        for cookie in received {
            cookies.removeAll { $0.name == cookie.name && Self.domain($0) == Self.domain(cookie) && $0.path == cookie.path }
            if (cookie.expiresDate ?? .distantFuture) > now { cookies.append(cookie) }
        }
        cookies.removeAll { ($0.expiresDate ?? .distantFuture) <= now }
    }

    /// The `Cookie` value for `url`: the kept cookies whose domain, path and secure flag match it.
    func header(for url: URL) -> String? {
        guard let host = url.host?.lowercased() else { return nil }
        let path = url.path.isEmpty ? "/" : url.path
        lock.lock()
        let matching = cookies.filter { cookie in
            let domain = Self.domain(cookie)
            let domainMatches = host == domain || (cookie.domain.hasPrefix(".") && host.hasSuffix("." + domain))
            let pathMatches = path == cookie.path || (path.hasPrefix(cookie.path) && (cookie.path.hasSuffix("/") || path.dropFirst(cookie.path.count).hasPrefix("/")))
            return domainMatches && pathMatches && (!cookie.isSecure || url.scheme == "https")
        }
        lock.unlock()
        return matching.isEmpty ? nil : matching.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }

    /// A cookie's domain without its leading dot, lowercased.
    private static func domain(_ cookie: HTTPCookie) -> String {
        (cookie.domain.hasPrefix(".") ? String(cookie.domain.dropFirst()) : cookie.domain).lowercased()
    }
}
