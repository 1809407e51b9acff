import Foundation

/// The one error of the runtime: every `send` throws it (typed throws), so callers can switch
/// over what can actually happen.
public enum APIError: Error, Sendable {
    /// The request did not get a response: no network, no server, timeout, dropped connection.
    case transport(TransportFailure)
    /// The task was cancelled (Swift task cancellation or a cancelled URL session task).
    case cancelled
    /// The server answered with a status outside 200–299.
    case server(ServerError)
    /// A 2xx body whose envelope says `success: false`.
    case envelope(EnvelopeFailure)
    /// A 2xx body that is not the expected value.
    case decoding(DecodingFailure)
    /// A 2xx body that is not JSON where JSON was expected (e.g. an HTML page from a proxy).
    case unexpectedContentType(ContentTypeFailure)
    /// The request body could not be encoded.
    case encoding(description: String)
    /// The request could not be built: a bad URL, a header with CR/LF, missing auth configuration.
    case invalidRequest(reason: String)
    /// The response body was larger than the client's `maxResponseSize` (bytes); reading stopped there.
    case responseTooLarge(limit: Int)
    /// The token provider (or the basic credentials closure) failed with an error that is not an `APIError`.
    case authentication(description: String)
}

/// Why a request got no response.
public enum TransportFailure: Sendable, Hashable {
    /// The device is offline.
    case notConnected
    /// The host could not be found or refused the connection.
    case cannotConnect
    /// The request's deadline passed before the whole response arrived.
    case timedOut
    /// The connection dropped (reset, or closed before the whole body arrived).
    case connectionLost
    /// The server redirected too many times (a loop).
    case tooManyRedirects
    /// The server redirected where the client's `RedirectPolicy` does not follow (https to http,
    /// another scheme, an invalid location).
    case redirectRefused(reason: String)
    /// The response could not be read as HTTP (a header that is not text, a malformed status line).
    case badResponse(reason: String)
    /// Any other URL loading error, with its `URLError` code and description.
    case other(code: Int, description: String)
}

/// A response with a status outside 200–299.
public struct ServerError: Sendable, CustomStringConvertible {
    /// The HTTP status code.
    public var status: Int
    /// The message read from the body (`errorBody.message`), or a default text for the status class.
    public var message: String
    /// The application error code read from the body (`errorBody.code`); numbers become their text.
    public var code: String?
    /// The `errorBody.model` decoded from the body; nil when none is configured or it did not decode.
    public var model: (any Sendable)?
    /// The raw body.
    public var body: Data
    /// The response headers.
    public var headers: [String: String]

    /// Creates a server error.
    public init(status: Int, message: String, code: String? = nil, model: (any Sendable)? = nil,
                body: Data = Data(), headers: [String: String] = [:]) {
        self.status = status
        self.message = message
        self.code = code
        self.model = model
        self.body = body
        self.headers = headers
    }

    /// The decoded error model as `type`, or nil when it is absent or of another type.
    public func model<T>(as type: T.Type) -> T? {
        model as? T
    }

    /// The default message for a status class (3xx, 4xx, 5xx): what users see when the body has none.
    public static func defaultMessage(forStatus status: Int) -> String {
        switch status {
        case 300..<400: return "The server redirected the request."
        case 400..<500: return "The request was rejected."
        case 500..<600: return "The server had an internal error."
        default: return "The server returned an unexpected status."
        }
    }

    /// A one-line summary for logs: status, code, message and the start of the body.
    public var description: String {
        var text = "HTTP \(status)"
        if let code { text += " code=\(code)" }
        text += " message=\"\(message)\""
        if let model { text += " model=\(String(describing: type(of: model)))" }
        if !body.isEmpty { text += " body=\"\(BodyPreview.text(body))\"" }
        return text
    }
}

/// A 2xx response whose envelope reports failure.
public struct EnvelopeFailure: Sendable, Hashable, CustomStringConvertible {
    /// The envelope's code, if any (numbers become their text).
    public var code: String?
    /// The envelope's message, if any.
    public var message: String?
    /// The HTTP status of the response.
    public var status: Int

    /// Creates an envelope failure.
    public init(code: String? = nil, message: String? = nil, status: Int) {
        self.code = code
        self.message = message
        self.status = status
    }

    /// A one-line summary for logs.
    public var description: String {
        "HTTP \(status) success=false code=\(code ?? "nil") message=\"\(message ?? "")\""
    }
}

/// A 2xx body that did not decode as the expected type.
public struct DecodingFailure: Sendable, Hashable, CustomStringConvertible {
    /// The Swift type that was being decoded, e.g. `Question` or `Envelope<Question>`.
    public var typeName: String
    /// Where in the body it failed, e.g. `result.items[2].name`; empty at the top level.
    public var codingPath: String
    /// The start of the body (first 200 bytes as text, invalid UTF-8 replaced).
    public var bodyPrefix: String
    /// What went wrong, e.g. `Expected String but found a number.`
    public var description: String

    /// Creates a decoding failure.
    public init(typeName: String, codingPath: String, bodyPrefix: String, description: String) {
        self.typeName = typeName
        self.codingPath = codingPath
        self.bodyPrefix = bodyPrefix
        self.description = description
    }
}

/// A 2xx body whose content type is not what the endpoint returns.
public struct ContentTypeFailure: Sendable, Hashable, CustomStringConvertible {
    /// What the endpoint returns, e.g. `application/json`.
    public var expected: String
    /// The response's `Content-Type`.
    public var received: String
    /// The HTTP status.
    public var status: Int
    /// The start of the body (first 200 bytes as text).
    public var bodyPrefix: String

    /// Creates a content-type failure.
    public init(expected: String, received: String, status: Int, bodyPrefix: String) {
        self.expected = expected
        self.received = received
        self.status = status
        self.bodyPrefix = bodyPrefix
    }

    /// A one-line summary for logs.
    public var description: String {
        "HTTP \(status) expected \(expected), received \(received): \"\(bodyPrefix)\""
    }
}

extension APIError: LocalizedError {
    /// A sentence a user can be shown.
    public var errorDescription: String? {
        switch self {
        case .transport(let failure):
            switch failure {
            case .notConnected: return "The Internet connection appears to be offline."
            case .cannotConnect: return "Could not connect to the server."
            case .timedOut: return "The request timed out."
            case .connectionLost: return "The network connection was lost."
            case .tooManyRedirects: return "The server redirected too many times."
            case .redirectRefused: return "The server redirected to an unsafe location."
            case .badResponse: return "The server's response could not be read."
            case .other: return "A network error occurred."
            }
        case .cancelled: return "The request was cancelled."
        case .server(let error): return error.message
        case .envelope(let failure): return failure.message ?? "The server could not complete the request."
        case .decoding, .unexpectedContentType: return "The server's response could not be read."
        case .encoding: return "The request could not be prepared."
        case .invalidRequest: return "The request could not be prepared."
        case .responseTooLarge: return "The server's response is too large."
        case .authentication: return "You need to sign in again."
        }
    }

    /// Whether trying again later may succeed (network trouble, timeouts, 408/429/5xx).
    public var isTransient: Bool {
        switch self {
        case .transport(let failure):
            switch failure {
            case .notConnected, .cannotConnect, .timedOut, .connectionLost: return true
            case .tooManyRedirects, .redirectRefused, .badResponse, .other: return false
            }
        case .server(let error): return error.status == 408 || error.status == 429 || error.status >= 500
        default: return false
        }
    }

    /// The HTTP status when a response arrived (server, envelope and content-type failures).
    public var status: Int? {
        switch self {
        case .server(let error): return error.status
        case .envelope(let failure): return failure.status
        case .unexpectedContentType(let failure): return failure.status
        default: return nil
        }
    }
}

extension APIError: CustomStringConvertible, CustomDebugStringConvertible {
    /// A one-line description for logs, with the details a developer needs.
    public var description: String {
        switch self {
        case .transport(let failure):
            switch failure {
            case .other(let code, let description): return "transport(other: \(code) \(description))"
            case .redirectRefused(let reason): return "transport(redirectRefused: \(reason))"
            case .badResponse(let reason): return "transport(badResponse: \(reason))"
            default: return "transport(\(failure))"
            }
        case .cancelled: return "cancelled"
        case .server(let error): return "server(\(error))"
        case .envelope(let failure): return "envelope(\(failure))"
        case .decoding(let failure):
            let path = failure.codingPath.isEmpty ? "<root>" : failure.codingPath
            return "decoding(\(failure.typeName) at \(path): \(failure.description) body: \"\(failure.bodyPrefix)\")"
        case .unexpectedContentType(let failure): return "unexpectedContentType(\(failure))"
        case .encoding(let description): return "encoding(\(description))"
        case .invalidRequest(let reason): return "invalidRequest(\(reason))"
        case .responseTooLarge(let limit): return "responseTooLarge(limit: \(limit) bytes)"
        case .authentication(let description): return "authentication(\(description))"
        }
    }

    /// Same as `description`, prefixed with the type.
    public var debugDescription: String { "APIError." + description }
}

/// Short previews of bodies for errors and logs.
enum BodyPreview {
    static let limit = 200

    /// The first `limit` bytes as text; invalid UTF-8 (also a character cut at the limit) is replaced.
    static func text(_ data: Data, limit: Int = BodyPreview.limit) -> String {
        String(decoding: data.prefix(limit), as: UTF8.self)
    }
}
