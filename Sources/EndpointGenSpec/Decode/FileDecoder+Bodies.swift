import EndpointGenSupport
import EndpointGenYAML

// Request bodies and responses (one, or per status).
extension FileDecoder {
    // MARK: - Bodies and responses

    /// The endpoint whose body or responses are decoded, and what the types made from them are
    /// named after: its `typePrefix:`, else its name.
    struct InlineTypes {
        var endpoint: String
        var prefix: String?

        /// `<Endpoint>Request`, `<Endpoint>Response`, `<Endpoint><Case>Body`.
        func name(_ suffix: String) -> String {
            prefix.map { $0 + suffix } ?? Namer.endpointTypeName(endpoint, suffix)
        }
    }

    mutating func decodeBody(_ node: YAMLNode, _ types: InlineTypes) -> BodySyntax? {
        let endpoint = types.endpoint
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
        let name = types.name("Request")
        switch entry.key {
        case "json":
            // `json:` holds fields, so `{ Id: Int }` is a field in PascalCase (.NET's wire names,
            // ReadMe's RAW_BODY); only `{ String: T }` is a type here, a dictionary body.
            if entry.value.mapping == nil || isDictionaryTypeMapping(entry.value) {
                return typeExpression(entry.value, allowDefault: false).type.map { .json($0) }
            }
            addInlineModel(name, fields: entry, summary: nil, origin: .inlineRequest(endpoint: endpoint))
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
            addInlineModel(name, fields: entry, summary: nil, origin: .inlineRequest(endpoint: endpoint))
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

    mutating func decodeResponse(_ node: YAMLNode, _ types: InlineTypes, inlineName: String? = nil) -> ResponseSyntax {
        let endpoint = types.endpoint
        if let scalar = node.scalar, scalar.style == .plain, scalar.value == "empty" {
            return .empty
        }
        if node.mapping == nil || isTypeMapping(node) {
            return typeExpression(node, allowDefault: false).type.map { .type($0) } ?? .empty
        }
        let name = inlineName ?? types.name("Response")
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
        addInlineModel(name, fields: fields, summary: summary, origin: .inlineResponse(endpoint: endpoint))
        return .inline(modelName: name)
    }

    /// Decodes the fields map of an inline request or response body into the model `name`.
    private mutating func addInlineModel(_ name: String, fields: KeyedMapping.Entry, summary: String?, origin: Model.Origin) {
        let (decoded, damaged) = decodingPart { $0.decodeFields(fields.value, owner: .model(name)) }
        inlineModels.append(
            ModelSyntax(
                name: name, summary: summary, kind: .structure(decoded), origin: origin,
                file: path, location: location(fields.keyNode), damaged: damaged))
    }

    /// `responses: { 200: Pet, 304: empty, 404: { type: NotFound, sample: … } }`: statuses in
    /// spec order, each with a response as `response:` takes it, or the long form.
    mutating func decodeResponses(_ node: YAMLNode, _ types: InlineTypes) -> [StatusResponseSyntax] {
        let endpoint = types.endpoint
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
            let bodyName = types.name(SwiftNaming.upperCamel(Namer.responseCaseName(status)) + "Body")
            var entry = StatusResponseSyntax(status: status, response: .empty, location: keyLocation)
            let value = pair.value
            let isLongForm = value.mapping.map { pairs in
                pairs.contains { ["type", "sample", "summary"].contains(reader.keyText($0.key)) }
            } ?? false
            guard isLongForm else {
                entry.response = decodeResponse(value, types, inlineName: bodyName)
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
                entry.response = decodeResponse(type.value, types, inlineName: bodyName)
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
}
