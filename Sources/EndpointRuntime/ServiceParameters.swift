import Foundation

/// An endpoint with the parameters its service was created with (the spec's `parameters:`): a
/// tenant id header, an `api-version` query item, set once instead of on every method. The query
/// items follow the endpoint's own; the headers come before the endpoint's (the spec refuses a
/// name both use). Everything else is the endpoint's.
@_spi(Generated)
public struct WithServiceParameters<Base: Endpoint>: Endpoint {
    /// The endpoint.
    public let base: Base
    /// Headers of the service, sent with every request of it.
    public let serviceHeaders: [HTTPHeader]
    /// Query items of the service, sent with every request of it.
    public let serviceQueryItems: [QueryItem]

    /// `base` with the service's headers and query items.
    public init(_ base: Base, headers: [HTTPHeader], queryItems: [QueryItem]) {
        self.base = base
        self.serviceHeaders = headers
        self.serviceQueryItems = queryItems
    }

    /// The base endpoint's.
    public var defaultBaseURL: URL? { base.defaultBaseURL }
    /// The base endpoint's.
    public var method: HTTPMethod { base.method }
    /// The base endpoint's.
    public var pathComponents: [PathComponent] { base.pathComponents }
    /// The base endpoint's query items, then the service's.
    public var queryItems: [QueryItem] { base.queryItems + serviceQueryItems }
    /// The service's headers, then the base endpoint's.
    public var headers: [HTTPHeader] { serviceHeaders + base.headers }
    /// The base endpoint's.
    public var body: RequestBody { base.body }
    /// The base endpoint's.
    public var auth: AuthRequirement { base.auth }
    /// The base endpoint's.
    public var timeout: TimeInterval? { base.timeout }
    /// The base endpoint's.
    public var envelope: EnvelopeFormat? { base.envelope }
    /// The base endpoint's.
    public var errorFormat: ErrorBodyFormat { base.errorFormat }
    /// The base endpoint's.
    public var sampleData: Data { base.sampleData }
    /// The base endpoint's.
    public var sampleResponses: [SampleResponse] { base.sampleResponses }
    /// The base endpoint's.
    public var followsRedirects: Bool { base.followsRedirects }
    /// The base endpoint's.
    public var credentialHeaders: [String] { base.credentialHeaders }
    /// The base endpoint's.
    public var cookieSession: CookieSession? { base.cookieSession }
    /// The base endpoint's.
    public var dateEncoding: DateEncoding? { base.dateEncoding }
}
