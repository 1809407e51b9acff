import Foundation

/// An endpoint with the parameters its service was created with (the spec's `parameters:`): a
/// tenant id header, an `api-version` query item, set once instead of on every method. The query
/// items follow the endpoint's own; the headers come before the endpoint's (the spec refuses a
/// name both use). Everything else is the endpoint's.
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

    public var defaultBaseURL: URL? { base.defaultBaseURL }
    public var method: HTTPMethod { base.method }
    public var pathComponents: [PathComponent] { base.pathComponents }
    public var queryItems: [QueryItem] { base.queryItems + serviceQueryItems }
    public var headers: [HTTPHeader] { serviceHeaders + base.headers }
    public var body: RequestBody { base.body }
    public var auth: AuthRequirement { base.auth }
    public var timeout: TimeInterval? { base.timeout }
    public var envelope: EnvelopeFormat? { base.envelope }
    public var errorFormat: ErrorBodyFormat { base.errorFormat }
    public var sampleData: Data { base.sampleData }
    public var sampleResponses: [SampleResponse] { base.sampleResponses }
    public var followsRedirects: Bool { base.followsRedirects }
    public var credentialHeaders: [String] { base.credentialHeaders }
    public var cookieSession: CookieSession? { base.cookieSession }
    public var dateEncoding: DateEncoding? { base.dateEncoding }
}
