import EndpointGenSpec
import EndpointGenSupport

// Responses, their envelopes, error bodies and samples.
extension Exporter {
    // MARK: - Responses

    mutating func responses(_ endpoint: SpecEndpoint, of service: Service) -> DocumentValue {
        var responses = ObjectBuilder()
        if endpoint.responses.isEmpty {
            responses.set("200", success(endpoint))
        } else {
            // Each listed status as itself; the envelope wraps 2xx bodies only, as the runtime reads them.
            for listed in endpoint.responses {
                let description = listed.summary ?? Self.describe(listed.status)
                // 204, 205 and 304 have no body on the wire, so no envelope either.
                let bodiless = [204, 205, 304].contains(listed.status.representativeCode)
                let envelope = listed.status.isEnveloped && !bodiless ? endpoint.envelope : nil
                responses.set(listed.status.spelling == "other" ? "default" : listed.status.spelling,
                              response(listed.response, sample: listed.sample.map(Self.value), envelope: envelope, description: description))
            }
        }
        if let errorBody = service.errorBody, !endpoint.responses.contains(where: { $0.status == .other }) {
            var error = ObjectBuilder()
            error.set("description", "An error; `\(service.name)`'s error body.")
            error.set("content", .object([.init(key: "application/json", value: .object([.init(key: "schema", value: errorSchema(errorBody))]))]))
            error.set(OpenAPIExtension.response, "errorBody")
            responses.set("default", error.value)
        }
        return responses.value
    }

    /// The 2xx answer: its media type and schema, with the envelope around the payload.
    private mutating func success(_ endpoint: SpecEndpoint) -> DocumentValue {
        response(endpoint.response, sample: endpoint.sample.map(Self.value), envelope: endpoint.envelope, description: "Success.")
    }

    /// A listed status's description when its spec gives no summary: the case it becomes.
    private static func describe(_ status: ResponseStatus) -> String {
        switch status {
        case .code(let code): return "\(code) (`.\(Namer.responseCaseName(status))`)."
        case .range(let digit): return "Any other \(digit)xx status (`.\(Namer.responseCaseName(status))`)."
        case .other: return "Any other status (`.\(Namer.responseCaseName(status))`)."
        }
    }

    /// One response object: the media type and schema of `kind`, with `envelope` around the payload.
    private mutating func response(_ kind: SpecResponse, sample: DocumentValue?, envelope: SpecEnvelope?, description: String) -> DocumentValue {
        var response = ObjectBuilder()
        response.set("description", description)
        var mediaType: String?
        var schema: DocumentValue?
        var sample = sample
        switch kind {
        case .empty:
            // With an envelope the body still says whether the call succeeded.
            if let envelope, envelope.success != nil {
                mediaType = "application/json"
                schema = envelopeSchema(envelope, payload: nil)
            }
        case .json(let type):
            mediaType = "application/json"
            let payload = self.schema(of: type, inline: true, dates: .service(serviceDates))
            schema = envelope.map { envelopeSchema($0, payload: payload) } ?? payload
            if let envelope, let value = sample { sample = Self.wrapped(value, envelope: envelope) }
        case .envelope(let type):
            mediaType = "application/json"
            if let envelope {
                schema = envelopeSchema(envelope, payload: self.schema(of: type, inline: true, dates: .service(serviceDates)))
                if let value = sample { sample = Self.wrapped(value, envelope: envelope) }
            }
            response.set(OpenAPIExtension.response, "envelope")
        case .data, .download:
            // Any bytes: OpenAPI 3.1 leaves a binary media type without a schema.
            mediaType = "application/octet-stream"
            if kind == .download { response.set(OpenAPIExtension.response, "file") }
        case .string:
            mediaType = "text/plain"
            schema = .object([.init(key: "type", value: .string("string"))])
        case .stream(let format, let type):
            // The schema is one value: each event's data, or each line.
            mediaType = format == .events ? "text/event-stream" : "application/jsonl"
            schema = self.schema(of: type, inline: true, dates: .service(serviceDates))
        }
        if let mediaType {
            var media = ObjectBuilder()
            media.set("schema", schema)
            if let sample {
                media.set("examples", .object([.init(key: "sample", value: .object([.init(key: "value", value: sample)]))]))
            }
            response.set("content", .object([.init(key: mediaType, value: media.value)]))
        }
        return response.value
    }

    /// The JSON object the service's `envelope:` wraps each payload in, as the runtime reads it:
    /// the success flag, code (text or a number) and message may be absent or null; the payload
    /// is there (unless the success flag is false).
    private func envelopeSchema(_ envelope: SpecEnvelope, payload: DocumentValue?) -> DocumentValue {
        var properties = ObjectBuilder()
        if let key = envelope.success { properties.set(key, Self.types(["boolean", "null"])) }
        if let key = envelope.code { properties.set(key, Self.types(["string", "number", "null"])) }
        if let key = envelope.message { properties.set(key, Self.types(["string", "null"])) }
        properties.set(envelope.payload, payload ?? .object([]))
        var schema = ObjectBuilder()
        schema.set("type", "object")
        schema.set("properties", properties.value)
        if payload != nil { schema.set("required", .array([.string(envelope.payload)])) }
        return schema.value
    }

    private static func types(_ names: [String]) -> DocumentValue {
        .object([.init(key: "type", value: .array(names.map(DocumentValue.string)))])
    }

    /// The error model, or an object of the message and code keys. The runtime reads a key with
    /// dots (`error.message`) as a path when no key is spelt so: nested objects here.
    private func errorSchema(_ errorBody: ErrorBody) -> DocumentValue {
        if let model = errorBody.model { return Self.reference(model) }
        var root = DocumentValue.object([.init(key: "type", value: .string("object"))])
        if let key = errorBody.message { root = Self.adding(path: key.split(separator: ".", omittingEmptySubsequences: false).map(String.init), Self.types(["string", "null"]), to: root) }
        if let key = errorBody.code { root = Self.adding(path: key.split(separator: ".", omittingEmptySubsequences: false).map(String.init), Self.types(["string", "number", "null"]), to: root) }
        return root
    }

    /// `object` with `leaf` at `path` under `properties`, making the objects between.
    static func adding(path: [String], _ leaf: DocumentValue, to object: DocumentValue) -> DocumentValue {
        guard let first = path.first else { return leaf }
        var properties: [DocumentValue.Member] = []
        if case .object(let members)? = object["properties"] { properties = members }
        let existing = properties.first { $0.key == first }?.value ?? .object([.init(key: "type", value: .string("object"))])
        let value = adding(path: Array(path.dropFirst()), leaf, to: existing)
        if let index = properties.firstIndex(where: { $0.key == first }) {
            properties[index].value = value
        } else {
            properties.append(.init(key: first, value: value))
        }
        return adding("properties", .object(properties), to: object)
    }

    /// The sample as the stub transport answers it: `{ success: true, payload: … }`.
    private static func wrapped(_ sample: DocumentValue, envelope: SpecEnvelope) -> DocumentValue {
        var members: [DocumentValue.Member] = []
        if let success = envelope.success { members.append(.init(key: success, value: .bool(true))) }
        members.append(.init(key: envelope.payload, value: sample))
        return .object(members)
    }

    private static func value(_ sample: SampleValue) -> DocumentValue {
        switch sample {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let text): return .number(text)
        case .string(let text): return .string(text)
        case .array(let items): return .array(items.map(value))
        case .object(let pairs): return .object(pairs.map { .init(key: $0.key, value: value($0.value)) })
        }
    }
}
