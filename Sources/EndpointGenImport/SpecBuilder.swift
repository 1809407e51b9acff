import EndpointGenSpec
import EndpointGenSupport

/// Turns an OpenAPI document into spec files: one per tag (a service), and one models file with
/// the component schemas. Decides every name (unique, legal, not reserved) and drops, with a
/// warning, what specs cannot express.
struct SpecBuilder {
    let document: OpenAPIDocument
    var diagnostics = DiagnosticBag()

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
        /// The IANA zone an endpointgen export gave a `date` or `local` encoding.
        var timeZone: String?

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
    var modelNames: [String: String] = [:]
    var components: [String: Schema] = [:]
    /// Every type name given out, and the names the generator reserves.
    var takenTypeNames: Set<String> = []
    /// Component schemas unwrapped as a service's envelope.
    var envelopeWrappers: Set<String> = []
    /// Wire values of every enum model, for checking defaults.
    var enumValues: [String: [String]] = [:]
    /// Component aliases being expanded (an alias of itself becomes JSON).
    var expanding: Set<String> = []
    /// The object schemas of bases that became `oneOf` models of their subtypes
    /// (`resolvePolymorphicBases`): their properties still go into each subtype's `allOf`.
    var polymorphicBases: [String: Schema] = [:]
    /// Model names of the components request bodies can hold (`sentModels`) and responses can
    /// (`receivedModels`), directly or inside others: where `readOnly` and `writeOnly` matter.
    var sentModels: Set<String> = []
    /// Error schemas (component names) that say nothing particular about an operation: the
    /// service's `errorBody` and those many operations share (GitHub's `basic-error` and
    /// `validation-error`). A documented error status with another one is listed per status.
    var genericErrorSchemas: Set<String> = []
    /// The current service's most common error schema (its `errorBody`).
    var serviceErrorSchema: String?
    /// The time zones an export gave the dates of each model (by model name) and of the current
    /// service's parameters: each file's `timeZone:` (`assignTimeZones`).
    var modelTimeZones: [String: (zone: String, location: SourceLocation)] = [:]
    var serviceTimeZone: (zone: String, location: SourceLocation)?
    /// While a service's endpoints are built: their inline models are the service file's.
    var buildingService = false
    /// Components a form body sends as they are: their properties' `x-endpointgen-style` is the
    /// fields' `style:` (a style on a model no form sends is an error in specs).
    var formComponents: Set<String> = []
    var receivedModels: Set<String> = []
    /// `<name>Pages` of every paginated operation's name before it is made unique: the second
    /// method of its service, which no other endpoint may be named (`uniqueEndpointName`).
    var pagesMethodNames: Set<String> = []

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
        findFormComponents()
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
        pagesMethodNames = Set(document.operations.filter { !$0.paginate.isEmpty }.map { Self.baseEndpointName($0) + "Pages" })
        // Operation id → the service and endpoint it became, for an exported `cookieSession`'s refresh.
        var byOperationID: [String: (service: String, endpoint: String)] = [:]
        var sessions: [(file: Int, refresh: String?, csrf: (cookie: String, header: String)?)] = []
        var serviceZones: [String: (zone: String, location: SourceLocation)] = [:]
        buildingService = true
        for group in groups {
            // What an endpointgen export wrote for the service; detection is for other documents.
            let settings = group.tag.flatMap { tag in document.tagSettings.first { $0.name == tag }?.settings }
            var file = ImportedFile(fileName: uniqueFileName(group.name, taken: &fileNames))
            var service = ImportedService(name: group.name)
            service.summary = group.summary
            applyServers(group, to: &service)
            service.envelope = settings?.envelope ?? detectEnvelope(group.operations)
            service.errorBody = settings?.errorBody.map { body in
                var body = body
                body.model = body.model.flatMap { modelNames[$0] }
                return body
            } ?? detectErrorBody(group.operations)
            service.headers = settings?.headers ?? []
            service.dateEncoding = settings?.dateEncoding
            serviceTimeZone = settings?.timeZone.map { (zone: $0, location: group.operations.first?.location ?? SourceLocation(file: "", line: 1, column: 1)) }
            if case .reference(let name)? = commonErrorSchema(group.operations)?.kind { serviceErrorSchema = name } else { serviceErrorSchema = nil }
            let auths = appendEndpoints(
                group, to: &service, file: &file, endpointNames: &endpointNames, byOperationID: &byOperationID)
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
            if let zone = serviceTimeZone { serviceZones[file.fileName] = zone }
            files.append(file)
        }
        buildingService = false
        linkCookieSessions(sessions, byOperationID: byOperationID, files: &files)
        dropUnusedWrappers(&shared, files: files)
        ModelDeduplication.run(shared: &shared, files: &files, components: Set(modelNames.values), notes: &diagnostics)
        Self.nameUnionCases(&shared)
        for index in files.indices { Self.nameUnionCases(&files[index]) }
        moveSingleServiceModels(from: &shared, to: &files)
        if !shared.models.isEmpty { files.append(shared) }
        for index in files.indices { assignTimeZone(&files[index], serviceZone: serviceZones[files[index].fileName]) }
        return files
    }

    /// The servers every operation of the service names itself (its own or its path item's, which
    /// replace the document's), else the document's: one is the base URL, more are environments.
    /// An operation that names others is sent to the service's, with a warning.
    private mutating func applyServers(_ group: Group, to service: inout ImportedService) {
        var servers = document.servers
        if let first = group.operations.first?.servers, !first.isEmpty,
           group.operations.allSatisfy({ $0.servers.map(\.url) == first.map(\.url) }) {
            servers = first
        }
        for operation in group.operations where !operation.servers.isEmpty && operation.servers.map(\.url) != servers.map(\.url) {
            diagnostics.warning(.operationServers, "\(operation.method) '\(operation.path)' names servers of its own (\(operation.servers[0].url)), which a spec endpoint cannot have; it is sent to the service's", at: operation.location)
        }
        if servers.count == 1 {
            service.baseURL = servers[0].url
        } else if servers.count > 1 {
            service.environments = environments(servers)
        }
    }

    /// The group's operations as endpoints, with the headers they always send; each one's auth, in order.
    private mutating func appendEndpoints(
        _ group: Group, to service: inout ImportedService, file: inout ImportedFile,
        endpointNames: inout Set<String>, byOperationID: inout [String: (service: String, endpoint: String)]
    ) -> [String] {
        var auths: [String] = []
        for operation in group.operations {
            var endpoint = self.endpoint(operation, envelope: service.envelope, names: &endpointNames, models: &file.models)
            var auth = self.auth(of: operation)
            adjustHeaders(&endpoint, operation: operation, auth: &auth)
            for header in operation.constantHeaders where !endpoint.headers.contains(where: { $0.name.lowercased() == header.name.lowercased() })
                && header.name.lowercased() != Self.credentialHeader(of: auth) {
                endpoint.headers.append(header)
            }
            auths.append(auth)
            service.endpoints.append(endpoint)
        }
        Self.shortenEndpointNames(&service.endpoints, operationIDs: group.operations.map(\.operationId), service: service.name)
        for (index, operation) in group.operations.enumerated() {
            if let id = operation.operationId { byOperationID[id] = (service.name, service.endpoints[index].name) }
        }
        return auths
    }

    /// Each exported `cookieSession`, its refresh operation named as the endpoint it became: one the
    /// client sends alone (no parameters or body), else no refresh.
    private func linkCookieSessions(
        _ sessions: [(file: Int, refresh: String?, csrf: (cookie: String, header: String)?)],
        byOperationID: [String: (service: String, endpoint: String)], files: inout [ImportedFile]
    ) {
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
    }

    /// The file's `timeZone:`: the one its service's or its models' dates were exported with. A
    /// spec file has one, so a second zone is a warning (its dates are read in the first).
    private mutating func assignTimeZone(_ file: inout ImportedFile, serviceZone: (zone: String, location: SourceLocation)?) {
        let zones = [serviceZone] + file.models.map { modelTimeZones[$0.name] }
        for found in zones.compactMap({ $0 }) {
            guard let zone = file.timeZone else {
                file.timeZone = found.zone
                continue
            }
            if zone != found.zone {
                diagnostics.warning(.timeZones, "dates in time zone '\(found.zone)' land in \(file.fileName) with dates in '\(zone)'; a spec file has one time zone, so they are read in '\(zone)'", at: found.location)
            }
        }
    }

    /// The components that form bodies send as they are (`formComponents`).
    private mutating func findFormComponents() {
        var excluded: Set<String> = []
        for operation in document.operations {
            guard let body = operation.body, case .form(let schema) = body.content, case .reference(let name) = schema.kind,
                  let model = modelNames[name] else { continue }
            if formStylesAreDefault(schema, body.formEncoding) { formComponents.insert(model) } else { excluded.insert(model) }
        }
        formComponents.subtract(excluded)
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
    static func references(of service: ImportedService) -> Set<String> {
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
    static func references(of model: ImportedModel) -> [String] {
        switch model.kind {
        case .fields(let fields): return names(in: fields)
        case .oneOf(_, _, let cases): return cases.map(\.model)
        case .union(let cases): return cases.flatMap { names(in: $0.type) }
        case .stringEnum, .integerEnum: return []
        }
    }

    /// OpenAPI's inheritance, as springdoc writes Jackson's `@JsonSubTypes`: an object component
    /// with a `discriminator` that other components extend (`allOf: [{ $ref: Base }, …]`) or its
    /// `mapping` names, and their own subtypes. A value of the base's type is one of the subtypes, so the base becomes a
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
            // Subtypes of subtypes too (`Whale: allOf [Mammal]`, `Mammal: allOf [Animal]`): a
            // value of the base's type may be any of them, as Jackson reads it.
            var grew = true
            while grew {
                grew = false
                for other in document.schemas where other.name != named.name && !listed.contains(other.name) {
                    guard case .allOf(let parts) = other.schema.kind, parts.contains(where: { part in
                        if case .reference(let target) = part.kind { return target == named.name || listed.contains(target) }
                        return false
                    }) else { continue }
                    cases.append((other.name, other.name))
                    listed.insert(other.name)
                    grew = true
                }
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
}
