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
    mutating func queryStyle(_ node: YAMLNode, for what: String) -> QueryStyle? {
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
}
