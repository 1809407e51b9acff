import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Hooks around every attempt of a request, called in the order the plugins are given to the client.
///
/// Per attempt: `prepare` (may change the request or fail it), then `willSend`, then the transport,
/// then `didReceive` with the transport's result (any status, or a transport error).
/// Retries and the retry after a token refresh are new attempts and go through all hooks again.
public protocol APIPlugin: Sendable {
    /// Returns the request to send; the default returns it unchanged.
    func prepare(_ request: URLRequest, endpoint: any Endpoint) async throws(APIError) -> URLRequest
    /// Called just before the transport sends `request`.
    func willSend(_ request: URLRequest, endpoint: any Endpoint) async
    /// Called with what the transport returned for `request`, before the client validates it.
    func didReceive(_ result: Result<HTTPResponse, APIError>, request: URLRequest, endpoint: any Endpoint) async
}

extension APIPlugin {
    /// Returns `request` unchanged.
    public func prepare(_ request: URLRequest, endpoint: any Endpoint) async throws(APIError) -> URLRequest {
        request
    }

    /// Does nothing.
    public func willSend(_ request: URLRequest, endpoint: any Endpoint) async {}

    /// Does nothing.
    public func didReceive(_ result: Result<HTTPResponse, APIError>, request: URLRequest, endpoint: any Endpoint) async {}
}

/// Writes one line per request and per response to a sink, with credentials redacted.
///
/// ```swift
/// let client = APIClient(plugins: [LoggingPlugin { print($0) }])
/// // → GET https://api.example.com/v1/questions/1 Authorization: <redacted>
/// // ← 200 GET https://api.example.com/v1/questions/1 (312 bytes)
/// ```
public struct LoggingPlugin: APIPlugin {
    /// Header names (lowercased) whose values are never logged; the header of an `.apiKey`
    /// endpoint and the endpoint's `credentialHeaders` are redacted too, and so is the query
    /// parameter of an `.apiKeyInQuery` one.
    public static let defaultRedactedHeaders: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "x-xsrf-token", "x-csrf-token",
    ]

    private let sink: @Sendable (String) -> Void
    private let redactedHeaders: Set<String>
    private let bodyLimit: Int

    /// A logger writing to `sink`.
    /// - Parameters:
    ///   - redactedHeaders: header names whose values are replaced by `<redacted>` (any case).
    ///   - bodyLimit: how many bytes of request and response bodies to log; 0 logs no bodies.
    ///   - sink: takes each line (`print`, an `os.Logger`, a test's array); called from the
    ///     request's task, so it must be thread-safe.
    public init(redactedHeaders: Set<String> = LoggingPlugin.defaultRedactedHeaders, bodyLimit: Int = 0,
                sink: @escaping @Sendable (String) -> Void) {
        self.sink = sink
        self.redactedHeaders = Set(redactedHeaders.map { $0.lowercased() })
        self.bodyLimit = bodyLimit
    }

    /// Logs the method, URL, headers and (up to `bodyLimit`) the body.
    public func willSend(_ request: URLRequest, endpoint: any Endpoint) async {
        var line = "→ \(request.httpMethod ?? "GET") \(Self.loggedURL(request, endpoint: endpoint))"
        var redacted = redactedHeaders
        if case .apiKey(let name) = endpoint.auth {
            // Whatever header the API key travels in.
            redacted.insert(name.lowercased())
        }
        for name in endpoint.credentialHeaders {
            redacted.insert(name.lowercased())
        }
        if let csrf = endpoint.cookieSession?.csrf {
            redacted.insert(csrf.header.lowercased())
        }
        let headers = (request.allHTTPHeaderFields ?? [:]).sorted { $0.key.lowercased() < $1.key.lowercased() }
        for (name, value) in headers {
            line += " \(name): \(redacted.contains(name.lowercased()) ? "<redacted>" : value)"
        }
        if bodyLimit > 0, let body = request.httpBody, !body.isEmpty {
            line += " body: \(BodyPreview.text(body, limit: bodyLimit))"
        }
        sink(line)
    }

    /// The request's URL with the value of an API key query parameter replaced by `<redacted>`.
    static func loggedURL(_ request: URLRequest, endpoint: any Endpoint) -> String {
        let url = request.url?.textWithoutPassword ?? ""
        guard case .apiKeyInQuery(let name) = endpoint.auth, let mark = url.firstIndex(of: "?") else { return url }
        // `name=`, encoded as the runtime encodes query names.
        let key = PercentEncoding.formEncode([QueryItem(name: name, value: "")])
        let items = url[url.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: false).map { item in
            item.hasPrefix(key) ? key + "<redacted>" : String(item)
        }
        return url[...mark] + items.joined(separator: "&")
    }

    /// Logs the status and body size, or the error.
    public func didReceive(_ result: Result<HTTPResponse, APIError>, request: URLRequest, endpoint: any Endpoint) async {
        let target = "\(request.httpMethod ?? "GET") \(Self.loggedURL(request, endpoint: endpoint))"
        switch result {
        case .success(let response):
            var line = "← \(response.status) \(target) (\(response.body.count) bytes)"
            for (name, _) in response.headers where redactedHeaders.contains(name.lowercased()) {
                line += " \(name): <redacted>"
            }
            if bodyLimit > 0, !response.body.isEmpty {
                line += " body: \(BodyPreview.text(response.body, limit: bodyLimit))"
            }
            sink(line)
        case .failure(let error):
            sink("✕ \(target) \(error)")
        }
    }
}

/// Retries of idempotent requests (GET, PUT, DELETE, HEAD, OPTIONS) after transient failures:
/// timeouts, dropped or refused connections, and the statuses in `retryableStatuses`.
/// POST and PATCH are never retried. The default client uses `.none`.
public struct RetryPolicy: Sendable, Hashable {
    /// Total attempts including the first; 1 means no retry.
    public var maxAttempts: Int
    /// Delay before the first retry, in seconds.
    public var initialDelay: TimeInterval
    /// Factor applied to the delay after each retry.
    public var multiplier: Double
    /// Upper bound of any delay, including one asked for by `Retry-After`.
    public var maxDelay: TimeInterval
    /// Statuses worth another attempt.
    public var retryableStatuses: Set<Int>

    /// A policy; `maxAttempts` below 1 counts as 1.
    public init(maxAttempts: Int, initialDelay: TimeInterval = 0.5, multiplier: Double = 2, maxDelay: TimeInterval = 30,
                retryableStatuses: Set<Int> = [408, 429, 502, 503, 504]) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialDelay = max(0, initialDelay)
        self.multiplier = max(1, multiplier)
        self.maxDelay = max(0, maxDelay)
        self.retryableStatuses = retryableStatuses
    }

    /// Never retry.
    public static let none = RetryPolicy(maxAttempts: 1)

    /// Whether attempt number `attempt` (1-based) of `method` that failed with `error` is tried again.
    public func shouldRetry(_ method: HTTPMethod, attempt: Int, error: APIError) -> Bool {
        guard method.isIdempotent, attempt < maxAttempts else { return false }
        if case .transport(let failure) = error {
            switch failure {
            case .timedOut, .connectionLost, .cannotConnect: return true
            case .notConnected, .tooManyRedirects, .redirectRefused, .badResponse, .other: return false
            }
        }
        return false
    }

    /// Whether attempt number `attempt` of `method` that got `status` is tried again.
    public func shouldRetry(_ method: HTTPMethod, attempt: Int, status: Int) -> Bool {
        method.isIdempotent && attempt < maxAttempts && retryableStatuses.contains(status)
    }

    /// Seconds to wait before attempt `attempt + 1`. A server's `Retry-After` wins when it can be
    /// read: seconds, or an HTTP date (the time from `now` until then; none when it has passed).
    public func delay(afterAttempt attempt: Int, retryAfter: String? = nil, now: Date = Date()) -> TimeInterval {
        if let retryAfter {
            let text = retryAfter.trimmingCharacters(in: .whitespaces)
            if !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                return min(TimeInterval(text) ?? maxDelay, maxDelay)
            }
            if let date = Self.httpDate(text) {
                return min(max(0, date.timeIntervalSince(now)), maxDelay)
            }
        }
        let exponent = Double(max(0, attempt - 1))
        return min(initialDelay * pow(multiplier, exponent), maxDelay)
    }

    /// An HTTP date in any of the three forms RFC 9110 asks recipients to read: IMF-fixdate
    /// (`Sun, 06 Nov 1994 08:49:37 GMT`), RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime
    /// (`Sun Nov  6 08:49:37 1994`). Read rarely (a retry that was told when), so a formatter per call.
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        let collapsed = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        for format in ["EEE, dd MMM yyyy HH:mm:ss 'GMT'", "EEEE, dd-MMM-yy HH:mm:ss 'GMT'", "EEE MMM d HH:mm:ss yyyy"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: collapsed) { return date }
        }
        return nil
    }
}

extension URL {
    /// The URL as text with the password of its user-info (`https://user:pass@host`, which
    /// transports send as Basic credentials) replaced by `<redacted>`: for logs and error texts.
    var textWithoutPassword: String {
        guard let components = URLComponents(url: self, resolvingAgainstBaseURL: true),
              let password = components.percentEncodedPassword, !password.isEmpty,
              let scheme = components.scheme, let authority = absoluteString.range(of: scheme + "://")
        else { return absoluteString }
        let rest = absoluteString[authority.upperBound...]
        guard let at = rest.firstIndex(of: "@"), let colon = rest[..<at].firstIndex(of: ":") else { return absoluteString }
        return String(absoluteString[..<rest.index(after: colon)]) + "<redacted>" + String(rest[at...])
    }
}
