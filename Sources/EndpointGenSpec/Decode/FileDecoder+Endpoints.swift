import EndpointGenSupport
import EndpointGenYAML

// Endpoints: method and path, query and header parameters, pagination.
extension FileDecoder {
    // MARK: - Endpoints

    mutating func decodeEndpoint(_ pair: YAMLPair) -> EndpointSyntax {
        let name = reader.keyText(pair.key)
        let keyLocation = location(pair.key)
        if !Lexical.isLowerCamelCase(name) {
            reader.diagnostics.error(
                "endpoint name '\(name)' must be lowerCamelCase\(suggestion(SwiftNaming.lowerCamel(name), for: name))",
                at: keyLocation)
        }
        var endpoint = EndpointSyntax(
            name: name, location: keyLocation, method: .get, path: PathTemplate([]),
            summary: nil, description: nil, deprecation: nil, auth: nil, pathParameters: [], query: [],
            headers: [], headerParameters: [], body: nil, bodyLocation: nil, response: .empty,
            envelopeFlag: nil, envelopeFlagLocation: nil, sample: nil,
            sampleKeyLocation: nil, timeout: nil)
        let what = "endpoint '\(name)'"
        guard let mapping = reader.keyed(pair.value, in: what, allowed: Self.endpointKeys) else { return endpoint }

        decodeMethod(mapping, into: &endpoint, what: what)
        let (placeholders, pathIsValid) = decodePath(mapping, into: &endpoint, what: what)
        endpoint.summary = mapping["summary"].flatMap { reader.docText($0.value, for: "'summary'") }
        endpoint.description = mapping["description"].flatMap { reader.docText($0.value, for: "'description'") }
        endpoint.deprecation = mapping["deprecated"].flatMap { reader.deprecation($0.value, for: "'deprecated'") }
        if let entry = mapping["auth"] {
            endpoint.auth = decodeAuth(entry.value)
        }

        endpoint.pathParameters = decodePathParameters(
            mapping, placeholders: placeholders, pathIsValid: pathIsValid, path: endpoint.path)
        decodeQueryAndHeaders(mapping, into: &endpoint)
        decodePayload(mapping, into: &endpoint, what: what)
        decodeTransport(mapping, into: &endpoint, what: what)
        return endpoint
    }

    /// `method`: a case-sensitive HTTP token; a near miss of a standard method is an error or a warning.
    private mutating func decodeMethod(_ mapping: KeyedMapping, into endpoint: inout EndpointSyntax, what: String) {
        if let entry = mapping["method"] {
            if let text = reader.text(entry.value, for: "'method'") {
                let standard = SpecHTTPMethod.standard.map(\.rawValue)
                if let upper = standard.first(where: { $0 != text && $0 == Lexical.asciiUppercased(text) }) {
                    // Methods are case-sensitive: `get` would be sent as a method of its own.
                    reader.diagnostics.error("unknown HTTP method '\(text)'; did you mean '\(upper)'?", at: location(entry.value))
                } else if !Lexical.isToken(text) {
                    reader.diagnostics.error(
                        "HTTP method '\(text)' is not a token (letters, digits and !#$%&'*+-.^_`|~); expected GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, TRACE or another method name",
                        at: location(entry.value))
                } else {
                    endpoint.method = SpecHTTPMethod(rawValue: text)
                    if !standard.contains(text), let near = DidYouMean.suggestion(for: text, among: standard) {
                        reader.diagnostics.warning(
                            "'\(text)' is not a standard HTTP method; it is sent as written (did you mean '\(near)'?)",
                            at: location(entry.value))
                    }
                }
            }
        } else if mapping.isMissing("method") {
            reader.diagnostics.error("missing key 'method' in \(what)", at: endpoint.location)
        }

    }

    /// `path`: the template and its placeholders; `pathIsValid` says whether `params` can be checked against it.
    private mutating func decodePath(
        _ mapping: KeyedMapping, into endpoint: inout EndpointSyntax, what: String
    ) -> (placeholders: [(name: String, location: SourceLocation)], pathIsValid: Bool) {
        var placeholders: [(name: String, location: SourceLocation)] = []
        // Whether `params` can be checked against the path (not after a path error).
        var pathIsValid = false
        if let entry = mapping["path"] {
            if let text = reader.text(entry.value, for: "'path'"),
               let parsed = PathTemplate.parse(text, at: reader.textLocation(entry.value), into: &reader.diagnostics) {
                endpoint.path = parsed.template
                placeholders = parsed.parameters
                pathIsValid = true
            }
        } else if mapping.isMissing("path") {
            reader.diagnostics.error("missing key 'path' in \(what)", at: endpoint.location)
        }

        return (placeholders, pathIsValid)
    }

    /// Path parameters: one per placeholder, in path order, typed by `params`; mismatches reported.
    private mutating func decodePathParameters(
        _ mapping: KeyedMapping, placeholders: [(name: String, location: SourceLocation)],
        pathIsValid: Bool, path: PathTemplate
    ) -> [FieldSyntax] {
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
                    "path parameter '\(field.wireName)' does not appear in path '\(path.text)'"
                    + (placeholders.isEmpty
                        ? "; write it as {\(field.wireName)}"
                        : DidYouMean.hint(for: field.wireName, among: placeholders.map(\.name)))
                reader.diagnostics.error(message, at: field.location)
            }
        }
        return placeholders.map { placeholder in
            params[placeholder.name]
                ?? FieldSyntax(
                    wireName: placeholder.name, type: .name("String", placeholder.location),
                    location: placeholder.location)
        }

    }

    /// `query` (with per-parameter styles), `headers` and `headerParams` (with credential flags).
    private mutating func decodeQueryAndHeaders(_ mapping: KeyedMapping, into endpoint: inout EndpointSyntax) {
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
    }

    /// `typePrefix`: an UpperCamelCase identifier.
    private mutating func decodeTypePrefix(_ mapping: KeyedMapping, what: String) -> String? {
        guard let entry = mapping["typePrefix"], let text = reader.text(entry.value, for: "'typePrefix'") else { return nil }
        guard Lexical.isUpperCamelCase(text) else {
            reader.diagnostics.error(
                "'typePrefix' of \(what) must be an UpperCamelCase name\(suggestion(SwiftNaming.upperCamel(text), for: text))",
                at: location(entry.value))
            return nil
        }
        return text
    }

    /// `body`, `response`/`responses` (not both), `envelope` and `sample`; the types made from
    /// them named after `typePrefix`, else the endpoint.
    private mutating func decodePayload(_ mapping: KeyedMapping, into endpoint: inout EndpointSyntax, what: String) {
        let name = endpoint.name
        endpoint.typePrefix = decodeTypePrefix(mapping, what: what)
        let types = InlineTypes(endpoint: name, prefix: endpoint.typePrefix)
        let (modelsBefore, errorsBefore) = (inlineModels.count, reader.diagnostics.errorCount)
        if let entry = mapping["body"] {
            endpoint.body = decodeBody(entry.value, types)
            endpoint.bodyLocation = location(entry.keyNode)
        }
        if let entry = mapping["response"] {
            endpoint.response = decodeResponse(entry.value, types)
            endpoint.responseWritten = true
        }
        if let entry = mapping["responses"] {
            endpoint.responsesLocation = location(entry.keyNode)
            if let response = mapping["response"] {
                reader.diagnostics.error(
                    "\(what) has both 'response' and 'responses'; keep 'responses' and list the status of 'response' in it",
                    at: location(response.keyNode))
            }
            endpoint.responses = decodeResponses(entry.value, types)
            endpoint.responsesTypeName = types.name("Response")
        }
        if let entry = mapping["envelope"] {
            endpoint.envelopeFlag = reader.bool(entry.value, for: "'envelope' of \(what)")
            endpoint.envelopeFlagLocation = location(entry.value)
        }
        if let entry = mapping["sample"] {
            endpoint.sample = entry.value
            endpoint.sampleKeyLocation = location(entry.keyNode)
        }
        // A prefix that names nothing was meant to rename something; unless the body or the
        // responses are damaged (what they would make unknown).
        if endpoint.typePrefix != nil, let entry = mapping["typePrefix"], reader.diagnostics.errorCount == errorsBefore,
           !Self.makesTypes(endpoint, inlineModels: inlineModels.count - modelsBefore) {
            reader.diagnostics.warning(
                "'typePrefix' has no effect: endpoint '\(name)' declares no inline type (a body or response of fields, a multipart body, or 'responses')",
                at: location(entry.value))
        }
    }

    /// Whether the generator names types after the endpoint (so after its `typePrefix`): inline
    /// models of its body or responses, a multipart struct, the enum of its responses per status.
    private static func makesTypes(_ endpoint: EndpointSyntax, inlineModels: Int) -> Bool {
        if inlineModels > 0 || endpoint.responses != nil { return true }
        if case .multipart? = endpoint.body { return true }
        return false
    }

    /// `redirects`, `paginate` (a scheme, or the service's) and `timeout`.
    private mutating func decodeTransport(_ mapping: KeyedMapping, into endpoint: inout EndpointSyntax, what: String) {
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
                if reader.bool(entry.value, for: "'paginate' of \(what) (a scheme, or true for the service's)") == true {
                    endpoint.usesServicePagination = location(entry.value)
                }
            } else {
                endpoint.pagination = decodePagination(entry, for: "'paginate' of \(what)")
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
    }

    /// A `paginate:` mapping: exactly one scheme key, and only the keys of that scheme.
    mutating func decodePagination(_ entry: KeyedMapping.Entry, for what: String) -> PaginationSyntax? {
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
        let schemeKeys = ["page", "offset", "cursor", "lastItem", "link"].filter { mapping[$0] != nil }
        guard let schemeKey = schemeKeys.first else {
            reader.diagnostics.error(
                "\(what) needs a scheme: 'page', 'offset', 'cursor', 'lastItem' or 'link'", at: location(entry.keyNode))
            return nil
        }
        if schemeKeys.count > 1, let second = mapping[schemeKeys[1]] {
            reader.diagnostics.error(
                "\(what) has two schemes, '\(schemeKey)' and '\(schemeKeys[1])'; give one", at: location(second.keyNode))
            return nil
        }
        // The keys each scheme reads besides its own and `items`.
        let schemeOptions: [String: [String]] = [
            "page": ["size", "totalPages", "hasMore"], "offset": ["limit", "total", "hasMore"], "cursor": ["param", "hasMore"],
            "lastItem": ["param", "hasMore"], "link": [],
        ]
        var valid = true
        for other in mapping.entries where !["page", "offset", "cursor", "lastItem", "link", "items"].contains(other.key) {
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
        case "cursor", "lastItem":
            guard let cursor = name(schemeKey) else { return nil }
            guard let parameter = name("param") else {
                if mapping.isMissing("param") {
                    reader.diagnostics.error(
                        "missing key 'param' in \(what): the query parameter the cursor is sent back in",
                        at: location(entry.keyNode))
                }
                return nil
            }
            scheme = schemeKey == "cursor" ? .cursor(cursor, parameter: parameter) : .lastItem(cursor, parameter: parameter)
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
    mutating func queryStyle(_ node: YAMLNode, for what: String) -> QueryStyle? {
        if let text = node.scalar?.value, let style = QueryStyle(rawValue: text) { return style }
        let names = QueryStyle.allCases.map(\.rawValue)
        reader.diagnostics.error(
            "\(what) must be one of \(names.joined(separator: ", ")), found \(NodeReader.describe(node))"
                + (node.scalar.map { DidYouMean.hint(for: $0.value, among: names) } ?? ""),
            at: location(node))
        return nil
    }
}
