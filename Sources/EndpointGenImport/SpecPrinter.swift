import EndpointGenSupport

/// Prints an imported spec as YAML in the layout of the hand-written specs: block style, two
/// spaces, keys in the order docs/spec-format.md lists them, scalars quoted only when YAML
/// would read them as something else.
///
/// Every text that comes from the document (titles, versions, descriptions, names, keys, enum
/// values, defaults) goes through one emitter, `scalar(_:)` (or `flowScalar`, `literal` for
/// numbers), which writes it plain only when YAML reads it back as the same string and nothing
/// else, and otherwise double-quoted with every line break (LF, CR, U+0085, U+2028, U+2029) and
/// control character escaped; a comment gets the same text (`comment(_:)`). So no document
/// can end a line, start a key (`baseURL:`) or write a merge key (`<<`) of the spec.
struct SpecPrinter {
    private var lines: [String] = []
    /// From which line on (1-based) the text is about which place in the document: each endpoint
    /// and model, so the spec loader's warnings can be shown where the document says it.
    private var origins: [(line: Int, location: SourceLocation)] = []

    static func render(_ file: ImportedFile, header: [String]) -> String {
        renderWithOrigins(file, header: header).text
    }

    /// The text and, for each endpoint and model, the line it starts on and its place in the document.
    static func renderWithOrigins(_ file: ImportedFile, header: [String]) -> (text: String, origins: [(line: Int, location: SourceLocation)]) {
        var printer = SpecPrinter()
        for line in header { printer.lines.append(line.isEmpty ? "#" : "# " + comment(line)) }
        if let service = file.service {
            printer.service(service)
        }
        if !file.models.isEmpty {
            if !printer.lines.isEmpty { printer.lines.append("") }
            printer.line(0, "models:")
            for (index, model) in file.models.enumerated() {
                if index > 0 { printer.lines.append("") }
                printer.model(model)
            }
        }
        return (printer.lines.joined(separator: "\n") + "\n", printer.origins)
    }

    /// What a model is, as written, without its name and summaries: two models with the same
    /// structure are the same type.
    static func structure(of model: ImportedModel) -> String {
        var bare = model
        bare.name = "_"
        bare.summary = nil
        bare.location = nil
        if case .fields(var fields) = bare.kind {
            for index in fields.indices { fields[index].summary = nil }
            bare.kind = .fields(fields)
        }
        var printer = SpecPrinter()
        printer.model(bare)
        return printer.lines.joined(separator: "\n")
    }

    private mutating func line(_ depth: Int, _ text: String) {
        lines.append(String(repeating: "  ", count: depth) + text)
    }

    private mutating func entry(_ depth: Int, _ key: String, _ value: String) {
        line(depth, Self.scalar(key) + ": " + value)
    }

    private mutating func service(_ service: ImportedService) {
        if !lines.isEmpty { lines.append("") }
        entry(0, "service", Self.scalar(service.name))
        if let summary = service.summary { entry(0, "summary", Self.scalar(summary)) }
        if let baseURL = service.baseURL { entry(0, "baseURL", Self.scalar(baseURL)) }
        if !service.environments.isEmpty {
            line(0, "environments:")
            for environment in service.environments { entry(1, environment.name, Self.scalar(environment.url)) }
        }
        if let auth = service.auth { entry(0, "auth", Self.scalar(auth)) }
        if let envelope = service.envelope {
            line(0, "envelope:")
            entry(1, "payload", Self.scalar(envelope.payload))
            if let key = envelope.success { entry(1, "success", Self.scalar(key)) }
            if let key = envelope.code { entry(1, "code", Self.scalar(key)) }
            if let key = envelope.message { entry(1, "message", Self.scalar(key)) }
        }
        if let errorBody = service.errorBody {
            line(0, "errorBody:")
            if let key = errorBody.message { entry(1, "message", Self.scalar(key)) }
            if let key = errorBody.code { entry(1, "code", Self.scalar(key)) }
            if let model = errorBody.model { entry(1, "model", Self.scalar(model)) }
        }
        if !service.sharedHeaders.isEmpty || !service.sharedQuery.isEmpty {
            line(0, "parameters:")
            fieldMap(1, "headers", service.sharedHeaders)
            fieldMap(1, "query", service.sharedQuery)
        }
        lines.append("")
        line(0, "endpoints:")
        for (index, endpoint) in service.endpoints.enumerated() {
            if index > 0 { lines.append("") }
            self.endpoint(endpoint)
        }
    }

    private mutating func endpoint(_ endpoint: ImportedEndpoint) {
        if let location = endpoint.location { origins.append((lines.count + 1, location)) }
        line(1, Self.scalar(endpoint.name) + ":")
        entry(2, "method", Self.scalar(endpoint.method))
        entry(2, "path", Self.scalar(endpoint.path))
        if let summary = endpoint.summary { entry(2, "summary", Self.scalar(summary)) }
        if endpoint.deprecated { entry(2, "deprecated", "true") }
        if let auth = endpoint.auth { entry(2, "auth", Self.scalar(auth)) }
        if endpoint.noEnvelope { entry(2, "envelope", "false") }
        fieldMap(2, "params", endpoint.params)
        fieldMap(2, "query", endpoint.query)
        if !endpoint.headers.isEmpty {
            line(2, "headers:")
            for header in endpoint.headers { entry(3, header.name, Self.scalar(header.value)) }
        }
        fieldMap(2, "headerParams", endpoint.headerParams)
        switch endpoint.body {
        case nil: break
        case .type(let type)?: entry(2, "body", Self.scalar(type))
        case .json(let fields)?: nestedFieldMap(2, "body", "json", fields)
        case .form(let fields)?: nestedFieldMap(2, "body", "form", fields)
        case .formModel(let name)?:
            line(2, "body:")
            entry(3, "form", Self.scalar(name))
        case .multipart(let fields)?: nestedFieldMap(2, "body", "multipart", fields)
        case .raw(let mediaType)?:
            line(2, "body:")
            entry(3, "raw", Self.scalar(mediaType))
        }
        switch endpoint.response {
        case nil: break
        case .type(let type)?: entry(2, "response", Self.scalar(type))
        case .fields(let fields)?: nestedFieldMap(2, "response", "fields", fields)
        }
    }

    private mutating func nestedFieldMap(_ depth: Int, _ key: String, _ inner: String, _ fields: [ImportedField]) {
        line(depth, key + ":")
        if fields.isEmpty {
            entry(depth + 1, inner, "{}")
        } else {
            fieldMap(depth + 1, inner, fields)
        }
    }

    private mutating func fieldMap(_ depth: Int, _ key: String, _ fields: [ImportedField]) {
        guard !fields.isEmpty else { return }
        line(depth, key + ":")
        for field in fields { self.field(depth + 1, field) }
    }

    private mutating func field(_ depth: Int, _ field: ImportedField) {
        let plainDefault: String?
        switch field.defaultValue {
        case .plain(let value)?: plainDefault = Self.literal(value)
        case .text(let value)? where Self.isPlainSafe(value) && !value.contains(" "): plainDefault = value
        default: plainDefault = nil
        }
        let needsLongForm = field.name != nil || field.summary != nil || field.deprecated || field.style != nil
            || field.readOnly || field.writeOnly
            || (field.defaultValue != nil && plainDefault == nil)
        guard needsLongForm else {
            let type = plainDefault.map { field.type + " = " + $0 } ?? field.type
            entry(depth, field.key, Self.scalar(type))
            return
        }
        line(depth, Self.scalar(field.key) + ":")
        entry(depth + 1, "type", Self.scalar(field.type))
        if let name = field.name { entry(depth + 1, "name", Self.scalar(name)) }
        if let summary = field.summary { entry(depth + 1, "summary", Self.scalar(summary)) }
        switch field.defaultValue {
        case .plain(let value)?: entry(depth + 1, "default", Self.literal(value))
        case .text(let value)?: entry(depth + 1, "default", Self.quoted(value))
        case nil: break
        }
        if field.deprecated { entry(depth + 1, "deprecated", "true") }
        if let style = field.style { entry(depth + 1, "style", Self.scalar(style)) }
        if field.readOnly { entry(depth + 1, "readOnly", "true") }
        if field.writeOnly { entry(depth + 1, "writeOnly", "true") }
    }

    private mutating func model(_ model: ImportedModel) {
        if let location = model.location { origins.append((lines.count + 1, location)) }
        line(1, Self.scalar(model.name) + ":")
        if let summary = model.summary { entry(2, "summary", Self.scalar(summary)) }
        switch model.kind {
        case .fields(let fields):
            if fields.isEmpty {
                entry(2, "fields", "{}")
            } else {
                fieldMap(2, "fields", fields)
            }
        case .stringEnum(let cases, let short):
            let flow = "[" + cases.map(\.value).joined(separator: ", ") + "]"
            // One line while it reads as one (a line of 90 model ids does not).
            if short, flow.count <= 100, cases.allSatisfy({ Self.isFlowSafe($0.value) }) {
                entry(2, "enum", flow)
            } else if short {
                line(2, "enum:")
                for item in cases { line(3, "- " + Self.scalar(item.value)) }
            } else {
                line(2, "enum:")
                line(3, "values:")
                for item in cases { entry(4, item.name, Self.quoted(item.value)) }
            }
        case .oneOf(let discriminator, let integer, let cases):
            line(2, "oneOf:")
            entry(3, "discriminator", Self.scalar(discriminator))
            if integer { entry(3, "type", "Int") }
            line(3, "cases:")
            for item in cases {
                let target = item.name.map { "{ model: \(Self.flowScalar(item.model)), name: \(Self.flowScalar($0)) }" } ?? Self.scalar(item.model)
                // Integer values stay plain: a quoted "1" would be a string.
                if integer { line(4, Self.literal(item.value) + ": " + target) } else { entry(4, item.value, target) }
            }
        case .union(let types):
            line(2, "oneOf:")
            line(3, "cases:")
            for type in types { line(4, "- " + Self.scalar(type)) }
        case .integerEnum(let cases):
            line(2, "enum:")
            entry(3, "type", "Int")
            line(3, "values:")
            for item in cases { entry(4, item.name, Self.literal(item.value)) }
        }
    }

    // MARK: - Scalars

    /// `text` plain when YAML reads it back as the same string, else double-quoted.
    static func scalar(_ text: String) -> String {
        isPlainSafe(text) ? text : quoted(text)
    }

    static func isPlainSafe(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        if " \t-?:,[]{}#&*!|>'\"%@`=<".unicodeScalars.contains(first) { return false }
        if last == " " || last == ":" { return false }
        if text.contains(": ") || text.contains(" #") { return false }
        for scalar in text.unicodeScalars where needsEscape(scalar) {
            return false
        }
        // YAML 1.1 reads these as null, booleans or numbers.
        let lowered = text.lowercased()
        if ["null", "~", "true", "false", "yes", "no", "on", "off", "y", "n"].contains(lowered) { return false }
        if looksNumeric(lowered) { return false }
        return true
    }

    /// Plain inside `[…]` as well: no flow indicators.
    static func isFlowSafe(_ text: String) -> Bool {
        isPlainSafe(text) && !text.contains(where: { ",[]{}".contains($0) })
    }

    /// `text` inside a flow collection (`{ model: A }`): plain when flow-safe, else quoted.
    static func flowScalar(_ text: String) -> String {
        isFlowSafe(text) ? text : quoted(text)
    }

    /// A number or boolean the importer checked (`20`, `-1.5`, `true`) as written; anything
    /// else, which should never come here, quoted rather than trusted.
    static func literal(_ text: String) -> String {
        if text == "true" || text == "false" || text == "null" { return text }
        var bytes = Substring(text).utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let allowed = Set("0123456789.eE+-".utf8)
        guard let first = bytes.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9"), bytes.allSatisfy(allowed.contains) else {
            return quoted(text)
        }
        return text
    }

    /// Text for a comment line: as it is when it holds no line break or control character,
    /// else the quoted scalar (so the comment still ends where the line does).
    static func comment(_ text: String) -> String {
        text.unicodeScalars.contains(where: needsEscape) ? quoted(text) : text
    }

    /// Line breaks as YAML knows them (LF, CR, NEL U+0085, LS U+2028, PS U+2029), other
    /// control characters, and the byte-order mark: never written as they are.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || (scalar.value >= 0x80 && scalar.value < 0xA0)
            || scalar == "\u{FEFF}" || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    private static func looksNumeric(_ text: String) -> Bool {
        guard let first = text.utf8.first else { return false }
        if first == UInt8(ascii: ".") { return text.hasPrefix(".inf") || text.hasPrefix(".nan") || text.dropFirst().first?.isNumber == true }
        if first == UInt8(ascii: "+") { return true }
        guard first >= 0x30, first <= 0x39 else { return false }
        // Digits first: an integer, a float, a date, a time or sexagesimal number to some reader.
        return true
    }

    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if needsEscape(scalar) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
