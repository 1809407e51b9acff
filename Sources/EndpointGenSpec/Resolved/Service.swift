import EndpointGenSupport

// The resolved spec: a service and its settings (base URL, environments, dates, cookie
// session, auth, envelope and error body, constant headers).

/// Where a service's requests go by default.
public enum BaseURLSetting: Sendable, Hashable {
    /// No default: the caller must give one.
    case none
    case url(String)
    /// Named environments; the first is the default.
    case environments([Environment])
}

public struct Environment: Sendable, Hashable {
    /// The key as written (`dev`, `staging`, `prod`).
    public var name: String
    public var url: String
    public var location: SourceLocation
}

public struct Service: Sendable {
    /// UpperCamelCase, e.g. `Auth` → `AuthRouter`, `AuthService`.
    public var name: String
    public var summary: String?
    public var baseURL: BaseURLSetting
    /// Constant headers sent with every request of the service, in spec order.
    public var headers: [Header]
    public var auth: Auth
    public var envelope: SpecEnvelope?
    public var errorBody: ErrorBody?
    /// How the service's cookie endpoints renew and protect their session (`cookieSession:`).
    public var cookieSession: CookieSessionSetting?
    /// `parameters:`: header and query values the service is created with and sends with every
    /// request (a tenant id, an `api-version`), in spec order.
    public var sharedHeaders: [Field] = []
    public var sharedQuery: [Field] = []
    /// `dateEncoding:` with the file's time zone: how the JSON bodies and responses and the date
    /// parameters of the service write dates; nil is ISO 8601 through the client's coders.
    public var dateEncoding: DateEncodingSetting?
    public var endpoints: [SpecEndpoint]
    public var location: SourceLocation
}

/// How an array or map query parameter is written (`style:`, or the service's `arrayStyle:`);
/// the runtime's `ParameterStyle` of the same names (`repeat` is `.repeated`, `form` `.exploded`).
public enum QueryStyle: String, Sendable, Hashable, CaseIterable {
    case `repeat`, comma, space, pipe, brackets, deepObject, form

    /// Styles of arrays of scalars.
    public var isArrayStyle: Bool { self != .deepObject && self != .form }
}

/// How dates are written (`dateEncoding:` of a service or a field); the runtime's `DateEncoding`.
public enum DateEncodingKind: String, Sendable, Hashable, CaseIterable {
    /// `2024-12-26T10:30:15.123Z` (the default).
    case iso8601
    /// `2024-12-26`, in the file's time zone.
    case date
    /// `1735209015` seconds since 1970.
    case epochSeconds
    /// `1735209015123` milliseconds since 1970.
    case epochMilliseconds
    /// `2024-12-26T19:30:15.123` without an offset, in the file's time zone.
    case local
}

/// A date encoding with the time zone it is read and written in (an IANA identifier).
public struct DateEncodingSetting: Sendable, Hashable {
    public var kind: DateEncodingKind
    /// Used by `date` and `local`; `UTC` unless the file sets `timeZone:`.
    public var timeZone: String

    public init(kind: DateEncodingKind, timeZone: String = "UTC") {
        self.kind = kind
        self.timeZone = timeZone
    }
}

/// `cookieSession:` of a service: the endpoint that renews a cookie session on 401, and the
/// CSRF cookie echoed in a header on unsafe methods.
public struct CookieSessionSetting: Sendable, Hashable {
    /// The refresh endpoint's name and its service's (`reissueToken`, or `Auth.reissueToken` in
    /// the spec for another service's); it takes no parameters.
    public var refresh: (service: String, endpoint: String)?
    /// The CSRF cookie and header names, when the service wants the token echoed.
    public var csrf: CSRFSetting?

    public static func == (lhs: CookieSessionSetting, rhs: CookieSessionSetting) -> Bool {
        lhs.refresh?.service == rhs.refresh?.service && lhs.refresh?.endpoint == rhs.refresh?.endpoint && lhs.csrf == rhs.csrf
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(refresh?.service)
        hasher.combine(refresh?.endpoint)
        hasher.combine(csrf)
    }
}

/// Spring's `XSRF-TOKEN` cookie and `X-XSRF-TOKEN` header by default.
public struct CSRFSetting: Sendable, Hashable {
    public var cookie = "XSRF-TOKEN"
    public var header = "X-XSRF-TOKEN"
}

/// `auth:` of a service or endpoint, its cases named as the spec writes them; the Router maps
/// each to the runtime's `AuthRequirement` (`RouterRenderer`).
public enum Auth: Sendable, Hashable {
    case none
    case bearer
    case cookie
    /// `basic`: `Authorization: Basic <user:password in base64>` from the client's credentials
    /// (RFC 7617; OAuth 2 token endpoints authenticate their clients this way).
    case basic
    /// `apiKey(Header-Name)`: the key goes in this header.
    case apiKey(header: String)
    /// `apiKeyQuery(name)`: the key goes in this query parameter (weatherapi.com's `key`,
    /// OpenWeather's `appid`).
    case apiKeyQuery(name: String)
}

public struct SpecEnvelope: Sendable, Hashable {
    public var payload: String
    public var success: String?
    public var code: String?
    public var message: String?
}

public struct ErrorBody: Sendable, Hashable {
    public var message: String?
    public var code: String?
    /// Name of a model (resolved, exists in the module).
    public var model: String?
}

/// A constant header.
public struct Header: Sendable, Hashable {
    public var name: String
    public var value: String
    public var location: SourceLocation
}
