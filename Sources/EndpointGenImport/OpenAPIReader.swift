import EndpointGenSpec
import EndpointGenSupport
import EndpointGenYAML

/// Reads the part of an OpenAPI 3.0 / 3.1 document (YAML or JSON) the importer turns into specs.
/// What it cannot carry over is a warning at the node that holds it; a document that is not
/// OpenAPI 3 at all is an error.
struct OpenAPIReader {
    /// The document's files and what its references name.
    let references: References
    private(set) var diagnostics = DiagnosticBag()

    init(references: References) {
        self.references = references
    }

    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    mutating func read(_ node: YAMLNode) -> OpenAPIDocument? {
        guard node.mapping != nil else {
            diagnostics.error("an OpenAPI document is a mapping, found \(node.kindDescription)", at: location(node))
            return nil
        }
        if let swagger = node["swagger"] {
            diagnostics.error(
                "this is a Swagger \(swagger.text ?? "2") document; only OpenAPI 3.0 and 3.1 are read (convert it first, e.g. with swagger2openapi)",
                at: location(swagger))
            return nil
        }
        guard let versionNode = node["openapi"], let version = versionNode.text else {
            diagnostics.error("not an OpenAPI document: the top-level key 'openapi' is missing", at: location(node))
            return nil
        }
        guard version.hasPrefix("3.") else {
            diagnostics.error("OpenAPI \(version) is not supported; only 3.0 and 3.1 are read", at: location(versionNode))
            return nil
        }
        var document = OpenAPIDocument()
        document.title = node["info"]?["title"]?.text
        document.version = node["info"]?["version"]?.text
        for server in node["servers"]?.elements ?? [] {
            if let url = serverURL(server) {
                document.servers.append((url, server["description"]?.text.map(HTMLToMarkdown.convert)))
            } else if let url = server["url"] {
                diagnostics.warning(.servers, "server URL '\(url.text ?? "")' is not an absolute http or https URL; pass the base URL when creating the service", at: location(url))
            }
        }
        for tag in node["tags"]?.elements ?? [] {
            guard let name = tag["name"]?.text else { continue }
            document.tagDescriptions.append((name, tag["description"]?.text.map(HTMLToMarkdown.convert) ?? ""))
            if let settings = serviceSettings(tag) { document.tagSettings.append((name, settings)) }
        }
        for pair in node["components"]?["securitySchemes"]?.mapping ?? YAMLMapping() {
            guard let name = pair.key.text, let scheme = securityScheme(name, pair.value) else { continue }
            document.securitySchemes.append((name, scheme))
        }
        document.security = node["security"].flatMap(securityChoice)
        for component in references.registerComponents() {
            document.schemas.append(NamedSchema(name: component.name, schema: schema(component.node)))
        }
        if let paths = node["paths"]?.mapping {
            for pair in paths {
                guard let path = pair.key.text else { continue }
                if let problem = Self.pathProblem(path) {
                    diagnostics.warning(.skippedPaths, "path '\(path)' is skipped: \(problem)", at: location(pair.key))
                    continue
                }
                readPathItem(path, pair.value, into: &document)
            }
        } else if node["paths"] == nil, node["webhooks"] == nil {
            diagnostics.warning(.skippedPaths, "the document has no 'paths': no endpoints are imported", at: location(node))
        }
        // Schemas of other files (or other places) that references named, as components of
        // their own; reading one may name more.
        var next = 0
        while next < references.added.count {
            let (name, schemaNode) = references.added[next]
            document.schemas.append(NamedSchema(name: name, schema: schema(schemaNode)))
            next += 1
        }
        return document
    }

    // MARK: - Paths and operations

    /// Why a path template cannot be a spec's path, or nil.
    static func pathProblem(_ path: String) -> String? {
        guard path.hasPrefix("/") else { return "it does not start with '/'" }
        // Other characters ('?', '#', spaces, non-ASCII) are sent percent-encoded (`SpecBuilder`).
        var names: Set<String> = []
        var rest = Substring(path)
        while let index = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
            guard rest[index] == "{" else { return "a '}' closes no '{'" }
            let after = rest[rest.index(after: index)...]
            guard let close = after.firstIndex(where: { $0 == "}" || $0 == "{" || $0 == "/" }), after[close] == "}" else {
                return "a '{' is not closed"
            }
            let name = String(after[..<close])
            guard !name.isEmpty else { return "a placeholder is empty" }
            guard names.insert(name).inserted else { return "placeholder '{\(name)}' appears twice" }
            rest = after[after.index(after: close)...]
        }
        return nil
    }

    private mutating func readPathItem(_ path: String, _ written: YAMLNode, into document: inout OpenAPIDocument) {
        guard let node = follow(written, what: "path '\(path)'"), let item = node.mapping else {
            if written.mapping == nil { diagnostics.warning(.skippedPaths, "path '\(path)' is not a mapping; skipped", at: location(written)) }
            return
        }
        let shared = parameters(node["parameters"])
        for pair in item {
            guard let key = pair.key.text else { continue }
            if key == "additionalOperations" || key == OpenAPIExtension.additionalOperations {
                // OpenAPI 3.2 (and export-openapi for 3.1): methods without a field, as sent.
                for extra in pair.value.mapping ?? YAMLMapping() {
                    guard let method = extra.key.text else { continue }
                    guard SpecRules.isHeaderName(method) else {
                        diagnostics.warning(.skippedOperations, "'\(method)' is not an HTTP method token; its operation is skipped", at: location(extra.key))
                        continue
                    }
                    document.operations.append(operation(method, path, extra.value, shared: shared))
                }
                continue
            }
            guard Self.methods.contains(key) else { continue }
            // DigitalOcean's layout: `get: { $ref: 'resources/droplets/droplets_get.yml' }`.
            guard let operationNode = follow(pair.value, what: "\(key.uppercased()) '\(path)'") else { continue }
            document.operations.append(operation(key.uppercased(), path, operationNode, shared: shared))
        }
    }

    private mutating func operation(_ method: String, _ path: String, _ node: YAMLNode, shared: [Parameter]) -> Operation {
        var parameters = shared
        for parameter in self.parameters(node["parameters"]) {
            // An operation's parameter replaces the path item's of the same name and place.
            if let index = parameters.firstIndex(where: { $0.name == parameter.name && $0.place == parameter.place }) {
                parameters[index] = parameter
            } else {
                parameters.append(parameter)
            }
        }
        // Each numbered response's schema is read once, here; the single response and the error
        // schema take theirs from this list (reading twice would repeat a schema's warnings).
        let statuses = statusResponses(node["responses"])
        let (response, responseLocation) = self.response(node["responses"], operation: node, statuses: statuses)
        var operation = Operation(
            method: method, path: path,
            operationId: node["operationId"]?.text,
            summary: node["summary"]?.text.map(Self.oneLine),
            description: node["description"]?.text.map(HTMLToMarkdown.convert),
            tag: node["tags"]?.sequence?.first?.text,
            deprecated: node["deprecated"]?.text == "true",
            parameters: parameters,
            body: requestBody(node["requestBody"]),
            response: response, responseLocation: responseLocation,
            errorSchema: errorSchema(node["responses"], statuses: statuses),
            security: node["security"].flatMap(securityChoice),
            location: location(node))
        readExtensions(node, into: &operation)
        for server in node["servers"]?.elements ?? [] {
            if let url = serverURL(server) { operation.servers.append((url, server["description"]?.text.map(HTMLToMarkdown.convert))) }
        }
        operation.statusResponses = statuses
        return operation
    }

    /// The responses of numbered statuses from 200 to 599, in document order.
    private mutating func statusResponses(_ node: YAMLNode?) -> [StatusResponse] {
        guard let responses = node?.mapping else { return [] }
        var result: [StatusResponse] = []
        for pair in responses {
            guard let text = pair.key.text, text.utf8.count == 3, let code = Int(text), (200..<600).contains(code),
                  let resolved = follow(pair.value, what: "response '\(text)'")
            else { continue }
            let json = resolved["content"]?.mapping?.first { $0.key.text.map { Self.isJSON($0.lowercased()) } ?? false }
            result.append(StatusResponse(code: code, content: content(of: resolved, code: code, at: location(pair.key)),
                                         hasSchema: json?.value["schema"] != nil, location: location(pair.key)))
        }
        return result
    }

    // MARK: - endpointgen's extensions

    /// The service settings `export-openapi` wrote on a tag, or nil when it wrote none.
    private func serviceSettings(_ tag: YAMLNode) -> ServiceSettings? {
        var settings = ServiceSettings()
        var found = false
        // Only what the spec loader accepts is taken: an import never writes a spec that fails.
        if let node = tag[OpenAPIExtension.envelope], let payload = node["payload"]?.text, !payload.isEmpty {
            let envelope = ImportedEnvelope(payload: payload, success: node["success"]?.text, code: node["code"]?.text, message: node["message"]?.text)
            let keys = [envelope.payload, envelope.success, envelope.code, envelope.message].compactMap { $0 }
            if !keys.contains(""), Set(keys).count == keys.count {
                settings.envelope = envelope
                found = true
            }
        }
        if let node = tag[OpenAPIExtension.errorBody], node.mapping != nil {
            settings.errorBody = ImportedErrorBody(message: node["message"]?.text, code: node["code"]?.text, model: node["model"]?.text)
            found = true
        }
        if let headers = tag[OpenAPIExtension.headers] {
            settings.headers = Self.constantHeaders(headers)
            found = true
        }
        if let node = tag[OpenAPIExtension.cookieSession], node.mapping != nil {
            settings.hasCookieSession = true
            settings.cookieRefresh = node["refresh"]?.text
            if let csrf = node["csrf"], let cookie = csrf["cookie"]?.text, let header = csrf["header"]?.text,
               SpecRules.isHeaderName(cookie), SpecRules.isHeaderName(header) {
                settings.csrf = (cookie, header)
            }
            found = true
        }
        return found ? settings : nil
    }

    /// Name → value pairs whose name is a header name (once, compared without case) and whose
    /// value has no line break; the rest is left out (the spec loader would refuse it).
    /// `Content-Type` too: the request body's media type carries it.
    private static func constantHeaders(_ node: YAMLNode) -> [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        for pair in node.mapping ?? YAMLMapping() {
            guard let name = pair.key.text, SpecRules.isHeaderName(name), name.lowercased() != "content-type",
                  !result.contains(where: { $0.name.lowercased() == name.lowercased() }), let value = pair.value.text,
                  !value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) else { continue }
            result.append((name, value))
        }
        return result
    }

    private func readExtensions(_ node: YAMLNode, into operation: inout Operation) {
        if let timeout = node[OpenAPIExtension.timeout]?.text, YAMLText.literal(timeout) == timeout,
           let seconds = Double(timeout), seconds > 0, seconds.isFinite {
            operation.timeout = timeout
        }
        operation.noRedirects = node[OpenAPIExtension.redirects]?.text == "none"
        operation.listsEveryStatus = node[OpenAPIExtension.responses]?.text == "per-status"
        // Known keys with plain names or dotted paths (`link: true`); anything else is left out,
        // and the spec stages check what remains against the endpoint's parameters and response.
        for pair in node[OpenAPIExtension.paginate]?.mapping ?? YAMLMapping() {
            guard let key = pair.key.text, Pagination.specKeys.contains(key), let value = pair.value.text,
                  key == "link" ? value == "true" : Self.isPaginatePath(value),
                  !operation.paginate.contains(where: { $0.key == key }) else { continue }
            operation.paginate.append((key, value))
        }
        operation.deprecationMessage = node[OpenAPIExtension.deprecation]?.text.flatMap { $0.isEmpty ? nil : $0 }
        if let headers = node[OpenAPIExtension.headers] { operation.constantHeaders = Self.constantHeaders(headers) }
        for pair in node["responses"]?.mapping ?? YAMLMapping() {
            switch pair.value[OpenAPIExtension.response]?.text {
            case "envelope": operation.envelopeResponse = true
            case "file": operation.fileResponse = true
            default: break
            }
        }
    }

    /// A wire name or dotted path of them, as `paginate:` takes: no empty part, no spaces or line breaks.
    static func isPaginatePath(_ text: String) -> Bool {
        !text.isEmpty && text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
            !part.isEmpty && !part.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 }
        }
    }

    private mutating func parameters(_ node: YAMLNode?) -> [Parameter] {
        guard let list = node?.sequence else { return [] }
        var result: [Parameter] = []
        for entry in list {
            guard let resolved = follow(entry, what: "the parameter") else { continue }
            guard let name = resolved["name"]?.text, let placeText = resolved["in"]?.text else {
                diagnostics.warning(.skippedParameters, "a parameter needs 'name' and 'in'; skipped", at: location(entry))
                continue
            }
            guard let place = ParameterPlace(rawValue: placeText) else {
                diagnostics.warning(.skippedParameters, "parameter '\(name)' is 'in: \(placeText)', which is not a parameter place; skipped", at: location(entry))
                continue
            }
            if place == .header, !SpecRules.isHeaderName(name) {
                diagnostics.warning(.skippedParameters, "header parameter '\(name)' is not a valid header name; skipped", at: location(entry))
                continue
            }
            if let index = result.firstIndex(where: { $0.name == name && $0.place == place }) {
                diagnostics.warning(.skippedParameters, "\(place.rawValue) parameter '\(name)' is listed twice; the later one is used", at: location(entry))
                result.remove(at: index)
            }
            var schemaNode = resolved["schema"]
            if schemaNode == nil, let content = resolved["content"]?.mapping?.first {
                schemaNode = content.value["schema"]
            }
            result.append(Parameter(
                name: name, place: place,
                required: place == .path || resolved["required"]?.text == "true",
                schema: schemaNode.map { schema($0) },
                summary: resolved["description"]?.text.map(Self.oneLine),
                deprecated: resolved["deprecated"]?.text == "true",
                location: location(entry),
                style: resolved["style"]?.text,
                explode: resolved["explode"]?.text.map { $0 == "true" },
                specStyle: resolved[OpenAPIExtension.style]?.text,
                credential: resolved[OpenAPIExtension.credential]?.text == "true",
                allowReserved: resolved["allowReserved"]?.text == "true" || resolved[OpenAPIExtension.segments]?.text == "true"))
        }
        return result
    }

    private mutating func requestBody(_ node: YAMLNode?) -> RequestBody? {
        guard let node, let resolved = follow(node, what: "the request body") else { return nil }
        guard let content = resolved["content"]?.mapping, !content.isEmpty else { return nil }
        let types = content.compactMap { pair in pair.key.text.map { ($0.lowercased(), pair.value) } }
        func schemaOf(_ value: YAMLNode) -> Schema {
            value["schema"].map { schema($0) } ?? Schema(kind: .any, location: location(value))
        }
        if let json = types.first(where: { Self.isJSON($0.0) }) {
            let mediaType = String(json.0.split(separator: ";").first ?? "")
            return RequestBody(content: .json(schemaOf(json.1), mediaType: mediaType), location: location(node))
        }
        if let form = types.first(where: { $0.0 == "application/x-www-form-urlencoded" }) {
            var body = RequestBody(content: .form(schemaOf(form.1)), location: location(node))
            for pair in form.1["encoding"]?.mapping ?? YAMLMapping() {
                guard let name = pair.key.text else { continue }
                body.formEncoding[name] = FormFieldEncoding(
                    style: pair.value["style"]?.text, explode: pair.value["explode"]?.text.map { $0 == "true" }, location: location(pair.key))
            }
            return body
        }
        if let multipart = types.first(where: { $0.0 == "multipart/form-data" }) {
            return RequestBody(content: .multipart(schemaOf(multipart.1)), location: location(node))
        }
        guard let first = types.first else { return nil }
        let mediaType = first.0.contains("*") ? "application/octet-stream" : first.0
        guard SpecRules.isMediaType(mediaType) else {
            diagnostics.warning(.skippedBodies, "'\(first.0)' is not a media type (type/subtype); the request body is skipped", at: location(content[0].key))
            return nil
        }
        let file = node[OpenAPIExtension.body]?.text == "file"
        return RequestBody(content: file ? .file(mediaType) : .raw(mediaType), location: location(node))
    }

    /// The lowest 2xx response (`2XX` after the numbered ones); `default` only when it is the
    /// sole response.
    private mutating func response(_ node: YAMLNode?, operation: YAMLNode, statuses: [StatusResponse]) -> (ResponseContent, SourceLocation) {
        guard let responses = node?.mapping else { return (.empty, location(node ?? operation)) }
        var chosen: YAMLPair?
        var chosenCode = Int.max
        for pair in responses {
            guard let code = pair.key.text else { continue }
            let number = code.uppercased() == "2XX" ? 299 : Int(code) ?? 0
            if (200...299).contains(number), number < chosenCode {
                chosen = pair
                chosenCode = number
            }
        }
        if chosen == nil, responses.count == 1, responses[0].key.text == "default" {
            chosen = responses[0]
        }
        if let chosen, let listed = statuses.first(where: { String($0.code) == chosen.key.text }) {
            return (listed.content, listed.location)
        }
        guard let chosen, let resolved = follow(chosen.value, what: "response '\(chosen.key.text ?? "")'") else {
            return (.empty, location(node!))
        }
        let at = location(chosen.key)
        return (content(of: resolved, code: chosenCode, at: at), at)
    }

    /// What a response's body is read as: JSON (its schema), text, bytes, or nothing.
    private mutating func content(of resolved: YAMLNode, code: Int, at: SourceLocation) -> ResponseContent {
        guard code != 204, code != 304, let content = resolved["content"]?.mapping, !content.isEmpty else { return .empty }
        let types = content.compactMap { pair in pair.key.text.map { ($0.lowercased(), pair.value) } }
        if let json = types.first(where: { Self.isJSON($0.0) }) {
            return .json(json.1["schema"].map { schema($0) } ?? Schema(kind: .any, location: at))
        }
        // Streams whose schema is one value (each event's data, each line), as export-openapi writes them.
        if let stream = types.first(where: { $0.0 == "text/event-stream" || $0.0 == "application/jsonl" }), let node = stream.1["schema"] {
            return .stream(events: stream.0 == "text/event-stream", schema(node))
        }
        if types.contains(where: { $0.0.hasPrefix("text/") }) {
            return .text
        }
        return .bytes
    }

    /// The JSON schema of the first error response, for the service's `errorBody`.
    private mutating func errorSchema(_ node: YAMLNode?, statuses: [StatusResponse]) -> Schema? {
        guard let responses = node?.mapping else { return nil }
        for pair in responses {
            guard let code = pair.key.text?.uppercased(), code == "DEFAULT" || code.hasPrefix("4") || code.hasPrefix("5") else { continue }
            if let listed = statuses.first(where: { String($0.code) == code }) {
                if case .json(let schema) = listed.content, listed.hasSchema { return schema }
                continue
            }
            guard let resolved = follow(pair.value, what: "response '\(pair.key.text ?? "")'") else { continue }
            let json = resolved["content"]?.mapping?.first { $0.key.text.map { Self.isJSON($0.lowercased()) } ?? false }
            if let schemaNode = json?.value["schema"] {
                return schema(schemaNode)
            }
        }
        return nil
    }

    static func isJSON(_ mediaType: String) -> Bool {
        let type = mediaType.split(separator: ";").first.map(String.init) ?? mediaType
        return type == "application/json" || type.hasSuffix("+json") || type == "*/*"
    }

    // MARK: - Schemas

    mutating func schema(_ node: YAMLNode) -> Schema {
        let at = location(node)
        guard node.mapping != nil else {
            // `true` (3.1: any value) or something that is not a schema.
            if node.text != "true" {
                diagnostics.warning(.valuesAsJSON, "expected a schema (a mapping), found \(node.kindDescription); the value is kept as JSON", at: at)
            }
            return Schema(kind: .any, location: at)
        }
        var result = Schema(kind: .any, location: at)
        result.summary = (node["description"]?.text ?? node["title"]?.text).map(Self.oneLine)
        result.deprecated = node["deprecated"]?.text == "true"
        result.nullable = node["nullable"]?.text == "true"
        result.readOnly = node["readOnly"]?.text == "true"
        result.writeOnly = node["writeOnly"]?.text == "true"
        if let value = node["default"], let text = value.text {
            result.defaultValue = text
        }
        if let referenceNode = node["$ref"], let reference = referenceNode.text {
            switch references.schemaName(reference, from: node) {
            case .success(let name):
                result.kind = .reference(name)
            case .failure(let problem):
                diagnostics.warning(.unresolvedReferences, problem.message + "; the value is kept as JSON", at: location(referenceNode), notes: problem.notes)
            }
            return result
        }
        var type = node["type"]?.text
        if let list = node["type"]?.sequence {
            // 3.1: `type: [string, "null"]`.
            let types = list.compactMap(\.text)
            if types.contains("null") { result.nullable = true }
            let others = types.filter { $0 != "null" }
            type = others.count == 1 ? others[0] : nil
        }
        result.integerDiscriminator = node[OpenAPIExtension.discriminatorType]?.text == "integer"
        if let property = node["discriminator"]?["propertyName"]?.text, !property.isEmpty {
            result.discriminator = (property, discriminatorMapping(node["discriminator"]?["mapping"]))
        }
        if let allOf = node["allOf"]?.sequence {
            // `allOf: [{ $ref: X }, { nullable: true }]`: a part of annotations only adds no
            // type; its nullability, description and direction belong to the value, which is X
            // itself rather than a copy of X (GitHub writes 118 of them, and a copy that is not
            // optional throws on null).
            let typed = allOf.filter { !Self.isAnnotationOnly($0) }
            if typed.count < allOf.count, !typed.isEmpty {
                for annotation in allOf where Self.isAnnotationOnly(annotation) {
                    let part = schema(annotation)
                    result.nullable = result.nullable || part.nullable
                    result.readOnly = result.readOnly || part.readOnly
                    result.writeOnly = result.writeOnly || part.writeOnly
                    result.deprecated = result.deprecated || part.deprecated
                    if result.summary == nil { result.summary = part.summary }
                    if result.defaultValue == nil { result.defaultValue = part.defaultValue }
                }
            }
            let parts = (typed.isEmpty ? Array(allOf) : typed).map { schema($0) }
            if parts.count == 1 {
                let part = parts[0]
                result.kind = part.kind
                result.nullable = result.nullable || part.nullable
                if result.summary == nil { result.summary = part.summary }
            } else {
                result.kind = .allOf(parts)
            }
            return result
        }
        for keyword in ["oneOf", "anyOf"] {
            guard let list = node[keyword]?.sequence else { continue }
            // Parts that only narrow the object's own properties (GitHub's check runs: `status:
            // completed` requires `conclusion`): the object is what is sent and read.
            if Self.partsOnlyConstrain(list, of: node) { continue }
            let parts = Self.nonNullParts(list)
            // One part (and perhaps `null`): that part's type.
            if parts.count == 1 {
                let part = schema(parts[0])
                result.kind = part.kind
                result.nullable = result.nullable || part.nullable || parts.count < list.count
                if result.summary == nil { result.summary = part.summary }
                return result
            }
            if let constants = Self.constEnum(parts), enumeration(constants.values, names: constants.names, type: type, into: &result) {
                return result
            }
            if let values = Self.openStringEnum(parts) {
                result.kind = .stringEnum(values)
                return result
            }
            if let name = openEnumReference(parts) {
                result.kind = .reference(name)
                return result
            }
            if let discriminator = result.discriminator, let cases = discriminatedCases(list, mapping: discriminator.mapping) {
                result.kind = .discriminated(property: discriminator.property, cases: cases)
                return result
            }
            if node["discriminator"] == nil, let implied = impliedDiscriminator(list) {
                diagnostics.warning(.impliedDiscriminators, "'\(keyword)' has no discriminator; its cases are told apart by '\(implied.property)', which each declares with \(Set(implied.cases.map(\.schema)).count < implied.cases.count ? "values of its own" : "a single value")", at: at)
                result.kind = .discriminated(property: implied.property, cases: implied.cases)
                return result
            }
            let ordered = unionParts(parts)
            if case .success(let ordered) = ordered {
                result.kind = .union(keyword: keyword, parts: ordered.map { schema($0) })
                if parts.count < list.count { result.nullable = true }
                return result
            }
            // What blocked it: a case that does not say its tag, else the parts decoding cannot
            // tell apart.
            var reason = ""
            if node["discriminator"] == nil, let blocker = impliedDiscriminatorBlocker(list) {
                reason = ": \(blocker)"
            } else if case .failure(let blocker) = ordered {
                reason = ": \(blocker)"
            }
            diagnostics.warning(.unionsAsJSON, "'\(keyword)' has no single Swift type\(reason); the value is kept as JSON (JSONValue)", at: at)
            result.kind = .union(keyword: keyword, parts: [])
            return result
        }
        if let values = node["enum"]?.sequence {
            // Case names some generators' extensions give, one per value (null aside).
            let names = (node["x-enum-varnames"] ?? node["x-enumNames"])?.elements?.compactMap(\.text)
            if enumeration(Array(values), names: names, type: type, into: &result) { return result }
        }
        // 3.1's `const: card` without a `type` is a string (a discriminator's value, mostly);
        // `const: 1` an integer.
        if type == nil, let value = node["const"] {
            if Self.stringText(value, typed: false) != nil {
                result.kind = .string(format: nil)
                return result
            }
            if let scalar = value.scalar, scalar.style == .plain, Int64(scalar.value) != nil {
                result.kind = .integer(format: nil)
                return result
            }
        }
        let format = node["format"]?.text
        switch type {
        case "string": result.kind = .string(format: format)
        case "integer": result.kind = .integer(format: format)
        case "number": result.kind = .number(format: format)
        case "boolean": result.kind = .boolean
        case "array": result.kind = .array(items: node["items"].map { schema($0) })
        case "object", nil:
            if type == nil, node["properties"] == nil, node["additionalProperties"] == nil {
                return result
            }
            var properties: [Property] = []
            for pair in node["properties"]?.mapping ?? YAMLMapping() {
                guard let name = pair.key.text else { continue }
                properties.append(Property(name: name, schema: schema(pair.value)))
            }
            let required = node["required"]?.sequence?.compactMap(\.text) ?? []
            var additional = Schema.Additional.none
            if let extra = node["additionalProperties"] {
                if extra.mapping != nil {
                    additional = extra.mapping!.isEmpty ? .any : .schema(schema(extra))
                } else if extra.text == "true" {
                    additional = .any
                }
            }
            result.kind = .object(properties: properties, required: required, additional: additional)
        default:
            diagnostics.warning(.valuesAsJSON, "schema type '\(type!)' is not a JSON Schema type; the value is kept as JSON", at: at)
        }
        return result
    }

    /// An enum's kind from its values (`null` makes it nullable) and the case names given, one
    /// per value: an integer enum for `type: integer`, or for plain integers without a `type`
    /// (`enum: [1, 2]`; `["1", "2"]` are strings); a string enum otherwise. False when the values
    /// are neither (numbers of another type).
    private func enumeration(_ values: [YAMLNode], names: [String]?, type: String?, into result: inout Schema) -> Bool {
        var texts: [String] = []
        var allPlainIntegers = true
        for value in values {
            if value.isPlainNull { result.nullable = true; continue }
            if let scalar = value.scalar {
                texts.append(scalar.value)
                allPlainIntegers = allPlainIntegers && scalar.style == .plain && Int64(scalar.value) != nil
            }
        }
        if let names, names.count == texts.count { result.enumNames = names }
        if type == "integer" || (type == nil && allPlainIntegers && !texts.isEmpty) {
            if texts.allSatisfy({ Int64($0) != nil }) {
                result.kind = .integerEnum(texts)
                return true
            }
        } else if type == nil || type == "string" {
            result.kind = .stringEnum(texts)
            return true
        }
        return false
    }

    /// The values of a `oneOf` whose every case is a `const` (with an optional `title` and
    /// `description`): how Discord's and other 3.1 documents write a documented enum. The titles
    /// name the cases when every case has a distinct one.
    private static func constEnum(_ parts: [YAMLNode]) -> (values: [YAMLNode], names: [String]?)? {
        var values: [YAMLNode] = []
        var names: [String] = []
        for part in parts {
            guard let value = part["const"], value.scalar != nil, part["$ref"] == nil, part["properties"] == nil else { return nil }
            values.append(value)
            if let title = part["title"]?.text, !title.isEmpty { names.append(title) }
        }
        guard values.count > 1 else { return nil }
        let named = names.count == values.count && Set(names).count == names.count
        return (values, named ? names : nil)
    }

    /// The JSON shape of a schema, as far as telling union parts apart goes.
    private indirect enum Shape: Equatable {
        case integer, number, string, boolean
        case array(Shape)
        /// An object with properties, and the ones every value of it has (`required`).
        case object(needed: Set<String>)
        /// An object of `additionalProperties` alone: a map, which takes any object.
        case map

        /// Parts of one family are values of one JSON kind: decoding can take one for another.
        var family: String {
            switch self {
            case .integer, .number: return "number"
            case .string: return "string"
            case .boolean: return "boolean"
            case .array(let element): return "[\(element.family)]"
            case .object, .map: return "object"
            }
        }

        /// Within a family, the order decoding must try them in, highest first: an integer before
        /// a number, an object that needs more properties before one that needs fewer (a struct
        /// decodes any object that has what it needs), a map last.
        var rank: Int {
            switch self {
            case .integer: return 1
            case .object(let needed): return needed.count
            case .map: return -1
            case .array(let element): return element.rank
            case .number, .string, .boolean: return 0
            }
        }

        /// Whether a value of `later` always decodes as `self` when `self` is tried first.
        func takesEvery(_ later: Shape) -> Bool {
            switch (self, later) {
            case (.array(let a), .array(let b)): return a.takesEvery(b)
            case (.object(let needed), .object(let others)): return needed.isSubset(of: others)
            case (.object(let needed), .map): return needed.isEmpty
            case (.map, .object), (.map, .map): return true
            default: return self == later
            }
        }
    }

    /// The parts of a `oneOf`/`anyOf` in the order decoding tries them, when that order tells
    /// them all apart: parts of different JSON kinds (a string or an array of parts, an integer
    /// or "inf") in the document's order, and within one kind the stricter first (an integer
    /// before a number, objects by how many properties they require, a map last). Nil when an
    /// earlier part would take every value of a later one (two objects that require the same
    /// properties, two that require none) or a part has no shape the importer can tell (a nested
    /// `oneOf`, an `allOf`, no `type`).
    private func unionParts(_ parts: [YAMLNode]) -> Result<[YAMLNode], UnionBlocker> {
        guard parts.count > 1 else { return .failure(UnionBlocker(description: "it has no parts")) }
        var shapes: [Shape] = []
        for (index, part) in parts.enumerated() {
            guard let shape = shape(of: part, depth: 0) else {
                return .failure(UnionBlocker(description: "\(describe(part, index)) has no shape decoding can tell: a nested union, an allOf, no type"))
            }
            shapes.append(shape)
        }
        var ordered = parts
        var seenFamilies: [String] = []
        for family in shapes.map(\.family) where !seenFamilies.contains(family) {
            seenFamilies.append(family)
            // The family's places keep their positions; its parts are sorted into them.
            let places = shapes.indices.filter { shapes[$0].family == family }
            let sorted = places.sorted { shapes[$0].rank > shapes[$1].rank || (shapes[$0].rank == shapes[$1].rank && $0 < $1) }
            for (position, earlier) in sorted.enumerated() {
                for later in sorted[(position + 1)...] where shapes[earlier].takesEvery(shapes[later]) {
                    let (first, second) = (min(earlier, later), max(earlier, later))
                    return .failure(UnionBlocker(description: "\(describe(parts[first], first)) and \(describe(parts[second], second)) cannot be told apart by their JSON"))
                }
            }
            for (place, source) in zip(places, sorted) { ordered[place] = parts[source] }
        }
        // A free-form object becomes `JSON`, which decodes every value: it can only be the last
        // case (GitHub's deployment `payload`: `oneOf: [{ type: object, additionalProperties: true }, { type: string }]`).
        let freeForm = ordered.filter(isFreeFormObject)
        guard freeForm.count <= 1 else { return .failure(UnionBlocker(description: "it has several free-form objects")) }
        return .success(ordered.filter { !isFreeFormObject($0) } + freeForm)
    }

    /// Why a union's parts cannot be told apart, for the warning.
    struct UnionBlocker: Error, CustomStringConvertible {
        var description: String
    }

    /// `case 'Card'` for a reference, `part 2` for an inline schema.
    private func describe(_ part: YAMLNode, _ index: Int) -> String {
        if let reference = part["$ref"]?.text, let name = componentName(reference, from: part) { return "case '\(name)'" }
        return "part \(index + 1)"
    }

    /// For a `oneOf` of component objects that looks tagged (its first case declares a property
    /// with one value) but is not: the case that does not declare that property with a value of
    /// its own.
    private func impliedDiscriminatorBlocker(_ parts: YAMLSequence) -> String? {
        var components: [(name: String, properties: YAMLNode)] = []
        for part in Self.nonNullParts(parts) {
            guard let reference = part["$ref"]?.text, let name = componentName(reference, from: part),
                  let properties = component(name)?["properties"], properties.mapping != nil else { return nil }
            components.append((name, properties))
        }
        guard components.count > 1, let first = components[0].properties.mapping else { return nil }
        guard let tag = first.first(where: { Self.singleStringValue($0.value) != nil || Self.singleIntegerValue($0.value) != nil }),
              let property = tag.key.text else { return nil }
        var seen: Set<String> = []
        for component in components {
            guard let declared = component.properties[property],
                  let values = Self.stringTags(declared) ?? Self.singleIntegerValue(declared).map({ [$0] }) else {
                return "case '\(component.name)' does not declare '\(property)' with a value of its own"
            }
            for value in values where !seen.insert(value).inserted {
                return "case '\(component.name)' repeats the '\(property)' value '\(value)' of an earlier case"
            }
        }
        return nil
    }

    /// `{ type: object, additionalProperties: true }` (or `{}`) without properties: any object.
    private func isFreeFormObject(_ node: YAMLNode) -> Bool {
        guard node["$ref"] == nil, node["properties"]?.mapping?.isEmpty != false, let additional = node["additionalProperties"] else {
            return false
        }
        return additional.text == "true" || additional.mapping?.isEmpty == true
    }

    private func shape(of node: YAMLNode, depth: Int) -> Shape? {
        guard depth < 8 else { return nil }
        if let reference = node["$ref"]?.text {
            guard let name = componentName(reference, from: node), let target = component(name) else { return nil }
            return shape(of: target, depth: depth + 1)
        }
        // A union of one part (and perhaps `null`) is that part.
        if let list = (node["oneOf"] ?? node["anyOf"])?.sequence, node["allOf"] == nil {
            let parts = Self.nonNullParts(list)
            return parts.count == 1 ? shape(of: parts[0], depth: depth + 1) : nil
        }
        // `allOf` of one typed part and annotations: that part.
        if let allOf = node["allOf"]?.sequence, node["oneOf"] == nil, node["anyOf"] == nil {
            let typed = allOf.filter { !Self.isAnnotationOnly($0) }
            return typed.count == 1 ? shape(of: typed[0], depth: depth + 1) : nil
        }
        if node["oneOf"] != nil || node["anyOf"] != nil || node["allOf"] != nil || node["not"] != nil { return nil }
        switch node["type"]?.text {
        case "string": return .string
        case "integer": return .integer
        case "number": return .number
        case "boolean": return .boolean
        case "array": return node["items"].flatMap { shape(of: $0, depth: depth + 1) }.map { .array($0) }
        case "object": return objectShape(node)
        case nil:
            if node["properties"] != nil { return objectShape(node) }
            if let values = node["enum"]?.elements, !values.isEmpty,
               values.allSatisfy({ Self.stringText($0, typed: false) != nil }) { return .string }
            return nil
        default:
            return nil
        }
    }

    /// Keys that describe a value without constraining its type.
    private static let annotationKeys: Set<String> = [
        "description", "title", "nullable", "readOnly", "writeOnly", "deprecated", "default", "example", "examples",
        "externalDocs", "xml", "$comment",
    ]

    /// A schema of annotations only (`{ nullable: true }`, `{ description: …, readOnly: true }`):
    /// as an `allOf` part it adds no type.
    static func isAnnotationOnly(_ node: YAMLNode) -> Bool {
        guard let mapping = node.mapping else { return false }
        return mapping.allSatisfy { pair in
            guard let key = pair.key.text else { return false }
            return annotationKeys.contains(key) || key.hasPrefix("x-")
        }
    }

    /// Whether every part of a `oneOf`/`anyOf` beside an object's `properties` only adds
    /// constraints to those properties: `required` lists, narrower schemas of properties the
    /// object declares, `additionalProperties: true`; no type, reference or property of its own.
    static func partsOnlyConstrain(_ parts: YAMLSequence, of node: YAMLNode) -> Bool {
        guard let declared = node["properties"]?.mapping, !declared.isEmpty, !parts.isEmpty,
              node["type"]?.text ?? "object" == "object" else { return false }
        let names = Set(declared.compactMap(\.key.text))
        return parts.allSatisfy { part in
            guard let mapping = part.mapping else { return false }
            return mapping.allSatisfy { pair in
                switch pair.key.text {
                case "properties"?:
                    return pair.value.mapping?.allSatisfy { $0.key.text.map(names.contains) ?? false } ?? false
                case "required"?:
                    return pair.value.sequence?.allSatisfy { $0.text.map(names.contains) ?? false } ?? false
                case "additionalProperties"?:
                    return pair.value.text == "true" || pair.value.mapping?.isEmpty == true
                case "type"?:
                    return pair.value.text == "object"
                case "description"?, "title"?:
                    return true
                default:
                    return false
                }
            }
        }
    }

    /// A union's parts but `{ type: 'null' }`: `oneOf: [T, {type: 'null'}]` is how 3.1 writes an
    /// optional reference.
    private static func nonNullParts(_ list: YAMLSequence) -> [YAMLNode] {
        list.filter { $0["type"]?.text != "null" }
    }

    private func objectShape(_ node: YAMLNode) -> Shape? {
        if let properties = node["properties"]?.mapping, !properties.isEmpty {
            return .object(needed: Set(node["required"]?.sequence?.compactMap(\.text) ?? []))
        }
        return node["additionalProperties"] != nil ? .map : nil
    }

    /// The values of `anyOf: [{ type: string }, { type: string, enum: [...] }]`, "any string, and
    /// these are the known ones" (OpenAI's model ids): what an enum model already is, since an
    /// unknown value decodes as `unknown(String)` and is sent back unchanged. Every part a string
    /// schema (no format), at least one with an `enum`.
    private static func openStringEnum(_ parts: [YAMLNode]) -> [String]? {
        var values: [String] = []
        var seen: Set<String> = []
        var enumerated = false
        for part in parts {
            guard part["type"]?.text == "string", part["format"] == nil, part["$ref"] == nil else { return nil }
            guard let list = part["enum"]?.elements else { continue }
            enumerated = true
            for value in list {
                guard let text = value.scalar?.value, !value.isPlainNull else { continue }
                if seen.insert(text).inserted { values.append(text) }
            }
        }
        return enumerated && !values.isEmpty ? values : nil
    }

    /// The component of `anyOf: [{ type: string }, { $ref: Enum }]`, a string enum "and any other
    /// string": the enum model itself, whose `unknown(String)` case keeps any other value.
    private func openEnumReference(_ parts: [YAMLNode]) -> String? {
        guard parts.count == 2 else { return nil }
        var name: String?
        var plain = false
        for part in parts {
            if let reference = part["$ref"]?.text {
                guard let component = componentName(reference, from: part), let target = self.component(component),
                      target["type"]?.text ?? "string" == "string", let values = target["enum"]?.elements, !values.isEmpty,
                      values.allSatisfy({ Self.stringText($0, typed: false) != nil || $0.isPlainNull })
                else { return nil }
                name = component
            } else if part["type"]?.text == "string", part["format"] == nil, part["enum"] == nil, part["const"] == nil {
                plain = true
            }
        }
        return plain ? name : nil
    }

    /// A `oneOf` of `$ref`s to component objects without a `discriminator`, whose cases each declare
    /// the same string property with a single value (`enum: [card]`, or 3.1's `const: card`), a
    /// different one in each: that property tells the cases apart as a discriminator would (a
    /// common way to write a tagged union). The first such property of the first case.
    private func impliedDiscriminator(_ parts: some Sequence<YAMLNode>) -> (property: String, cases: [(value: String, schema: String)])? {
        var components: [(name: String, properties: YAMLNode)] = []
        for part in parts {
            guard let reference = part["$ref"]?.text, let name = componentName(reference, from: part) else { return nil }
            guard let properties = component(name)?["properties"], properties.mapping != nil else { return nil }
            components.append((name, properties))
        }
        guard components.count > 1, let first = components[0].properties.mapping else { return nil }
        // A property with one value in each case first; then one with several values in a case
        // (`enum: [sdk, wechatpaySDK]`), each value a case of the same model.
        for severalValues in [false, true] {
            candidates: for pair in first {
                guard let property = pair.key.text else { continue }
                var values: Set<String> = []
                var cases: [(value: String, schema: String)] = []
                // All strings, or all integers (`type: integer, enum: [1]`: Discord's component types).
                let integer = Self.singleIntegerValue(pair.value) != nil
                for component in components {
                    guard let declared = component.properties[property] else { continue candidates }
                    let tags: [String]?
                    if integer {
                        tags = Self.singleIntegerValue(declared).map { [$0] }
                    } else {
                        tags = severalValues ? Self.stringTags(declared) : Self.singleStringValue(declared).map { [$0] }
                    }
                    guard let tags else { continue candidates }
                    for value in tags {
                        guard values.insert(value).inserted else { continue candidates }
                        cases.append((value, component.name))
                    }
                }
                return (property, cases)
            }
        }
        return nil
    }

    /// `[sdk, wechatpaySDK]` for `{ type: string, enum: [sdk, wechatpaySDK] }`, `[card]` for
    /// `{ const: card }`: the string values a case's tag may have.
    private static func stringTags(_ schema: YAMLNode) -> [String]? {
        if let single = singleStringValue(schema) { return [single] }
        let type = schema["type"]?.text
        if let type, type != "string" { return nil }
        guard let values = schema["enum"]?.elements, !values.isEmpty else { return nil }
        let texts = values.compactMap { stringText($0, typed: type != nil) }
        return texts.count == values.count ? texts : nil
    }

    /// `card` for `{ type: string, enum: [card] }` or `{ const: card }`.
    private static func singleStringValue(_ schema: YAMLNode) -> String? {
        let type = schema["type"]?.text
        if let type, type != "string" { return nil }
        if let value = schema["const"] { return stringText(value, typed: type != nil) }
        if let values = schema["enum"]?.elements, values.count == 1 { return stringText(values[0], typed: type != nil) }
        return nil
    }

    /// `1` for `{ type: integer, enum: [1] }` or `{ const: 1 }`: a plain integer, written as
    /// specs write integers (`isIntegerLiteral`).
    private static func singleIntegerValue(_ schema: YAMLNode) -> String? {
        let type = schema["type"]?.text
        if let type, type != "integer", type != "number" { return nil }
        let node: YAMLNode
        if let value = schema["const"] {
            node = value
        } else if let values = schema["enum"]?.elements, values.count == 1 {
            node = values[0]
        } else {
            return nil
        }
        guard let scalar = node.scalar, scalar.style == .plain, isIntegerLiteral(scalar.value) else { return nil }
        return scalar.value
    }

    /// `12`, `-3`: an integer as specs write it (no `+`, no leading zeros), within 64 bits.
    static func isIntegerLiteral(_ text: String) -> Bool {
        guard let value = Int64(text) else { return false }
        return String(value) == text
    }

    /// The component a schema `$ref` (written in `node`'s file) names: `#/components/schemas/Pet`
    /// → `Pet`, a schema of another file → the name it was given; nil when it names nothing
    /// (reported where the schema is read).
    private func componentName(_ reference: String, from node: YAMLNode) -> String? {
        try? references.schemaName(reference, from: node).get()
    }

    /// The node of a component schema (of the root document, or named by a reference).
    private func component(_ name: String) -> YAMLNode? {
        references.componentNodes[name]
    }

    /// JSON's numbers (`Double` alone would also take `nan` and `inf`).
    private static func isNumber(_ text: String) -> Bool {
        guard let first = text.utf8.first, first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return Double(text) != nil
    }

    /// A scalar's text when it is a JSON string: without `type: string` (`typed`), a plain `1`
    /// or `true` is a number or a Boolean.
    private static func stringText(_ node: YAMLNode, typed: Bool) -> String? {
        guard let scalar = node.scalar, !node.isPlainNull else { return nil }
        if !typed, scalar.style == .plain, scalar.value == "true" || scalar.value == "false" || isNumber(scalar.value) {
            return nil
        }
        return scalar.value
    }

    /// A discriminator's `mapping` as value → component name (targets written as a reference or
    /// as the bare name), in document order; targets outside `components/schemas` are left out.
    private func discriminatorMapping(_ node: YAMLNode?) -> [(value: String, schema: String)] {
        var result: [(value: String, schema: String)] = []
        for pair in node?.mapping ?? YAMLMapping() {
            guard let value = pair.key.text, let target = pair.value.text else { continue }
            if target.contains("#") || target.contains("/"), let name = componentName(target, from: pair.value) {
                result.append((value, name))
            } else if !target.contains("/") {
                result.append((value, target))
            }
        }
        return result
    }

    /// The cases of a `oneOf` with a discriminator when every part is a `$ref` to a component:
    /// each one's value is the `mapping` key that names it, else the component's name (OpenAPI's
    /// default). Nil when a part is written inline.
    private func discriminatedCases(_ parts: some Sequence<YAMLNode>, mapping: [(value: String, schema: String)]) -> [(value: String, schema: String)]? {
        var cases: [(value: String, schema: String)] = []
        for part in parts {
            guard let reference = part["$ref"]?.text, let name = componentName(reference, from: part) else { return nil }
            // Every value the mapping gives the case is a case of that model.
            let values = mapping.filter { $0.schema == name }.map(\.value)
            // (A value given twice is left out with a warning where the model is built.)
            for value in values.isEmpty ? [name] : values {
                cases.append((value, name))
            }
        }
        return cases.isEmpty ? nil : cases
    }

    // MARK: - Security

    private mutating func securityScheme(_ name: String, _ node: YAMLNode) -> SecurityScheme? {
        switch node["type"]?.text {
        case "http":
            switch node["scheme"]?.text?.lowercased() {
            case "bearer": return .bearer
            case "basic": return .basic
            default:
                diagnostics.warning(.security, "security scheme '\(name)' uses HTTP scheme '\(node["scheme"]?.text ?? "")', which specs cannot express", at: location(node))
                return nil
            }
        case "apiKey":
            guard let keyName = node["name"]?.text else { return nil }
            switch node["in"]?.text {
            case "header": return .apiKeyHeader(keyName)
            case "query": return .apiKeyQuery(keyName)
            case "cookie": return .apiKeyCookie(keyName)
            default: return nil
            }
        case "oauth2", "openIdConnect":
            // The access token travels as `Authorization: Bearer`.
            return .bearer
        default:
            diagnostics.warning(.security, "security scheme '\(name)' of type '\(node["type"]?.text ?? "")' is not supported", at: location(node))
            return nil
        }
    }

    private func securityChoice(_ node: YAMLNode) -> SecurityChoice? {
        guard let list = node.sequence else { return nil }
        guard let first = list.first, let requirement = first.mapping, let scheme = requirement.first, let name = scheme.key.text else {
            return .anonymous
        }
        return .scheme(name, location(scheme.key))
    }

    // MARK: - Helpers

    /// `node`, or what its `$ref` names (in this file or another, through further references);
    /// nil after a warning at the `$ref` that `what` (the path, the parameter…) is skipped.
    private mutating func follow(_ node: YAMLNode, what: String) -> YAMLNode? {
        switch references.follow(node) {
        case .success(let target):
            return target
        case .failure(let problem):
            diagnostics.warning(.unresolvedReferences, problem.message + "; \(what) is skipped", at: problem.location ?? location(node["$ref"] ?? node), notes: problem.notes)
            return nil
        }
    }

    private func serverURL(_ server: YAMLNode) -> String? {
        guard var url = server["url"]?.text else { return nil }
        // Server variables take their defaults: `https://{region}.example.com`.
        for pair in server["variables"]?.mapping ?? YAMLMapping() {
            guard let name = pair.key.text, let value = pair.value["default"]?.text else { continue }
            url = Text.replacing("{\(name)}", with: value, in: url)
        }
        while url.hasSuffix("/") { url.removeLast() }
        return SpecRules.isBaseURL(url) ? url : nil
    }

    /// JSON Pointer escapes (`~1` is `/`, `~0` is `~`) and percent-encoding in a reference.
    static func unescapePointer(_ text: String) -> String {
        Text.replacing("~0", with: "~", in: Text.replacing("~1", with: "/", in: Text.percentDecoded(text)))
    }

    /// The first paragraph of a description (in Markdown when it was HTML), on one line.
    static func oneLine(_ text: String) -> String {
        Text.firstParagraph(HTMLToMarkdown.convert(text))
    }

    private func location(_ node: YAMLNode) -> SourceLocation {
        references.location(node)
    }
}

extension YAMLNode {
    /// The value of `key` in a mapping (nil for other nodes or a missing key).
    subscript(key: String) -> YAMLNode? {
        mapping?.first { $0.key.text == key }?.value
    }

    /// The nodes of a sequence (nil for other nodes).
    var elements: [YAMLNode]? {
        sequence.map(Array.init)
    }

    /// A scalar's text; nil for `null`, mappings and sequences.
    var text: String? {
        isPlainNull ? nil : scalar?.value
    }
}
