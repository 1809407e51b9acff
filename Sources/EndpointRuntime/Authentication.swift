import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Gives bearer tokens to the client and renews them when the server answers 401.
///
/// The client calls `token()` before every attempt of a `.bearer` endpoint. On a 401 it calls
/// `refresh()` and retries the request once with the new `token()`. However many requests fail
/// with 401 at the same time, only ONE `refresh()` runs; the others wait for it.
///
/// Errors thrown here fail the request: an `APIError` (e.g. from calling a refresh endpoint
/// with another client) as it is, `CancellationError` as `.cancelled`, anything else as
/// `.authentication(description:)`.
public protocol TokenProvider: Sendable {
    /// The current access token; nil sends the request without `Authorization`.
    func token() async throws -> String?
    /// Obtains and stores a new token, so that the next `token()` returns it.
    func refresh() async throws
}

/// A `TokenProvider` made of two closures.
public struct ClosureTokenProvider: TokenProvider {
    private let tokenClosure: @Sendable () async throws -> String?
    private let refreshClosure: @Sendable () async throws -> Void

    /// A provider that calls `token` for the current token and `refresh` to renew it.
    public init(token: @escaping @Sendable () async throws -> String?,
                refresh: @escaping @Sendable () async throws -> Void) {
        tokenClosure = token
        refreshClosure = refresh
    }

    /// Calls the token closure.
    public func token() async throws -> String? { try await tokenClosure() }
    /// Calls the refresh closure.
    public func refresh() async throws { try await refreshClosure() }
}

/// Where cookies for `.cookie` endpoints come from.
public enum CookieSource: Sendable {
    /// Cookies stored for the request URL; `Set-Cookie` of every response (redirects included)
    /// is stored back.
    case storage(HTTPCookieStorage)
    /// The `Cookie` header value for a URL, computed by the app (e.g. from the Keychain); nil
    /// sends none. It is asked only for URLs of the request's own origin. `received`, when given,
    /// gets the cookies of every response's `Set-Cookie` (redirects included) with the URL that
    /// set them, so the app can keep a renewed session.
    case header(@Sendable (URL) async throws -> String?, received: (@Sendable ([HTTPCookie], URL) async -> Void)? = nil)
}

/// A user-id and password for `.basic` endpoints (HTTP Basic authentication, RFC 7617), such as
/// an OAuth 2 client's id and secret at a token endpoint.
public struct BasicCredentials: Sendable, Hashable {
    /// The user-id; it cannot contain a colon.
    public var user: String
    /// The password.
    public var password: String

    /// Credentials sent as `Authorization: Basic <user:password in base64>`.
    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    /// The `Authorization` header value: `user:password` in UTF-8, in base64 (RFC 7617 2.1).
    func headerValue() throws(APIError) -> String {
        // The colon separates the two; control characters are not allowed in either (RFC 7617 2).
        guard !user.contains(":") else {
            throw .invalidRequest(reason: "The basic credentials' user-id contains a colon, which HTTP Basic authentication cannot carry.")
        }
        guard !(user + password).unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalidRequest(reason: "The basic credentials contain a control character, which HTTP Basic authentication does not allow.")
        }
        return "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }
}

/// The credentials a client applies to endpoints according to their `AuthRequirement`.
///
/// An endpoint asking for a credential the client does not have fails with
/// `APIError.invalidRequest` before anything is sent.
public struct Authentication: Sendable {
    /// Bearer tokens for `.bearer` endpoints.
    public var tokenProvider: (any TokenProvider)?
    /// Cookies for `.cookie` endpoints.
    public var cookies: CookieSource?
    /// The key sent for `.apiKey(header:)` endpoints in their header, and for
    /// `.apiKeyInQuery(name:)` endpoints as their query parameter.
    public var apiKey: String?
    /// The user-id and password for `.basic` endpoints, asked for before each request (they may
    /// change, e.g. when the user signs in again); nil sends the request without `Authorization`.
    public var basicCredentials: (@Sendable () async throws -> BasicCredentials?)?

    /// Shared by copies of this value, so that one refresh serves every request of a client.
    let refresher = TokenRefresher()
    /// The same for cookie sessions (`CookieSession.refresh`).
    let sessionRefresher = TokenRefresher()

    /// Credentials for the client. Cookies default to `HTTPCookieStorage.shared`, as URLSession
    /// apps expect; pass `nil` to refuse `.cookie` endpoints, or a storage of your own.
    public init(tokenProvider: (any TokenProvider)? = nil, cookies: CookieSource? = .storage(.shared), apiKey: String? = nil,
                basicCredentials: (@Sendable () async throws -> BasicCredentials?)? = nil) {
        self.tokenProvider = tokenProvider
        self.cookies = cookies
        self.apiKey = apiKey
        self.basicCredentials = basicCredentials
    }

    /// Adds the credential `requirement` asks for; returns the refresh generation the token was read at.
    func authorize(_ request: inout URLRequest, requirement: AuthRequirement, deadline: Deadline) async throws(APIError) -> Int {
        switch requirement {
        case .none:
            return 0
        case .bearer:
            return try await authorizeBearer(&request, deadline: deadline)
        case .cookie:
            return try await authorizeCookie(&request, deadline: deadline)
        case .basic:
            return try await authorizeBasic(&request, deadline: deadline)
        case .apiKey(let name):
            guard let apiKey else {
                throw .invalidRequest(reason: "The endpoint needs an API key in \"\(name)\", but the client has none.")
            }
            let header = HTTPHeader(name: name, value: apiKey)
            try RequestBuilder.validate(header)
            request.setValue(apiKey, forHTTPHeaderField: name)
            return 0
        case .apiKeyInQuery(let name):
            try addAPIKeyToQuery(&request, name: name)
            return 0
        }
    }

    /// `.bearer`: the provider's token as `Authorization: Bearer …`; returns the refresh generation
    /// it was read at.
    private func authorizeBearer(_ request: inout URLRequest, deadline: Deadline) async throws(APIError) -> Int {
        guard let tokenProvider else {
            throw .invalidRequest(reason: "The endpoint needs a bearer token, but the client has no token provider.")
        }
        let generation = refresher.generation
        let token: String?
        do {
            token = try await deadline.run { try await tokenProvider.token() }
        } catch {
            throw Self.map(error)
        }
        if let token {
            let header = HTTPHeader(name: "Authorization", value: "Bearer \(token)")
            try RequestBuilder.validate(header)
            request.setValue(header.value, forHTTPHeaderField: header.name)
        }
        return generation
    }

    /// `.cookie`: the source's `Cookie` value for the URL; returns the cookie session's refresh generation.
    private func authorizeCookie(_ request: inout URLRequest, deadline: Deadline) async throws(APIError) -> Int {
        guard let cookies else {
            throw .invalidRequest(reason: "The endpoint needs cookies, but the client has no cookie source.")
        }
        guard let url = request.url else { return 0 }
        let value: String?
        switch cookies {
        case .storage(let storage):
            value = CookieLimits.header(for: url, from: storage)
        case .header(let provider, _):
            do {
                value = try await deadline.run { try await provider(url) }
            } catch {
                throw Self.map(error)
            }
        }
        if let value {
            let header = HTTPHeader(name: "Cookie", value: value)
            try RequestBuilder.validate(header)
            request.setValue(value, forHTTPHeaderField: "Cookie")
        }
        return sessionRefresher.generation
    }

    /// `.basic`: the credentials, asked for now, as `Authorization: Basic …`.
    private func authorizeBasic(_ request: inout URLRequest, deadline: Deadline) async throws(APIError) -> Int {
        guard let basicCredentials else {
            throw .invalidRequest(reason: "The endpoint needs basic credentials, but the client has none.")
        }
        let credentials: BasicCredentials?
        do {
            credentials = try await deadline.run { try await basicCredentials() }
        } catch {
            throw Self.map(error)
        }
        if let credentials {
            request.setValue(try credentials.headerValue(), forHTTPHeaderField: "Authorization")
        }
        return 0
    }

    /// `.apiKeyInQuery(name:)`: the key appended to the URL's query.
    private func addAPIKeyToQuery(_ request: inout URLRequest, name: String) throws(APIError) {
        guard let apiKey else {
            throw .invalidRequest(reason: "The endpoint needs an API key in the query parameter \"\(name)\", but the client has none.")
        }
        guard let url = request.url, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw .invalidRequest(reason: "The request has no URL to add the API key to.")
        }
        // Encoded as the endpoint's own query items are (everything but unreserved characters).
        let item = PercentEncoding.formEncode([QueryItem(name: name, value: apiKey)])
        let existing = components.percentEncodedQuery ?? ""
        components.percentEncodedQuery = existing.isEmpty ? item : existing + "&" + item
        guard let authorized = components.url else {
            throw .invalidRequest(reason: "Could not add the API key to \"\(url.absoluteString)\".")
        }
        request.url = authorized
    }

    /// Keeps `Set-Cookie` of a response: in the `HTTPCookieStorage`, or handed to the `.header`
    /// source's `received` callback.
    func storeCookies(from response: HTTPResponse, url: URL?) async {
        guard let cookies, let url = response.url ?? url, let setCookie = response.header("Set-Cookie") else { return }
        // Split and read by the client's own rules (`CookieLimits`): bounded, and deletions
        // honoured whatever the platform's storage does.
        let received = CookieLimits.received(setCookie, for: url)
        switch cookies {
        case .storage(let storage):
            CookieLimits.store(received, in: storage, for: url)
        case .header(_, let callback):
            if let callback, !received.isEmpty { await callback(received.map(\.cookie), url) }
        }
    }

    /// The `Cookie` value for a hop to another origin: what the storage holds for `url` (RFC 6265
    /// domain, path and secure rules) minus every cookie it would send to the first origin, since
    /// cookies ignore ports and a session cookie must not follow a redirect to another port. Nil
    /// for app-kept cookies, which are only ever for the first origin.
    func crossOriginCookieHeader(for url: URL, firstOrigin: URL) -> String? {
        guard case .storage(let storage)? = cookies else { return nil }
        let own = Set((storage.cookies(for: firstOrigin) ?? []).map { [$0.name, $0.domain, $0.path] })
        return CookieLimits.header(of: (storage.cookies(for: url) ?? []).filter { !own.contains([$0.name, $0.domain, $0.path]) })
    }

    /// Names of the headers that carry credentials for `endpoint`, lowercased.
    static func credentialHeaderNames(for endpoint: any Endpoint, configured: [String]) -> Set<String> {
        var names: Set<String> = ["authorization", "proxy-authorization", "cookie"]
        if case .apiKey(let name) = endpoint.auth { names.insert(name.lowercased()) }
        for name in endpoint.credentialHeaders { names.insert(name.lowercased()) }
        for name in configured { names.insert(name.lowercased()) }
        return names
    }

    /// Strips every credential from a request bound for another origin: the credential headers
    /// and the API key query item.
    func removeCredentials(from request: inout URLRequest, endpoint: any Endpoint, credentialHeaders: [String]) {
        let names = Self.credentialHeaderNames(for: endpoint, configured: credentialHeaders)
        for name in (request.allHTTPHeaderFields ?? [:]).keys where names.contains(name.lowercased()) {
            request.setValue(nil, forHTTPHeaderField: name)
        }
        if case .apiKeyInQuery(let name) = endpoint.auth, let url = request.url,
           var components = URLComponents(url: url, resolvingAgainstBaseURL: false), let query = components.percentEncodedQuery {
            let key = PercentEncoding.formEncode([QueryItem(name: name, value: "")])
            let kept = query.split(separator: "&", omittingEmptySubsequences: false).filter { item in
                !(item.hasPrefix(key) || item == key.dropLast() || (item.removingPercentEncoding ?? "").hasPrefix(name + "="))
            }
            components.percentEncodedQuery = kept.isEmpty ? nil : kept.joined(separator: "&")
            request.url = components.url ?? url
        }
    }

    /// Echoes the CSRF cookie the request carries in its header (POST, PUT, PATCH, DELETE only:
    /// safe methods need none). Without the cookie nothing is added: the server says why.
    static func applyCSRF(_ token: CSRFToken, to request: inout URLRequest) throws(APIError) {
        let method = (request.httpMethod ?? "GET").uppercased()
        guard method != "GET", method != "HEAD", method != "OPTIONS", method != "TRACE",
              let cookies = request.value(forHTTPHeaderField: "Cookie")
        else { return }
        for pair in cookies.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == token.cookie else { continue }
            let header = HTTPHeader(name: token.header, value: parts[1].trimmingCharacters(in: .whitespaces))
            try RequestBuilder.validate(header)
            request.setValue(header.value, forHTTPHeaderField: header.name)
            return
        }
    }

    /// Renews a cookie session after a 401 of a request sent at `generation`, by `operation`
    /// (sending the refresh endpoint), shared as token refreshes are.
    func refreshSession(after generation: Int, deadline: Deadline, operation: @escaping @Sendable () async throws -> Void) async throws(APIError) {
        try await sessionRefresher.refresh(after: generation, deadline: deadline, operation: operation)
    }

    /// Renews the token after a 401 of a request whose token was read at `generation`, waiting
    /// for it no later than `deadline`.
    func refreshToken(after generation: Int, deadline: Deadline) async throws(APIError) {
        guard let tokenProvider else { return }
        try await refresher.refresh(after: generation, deadline: deadline) {
            try await tokenProvider.refresh()
        }
    }

    static func map(_ error: any Error) -> APIError {
        if let apiError = error as? APIError { return apiError }
        if error is CancellationError { return .cancelled }
        return .authentication(description: String(describing: error))
    }
}

/// Runs at most one token refresh at a time and lets every waiting request share its outcome.
///
/// Each successful refresh starts a new generation. A request that got 401 with a token read in
/// an older generation just retries (someone already refreshed); otherwise it joins the running
/// refresh or starts one. Each waiter stops waiting at its own deadline or cancellation; the
/// refresh goes on while anyone waits for it. When the last waiter has left, the refresh is
/// abandoned (its task cancelled, its late outcome ignored), so a refresh that never returns
/// cannot trap later requests: the next 401 starts a new one.
actor TokenRefresher {
    /// The number of successful refreshes so far, read by every request before it sends (under a
    /// lock, not on the actor: a hop to the actor and back per call cost more than the lookup).
    nonisolated var generation: Int { generations.value }
    private let generations = Counter()
    /// The running refresh, if any, and its identity (a late outcome of an abandoned one is ignored).
    private var running: (id: UInt64, task: Task<Void, Never>)?
    private var waiters: [UInt64: CheckedContinuation<Result<Void, APIError>, Never>] = [:]
    private var nextID: UInt64 = 0

    func refresh(after seen: Int, deadline: Deadline, operation: @escaping @Sendable () async throws -> Void) async throws(APIError) {
        if generation > seen { return }
        try checkCancellation()
        if deadline.hasPassed { throw .transport(.timedOut) }
        if running == nil {
            let id = nextID
            nextID += 1
            // Unstructured on purpose: cancelling the request that started the refresh must not
            // cancel the refresh other requests are waiting for.
            let task = Task {
                let result: Result<Void, APIError>
                do {
                    // Requests made by the refresh itself must not wait for it on their own 401.
                    try await RefreshScope.$isRefreshing.withValue(true) {
                        try await operation()
                    }
                    result = .success(())
                } catch {
                    result = .failure(Authentication.map(error))
                }
                self.complete(result, refresh: id)
            }
            running = (id, task)
        }
        let waiter = nextID
        nextID += 1
        let timer = Task {
            try? await Task.sleep(until: deadline.instant, clock: .continuous)
            if !Task.isCancelled { self.leave(waiter, with: .transport(.timedOut)) }
        }
        defer { timer.cancel() }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiters[waiter] = continuation
            }
        } onCancel: {
            Task { await self.leave(waiter, with: .cancelled) }
        }
        try result.get()
    }

    private func complete(_ result: Result<Void, APIError>, refresh id: UInt64) {
        guard running?.id == id else { return }
        running = nil
        if case .success = result { generations.increment() }
        let waiting = waiters
        waiters = [:]
        for continuation in waiting.values {
            continuation.resume(returning: result)
        }
    }

    private func leave(_ waiter: UInt64, with error: APIError) {
        waiters.removeValue(forKey: waiter)?.resume(returning: .failure(error))
        if waiters.isEmpty, let running {
            running.task.cancel()
            self.running = nil
        }
    }
}

/// A number read from any thread, increased only by its owner (the refresher's actor).
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }
}

/// Marks the task of a running refresh: a 401 inside it is an answer, not a reason to refresh
/// again (which would wait for itself).
enum RefreshScope {
    @TaskLocal static var isRefreshing = false
}

/// Throws `APIError.cancelled` when the current task is cancelled.
func checkCancellation() throws(APIError) {
    if Task.isCancelled { throw .cancelled }
}
