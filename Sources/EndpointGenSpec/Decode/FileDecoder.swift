import EndpointGenSupport
import EndpointGenYAML

/// Decodes one file's YAML tree into a `FileSyntax`, reporting every shape problem it finds.
/// Anything it cannot read is left out (or given a placeholder) after reporting, so that later
/// stages keep checking the rest without repeating the same complaint.
struct FileDecoder {
    static let topLevelKeys: KeySet = [
        "service", "summary", "baseURL", "environments", "headers", "auth", "envelope", "errorBody", "cookieSession", "arrayStyle",
        "parameters", "paginate", "dateEncoding", "timeZone",
        "endpoints", "models",
    ]
    static let endpointKeys: KeySet = [
        "method", "path", "summary", "description", "deprecated", "auth", "params", "query", "headers",
        "headerParams", "body", "response", "responses", "envelope", "sample", "timeout", "redirects", "paginate",
        "typePrefix",
    ]
    static let paginateKeys = KeySet(Pagination.specKeys)
    /// `style` is for the fields of form bodies (checked when the model is resolved).
    static let fieldKeys: KeySet = ["type", "name", "summary", "default", "deprecated", "readOnly", "writeOnly", "dateEncoding", "style"]
    /// A query parameter may also say how an array or map is written.
    static let queryParameterKeys: KeySet = ["type", "name", "summary", "default", "deprecated", "style", "dateEncoding"]
    /// A header parameter may also be marked as a credential (never sent to another origin, redacted in logs).
    static let headerParameterKeys: KeySet = ["type", "name", "summary", "default", "deprecated", "credential", "dateEncoding"]
    static let errorBodyKeys: KeySet = ["message", "code", "model"]
    static let cookieSessionKeys: KeySet = ["refresh", "csrf"]
    static let sharedParameterKeys: KeySet = ["headers", "query"]
    static let csrfKeys: KeySet = ["cookie", "header"]
    static let envelopeKeys: KeySet = ["payload", "success", "code", "message"]
    static let inlineResponseKeys: KeySet = ["fields", "summary"]
    /// The long form of an entry of `responses:`: a type or inline fields, its sample, a summary.
    static let statusResponseKeys: KeySet = ["type", "fields", "sample", "summary"]
    static let enumKeys: KeySet = ["type", "values"]
    static let modelKeys: KeySet = ["summary", "fields", "enum", "oneOf"]
    static let oneOfKeys: KeySet = ["discriminator", "type", "cases"]
    static let oneOfCaseKeys: KeySet = ["model", "name"]
    static let unionCaseKeys: KeySet = ["type", "name"]
    static let bodyKeys: KeySet = ["json", "form", "multipart", "raw", "file"]

    var reader: NodeReader
    var inlineModels: [ModelSyntax] = []
    let path: String

    init(path: String) {
        self.path = path
        self.reader = NodeReader(file: path)
    }

    func location(_ node: YAMLNode) -> SourceLocation { reader.location(node) }

    /// Runs `decode` and says whether it reported an error: what makes a model `damaged` (its
    /// samples not checked). Warnings do not count, or one would silently turn sample checks off.
    mutating func decodingPart<T>(_ decode: (inout FileDecoder) -> T) -> (value: T, damaged: Bool) {
        let errorsBefore = reader.diagnostics.errorCount
        let value = decode(&self)
        return (value, reader.diagnostics.errorCount > errorsBefore)
    }

    // MARK: - File

    /// Decodes the document of a file (nil when the file holds no document).
    mutating func decode(_ root: YAMLNode?, stem: String) -> FileSyntax {
        var syntax = FileSyntax(path: path, stem: stem, service: nil, models: [], inlineModels: [])
        guard let root, !root.isPlainNull else {
            reader.diagnostics.error(
                "spec file is empty; expected 'service' and 'endpoints', or 'models'",
                at: SourceLocation(file: path, line: 1, column: 1))
            return syntax
        }
        // `x-` keys are the spec's extension point (as in OpenAPI and Compose files): ignored, a
        // place for YAML anchors that endpoints share (`x-paging: &paging`, `<<: *paging`).
        guard let top = reader.keyed(root, in: "the spec file", allowed: Self.topLevelKeys, extensionKeys: true) else {
            return syntax
        }

        // `models:` that holds nothing (and says nothing wrong itself).
        var noModels = false
        if let models = top["models"] {
            let decoded = decodingPart { $0.decodeModels(models.value) }
            syntax.models = decoded.value
            noModels = syntax.models.isEmpty && !decoded.damaged
        }
        if let service = top["service"] {
            syntax.service = decodeService(top, nameEntry: service)
        } else if top.isMissing("service") {
            let serviceOnly = top.entries.first { $0.key != "models" && $0.key != "timeZone" }
            if let serviceOnly {
                reader.diagnostics.error(
                    "missing key 'service': a file with '\(serviceOnly.key)' describes a service",
                    at: top.location)
            } else if top["models"] == nil && top.suggested.isEmpty {
                reader.diagnostics.error(
                    "spec file is empty; expected 'service' and 'endpoints', or 'models'", at: top.location)
            } else if let models = top["models"], noModels {
                // A models-only file that defines nothing would generate nothing, silently.
                reader.diagnostics.error(
                    "'models' defines no models; a file without 'service' needs at least one", at: location(models.keyNode))
            }
        }
        if let entry = top["timeZone"], let zone = reader.text(entry.value, for: "'timeZone'") {
            if TimeZoneNames.contains(zone) {
                syntax.timeZone = zone
            } else {
                reader.diagnostics.error(TimeZoneNames.problem(with: zone), at: location(entry.value))
            }
        }
        syntax.inlineModels = inlineModels
        return syntax
    }

    /// A `dateEncoding:` value: one of `DateEncodingKind`'s names.
    mutating func dateEncoding(_ node: YAMLNode, for what: String) -> (kind: DateEncodingKind, location: SourceLocation)? {
        if let text = node.scalar?.value, let kind = DateEncodingKind(rawValue: text) { return (kind, location(node)) }
        let names = DateEncodingKind.allCases.map(\.rawValue)
        reader.diagnostics.error(
            "\(what) must be one of \(names.joined(separator: ", ")), found \(NodeReader.describe(node))"
                + (node.scalar.map { DidYouMean.hint(for: $0.value, among: names) } ?? ""),
            at: location(node))
        return nil
    }

    // MARK: - Service

    private mutating func decodeService(_ top: KeyedMapping, nameEntry: KeyedMapping.Entry) -> ServiceSyntax {
        let name = reader.text(nameEntry.value, for: "'service'") ?? ""
        if nameEntry.value.scalar != nil, !Lexical.isUpperCamelCase(name) {
            reader.diagnostics.error(
                "service name '\(name)' must be UpperCamelCase\(suggestion(SwiftNaming.upperCamel(name), for: name))",
                at: location(nameEntry.value))
        }
        var service = ServiceSyntax(
            name: name, summary: nil, baseURL: .none, headers: [], auth: .none, envelope: nil, errorBody: nil,
            errorModelLocation: nil, endpoints: [], location: location(nameEntry.value))
        if let entry = top["summary"] {
            service.summary = reader.docText(entry.value, for: "'summary'")
        }
        if let entry = top["baseURL"], let url = decodeURL(entry.value, for: "'baseURL'") {
            service.baseURL = .url(url)
        }
        if let entry = top["environments"] {
            if let baseURL = top["baseURL"] {
                reader.diagnostics.error(
                    "'baseURL' and 'environments' cannot be used together; the first environment is the default",
                    at: location(entry.keyNode),
                    notes: [.note("'baseURL' is set here", at: location(baseURL.keyNode))])
            } else {
                service.baseURL = .environments(decodeEnvironments(entry))
            }
        }
        if let entry = top["headers"] {
            service.headers = decodeHeaders(entry.value, for: "'headers'")
        }
        if let entry = top["auth"], let auth = decodeAuth(entry.value) {
            service.auth = auth
        }
        if let entry = top["envelope"] {
            service.envelope = decodeEnvelope(entry.value)
        }
        if let entry = top["errorBody"] {
            decodeErrorBody(entry, into: &service)
        }
        if let entry = top["parameters"] {
            decodeSharedParameters(entry, into: &service)
        }
        if let entry = top["dateEncoding"] {
            service.dateEncoding = dateEncoding(entry.value, for: "'dateEncoding'")
        }
        if let entry = top["arrayStyle"], let style = queryStyle(entry.value, for: "'arrayStyle'") {
            if style.isArrayStyle {
                service.arrayStyle = (style, location(entry.value))
            } else {
                reader.diagnostics.error(
                    "'arrayStyle' must be one of repeat, comma, space, pipe, brackets (a style of arrays), found '\(style.rawValue)'",
                    at: location(entry.value))
            }
        }
        if let entry = top["cookieSession"] {
            decodeCookieSession(entry, into: &service)
        }
        if let entry = top["paginate"] {
            service.pagination = decodePagination(entry, for: "'paginate' of service '\(name)'")
        }
        decodeEndpoints(top, into: &service)
        return service
    }

    /// `errorBody`: the keys of an error's message and code, or the model errors decode into.
    private mutating func decodeErrorBody(_ entry: KeyedMapping.Entry, into service: inout ServiceSyntax) {
        guard let mapping = reader.keyed(entry.value, in: "'errorBody'", allowed: Self.errorBodyKeys) else { return }
        var body = ErrorBody(message: nil, code: nil, model: nil)
        body.message = mapping["message"].flatMap { nonEmptyKey($0.value, for: "'errorBody.message'") }
        body.code = mapping["code"].flatMap { nonEmptyKey($0.value, for: "'errorBody.code'") }
        if let model = mapping["model"] {
            body.model = reader.text(model.value, for: "'errorBody.model'")
            service.errorModelLocation = reader.textLocation(model.value)
        }
        service.errorBody = body
    }

    /// `parameters`: header and query parameters every endpoint of the service takes.
    private mutating func decodeSharedParameters(_ entry: KeyedMapping.Entry, into service: inout ServiceSyntax) {
        guard let mapping = reader.keyed(entry.value, in: "'parameters'", allowed: Self.sharedParameterKeys) else { return }
        var seen: [String: SourceLocation] = [:]
        for header in service.headers { seen[header.name.lowercased()] = header.location }
        if let headers = mapping["headers"], let pairs = reader.pairs(headers.value, for: "'parameters.headers'") {
            for pair in pairs where checkHeaderName(reader.keyText(pair.key), at: pair.key, seen: &seen) {
                service.sharedHeaders.append(decodeField(pair, kind: "service header parameter", owner: .none, allowed: Self.fieldKeys))
            }
        }
        if let query = mapping["query"], let pairs = reader.pairs(query.value, for: "'parameters.query'") {
            for pair in pairs {
                service.sharedQuery.append(decodeField(pair, kind: "service query parameter", owner: .none, allowed: Self.fieldKeys))
            }
        }
    }

    /// `cookieSession`: the refresh endpoint and CSRF double-submit names.
    private mutating func decodeCookieSession(_ entry: KeyedMapping.Entry, into service: inout ServiceSyntax) {
        guard let mapping = reader.keyed(entry.value, in: "'cookieSession'", allowed: Self.cookieSessionKeys) else { return }
        var session = CookieSessionSetting(refresh: nil, csrf: nil)
        service.cookieSessionLocation = location(entry.keyNode)
        if let refresh = mapping["refresh"] {
            service.cookieSessionRefresh = reader.text(refresh.value, for: "'cookieSession.refresh'")
            service.cookieSessionRefreshLocation = reader.textLocation(refresh.value)
        }
        if let csrf = mapping["csrf"] {
            session.csrf = decodeCSRF(csrf.value)
        }
        service.cookieSession = session
    }

    /// `csrf` of a cookie session: `true` for the default names, or a mapping of HTTP-token names.
    private mutating func decodeCSRF(_ node: YAMLNode) -> CSRFSetting? {
        if node.mapping == nil {
            if reader.bool(node, for: "'cookieSession.csrf'") == true { return CSRFSetting() }
        } else if let names = reader.keyed(node, in: "'cookieSession.csrf'", allowed: Self.csrfKeys) {
            var setting = CSRFSetting()
            for (key, keyPath) in [("cookie", "'cookieSession.csrf.cookie'"), ("header", "'cookieSession.csrf.header'")] {
                guard let value = names[key], let text = reader.text(value.value, for: keyPath) else { continue }
                guard !text.isEmpty, text.utf8.allSatisfy(Lexical.isTokenByte) else {
                    reader.diagnostics.error(
                        "\(keyPath) must be an HTTP token (letters, digits and !#$%&'*+-.^_`|~), found '\(text)'",
                        at: reader.textLocation(value.value))
                    continue
                }
                if key == "cookie" { setting.cookie = text } else { setting.header = text }
            }
            return setting
        }
        return nil
    }

    /// `endpoints`: required, not empty, each decoded in order.
    private mutating func decodeEndpoints(_ top: KeyedMapping, into service: inout ServiceSyntax) {
        let name = service.name
        if let entry = top["endpoints"] {
            if let pairs = reader.pairs(entry.value, for: "'endpoints'") {
                if pairs.isEmpty {
                    reader.diagnostics.error("service '\(name)' has no endpoints", at: location(entry.keyNode))
                }
                service.endpoints.reserveCapacity(pairs.count)
                for pair in pairs {
                    service.endpoints.append(decodeEndpoint(pair))
                }
            }
        } else if top.isMissing("endpoints") {
            reader.diagnostics.error("missing key 'endpoints' in service '\(name)'", at: top.location)
        }
    }

    func suggestion(_ candidate: String, for name: String) -> String {
        candidate.isEmpty || candidate == name ? "" : ", like '\(candidate)'"
    }

    private mutating func nonEmptyKey(_ node: YAMLNode, for what: String) -> String? {
        guard let text = reader.text(node, for: what) else { return nil }
        if text.isEmpty {
            reader.diagnostics.error("\(what) must not be empty", at: location(node))
            return nil
        }
        return text
    }

    private mutating func decodeURL(_ node: YAMLNode, for what: String) -> String? {
        guard let text = reader.text(node, for: what) else { return nil }
        guard Lexical.isAbsoluteHTTPURL(text) else {
            reader.diagnostics.error(
                "\(what) must be an absolute http or https URL, found '\(text)'", at: location(node))
            return nil
        }
        return text
    }

    private mutating func decodeEnvironments(_ entry: KeyedMapping.Entry) -> [Environment] {
        guard let pairs = reader.pairs(entry.value, for: "'environments'") else { return [] }
        if pairs.isEmpty {
            reader.diagnostics.error("'environments' must name at least one environment", at: location(entry.keyNode))
        }
        var environments: [Environment] = []
        for pair in pairs {
            let name = reader.keyText(pair.key)
            if !Lexical.isLowerCamelCase(name) {
                reader.diagnostics.error(
                    "environment name '\(name)' must be lowerCamelCase\(suggestion(SwiftNaming.lowerCamel(name), for: name))",
                    at: location(pair.key))
            }
            if let url = decodeURL(pair.value, for: "environment '\(name)'") {
                environments.append(Environment(name: name, url: url, location: location(pair.key)))
            }
        }
        return environments
    }

    /// A map of header name → constant value.
    mutating func decodeHeaders(_ node: YAMLNode, for what: String) -> [Header] {
        guard let pairs = reader.pairs(node, for: what) else { return [] }
        var headers: [Header] = []
        var seen: [String: SourceLocation] = [:]
        for pair in pairs {
            let name = reader.keyText(pair.key)
            guard checkHeaderName(name, at: pair.key, seen: &seen) else { continue }
            guard let scalar = pair.value.scalar else {
                reader.diagnostics.error(
                    "header '\(name)' must have a constant string value, found \(pair.value.kindDescription)",
                    at: location(pair.value))
                continue
            }
            guard Lexical.isValidHeaderValue(scalar.value) else {
                reader.diagnostics.error(
                    "value of header '\(name)' must not contain line breaks", at: location(pair.value))
                continue
            }
            headers.append(Header(name: name, value: scalar.value, location: location(pair.key)))
        }
        return headers
    }

    /// Checks an HTTP field name and that it is not repeated (names are case-insensitive).
    mutating func checkHeaderName(_ name: String, at node: YAMLNode, seen: inout [String: SourceLocation]) -> Bool {
        guard Lexical.isToken(name) else {
            reader.diagnostics.error(
                "invalid header name '\(name)': use letters, digits and !#$%&'*+-.^_`|~", at: location(node))
            return false
        }
        let lowered = name.lowercased()
        if let first = seen[lowered] {
            reader.diagnostics.error(
                "header '\(name)' is given twice (header names are case-insensitive)", at: location(node),
                notes: [.note("first given here", at: first)])
            return false
        }
        seen[lowered] = location(node)
        return true
    }

    mutating func decodeAuth(_ node: YAMLNode) -> Auth? {
        guard let text = reader.text(node, for: "'auth'") else { return nil }
        switch text {
        case "none": return Auth.none
        case "bearer": return .bearer
        case "cookie": return .cookie
        case "basic": return .basic
        default: break
        }
        // `apiKeyQuery(name)` and `apiKey(Header-Name)`: the name an HTTP token. No `query: name`
        // inside: a plain YAML scalar cannot hold ": ".
        let keyed: [(call: String, what: String, auth: (String) -> Auth)] = [
            ("apiKeyQuery(", "query parameter name", Auth.apiKeyQuery(name:)), ("apiKey(", "header name", Auth.apiKey(header:)),
        ]
        for form in keyed where text.hasPrefix(form.call) && text.hasSuffix(")") {
            let name = String(text.dropFirst(form.call.count).dropLast())
            guard Lexical.isToken(name) else {
                reader.diagnostics.error(
                    "invalid \(form.what) '\(name)' in '\(text)': use letters, digits and !#$%&'*+-.^_`|~", at: location(node))
                return nil
            }
            return form.auth(name)
        }
        let kinds = ["none", "bearer", "cookie", "basic", "apiKey"]
        let hint = DidYouMean.suggestion(for: text, among: kinds)
        reader.diagnostics.error(
            "unknown auth '\(text)'; "
                + (hint.map { "did you mean '\($0 == "apiKey" ? "apiKey(Header-Name)" : $0)'?" }
                    ?? "expected none, bearer, cookie, basic, apiKey(Header-Name) or apiKeyQuery(name)"),
            at: location(node))
        return nil
    }

    private mutating func decodeEnvelope(_ node: YAMLNode) -> SpecEnvelope? {
        guard let mapping = reader.keyed(node, in: "'envelope'", allowed: Self.envelopeKeys)
        else { return nil }
        let success = mapping["success"].flatMap { nonEmptyKey($0.value, for: "'envelope.success'") }
        let code = mapping["code"].flatMap { nonEmptyKey($0.value, for: "'envelope.code'") }
        let message = mapping["message"].flatMap { nonEmptyKey($0.value, for: "'envelope.message'") }
        guard let payloadEntry = mapping["payload"] else {
            guard mapping.isMissing("payload") else { return nil }
            reader.diagnostics.error(
                "missing key 'payload' in 'envelope': the key that holds the response", at: mapping.location)
            return nil
        }
        guard let payload = nonEmptyKey(payloadEntry.value, for: "'envelope.payload'") else { return nil }
        return SpecEnvelope(payload: payload, success: success, code: code, message: message)
    }
}

