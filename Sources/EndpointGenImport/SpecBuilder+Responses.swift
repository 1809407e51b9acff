import EndpointGenSpec
import EndpointGenSupport

// Responses, one or per status.
extension SpecBuilder {
    // MARK: - Responses per status

    /// Error schemas (by component name) that at least one operation in twenty documents, and
    /// at least three: the document's generic errors.
    static func sharedErrorSchemas(_ operations: [Operation]) -> Set<String> {
        var counts: [String: Int] = [:]
        for operation in operations {
            var seen: Set<String> = []
            for response in operation.statusResponses where response.code >= 400 {
                if case .json(let schema) = response.content, case .reference(let name) = schema.kind, seen.insert(name).inserted {
                    counts[name, default: 0] += 1
                }
            }
        }
        let threshold = max(3, (operations.count + 19) / 20)
        return Set(counts.filter { $0.value >= threshold }.keys)
    }

    /// The statuses an operation lists per status (`responses:`), or nil when one `response:`
    /// says all the caller can tell apart. Per status when the operation documents
    /// - two or more success statuses whose bodies differ (one bodiless, other schemas or media
    ///   types): 2xx codes, and 304 when it has an `If-None-Match` or `If-Modified-Since` header
    ///   parameter (without one the caller never asks for a 304); or
    /// - a success and an error status whose JSON body is a component schema of its own (a 404
    ///   `NotFound`, a 409 `Conflict`), not a generic one (`genericErrorSchemas`, the `errorBody`).
    /// Then the success statuses and those error statuses are listed; generic errors still throw.
    /// Not in a service with an envelope, whose payloads the importer unwraps by one shape.
    func perStatusResponses(_ operation: Operation, envelope: ImportedEnvelope?) -> [StatusResponse]? {
        // A stream is one response kind of its own; it is never listed per status.
        if operation.statusResponses.contains(where: { if case .stream = $0.content { true } else { false } }) { return nil }
        // An export of a spec's `responses:` lists exactly what the spec listed (2xx bodies in the envelope).
        if operation.listsEveryStatus, !operation.listedResponses.isEmpty { return operation.listedResponses }
        guard envelope == nil, operation.statusResponses.count >= 2 else { return nil }
        let conditional = operation.parameters.contains { parameter in
            parameter.place == .header && ["if-none-match", "if-modified-since"].contains(parameter.name.lowercased())
        }
        func isSuccess(_ response: StatusResponse) -> Bool {
            (200..<300).contains(response.code) || (response.code == 304 && conditional)
        }
        func isSpecificError(_ response: StatusResponse) -> Bool {
            guard response.code >= 400, case .json(let schema) = response.content, case .reference(let name) = schema.kind else { return false }
            return !genericErrorSchemas.contains(name) && name != serviceErrorSchema
        }
        let successes = operation.statusResponses.filter(isSuccess)
        guard !successes.isEmpty else { return nil }
        // Bodies told apart: a component by name, an inline schema always its own.
        var kinds: Set<String> = []
        for (index, response) in successes.enumerated() {
            switch response.content {
            case .empty: kinds.insert("empty")
            case .text: kinds.insert("text")
            case .bytes, .stream: kinds.insert("bytes")
            case .json(let schema):
                if case .reference(let name) = schema.kind { kinds.insert("$" + name) } else { kinds.insert("inline\(index)") }
            }
        }
        let errors = operation.statusResponses.filter(isSpecificError)
        guard kinds.count >= 2 || !errors.isEmpty else { return nil }
        return operation.statusResponses.filter { isSuccess($0) || isSpecificError($0) }
    }

    /// `<Case>Body`: the name the generator gives a status's inline model after the endpoint's.
    static func bodySuffix(_ status: ResponseStatus) -> String {
        SwiftNaming.upperCamel(Namer.responseCaseName(status)) + "Body"
    }

    /// Each listed status's response; nil for a bodiless one (`empty`).
    mutating func statusResponses(_ statuses: [StatusResponse], envelope: ImportedEnvelope?, owner: String,
                                          models: inout [ImportedModel]) -> [(status: ResponseStatus, response: ImportedResponse?)] {
        statuses.map { listed in
            let status = listed.status
            switch listed.content {
            case .empty: return (status, nil)
            case .text: return (status, .type(.named("String")))
            // Streams never get here (perStatusResponses); as bytes the type stays valid.
            case .bytes, .stream: return (status, .type(.named("Data")))
            case .json(var schema):
                // The runtime unwraps 2xx bodies from the envelope; other statuses are read as they are.
                if let envelope, status.isEnveloped, let payload = payload(of: schema, envelope: envelope) {
                    if case .any = payload.kind { return (status, nil) }
                    schema = payload
                }
                let name = owner + Self.bodySuffix(status)
                if let object = objectParts(schema), !object.properties.isEmpty, !isReference(schema) {
                    return (status, .fields(fields(object, owner: name, use: .model, models: &models)))
                }
                var type = specType(schema, suggested: name, use: .model, models: &models)
                if type.kind == .data { type.expr = .named("Data") }
                return (status, .type(type.expr))
            }
        }
    }

    mutating func response(_ operation: Operation, envelope: ImportedEnvelope?, noEnvelope: inout Bool, owner: String, models: inout [ImportedModel]) -> ImportedResponse? {
        switch operation.response {
        case .empty: return nil
        case .text:
            noEnvelope = envelope != nil
            return .type(.named("String"))
        case .bytes:
            noEnvelope = envelope != nil
            // An endpointgen export of `response: File`: downloaded to a file.
            return .type(.named(operation.fileResponse ? "File" : "Data"))
        case .stream(let events, let schema):
            let type = specType(schema, suggested: owner + "Event", use: .model, models: &models)
            return .type(.stream(events ? .events : .lines, of: type.expr))
        case .json(var schema):
            if let envelope {
                if let payload = payload(of: schema, envelope: envelope) {
                    if case .reference(let name) = schema.kind { envelopeWrappers.insert(name) }
                    // A payload without a schema (`data: {}` for "no result") means nothing to return.
                    if case .any = payload.kind { return nil }
                    schema = payload
                    // An endpointgen export of `response: Envelope<T>`: the method returns the wrapper.
                    if operation.envelopeResponse {
                        return .type(.envelope(of: specType(schema, suggested: owner + "Response", use: .model, models: &models).expr))
                    }
                } else {
                    noEnvelope = true
                }
            }
            if let object = objectParts(schema), !object.properties.isEmpty, !isReference(schema) {
                return .fields(fields(object, owner: owner + "Response", use: .model, models: &models))
            }
            var type = undated(specType(schema, suggested: owner + "Response", use: .model, models: &models), at: schema.location, where: "as a whole response")
            if type.kind == .data { type.expr = .named("Data") }
            return .type(type.expr)
        }
    }
}
