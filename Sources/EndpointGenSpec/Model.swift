import EndpointGenSupport

// The resolved spec: what the validator hands to the code generator. Everything here has
// been checked: names are legal identifiers in spec terms, types resolve, defaults fit their
// types, path placeholders match params, samples match responses. Order is spec order.
// Swift naming (keywords, camel-casing, collisions) is decided by the `Namer` (Naming/).

/// Every spec file of one run; together they make one generated module.
public struct SpecModule: Sendable {
    /// Files sorted by path, so output does not depend on directory listing order.
    public var files: [SpecFile]
    /// The Swift name of everything the module declares (`Namer`), filled in by `SpecLoader`.
    public var names = NameTable()

    public init(files: [SpecFile]) {
        self.files = files
    }

    /// Every model of the module (declared and inline), by name. Names are unique module-wide.
    public var modelsByName: [String: Model] {
        var result: [String: Model] = [:]
        for file in files {
            for model in file.models { result[model.name] = model }
        }
        return result
    }
}

/// One `specs/*.yaml`: a service with its models, or a models-only file.
public struct SpecFile: Sendable {
    /// The path as shown in diagnostics and in the generated header, e.g. `specs/auth.yaml`.
    public var path: String
    /// The file name without extension, e.g. `auth`.
    public var stem: String
    /// nil for a models-only file.
    public var service: Service?
    /// Declared models in spec order, followed by inline request/response models in endpoint order.
    public var models: [Model]

    public init(path: String, stem: String, service: Service?, models: [Model]) {
        self.path = path
        self.stem = stem
        self.service = service
        self.models = models
    }
}

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

    public init(name: String, url: String, location: SourceLocation) {
        self.name = name
        self.url = url
        self.location = location
    }
}

public struct Service: Sendable {
    /// UpperCamelCase, e.g. `Auth` → `AuthRouter`, `AuthService`.
    public var name: String
    public var summary: String?
    public var baseURL: BaseURLSetting
    /// Constant headers sent with every request of the service, in spec order.
    public var headers: [Header]
    public var auth: Auth
    public var envelope: Envelope?
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
    public var endpoints: [Endpoint]
    public var location: SourceLocation

    public init(
        name: String, summary: String?, baseURL: BaseURLSetting, headers: [Header], auth: Auth,
        envelope: Envelope?, errorBody: ErrorBody?, endpoints: [Endpoint], location: SourceLocation
    ) {
        self.name = name
        self.summary = summary
        self.baseURL = baseURL
        self.headers = headers
        self.auth = auth
        self.envelope = envelope
        self.errorBody = errorBody
        self.endpoints = endpoints
        self.location = location
    }
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

    public init(refresh: (service: String, endpoint: String)?, csrf: CSRFSetting?) {
        self.refresh = refresh
        self.csrf = csrf
    }

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
    public var cookie: String
    public var header: String

    public init(cookie: String = "XSRF-TOKEN", header: String = "X-XSRF-TOKEN") {
        self.cookie = cookie
        self.header = header
    }
}

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
    case apiKeyInQuery(name: String)
}

public struct Envelope: Sendable, Hashable {
    public var payload: String
    public var success: String?
    public var code: String?
    public var message: String?

    public init(payload: String, success: String?, code: String?, message: String?) {
        self.payload = payload
        self.success = success
        self.code = code
        self.message = message
    }
}

public struct ErrorBody: Sendable, Hashable {
    public var message: String?
    public var code: String?
    /// Name of a model (resolved, exists in the module).
    public var model: String?

    public init(message: String?, code: String?, model: String?) {
        self.message = message
        self.code = code
        self.model = model
    }
}

/// A constant header.
public struct Header: Sendable, Hashable {
    public var name: String
    public var value: String
    public var location: SourceLocation

    public init(name: String, value: String, location: SourceLocation) {
        self.name = name
        self.value = value
        self.location = location
    }
}

/// An endpoint's method: a standard one or any other RFC 9110 token (`PURGE`), kept as written.
public struct HTTPMethod: RawRepresentable, Sendable, Hashable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public static let get = HTTPMethod(rawValue: "GET")
    public static let post = HTTPMethod(rawValue: "POST")
    public static let put = HTTPMethod(rawValue: "PUT")
    public static let patch = HTTPMethod(rawValue: "PATCH")
    public static let delete = HTTPMethod(rawValue: "DELETE")
    public static let head = HTTPMethod(rawValue: "HEAD")
    public static let options = HTTPMethod(rawValue: "OPTIONS")
    public static let trace = HTTPMethod(rawValue: "TRACE")

    /// The methods the runtime names (`.get` … `.trace`); others are `HTTPMethod("PURGE")`.
    public static let standard: [HTTPMethod] = [.get, .post, .put, .patch, .delete, .head, .options, .trace]

    public var isStandard: Bool { Self.standard.contains(self) }
}

/// A piece of an endpoint path: `/members/{memberId}/avatar` is
/// `[.literal("/members/"), .parameter("memberId"), .literal("/avatar")]`.
public enum PathComponent: Sendable, Hashable {
    case literal(String)
    /// The placeholder name; a matching entry exists in `Endpoint.pathParameters`.
    case parameter(String)
    /// `{name...}`: a `String` parameter of several segments (`a/b/c`), each encoded on its own.
    case segments(String)
}

public enum Deprecation: Sendable, Hashable {
    case deprecated
    case message(String)
}

public struct Endpoint: Sendable {
    /// lowerCamelCase as written in the spec (the map key).
    public var name: String
    public var method: HTTPMethod
    /// The path exactly as written, e.g. `/questions/{index}`.
    public var path: String
    public var pathComponents: [PathComponent]
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
    public var response: Response
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
    public var envelope: Envelope?
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

    public init(
        name: String, method: HTTPMethod, path: String, pathComponents: [PathComponent],
        summary: String?, description: String?, deprecation: Deprecation?, auth: Auth,
        pathParameters: [Field], query: [Field], headers: [Header], headerParameters: [Field],
        body: Body?, response: Response, envelope: Envelope?, sample: SampleValue?,
        timeout: Double?, location: SourceLocation
    ) {
        self.name = name
        self.method = method
        self.path = path
        self.pathComponents = pathComponents
        self.summary = summary
        self.description = description
        self.deprecation = deprecation
        self.auth = auth
        self.pathParameters = pathParameters
        self.query = query
        self.headers = headers
        self.headerParameters = headerParameters
        self.body = body
        self.response = response
        self.envelope = envelope
        self.sample = sample
        self.timeout = timeout
        self.location = location
    }
}

extension Endpoint {
    /// With `responses`, the entry a stub answers with by default: the first success status.
    public var defaultResponse: StatusResponse? {
        responses.first { $0.status.isSuccess }
    }
}

