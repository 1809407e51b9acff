import Foundation

/// What an endpoint whose spec lists responses per status (`responses:`) answers: a generated
/// enum with a case per listed status (`.ok(Pet)`, `.notModified`, `.notFound(NotFound)`).
/// `APIClient.response(_:baseURL:cases:)` hands it each final response, whatever its status;
/// a status it does not list fails as it would for any endpoint (`APIError.server`).
public protocol StatusDecodable: Sendable {
    /// The case of `response.status`, its body read through `response`; nil when the endpoint
    /// does not list the status.
    init?(_ response: ResponseReader) throws(APIError)
}

/// A final response as a `StatusDecodable` type reads it: the status, the header fields, and the
/// body decoded the way the spec says.
public struct ResponseReader: Sendable {
    /// The HTTP status code.
    public let status: Int
    /// The header fields (a field sent several times is one comma-joined value).
    public let headers: [String: String]
    /// The body as it came.
    public let body: Data
    let response: HTTPResponse
    let envelope: EnvelopeFormat?
    /// The endpoint's `dateEncoding`: how its bodies write dates.
    let dates: DateEncoding?
    let client: APIClient

    init(_ response: HTTPResponse, envelope: EnvelopeFormat?, dates: DateEncoding? = nil, client: APIClient) {
        self.status = response.status
        self.headers = response.headers
        self.body = response.body
        self.response = response
        self.envelope = envelope
        self.dates = dates
        self.client = client
    }

    /// The body decoded as JSON; a 2xx body is unwrapped from the endpoint's envelope first, as
    /// `send(_:baseURL:as:)` unwraps it. Other statuses are read as they are.
    public func json<Value: Decodable & Sendable>(_ type: Value.Type) throws(APIError) -> Value {
        try client.value(Value.self, of: response, envelope: response.isSuccess ? envelope : nil, dates: dates)
    }

    /// The whole envelope of the body (`Envelope<T>`); `success: false` fails with `.envelope`.
    public func envelope<Value: Decodable & Sendable>(_ type: Value.Type) throws(APIError) -> Envelope<Value> {
        guard let envelope else {
            throw .invalidRequest(reason: "The endpoint has no envelope format, so its whole envelope cannot be returned.")
        }
        return try client.unwrap(response, format: envelope, as: Value.self, dates: dates)
    }

    /// For a status without a body to return: fails with `.envelope` when the body is the
    /// endpoint's envelope with `success: false`, as `send(_:baseURL:)` does for `empty`.
    public func checkEnvelope() throws(APIError) {
        try client.checkEnvelopeSuccess(response, format: envelope)
    }

    /// The body as UTF-8 text; other bytes fail with `.decoding`.
    public func text() throws(APIError) -> String {
        try client.text(of: response)
    }

    /// The value of a header, looked up case-insensitively.
    public func header(_ name: String) -> String? {
        response.header(name)
    }
}

/// A listed status and its sample body, as a stub answers it (the spec's `responses:`).
public struct SampleResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// The sample body (wrapped in the envelope for a 2xx status); empty for a status without one.
    public var body: Data

    /// A sample response.
    public init(status: Int, body: Data = Data()) {
        self.status = status
        self.body = body
    }
}
