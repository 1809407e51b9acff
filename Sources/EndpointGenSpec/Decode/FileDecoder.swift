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
    /// Members of the generated `<Service>Router` (the `Endpoint` protocol) and `<Service>Service`:
    /// a case or method of the same name would not compile.
    static let reservedEndpointNames: Set<String> = [
        "defaultBaseURL", "method", "path", "queryItems", "headers", "body", "auth", "timeout", "envelope",
        "errorFormat", "sampleData", "client", "baseURL", "init", "followsRedirects", "credentialHeaders",
    ]
    /// Members of the generated `<Service>Environment` enum.
    static let reservedEnvironmentNames: Set<String> = ["url", "rawValue", "allCases", "init"]
    static let modelKeys: KeySet = ["summary", "fields", "enum", "oneOf"]
    static let oneOfKeys: KeySet = ["discriminator", "type", "cases"]
    static let oneOfCaseKeys: KeySet = ["model", "name"]
    static let unionCaseKeys: KeySet = ["type", "name"]
    static let bodyKeys: KeySet = ["json", "form", "multipart", "raw", "file"]

    var reader: NodeReader
    private var inlineModels: [ModelSyntax] = []
    private let path: String

    init(path: String) {
        self.path = path
        self.reader = NodeReader(file: path)
    }

    private func location(_ node: YAMLNode) -> SourceLocation { reader.location(node) }

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
            let errorsBefore = reader.diagnostics.all.count
            syntax.models = decodeModels(models.value)
            noModels = syntax.models.isEmpty && reader.diagnostics.all.count == errorsBefore
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
        if syntax.service == nil, !syntax.models.isEmpty, SwiftNaming.upperCamel(stem).utf8.count > Self.maxServiceNameLength + 1 {
            reader.diagnostics.error(
                "the file name makes the output name '\(SwiftNaming.upperCamel(stem).prefix(40))…Models.swift' longer than 200 bytes; shorten the file name",
                at: SourceLocation(file: path, line: 1, column: 1))
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
    private mutating func dateEncoding(_ node: YAMLNode, for what: String) -> (kind: DateEncodingKind, location: SourceLocation)? {
        if let text = node.scalar?.value, let kind = DateEncodingKind(rawValue: text) { return (kind, location(node)) }
        let names = DateEncodingKind.allCases.map(\.rawValue)
        reader.diagnostics.error(
            "\(what) must be one of \(names.joined(separator: ", ")), found \(NodeReader.describe(node))"
                + (node.scalar.map { DidYouMean.hint(for: $0.value, among: names) } ?? ""),
            at: location(node))
        return nil
    }

    /// RFC 3986 path characters other than `%`: unreserved, sub-delimiters, `:`, `@`, `/`
    /// (what the runtime's path check accepts; `{` `}` `?` `#` are handled before).
    static func isPathByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-._~!$&'()*+,;=:@/".utf8.contains(b)
        }
    }

    static func isHexDigit(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || (b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "f"))
    }

    /// The longest service name: `<name>Service.swift` within the output writer's 200 bytes.
    static let maxServiceNameLength = 200 - "Service.swift".utf8.count

    // MARK: - Service

    private mutating func decodeService(_ top: KeyedMapping, nameEntry: KeyedMapping.Entry) -> ServiceSyntax {
        let name = reader.text(nameEntry.value, for: "'service'") ?? ""
        if nameEntry.value.scalar != nil, !Lexical.isUpperCamelCase(name) {
            reader.diagnostics.error(
                "service name '\(name)' must be UpperCamelCase\(suggestion(SwiftNaming.upperCamel(name), for: name))",
                at: location(nameEntry.value))
        }
        if name.utf8.count > Self.maxServiceNameLength {
            // The output names ('<name>Service.swift') must stay within the writer's 200 bytes.
            reader.diagnostics.error(
                "service name is \(name.utf8.count) characters long; at most \(Self.maxServiceNameLength), so that '<name>Service.swift' stays within 200 bytes",
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
        if let entry = top["errorBody"],
            let mapping = reader.keyed(entry.value, in: "'errorBody'", allowed: Self.errorBodyKeys)
        {
            var body = ErrorBody(message: nil, code: nil, model: nil)
            body.message = mapping["message"].flatMap { nonEmptyKey($0.value, for: "'errorBody.message'") }
            body.code = mapping["code"].flatMap { nonEmptyKey($0.value, for: "'errorBody.code'") }
            if let model = mapping["model"] {
                body.model = reader.text(model.value, for: "'errorBody.model'")
                service.errorModelLocation = reader.textLocation(model.value)
            }
            service.errorBody = body
        }
        if let entry = top["parameters"],
            let mapping = reader.keyed(entry.value, in: "'parameters'", allowed: Self.sharedParameterKeys)
        {
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
        if let entry = top["cookieSession"],
            let mapping = reader.keyed(entry.value, in: "'cookieSession'", allowed: Self.cookieSessionKeys)
        {
            var session = CookieSessionSetting(refresh: nil, csrf: nil)
            service.cookieSessionLocation = location(entry.keyNode)
            if let refresh = mapping["refresh"] {
                service.cookieSessionRefresh = reader.text(refresh.value, for: "'cookieSession.refresh'")
                service.cookieSessionRefreshLocation = reader.textLocation(refresh.value)
            }
            if let csrf = mapping["csrf"] {
                if csrf.value.mapping == nil {
                    if reader.bool(csrf.value, for: "'cookieSession.csrf'") == true { session.csrf = CSRFSetting() }
                } else if let names = reader.keyed(csrf.value, in: "'cookieSession.csrf'", allowed: Self.csrfKeys) {
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
                    session.csrf = setting
                }
            }
            service.cookieSession = session
        }
        if let entry = top["paginate"] {
            service.pagination = decodePagination(entry, for: "'paginate' of service '\(name)'")
        }
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
        return service
    }

    private func suggestion(_ candidate: String, for name: String) -> String {
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
            if Self.reservedEnvironmentNames.contains(name) {
                reader.diagnostics.error(
                    "environment name '\(name)' is reserved: the generated environment type has a member '\(name)'",
                    at: location(pair.key))
            }
            if let url = decodeURL(pair.value, for: "environment '\(name)'") {
                environments.append(Environment(name: name, url: url, location: location(pair.key)))
            }
        }
        return environments
    }

    /// A map of header name → constant value.
    private mutating func decodeHeaders(_ node: YAMLNode, for what: String) -> [Header] {
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
    private mutating func checkHeaderName(_ name: String, at node: YAMLNode, seen: inout [String: SourceLocation]) -> Bool {
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

    private mutating func decodeAuth(_ node: YAMLNode) -> Auth? {
        guard let text = reader.text(node, for: "'auth'") else { return nil }
        switch text {
        case "none": return Auth.none
        case "bearer": return .bearer
        case "cookie": return .cookie
        case "basic": return .basic
        default: break
        }
        // No `query: name` inside: a plain YAML scalar cannot hold ": ".
        if text.hasPrefix("apiKeyQuery(") && text.hasSuffix(")") {
            let name = String(text.dropFirst(12).dropLast())
            guard Lexical.isToken(name) else {
                reader.diagnostics.error(
                    "invalid query parameter name '\(name)' in '\(text)': use letters, digits and !#$%&'*+-.^_`|~",
                    at: location(node))
                return nil
            }
            return .apiKeyInQuery(name: name)
        }
        if text.hasPrefix("apiKey(") && text.hasSuffix(")") {
            let header = String(text.dropFirst(7).dropLast())
            guard Lexical.isToken(header) else {
                reader.diagnostics.error(
                    "invalid header name '\(header)' in '\(text)': use letters, digits and !#$%&'*+-.^_`|~",
                    at: location(node))
                return nil
            }
            return .apiKey(header: header)
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

    private mutating func decodeEnvelope(_ node: YAMLNode) -> Envelope? {
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
        return Envelope(payload: payload, success: success, code: code, message: message)
    }

    // MARK: - Endpoints

    private mutating func decodeEndpoint(_ pair: YAMLPair) -> EndpointSyntax {
        let name = reader.keyText(pair.key)
        let keyLocation = location(pair.key)
        if !Lexical.isLowerCamelCase(name) {
            reader.diagnostics.error(
                "endpoint name '\(name)' must be lowerCamelCase\(suggestion(SwiftNaming.lowerCamel(name), for: name))",
                at: keyLocation)
        }
        var endpoint = EndpointSyntax(
            name: name, location: keyLocation, method: .get, path: "/", pathComponents: [],
            summary: nil, description: nil, deprecation: nil, auth: nil, pathParameters: [], query: [],
            headers: [], headerParameters: [], body: nil, bodyLocation: nil, response: .empty,
            envelopeFlag: nil, envelopeFlagLocation: nil, sample: nil,
            sampleKeyLocation: nil, timeout: nil)
        if Self.reservedEndpointNames.contains(name) {
            reader.diagnostics.error(
                "endpoint name '\(name)' is reserved: the generated router or service has a member '\(name)'",
                at: keyLocation)
        }
        func what() -> String { "endpoint '\(name)'" }
        guard let mapping = reader.keyed(pair.value, in: what(), allowed: Self.endpointKeys) else { return endpoint }

        if let entry = mapping["method"] {
            if let text = reader.text(entry.value, for: "'method'") {
                let standard = HTTPMethod.standard.map(\.rawValue)
                if let upper = standard.first(where: { $0 != text && $0 == Lexical.asciiUppercased(text) }) {
                    // Methods are case-sensitive: `get` would be sent as a method of its own.
                    reader.diagnostics.error("unknown HTTP method '\(text)'; did you mean '\(upper)'?", at: location(entry.value))
                } else if !Lexical.isToken(text) {
                    reader.diagnostics.error(
                        "HTTP method '\(text)' is not a token (letters, digits and !#$%&'*+-.^_`|~); expected GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, TRACE or another method name",
                        at: location(entry.value))
                } else {
                    endpoint.method = HTTPMethod(rawValue: text)
                    if !standard.contains(text), let near = DidYouMean.suggestion(for: text, among: standard) {
                        reader.diagnostics.warning(
                            "'\(text)' is not a standard HTTP method; it is sent as written (did you mean '\(near)'?)",
                            at: location(entry.value))
                    }
                }
            }
        } else if mapping.isMissing("method") {
            reader.diagnostics.error("missing key 'method' in \(what())", at: keyLocation)
        }

        var placeholders: [(name: String, location: SourceLocation)] = []
        // Whether `params` can be checked against the path (not after a path error).
        var pathIsValid = false
        if let entry = mapping["path"] {
            if let text = reader.text(entry.value, for: "'path'") {
                endpoint.path = text
                if let parsed = parsePath(text, base: reader.textLocation(entry.value)) {
                    endpoint.pathComponents = parsed.components
                    placeholders = parsed.placeholders
                    pathIsValid = true
                }
            }
        } else if mapping.isMissing("path") {
            reader.diagnostics.error("missing key 'path' in \(what())", at: keyLocation)
        }

        endpoint.summary = mapping["summary"].flatMap { reader.docText($0.value, for: "'summary'") }
        endpoint.description = mapping["description"].flatMap { reader.docText($0.value, for: "'description'") }
        if let entry = mapping["deprecated"], let value = reader.deprecation(entry.value, for: "'deprecated'") {
            if value.deprecated {
                endpoint.deprecation = value.message.map { .message($0) } ?? .deprecated
            }
        }
        if let entry = mapping["auth"] {
            endpoint.auth = decodeAuth(entry.value)
        }

        // Path parameters: one per placeholder, in path order, typed by `params`.
        var params: [String: FieldSyntax] = [:]
        if let entry = mapping["params"], let pairs = reader.pairs(entry.value, for: "'params'") {
            var placeholderNames: [String: Int] = [:]
            for (index, placeholder) in placeholders.enumerated() { placeholderNames[placeholder.name] = index }
            var unmatched: [FieldSyntax] = []
            for pair in pairs {
                let field = decodeField(pair, kind: "path parameter", owner: .none)
                guard placeholderNames[field.wireName] != nil else {
                    if pathIsValid { unmatched.append(field) }
                    continue
                }
                params[field.wireName] = field
            }
            // A placeholder close to a parameter that matches no placeholder is the typo
            // (`{petID}` against `petId`): reported where it is written, at its '{' in the path.
            var explained: Set<String> = []
            for placeholder in placeholders where params[placeholder.name] == nil {
                let candidates = unmatched.map(\.wireName).filter { !explained.contains($0) }
                guard let match = DidYouMean.suggestion(for: placeholder.name, among: candidates) else { continue }
                explained.insert(match)
                var brace = placeholder.location
                brace.column -= 1
                reader.diagnostics.error(
                    "placeholder '{\(placeholder.name)}' names no parameter of 'params'; did you mean '\(match)'?", at: brace)
            }
            for field in unmatched where !explained.contains(field.wireName) {
                let message =
                    "path parameter '\(field.wireName)' does not appear in path '\(endpoint.path)'"
                    + (placeholders.isEmpty
                        ? "; write it as {\(field.wireName)}"
                        : DidYouMean.hint(for: field.wireName, among: placeholders.map(\.name)))
                reader.diagnostics.error(message, at: field.location)
            }
        }
        endpoint.pathParameters = placeholders.map { placeholder in
            params[placeholder.name]
                ?? FieldSyntax(
                    wireName: placeholder.name, type: .name("String", placeholder.location),
                    location: placeholder.location)
        }

        if let entry = mapping["query"], let pairs = reader.pairs(entry.value, for: "'query'") {
            endpoint.query.reserveCapacity(pairs.count)
            for pair in pairs {
                endpoint.query.append(decodeField(pair, kind: "query parameter", owner: .none, allowed: Self.queryParameterKeys))
                if let entry = pair.value.mapping?.first(where: { reader.keyText($0.key) == "style" }),
                    let style = queryStyle(entry.value, for: "'style' of query parameter '\(reader.keyText(pair.key))'")
                {
                    endpoint.queryStyles[reader.keyText(pair.key)] = (style, location(entry.value))
                }
            }
        }
        if let entry = mapping["headers"] {
            endpoint.headers = decodeHeaders(entry.value, for: "'headers'")
        }
        if let entry = mapping["headerParams"], let pairs = reader.pairs(entry.value, for: "'headerParams'") {
            var seen: [String: SourceLocation] = [:]
            for header in endpoint.headers { seen[header.name.lowercased()] = header.location }
            for pair in pairs {
                let name = reader.keyText(pair.key)
                guard checkHeaderName(name, at: pair.key, seen: &seen) else { continue }
                endpoint.headerParameters.append(
                    decodeField(pair, kind: "header parameter", owner: .none, allowed: Self.headerParameterKeys))
                if let flag = pair.value.mapping?.first(where: { reader.keyText($0.key) == "credential" }),
                    reader.bool(flag.value, for: "'credential' of header parameter '\(name)'") == true
                {
                    endpoint.credentialHeaders.append(name)
                }
            }
        }
        if let entry = mapping["body"] {
            endpoint.body = decodeBody(entry.value, endpoint: name)
            endpoint.bodyLocation = location(entry.keyNode)
        }
        if let entry = mapping["response"] {
            endpoint.response = decodeResponse(entry.value, endpoint: name)
            endpoint.responseWritten = true
        }
        if let entry = mapping["responses"] {
            endpoint.responsesLocation = location(entry.keyNode)
            if let response = mapping["response"] {
                reader.diagnostics.error(
                    "\(what()) has both 'response' and 'responses'; keep 'responses' and list the status of 'response' in it",
                    at: location(response.keyNode))
            }
            endpoint.responses = decodeResponses(entry.value, endpoint: name)
            endpoint.responsesTypeName = inlineName(name, "Response")
        }
        if let entry = mapping["envelope"] {
            endpoint.envelopeFlag = reader.bool(entry.value, for: "'envelope' of \(what())")
            endpoint.envelopeFlagLocation = location(entry.value)
        }
        if let entry = mapping["sample"] {
            endpoint.sample = entry.value
            endpoint.sampleKeyLocation = location(entry.keyNode)
        }
        if let entry = mapping["redirects"] {
            switch entry.value.scalar?.value {
            case "none"?: endpoint.followsRedirects = false
            case "follow"?: endpoint.followsRedirects = true
            default:
                reader.diagnostics.error(
                    "'redirects' must be 'follow' or 'none', found \(NodeReader.describe(entry.value))", at: location(entry.value))
            }
        }
        if let entry = mapping["paginate"] {
            if entry.value.mapping == nil {
                // `true`: the service's scheme; `false`: none.
                if reader.bool(entry.value, for: "'paginate' of \(what()) (a scheme, or true for the service's)") == true {
                    endpoint.usesServicePagination = location(entry.value)
                }
            } else {
                endpoint.pagination = decodePagination(entry, for: "'paginate' of \(what())")
            }
        }
        if let entry = mapping["timeout"] {
            let scalar = entry.value.scalar
            if let scalar, scalar.style == .plain, Lexical.isNumber(scalar.value), let seconds = Double(scalar.value),
                seconds > 0, seconds.isFinite
            {
                endpoint.timeout = seconds
            } else {
                reader.diagnostics.error(
                    "'timeout' must be a positive number of seconds, found \(NodeReader.describe(entry.value))",
                    at: location(entry.value))
            }
        }
        return endpoint
    }

    /// A `paginate:` mapping: exactly one scheme key, and only the keys of that scheme.
    private mutating func decodePagination(_ entry: KeyedMapping.Entry, for what: String) -> PaginationSyntax? {
        guard let mapping = reader.keyed(entry.value, in: what, allowed: Self.paginateKeys) else { return nil }
        func name(_ key: String) -> NamedSyntax? {
            guard let value = mapping[key] else { return nil }
            guard let text = reader.text(value.value, for: "'\(key)' of \(what)") else { return nil }
            guard !text.isEmpty, !text.hasPrefix("."), !text.hasSuffix("."), !text.contains("..") else {
                reader.diagnostics.error("'\(key)' of \(what) must be a name or a dotted path, found '\(text)'",
                                         at: reader.textLocation(value.value))
                return nil
            }
            return NamedSyntax(text: text, location: reader.textLocation(value.value))
        }
        let schemeKeys = ["page", "offset", "cursor", "link"].filter { mapping[$0] != nil }
        guard let schemeKey = schemeKeys.first else {
            reader.diagnostics.error(
                "\(what) needs a scheme: 'page', 'offset', 'cursor' or 'link'", at: location(entry.keyNode))
            return nil
        }
        if schemeKeys.count > 1, let second = mapping[schemeKeys[1]] {
            reader.diagnostics.error(
                "\(what) has two schemes, '\(schemeKey)' and '\(schemeKeys[1])'; give one", at: location(second.keyNode))
            return nil
        }
        // The keys each scheme reads besides its own and `items`.
        let schemeOptions: [String: [String]] = [
            "page": ["size", "totalPages", "hasMore"], "offset": ["limit", "total", "hasMore"], "cursor": ["param", "hasMore"], "link": [],
        ]
        var valid = true
        for other in mapping.entries where !["page", "offset", "cursor", "link", "items"].contains(other.key) {
            if !(schemeOptions[schemeKey] ?? []).contains(other.key) {
                let fitting = ["size": "page", "totalPages": "page", "limit": "offset", "total": "offset", "param": "cursor"][other.key]
                reader.diagnostics.error(
                    "'\(other.key)' does not apply to the '\(schemeKey)' scheme of \(what)"
                        + (fitting.map { " (it belongs to '\($0)')" } ?? ""),
                    at: location(other.keyNode))
                valid = false
            }
        }
        let scheme: PaginationSyntax.Scheme
        switch schemeKey {
        case "page":
            guard let page = name("page") else { return nil }
            scheme = .page(page, size: name("size"), totalPages: name("totalPages"))
        case "offset":
            guard let offset = name("offset") else { return nil }
            scheme = .offset(offset, limit: name("limit"), total: name("total"))
        case "cursor":
            guard let cursor = name("cursor") else { return nil }
            guard let parameter = name("param") else {
                if mapping.isMissing("param") {
                    reader.diagnostics.error(
                        "missing key 'param' in \(what): the query parameter the cursor is sent back in",
                        at: location(entry.keyNode))
                }
                return nil
            }
            scheme = .cursor(cursor, parameter: parameter)
        default:
            guard let link = mapping["link"], let flag = reader.bool(link.value, for: "'link' of \(what)") else { return nil }
            guard flag else {
                reader.diagnostics.error("'link' of \(what) must be true (the Link header's rel=\"next\")", at: location(link.value))
                return nil
            }
            scheme = .link
        }
        guard valid else { return nil }
        return PaginationSyntax(scheme: scheme, items: name("items"), hasMore: name("hasMore"), location: location(entry.keyNode))
    }

    /// A `style:` value: one of `QueryStyle`'s names.
    private mutating func queryStyle(_ node: YAMLNode, for what: String) -> QueryStyle? {
        if let text = node.scalar?.value, let style = QueryStyle(rawValue: text) { return style }
        let names = QueryStyle.allCases.map(\.rawValue)
        reader.diagnostics.error(
            "\(what) must be one of \(names.joined(separator: ", ")), found \(NodeReader.describe(node))"
                + (node.scalar.map { DidYouMean.hint(for: $0.value, among: names) } ?? ""),
            at: location(node))
        return nil
    }

    /// Splits a path into literals and `{placeholder}`s, reporting malformed braces,
    /// bad names, repeated placeholders and query or fragment parts.
    private mutating func parsePath(
        _ path: String, base: SourceLocation
    ) -> (components: [PathComponent], placeholders: [(name: String, location: SourceLocation)])? {
        let bytes = Array(path.utf8)
        func at(_ offset: Int) -> SourceLocation {
            SourceLocation(file: base.file, line: base.line, column: base.column + offset)
        }
        guard bytes.first == UInt8(ascii: "/") else {
            reader.diagnostics.error("path '\(path)' must start with '/'", at: base)
            return nil
        }
        var components: [PathComponent] = []
        var placeholders: [(name: String, location: SourceLocation)] = []
        var seen: [String: SourceLocation] = [:]
        var literalStart = 0
        var i = 0
        var valid = true
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "{") {
                if i > literalStart {
                    components.append(.literal(String(decoding: bytes[literalStart..<i], as: UTF8.self)))
                }
                var end = i + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "}"), bytes[end] != UInt8(ascii: "{"),
                    bytes[end] != UInt8(ascii: "/")
                {
                    end += 1
                }
                guard end < bytes.count, bytes[end] == UInt8(ascii: "}") else {
                    reader.diagnostics.error("unclosed '{' in path '\(path)'", at: at(i))
                    return nil
                }
                var name = String(decoding: bytes[(i + 1)..<end], as: UTF8.self)
                // `{path...}`: a parameter of several segments.
                let rest = name.hasSuffix("...")
                if rest { name.removeLast(3) }
                if name.isEmpty {
                    reader.diagnostics.error("empty placeholder '{}' in path '\(path)'", at: at(i))
                    valid = false
                } else if !Lexical.isIdentifier(name) {
                    reader.diagnostics.error(
                        "placeholder '{\(name)}' in path must be an identifier (letters, digits and '_')",
                        at: at(i + 1))
                    valid = false
                } else if let first = seen[name] {
                    reader.diagnostics.error(
                        "placeholder '{\(name)}' appears twice in path '\(path)'", at: at(i + 1),
                        notes: [.note("first used here", at: first)])
                    valid = false
                } else {
                    seen[name] = at(i + 1)
                    placeholders.append((name, at(i + 1)))
                    components.append(rest ? .segments(name) : .parameter(name))
                }
                i = end + 1
                literalStart = i
                continue
            }
            if b == UInt8(ascii: "}") {
                reader.diagnostics.error("unmatched '}' in path '\(path)'", at: at(i))
                return nil
            }
            if b == UInt8(ascii: "?") || b == UInt8(ascii: "#") {
                reader.diagnostics.error(
                    "path '\(path)' must not contain '\(Character(Unicode.Scalar(b)))'; "
                        + (b == UInt8(ascii: "?") ? "declare query parameters under 'query'" : "fragments are not sent")
                        + " (a literal one is written '\(b == UInt8(ascii: "?") ? "%3F" : "%23")')",
                    at: at(i))
                return nil
            }
            if b <= 0x20 || b == 0x7F {
                reader.diagnostics.error("path '\(path)' must not contain spaces or control characters", at: at(i))
                return nil
            }
            // The runtime sends a path only when it is percent-encoded (RFC 3986 path characters
            // and %XX); any other character here would fail every call with `.invalidRequest`.
            if b == UInt8(ascii: "%") {
                guard i + 2 < bytes.count, Self.isHexDigit(bytes[i + 1]), Self.isHexDigit(bytes[i + 2]) else {
                    reader.diagnostics.error("'%' in path '\(path)' must start a percent-escape such as '%20'", at: at(i))
                    return nil
                }
                i += 3
                continue
            }
            if !Self.isPathByte(b) {
                var end = i + 1
                while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
                let character = String(decoding: bytes[i..<end], as: UTF8.self)
                let escaped = bytes[i..<end].map { "%" + String($0, radix: 16, uppercase: true) }.joined()
                reader.diagnostics.error(
                    "path '\(path)' must not contain '\(character)'; the runtime sends only percent-encoded paths: write '\(escaped)'",
                    at: at(i))
                return nil
            }
            i += 1
        }
        if literalStart < bytes.count {
            components.append(.literal(String(decoding: bytes[literalStart...], as: UTF8.self)))
        }
        return valid ? (components, placeholders) : nil
    }

    // MARK: - Bodies and responses

    /// `<Endpoint>Request` / `<Endpoint>Response`.
    private func inlineName(_ endpoint: String, _ suffix: String) -> String {
        guard let first = endpoint.first else { return suffix }
        return first.uppercased() + endpoint.dropFirst() + suffix
    }

    private mutating func decodeBody(_ node: YAMLNode, endpoint: String) -> BodySyntax? {
        if node.mapping == nil || isTypeMapping(node) {
            return typeExpression(node, allowDefault: false).type.map { .json($0) }
        }
        func what() -> String { "the body of endpoint '\(endpoint)'" }
        guard let mapping = reader.keyed(node, in: what(), allowed: Self.bodyKeys) else { return nil }
        guard let entry = mapping.entries.first else {
            guard mapping.suggested.isEmpty else { return nil }
            reader.diagnostics.error(
                "\(what()) needs one of 'json', 'form', 'multipart', 'raw' or 'file'", at: mapping.location)
            return nil
        }
        for extra in mapping.entries.dropFirst() {
            reader.diagnostics.error(
                "\(what()) can have only one of 'json', 'form', 'multipart', 'raw' or 'file'; '\(entry.key)' is already given",
                at: location(extra.keyNode))
        }
        let name = inlineName(endpoint, "Request")
        switch entry.key {
        case "json":
            // `json:` holds fields, so `{ Id: Int }` is a field in PascalCase (.NET's wire names,
            // ReadMe's RAW_BODY); only `{ String: T }` is a type here, a dictionary body.
            if entry.value.mapping == nil || isDictionaryTypeMapping(entry.value) {
                return typeExpression(entry.value, allowDefault: false).type.map { .json($0) }
            }
            let errorsBefore = reader.diagnostics.all.count
            let fields = decodeFields(entry.value, owner: .model(name))
            inlineModels.append(
                ModelSyntax(
                    name: name, summary: nil, kind: .structure(fields), origin: .inlineRequest(endpoint: endpoint),
                    file: path, location: location(entry.keyNode),
                    damaged: reader.diagnostics.all.count > errorsBefore))
            return .inlineJSON(modelName: name)
        case "form":
            if let scalar = entry.value.scalar, !scalar.isPlainNull {
                guard Lexical.isIdentifier(scalar.value) else {
                    reader.diagnostics.error(
                        "a form body must be a fields map or a model name, found '\(scalar.value)'",
                        at: reader.textLocation(entry.value))
                    return nil
                }
                return .formModel(name: scalar.value, location: reader.textLocation(entry.value))
            }
            let errorsBefore = reader.diagnostics.all.count
            let fields = decodeFields(entry.value, owner: .model(name))
            inlineModels.append(
                ModelSyntax(
                    name: name, summary: nil, kind: .structure(fields), origin: .inlineRequest(endpoint: endpoint),
                    file: path, location: location(entry.keyNode),
                    damaged: reader.diagnostics.all.count > errorsBefore))
            return .inlineForm(modelName: name)
        case "multipart":
            return .multipart(decodeFields(entry.value, owner: .multipart(endpoint: endpoint)))
        default:
            let kind = entry.key == "file" ? "file" : "raw"
            guard let text = reader.text(entry.value, for: "'\(kind)'") else { return nil }
            guard Lexical.isMIMEType(text) else {
                reader.diagnostics.error(
                    "invalid MIME type '\(text)' for a \(kind) body; expected 'type/subtype', like 'application/octet-stream'",
                    at: location(entry.value))
                return nil
            }
            return kind == "file" ? .file(text) : .raw(text)
        }
    }

    private mutating func decodeResponse(_ node: YAMLNode, endpoint: String, inlineName: String? = nil) -> ResponseSyntax {
        if let scalar = node.scalar, scalar.style == .plain, scalar.value == "empty" {
            return .empty
        }
        if node.mapping == nil || isTypeMapping(node) {
            return typeExpression(node, allowDefault: false).type.map { .type($0) } ?? .empty
        }
        let name = inlineName ?? self.inlineName(endpoint, "Response")
        guard
            let mapping = reader.keyed(
                node, in: "the response of endpoint '\(endpoint)'", allowed: Self.inlineResponseKeys)
        else { return .empty }
        guard let fields = mapping["fields"] else {
            guard mapping.isMissing("fields") else { return .empty }
            reader.diagnostics.error(
                "missing key 'fields' in the response of endpoint '\(endpoint)'", at: mapping.location)
            return .empty
        }
        let summary = mapping["summary"].flatMap { reader.docText($0.value, for: "'summary'") }
        return decodeInlineResponse(fields: fields, summary: summary, endpoint: endpoint, name: name)
    }

    /// The inline model of a response's `fields:`.
    private mutating func decodeInlineResponse(
        fields: KeyedMapping.Entry, summary: String?, endpoint: String, name: String
    ) -> ResponseSyntax {
        let errorsBefore = reader.diagnostics.all.count
        let decoded = decodeFields(fields.value, owner: .model(name))
        inlineModels.append(
            ModelSyntax(
                name: name, summary: summary, kind: .structure(decoded), origin: .inlineResponse(endpoint: endpoint),
                file: path, location: location(fields.keyNode), damaged: reader.diagnostics.all.count > errorsBefore))
        return .inline(modelName: name)
    }

    /// `responses: { 200: Pet, 304: empty, 404: { type: NotFound, sample: … } }`: statuses in
    /// spec order, each with a response as `response:` takes it, or the long form.
    private mutating func decodeResponses(_ node: YAMLNode, endpoint: String) -> [StatusResponseSyntax] {
        let what = "'responses' of endpoint '\(endpoint)'"
        guard let pairs = reader.pairs(node, for: what) else { return [] }
        if pairs.isEmpty {
            reader.diagnostics.error("\(what) lists no status; list at least one, like '200: Pet'", at: location(node))
            return []
        }
        var result: [StatusResponseSyntax] = []
        // A status listed twice is a duplicate key, which the loader reports: each status has
        // one spelling (three digits, `NXX` in capitals, `default`).
        for pair in pairs {
            let keyLocation = location(pair.key)
            guard let status = responseStatus(reader.keyText(pair.key), at: keyLocation) else { continue }
            let bodyName = inlineName(endpoint, SwiftNaming.upperCamel(status.caseName) + "Body")
            var entry = StatusResponseSyntax(status: status, response: .empty, location: keyLocation)
            let value = pair.value
            let isLongForm = value.mapping.map { pairs in
                pairs.contains { ["type", "sample", "summary"].contains(reader.keyText($0.key)) }
            } ?? false
            guard isLongForm else {
                entry.response = decodeResponse(value, endpoint: endpoint, inlineName: bodyName)
                result.append(entry)
                continue
            }
            let theStatus = "status \(status.spelling) of endpoint '\(endpoint)'"
            guard let mapping = reader.keyed(value, in: theStatus, allowed: Self.statusResponseKeys) else { continue }
            entry.summary = mapping["summary"].flatMap { reader.docText($0.value, for: "'summary'") }
            if let sample = mapping["sample"] {
                entry.sample = sample.value
                entry.sampleKeyLocation = location(sample.keyNode)
            }
            switch (mapping["type"], mapping["fields"]) {
            case (let type?, nil):
                entry.response = decodeResponse(type.value, endpoint: endpoint, inlineName: bodyName)
            case (nil, let fields?):
                entry.response = decodeInlineResponse(
                    fields: fields, summary: nil, endpoint: endpoint, name: bodyName)
            case (let type?, _?):
                reader.diagnostics.error(
                    "\(theStatus) has both 'type' and 'fields'; give one", at: location(type.keyNode))
            case (nil, nil):
                reader.diagnostics.error(
                    "\(theStatus) needs 'type' (a type, or empty) or 'fields'", at: mapping.location)
            }
            result.append(entry)
        }
        return result
    }

    /// A status key: a code from 200 to 599, a class (`2XX` to `5XX`) or `default`.
    private mutating func responseStatus(_ text: String, at location: SourceLocation) -> ResponseStatus? {
        let bytes = Array(text.utf8)
        if text == "default" { return .other }
        if bytes.count == 3, bytes.allSatisfy(Lexical.isDigit), let code = Int(text) {
            if (100..<200).contains(code) {
                reader.diagnostics.error(
                    "status \(code) is informational (1xx), not a final response; list statuses from 200 to 599",
                    at: location)
                return nil
            }
            if (200..<600).contains(code) { return .code(code) }
            reader.diagnostics.error("status \(text) is outside 100–599", at: location)
            return nil
        }
        if bytes.count == 3, let digit = bytes.first, (UInt8(ascii: "2")...UInt8(ascii: "5")).contains(digit),
            text.dropFirst().uppercased() == "XX"
        {
            if text.dropFirst() != "XX" {
                reader.diagnostics.error(
                    "write the status class in capitals: '\(text.prefix(1))XX', found '\(text)'", at: location)
                return nil
            }
            return .range(Int(digit - UInt8(ascii: "0")))
        }
        reader.diagnostics.error(
            "'\(text)' is not a response status; expected a code from 200 to 599, a class (2XX to 5XX) or 'default'",
            at: location)
        return nil
    }

    // MARK: - Types and fields

    /// `{ String: T }`: the one mapping that is a type where a fields map is expected.
    private func isDictionaryTypeMapping(_ node: YAMLNode) -> Bool {
        guard let pairs = node.mapping, pairs.count == 1, let key = pairs[0].key.scalar else { return false }
        return key.value == "String"
    }

    /// `{String: Int}` written as a flow mapping: one pair whose key looks like a type.
    private func isTypeMapping(_ node: YAMLNode) -> Bool {
        guard let pairs = node.mapping, pairs.count == 1, let key = pairs[0].key.scalar,
            let first = key.value.utf8.first
        else { return false }
        // `{ Type: Int }` is a misspelt long form, reported with a suggestion, not a dictionary.
        if Self.fieldKeys.index(of: key.value.lowercased()) != nil { return false }
        return Lexical.isUpper(first) || first == UInt8(ascii: "[")
    }

    /// A type from a scalar (`"[String: Int]? = [:]"`), a flow sequence (`[String]`) or a flow
    /// mapping (`{String: Int}`). Reports and returns a nil type when it cannot be read.
    private mutating func typeExpression(
        _ node: YAMLNode, allowDefault: Bool
    ) -> (type: TypeExpr?, defaultValue: DefaultLiteral?) {
        switch node.content {
        case .scalar(let scalar):
            if scalar.isPlainNull {
                reader.diagnostics.error("missing type", at: location(node))
                return (nil, nil)
            }
            // Fast path for the common case, a bare name (`String`, `Question`).
            if Lexical.isIdentifier(scalar.value) {
                return (.name(scalar.value, reader.textLocation(node)), nil)
            }
            var parser = TypeParser(text: scalar.value, base: reader.textLocation(node))
            guard let result = parser.parse(allowDefault: allowDefault, into: &reader.diagnostics) else {
                return (nil, nil)
            }
            return (result.type, result.defaultValue)
        case .sequence(let items):
            guard items.count == 1 else {
                reader.diagnostics.error(
                    "an array type has exactly one element type, like [String]; found \(items.count)",
                    at: location(node))
                return (nil, nil)
            }
            return (typeExpression(items[0], allowDefault: false).type.map { .array($0) }, nil)
        case .mapping(let pairs):
            guard pairs.count == 1 else {
                reader.diagnostics.error("expected a type, found a mapping", at: location(node))
                return (nil, nil)
            }
            let key = reader.keyText(pairs[0].key)
            guard key == "String" else {
                reader.diagnostics.error(
                    "dictionary keys must be String, found '\(key)'", at: location(pairs[0].key))
                return (nil, nil)
            }
            return (typeExpression(pairs[0].value, allowDefault: false).type.map { .dictionary($0) }, nil)
        }
    }

    /// A fields map (model fields, inline bodies, multipart parts).
    private mutating func decodeFields(_ node: YAMLNode, owner: FieldOwner) -> [FieldSyntax] {
        guard let pairs = reader.pairs(node, for: "the fields of \(owner.description ?? "")") else { return [] }
        var fields: [FieldSyntax] = []
        fields.reserveCapacity(pairs.count)
        for pair in pairs {
            fields.append(decodeField(pair, kind: "field", owner: owner))
        }
        return fields
    }

    /// One field or parameter: short form `Type = default` or long form `{ type:, name:, … }`.
    /// `kind` and `owner` make the description in messages (`field 'id' of model 'Member'`).
    private mutating func decodeField(
        _ pair: YAMLPair, kind: StaticString, owner: FieldOwner, allowed: KeySet = FileDecoder.fieldKeys
    ) -> FieldSyntax {
        let wireName = reader.keyText(pair.key)
        let keyLocation = location(pair.key)
        func describe() -> String {
            owner.description.map { "\(kind) '\(wireName)' of \($0)" } ?? "\(kind) '\(wireName)'"
        }
        if wireName.isEmpty {
            reader.diagnostics.error("empty name for \(describe())", at: keyLocation)
        }
        if pair.value.mapping == nil || isTypeMapping(pair.value) {
            if pair.value.isPlainNull {
                reader.diagnostics.error("missing type for \(describe())", at: keyLocation)
                return FieldSyntax(wireName: wireName, type: nil, location: keyLocation)
            }
            let (type, defaultValue) = typeExpression(pair.value, allowDefault: true)
            return FieldSyntax(wireName: wireName, type: type, defaultValue: defaultValue, location: keyLocation)
        }
        guard let mapping = reader.keyed(pair.value, in: describe(), allowed: allowed) else {
            return FieldSyntax(wireName: wireName, type: nil, location: keyLocation)
        }
        var type: TypeExpr?
        var defaultValue: DefaultLiteral?
        if let entry = mapping["type"] {
            (type, defaultValue) = typeExpression(entry.value, allowDefault: true)
        } else if mapping.isMissing("type") {
            reader.diagnostics.error("missing key 'type' in \(describe())", at: mapping.location)
        }
        var swiftNameOverride: String?
        if let entry = mapping["name"], let name = reader.text(entry.value, for: "'name'") {
            if Lexical.isIdentifier(name) {
                swiftNameOverride = name
            } else {
                reader.diagnostics.error(
                    "name '\(name)' must be a Swift identifier (letters, digits and '_', not starting with a digit)",
                    at: location(entry.value))
            }
        }
        let summary = mapping["summary"].flatMap { reader.docText($0.value, for: "'summary'") }
        var deprecated = false
        var deprecationMessage: String?
        if let entry = mapping["deprecated"], let value = reader.deprecation(entry.value, for: "'deprecated'") {
            deprecated = value.deprecated
            deprecationMessage = value.message
        }
        if let entry = mapping["default"] {
            if let inline = defaultValue {
                reader.diagnostics.error(
                    "default value given twice for \(describe())", at: location(entry.keyNode),
                    notes: [.note("first given here", at: inline.location)])
            } else {
                defaultValue = defaultLiteral(entry.value, for: describe())
            }
        }
        var access = FieldAccess.readWrite
        var accessLocation: SourceLocation?
        for (key, value) in [("readOnly", FieldAccess.readOnly), ("writeOnly", .writeOnly)] {
            guard let entry = mapping[key], reader.bool(entry.value, for: "'\(key)' of \(describe())") == true else { continue }
            if access != .readWrite {
                reader.diagnostics.error("\(describe()) cannot be both 'readOnly' and 'writeOnly'", at: location(entry.keyNode))
                continue
            }
            access = value
            accessLocation = location(entry.keyNode)
        }
        let dates = mapping["dateEncoding"].flatMap { dateEncoding($0.value, for: "'dateEncoding' of \(describe())") }
        // A query parameter's `style` is read with its endpoint (`EndpointSyntax.queryStyles`).
        var style: (style: QueryStyle, location: SourceLocation)?
        if "\(kind)" == "field", let entry = mapping["style"], let value = queryStyle(entry.value, for: "'style' of \(describe())") {
            style = (value, location(entry.value))
        }
        return FieldSyntax(
            wireName: wireName, swiftNameOverride: swiftNameOverride, type: type, defaultValue: defaultValue,
            summary: summary, deprecated: deprecated, deprecationMessage: deprecationMessage,
            access: access, accessLocation: accessLocation, dateEncoding: dates, style: style, location: keyLocation)
    }

    /// The `default:` of a long form: a scalar, `[]` or `{}`.
    private mutating func defaultLiteral(_ node: YAMLNode, for what: String) -> DefaultLiteral? {
        let at = reader.textLocation(node)
        switch node.content {
        case .scalar(let scalar):
            if scalar.style == .plain {
                return DefaultLiteral(form: .plain(scalar.isPlainNull ? "null" : scalar.value), location: at)
            }
            return DefaultLiteral(form: .quoted(scalar.value), location: at)
        case .sequence(let items) where items.isEmpty:
            return DefaultLiteral(form: .emptySequence, location: at)
        case .mapping(let pairs) where pairs.isEmpty:
            return DefaultLiteral(form: .emptyMapping, location: at)
        default:
            reader.diagnostics.error(
                "the default value of \(what) must be a scalar, [] or {}, found \(node.kindDescription)", at: at)
            return nil
        }
    }

    // MARK: - Models

    private mutating func decodeModels(_ node: YAMLNode) -> [ModelSyntax] {
        guard let pairs = reader.pairs(node, for: "'models'") else { return [] }
        var models: [ModelSyntax] = []
        models.reserveCapacity(pairs.count)
        for pair in pairs {
            models.append(decodeModel(pair))
        }
        return models
    }

    private mutating func decodeModel(_ pair: YAMLPair) -> ModelSyntax {
        let errorsBefore = reader.diagnostics.all.count
        var model = decodeModelParts(pair)
        model.damaged = reader.diagnostics.all.count > errorsBefore
        return model
    }

    private mutating func decodeModelParts(_ pair: YAMLPair) -> ModelSyntax {
        let name = reader.keyText(pair.key)
        var model = ModelSyntax(
            name: name, summary: nil, kind: .structure([]), origin: .declared, file: path, location: location(pair.key))
        if !Lexical.isUpperCamelCase(name) {
            reader.diagnostics.error(
                "model name '\(name)' must be UpperCamelCase\(suggestion(SwiftNaming.upperCamel(name), for: name))",
                at: location(pair.key))
        }
        func what() -> String { "model '\(name)'" }
        guard let mapping = reader.keyed(pair.value, in: what(), allowed: Self.modelKeys) else { return model }
        model.summary = mapping["summary"].flatMap { reader.docText($0.value, for: "'summary'") }
        // Exactly one of the three kinds (no array built on this path, which every model takes).
        let fields = mapping["fields"], cases = mapping["enum"], oneOf = mapping["oneOf"]
        if (fields != nil ? 1 : 0) + (cases != nil ? 1 : 0) + (oneOf != nil ? 1 : 0) > 1 {
            let kinds = [fields, cases, oneOf].compactMap { $0 }
            let names = kinds.map { "'\($0.key)'" }
            reader.diagnostics.error(
                "\(what()) can have only one of 'fields', 'enum' and 'oneOf', found \(names.joined(separator: " and "))",
                at: location(kinds[1].keyNode))
        } else if let fields {
            model.kind = .structure(decodeFields(fields.value, owner: .model(name)))
        } else if let cases {
            model.kind = .enumeration(decodeEnum(cases.value, model: name))
        } else if let oneOf {
            if let decoded = decodeOneOf(oneOf.value, model: name) { model.kind = decoded }
        } else if mapping.suggested.isEmpty {
            reader.diagnostics.error("\(what()) needs 'fields', 'enum' or 'oneOf'", at: location(pair.key))
        }
        return model
    }

    /// `oneOf: { discriminator: type, cases: { post: Post, notice: Notice } }`, or without a
    /// discriminator, `oneOf: { cases: [String, "[ContentPart]"] }` (a list of types).
    private mutating func decodeOneOf(_ node: YAMLNode, model: String) -> ModelSyntax.Kind? {
        func what() -> String { "'oneOf' of model '\(model)'" }
        guard let mapping = reader.keyed(node, in: what(), allowed: Self.oneOfKeys) else { return nil }
        if let cases = mapping["cases"], let items = cases.value.sequence {
            return decodeUnion(mapping, cases: items, at: cases.value, of: what())
        }
        var discriminator: String?
        if let entry = mapping["discriminator"] {
            if let key = reader.text(entry.value, for: "'discriminator' of \(what())") {
                if key.isEmpty {
                    reader.diagnostics.error("the discriminator of \(what()) cannot be empty", at: location(entry.value))
                } else {
                    discriminator = key
                }
            }
        } else if mapping.isMissing("discriminator") {
            reader.diagnostics.error(
                "missing key 'discriminator' in \(what()): the wire key that names the case (e.g. 'type')",
                at: mapping.location)
        }
        var valueType = EnumModel.RawType.string
        if let entry = mapping["type"], let type = rawType(entry, is: "the type of the discriminator values", of: what()) {
            valueType = type
        }
        let isInt = valueType == .int
        guard let casesEntry = mapping["cases"] else {
            if mapping.isMissing("cases") {
                reader.diagnostics.error(
                    "missing key 'cases' in \(what()): '{ value: Model, … }', or a list of types without a discriminator",
                    at: mapping.location)
            }
            return nil
        }
        guard let pairs = reader.pairs(casesEntry.value, for: "'cases' of \(what())") else { return nil }
        if pairs.isEmpty {
            reader.diagnostics.error("\(what()) has no cases", at: location(casesEntry.value))
        }
        var variants: [OneOfModel.Variant] = []
        var seenNames: [String: (value: String, location: SourceLocation)] = [:]
        var seenValues: [String: SourceLocation] = [:]
        for pair in pairs {
            var value = reader.keyText(pair.key)
            if isInt {
                guard let scalar = pair.key.scalar, scalar.style == .plain, Lexical.isInteger(value),
                      let number = Int64(value) else {
                    reader.diagnostics.error(
                        "case '\(value)' of \(what()) must be an integer, as its discriminator's type is Int",
                        at: location(pair.key))
                    continue
                }
                // `-0` and `0` are one value on the wire (YAML's duplicate-key check sees two).
                value = String(number)
                if let first = seenValues[value] {
                    reader.diagnostics.error(
                        "case '\(value)' appears twice in \(what())", at: location(pair.key),
                        notes: [.note("first given here", at: first)])
                    continue
                }
                seenValues[value] = location(pair.key)
            }
            guard let (modelNode, override, caseLocation) = decodeOneOfCase(pair, value: value, of: what()),
                  let target = reader.text(modelNode, for: "case '\(value)' of \(what())") else { continue }
            let variant = OneOfModel.Variant(
                value: value, model: target, swiftNameOverride: override,
                location: location(pair.key), modelLocation: reader.textLocation(modelNode))
            // The case names the code generator writes.
            let swiftName = OneOfModel.swiftName(of: variant, valueType: valueType)
            if let first = seenNames[swiftName] {
                reader.diagnostics.error(
                    "cases '\(first.value)' and '\(value)' of \(what()) both become the case '\(swiftName)'; "
                        + (override == nil ? "name one with the long form '\(value.isEmpty ? "\"\"" : value): { model: \(target), name: caseName }'" : "give one another 'name'"),
                    at: caseLocation, notes: [.note("'\(first.value)' is here", at: first.location)])
                continue
            }
            seenNames[swiftName] = (value, caseLocation)
            variants.append(variant)
        }
        // Without a discriminator (an error is reported, so the model is damaged and no sample or
        // generated code reads the empty key) the cases are still resolved, so that their own
        // errors show in the same run.
        return .oneOf(OneOfModel(discriminator: discriminator ?? "", valueType: valueType, variants: variants))
    }

    /// `cases: [String, "[ContentPart]", { type: Int, name: count }]`: the types of a `oneOf`
    /// told apart by their JSON shape, tried in order when decoding. A discriminator has nothing
    /// to name here.
    private mutating func decodeUnion(_ mapping: KeyedMapping, cases items: YAMLSequence, at node: YAMLNode, of what: String) -> ModelSyntax.Kind {
        for key in ["discriminator", "type"] {
            if let entry = mapping[key] {
                reader.diagnostics.error(
                    "\(what) lists its cases, so they are told apart by their JSON shape and '\(key)' has nothing to name; give the cases as '{ value: Model, … }' to use a discriminator",
                    at: location(entry.keyNode))
            }
        }
        var cases: [UnionCaseSyntax] = []
        var seenNames: [String: (type: String, location: SourceLocation)] = [:]
        if items.isEmpty {
            reader.diagnostics.error("\(what) has no cases", at: location(node))
        }
        for item in items {
            var typeNode = item
            var given: String?
            // `{ type: T, name: x }`; `{ String: Int }` is a dictionary type.
            if let pairs = item.mapping, !isDictionaryTypeMapping(item), pairs.count != 1 || isLongFormKey(pairs[0].key) {
                guard let entry = reader.keyed(item, in: "a case of \(what)", allowed: Self.unionCaseKeys) else { continue }
                guard let type = entry["type"] else {
                    if entry.isMissing("type") {
                        reader.diagnostics.error("missing key 'type' in a case of \(what)", at: entry.location)
                    }
                    continue
                }
                typeNode = type.value
                if let nameEntry = entry["name"], let name = reader.text(nameEntry.value, for: "'name' of a case of \(what)") {
                    guard Lexical.isIdentifier(name) else {
                        reader.diagnostics.error("case name '\(name)' of \(what) must be a Swift identifier", at: location(nameEntry.value))
                        continue
                    }
                    given = name
                }
            }
            guard let type = typeExpression(typeNode, allowDefault: false).type else { continue }
            if case .optional(_, let at) = type {
                reader.diagnostics.error(
                    "case '\(type.spelling)' of \(what) cannot be optional; make the field that holds the model optional",
                    at: at)
                continue
            }
            let swiftName = given.map(SwiftNaming.legal) ?? UnionCaseSyntax.derivedName(type)
            let caseLocation = location(item)
            if let first = seenNames[swiftName], first.type == type.spelling {
                reader.diagnostics.error(
                    "case '\(type.spelling)' appears twice in \(what)", at: caseLocation,
                    notes: [.note("first given here", at: first.location)])
                continue
            }
            if let first = seenNames[swiftName] {
                reader.diagnostics.error(
                    "cases '\(first.type)' and '\(type.spelling)' of \(what) both become the case '\(swiftName)'; "
                        + (given == nil ? "name one with the long form '{ type: \(type.spelling), name: caseName }'" : "give one another 'name'"),
                    at: caseLocation, notes: [.note("'\(first.type)' is here", at: first.location)])
                continue
            }
            seenNames[swiftName] = (type.spelling, caseLocation)
            cases.append(UnionCaseSyntax(type: type, swiftName: swiftName, location: caseLocation))
        }
        return .union(cases)
    }

    /// A key of a union case's long form, also misspelt (`{ Type: Int }` is reported, not read as a dictionary).
    private func isLongFormKey(_ key: YAMLNode) -> Bool {
        guard let text = key.scalar?.value else { return false }
        return Self.unionCaseKeys.index(of: text.lowercased()) != nil
    }

    /// One case of a `oneOf`: short form `value: Model`, long form
    /// `value: { model: Model, name: caseName }`. The node naming the model, the long form's
    /// case name, and where the case's name comes from (for clashes); nil after an error.
    private mutating func decodeOneOfCase(
        _ pair: YAMLPair, value: String, of what: String
    ) -> (model: YAMLNode, name: String?, location: SourceLocation)? {
        guard case .mapping = pair.value.content else { return (pair.value, nil, location(pair.key)) }
        let theCase = "case '\(value)' of \(what)"
        guard let entry = reader.keyed(pair.value, in: theCase, allowed: Self.oneOfCaseKeys) else { return nil }
        var name: String?
        var caseLocation = location(pair.key)
        if let nameEntry = entry["name"], let given = reader.text(nameEntry.value, for: "'name' of \(theCase)") {
            guard Lexical.isIdentifier(given) else {
                reader.diagnostics.error("case name '\(given)' of \(what) must be a Swift identifier", at: location(nameEntry.value))
                return nil
            }
            guard given != "unknown" else {
                reader.diagnostics.error(
                    "case name 'unknown' of \(what) is the fallback case for values the spec does not list; choose another",
                    at: location(nameEntry.value))
                return nil
            }
            name = given
            caseLocation = location(nameEntry.value)
        }
        guard let model = entry["model"] else {
            if entry.isMissing("model") {
                reader.diagnostics.error("missing key 'model' in \(theCase): the model this case decodes as", at: entry.location)
            }
            return nil
        }
        return (model.value, name, caseLocation)
    }

    /// `type: String` or `type: Int` of an enum or a `oneOf`; `role` and `owner` name it in errors.
    private mutating func rawType(_ entry: KeyedMapping.Entry, is role: StaticString, of owner: String) -> EnumModel.RawType? {
        guard let type = reader.text(entry.value, for: "'type' of \(owner)") else { return nil }
        switch type {
        case "String": return .string
        case "Int": return .int
        default:
            reader.diagnostics.error("\(role) of \(owner) must be String or Int, found '\(type)'", at: location(entry.value))
            return nil
        }
    }

    private mutating func decodeEnum(_ node: YAMLNode, model: String) -> EnumModel {
        var result = EnumModel(rawType: .string, cases: [])
        func what() -> String { "enum '\(model)'" }
        var valuesNode: YAMLNode?
        switch node.content {
        case .sequence:
            valuesNode = node
        case .mapping:
            guard let mapping = reader.keyed(node, in: what(), allowed: Self.enumKeys) else { return result }
            if let entry = mapping["type"], let type = rawType(entry, is: "the raw type", of: what()) {
                result.rawType = type
            }
            guard let values = mapping["values"] else {
                guard mapping.isMissing("values") else { return result }
                reader.diagnostics.error("missing key 'values' in \(what())", at: mapping.location)
                return result
            }
            valuesNode = values.value
        case .scalar:
            reader.diagnostics.error(
                "expected a list of values for \(what()), found \(NodeReader.describe(node))", at: location(node))
            return result
        }
        guard let valuesNode else { return result }

        // (name given, wire value node)
        var entries: [(name: YAMLNode?, value: YAMLNode)] = []
        switch valuesNode.content {
        case .sequence(let items):
            entries = items.map { (nil, $0) }
        case .mapping(let pairs):
            entries = pairs.map { ($0.key, $0.value) }
        case .scalar:
            reader.diagnostics.error(
                "expected a list or a mapping of values for \(what()), found \(NodeReader.describe(valuesNode))",
                at: location(valuesNode))
            return result
        }
        if entries.isEmpty {
            reader.diagnostics.error("\(what()) has no values", at: location(valuesNode))
        }
        var seenValues: [String: SourceLocation] = [:]
        var seenNames: [String: (value: String, location: SourceLocation)] = [:]
        for entry in entries {
            guard let scalar = entry.value.scalar else {
                reader.diagnostics.error(
                    "values of \(what()) must be scalars, found \(entry.value.kindDescription)", at: location(entry.value))
                continue
            }
            let value = scalar.value
            let valueLocation = location(entry.value)
            if result.rawType == .int {
                guard scalar.style == .plain, Lexical.isInteger(value), Lexical.integerFits(value, bits: 64) else {
                    reader.diagnostics.error("value '\(value)' of \(what()) must be an integer", at: valueLocation)
                    continue
                }
            }
            if let first = seenValues[value] {
                reader.diagnostics.error(
                    "value '\(value)' appears twice in \(what())", at: valueLocation,
                    notes: [.note("first given here", at: first)])
                continue
            }
            seenValues[value] = valueLocation
            var override: String?
            if let nameNode = entry.name {
                let name = reader.keyText(nameNode)
                guard Lexical.isIdentifier(name) else {
                    reader.diagnostics.error(
                        "case name '\(name)' of \(what()) must be a Swift identifier", at: location(nameNode))
                    continue
                }
                override = name
            }
            let caseLocation = entry.name.map(location) ?? valueLocation
            let camel = result.rawType == .int ? value : SwiftNaming.lowerCamel(value)
            if override == nil, camel.isEmpty {
                reader.diagnostics.error(
                    "value '\(value)' of \(what()) has no letters or digits to make a case name; name it with the long form 'values: { name: value }'",
                    at: valueLocation)
                continue
            }
            // The same names the code generator writes, so every clash is reported here.
            let swiftName = override.map(SwiftNaming.legal)
                ?? (result.rawType == .int ? SwiftNaming.caseName(forInteger: value) : SwiftNaming.legal(camel))
            if swiftName == "unknown" {
                reader.diagnostics.error(
                    "case 'unknown' of \(what()) clashes with the fallback case for unknown values; name it with the long form 'values: { name: value }'",
                    at: caseLocation)
                continue
            }
            if let first = seenNames[swiftName] {
                reader.diagnostics.error(
                    "values '\(first.value)' and '\(value)' of \(what()) both become the case '\(swiftName)'; name them with the long form 'values: { name: value }'",
                    at: caseLocation, notes: [.note("'\(first.value)' is here", at: first.location)])
                continue
            }
            seenNames[swiftName] = (value, caseLocation)
            result.cases.append(EnumModel.Case(swiftNameOverride: override, value: value, location: caseLocation))
        }
        return result
    }
}

/// Whose fields are being read; turned into text only for messages.
enum FieldOwner {
    case none
    case model(String)
    case multipart(endpoint: String)

    var description: String? {
        switch self {
        case .none: return nil
        case .model(let name): return "model '\(name)'"
        case .multipart(let endpoint): return "the multipart body of endpoint '\(endpoint)'"
        }
    }
}
