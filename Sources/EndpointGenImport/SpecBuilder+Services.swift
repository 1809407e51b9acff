import EndpointGenSpec
import EndpointGenSupport

// Envelopes and error bodies, grouping operations into services, auth.
extension SpecBuilder {
    // MARK: - Envelopes and error bodies

    static let payloadKeys = ["data", "result", "payload", "results", "body", "content", "response"]
    static let codeKeys = ["code", "status", "statusCode", "resultCode", "errorCode", "error_code"]
    static let messageKeys = ["message", "msg", "resultMessage", "resultMsg", "errorMessage", "error_message", "detail", "error_description"]

    /// The envelope keys of a response schema (a payload key beside only a success flag, a code
    /// and a message), and the payload's schema.
    private func envelopeShape(_ schema: Schema) -> (ImportedEnvelope, Schema)? {
        guard let object = objectParts(schema), (2...4).contains(object.properties.count) else { return nil }
        if case .schema = object.additional { return nil }
        var envelope = ImportedEnvelope(payload: "")
        var payload: Schema?
        for property in object.properties {
            if payload == nil, Self.payloadKeys.contains(property.name) {
                envelope.payload = property.name
                payload = property.schema
                continue
            }
            let kind = scalarKind(property.schema)
            if kind == .boolean, envelope.success == nil {
                envelope.success = property.name
            } else if kind == .string || kind == .integer, envelope.code == nil, Self.codeKeys.contains(property.name) {
                envelope.code = property.name
            } else if kind == .string, envelope.message == nil, Self.messageKeys.contains(property.name) {
                envelope.message = property.name
            } else {
                return nil
            }
        }
        guard let payload, envelope.success != nil || envelope.code != nil || envelope.message != nil else { return nil }
        return (envelope, payload)
    }

    /// The payload of a response wrapped in `envelope`: one of the shape `envelopeShape` finds,
    /// or an object of the envelope's keys alone that holds the payload key (the wrapper an
    /// endpointgen export writes for its declared envelope, whatever its keys are called).
    func payload(of schema: Schema, envelope: ImportedEnvelope) -> Schema? {
        if let (shape, payload) = envelopeShape(schema), shape == envelope { return payload }
        guard let object = objectParts(schema), let payload = object.properties.first(where: { $0.name == envelope.payload }) else { return nil }
        if case .schema = object.additional { return nil }
        let keys = [envelope.payload, envelope.success, envelope.code, envelope.message].compactMap { $0 }
        guard object.properties.allSatisfy({ keys.contains($0.name) }) else { return nil }
        return payload.schema
    }

    private enum ScalarKind { case boolean, string, integer }

    private func scalarKind(_ schema: Schema, depth: Int = 0) -> ScalarKind? {
        switch schema.kind {
        case .boolean: return .boolean
        case .string, .stringEnum: return .string
        case .integer, .integerEnum: return .integer
        case .reference(let name): return depth < 8 ? components[name].flatMap { scalarKind($0, depth: depth + 1) } : nil
        default: return nil
        }
    }

    /// The envelope most of a service's JSON responses share (at least two of them).
    func detectEnvelope(_ operations: [Operation]) -> ImportedEnvelope? {
        var order: [ImportedEnvelope] = []
        var counts: [ImportedEnvelope: Int] = [:]
        var jsonResponses = 0
        for operation in operations {
            guard case .json(let schema) = operation.response else { continue }
            jsonResponses += 1
            guard let (shape, _) = envelopeShape(schema) else { continue }
            if counts[shape] == nil { order.append(shape) }
            counts[shape, default: 0] += 1
        }
        guard let best = order.max(by: { counts[$0]! < counts[$1]! }), counts[best]! >= 2, counts[best]! * 2 >= jsonResponses else { return nil }
        // `max` returns the last of equal counts; prefer the first seen.
        return order.first { counts[$0] == counts[best] }
    }

    /// The error schema most operations share (the first of equal counts).
    func commonErrorSchema(_ operations: [Operation]) -> Schema? {
        var order: [String] = []
        var counts: [String: (count: Int, schema: Schema)] = [:]
        for operation in operations {
            guard let schema = operation.errorSchema else { continue }
            let key: String
            if case .reference(let name) = schema.kind { key = name } else { key = "\u{0}inline\(order.count)" }
            if counts[key] == nil { order.append(key) }
            counts[key, default: (0, schema)].count += 1
        }
        guard let best = order.first(where: { key in counts[key]!.count == order.map { counts[$0]!.count }.max() }) else { return nil }
        return counts[best]!.schema
    }

    /// `errorBody` from the error response most operations share: its message and code keys,
    /// and the model when it is a named schema.
    func detectErrorBody(_ operations: [Operation]) -> ImportedErrorBody? {
        guard let schema = commonErrorSchema(operations) else { return nil }
        guard let object = objectParts(schema) else { return nil }
        var body = ImportedErrorBody()
        // The most telling key of each kind: `code` before `status`, `message` before `error`.
        func first(_ keys: [String], _ kinds: [ScalarKind]) -> String? {
            keys.first { key in object.properties.contains { $0.name == key && scalarKind($0.schema).map(kinds.contains) == true } }
        }
        body.message = first(Self.messageKeys + ["error"], [.string])
        body.code = first(Self.codeKeys, [.string, .integer])
        if case .reference(let name) = schema.kind, let model = modelNames[name], case .object = components[name]?.kind {
            body.model = model
        }
        guard body.message != nil || body.code != nil else { return nil }
        return body
    }

    /// Named wrapper schemas every response unwraps (`BaseResponseUserDto`) are left out of
    /// schemas.yaml unless something else refers to them.
    func dropUnusedWrappers(_ shared: inout ImportedFile, files: [ImportedFile]) {
        let wrappers = Set(envelopeWrappers.compactMap { modelNames[$0] })
        guard !wrappers.isEmpty else { return }
        var used: Set<String> = []
        for file in files {
            if let service = file.service { used.formUnion(Self.references(of: service)) }
            for model in file.models { used.formUnion(Self.references(of: model)) }
        }
        for model in shared.models where !wrappers.contains(model.name) {
            used.formUnion(Self.references(of: model))
        }
        shared.models.removeAll { wrappers.contains($0.name) && !used.contains($0.name) }
    }

    // MARK: - Services

    struct Group {
        var name: String
        /// The document's tag; nil for the untagged operations.
        var tag: String?
        var summary: String?
        var operations: [Operation]
    }

    /// One service per tag (an operation's first tag), in the order of the document's `tags`
    /// list, then of first use; untagged operations form a service named after the document.
    mutating func serviceGroups() -> [Group] {
        var order: [String] = document.tagDescriptions.map(\.name)
        var byTag: [String: [Operation]] = [:]
        let untagged = "\u{0}untagged"
        for operation in document.operations {
            let tag = operation.tag ?? untagged
            if byTag[tag] == nil, !order.contains(tag) { order.append(tag) }
            byTag[tag, default: []].append(operation)
        }
        var groups: [Group] = []
        var names: Set<String> = []
        for tag in order {
            guard let operations = byTag[tag] else { continue }
            let raw = tag == untagged ? (document.title ?? "API") : tag
            var name = Self.upperName(raw)
            if name.isEmpty {
                // A tag without ASCII letters (`주문`): named after its first path's first segment.
                let segment = operations[0].path.split(separator: "/").first { !$0.hasPrefix("{") }.map(String.init) ?? ""
                name = Self.upperName(segment)
                if name.isEmpty { name = tag == untagged ? "API" : "Service" }
            }
            let unique = Self.claim(name, in: &names)
            if unique != Self.upperName(raw) || Self.upperName(raw).isEmpty {
                diagnostics.rename("tag '\(raw)' becomes service '\(unique)'", at: operations[0].location)
            }
            let summary = document.tagDescriptions.first { $0.name == tag }.map { Text.firstParagraph($0.description) }
            groups.append(Group(name: unique, tag: tag == untagged ? nil : tag, summary: summary?.isEmpty == false ? summary : nil, operations: operations))
        }
        return groups
    }

    func uniqueFileName(_ serviceName: String, taken: inout Set<String>) -> String {
        let stem = SwiftNaming.words(serviceName).map { $0.lowercased() }.joined(separator: "-")
        let name = Self.numbered(stem.isEmpty ? "service" : stem, separator: "-") { taken.contains($0 + ".yaml") } + ".yaml"
        taken.insert(name)
        return name
    }

    /// Several servers become environments, named after the first word of their descriptions
    /// ("Production server" → `production`, "The staging API" → `staging`) or numbered; the
    /// first is the default. A member of the generated environment type (`url`, `init`) is no
    /// name; a number taken by an earlier description gets another.
    func environments(_ servers: [(url: String, description: String?)]) -> [(name: String, url: String)] {
        var result: [(name: String, url: String)] = []
        var names: Set<String> = []
        for (index, server) in servers.enumerated() {
            let words = SwiftNaming.words(server.description ?? "").drop { ["a", "an", "the"].contains($0.lowercased()) }
            var name = words.first.map { Self.lowerName($0, fallback: "") } ?? ""
            if name.isEmpty || names.contains(name) || !name.utf8.allSatisfy({ $0 < 0x80 })
                || GeneratedCodeContract.environmentMembers.contains(name) {
                name = Self.numbered("server\(index + 1)") { names.contains($0) }
            }
            names.insert(name)
            result.append((name, server.url))
        }
        return result
    }

    func mostCommon(_ values: [String]) -> String? {
        var counts: [String: Int] = [:]
        var best: String?
        for value in values {
            counts[value, default: 0] += 1
            if best == nil || counts[value]! > counts[best!]! { best = value }
        }
        return best
    }

    // MARK: - Auth

    /// The header, lowercased, that an auth's client sets itself (`bearer` → `authorization`).
    static func credentialHeader(of auth: String) -> String? {
        switch auth {
        case "bearer", "basic": return "authorization"
        case "cookie": return "cookie"
        default:
            guard auth.hasPrefix("apiKey("), auth.hasSuffix(")") else { return nil }
            return String(auth.dropFirst("apiKey(".count).dropLast()).lowercased()
        }
    }

    mutating func auth(of operation: Operation) -> String {
        guard let choice = operation.security ?? document.security, case .scheme(let name, let at) = choice else { return "none" }
        guard let scheme = document.securitySchemes.first(where: { $0.name == name })?.scheme else {
            diagnostics.warning(.security, "security scheme '\(name)' is not defined under components.securitySchemes, or of a kind specs cannot express; the endpoint is imported without auth", at: at)
            return "none"
        }
        switch scheme {
        case .bearer: return "bearer"
        case .apiKeyHeader(let header): return "apiKey(\(header))"
        case .apiKeyQuery(let key): return "apiKeyQuery(\(key))"
        case .apiKeyCookie: return "cookie"
        case .basic: return "basic"
        }
    }
}
