import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How the client follows HTTP redirects. The client follows them itself, for every transport
/// (transports return a 3xx as it came), so that one policy decides what each hop carries:
///
/// - 301, 302, 303, 307 and 308 with a `Location` are followed, up to `maxRedirects`;
/// - 301/302 after a POST and 303 after anything but GET/HEAD become a GET without a body (as the
///   Fetch standard specifies); 307 and 308 keep the method and the body;
/// - credentials (bearer token, basic credentials, API key header or query item, the app's
///   cookies, `Proxy-Authorization` and every header in `Endpoint.credentialHeaders`) go only to
///   the origin (scheme, host, port) of the first request, and only until a hop has left it (no
///   later hop of that attempt carries them, even back on that origin, as the Fetch standard
///   says); elsewhere, cookies are only those an `HTTPCookieStorage` holds for that URL (RFC 6265
///   domain, path and secure rules) and not for the first origin;
/// - `https` to `http` is refused unless `allowsInsecureDowngrade`, any other scheme always;
/// - `Set-Cookie` of every response in the chain is stored.
///
/// With `maxRedirects` 0 (`.none`), or for an endpoint whose `followsRedirects` is false, a 3xx is
/// the answer: `APIClient.response(_:baseURL:)` returns it with its `Location`.
public struct RedirectPolicy: Sendable, Hashable {
    /// The most redirects followed for one request; one more fails with `.transport(.tooManyRedirects)`.
    public var maxRedirects: Int
    /// Whether an `https` request may be redirected to `http` (credentials are dropped there anyway).
    public var allowsInsecureDowngrade: Bool

    /// A policy; by default up to 20 redirects (as browsers and URLSession), never to plain http from https.
    public init(maxRedirects: Int = 20, allowsInsecureDowngrade: Bool = false) {
        self.maxRedirects = max(0, maxRedirects)
        self.allowsInsecureDowngrade = allowsInsecureDowngrade
    }

    /// Up to 20 redirects; https to http refused.
    public static let `default` = RedirectPolicy()
    /// Follows no redirect: a 3xx is returned to the caller.
    public static let none = RedirectPolicy(maxRedirects: 0)

    static let followedStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// The request for the next hop after `response` to `request`, nil when `response` is not a
    /// redirect to follow. `request` is the hop as built before credentials and plugins.
    func nextRequest(after response: HTTPResponse, to request: URLRequest, redirectsSoFar: Int) throws(APIError) -> URLRequest? {
        guard maxRedirects > 0, Self.followedStatuses.contains(response.status),
              let location = response.header("Location"), let current = request.url
        else { return nil }
        guard redirectsSoFar < maxRedirects else {
            throw .transport(.tooManyRedirects)
        }
        // A Location is a URI reference (RFC 9110 10.2.2), resolved against the request's URL;
        // made valid first (`ServerURLText`), so that every platform follows the same one.
        guard let target = ServerURLText.url(location, relativeTo: current),
              let scheme = target.scheme?.lowercased(), target.host?.isEmpty == false
        else {
            throw .transport(.redirectRefused(reason: "The server redirected to a location that is not a valid URL."))
        }
        guard scheme == "http" || scheme == "https" else {
            throw .transport(.redirectRefused(reason: "The server redirected to a \(scheme.debugEscaped): URL; only http and https are followed."))
        }
        if scheme == "http", current.scheme?.lowercased() == "https", !allowsInsecureDowngrade {
            throw .transport(.redirectRefused(reason: "The server redirected from https to plain http."))
        }

        var next = request
        next.url = target
        let method = (request.httpMethod ?? "GET").uppercased()
        let becomesGet = (response.status == 303 && method != "GET" && method != "HEAD")
            || ((response.status == 301 || response.status == 302) && method == "POST")
        if becomesGet {
            next.httpMethod = "GET"
            next.httpBody = nil
            next.httpBodyStream = nil
            // Fetch's request-body-header names: they described the body that is gone.
            for name in ["Content-Type", "Content-Length", "Content-Encoding", "Content-Language", "Content-Location"] {
                next.setValue(nil, forHTTPHeaderField: name)
            }
        }
        return next
    }
}

/// The scheme, host and port of a URL: credentials go only to the origin they were meant for.
package struct Origin: Hashable {
    let scheme: String
    let host: String
    let port: Int

    package init?(_ url: URL?) {
        guard let url, let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
    }
}
