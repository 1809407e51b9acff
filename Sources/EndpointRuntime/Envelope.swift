import Foundation

/// A whole 2xx envelope (`{"isSuccess": true, "code": "OK", "message": "…", "result": {…}}`),
/// returned by `APIClient.sendEnvelope` for responses declared as `Envelope<T>`.
public struct Envelope<Payload: Sendable>: Sendable {
    /// The success flag, when the envelope has one.
    public var success: Bool?
    /// The envelope's code; numbers become their text.
    public var code: String?
    /// The envelope's message.
    public var message: String?
    /// The unwrapped payload.
    public var payload: Payload

    /// Creates an envelope.
    public init(success: Bool? = nil, code: String? = nil, message: String? = nil, payload: Payload) {
        self.success = success
        self.code = code
        self.message = message
        self.payload = payload
    }
}

extension Envelope: Equatable where Payload: Equatable {}
extension Envelope: Hashable where Payload: Hashable {}

extension CodingUserInfoKey {
    /// Carries the `EnvelopeFormat` into `EnvelopeBox.init(from:)` through a fresh decoder.
    static let endpointRuntimeEnvelopeFormat = CodingUserInfoKey(rawValue: "EndpointRuntime.EnvelopeFormat")!
}

/// Lets the box leave out a missing payload key when the payload type is optional.
protocol OptionalPayload {
    static var absent: Self { get }
}

extension Optional: OptionalPayload {
    static var absent: Optional<Wrapped> { .none }
}

/// An envelope read in ONE decoding pass: the keys come from the format in `userInfo`, the payload
/// is decoded in place (no intermediate `JSONValue` or second `JSONDecoder` run). When `success`
/// is false the payload is not decoded at all, since failed envelopes usually carry `null`.
struct EnvelopeBox<Payload: Decodable>: Decodable {
    var success: Bool?
    var code: String?
    var message: String?
    var payload: Payload?

    init(from decoder: any Decoder) throws {
        guard let format = decoder.userInfo[.endpointRuntimeEnvelopeFormat] as? EnvelopeFormat else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "No envelope format given to the decoder."))
        }
        let container = try decoder.container(keyedBy: DynamicCodingKey.self)
        if let key = format.success {
            success = try container.decodeIfPresent(Bool.self, forKey: DynamicCodingKey(key))
        }
        if let key = format.code {
            code = try decodeCode(container, DynamicCodingKey(key))
        }
        if let key = format.message {
            message = try container.decodeIfPresent(String.self, forKey: DynamicCodingKey(key))
        }
        guard success != false else { return }
        let payloadKey = DynamicCodingKey(format.payload)
        if let optional = Payload.self as? any OptionalPayload.Type, !container.contains(payloadKey) {
            payload = (optional.absent as! Payload)
        } else {
            payload = try container.decode(Payload.self, forKey: payloadKey)
        }
    }
}

/// A code that servers send as a string or a number; stored as text (`404`, `"E1001"`).
func decodeCode(_ container: KeyedDecodingContainer<DynamicCodingKey>, _ key: DynamicCodingKey) throws -> String? {
    guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
    if let text = try? container.decode(String.self, forKey: key) { return text }
    if let integer = try? container.decode(Int64.self, forKey: key) { return String(integer) }
    if let number = try? container.decode(Double.self, forKey: key) { return number.description }
    if let flag = try? container.decode(Bool.self, forKey: key) { return flag ? "true" : "false" }
    throw DecodingError.typeMismatch(String.self, .init(codingPath: container.codingPath + [key],
                                                        debugDescription: "Expected a string or a number."))
}

extension DecodingFailure {
    /// A failure from a `DecodingError`, with the path written as `result.items[2].name`.
    init(_ error: any Error, typeName: String, body: Data) {
        let preview = BodyPreview.text(body)
        guard let decodingError = error as? DecodingError else {
            self.init(typeName: typeName, codingPath: "", bodyPrefix: preview, description: String(describing: error))
            return
        }
        var (path, description) = Self.summary(of: decodingError)
        if case .dataCorrupted = decodingError, body.isEmpty {
            description = "The body is empty."
        }
        self.init(typeName: typeName, codingPath: Self.render(path), bodyPrefix: preview, description: description)
    }

    /// Where a `DecodingError` happened (a missing key's path ends with the key) and what it says.
    static func summary(of error: DecodingError) -> (path: [any CodingKey], description: String) {
        switch error {
        case .typeMismatch(let type, let context):
            return (context.codingPath, "Expected \(type): \(context.debugDescription)")
        case .valueNotFound(let type, let context):
            return (context.codingPath, "Expected \(type) but found null or nothing: \(context.debugDescription)")
        case .keyNotFound(let key, let context):
            return (context.codingPath + [key], "Missing key \"\(key.stringValue)\".")
        case .dataCorrupted(let context):
            if let underlying = context.underlyingError {
                return (context.codingPath, "\(context.debugDescription) (\(underlying.localizedDescription))")
            }
            return (context.codingPath, context.debugDescription)
        @unknown default:
            return ([], String(describing: error))
        }
    }

    /// `data.items[2].name`: array indices in brackets, keys joined with dots.
    static func render(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue, key.stringValue == "Index \(index)" || key.stringValue == String(index) {
                text += "[\(index)]"
            } else {
                if !text.isEmpty { text += "." }
                text += key.stringValue
            }
        }
        return text
    }
}
