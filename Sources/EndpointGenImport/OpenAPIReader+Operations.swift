import EndpointGenSpec
import EndpointGenSupport
import EndpointGenYAML

// Paths, operations, parameters, request bodies and responses.
extension OpenAPIReader {
    // MARK: - Paths and operations

    /// Why a path template cannot be a spec's path, or nil.
    /// Braces pair as the spec's paths say (`PathTemplate.scan`); placeholder names are renamed
    /// and other characters ('?', '#', spaces, non-ASCII) sent percent-encoded (`SpecBuilder.specPath`).
    static func pathProblem(_ path: String) -> String? {
        guard path.hasPrefix("/") else { return "it does not start with '/'" }
        let (tokens, problem) = PathTemplate.scan(path)
        var names: Set<String> = []
        for case .placeholder(let name, _) in tokens {
            guard !name.isEmpty else { return "a placeholder is empty" }
            guard names.insert(name).inserted else { return "placeholder '{\(name)}' appears twice" }
        }
        switch problem {
        case .unclosed?: return "a '{' is not closed"
        case .unmatched?: return "a '}' closes no '{'"
        case nil: return nil
        }
    }

    mutating func readPathItem(_ path: String, _ written: YAMLNode, into document: inout OpenAPIDocument) {
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
                    document.operations.append(operation(method, path, extra.value, shared: shared, pathServers: node["servers"]))
                }
                continue
            }
            if key == OpenAPIExtension.sameRouteOperations {
                // export-openapi's endpoints of a route that already has its operation.
                for element in pair.value.elements ?? [] {
                    for extra in element.mapping ?? YAMLMapping() {
                        guard let method = extra.key.text, SpecRules.isHeaderName(method) else { continue }
                        let written = Self.methods.contains(method) ? method.uppercased() : method
                        document.operations.append(operation(written, path, extra.value, shared: shared, pathServers: node["servers"]))
                    }
                }
                continue
            }
            guard Self.methods.contains(key) else { continue }
            // DigitalOcean's layout: `get: { $ref: 'resources/droplets/droplets_get.yml' }`.
            guard let operationNode = follow(pair.value, what: "\(key.uppercased()) '\(path)'") else { continue }
            document.operations.append(operation(key.uppercased(), path, operationNode, shared: shared, pathServers: node["servers"]))
        }
    }

    /// `pathServers`: the path item's `servers`, which apply to its operations without their own.
    private mutating func operation(_ method: String, _ path: String, _ node: YAMLNode, shared: [Parameter], pathServers: YAMLNode?) -> Operation {
        var parameters = shared
        for parameter in self.parameters(node["parameters"]) {
            // An operation's parameter replaces the path item's of the same name and place.
            if let index = parameters.firstIndex(where: { $0.isSame(as: parameter.name, in: parameter.place) }) {
                parameters[index] = parameter
            } else {
                parameters.append(parameter)
            }
        }
        // Each response's schema is read once, here; the single response and the error schema
        // take theirs from this list (reading twice would repeat a schema's warnings).
        let statuses = statusResponses(node["responses"])
        let (response, responseLocation, responseSample) = self.response(node["responses"], operation: node, statuses: statuses)
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
        if operation.paginate.isEmpty, recognizesPagination,
           let recognized = recognizedPagination(node, method: method, parameters: parameters) {
            operation.paginate = recognized.keys
            operation.paginationRule = recognized.rule
        }
        for server in (node["servers"] ?? pathServers)?.elements ?? [] {
            if let url = serverURL(server) { operation.servers.append((url, server["description"]?.text.map(HTMLToMarkdown.convert))) }
        }
        operation.statusResponses = statuses.filter { if case .code = $0.status { true } else { false } }
        // The `default` an export writes for the service's `errorBody:` is no status the spec listed.
        operation.listedResponses = statuses.filter { !$0.statesErrorBody }
        operation.responseSample = responseSample
        return operation
    }

    /// The responses of numbered statuses from 200 to 599, classes (`4XX`) and `default`, in
    /// document order.
    private mutating func statusResponses(_ node: YAMLNode?) -> [StatusResponse] {
        guard let responses = node?.mapping else { return [] }
        var result: [StatusResponse] = []
        for pair in responses {
            guard let text = pair.key.text else { continue }
            let status: ResponseStatus
            if text.utf8.count == 3, let code = Int(text), (200..<600).contains(code) {
                status = .code(code)
            } else if text.utf8.count == 3, text.uppercased().hasSuffix("XX"), let digit = Int(text.prefix(1)), (2...5).contains(digit) {
                status = .range(digit)
            } else if text == "default" {
                status = .other
            } else {
                continue
            }
            guard let resolved = follow(pair.value, what: "response '\(text)'") else { continue }
            let json = resolved["content"]?.mapping?.first { $0.key.text.map { Self.isJSON($0.lowercased()) } ?? false }
            result.append(StatusResponse(status: status, content: content(of: resolved, code: status.representativeCode, at: location(pair.key)),
                                         hasSchema: json?.value["schema"] != nil, location: location(pair.key), sample: sample(of: resolved),
                                         statesErrorBody: resolved[OpenAPIExtension.response]?.text == "errorBody"))
        }
        return result
    }

    // MARK: - endpointgen's extensions

    /// The service settings `export-openapi` wrote on a tag, or nil when it wrote none.
    func serviceSettings(_ tag: YAMLNode) -> ServiceSettings? {
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
        if let kind = tag[OpenAPIExtension.dateEncoding]?.text, SpecRules.dateEncodings.contains(kind) {
            settings.dateEncoding = kind
            settings.timeZone = tag[OpenAPIExtension.timeZone]?.text.flatMap { SpecRules.isTimeZone($0) ? $0 : nil }
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
    /// `Content-Type` is kept: a bodiless request sends it only from here.
    private static func constantHeaders(_ node: YAMLNode) -> [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        for pair in node.mapping ?? YAMLMapping() {
            guard let name = pair.key.text, SpecRules.isHeaderName(name),
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
        // An UpperCamelCase name, as the spec's `typePrefix:` must be.
        operation.typePrefix = node[OpenAPIExtension.typePrefix]?.text.flatMap { SpecBuilder.upperName($0) == $0 ? $0 : nil }
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

    /// A wire name or dotted path of them, as `paginate:` takes: no empty part (a wire name may
    /// hold spaces, as the spec loader allows), no control characters.
    static func isPaginatePath(_ text: String) -> Bool {
        !text.isEmpty && text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
            !part.isEmpty && !part.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
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
            guard !name.isEmpty else {
                diagnostics.warning(.skippedParameters, "a parameter's 'name' is empty; skipped", at: location(entry))
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
            if let index = result.firstIndex(where: { $0.isSame(as: name, in: place) }) {
                let spelling = result[index].name == name ? "" : " (as '\(result[index].name)': header names are case-insensitive)"
                diagnostics.warning(.skippedParameters, "\(place.rawValue) parameter '\(name)' is listed twice\(spelling); the later one is used", at: location(entry))
                result.remove(at: index)
            }
            result.append(Parameter(
                name: name, place: place,
                required: place == .path || resolved["required"]?.text == "true",
                schema: parameterSchema(resolved, name: name, place: place, at: location(entry)),
                summary: resolved["description"]?.text.map(Self.oneLine).flatMap { Self.saysMoreThanItsName($0, name: name) },
                deprecated: resolved["deprecated"]?.text == "true",
                location: location(entry),
                style: resolved["style"]?.text,
                explode: resolved["explode"]?.text.map { $0 == "true" },
                specStyle: resolved[OpenAPIExtension.style]?.text,
                credential: resolved[OpenAPIExtension.credential]?.text == "true",
                allowReserved: resolved["allowReserved"]?.text == "true" || resolved[OpenAPIExtension.segments]?.text == "true",
                swiftName: resolved[OpenAPIExtension.name]?.text,
                serviceParameter: resolved[OpenAPIExtension.serviceParameter]?.text == "true"))
        }
        return result
    }

    /// `schema`, else the schema of `content`'s media type. A JSON media type sends the value as
    /// JSON text (`filter={"a":1}`), which is the scalar's own text for numbers and Booleans; any
    /// other value is a String the caller fills with its JSON, which no spec style would write.
    private mutating func parameterSchema(_ resolved: YAMLNode, name: String, place: ParameterPlace, at: SourceLocation) -> Schema? {
        if let node = resolved["schema"] { return schema(node) }
        guard let content = resolved["content"]?.mapping?.first, let node = content.value["schema"] else { return nil }
        let result = schema(node)
        guard let mediaType = content.key.text, Self.isJSON(mediaType.lowercased()) else { return result }
        switch result.kind {
        case .integer, .number, .boolean, .integerEnum: return result
        default:
            diagnostics.warning(.simplifiedParameters, "\(place.rawValue) parameter '\(name)' is sent as JSON text ('content: \(mediaType)'); it is a String: pass the encoded JSON", at: at)
            return Schema(kind: .string(format: nil), nullable: result.nullable, summary: result.summary, location: result.location)
        }
    }

    /// A parameter's description, or nil when it only repeats the name: GitHub describes 227
    /// parameters as `comment_id parameter`, which in the method's `- Parameters:` list reads
    /// `commentId: comment_id parameter`.
    static func saysMoreThanItsName(_ summary: String, name: String) -> String? {
        let words = SwiftNaming.words(summary).map { $0.lowercased() }
        let nameWords = SwiftNaming.words(name).map { $0.lowercased() }
        return words == nameWords || words == nameWords + ["parameter"] ? nil : summary
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
            var schema = schemaOf(form.1)
            // export-openapi's form of a model whose lists a form may leave out: the model itself.
            if let model = form.1["schema"]?[OpenAPIExtension.model]?.text, component(model) != nil {
                schema = Schema(kind: .reference(model), location: schema.location)
            }
            var body = RequestBody(content: .form(schema), location: location(node))
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
    private mutating func response(_ node: YAMLNode?, operation: YAMLNode, statuses: [StatusResponse]) -> (ResponseContent, SourceLocation, SampleValue?) {
        guard let responses = node?.mapping else { return (.empty, location(node ?? operation), nil) }
        var chosen = Self.successResponse(responses)
        let chosenCode = chosen.map(Self.successCode) ?? Int.max
        if chosen == nil, responses.count == 1, responses[0].key.text == "default" {
            chosen = responses[0]
        }
        if let chosen, let key = chosen.key.text?.uppercased(), let listed = statuses.first(where: { $0.status.spelling.uppercased() == key }) {
            return (listed.content, listed.location, listed.sample)
        }
        guard let chosen, let resolved = follow(chosen.value, what: "response '\(chosen.key.text ?? "")'") else {
            return (.empty, location(node!), nil)
        }
        let at = location(chosen.key)
        return (content(of: resolved, code: chosenCode, at: at), at, sample(of: resolved))
    }

    /// The response of the lowest 2xx status (`2XX` counts as 299): the one a method returns.
    static func successResponse(_ responses: YAMLMapping) -> YAMLPair? {
        var chosen: (pair: YAMLPair, code: Int)?
        for pair in responses {
            let code = successCode(pair)
            if (200...299).contains(code), code < chosen?.code ?? Int.max { chosen = (pair, code) }
        }
        return chosen?.pair
    }

    /// A response's status as a number for `successResponse` (`2XX` is 299; a class or `default` 0).
    private static func successCode(_ pair: YAMLPair) -> Int {
        guard let text = pair.key.text else { return 0 }
        return text.uppercased() == "2XX" ? 299 : Int(text) ?? 0
    }

    /// The JSON example named `sample`, which export-openapi writes for a spec's `sample:`. Other
    /// examples document the API and are not imported: a stub answering with each of them would
    /// carry every example of a large document (GitHub's) into the generated code.
    private mutating func sample(of response: YAMLNode) -> SampleValue? {
        // Of any media type: a download's sample is its text, a stream's the list of its values.
        guard let media = response["content"]?.mapping?.first(where: { $0.value["examples"]?["sample"] != nil }),
              let example = media.value["examples"]?["sample"], let resolved = follow(example, what: "example 'sample'"),
              let value = resolved["value"] else { return nil }
        return SampleValue(json: value)
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
            if let listed = statuses.first(where: { $0.status.spelling.uppercased() == code }) {
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
}
