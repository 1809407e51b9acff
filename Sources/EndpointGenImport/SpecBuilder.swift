import EndpointGenSpec
import EndpointGenSupport

/// Turns an OpenAPI document into spec files: one per tag (a service), and one models file with
/// the component schemas. Decides every name (unique, legal, not reserved) and drops, with a
/// warning, what specs cannot express.
struct SpecBuilder {
    let document: OpenAPIDocument
    private(set) var diagnostics = DiagnosticBag()

    /// A spec type and what it is made of, for the places that take only some types.
    struct SpecType {
        enum Kind: Equatable {
            case scalar, enumModel, structModel, json, data, file, dictionary
            indirect case array(Kind)
        }

        var expr: TypeExpr
        var kind: Kind
        var nullable = false
        /// The spec's `dateEncoding` of a `Date` or `[Date]` that is not ISO 8601 (`date`,
        /// `epochSeconds`, `epochMilliseconds`); only a field or parameter can say it.
        var dates: String?

        /// Scalars, enums and arrays of them: what query, header and form values may be.
        var isSimple: Bool {
            switch kind {
            case .scalar, .enumModel: return true
            case .array(let element): return element == .scalar || element == .enumModel
            default: return false
            }
        }
    }

    /// Where a type is used: multipart parts may be files; nothing else may.
    enum Use { case model, multipart }

    /// Component schema name → model name, for the schemas that become models.
    private var modelNames: [String: String] = [:]
    private var components: [String: Schema] = [:]
    /// Every type name given out, and the names the generator reserves.
    private var takenTypeNames: Set<String> = []
    /// Component schemas unwrapped as a service's envelope.
    private var envelopeWrappers: Set<String> = []
    /// Wire values of every enum model, for checking defaults.
    private var enumValues: [String: [String]] = [:]
    /// Component aliases being expanded (an alias of itself becomes JSON).
    private var expanding: Set<String> = []
    /// The object schemas of bases that became `oneOf` models of their subtypes
    /// (`resolvePolymorphicBases`): their properties still go into each subtype's `allOf`.
    private var polymorphicBases: [String: Schema] = [:]
    /// Model names of the components request bodies can hold (`sentModels`) and responses can
    /// (`receivedModels`), directly or inside others: where `readOnly` and `writeOnly` matter.
    private var sentModels: Set<String> = []
    /// Error schemas (component names) that say nothing particular about an operation: the
    /// service's `errorBody` and those many operations share (GitHub's `basic-error` and
    /// `validation-error`). A documented error status with another one is listed per status.
    private var genericErrorSchemas: Set<String> = []
    /// The current service's most common error schema (its `errorBody`).
    private var serviceErrorSchema: String?
    private var receivedModels: Set<String> = []

    init(document: OpenAPIDocument) {
        self.document = document
    }

    static let sharedFileStem = "schemas"

    mutating func build() -> [ImportedFile] {
        let groups = serviceGroups()
        for group in groups {
            for suffix in SpecRules.generatedTypeSuffixes { takenTypeNames.insert(group.name + suffix) }
        }
        for named in document.schemas {
            components[named.name] = named.schema
        }
        resolvePolymorphicBases()
        for named in document.schemas where becomesModel(components[named.name]!) {
            modelNames[named.name] = uniqueTypeName(named.name, fallback: "Model", at: named.schema.location)
        }
        findDirections()
        genericErrorSchemas = Self.sharedErrorSchemas(document.operations)
        var shared = ImportedFile(fileName: Self.sharedFileStem + ".yaml")
        for named in document.schemas {
            guard let name = modelNames[named.name] else { continue }
            appendModel(named: name, schema: components[named.name]!, to: &shared.models)
        }
        var files: [ImportedFile] = []
        var fileNames: Set<String> = [shared.fileName]
        // Unique across services: inline bodies and responses are named after their endpoint,
        // and model names are global to the module.
        var endpointNames: Set<String> = []
        // Operation id → the service and endpoint it became, for an exported `cookieSession`'s refresh.
        var byOperationID: [String: (service: String, endpoint: String)] = [:]
        var sessions: [(file: Int, refresh: String?, csrf: (cookie: String, header: String)?)] = []
        for group in groups {
            // What an endpointgen export wrote for the service; detection is for other documents.
            let settings = group.tag.flatMap { tag in document.tagSettings.first { $0.name == tag }?.settings }
            var file = ImportedFile(fileName: uniqueFileName(group.name, taken: &fileNames))
            var service = ImportedService(name: group.name)
            service.summary = group.summary
            // The document's servers, else those every operation of the service names itself.
            var servers = document.servers
            if servers.isEmpty, let first = group.operations.first?.servers, !first.isEmpty,
               group.operations.allSatisfy({ $0.servers.map(\.url) == first.map(\.url) }) {
                servers = first
            }
            if servers.count == 1 {
                service.baseURL = servers[0].url
            } else if servers.count > 1 {
                service.environments = environments(servers)
            }
            service.envelope = settings?.envelope ?? detectEnvelope(group.operations)
            service.errorBody = settings?.errorBody.map { body in
                var body = body
                body.model = body.model.flatMap { modelNames[$0] }
                return body
            } ?? detectErrorBody(group.operations)
            service.headers = settings?.headers ?? []
            if case .reference(let name)? = commonErrorSchema(group.operations)?.kind { serviceErrorSchema = name } else { serviceErrorSchema = nil }
            var auths: [String] = []
            for operation in group.operations {
                var endpoint = self.endpoint(operation, envelope: service.envelope, names: &endpointNames, models: &file.models)
                var auth = self.auth(of: operation)
                adjustHeaders(&endpoint, operation: operation, auth: &auth)
                for header in operation.constantHeaders where !endpoint.headers.contains(where: { $0.name.lowercased() == header.name.lowercased() })
                    && header.name.lowercased() != Self.credentialHeader(of: auth) {
                    endpoint.headers.append(header)
                }
                if let id = operation.operationId { byOperationID[id] = (service.name, endpoint.name) }
                auths.append(auth)
                service.endpoints.append(endpoint)
            }
            // The most common auth is the service's; endpoints name theirs when it differs.
            let common = mostCommon(auths) ?? "none"
            for index in service.endpoints.indices where auths[index] != common {
                service.endpoints[index].auth = auths[index]
            }
            service.auth = common == "none" ? nil : common
            liftSharedParameters(&service)
            // Not the header an endpoint's auth sets (the spec loader refuses those).
            service.headers.removeAll { header in
                auths.contains { Self.credentialHeader(of: $0) == header.name.lowercased() }
            }
            // A cookie session needs cookie endpoints.
            if let settings, settings.hasCookieSession, auths.contains("cookie") {
                sessions.append((files.count, settings.cookieRefresh, settings.csrf))
            }
            file.service = service
            files.append(file)
        }
        for session in sessions {
            guard var service = files[session.file].service else { continue }
            // The refresh endpoint is sent by the client alone: one without parameters or body.
            let target = session.refresh.flatMap { byOperationID[$0] }.flatMap { target in
                files.lazy.compactMap(\.service).first { $0.name == target.service }?.endpoints.first { $0.name == target.endpoint }
                    .flatMap { $0.params.isEmpty && $0.query.isEmpty && $0.headerParams.isEmpty && $0.body == nil ? target : nil }
            }
            let refresh = target.map { $0.service == service.name ? $0.endpoint : $0.service + "." + $0.endpoint }
            service.cookieSession = (refresh, session.csrf)
            files[session.file].service = service
        }
        dropUnusedWrappers(&shared, files: files)
        ModelDeduplication.run(shared: &shared, files: &files, components: Set(modelNames.values), notes: &diagnostics)
        moveSingleServiceModels(from: &shared, to: &files)
        if !shared.models.isEmpty { files.append(shared) }
        return files
    }

    /// A component model that the endpoints of one service alone use (directly or through other
    /// models) goes into that service's file, as a hand-written spec keeps a service's models
    /// beside it; the rest stay in schemas.yaml. Besides reading better, each spec's models are a
    /// file of their own, which the compiler can work on in parallel: OpenAI's document gave
    /// one models file of 110,000 lines, whose debug compile held 2.5 GB in one job.
    private func moveSingleServiceModels(from shared: inout ImportedFile, to files: inout [ImportedFile]) {
        let sharedModels = Dictionary(shared.models.map { ($0.name, Self.references(of: $0)) }, uniquingKeysWith: { first, _ in first })
        // The service files that reach each shared model.
        var users: [String: Set<Int>] = [:]
        for (index, file) in files.enumerated() {
            guard let service = file.service else { continue }
            var pending = Array(Self.references(of: service))
            for model in file.models { pending += Self.references(of: model) }
            var reached: Set<String> = []
            while let name = pending.popLast() {
                guard let next = sharedModels[name], reached.insert(name).inserted else { continue }
                pending += next
            }
            for name in reached { users[name, default: []].insert(index) }
        }
        var kept: [ImportedModel] = []
        for model in shared.models {
            if let only = users[model.name], only.count == 1, let index = only.first {
                files[index].models.append(model)
            } else {
                kept.append(model)
            }
        }
        shared.models = kept
    }

    /// The names a type mentions: `[String: Member]?` → `Member`.
    private static func names(in type: TypeExpr) -> [String] {
        type.names
    }

    private static func names(in fields: [ImportedField]) -> [String] {
        fields.flatMap { names(in: $0.type) }
    }

    /// The names a service's endpoints and error body refer to.
    private static func references(of service: ImportedService) -> Set<String> {
        var used: [String] = service.errorBody?.model.map { [$0] } ?? []
        for endpoint in service.endpoints {
            used += names(in: endpoint.params) + names(in: endpoint.query) + names(in: endpoint.headerParams)
            switch endpoint.body {
            case .type(let type)?: used += names(in: type)
            case .formModel(let name)?: used.append(name)
            case .json(let fields)?, .form(let fields)?, .multipart(let fields)?: used += names(in: fields)
            case .raw?, .file?, nil: break
            }
            switch endpoint.response {
            case .type(let type)?: used += names(in: type)
            case .fields(let fields)?: used += names(in: fields)
            case nil: break
            }
        }
        return Set(used)
    }

    /// The names a model refers to: its fields' types, its cases' models or types.
    private static func references(of model: ImportedModel) -> [String] {
        switch model.kind {
        case .fields(let fields): return names(in: fields)
        case .oneOf(_, _, let cases): return cases.map(\.model)
        case .union(let types): return types.flatMap { names(in: $0) }
        case .stringEnum, .integerEnum: return []
        }
    }

    /// OpenAPI's inheritance, as springdoc writes Jackson's `@JsonSubTypes`: an object component
    /// with a `discriminator` that other components extend (`allOf: [{ $ref: Base }, …]`) or its
    /// `mapping` names. A value of the base's type is one of the subtypes, so the base becomes a
    /// `oneOf` model of them (values from the mapping, else the subtype's name); its properties
    /// still go into every subtype. A base whose subtypes cannot all be cases stays a struct.
    private mutating func resolvePolymorphicBases() {
        for named in document.schemas {
            guard let discriminator = named.schema.discriminator else { continue }
            switch named.schema.kind {
            case .object, .allOf: break
            default: continue
            }
            var cases: [(value: String, schema: String)] = []
            var listed: Set<String> = []
            for entry in discriminator.mapping where entry.schema != named.name && components[entry.schema] != nil {
                cases.append(entry)
                listed.insert(entry.schema)
            }
            for other in document.schemas where other.name != named.name && !listed.contains(other.name) {
                guard case .allOf(let parts) = other.schema.kind, parts.contains(where: { part in
                    if case .reference(let target) = part.kind { return target == named.name }
                    return false
                }) else { continue }
                cases.append((other.name, other.name))
                listed.insert(other.name)
            }
            guard !cases.isEmpty else { continue }
            polymorphicBases[named.name] = named.schema
            var schema = named.schema
            schema.kind = .discriminated(property: discriminator.property, cases: cases)
            components[named.name] = schema
            if !isOneOfModel(property: discriminator.property, cases: cases) {
                polymorphicBases[named.name] = nil
                components[named.name] = named.schema
                diagnostics.warning(.flattenedSubtypes, "schema '\(named.name)' has subtypes (\(cases.map(\.schema).joined(separator: ", "))), but not all are objects that declare '\(discriminator.property)' as a plain string (or as an integer, with integer values); it stays a struct of its own properties", at: named.schema.location)
            }
        }
    }

    /// Which component models go out in request bodies and which come back in responses (error
    /// bodies included): a model that does both cannot require a `readOnly` property (a request
    /// has none to send) or a `writeOnly` one (a response has none to return).
    private mutating func findDirections() {
        var sent: [Schema] = []
        var received: [Schema] = []
        for operation in document.operations {
            switch operation.body?.content {
            case .json(let schema, _)?, .form(let schema)?, .multipart(let schema)?: sent.append(schema)
            case .raw?, .file?, nil: break
            }
            switch operation.response {
            case .json(let schema), .stream(_, let schema): received.append(schema)
            case .empty, .text, .bytes: break
            }
            if let schema = operation.errorSchema { received.append(schema) }
            // Any status may be listed per status, and then decoded.
            for response in operation.statusResponses {
                if case .json(let schema) = response.content { received.append(schema) }
            }
        }
        sentModels = Set(reachableComponents(from: sent).compactMap { modelNames[$0] })
        receivedModels = Set(reachableComponents(from: received).compactMap { modelNames[$0] })
    }

    /// The component schemas `roots` can hold, through references, properties, items, map
    /// values, `allOf` parts and `oneOf` cases.
    private func reachableComponents(from roots: [Schema]) -> Set<String> {
        var found: Set<String> = []
        var pending = roots
        while let schema = pending.popLast() {
            switch schema.kind {
            case .reference(let name):
                guard found.insert(name).inserted else { continue }
                if let target = components[name] { pending.append(target) }
                // A base that became a `oneOf` model still lends its properties to its subtypes.
                if let base = polymorphicBases[name] { pending.append(base) }
            case .array(let items):
                if let items { pending.append(items) }
            case .object(let properties, _, let additional):
                pending += properties.map(\.schema)
                if case .schema(let value) = additional { pending.append(value) }
            case .allOf(let parts):
                pending += parts
            case .discriminated(_, let cases):
                pending += cases.map { Schema(kind: .reference($0.schema), location: schema.location) }
            default:
                break
            }
        }
        return found
    }

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
    private func payload(of schema: Schema, envelope: ImportedEnvelope) -> Schema? {
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
    private func detectEnvelope(_ operations: [Operation]) -> ImportedEnvelope? {
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
    private func commonErrorSchema(_ operations: [Operation]) -> Schema? {
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
    private func detectErrorBody(_ operations: [Operation]) -> ImportedErrorBody? {
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
    private func dropUnusedWrappers(_ shared: inout ImportedFile, files: [ImportedFile]) {
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

    private struct Group {
        var name: String
        /// The document's tag; nil for the untagged operations.
        var tag: String?
        var summary: String?
        var operations: [Operation]
    }

    /// One service per tag (an operation's first tag), in the order of the document's `tags`
    /// list, then of first use; untagged operations form a service named after the document.
    private mutating func serviceGroups() -> [Group] {
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

    private func uniqueFileName(_ serviceName: String, taken: inout Set<String>) -> String {
        let stem = SwiftNaming.words(serviceName).map { $0.lowercased() }.joined(separator: "-")
        let name = Self.numbered(stem.isEmpty ? "service" : stem, separator: "-") { taken.contains($0 + ".yaml") } + ".yaml"
        taken.insert(name)
        return name
    }

    /// Several servers become environments, named after the first word of their descriptions
    /// ("Production server" → `production`, "The staging API" → `staging`) or numbered; the
    /// first is the default.
    private func environments(_ servers: [(url: String, description: String?)]) -> [(name: String, url: String)] {
        var result: [(name: String, url: String)] = []
        var names: Set<String> = []
        for (index, server) in servers.enumerated() {
            let words = SwiftNaming.words(server.description ?? "").drop { ["a", "an", "the"].contains($0.lowercased()) }
            var name = words.first.map { Self.lowerName($0, fallback: "") } ?? ""
            if name.isEmpty || names.contains(name) || !name.utf8.allSatisfy({ $0 < 0x80 }) { name = "server\(index + 1)" }
            names.insert(name)
            result.append((name, server.url))
        }
        return result
    }

    private func mostCommon(_ values: [String]) -> String? {
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

    private mutating func auth(of operation: Operation) -> String {
        guard let choice = operation.security ?? document.security, case .scheme(let name, let at) = choice else { return "none" }
        guard let scheme = document.securitySchemes.first(where: { $0.name == name })?.scheme else {
            diagnostics.warning(.security, "security scheme '\(name)' is not defined under components.securitySchemes; the endpoint is imported without auth", at: at)
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

    // MARK: - Endpoints

    private mutating func endpoint(_ operation: Operation, envelope: ImportedEnvelope?, names: inout Set<String>, models: inout [ImportedModel]) -> ImportedEndpoint {
        let endpointName = uniqueEndpointName(operation, envelope: envelope, taken: &names)
        let owner = Self.upperName(endpointName)
        var endpoint = ImportedEndpoint(name: endpointName, method: operation.method, path: PathTemplate([]))
        endpoint.location = operation.location
        endpoint.summary = operation.summary.flatMap { $0.isEmpty ? nil : $0 } ?? operation.description.map(Text.firstParagraph).flatMap { $0.isEmpty ? nil : $0 }
        endpoint.deprecated = operation.deprecated
        endpoint.deprecationMessage = operation.deprecated ? operation.deprecationMessage : nil
        endpoint.timeout = operation.timeout
        endpoint.noRedirects = operation.noRedirects
        endpoint.paginate = operation.paginate

        // Placeholders must be identifiers; the wire name of a path parameter is never sent.
        var placeholders: [String: String] = [:]
        var placeholderOrder: [String] = []
        var placeholderNames: Set<String> = []
        // `{+name}` (RFC 6570 reserved expansion) or `allowReserved: true`: a value of several
        // segments, the spec's `{name...}`.
        var segmented: Set<String> = []
        endpoint.path = Self.specPath(operation.path) { written in
            let original = written.hasPrefix("+") ? String(written.dropFirst()) : written
            placeholderOrder.append(original)
            let name = SpecRules.isPlaceholderName(original) ? original : Self.lowerName(original, fallback: "value")
            let renamed = Self.claim(name, in: &placeholderNames)
            placeholders[original] = renamed
            let declared = operation.parameters.first { $0.place == .path && $0.name == original }
            guard written.hasPrefix("+") || declared?.allowReserved == true else { return .parameter(renamed) }
            segmented.insert(original)
            return .segments(renamed)
        }
        var swiftNames: Set<String> = []
        if operation.body != nil { swiftNames.insert("body") }
        // Every placeholder is listed in path order, declared or not (then a String), so that
        // each can get a Swift name of its own.
        for original in placeholderOrder {
            let key = placeholders[original]!
            let declared = operation.parameters.first { $0.place == .path && $0.name == original }
            var field = declared.flatMap { parameterField($0, key: key, owner: owner, models: &models, names: &swiftNames) }
                ?? ImportedField(key: key, type: .named("String"), name: uniqueSwiftName(key, taken: &swiftNames))
            if Self.isCollection(field.type) {
                diagnostics.warning(.simplifiedParameters, "path parameter '\(original)' is an array; it becomes a String (join the values yourself)", at: declared?.location ?? operation.location)
                field.type = .named("String")
            }
            field.type = field.type.unwrapped
            if segmented.contains(original), field.type.plainName != "String" {
                diagnostics.warning(.simplifiedParameters, "path parameter '\(original)' holds several segments; its type '\(field.type)' becomes String", at: declared?.location ?? operation.location)
                field.type = .named("String")
                field.dateEncoding = nil
            }
            field.defaultValue = nil
            endpoint.params.append(field)
        }
        for parameter in operation.parameters {
            switch parameter.place {
            case .path:
                if placeholders[parameter.name] == nil {
                    diagnostics.warning(.skippedParameters, "path parameter '\(parameter.name)' does not appear in path '\(operation.path)'; skipped", at: parameter.location)
                }
            case .query:
                guard let field = queryField(parameter, owner: owner, models: &models, names: &swiftNames) else { continue }
                endpoint.query.append(field)
            case .header:
                guard let field = parameterField(parameter, key: parameter.name, owner: owner, models: &models, names: &swiftNames) else { continue }
                endpoint.headerParams.append(field)
            case .cookie:
                diagnostics.warning(.skippedParameters, "cookie parameter '\(parameter.name)' is skipped: cookies come from the client's cookie source ('auth: cookie')", at: parameter.location)
            }
        }
        if let body = operation.body {
            endpoint.body = self.body(body, owner: owner, models: &models)
            // JSON of another media type (`application/merge-patch+json`) is sent as declared.
            if case .json(_, let mediaType) = body.content, mediaType != "application/json", mediaType != "*/*", SpecRules.isMediaType(mediaType) {
                endpoint.headers.append(("Content-Type", mediaType))
            }
        }
        if let statuses = perStatusResponses(operation, envelope: envelope) {
            endpoint.responses = statusResponses(statuses, envelope: envelope, owner: owner, models: &models)
        } else {
            endpoint.response = response(operation, envelope: envelope, noEnvelope: &endpoint.noEnvelope, owner: owner, models: &models)
        }
        return endpoint
    }

    /// Header parameters the client sets itself are dropped: `Authorization` (turning the
    /// endpoint's auth into `bearer` when it had none), `Cookie`, the API key's header, and
    /// `Content-Type` beside a body that sets its own; query parameters that repeat the API key.
    private mutating func adjustHeaders(_ endpoint: inout ImportedEndpoint, operation: Operation, auth: inout String) {
        var constants: [(name: String, value: String)] = []
        let hasAccept = endpoint.headers.contains { $0.name.lowercased() == "accept" }
        defer { endpoint.headers += constants }
        endpoint.headerParams.removeAll { field in
            let lowered = field.key.lowercased()
            let at = operation.parameters.first { $0.name == field.key && $0.place == .header }?.location ?? operation.location
            switch lowered {
            case "authorization":
                if auth == "none" {
                    auth = "bearer"
                    diagnostics.warning(.clientHeaders, "header parameter 'Authorization' becomes 'auth: bearer' (the client sends the token)", at: at)
                } else {
                    diagnostics.warning(.clientHeaders, "header parameter 'Authorization' is skipped: 'auth: \(auth)' sets the credentials", at: at)
                }
                return true
            case "cookie":
                diagnostics.warning(.clientHeaders, "header parameter 'Cookie' is skipped: cookies come from the client's cookie source ('auth: cookie')", at: at)
                return true
            case "content-type":
                // Without a body the runtime sets none: the caller's value is the only one sent.
                guard operation.body != nil else { return false }
                diagnostics.warning(.clientHeaders, "header parameter 'Content-Type' is skipped: the body sets it", at: at)
                return true
            case "accept":
                // Content negotiation is the spec's, not every caller's: a constant header of the
                // media type the response is read as.
                let value: String?
                switch field.defaultValue {
                case .text(let text)?, .plain(let text)?: value = text
                case nil:
                    switch operation.response {
                    case .json: value = "application/json"
                    case .text: value = "text/plain"
                    case .stream(let events, _): value = events ? "text/event-stream" : "application/jsonl"
                    case .bytes, .empty: value = nil
                    }
                }
                if let value, value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) {
                    diagnostics.warning(.clientHeaders, "header parameter 'Accept' is skipped: its default holds a line break", at: at)
                } else if let value, !hasAccept, constants.isEmpty {
                    constants.append(("Accept", value))
                } else if value == nil {
                    diagnostics.warning(.clientHeaders, "header parameter 'Accept' is skipped: the response is bytes or empty, so any media type is taken", at: at)
                }
                return true
            default:
                if auth.lowercased() == "apikey(\(lowered))" {
                    diagnostics.warning(.clientHeaders, "header parameter '\(field.key)' is skipped: 'auth: \(auth)' sends the client's API key in it", at: at)
                    return true
                }
                return false
            }
        }
        endpoint.query.removeAll { field in
            guard auth == "apiKeyQuery(\(field.key))" else { return false }
            diagnostics.warning(.clientHeaders, "query parameter '\(field.key)' is skipped: 'auth: \(auth)' sends the client's API key in it", at: operation.location)
            return true
        }
    }

    /// Header and query parameters that every endpoint of a service has, the same way (name,
    /// type, default, style), are given once to the service (`parameters:`) instead of to every
    /// method: a tenant id. Needs two endpoints or more. Only headers are lifted: a query
    /// parameter every operation shares is as likely a value of each call (GitHub's search `q`,
    /// `page` and `per_page`, shared by every search operation) as a setting of the service; an
    /// `api-version` query item is moved to `parameters:` by hand.
    private func liftSharedParameters(_ service: inout ImportedService) {
        guard service.endpoints.count > 1 else { return }
        func same(_ a: ImportedField, _ b: ImportedField) -> Bool {
            a.key == b.key && a.type.isSame(as: b.type) && a.style == b.style && a.dateEncoding == b.dateEncoding && "\(String(describing: a.defaultValue))" == "\(String(describing: b.defaultValue))"
        }
        let first = service.endpoints[0]
        let headers = first.headerParams.filter { field in
            service.endpoints.allSatisfy { $0.headerParams.contains { same($0, field) } }
        }
        let query: [ImportedField] = []
        guard !headers.isEmpty || !query.isEmpty else { return }
        for index in service.endpoints.indices {
            service.endpoints[index].headerParams.removeAll { field in headers.contains { same($0, field) } }
            service.endpoints[index].query.removeAll { field in query.contains { same($0, field) } }
        }
        service.sharedHeaders = headers
        service.sharedQuery = query
    }

    /// A query parameter with its serialization: OpenAPI's `style`/`explode` become the spec's
    /// `style` (form without explode → comma, spaceDelimited → space, pipeDelimited → pipe); an
    /// object in `deepObject` or exploded `form` style becomes its struct model in that style (a
    /// list of objects in `deepObject`), or a map (`[String: T]`).
    private mutating func queryField(_ parameter: Parameter, owner: String, models: inout [ImportedModel], names: inout Set<String>) -> ImportedField? {
        var parameter = parameter
        let style = parameter.style ?? "form"
        let explode = parameter.explode ?? (style == "form")
        // Stripe's `discounts`: a list, or "" to clear it. The empty string is not kept.
        if let schema = parameter.schema, case .union(_, let parts) = schema.kind {
            let kept = parts.filter { if case .stringEnum([""]) = $0.kind { false } else { true } }
            if kept.count == 1, kept.count < parts.count {
                diagnostics.warning(.simplifiedParameters, "query parameter '\(parameter.name)' may also be the empty string (to clear it), which cannot be sent; it is the other form", at: parameter.location)
                parameter.schema = kept[0]
            }
        }
        switch parameter.schema.map({ queryMapType($0, parameter: parameter, style: style, explode: explode, owner: owner, models: &models) }) {
        case .skip?:
            return nil
        case .map(let map)?:
            var field = ImportedField(key: parameter.name, type: map)
            field.summary = parameter.summary.flatMap { $0.isEmpty ? nil : $0 }
            field.deprecated = parameter.deprecated
            if !parameter.required { field.type = field.type.madeOptional }
            field.style = style == "deepObject" ? "deepObject" : "form"
            field.name = uniqueSwiftName(parameter.name, taken: &names)
            return field
        case .notObject?, nil:
            break
        }
        guard var field = parameterField(parameter, key: parameter.name, owner: owner, models: &models, names: &names) else { return nil }
        guard Self.isCollection(field.type) else {
            if parameter.style != nil, style != "form" {
                diagnostics.warning(.parameterStyles, "query parameter '\(parameter.name)' has 'style: \(style)', which applies to arrays and objects; it is sent as a plain value", at: parameter.location)
            }
            return field
        }
        switch (style, explode) {
        case ("form", true):
            // An endpointgen export's `brackets` (ids[]=1), which OpenAPI has no style for.
            if parameter.specStyle == "brackets" { field.style = "brackets" }
        case ("form", false): field.style = "comma"
        case ("spaceDelimited", _): field.style = "space"
        case ("pipeDelimited", _): field.style = "pipe"
        // Not defined for arrays by OpenAPI; Stripe's `expand[]=a`, which Rack reads as a list.
        case ("deepObject", _): field.style = "brackets"
        default:
            diagnostics.warning(.parameterStyles, "query parameter '\(parameter.name)' is an array with 'style: \(style)', which the spec format cannot say; it is sent as repeated items (\(parameter.name)=a&\(parameter.name)=b)", at: parameter.location)
        }
        return field
    }

    /// The component a `$ref` names (one step), else the schema itself.
    private func target(of schema: Schema) -> Schema {
        if case .reference(let name) = schema.kind, let target = components[name] { return target }
        return schema
    }

    /// The one object part of a union whose other parts are scalars, if it is that.
    private func onlyObjectPart(_ parts: [Schema]) -> Schema? {
        var object: Schema?
        for part in parts {
            if case .object(let properties, _, _) = target(of: part).kind, !properties.isEmpty {
                guard object == nil else { return nil }
                object = part
            } else if !isScalarSchema(part) {
                return nil
            }
        }
        return object
    }

    private func isScalarSchema(_ schema: Schema) -> Bool {
        switch target(of: schema).kind {
        case .string, .integer, .number, .boolean, .stringEnum, .integerEnum: return true
        default: return false
        }
    }

    /// The JSON type of a scalar schema, a referenced one's too.
    private func describeScalar(_ schema: Schema) -> String {
        switch target(of: schema).kind {
        case .integer, .integerEnum: return "integer"
        case .number: return "number"
        case .boolean: return "boolean"
        default: return "string"
        }
    }

    enum QueryMap {
        case notObject
        case map(TypeExpr)
        case skip
    }

    /// The type of an object query parameter in a style that writes objects: its struct model
    /// (`created[gte]=1`), or `[String: T]` for a map.
    private mutating func queryMapType(_ schema: Schema, parameter: Parameter, style: String, explode: Bool, owner: String, models: inout [ImportedModel]) -> QueryMap {
        var schema = schema
        var resolved = target(of: schema)
        // Stripe's `created`: an object of bounds or one value. Only the object form is kept.
        if case .union(_, let parts) = resolved.kind, let object = onlyObjectPart(parts),
           style == "deepObject" || (style == "form" && explode) {
            let other = parts.filter(isScalarSchema).map(describeScalar).joined(separator: " or ")
            diagnostics.warning(.simplifiedParameters, "query parameter '\(parameter.name)' is an object or a single \(other); it is sent as the object (\(style == "deepObject" ? "\(parameter.name)[key]=value" : "key=value")), and a single \(other) cannot be sent", at: parameter.location)
            schema = object
            resolved = target(of: object)
        }
        // A list of objects, as Stripe's `lines[0][amount]=1`: deepObject is the only style for it.
        if case .array(let items?) = resolved.kind, style == "deepObject" {
            if case .object(let properties, _, _) = target(of: items).kind, !properties.isEmpty {
                var made: [ImportedModel] = []
                let type = specType(schema, suggested: owner + Self.upperName(parameter.name), use: .model, models: &made)
                if type.kind == .array(.structModel) {
                    models += made
                    return .map(type.expr)
                }
            }
        }
        guard case .object(let properties, _, let additional) = resolved.kind else { return .notObject }
        guard style == "deepObject" || (style == "form" && explode) else {
            diagnostics.warning(.skippedParameters, "query parameter '\(parameter.name)' is an object with 'style: \(style)', explode \(explode), which the spec format cannot say; it is skipped", at: parameter.location)
            return .skip
        }
        if properties.isEmpty, case .schema(let value) = additional {
            var made: [ImportedModel] = []
            let element = undated(specType(value, suggested: owner + Self.upperName(parameter.name) + "Value", use: .model, models: &made), at: value.location, where: "as the values of a map")
            if element.kind == .scalar || element.kind == .enumModel {
                models += made
                return .map(.dictionary(element.expr))
            }
        }
        if !properties.isEmpty {
            // A struct model, sent field by field in the style (nested objects by brackets).
            var made: [ImportedModel] = []
            let type = specType(schema, suggested: owner + Self.upperName(parameter.name), use: .model, models: &made)
            if type.kind == .structModel {
                models += made
                return .map(type.expr)
            }
        }
        diagnostics.warning(.simplifiedParameters, "query parameter '\(parameter.name)' is an object in '\(style)' style; it becomes a [String: String] map (\(style == "deepObject" ? "\(parameter.name)[key]=value" : "key=value")), its properties' types are not kept", at: parameter.location)
        return .map(.dictionary(.named("String")))
    }

    private mutating func parameterField(_ parameter: Parameter, key: String, owner: String, models: inout [ImportedModel], names: inout Set<String>) -> ImportedField? {
        let schema = parameter.schema ?? Schema(kind: .string(format: nil), location: parameter.location)
        // Models made for a type are kept only when the parameter is.
        var made: [ImportedModel] = []
        var type = specType(schema, suggested: owner + Self.upperName(parameter.name), use: .model, models: &made)
        // GitHub's `workflow_id` (an id or a file name), Stripe's `trial_end` (`now` or a time):
        // one of several scalars is sent as its text, which a String says exactly.
        if !type.isSimple, case .union(_, let parts) = target(of: schema).kind, !parts.isEmpty, parts.allSatisfy(isScalarSchema) {
            let kinds = parts.map(describeScalar)
            diagnostics.warning(
                .simplifiedParameters,
                "\(parameter.place.rawValue) parameter '\(parameter.name)' is one of \(kinds.joined(separator: ", ")); it is a String, which sends any of them as written",
                at: parameter.location)
            made = []
            type = SpecType(expr: .named("String"), kind: .scalar)
        }
        guard type.isSimple else {
            diagnostics.warning(
                .skippedParameters,
                "\(parameter.place.rawValue) parameter '\(parameter.name)' is \(Self.describe(type.kind)); only scalars, enums and arrays of them can be sent there, so it is skipped",
                at: parameter.location)
            return nil
        }
        models += made
        var field = ImportedField(key: key, type: type.expr)
        field.dateEncoding = type.dates
        field.summary = parameter.summary.flatMap { $0.isEmpty ? nil : $0 }
        field.deprecated = parameter.deprecated
        applyOptionality(&field, type: type, required: parameter.required, schema: schema)
        field.name = uniqueSwiftName(key, taken: &names)
        field.credential = parameter.place == .header && parameter.credential
        return field
    }

    private mutating func body(_ body: RequestBody, owner: String, models: inout [ImportedModel]) -> ImportedBody? {
        switch body.content {
        case .raw(let mediaType):
            return .raw(mediaType)
        case .file(let mediaType):
            return .file(mediaType)
        case .json(let schema, _):
            if let object = objectParts(schema), !object.properties.isEmpty, !isReference(schema) {
                return .json(fields(object, owner: owner + "Request", use: .model, models: &models))
            }
            let type = undated(specType(schema, suggested: owner + "Request", use: .model, models: &models), at: schema.location, where: "as a whole body")
            return .type(type.expr)
        case .form(let schema):
            if case .reference(let name) = schema.kind, let model = modelNames[name], formStylesAreDefault(schema, body.formEncoding) {
                return .formModel(model)
            }
            guard let object = objectParts(schema) else {
                diagnostics.warning(.skippedBodies, "a form body must be an object; the body is skipped", at: body.location)
                return nil
            }
            // A form of no fields sends nothing (Stripe declares one on 216 GET and DELETE
            // operations): no body, rather than a required parameter of an empty struct.
            if object.properties.isEmpty { return nil }
            return .form(fields(object, owner: owner + "Request", use: .model, models: &models, formEncoding: body.formEncoding))
        case .multipart(let schema):
            guard let object = objectParts(schema) else {
                diagnostics.warning(.skippedBodies, "a multipart body must be an object; the body is skipped", at: body.location)
                return nil
            }
            return .multipart(fields(object, owner: owner + "Request", use: .multipart, models: &models, onlySimple: "multipart part"))
        }
    }

    /// Whether a form model can be the body as it is: its `encoding` asks for no style a field
    /// would have to say (a shared model's fields carry none).
    private func formStylesAreDefault(_ schema: Schema, _ encoding: [String: FormFieldEncoding]) -> Bool {
        guard let object = objectParts(schema) else { return false }
        return object.properties.allSatisfy { property in
            guard let entry = encoding[property.name] else { return true }
            return formStyle(entry, isList: isSimple(property.schema) && !isSimpleScalar(property.schema)) == .some(nil)
        }
    }

    private func isSimpleScalar(_ schema: Schema) -> Bool {
        if case .array = schema.kind { return false }
        if case .reference(let name) = schema.kind, let target = components[name], case .array = target.kind { return false }
        return true
    }

    /// The spec's `style` of a form field from its `encoding` (`.some(nil)`: the default), or nil
    /// when the format cannot say it. Lists of scalars: exploded form repeats the key, unexploded
    /// is `comma`, `spaceDelimited`/`pipeDelimited` `space`/`pipe`, `deepObject` `brackets`
    /// (`expand[]=a`, what Stripe's `deepObject` lists are read as). Objects, lists of them and
    /// maps: `deepObject` (the default), exploded `form` is `form`.
    private func formStyle(_ entry: FormFieldEncoding, isList: Bool) -> String?? {
        let style = entry.style ?? "form"
        let explode = entry.explode ?? (style == "form")
        if isList {
            switch (style, explode) {
            case ("form", true): return .some(nil)
            case ("form", false): return "comma"
            case ("spaceDelimited", _): return "space"
            case ("pipeDelimited", _): return "pipe"
            case ("deepObject", _): return "brackets"
            default: return nil
            }
        }
        switch (style, explode) {
        case ("deepObject", _): return .some(nil)
        case ("form", true): return entry.style == nil ? .some(nil) : "form"
        default: return nil
        }
    }

    private func isSimple(_ schema: Schema, depth: Int = 0, inArray: Bool = false) -> Bool {
        guard depth < 16 else { return false }
        switch schema.kind {
        case .string(let format): return format != "byte" && format != "binary"
        case .integer, .number, .boolean, .stringEnum, .integerEnum: return true
        case .reference(let name): return components[name].map { isSimple($0, depth: depth + 1, inArray: inArray) } ?? false
        case .array(let items): return !inArray && items.map { isSimple($0, depth: depth + 1, inArray: true) } == true
        default: return false
        }
    }

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
        if operation.listsEveryStatus, !operation.statusResponses.isEmpty { return operation.statusResponses }
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
    static func bodySuffix(_ code: Int) -> String {
        SwiftNaming.upperCamel(ResponseStatus.code(code).caseName) + "Body"
    }

    /// Each listed status's response; nil for a bodiless one (`empty`).
    private mutating func statusResponses(_ statuses: [StatusResponse], envelope: ImportedEnvelope?, owner: String,
                                          models: inout [ImportedModel]) -> [(code: Int, response: ImportedResponse?)] {
        statuses.map { status in
            switch status.content {
            case .empty: return (status.code, nil)
            case .text: return (status.code, .type(.named("String")))
            // Streams never get here (perStatusResponses); as bytes the type stays valid.
            case .bytes, .stream: return (status.code, .type(.named("Data")))
            case .json(var schema):
                // The runtime unwraps 2xx bodies from the envelope; other statuses are read as they are.
                if let envelope, (200..<300).contains(status.code), let payload = payload(of: schema, envelope: envelope) {
                    if case .any = payload.kind { return (status.code, nil) }
                    schema = payload
                }
                let name = owner + Self.bodySuffix(status.code)
                if let object = objectParts(schema), !object.properties.isEmpty, !isReference(schema) {
                    return (status.code, .fields(fields(object, owner: name, use: .model, models: &models)))
                }
                var type = specType(schema, suggested: name, use: .model, models: &models)
                if type.kind == .data { type.expr = .named("Data") }
                return (status.code, .type(type.expr))
            }
        }
    }

    private mutating func response(_ operation: Operation, envelope: ImportedEnvelope?, noEnvelope: inout Bool, owner: String, models: inout [ImportedModel]) -> ImportedResponse? {
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

    // MARK: - Models

    /// Whether a component schema becomes a model of its own (objects and enums); the others
    /// (arrays, scalars) are written out where they are used.
    private func becomesModel(_ schema: Schema) -> Bool {
        switch schema.kind {
        case .object(let properties, _, _): return !properties.isEmpty
        case .allOf, .stringEnum, .integerEnum: return true
        case .discriminated(let property, let cases): return isOneOfModel(property: property, cases: cases)
        case .union(_, let parts): return !parts.isEmpty
        default: return false
        }
    }

    /// Whether a discriminated `oneOf` becomes a `oneOf` model (`discriminatorType`).
    private func isOneOfModel(property: String, cases: [(value: String, schema: String)]) -> Bool {
        discriminatorType(property: property, cases: cases) != nil
    }

    /// What the discriminator of a `oneOf` model holds, or nil when it is not one: every case an
    /// object component that, where it declares the discriminator, declares it as a plain string
    /// (`String`), or as an integer where every value is one (`Int`: Discord's `"type": 1`).
    private func discriminatorType(property: String, cases: [(value: String, schema: String)]) -> EnumModel.RawType? {
        var declared: Set<EnumModel.RawType> = []
        for item in cases {
            guard isObjectComponent(item.schema) else { return nil }
            guard let component = components[item.schema], let parts = objectParts(component),
                  let property = parts.properties.first(where: { $0.name == property }) else { continue }
            guard let type = tagType(property.schema) else { return nil }
            declared.insert(type)
        }
        switch declared {
        case []: return .string
        case [.string]: return .string
        case [.int]: return cases.allSatisfy({ OpenAPIReader.isIntegerLiteral($0.value) }) ? .int : nil
        default: return nil
        }
    }

    /// What a case's own discriminator property holds, following references: a string the
    /// generator reads as `String` or a String enum (not a date, a number or free JSON), or an
    /// integer or Int enum.
    private func tagType(_ schema: Schema, depth: Int = 0) -> EnumModel.RawType? {
        switch schema.kind {
        case .string(let format): return Self.stringType(format: format, use: .model).expr.plainName == "String" ? .string : nil
        case .stringEnum: return .string
        case .integer, .integerEnum: return .int
        case .reference(let name): return depth < 8 ? components[name].flatMap { tagType($0, depth: depth + 1) } : nil
        default: return nil
        }
    }

    /// Whether a case's component declares the discriminator as a string (then its values are not integers).
    private func declaresStringTag(_ component: String, property: String) -> Bool {
        guard let schema = components[component], let parts = objectParts(schema),
              let declared = parts.properties.first(where: { $0.name == property }) else { return false }
        return tagType(declared.schema) == .string
    }

    /// Whether a component becomes a struct model: what a case of a `oneOf` model must be.
    private func isObjectComponent(_ name: String) -> Bool {
        switch components[name]?.kind {
        case .object(let properties, _, _)?: return !properties.isEmpty
        case .allOf?: return true
        default: return false
        }
    }

    /// Appends the model of a component schema or an inline object or enum, then the inline
    /// models its fields needed.
    private mutating func appendModel(named name: String, schema: Schema, to models: inout [ImportedModel]) {
        var parts: [ImportedModel] = []
        if let model = model(named: name, schema: schema, into: &parts) {
            models.append(model)
        }
        models += parts
    }

    private mutating func model(named name: String, schema: Schema, into models: inout [ImportedModel]) -> ImportedModel? {
        var model = ImportedModel(name: name, summary: schema.summary.flatMap { $0.isEmpty ? nil : $0 }, kind: .fields([]))
        model.location = schema.location
        switch schema.kind {
        case .stringEnum(let values):
            model.kind = stringEnum(values, names: schema.enumNames)
            enumValues[name] = values
        case .integerEnum(let values):
            var seen: Set<String> = []
            var names: Set<String> = []
            var cases: [(name: String, value: String)] = []
            for (index, value) in values.enumerated() where seen.insert(value).inserted {
                let name = Self.uniqueCaseName(schema.enumNames?[index], derived: SwiftNaming.caseName(forInteger: value), taken: &names)
                cases.append((name, value))
            }
            model.kind = .integerEnum(cases)
            enumValues[name] = values
        case .discriminated(let property, let cases):
            // Only those whose cases are object components become such models (`isOneOfModel`),
            // and those components are models too.
            // A value given twice cannot be told apart; two values whose Swift case names clash
            // can, and the later one is named in the long form.
            // Integer values name their cases after the models (`1` says nothing).
            // An endpointgen export says when the values are integers, which the cases need not declare.
            let integer = discriminatorType(property: property, cases: cases) == .int
                || (schema.integerDiscriminator && cases.allSatisfy { OpenAPIReader.isIntegerLiteral($0.value) }
                    && !cases.contains { declaresStringTag($0.schema, property: property) })
            var values: Set<String> = []
            var caseNames: Set<String> = []
            var kept: [(value: String, model: String, name: String?)] = []
            for item in cases {
                guard let modelName = modelNames[item.schema] else { continue }
                guard values.insert(item.value).inserted else {
                    diagnostics.warning(.unionCases, "case '\(item.value)' (\(item.schema)) of '\(name)' repeats an earlier value; left out", at: schema.location)
                    continue
                }
                let derived = SwiftNaming.caseName(forDiscriminator: integer ? modelName : item.value)
                let unique = Self.claim(derived, in: &caseNames)
                let explicit = unique == derived ? nil : unique
                if explicit != nil {
                    diagnostics.rename("case '\(item.value)' (\(item.schema)) of '\(name)' would be the Swift case '\(derived)' of an earlier one; named '\(unique)'", at: schema.location)
                }
                kept.append((item.value, modelName, explicit))
            }
            model.kind = .oneOf(discriminator: property, integer: integer, cases: kept)
        case .union(_, let parts) where !parts.isEmpty:
            // An inline object or enum among the parts is named after the union.
            model.kind = .union(parts.map { part in
                let suffix: String
                switch part.kind {
                case .object, .allOf: suffix = "Object"
                case .stringEnum, .integerEnum: suffix = "Value"
                default: suffix = ""
                }
                return undated(specType(part, suggested: name + suffix, use: .model, models: &models), at: part.location, where: "as a case of a oneOf").expr
            })
        default:
            guard let object = objectParts(schema) else { return nil }
            model.kind = .fields(fields(object, owner: name, use: .model, models: &models))
        }
        return model
    }

    private func stringEnum(_ values: [String], names given: [String]? = nil) -> ImportedModel.Kind {
        var seen: Set<String> = []
        var names: Set<String> = []
        var cases: [(name: String, value: String)] = []
        var short = true
        for (index, value) in values.enumerated() where seen.insert(value).inserted {
            let derived = SwiftNaming.identifier(fromWire: value)
            let unique = Self.uniqueCaseName(given?[index], derived: value.isEmpty ? "empty" : derived, taken: &names)
            if unique != derived || value.isEmpty || !Self.isPlainEnumValue(value) { short = false }
            cases.append((unique, value))
        }
        return .stringEnum(cases, short: short)
    }

    /// An enum case's name: the one an `x-enum-varnames` list gives (made an identifier,
    /// `HIGH_PRIORITY` → `highPriority`), else the derived one; never the fallback's `unknown`,
    /// numbered when taken.
    private static func uniqueCaseName(_ given: String?, derived: String, taken: inout Set<String>) -> String {
        var name = given.map(SwiftNaming.identifier(fromWire:)) ?? derived
        if name == "unknown" { name = "unknownValue" }
        return claim(name, in: &taken)
    }

    /// A value the short enum form can hold as it is: one the generator names the same way.
    private static func isPlainEnumValue(_ value: String) -> Bool {
        let first = value.utf8.first!
        return (first >= 0x61 && first <= 0x7A) || (first >= 0x41 && first <= 0x5A)
    }

    private struct ObjectParts {
        var properties: [Property]
        var required: [String]
        var additional: Schema.Additional
    }

    private func isReference(_ schema: Schema) -> Bool {
        if case .reference = schema.kind { return true }
        return false
    }

    /// The properties of an object schema, following references and merging `allOf` parts.
    private func objectParts(_ schema: Schema, depth: Int = 0) -> ObjectParts? {
        guard depth < 32 else { return nil }
        switch schema.kind {
        case .object(let properties, let required, let additional):
            return ObjectParts(properties: properties, required: required, additional: additional)
        case .reference(let name):
            return components[name].flatMap { objectParts($0, depth: depth + 1) }
        case .allOf(let parts):
            var merged = ObjectParts(properties: [], required: [], additional: .none)
            for var part in parts {
                // A base that became a `oneOf` model still lends its properties to its subtypes.
                if case .reference(let name) = part.kind, let base = polymorphicBases[name] { part = base }
                guard let object = objectParts(part, depth: depth + 1) else { continue }
                for property in object.properties {
                    if let index = merged.properties.firstIndex(where: { $0.name == property.name }) {
                        merged.properties[index] = property
                    } else {
                        merged.properties.append(property)
                    }
                }
                merged.required += object.required
            }
            return merged
        default:
            return nil
        }
    }

    /// `formEncoding` is given for the fields of a form body: none is skipped (objects and lists
    /// go by the bracket convention), and each gets its `encoding`'s style.
    private mutating func fields(_ object: ObjectParts, owner: String, use: Use, models: inout [ImportedModel], onlySimple: String? = nil,
                                 formEncoding: [String: FormFieldEncoding]? = nil) -> [ImportedField] {
        var result: [ImportedField] = []
        var names: Set<String> = []
        for property in object.properties {
            var made: [ImportedModel] = []
            var type = specType(property.schema, suggested: owner + Self.upperName(property.name), use: use, models: &made)
            // A multipart part may also be an object (a model, or JSON): OpenAPI's default for
            // an object part is `application/json`, which the runtime sends.
            let jsonPart = use == .multipart && (type.kind == .structModel || type.kind == .json || type.kind == .array(.structModel))
            if let onlySimple, !(type.isSimple || type.kind == .file || type.kind == .array(.file) || jsonPart) {
                diagnostics.warning(.skippedFormFields, "\(onlySimple) '\(property.name)' is \(Self.describe(type.kind)); only scalars\(use == .multipart ? ", files" : "") and arrays of them can be sent, so it is skipped", at: property.schema.location)
                continue
            }
            models += made
            if use == .model, type.kind == .file { type = SpecType(expr: .named("Data"), kind: .data) }
            var field = ImportedField(key: property.name, type: type.expr)
            field.dateEncoding = type.dates
            field.summary = property.schema.summary.flatMap { $0.isEmpty ? nil : $0 }
            field.deprecated = property.schema.deprecated
            // Required only where it is always there: a model sent and received holds no
            // `readOnly` property in requests and no `writeOnly` one in responses.
            let oneWay = (property.schema.readOnly && sentModels.contains(owner)) || (property.schema.writeOnly && receivedModels.contains(owner))
            applyOptionality(&field, type: type, required: object.required.contains(property.name) && !oneWay, schema: property.schema)
            // And never sent when read-only (a request has no server-assigned `id`).
            field.readOnly = property.schema.readOnly && sentModels.contains(owner) && !property.schema.writeOnly
            field.writeOnly = property.schema.writeOnly && receivedModels.contains(owner) && !property.schema.readOnly
            field.name = uniqueSwiftName(property.name, taken: &names)
            if let entry = formEncoding?[property.name] {
                let isList: Bool
                if case .array(let element) = type.kind { isList = element == .scalar || element == .enumModel } else { isList = false }
                let isScalar = type.kind == .scalar || type.kind == .enumModel || type.kind == .data
                if let style = formStyle(entry, isList: isList) {
                    if !isScalar { field.style = style }
                } else if !isScalar {
                    let written = "'style: \(entry.style ?? "form")', explode \(entry.explode.map(String.init) ?? "default")"
                    diagnostics.warning(
                        "form field '\(property.name)' has \(written), which the spec format cannot say; it is sent \(isList ? "as repeated items" : "by the bracket convention (\(property.name)[key]=value)")",
                        at: entry.location)
                }
            }
            result.append(field)
        }
        return result
    }

    /// Optional unless required and not nullable; a valid default makes an optional value a
    /// plain one with that default (the server would use it anyway).
    private mutating func applyOptionality(_ field: inout ImportedField, type: SpecType, required: Bool, schema: Schema) {
        let defaultValue = schema.defaultValue.flatMap { checkedDefault($0, type: type) }
        if let text = schema.defaultValue, defaultValue == nil, type.kind == .scalar || type.kind == .enumModel {
            diagnostics.warning(.droppedDefaults, "default '\(text)' of '\(field.key)' is not a value of \(type.expr)\(type.kind == .scalar && !["Int", "Int32", "Int64", "Double", "Float", "Bool", "String"].contains(type.expr.spelling) ? " that specs can write as a default" : ""); left out", at: schema.location)
        }
        if let defaultValue, !type.nullable {
            field.defaultValue = defaultValue
            return
        }
        if !required || type.nullable || schema.nullable {
            field.type = field.type.madeOptional
        }
    }

    private func checkedDefault(_ text: String, type: SpecType) -> ImportedScalar? {
        switch type.expr.spelling {
        case "Int", "Int64": return Int64(text) != nil ? .plain(text) : nil
        case "Int32": return Int32(text) != nil ? .plain(text) : nil
        case "Double", "Float": return Double(text).map { $0.isFinite ? ImportedScalar.plain(text) : nil } ?? nil
        case "Bool": return text == "true" || text == "false" ? .plain(text) : nil
        case "String": return .text(text)
        default:
            guard type.kind == .enumModel, let name = type.expr.plainName, let values = enumValues[name] ?? enumValuesOfComponent(name), values.contains(text) else { return nil }
            return Int64(text) != nil && !values.contains(where: { Int64($0) == nil }) ? .plain(text) : .text(text)
        }
    }

    private func enumValuesOfComponent(_ modelName: String) -> [String]? {
        guard let component = modelNames.first(where: { $0.value == modelName })?.key, let schema = components[component] else { return nil }
        switch schema.kind {
        case .stringEnum(let values), .integerEnum(let values): return values
        default: return nil
        }
    }

    // MARK: - Types

    private mutating func specType(_ schema: Schema, suggested: String, use: Use, models: inout [ImportedModel]) -> SpecType {
        var result = baseType(schema, suggested: suggested, use: use, models: &models)
        if schema.nullable { result.nullable = true }
        return result
    }

    private mutating func baseType(_ schema: Schema, suggested: String, use: Use, models: inout [ImportedModel]) -> SpecType {
        switch schema.kind {
        case .reference(let name):
            if let model = modelNames[name] {
                let kind: SpecType.Kind
                switch components[name]?.kind {
                case .stringEnum?, .integerEnum?: kind = .enumModel
                default: kind = .structModel
                }
                return SpecType(expr: .named(model), kind: kind, nullable: components[name]?.nullable ?? false)
            }
            guard let target = components[name] else {
                diagnostics.warning(.unresolvedReferences, "schema '\(name)' is not defined under components.schemas; the value is kept as JSON", at: schema.location)
                return SpecType(expr: .named("JSON"), kind: .json)
            }
            guard expanding.insert(name).inserted else { return SpecType(expr: .named("JSON"), kind: .json) }
            defer { expanding.remove(name) }
            return specType(target, suggested: Self.upperName(name), use: use, models: &models)
        case .string(let format):
            return Self.stringType(format: format, use: use)
        case .integer(let format):
            if let dates = format.flatMap(Self.epochEncoding) { return SpecType(expr: .named("Date"), kind: .scalar, dates: dates) }
            return SpecType(expr: .named(format == "int64" ? "Int64" : "Int"), kind: .scalar)
        case .number(let format):
            return SpecType(expr: .named(format == "decimal" ? "Decimal" : "Double"), kind: .scalar)
        case .boolean:
            return SpecType(expr: .named("Bool"), kind: .scalar)
        case .array(let items):
            guard let items else { return SpecType(expr: .array(.named("JSON")), kind: .array(.json)) }
            var element = specType(items, suggested: suggested + "Item", use: use, models: &models)
            // A list of dates carries the elements' encoding; a list of such lists cannot.
            if element.dates != nil, element.expr.plainName == "Date" {
                return SpecType(expr: .array(.named("Date")), kind: .array(element.kind), dates: element.dates)
            }
            element = undated(element, at: items.location, where: "in a list of lists")
            // An array cannot hold optionals in specs; a nullable element is kept as it is.
            return SpecType(expr: .array(element.expr), kind: .array(element.kind))
        case .stringEnum, .integerEnum, .allOf:
            let name = uniqueTypeName(suggested, fallback: "Model", at: schema.location)
            appendModel(named: name, schema: schema, to: &models)
            if case .allOf = schema.kind { return SpecType(expr: .named(name), kind: .structModel) }
            return SpecType(expr: .named(name), kind: .enumModel)
        case .object(let properties, _, let additional):
            if properties.isEmpty {
                switch additional {
                case .schema(let value):
                    let element = undated(specType(value, suggested: suggested + "Value", use: use, models: &models), at: value.location, where: "as the values of a map")
                    return SpecType(expr: .dictionary(element.expr), kind: .dictionary)
                case .any, .none:
                    return SpecType(expr: .named("JSON"), kind: .json)
                }
            }
            let name = uniqueTypeName(suggested, fallback: "Model", at: schema.location)
            appendModel(named: name, schema: schema, to: &models)
            return SpecType(expr: .named(name), kind: .structModel)
        case .union(_, let parts):
            guard !parts.isEmpty else { return SpecType(expr: .named("JSON"), kind: .json) }
            // Named after its owner, as inline objects are; a component is a model of its own.
            let name = uniqueTypeName(suggested, fallback: "Model", at: schema.location)
            appendModel(named: name, schema: schema, to: &models)
            return SpecType(expr: .named(name), kind: .structModel)
        case .any:
            return SpecType(expr: .named("JSON"), kind: .json)
        case .discriminated(let property, let cases):
            // A component is a model of its own (the `.reference` case above); an inline one (a
            // property's, an array's items, a body or a response) is named after its owner, as
            // inline objects are.
            guard isOneOfModel(property: property, cases: cases) else {
                diagnostics.warning(.unionsAsJSON, "'oneOf' with a discriminator becomes a model only when its cases are all object schemas that declare the discriminator as a plain string (or as an integer, with integer values), if at all; the value is kept as JSON (JSONValue)", at: schema.location)
                return SpecType(expr: .named("JSON"), kind: .json)
            }
            let name = uniqueTypeName(suggested, fallback: "Model", at: schema.location)
            appendModel(named: name, schema: schema, to: &models)
            return SpecType(expr: .named(name), kind: .structModel)
        }
    }

    /// `epochSeconds` or `epochMilliseconds` for the formats documents give integer timestamps
    /// (Stripe's `unix-time`); nil for other formats.
    static func epochEncoding(_ format: String) -> String? {
        switch format.lowercased() {
        case "unix-time", "unixtime", "unix-timestamp", "timestamp", "epoch", "epoch-seconds", "unix-time-seconds": return "epochSeconds"
        case "unix-time-ms", "unix-time-millis", "unix-timestamp-ms", "timestamp-ms", "epoch-millis", "epoch-ms", "epoch-milliseconds": return "epochMilliseconds"
        default: return nil
        }
    }

    /// `type`, or where a date encoding cannot be said (`place`: a map's values, a oneOf's case,
    /// a whole body or response, a list of lists) the wire type it stands on, with a warning that
    /// the values are no longer read as dates.
    private mutating func undated(_ type: SpecType, at location: SourceLocation, where place: String) -> SpecType {
        guard let dates = type.dates else { return type }
        let wire = dates == "date" ? "String" : "Int64"
        var plain = type
        plain.dates = nil
        plain.expr = type.expr.plainName == "Date" ? .named(wire) : .array(.named(wire))
        diagnostics.warning(.datesAsWireValues, "dates written as '\(dates)' cannot be said \(place) (only a field or parameter has a dateEncoding); they are kept as \(wire)", at: location)
        return plain
    }

    /// The spec type of `type: string` with this `format`.
    private static func stringType(format: String?, use: Use) -> SpecType {
        switch format {
        case "date-time": return SpecType(expr: .named("Date"), kind: .scalar)
        case "date": return SpecType(expr: .named("Date"), kind: .scalar, dates: "date")
        case "uuid": return SpecType(expr: .named("UUID"), kind: .scalar)
        case "uri", "url": return SpecType(expr: .named("URL"), kind: .scalar)
        case "byte": return SpecType(expr: .named("Data"), kind: .data)
        case "binary": return use == .multipart ? SpecType(expr: .named("File"), kind: .file) : SpecType(expr: .named("Data"), kind: .data)
        default: return SpecType(expr: .named("String"), kind: .scalar)
        }
    }

    // MARK: - Names

    /// `UpperCamelCase` from any text ("pet store" → `PetStore`); empty when it has no ASCII letters or digits.
    static func upperName(_ text: String) -> String {
        let name = SwiftNaming.upperCamel(text)
        guard let first = name.utf8.first else { return "" }
        return first >= 0x41 && first <= 0x5A ? name : "N" + name
    }

    static func lowerName(_ text: String, fallback: String) -> String {
        let name = SwiftNaming.lowerCamel(text)
        guard let first = name.utf8.first else { return fallback }
        return first >= 0x61 && first <= 0x7A ? name : fallback + upperName(name)
    }

    private mutating func uniqueTypeName(_ raw: String, fallback: String, at location: SourceLocation) -> String {
        var name = Self.upperName(raw)
        if name.isEmpty { name = fallback }
        if SpecRules.reservation(ofModelName: name) != nil { name += "Model" }
        let unique = Self.numbered(name, isTaken: isTypeNameTaken)
        takenTypeNames.insert(unique)
        if unique != raw, components[raw] != nil {
            diagnostics.rename("schema '\(raw)' becomes model '\(unique)'", at: location)
        }
        return unique
    }

    /// The endpoint's name, unique in the module; when its body or response is an inline model
    /// (named `<Endpoint>Request` / `<Endpoint>Response` by the generator), that name must be free too.
    private mutating func uniqueEndpointName(_ operation: Operation, envelope: ImportedEnvelope?, taken: inout Set<String>) -> String {
        var name: String
        if let id = operation.operationId, !SwiftNaming.lowerCamel(id).isEmpty {
            name = Self.lowerName(id, fallback: "call")
        } else {
            // `GET /pets/{petId}/photos` → `getPetsPetIdPhotos`.
            name = Self.lowerName(operation.method.lowercased() + " " + operation.path, fallback: "call")
        }
        let suffixes = inlineModelSuffixes(operation, envelope: envelope)
        let unique = Self.numbered(name) { candidate in
            taken.contains(candidate) || suffixes.contains { isTypeNameTaken(Self.upperName(candidate) + $0) }
        }
        if let clash = suffixes.map({ Self.upperName(name) + $0 }).first(where: isTypeNameTaken), !taken.contains(name) {
            diagnostics.rename("operation '\(name)' becomes endpoint '\(unique)': its inline \(clash.hasSuffix("Request") ? "body" : "response") would be the model '\(clash)', a name already taken", at: operation.location)
        }
        taken.insert(unique)
        for suffix in suffixes { takenTypeNames.insert(Self.upperName(unique) + suffix) }
        return unique
    }

    private func isTypeNameTaken(_ name: String) -> Bool {
        takenTypeNames.contains(name) || SpecRules.reservation(ofModelName: name) != nil
    }

    /// `Request` and `Response` when the generator will make inline models of those names (and
    /// `Response` and `<Case>Body` for responses per status).
    private func inlineModelSuffixes(_ operation: Operation, envelope: ImportedEnvelope?) -> [String] {
        var suffixes: [String] = []
        switch operation.body?.content {
        case .json(let schema, _)?:
            if let object = objectParts(schema), !object.properties.isEmpty, !isReference(schema) { suffixes.append("Request") }
        case .form(let schema)?:
            if case .reference(let name) = schema.kind, modelNames[name] != nil, formStylesAreDefault(schema, operation.body?.formEncoding ?? [:]) {} else { suffixes.append("Request") }
        case .multipart?:
            suffixes.append("Request")
        case .raw?, .file?, nil:
            break
        }
        if let statuses = perStatusResponses(operation, envelope: envelope) {
            // The enum of the statuses, and the inline models of their bodies.
            suffixes.append("Response")
            for status in statuses {
                guard case .json(let schema) = status.content, let object = objectParts(schema), !object.properties.isEmpty,
                      !isReference(schema) else { continue }
                suffixes.append(Self.bodySuffix(status.code))
            }
        } else if case .json(var schema) = operation.response {
            if let envelope, let payload = payload(of: schema, envelope: envelope) { schema = payload }
            if let object = objectParts(schema), !object.properties.isEmpty, !isReference(schema) { suffixes.append("Response") }
        }
        return suffixes
    }

    /// nil when the name the generator derives is free; else an explicit unique one.
    private func uniqueSwiftName(_ wire: String, taken: inout Set<String>) -> String? {
        let derived = SwiftNaming.identifier(fromWire: wire)
        let unique = Self.claim(derived, in: &taken)
        return unique == derived ? nil : unique
    }

    /// `name`, else `name2`, `name3`, … (with `separator` before the number): the first that is not taken.
    /// `name`, numbered while `taken` holds it, and then added to `taken`.
    static func claim(_ name: String, in taken: inout Set<String>) -> String {
        let unique = numbered(name) { taken.contains($0) }
        taken.insert(unique)
        return unique
    }

    static func numbered(_ name: String, separator: String = "", isTaken: (String) -> Bool) -> String {
        var candidate = name
        var index = 2
        while isTaken(candidate) {
            candidate = name + separator + String(index)
            index += 1
        }
        return candidate
    }

    /// The spec's path of an OpenAPI path whose braces pair (`OpenAPIReader.pathProblem`): each
    /// placeholder as `rename` makes it, the text between them percent-encoded where it is not
    /// made of path characters and `%XX` escapes (`?` `#`, spaces, non-ASCII).
    static func specPath(_ path: String, _ rename: (String) -> PathComponent) -> PathTemplate {
        let bytes = Array(path.utf8)
        return PathTemplate(PathTemplate.scan(path).tokens.map { token in
            switch token {
            case .literal(let range): return .literal(PathTemplate.encodedLiteral(String(decoding: bytes[range], as: UTF8.self)))
            case .placeholder(let written, _): return rename(written)
            }
        })
    }

    /// Whether a type is an array or a map, perhaps optional: what a path parameter cannot be and
    /// a query parameter has a style for.
    static func isCollection(_ type: TypeExpr) -> Bool {
        switch type.unwrapped {
        case .array, .dictionary: return true
        default: return false
        }
    }

    static func describe(_ kind: SpecType.Kind) -> String {
        switch kind {
        case .scalar: return "a scalar"
        case .enumModel: return "an enum"
        case .structModel: return "an object"
        case .json: return "free-form JSON"
        case .data: return "binary data"
        case .file: return "a file"
        case .dictionary: return "a map"
        case .array(let element): return "an array of \(describe(element).split(separator: " ", maxSplits: 1).last!)s"
        }
    }
}
