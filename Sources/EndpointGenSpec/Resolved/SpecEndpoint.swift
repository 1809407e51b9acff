import EndpointGenSupport

// The resolved spec: an endpoint, its method and path.

/// An endpoint's method: a standard one or any other RFC 9110 token (`PURGE`), kept as written.
public struct SpecHTTPMethod: RawRepresentable, Sendable, Hashable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public static let get = SpecHTTPMethod(rawValue: "GET")
    public static let post = SpecHTTPMethod(rawValue: "POST")
    public static let put = SpecHTTPMethod(rawValue: "PUT")
    public static let patch = SpecHTTPMethod(rawValue: "PATCH")
    public static let delete = SpecHTTPMethod(rawValue: "DELETE")
    public static let head = SpecHTTPMethod(rawValue: "HEAD")
    public static let options = SpecHTTPMethod(rawValue: "OPTIONS")
    public static let trace = SpecHTTPMethod(rawValue: "TRACE")

    /// The methods the runtime names (`.get` … `.trace`); others are `HTTPMethod("PURGE")`.
    public static let standard: [SpecHTTPMethod] = [.get, .post, .put, .patch, .delete, .head, .options, .trace]

    public var isStandard: Bool { Self.standard.contains(self) }
}

/// A piece of an endpoint path: `/members/{memberId}/avatar` is
/// `[.literal("/members/"), .parameter("memberId"), .literal("/avatar")]`.
public enum SpecPathComponent: Sendable, Hashable {
    case literal(String)
    /// The placeholder name; a matching entry exists in `SpecEndpoint.pathParameters`.
    case parameter(String)
    /// `{name...}`: a `String` parameter of several segments (`a/b/c`), each encoded on its own.
    case segments(String)
}

public enum Deprecation: Sendable, Hashable {
    case deprecated
    case message(String)
}

public struct SpecEndpoint: Sendable {
    /// lowerCamelCase as written in the spec (the map key).
    public var name: String
    public var method: SpecHTTPMethod
    /// The path exactly as written, e.g. `/questions/{index}`.
    public var path: String
    public var pathComponents: [SpecPathComponent]
    public var summary: String?
    public var description: String?
    public var deprecation: Deprecation?
    /// Resolved: the endpoint's own or the service default.
    public var auth: Auth
    /// One per placeholder, in path order, typed from `params` (String when not listed).
    public var pathParameters: [Field]
    /// Query parameters in spec order; `wireName` is the query key.
    public var query: [Field]
    /// Constant headers of this endpoint, in spec order.
    public var headers: [Header]
    /// Header parameters in spec order; `wireName` is the header name.
    public var headerParameters: [Field]
    public var body: Body?
    /// The one response of `response:`; `.empty` when the endpoint lists `responses` instead.
    public var response: SpecResponse
    /// `responses:`: what each listed status decodes to, in spec order; empty for `response:`.
    public var responses: [StatusResponse] = []
    /// With `responses`, the name of the enum of its cases (`<Endpoint>Response`); no model has it.
    public var responsesTypeName: String?
    /// `typePrefix:`: what the types made from the endpoint (inline bodies and responses, the
    /// multipart struct, the enum of `responses`) are named after instead of its name.
    public var typePrefix: String?
    /// Where `responses:` is, and where the body is (for diagnostics about their names).
    public var responsesLocation: SourceLocation?
    public var bodyLocation: SourceLocation?
    /// Resolved: the service envelope unless the endpoint says `envelope: false`
    /// (or the service has none).
    public var envelope: SpecEnvelope?
    /// The sample payload (the unwrapped response value, not the envelope), checked against
    /// the response type. Keys of objects in YAML order. With `responses`, the sample of
    /// `defaultResponse`, the status a stub answers by default.
    public var sample: SampleValue?
    /// Seconds.
    public var timeout: Double?
    /// False for `redirects: none`: the client returns a 3xx instead of following it.
    public var followsRedirects = true
    /// Header parameters marked `credential: true`, by wire name in spec order.
    public var credentialHeaders: [String] = []
    /// The style of each array or map query parameter that is not sent as repeated items, by wire name.
    public var queryStyles: [String: QueryStyle] = [:]
    /// `paginate:` (the endpoint's, or the service's for `paginate: true`): the service gets a
    /// method returning its pages.
    public var pagination: Pagination?
    public var location: SourceLocation
}

extension SpecEndpoint {
    /// With `responses`, the entry a stub answers with by default: the first success status.
    public var defaultResponse: StatusResponse? {
        responses.first { $0.status.isSuccess }
    }
}
