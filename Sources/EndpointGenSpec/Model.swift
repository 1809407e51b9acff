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

/// How an endpoint's pages follow each other (`paginate:`), checked against its query
/// parameters and its response model.
public struct Pagination: Sendable {
    /// The keys `paginate:` may hold (`link` is `true`; the others name query parameters or
    /// dotted paths): the spec's grammar, which the importer reads `x-endpointgen-paginate` by.
    public static let specKeys = ["page", "size", "totalPages", "offset", "limit", "total", "cursor", "param", "link", "items", "hasMore"]

    public enum Scheme: Sendable {
        /// A page number in query parameter `parameter` (Int), the page size in `size` (Int).
        case page(parameter: String, size: String?, totalPages: FieldPath?)
        /// An item offset in query parameter `parameter` (Int), the page size in `limit` (Int).
        case offset(parameter: String, limit: String?, total: FieldPath?)
        /// A cursor read from the response (String or Int) and sent back in query parameter `parameter`.
        case cursor(FieldPath, parameter: String)
        /// The `Link` header's `rel="next"` target.
        case link
    }

    public var scheme: Scheme
    /// The items' array in the page; nil when the page is the array.
    public var items: FieldPath?
    /// The element type of the items' array.
    public var itemType: TypeRef
    /// A Bool that is false on the last page.
    public var hasMore: FieldPath?
    /// The `paginate` key (the service's for `paginate: true`).
    public var location: SourceLocation

    public init(scheme: Scheme, items: FieldPath?, itemType: TypeRef, hasMore: FieldPath?, location: SourceLocation) {
        self.scheme = scheme
        self.items = items
        self.itemType = itemType
        self.hasMore = hasMore
        self.location = location
    }
}

/// A dotted path of fields into a response model (`meta.next_cursor`).
public struct FieldPath: Sendable {
    /// The fields from the response model inward; each but the last holds a struct model.
    public var fields: [Field]

    public init(fields: [Field]) {
        self.fields = fields
    }

    /// The last field's type.
    public var type: TypeRef { fields[fields.count - 1].type }
}

/// A model field, or a path/query/header parameter, or a multipart/form part.
/// Which way a model field travels (OpenAPI's `readOnly` / `writeOnly`).
public enum FieldAccess: Sendable, Hashable {
    /// Sent and received (the default).
    case readWrite
    /// Only in responses (a server-assigned `id`): optional, never encoded.
    case readOnly
    /// Only in requests (a `password`): optional, so responses without it decode.
    case writeOnly
}

public struct Field: Sendable {
    /// The name on the wire (JSON key, query key, header name, placeholder), kept exactly.
    public var wireName: String
    /// The `name:` override of the long form; nil when the Swift name is derived.
    public var swiftNameOverride: String?
    public var type: TypeRef
    public var defaultValue: DefaultValue?
    public var summary: String?
    public var deprecated: Bool
    /// The message of `deprecated: <message>` (then `deprecated` is true); nil for `deprecated: true`.
    public var deprecationMessage: String?
    /// `readOnly: true` / `writeOnly: true` of a model field.
    public var access: FieldAccess = .readWrite
    /// The field's own `dateEncoding:` (a `Date` or `[Date]` field); nil follows the service.
    public var dateEncoding: DateEncodingSetting?
    /// `style:` of a form body's field: how a list or an object is written (nil: lists repeated,
    /// objects by the bracket convention).
    public var style: QueryStyle?
    public var location: SourceLocation

    public init(
        wireName: String, swiftNameOverride: String? = nil, type: TypeRef, defaultValue: DefaultValue? = nil,
        summary: String? = nil, deprecated: Bool = false, deprecationMessage: String? = nil, location: SourceLocation
    ) {
        self.wireName = wireName
        self.swiftNameOverride = swiftNameOverride
        self.type = type
        self.defaultValue = defaultValue
        self.summary = summary
        self.deprecated = deprecated
        self.deprecationMessage = deprecationMessage
        self.location = location
    }
}

public enum PrimitiveType: String, Sendable, Hashable, CaseIterable {
    case string = "String"
    case int = "Int"
    case int32 = "Int32"
    case int64 = "Int64"
    case double = "Double"
    case float = "Float"
    case bool = "Bool"
    case decimal = "Decimal"
    case date = "Date"
    case url = "URL"
    case uuid = "UUID"
    case data = "Data"
    /// Any JSON value.
    case json = "JSON"
    /// Multipart only: bytes, file name and MIME type.
    case file = "File"
}

public indirect enum TypeRef: Sendable, Hashable {
    case primitive(PrimitiveType)
    /// A model name that exists in the module.
    case model(String)
    case array(TypeRef)
    /// `[String: T]`; keys are always strings.
    case dictionary(TypeRef)
    case optional(TypeRef)

    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The type without one level of `?`.
    public var unwrapped: TypeRef {
        if case .optional(let inner) = self { return inner }
        return self
    }

    /// The type as written in a spec: `[String: Int]?`.
    public var specSpelling: String {
        switch self {
        case .primitive(let p): return p.rawValue
        case .model(let name): return name
        case .array(let element): return "[\(element.specSpelling)]"
        case .dictionary(let value): return "[String: \(value.specSpelling)]"
        case .optional(let wrapped): return "\(wrapped.specSpelling)?"
        }
    }
}

/// A default value, checked against its field's type.
public enum DefaultValue: Sendable, Hashable {
    case string(String)
    /// Integer or floating point literal text, validated for the type (`20`, `-1`, `0.5`).
    case number(String)
    case bool(Bool)
    /// A case of an enum model, given by its wire value as written (`newest`, or `1` for Int enums).
    /// A default may name a case by its long-form Swift name (`SortOrder = newest` with
    /// `values: { newest: "-created_at" }`); it is still stored as the wire value (`-created_at`),
    /// so it always matches exactly one `EnumModel.Case.value`.
    case enumCase(String)
    /// `null` for an optional.
    case null
    /// `[]` for an array.
    case emptyArray
    /// `{}` for a dictionary.
    case emptyDictionary
}

public enum Body: Sendable {
    /// `body: Model` / `body: [Model]` / `body: { json: fields }` (the latter as `.model("<Endpoint>Request")`).
    case json(TypeRef)
    /// `application/x-www-form-urlencoded` from a model (declared, or inline `<Endpoint>Request`).
    case form(modelName: String)
    /// `multipart/form-data`; parts in spec order. File parts have type `File` (or `File?`, `[File]`).
    case multipart(parts: [Field])
    /// Raw bytes with this content type.
    case raw(contentType: String)
    /// A local file (`URL`) sent as it is read, with this content type (`body: { file: application/pdf }`).
    case file(contentType: String)
}

public enum Response: Sendable, Hashable {
    case empty
    /// Decoded JSON (after envelope unwrapping): a model, array, dictionary or scalar type.
    /// Inline responses are `.json(.model("<Endpoint>Response"))`.
    case json(TypeRef)
    /// `Envelope<T>`: the whole wrapper; requires the endpoint to have an envelope.
    case envelope(TypeRef)
    case data
    case string
    /// `EventStream<T>` (server-sent events, each `data` a T) or `JSONLines<T>` (a T per line):
    /// values as they arrive.
    case stream(StreamFormat, TypeRef)
    /// `File`: the body written to a file as it arrives (`APIClient.download`), never held in
    /// memory; the service method takes the destination and a progress handler.
    case download
}

/// A status key of `responses:`: one code, a class of codes (`2XX`), or every status not listed
/// (`default`).
public enum ResponseStatus: Sendable, Hashable {
    case code(Int)
    /// `2XX` is `.range(2)`.
    case range(Int)
    case other

    /// The status a stub answers with for this key: the code, or the first of its class
    /// (`2XX` and `default` answer 200).
    public var representativeCode: Int {
        switch self {
        case .code(let code): return code
        case .range(let digit): return digit * 100
        case .other: return 200
        }
    }

    /// Whether a body of this status is unwrapped from the endpoint's envelope (2xx bodies are).
    public var isEnveloped: Bool {
        (200..<300).contains(representativeCode)
    }

    /// The key as written in a spec.
    public var spelling: String {
        switch self {
        case .code(let code): return String(code)
        case .range(let digit): return "\(digit)XX"
        case .other: return "default"
        }
    }

    /// Whether a response of this status is a success for the caller: 2xx and 3xx (a 304 Not
    /// Modified, or a redirect not followed), and `default`, which stands for anything.
    public var isSuccess: Bool {
        switch self {
        case .code(let code): return (200..<400).contains(code)
        case .range(let digit): return digit == 2 || digit == 3
        case .other: return true
        }
    }

    /// The Swift case name: the reason phrase in lowerCamelCase (`ok`, `created`, `notModified`,
    /// `unprocessableContent`), `status<code>` for a code without a registered phrase, the class
    /// name for a range (`success`, `clientError`), `other` for `default`. Shared by the decoder
    /// (names of inline bodies) and the code generator.
    public var caseName: String {
        switch self {
        case .code(let code): return Self.phrases[code] ?? "status\(code)"
        case .range(let digit): return ["", "informational", "success", "redirection", "clientError", "serverError"][digit]
        case .other: return "other"
        }
    }

    /// RFC 9110 and the IANA registry's reason phrases, in lowerCamelCase.
    static let phrases: [Int: String] = [
        200: "ok", 201: "created", 202: "accepted", 203: "nonAuthoritativeInformation", 204: "noContent",
        205: "resetContent", 206: "partialContent", 207: "multiStatus", 208: "alreadyReported", 226: "imUsed",
        300: "multipleChoices", 301: "movedPermanently", 302: "found", 303: "seeOther", 304: "notModified",
        305: "useProxy", 307: "temporaryRedirect", 308: "permanentRedirect",
        400: "badRequest", 401: "unauthorized", 402: "paymentRequired", 403: "forbidden", 404: "notFound",
        405: "methodNotAllowed", 406: "notAcceptable", 407: "proxyAuthenticationRequired", 408: "requestTimeout",
        409: "conflict", 410: "gone", 411: "lengthRequired", 412: "preconditionFailed", 413: "contentTooLarge",
        414: "uriTooLong", 415: "unsupportedMediaType", 416: "rangeNotSatisfiable", 417: "expectationFailed",
        421: "misdirectedRequest", 422: "unprocessableContent", 423: "locked", 424: "failedDependency",
        425: "tooEarly", 426: "upgradeRequired", 428: "preconditionRequired", 429: "tooManyRequests",
        431: "requestHeaderFieldsTooLarge", 451: "unavailableForLegalReasons",
        500: "internalServerError", 501: "notImplemented", 502: "badGateway", 503: "serviceUnavailable",
        504: "gatewayTimeout", 505: "httpVersionNotSupported", 506: "variantAlsoNegotiates", 507: "insufficientStorage",
        508: "loopDetected", 510: "notExtended", 511: "networkAuthenticationRequired",
    ]
}

/// One entry of `responses:`: a status and what its body decodes to.
public struct StatusResponse: Sendable {
    public var status: ResponseStatus
    /// `.empty`, `.json`, `.envelope`, `.data` or `.string` (never a stream).
    public var response: Response
    /// This status's sample, checked against `response`.
    public var sample: SampleValue?
    /// The long form's `summary`, for the case's documentation.
    public var summary: String?
    public var location: SourceLocation

    public init(status: ResponseStatus, response: Response, sample: SampleValue?, summary: String?, location: SourceLocation) {
        self.status = status
        self.response = response
        self.sample = sample
        self.summary = summary
        self.location = location
    }
}

/// How a streamed response frames its values.
public enum StreamFormat: String, Sendable, Hashable {
    /// `text/event-stream`, `EventStream<T>`.
    case events
    /// JSON Lines, `JSONLines<T>`.
    case lines

    /// The spec's spelling.
    public var typeName: String { self == .events ? "EventStream" : "JSONLines" }
}

public struct Model: Sendable {
    public enum Origin: Sendable, Hashable {
        case declared
        /// `body: { json | form: fields }` of this endpoint.
        case inlineRequest(endpoint: String)
        /// `response: { fields: … }` of this endpoint.
        case inlineResponse(endpoint: String)
    }

    public enum Kind: Sendable {
        case structure(fields: [Field])
        case enumeration(EnumModel)
        /// `oneOf`: one of several struct models, told apart by a discriminator key.
        case oneOf(OneOfModel)
        /// `oneOf` without a discriminator: one of several types, told apart by their JSON shape.
        case union(UnionModel)
    }

    public var name: String
    public var summary: String?
    public var kind: Kind
    public var origin: Origin
    /// The file that defines it (spec path).
    public var file: String
    public var location: SourceLocation

    public init(name: String, summary: String?, kind: Kind, origin: Origin, file: String, location: SourceLocation) {
        self.name = name
        self.summary = summary
        self.kind = kind
        self.origin = origin
        self.file = file
        self.location = location
    }
}

/// `oneOf: { cases: [String, "[ContentPart]"] }`: a JSON value that is one of several types told
/// apart by their JSON shape alone (a string or an array of parts, OpenAI's message content):
/// decoded as the first case, in order, that decodes.
public struct UnionModel: Sendable {
    public struct Variant: Sendable, Hashable {
        public var type: TypeRef
        /// The Swift case name: the long form's, else one made from the type (`string`,
        /// `contentPartList`).
        public var swiftName: String
        public var location: SourceLocation

        public init(type: TypeRef, swiftName: String, location: SourceLocation) {
            self.type = type
            self.swiftName = swiftName
            self.location = location
        }
    }

    public var variants: [Variant]

    public init(variants: [Variant]) {
        self.variants = variants
    }
}

/// `oneOf: { discriminator: type, cases: { post: Post, notice: Notice } }`: a JSON object that is
/// one of several struct models, and says which in its `discriminator` key (OpenAPI's `oneOf` with
/// a `discriminator`).
public struct OneOfModel: Sendable {
    public struct Variant: Sendable, Hashable {
        /// The discriminator's value for this variant (`post`).
        public var value: String
        /// The struct model it decodes as.
        public var model: String
        /// The Swift case name given in the long form (`"é": { model: Post, name: accented }`);
        /// nil when derived from the value.
        public var swiftNameOverride: String?
        /// The value's place, for diagnostics about the variant.
        public var location: SourceLocation
        /// The model name's place, for diagnostics about the model.
        public var modelLocation: SourceLocation
        /// The long form's `name:` value, for diagnostics about the case name.
        public var nameLocation: SourceLocation?

        public init(
            value: String, model: String, swiftNameOverride: String? = nil,
            location: SourceLocation, modelLocation: SourceLocation? = nil
        ) {
            self.value = value
            self.model = model
            self.swiftNameOverride = swiftNameOverride
            self.location = location
            self.modelLocation = modelLocation ?? location
        }
    }

    /// The wire key that names the variant (`type`).
    public var discriminator: String
    /// What the discriminator's values are on the wire: strings (`"type": "post"`), or integers
    /// (`"type": 1`, Discord's component and channel types).
    public var valueType: EnumModel.RawType
    public var variants: [Variant]

    public init(discriminator: String, valueType: EnumModel.RawType = .string, variants: [Variant]) {
        self.discriminator = discriminator
        self.valueType = valueType
        self.variants = variants
    }
}

public struct EnumModel: Sendable {
    public enum RawType: Sendable, Hashable {
        case string
        case int
    }

    public struct Case: Sendable, Hashable {
        /// The Swift case name given in the long form (`values: { newest: "-created_at" }`);
        /// nil when derived from the wire value.
        public var swiftNameOverride: String?
        /// The wire value as text (`"-created_at"`, `"1"`).
        public var value: String
        public var location: SourceLocation

        public init(swiftNameOverride: String?, value: String, location: SourceLocation) {
            self.swiftNameOverride = swiftNameOverride
            self.value = value
            self.location = location
        }
    }

    public var rawType: RawType
    public var cases: [Case]

    public init(rawType: RawType, cases: [Case]) {
        self.rawType = rawType
        self.cases = cases
    }
}

/// A JSON value built from a YAML `sample`, already converted by the response type
/// (a Bool field's `true` is `.bool`, a String field's `1` is `.string("1")`).
public indirect enum SampleValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// JSON number text.
    case number(String)
    case string(String)
    case array([SampleValue])
    /// Keys in YAML order.
    case object([(key: String, value: SampleValue)])

    public static func == (lhs: SampleValue, rhs: SampleValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .number(let n): hasher.combine(n)
        case .string(let s): hasher.combine(s)
        case .array(let items): hasher.combine(items)
        case .object(let pairs):
            for pair in pairs {
                hasher.combine(pair.key)
                hasher.combine(pair.value)
            }
        }
    }
}
