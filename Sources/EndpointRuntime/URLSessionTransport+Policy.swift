import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSessionTransport {
    /// What an app decides about its URL session beyond the `URLSessionConfiguration`: pinning,
    /// a client certificate, caching and task metrics. The runtime's own rules stay the runtime's
    /// whatever the policy: redirects (`RedirectPolicy`), credentials (`Authentication`; the
    /// configuration's credential storage and cookie storage are never used), the size limit and
    /// the deadline.
    ///
    /// Every authentication challenge the policy does not answer is rejected rather than left to
    /// the system's default handling, which on Apple platforms may answer NTLM, Negotiate
    /// (Kerberos) or a client-certificate request with credentials the system holds (a managed
    /// device's single sign-on, a keychain identity), outside the runtime's rules on where
    /// credentials go. The server's certificate alone keeps the system's evaluation when no
    /// `serverTrust` narrows it. See docs/security.md, "The URL session's policy".
    ///
    /// ```swift
    /// let configuration = URLSessionConfiguration.default
    /// configuration.urlCache = URLCache(memoryCapacity: 8 << 20, diskCapacity: 64 << 20)
    /// let transport = URLSessionTransport(configuration: configuration, policy: .init(
    ///     serverTrust: ServerTrustPolicy(pins: ["api.example.com": [.publicKeySHA256(pin), .publicKeySHA256(backupPin)]]),
    ///     clientCertificate: { _ in URLCredential(identity: identity, certificates: nil, persistence: .forSession) },
    ///     caching: .configuration,
    ///     metrics: { request, metrics in Telemetry.record(request, metrics) }))
    /// let client = APIClient(transport: transport)
    /// ```
    public struct Policy: Sendable {
        /// Pins the server's certificate must match, beyond the system's evaluation; nil leaves
        /// the system's evaluation alone (`ServerTrustPolicy`).
        public var serverTrust: ServerTrustPolicy?
        /// Answers a server's request for a client certificate (mutual TLS) with a credential
        /// (`URLCredential(identity:certificates:persistence:)`), or nil to go on without one.
        /// Called on the session's delegate queue with the challenge's protection space (its
        /// `host`, and on Apple platforms the `distinguishedNames` of the accepted issuers). Nil:
        /// no certificate is ever sent.
        public var clientCertificate: (@Sendable (URLProtectionSpace) -> URLCredential?)?
        /// Whether the configuration's `urlCache` and `requestCachePolicy` are used.
        public var caching: Caching
        /// Called with each task's metrics and the request it sent (one task per redirect hop and
        /// per attempt), on the session's delegate queue: Alamofire's `EventMonitor`
        /// `didGatherMetrics`. Apple platforms only: FoundationNetworking collects no metrics.
        public var metrics: (@Sendable (URLRequest, URLSessionTaskMetrics) -> Void)?

        /// A policy; by default no pins, no client certificate, no cache, no metrics.
        public init(serverTrust: ServerTrustPolicy? = nil,
                    clientCertificate: (@Sendable (URLProtectionSpace) -> URLCredential?)? = nil,
                    caching: Caching = .none,
                    metrics: (@Sendable (URLRequest, URLSessionTaskMetrics) -> Void)? = nil) {
            self.serverTrust = serverTrust
            self.clientCertificate = clientCertificate
            self.caching = caching
            self.metrics = metrics
        }
    }

    /// Whether `URLSessionTransport` answers from a URL cache.
    public enum Caching: Sendable, Hashable {
        /// No cache: every request goes to the network, whatever the configuration says (the
        /// configuration's `urlCache` is dropped, its policy `.reloadIgnoringLocalCacheData`).
        case none
        /// The configuration's `urlCache` and `requestCachePolicy`, as the app set them: URLSession
        /// may answer a GET from its cache, or revalidate it itself (sending its own
        /// `If-None-Match`) and hand over the cached 200 when the server says 304. The caller
        /// then sees that 200, never the 304 it did not ask for: a per-status endpoint gets its
        /// `ok` case. A request that carries its own validator or range (`If-None-Match`,
        /// `If-Modified-Since`, `If-Match`, `If-Unmodified-Since`, `If-Range`, `Range`), a
        /// streamed response and a download go past the cache, so the app's conditional request
        /// reaches the server and its 304 comes back as the `notModified` case.
        case configuration
    }
}

extension URLSessionTransport.Caching {
    /// Headers by which a request handles validation or ranges itself: such a request goes past the cache.
    static let ownValidationHeaders = ["If-None-Match", "If-Modified-Since", "If-Match", "If-Unmodified-Since", "If-Range", "Range"]

    /// Whether URLSession's cache may answer `request`.
    static func cacheMayAnswer(_ request: URLRequest) -> Bool {
        let method = (request.httpMethod ?? "GET").uppercased()
        guard method == "GET" || method == "HEAD" else { return false }
        return !ownValidationHeaders.contains { request.value(forHTTPHeaderField: $0) != nil }
    }
}
