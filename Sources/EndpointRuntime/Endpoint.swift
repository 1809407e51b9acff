import Foundation

// The contract between generated code and the runtime. Generated routers conform to
// `Endpoint`; generated services call `APIClient`. Keep these signatures stable:
// generated code in users' repositories depends on them.

/// An HTTP method: the standard ones as static members (`.get`, `.post`, … `.trace`), any other
/// RFC 9110 token (`PURGE`, WebDAV's `PROPFIND`) with `HTTPMethod("PURGE")`.
///
/// A struct since runtime 2 (an enum before): `.get` and `endpoint.method == .post` read as
/// before, and a `switch` over methods needs a `default:`. The token is sent as written (methods
/// are case-sensitive); one that is not a token fails the request with `.invalidRequest`.
public struct HTTPMethod: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The token sent on the request line.
    public let rawValue: String

    /// The method `token`; nil when it is not an RFC 9110 token (empty, or with a space,
    /// a control character or a separator).
    public init?(rawValue token: String) {
        guard Self.isToken(token) else { return nil }
        self.rawValue = token
    }

    /// The method `token`, checked when the request is built (`.invalidRequest` if it is no token).
    public init(_ token: String) {
        self.rawValue = token
    }

    /// `GET`: reads a resource (idempotent).
    public static let get = HTTPMethod("GET")
    /// `POST`: sends data to be processed; never retried.
    public static let post = HTTPMethod("POST")
    /// `PUT`: replaces a resource (idempotent).
    public static let put = HTTPMethod("PUT")
    /// `PATCH`: changes part of a resource; never retried.
    public static let patch = HTTPMethod("PATCH")
    /// `DELETE`: removes a resource (idempotent).
    public static let delete = HTTPMethod("DELETE")
    /// `HEAD`: `GET` without the body (idempotent).
    public static let head = HTTPMethod("HEAD")
    /// `OPTIONS`: asks what the resource supports (idempotent).
    public static let options = HTTPMethod("OPTIONS")
    /// `TRACE`: echoes the request (idempotent).
    public static let trace = HTTPMethod("TRACE")

    /// The token.
    public var description: String { rawValue }

    /// Safe to repeat (RFC 9110 9.2.2: GET, HEAD, PUT, DELETE, OPTIONS, TRACE): retried by the
    /// retry policy. Other tokens are not, since nothing says they are.
    public var isIdempotent: Bool {
        switch rawValue {
        case "GET", "PUT", "DELETE", "HEAD", "OPTIONS", "TRACE": return true
        default: return false
        }
    }

    /// RFC 9110 `token`: one or more of `A-Z a-z 0-9 ! # $ % & ' * + - . ^ _ ` | ~`.
    static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { byte in
            PercentEncoding.isAlphanumeric(byte) || "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}

/// How an endpoint authenticates.
public enum AuthRequirement: Sendable, Hashable {
    /// No credentials.
    case none
    /// `Authorization: Bearer <token>` from the client's token provider.
    case bearer
    /// Cookies from the client's cookie storage.
    case cookie
    /// `Authorization: Basic <user-id:password in base64>` from the client's basic credentials (RFC 7617).
    case basic
    /// The client's API key in this header.
    case apiKey(header: String)
    /// The client's API key as this query parameter, after the endpoint's own.
    case apiKeyInQuery(name: String)
}

/// One piece of an endpoint's path below the base URL.
///
/// The runtime joins the pieces and encodes each value as ONE segment, so a value can never
/// change the path (`/`, `..`, `?`, `#` in it are percent-encoded), and an empty value fails with
/// `.invalidRequest` instead of reaching another URL (`DELETE /members/` for an empty id).
public enum PathComponent: Sendable, Hashable {
    /// Text of the path as the spec wrote it between parameters (`/members/`), already
    /// percent-encoded where it needs to be.
    case literal(String)
    /// A parameter's value; every byte of its UTF-8 text but `A-Z a-z 0-9 - _ ~` is percent-encoded.
    case value(String)
    /// A parameter that holds several segments (`a/b/c`, a file path): split at `/`, each segment
    /// encoded as `value` is but for `.` (`main.swift`), joined by `/`. An empty segment (`a//b`, a leading or trailing `/`),
    /// `.` or `..` fails the request with `.invalidRequest`. (New in runtime 2: a `switch` over
    /// `PathComponent` needs this case.)
    case segments(String)
}

/// One query item (or form field); arrays are several items with the same name, or one item
/// whose elements are joined by a delimiter (see `ParameterStyle`).
public struct QueryItem: Sendable, Hashable {
    /// The name, not yet percent-encoded.
    public var name: String
    /// The value, not yet percent-encoded (the runtime encodes everything but unreserved characters).
    /// For a delimited array, the elements joined by the delimiter, for reading.
    public var value: String
    /// For a delimited array: the value as sent, each element encoded on its own and the delimiter
    /// as it is, so a delimiter inside an element (`a,b` in a comma list) stays distinguishable.
    let encodedValue: String?
    /// Why a value of this item could not be written (`append(name:fields:style:)`): the request
    /// then fails with `.encoding` when it is built, instead of going out without the value.
    let failure: String?

    /// An item `name=value`.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
        self.encodedValue = nil
        self.failure = nil
    }

    /// An item standing for a value that could not be encoded.
    init(name: String, failure: String) {
        self.name = name
        self.value = ""
        self.encodedValue = nil
        self.failure = failure
    }

    /// One item for several values: each percent-encoded, then joined by `delimiter` sent as it is
    /// (`,`, or an encoded one such as `%20` or `%7C`).
    public init(name: String, elements: [String], delimiter: String) {
        self.name = name
        self.value = elements.joined(separator: delimiter.removingPercentEncoding ?? delimiter)
        self.encodedValue = elements.map { PercentEncoding.encode($0, keeping: PercentEncoding.isQuerySafe) }
            .joined(separator: delimiter)
        self.failure = nil
    }
}

/// One header field, in the order it is sent.
public struct HTTPHeader: Sendable, Hashable {
    /// The field name (an HTTP token).
    public var name: String
    /// The field value; CR, LF and NUL are refused with `APIError.invalidRequest` when the request is built.
    public var value: String

    /// A header field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A file part of a multipart body.
public struct File: Sendable, Hashable {
    /// The bytes.
    public var data: Data
    /// The `filename` of the part's `Content-Disposition`.
    public var fileName: String
    /// The part's `Content-Type`.
    public var mimeType: String

    /// A file part's content.
    public init(data: Data, fileName: String, mimeType: String = "application/octet-stream") {
        self.data = data
        self.fileName = fileName
        self.mimeType = mimeType
    }
}

/// One part of a `multipart/form-data` body.
public struct MultipartPart: Sendable, Hashable {
    /// What a part carries.
    public enum Content: Sendable, Hashable {
        /// A text field (UTF-8, no `Content-Type`).
        case text(String)
        /// A file with its name and MIME type.
        case file(File)
        /// A JSON value, sent with `Content-Type: application/json` and no file name (Box's upload
        /// `attributes` beside the file); `nil` data is a value that could not be encoded, and the
        /// request then fails with `.encoding`.
        case json(Data?, typeName: String)
    }

    /// The `name` of the part's `Content-Disposition`.
    public var name: String
    /// The part's content.
    public var content: Content

    /// A text part.
    public init(name: String, text: String) {
        self.name = name
        self.content = .text(text)
    }

    /// A file part.
    public init(name: String, file: File) {
        self.name = name
        self.content = .file(file)
    }

    /// A JSON part: `value` encoded as the client's default encoder writes JSON (ISO 8601 dates,
    /// or those of `dates`; sorted keys).
    public init(name: String, json value: some Encodable & Sendable, dates: DateEncoding? = nil) {
        self.name = name
        let encoder = APIClient.Configuration.defaultEncoder()
        dates?.apply(to: encoder)
        let data = try? encoder.encode(value)
        self.content = .json(data, typeName: String(describing: type(of: value)))
    }
}

/// A request body.
public enum RequestBody: Sendable {
    /// No body.
    case none
    /// Encoded with the client's JSON encoder; `Content-Type: application/json`.
    case json(any Encodable & Sendable)
    /// `application/x-www-form-urlencoded`, fields in order; arrays repeat the key.
    case form([QueryItem])
    /// `multipart/form-data` with a generated boundary.
    case multipart([MultipartPart])
    /// Bytes sent as they are with this content type.
    case raw(Data, contentType: String)
    /// The bytes of a local file, read as they are sent (never whole in memory), with this
    /// content type and the file's size as `Content-Length`. Reopened for every attempt and for
    /// a redirect that keeps the body (307, 308).
    case file(URL, contentType: String)
}

/// Where the payload sits in a wrapped 2xx body (`{"isSuccess": true, "result": {...}}`).
public struct EnvelopeFormat: Sendable, Hashable {
    /// The key holding the payload (`result`).
    public var payload: String
    /// The key of the Boolean success flag (`isSuccess`); `false` fails the request with `APIError.envelope`.
    public var success: String?
    /// The key of the application code (a string or a number).
    public var code: String?
    /// The key of the message.
    public var message: String?

    /// An envelope format; only the payload key is required.
    public init(payload: String, success: String? = nil, code: String? = nil, message: String? = nil) {
        self.payload = payload
        self.success = success
        self.code = code
        self.message = message
    }
}

/// How non-2xx bodies are read.
public struct ErrorBodyFormat: Sendable {
    /// The key of the human-readable message (a dotted path such as `error.message` also works).
    public var message: String?
    /// The key of the application error code (a string or a number).
    public var code: String?
    /// A model decoded from the body and attached to the error (`ServerError.model`), e.g. `ErrorResponse.self`.
    /// (An existential metatype: `(any Decodable & Sendable).Type` would only accept the protocol itself.)
    public var model: (any (Decodable & Sendable).Type)?

    /// An error body format; every key is optional.
    public init(message: String? = nil, code: String? = nil, model: (any (Decodable & Sendable).Type)? = nil) {
        self.message = message
        self.code = code
        self.model = model
    }
}

/// A value that can stand in a path segment, a query item, a header or a form field.
public protocol ParameterValue: Sendable {
    /// The text sent on the wire (before percent-encoding).
    var parameterValue: String { get }
}

/// One endpoint of an API: what a generated `<Service>Router` case describes.
/// In the spirit of Moya's `TargetType`, but with typed, checked parts.
public protocol Endpoint: Sendable {
    /// The spec's default base URL; nil when the service has none (the caller passes one).
    var defaultBaseURL: URL? { get }
    /// The HTTP method.
    var method: HTTPMethod { get }
    /// The path below the base URL, starting with `/`: literals and parameter values, in order.
    /// (Before runtime 2, a `path: String` with values encoded by `PathEncoding.segment`.)
    var pathComponents: [PathComponent] { get }
    /// The query items in spec order, before any of the service's; arrays and objects are
    /// already written in their `ParameterStyle`.
    var queryItems: [QueryItem] { get }
    /// Constant and parameter headers in spec order (service headers first).
    var headers: [HTTPHeader] { get }
    /// The request body; `.none` for none.
    var body: RequestBody { get }
    /// The credential the endpoint sends, from the client's `Authentication`.
    var auth: AuthRequirement { get }
    /// Seconds; nil uses the client's default.
    var timeout: TimeInterval? { get }
    /// The envelope wrapping 2xx bodies; nil when responses are not wrapped.
    var envelope: EnvelopeFormat? { get }
    /// How error bodies are read.
    var errorFormat: ErrorBodyFormat { get }
    /// The full sample response body (wrapped in the envelope when there is one), for stubs.
    var sampleData: Data { get }
    /// With responses per status (the spec's `responses:`), every listed status with its sample
    /// body, the one a stub answers by default first. Empty by default: stubs answer 200 with
    /// `sampleData`.
    var sampleResponses: [SampleResponse] { get }
    /// Whether the client follows this endpoint's redirects (the spec's `redirects: none` makes it
    /// false: a 3xx is then the answer). True by default.
    var followsRedirects: Bool { get }
    /// Names of headers that carry credentials besides the auth scheme's own (the spec's
    /// `credential: true`): never sent to another origin on a redirect, redacted in logs. Empty by default.
    var credentialHeaders: [String] { get }
    /// How a `.cookie` endpoint's session is renewed and protected (the spec's `cookieSession`);
    /// nil by default.
    var cookieSession: CookieSession? { get }
    /// How dates are written in the JSON body and read from responses and error bodies (the
    /// spec's `dateEncoding:` of the service); nil leaves them to the client's coders (ISO 8601
    /// by default). Fields with their own encoding keep it.
    var dateEncoding: DateEncoding? { get }
}

/// A cookie session as Spring-style backends run it: a refresh endpoint and a CSRF token.
public struct CookieSession: Sendable {
    /// The endpoint that renews the session (its response sets new cookies). On a 401 of a
    /// `.cookie` endpoint the client sends it once, to the same base URL, however many requests
    /// failed at the same time (one refresh for all), then retries the request once.
    public var refresh: (any Endpoint)?
    /// The double-submit CSRF token to echo on unsafe methods, if the server wants one.
    public var csrf: CSRFToken?

    /// A session setting.
    public init(refresh: (any Endpoint)? = nil, csrf: CSRFToken? = nil) {
        self.refresh = refresh
        self.csrf = csrf
    }
}

/// The value of cookie `cookie` sent back in header `header` on POST, PUT, PATCH and DELETE
/// (Spring Security's `CookieCsrfTokenRepository`: `XSRF-TOKEN` → `X-XSRF-TOKEN`).
public struct CSRFToken: Sendable, Hashable {
    /// The cookie the server sets.
    public var cookie: String
    /// The header it is echoed in.
    public var header: String

    /// Spring's names by default.
    public init(cookie: String = "XSRF-TOKEN", header: String = "X-XSRF-TOKEN") {
        self.cookie = cookie
        self.header = header
    }
}

extension Endpoint {
    /// The path as it is sent: literals as written, values percent-encoded (an empty value stays
    /// empty here; sending it fails).
    public var path: String {
        pathComponents.map { component in
            switch component {
            case .literal(let text): return text
            case .value(let value): return PathEncoding.encoded(value)
            case .segments(let value): return PathEncoding.segments(value)
            }
        }.joined()
    }

    /// True: redirects are followed under the client's `RedirectPolicy`.
    public var followsRedirects: Bool { true }
    /// None.
    public var credentialHeaders: [String] { [] }
    /// None.
    public var cookieSession: CookieSession? { nil }
    /// Nil: the client's coders decide.
    public var dateEncoding: DateEncoding? { nil }
    /// None: a stub answers 200 with `sampleData`.
    public var sampleResponses: [SampleResponse] { [] }
}
