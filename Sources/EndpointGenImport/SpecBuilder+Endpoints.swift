import EndpointGenSpec
import EndpointGenSupport

// Endpoints: one per operation, their headers and shared parameters.
extension SpecBuilder {
    // MARK: - Endpoints

    mutating func endpoint(_ operation: Operation, envelope: ImportedEnvelope?, names: inout Set<String>, models: inout [ImportedModel]) -> ImportedEndpoint {
        let endpointName = uniqueEndpointName(operation, envelope: envelope, taken: &names)
        // What the types made from it are named after: an export's `typePrefix`, else the name.
        let owner = operation.typePrefix ?? Self.upperName(endpointName)
        var endpoint = ImportedEndpoint(name: endpointName, method: operation.method, path: PathTemplate([]))
        endpoint.location = operation.location
        endpoint.summary = operation.summary.flatMap { $0.isEmpty ? nil : $0 } ?? operation.description.map(Text.firstParagraph).flatMap { $0.isEmpty ? nil : $0 }
        endpoint.description = Self.description(operation.description, besides: endpoint.summary)
        if operation.deprecated { endpoint.deprecation = operation.deprecationMessage.map(Deprecation.message) ?? .deprecated }
        endpoint.timeout = operation.timeout
        endpoint.noRedirects = operation.noRedirects
        endpoint.paginate = operation.paginate
        endpoint.paginationRule = operation.paginationRule
        // A recognised page inside the service's envelope: its paths start inside the payload
        // (`result` itself is the items' array, which then needs no `items`).
        if operation.paginationRule != nil, let payload = envelope?.payload,
           operation.paginate.contains(where: { $0.value == payload || $0.value.hasPrefix(payload + ".") }) {
            endpoint.paginate = operation.paginate.compactMap { entry in
                guard !["param", "link", "lastItem"].contains(entry.key) else { return entry }
                if entry.value == payload { return entry.key == "items" ? nil : entry }
                return entry.value.hasPrefix(payload + ".") ? (entry.key, String(entry.value.dropFirst(payload.count + 1))) : entry
            }
        }

        let path = Self.importedPath(operation)
        endpoint.path = path.template
        var swiftNames: Set<String> = []
        if operation.body != nil { swiftNames.insert("body") }
        endpoint.params = pathParameters(operation, path, owner: owner, models: &models, names: &swiftNames)
        addParameters(operation, placeholders: path.placeholders, to: &endpoint, owner: owner, models: &models, names: &swiftNames)
        if let body = operation.body {
            endpoint.body = self.body(body, owner: owner, models: &models)
            // JSON of another media type (`application/merge-patch+json`) is sent as declared.
            if case .json(_, let mediaType) = body.content, mediaType != "application/json", mediaType != "*/*", SpecRules.isMediaType(mediaType) {
                endpoint.headers.append(("Content-Type", mediaType))
            }
        }
        if let statuses = perStatusResponses(operation, envelope: envelope) {
            endpoint.responses = statusResponses(statuses, envelope: envelope, owner: owner, models: &models)
            for listed in statuses {
                guard let sample = listed.sample else { continue }
                endpoint.statusSamples[listed.status] = listed.status.isEnveloped ? Self.unwrapped(sample, envelope: envelope) : sample
            }
        } else {
            endpoint.response = response(operation, envelope: envelope, noEnvelope: &endpoint.noEnvelope, owner: owner, models: &models)
            if let sample = operation.responseSample, endpoint.response != nil {
                endpoint.sample = endpoint.noEnvelope ? sample : Self.unwrapped(sample, envelope: envelope)
            }
        }
        if let prefix = operation.typePrefix, Self.makesTypes(endpoint) { endpoint.typePrefix = prefix }
        return endpoint
    }

    /// A sample as the spec says it: the payload of the envelope export-openapi wrapped it in.
    static func unwrapped(_ sample: SampleValue, envelope: ImportedEnvelope?) -> SampleValue {
        guard let envelope, case .object(let members) = sample, let payload = members.first(where: { $0.key == envelope.payload }) else { return sample }
        return payload.value
    }

    /// An operation's description when it says more than its summary (which may be its first
    /// paragraph), trimmed of the blank lines and spaces around it.
    static func description(_ text: String?, besides summary: String?) -> String? {
        guard let text = text.map(Text.trimmed) else { return nil }
        // One paragraph that became the summary says nothing more.
        let onlyTheSummary = Text.firstParagraph(text) == summary && !text.contains("\n\n")
        guard !text.isEmpty, text != summary, !onlyTheSummary else { return nil }
        return text
    }

    /// An operation's path as a spec path, and what became of its placeholders.
    struct ImportedPath {
        var template: PathTemplate
        /// Each placeholder as written (without `+`) → its name in the spec path.
        var placeholders: [String: String] = [:]
        /// The placeholders as written, in path order.
        var order: [String] = []
        /// Placeholders that hold several segments (`{name...}` in the spec).
        var segmented: Set<String> = []
    }

    /// Placeholders must be identifiers; the wire name of a path parameter is never sent.
    static func importedPath(_ operation: Operation) -> ImportedPath {
        var path = ImportedPath(template: PathTemplate([]))
        var placeholderNames: Set<String> = []
        // `{+name}` (RFC 6570 reserved expansion) or `allowReserved: true`: a value of several
        // segments, the spec's `{name...}`.
        let template = specPath(operation.path) { written in
            let original = written.hasPrefix("+") ? String(written.dropFirst()) : written
            path.order.append(original)
            let name = SpecRules.isPlaceholderName(original) ? original : lowerName(original, fallback: "value")
            let renamed = claim(name, in: &placeholderNames)
            path.placeholders[original] = renamed
            let declared = operation.parameters.first { $0.place == .path && $0.name == original }
            guard written.hasPrefix("+") || declared?.allowReserved == true else { return .parameter(renamed) }
            path.segmented.insert(original)
            return .segments(renamed)
        }
        path.template = template
        return path
    }

    /// Every placeholder is listed in path order, declared or not (then a String), so that
    /// each can get a Swift name of its own.
    private mutating func pathParameters(
        _ operation: Operation, _ path: ImportedPath, owner: String, models: inout [ImportedModel], names swiftNames: inout Set<String>
    ) -> [ImportedField] {
        var fields: [ImportedField] = []
        for original in path.order {
            let key = path.placeholders[original]!
            let declared = operation.parameters.first { $0.place == .path && $0.name == original }
            var field = declared.flatMap { parameterField($0, key: key, owner: owner, models: &models, names: &swiftNames) }
                ?? ImportedField(key: key, type: .named("String"), name: uniqueSwiftName(key, taken: &swiftNames))
            if Self.isCollection(field.type) {
                diagnostics.warning(.simplifiedParameters, "path parameter '\(original)' is an array; it becomes a String (join the values yourself)", at: declared?.location ?? operation.location)
                field.type = .named("String")
            }
            field.type = field.type.unwrapped
            if path.segmented.contains(original), field.type.plainName != "String" {
                diagnostics.warning(.simplifiedParameters, "path parameter '\(original)' holds several segments; its type '\(field.type)' becomes String", at: declared?.location ?? operation.location)
                field.type = .named("String")
                field.dateEncoding = nil
            }
            field.defaultValue = nil
            fields.append(field)
        }
        return fields
    }

    /// Query and header parameters; path parameters not in the path and cookies are skipped.
    private mutating func addParameters(
        _ operation: Operation, placeholders: [String: String], to endpoint: inout ImportedEndpoint, owner: String,
        models: inout [ImportedModel], names swiftNames: inout Set<String>
    ) {
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
    }

    /// Header parameters the client sets itself are dropped: `Authorization` (turning the
    /// endpoint's auth into `bearer` when it had none), `Cookie`, the API key's header, and
    /// `Content-Type` beside a body that sets its own; query parameters that repeat the API key.
    mutating func adjustHeaders(_ endpoint: inout ImportedEndpoint, operation: Operation, auth: inout String) {
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
    /// `api-version` query item is moved to `parameters:` by hand. An export's parameters marked
    /// as the service's (`x-endpointgen-service-parameter`) are lifted too, also from one endpoint.
    func liftSharedParameters(_ service: inout ImportedService) {
        guard let first = service.endpoints.first else { return }
        func same(_ a: ImportedField, _ b: ImportedField) -> Bool {
            a.key == b.key && a.type.isSame(as: b.type) && a.style == b.style && a.dateEncoding == b.dateEncoding && "\(String(describing: a.defaultValue))" == "\(String(describing: b.defaultValue))"
        }
        func everyEndpointHas(_ field: ImportedField, _ list: KeyPath<ImportedEndpoint, [ImportedField]>) -> Bool {
            service.endpoints.allSatisfy { $0[keyPath: list].contains { same($0, field) && $0.ofService == field.ofService } }
        }
        let several = service.endpoints.count > 1
        let headers = first.headerParams.filter { (several || $0.ofService) && everyEndpointHas($0, \.headerParams) }
        let query = first.query.filter { $0.ofService && everyEndpointHas($0, \.query) }
        guard !headers.isEmpty || !query.isEmpty else { return }
        for index in service.endpoints.indices {
            service.endpoints[index].headerParams.removeAll { field in headers.contains { same($0, field) } }
            service.endpoints[index].query.removeAll { field in query.contains { same($0, field) } }
        }
        service.sharedHeaders = headers
        service.sharedQuery = query
        keepSharedNamesApart(&service)
    }

    /// A shared parameter the spec stage renames (`client` → `clientValue`, and with environments
    /// `environment` → `environmentValue`: the service's own names) gets a name of its own where
    /// another parameter already has that one, which a spec may not do.
    func keepSharedNamesApart(_ service: inout ImportedService) {
        var reserved = GeneratedCodeContract.serviceProperties
        if !service.environments.isEmpty { reserved.append(GeneratedCodeContract.environmentLabel) }
        var taken = Set((service.sharedHeaders + service.sharedQuery).map { Namer.memberName(override: $0.name, wire: $0.key) })
        func rename(_ fields: inout [ImportedField]) {
            for index in fields.indices {
                let name = Namer.memberName(override: fields[index].name, wire: fields[index].key)
                guard reserved.contains(name) else { continue }
                let renamed = Self.claim(name + "Value", in: &taken)
                if renamed != name + "Value" { fields[index].name = renamed }
            }
        }
        rename(&service.sharedHeaders)
        rename(&service.sharedQuery)
    }

    /// The spec's path of an OpenAPI path whose braces pair (`OpenAPIReader.pathProblem`): each
    /// placeholder as `rename` makes it, the text between them percent-encoded where it is not
    /// made of path characters and `%XX` escapes (`?` `#`, spaces, non-ASCII).
    static func specPath(_ path: String, _ rename: (String) -> SpecPathComponent) -> PathTemplate {
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
}
