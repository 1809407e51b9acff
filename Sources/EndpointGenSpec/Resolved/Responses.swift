import EndpointGenSupport

// The resolved spec: bodies, responses and their statuses.

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

public enum SpecResponse: Sendable, Hashable {
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
}

/// One entry of `responses:`: a status and what its body decodes to.
public struct StatusResponse: Sendable {
    public var status: ResponseStatus
    /// `.empty`, `.json`, `.envelope`, `.data` or `.string` (never a stream).
    public var response: SpecResponse
    /// This status's sample, checked against `response`.
    public var sample: SampleValue?
    /// The long form's `summary`, for the case's documentation.
    public var summary: String?
    public var location: SourceLocation
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
