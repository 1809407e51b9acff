import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a `StubTransport` answers: a response or a failure.
public struct StubResponse: Sendable {
    enum Kind: Sendable {
        case sample(status: Int?, headers: [String: String])
        case response(HTTPResponse)
        case failure(APIError)
    }

    let kind: Kind

    /// The endpoint's sample with `Content-Type: application/json`: with `status`, the sample the
    /// endpoint lists for it (`sampleResponses`), else `sampleData`; without, the endpoint's
    /// first listed status and its sample, or 200 with `sampleData`.
    public static func sample(status: Int? = nil, headers: [String: String] = ["Content-Type": "application/json"]) -> StubResponse {
        StubResponse(kind: .sample(status: status, headers: headers))
    }

    /// A response with this status, headers and body.
    public static func response(status: Int, headers: [String: String] = [:], body: Data = Data()) -> StubResponse {
        StubResponse(kind: .response(HTTPResponse(status: status, headers: headers, body: body)))
    }

    /// A JSON response: `body` as UTF-8 with `Content-Type: application/json`.
    public static func json(status: Int = 200, _ body: String, headers: [String: String] = [:]) -> StubResponse {
        var all = headers
        all["Content-Type"] = "application/json"
        return .response(status: status, headers: all, body: Data(body.utf8))
    }

    /// A failure the transport throws instead of answering (`.transport(.timedOut)`, `.cancelled`…).
    public static func failure(_ error: APIError) -> StubResponse {
        StubResponse(kind: .failure(error))
    }
}

/// A transport that answers without a network, from each endpoint's `sampleData` (Moya-style
/// stubbing), for tests and previews.
///
/// It keeps the rules of a real transport: the request's deadline (`TransportContext.timeout`)
/// turns a longer delay into `.transport(.timedOut)`, Task cancellation during a delay gives
/// `.cancelled`, and bodies above `maxResponseSize` give `.responseTooLarge`.
public struct StubTransport: HTTPTransport {
    private let delay: TimeInterval
    private let respond: @Sendable (URLRequest, any Endpoint) async -> StubResponse

    /// Answers every request at once with the endpoint's sample (`StubResponse.sample()`).
    public init() {
        self.init(delay: 0)
    }

    /// Answers every request with the endpoint's sample (`StubResponse.sample()`) after `delay` seconds.
    public init(delay: TimeInterval) {
        self.delay = delay
        self.respond = { _, _ in .sample() }
    }

    /// Answers each request with what `respond` returns (after `delay` seconds).
    public init(delay: TimeInterval = 0, _ respond: @escaping @Sendable (URLRequest) async -> StubResponse) {
        self.delay = delay
        self.respond = { request, _ in await respond(request) }
    }

    /// Answers each request with what `respond` returns for it and its endpoint (after `delay` seconds).
    public init(delay: TimeInterval = 0, endpointAware respond: @escaping @Sendable (URLRequest, any Endpoint) async -> StubResponse) {
        self.delay = delay
        self.respond = respond
    }

    /// Answers immediately with sample data.
    public static var immediate: StubTransport { StubTransport() }

    /// Answers with sample data after `seconds`.
    public static func delayed(_ seconds: TimeInterval) -> StubTransport { StubTransport(delay: seconds) }

    /// Waits for the delay (bounded by the deadline), then answers.
    public func send(_ request: URLRequest, context: TransportContext) async throws(APIError) -> HTTPResponse {
        try checkCancellation()
        if delay > 0 {
            let timeout = context.boundedTimeout
            let timedOut = delay > timeout
            try await sleep(seconds: min(delay, timeout))
            if timedOut { throw .transport(.timedOut) }
        }
        let answer = await respond(request, context.endpoint)
        try checkCancellation()
        let response: HTTPResponse
        switch answer.kind {
        case .sample(let status, let headers):
            let listed = context.endpoint.sampleResponses
            let sample = status.map { status in listed.first { $0.status == status } } ?? listed.first
            response = HTTPResponse(status: status ?? sample?.status ?? 200, headers: headers,
                                    body: sample?.body ?? context.sampleData, url: request.url)
        case .response(var stubbed):
            stubbed.url = stubbed.url ?? request.url
            response = stubbed
        case .failure(let error):
            throw error
        }
        if context.discardsSuccessBody, response.isSuccess {
            return HTTPResponse(status: response.status, headers: response.headers, body: Data(), url: response.url)
        }
        if response.body.count > context.maxResponseSize {
            throw .responseTooLarge(limit: context.maxResponseSize)
        }
        return response
    }
}

/// Sleeps, turning cancellation into `APIError.cancelled`.
func sleep(seconds: TimeInterval) async throws(APIError) {
    guard seconds > 0 else { return }
    let bounded = seconds.isFinite ? min(seconds, TransportContext.longestTimeout) : TransportContext.longestTimeout
    do {
        try await Task.sleep(nanoseconds: UInt64(bounded * 1_000_000_000))
    } catch {
        throw .cancelled
    }
}
