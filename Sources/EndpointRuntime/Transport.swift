import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends one prepared request and returns the response, whatever its status.
///
/// Implementations map their failures to `APIError` (`.transport`, `.cancelled`,
/// `.responseTooLarge`), honour Swift task cancellation, and keep to `context.timeout` for the
/// WHOLE exchange (headers and body) and to `context.maxResponseSize`.
public protocol HTTPTransport: Sendable {
    /// Sends `request` (already authorised and prepared by plugins) for `context.endpoint`.
    func send(_ request: URLRequest, context: TransportContext) async throws(APIError) -> HTTPResponse

    /// Sends `request` and returns as soon as the response head has arrived, with the body as a
    /// stream of chunks (server-sent events, JSON Lines). `context.timeout` is the longest silence
    /// allowed; ending the body's iteration closes the connection. The default reads the whole
    /// body with `send` and hands it over as one chunk.
    func stream(_ request: URLRequest, context: TransportContext) async throws(APIError) -> (HTTPResponseHead, HTTPBodyStream)
}

/// What a transport knows about the request besides the `URLRequest`.
public struct TransportContext: Sendable {
    /// The endpoint being called; stubs answer from its `sampleData`.
    public var endpoint: any Endpoint
    /// `send`: seconds for the whole exchange, from sending to the last body byte. `stream`:
    /// seconds to the response head, then the longest silence of the network while the body's
    /// reader has taken every byte (a reader that lags is not the server's silence).
    public var timeout: TimeInterval
    /// The largest body, in bytes, the transport accepts before failing with `.responseTooLarge`.
    public var maxResponseSize: Int
    /// True when the caller ignores a 2xx body (`response: empty`): the transport need not keep it.
    public var discardsSuccessBody: Bool
    /// Called as the request body goes out (bytes sent so far, the body's size), by transports
    /// that can tell: `CurlTransport` and `URLSessionTransport`. Set from
    /// `APIClient.withUploadProgress(_:_:)`.
    public var uploadProgress: TransferProgressHandler?
    /// False on a redirect hop after the call has left its first origin, which the client sends
    /// with every credential taken off (docs/security.md, "Redirects"): a transport that adds
    /// headers of its own (`URLSessionTransport`'s session headers) adds none to such a hop,
    /// since it cannot tell which of them are credentials.
    public internal(set) var carriesCredentials = true

    /// Creates a context.
    public init(endpoint: any Endpoint, timeout: TimeInterval, maxResponseSize: Int, discardsSuccessBody: Bool = false) {
        self.endpoint = endpoint
        self.timeout = timeout
        self.maxResponseSize = maxResponseSize
        self.discardsSuccessBody = discardsSuccessBody
    }

    /// The endpoint's sample response body.
    public var sampleData: Data { endpoint.sampleData }

    /// `timeout` made safe for timers: at least 1 ms, at most 30 days (also for infinity and NaN).
    public var boundedTimeout: TimeInterval {
        guard timeout.isFinite else { return Self.longestTimeout }
        return min(max(timeout, 0.001), Self.longestTimeout)
    }

    static let longestTimeout: TimeInterval = 30 * 24 * 3600
}

/// A response of any status.
public struct HTTPResponse: Sendable, Hashable {
    /// The HTTP status code.
    public var status: Int
    /// The header fields (a field sent several times is one comma-joined value).
    public var headers: [String: String]
    /// The body; empty when the transport discarded it (see `TransportContext.discardsSuccessBody`).
    public var body: Data
    /// The final URL after redirects, when known.
    public var url: URL?

    /// Creates a response.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data(), url: URL? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
    }

    /// The value of a header, looked up case-insensitively.
    public func header(_ name: String) -> String? {
        Self.value(ofHeader: name, in: headers)
    }

    /// `name`'s value in header fields, looked up case-insensitively.
    static func value(ofHeader name: String, in headers: [String: String]) -> String? {
        if let value = headers[name] { return value }
        let lowered = name.lowercased()
        for (key, value) in headers where key.lowercased() == lowered {
            return value
        }
        return nil
    }

    /// Whether the status is 200–299.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The media type of `Content-Type` without parameters, lowercased (`application/json`).
    public var mediaType: String? {
        guard let contentType = header("Content-Type") else { return nil }
        let type = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return type.trimmingCharacters(in: .whitespaces).lowercased()
    }
}
