import EndpointGenSpec
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
package struct SpecPrinter {
    private var lines: [String] = []
    /// From which line on (1-based) the text is about which place in the document: each endpoint
    /// and model, so the spec loader's warnings can be shown where the document says it.
    private var origins: [(line: Int, location: SourceLocation)] = []
    /// The lines of each endpoint's `paginate:` block, by the endpoint's index in its service.
    private var paginateBlocks: [(lines: ClosedRange<Int>, endpoint: Int)] = []
    /// The lines of each `sample:` block, by the endpoint's index in its service.
    private var sampleBlocks: [(lines: ClosedRange<Int>, endpoint: Int)] = []
    private var endpointIndex = 0

    /// A printed spec: its text, where each endpoint and model came from in the document, and
    /// which lines hold each endpoint's `paginate:` and `sample:` blocks (the document's claims,
    /// which the loader may yet refuse).
    package struct Rendered {
        package var text: String
        package var origins: [(line: Int, location: SourceLocation)]
        var paginateBlocks: [(lines: ClosedRange<Int>, endpoint: Int)]
        var sampleBlocks: [(lines: ClosedRange<Int>, endpoint: Int)]
    }

    package static func render(_ file: ImportedFile, header: [String]) -> String {
        renderWithOrigins(file, header: header).text
    }

    /// The text and, for each endpoint and model, the line it starts on and its place in the document.
    package static func renderWithOrigins(_ file: ImportedFile, header: [String]) -> Rendered {
        var printer = SpecPrinter()
        for line in header { printer.lines.append(line.isEmpty ? "#" : "# " + comment(line)) }
        if let service = file.service {
            printer.service(service, timeZone: file.timeZone)
        } else if let zone = file.timeZone {
            printer.entry(0, "timeZone", Self.scalar(zone))
        }
        if !file.models.isEmpty {
            if !printer.lines.isEmpty { printer.lines.append("") }
            printer.line(0, "models:")
            for (index, model) in file.models.enumerated() {
                if index > 0 { printer.lines.append("") }
                printer.model(model)
            }
        }
        return Rendered(text: printer.lines.joined(separator: "\n") + "\n", origins: printer.origins, paginateBlocks: printer.paginateBlocks, sampleBlocks: printer.sampleBlocks)
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

    /// A text that may hold several lines: a literal block where YAML can say it, else a scalar.
    private mutating func textEntry(_ depth: Int, _ key: String, _ text: String) {
        guard let block = YAMLText.block(text, indent: 2 * (depth + 1)) else {
            entry(depth, key, Self.scalar(text))
            return
        }
        entry(depth, key, block[0])
        lines += block.dropFirst()
    }

    private mutating func service(_ service: ImportedService, timeZone: String?) {
        if !lines.isEmpty { lines.append("") }
        entry(0, "service", Self.scalar(service.name))
        if let summary = service.summary { entry(0, "summary", Self.scalar(summary)) }
        if let baseURL = service.baseURL { entry(0, "baseURL", Self.scalar(baseURL)) }
        if !service.environments.isEmpty {
            line(0, "environments:")
            for environment in service.environments { entry(1, environment.name, Self.scalar(environment.url)) }
        }
        if !service.headers.isEmpty {
            line(0, "headers:")
            for header in service.headers { entry(1, header.name, Self.scalar(header.value)) }
        }
        if let auth = service.auth { entry(0, "auth", Self.scalar(auth)) }
        if let dates = service.dateEncoding { entry(0, "dateEncoding", Self.scalar(dates)) }
        if let timeZone { entry(0, "timeZone", Self.scalar(timeZone)) }
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
        if let session = service.cookieSession {
            line(0, "cookieSession:")
            if let refresh = session.refresh { entry(1, "refresh", Self.scalar(refresh)) }
            if let csrf = session.csrf {
                line(1, "csrf:")
                entry(2, "cookie", Self.scalar(csrf.cookie))
                entry(2, "header", Self.scalar(csrf.header))
            }
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
            endpointIndex = index
            self.endpoint(endpoint)
        }
    }

    private mutating func endpoint(_ endpoint: ImportedEndpoint) {
        if let location = endpoint.location { origins.append((lines.count + 1, location)) }
        line(1, Self.scalar(endpoint.name) + ":")
        entry(2, "method", Self.scalar(endpoint.method))
        entry(2, "path", Self.scalar(endpoint.path.text))
        if let summary = endpoint.summary { entry(2, "summary", Self.scalar(summary)) }
        if let description = endpoint.description { textEntry(2, "description", description) }
        switch endpoint.deprecation {
        case .message(let message)?: entry(2, "deprecated", Self.quoted(message))
        case .deprecated?: entry(2, "deprecated", "true")
        case nil: break
        }
        if let auth = endpoint.auth { entry(2, "auth", Self.scalar(auth)) }
        if endpoint.noEnvelope { entry(2, "envelope", "false") }
        fieldMap(2, "params", endpoint.params)
        fieldMap(2, "query", endpoint.query)
        if !endpoint.headers.isEmpty {
            line(2, "headers:")
            for header in endpoint.headers { entry(3, header.name, Self.scalar(header.value)) }
        }
        fieldMap(2, "headerParams", endpoint.headerParams)
        if let prefix = endpoint.typePrefix { entry(2, "typePrefix", Self.scalar(prefix)) }
        switch endpoint.body {
        case nil: break
        case .type(let type)?: entry(2, "body", Self.scalar(type.spelling))
        case .json(let fields)?: nestedFieldMap(2, "body", "json", fields)
        case .form(let fields)?: nestedFieldMap(2, "body", "form", fields)
        case .formModel(let name)?:
            line(2, "body:")
            entry(3, "form", Self.scalar(name))
        case .multipart(let fields)?: nestedFieldMap(2, "body", "multipart", fields)
        case .raw(let mediaType)?:
            line(2, "body:")
            entry(3, "raw", Self.scalar(mediaType))
        case .file(let mediaType)?:
            line(2, "body:")
            entry(3, "file", Self.scalar(mediaType))
        }
        switch endpoint.response {
        case nil: break
        case .type(let type)?: entry(2, "response", Self.scalar(type.spelling))
        case .fields(let fields)?: nestedFieldMap(2, "response", "fields", fields)
        }
        if let timeout = endpoint.timeout { entry(2, "timeout", Self.literal(timeout)) }
        if endpoint.noRedirects { entry(2, "redirects", "none") }
        if !endpoint.paginate.isEmpty {
            let first = lines.count + 1
            line(2, "paginate:")
            for (key, value) in endpoint.paginate { entry(3, key, key == "link" ? "true" : Self.scalar(value)) }
            paginateBlocks.append((first...lines.count, endpointIndex))
        }
        if let sample = endpoint.sample { sampleEntry(2, sample) }
        if let responses = endpoint.responses {
            line(2, "responses:")
            // Status keys plain, as written by hand (`200:`); the decoder reads them as text.
            for (status, response) in responses {
                let sample = endpoint.statusSamples[status]
                switch response {
                case nil: line(3, "\(status.spelling): empty")
                case .type(let type)? where sample != nil:
                    line(3, "\(status.spelling):")
                    entry(4, "type", Self.scalar(type.spelling))
                case .type(let type)?: line(3, "\(status.spelling): " + Self.scalar(type.spelling))
                case .fields(let fields)?: nestedFieldMap(3, status.spelling, "fields", fields)
                }
                if let sample, response != nil { sampleEntry(4, sample) }
            }
        }
    }

    /// `sample:` in block style, as hand-written specs have it; each block the loader may yet
    /// refuse (a value the type cannot hold) is noted with its lines.
    private mutating func sampleEntry(_ depth: Int, _ sample: SampleValue) {
        let first = lines.count + 1
        value(depth, "sample", sample)
        sampleBlocks.append((first...lines.count, endpointIndex))
    }

    /// `key: value` at `depth`: scalars and empty collections on the key's line, others below it.
    private mutating func value(_ depth: Int, _ key: String, _ value: SampleValue) {
        switch value {
        case .object(let members) where !members.isEmpty:
            line(depth, Self.scalar(key) + ":")
            for member in members { self.value(depth + 1, member.key, member.value) }
        case .array(let items) where !items.isEmpty:
            line(depth, Self.scalar(key) + ":")
            for item in items { element(depth + 1, item) }
        default:
            entry(depth, key, Self.sampleScalar(value))
        }
    }

    /// `- item` at `depth`; an object's first member on the dash's line.
    private mutating func element(_ depth: Int, _ item: SampleValue) {
        switch item {
        case .object(let members) where !members.isEmpty:
            let start = lines.count
            for member in members { value(depth + 1, member.key, member.value) }
            let indent = String(repeating: "  ", count: depth + 1)
            lines[start] = String(repeating: "  ", count: depth) + "- " + lines[start].dropFirst(indent.count)
        case .array(let inner) where !inner.isEmpty:
            line(depth, "-")
            for element in inner { self.element(depth + 1, element) }
        default:
            line(depth, "- " + Self.sampleScalar(item))
        }
    }

    /// A scalar (or empty collection) of a sample: strings quoted when YAML would read them as
    /// anything else, numbers and booleans as written.
    static func sampleScalar(_ value: SampleValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text): return literal(text)
        case .string(let text): return scalar(text)
        case .array: return "[]"
        case .object: return "{}"
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
            || field.readOnly || field.writeOnly || field.credential || field.dateEncoding != nil
            || (field.defaultValue != nil && plainDefault == nil)
        guard needsLongForm else {
            let type = plainDefault.map { field.type.spelling + " = " + $0 } ?? field.type.spelling
            entry(depth, field.key, Self.scalar(type))
            return
        }
        line(depth, Self.scalar(field.key) + ":")
        entry(depth + 1, "type", Self.scalar(field.type.spelling))
        if let name = field.name { entry(depth + 1, "name", Self.scalar(name)) }
        if let summary = field.summary { entry(depth + 1, "summary", Self.scalar(summary)) }
        switch field.defaultValue {
        case .plain(let value)?: entry(depth + 1, "default", Self.literal(value))
        case .text(let value)?: entry(depth + 1, "default", Self.quoted(value))
        case nil: break
        }
        if field.deprecated { entry(depth + 1, "deprecated", "true") }
        if let style = field.style { entry(depth + 1, "style", Self.scalar(style)) }
        if let dates = field.dateEncoding { entry(depth + 1, "dateEncoding", Self.scalar(dates)) }
        if field.readOnly { entry(depth + 1, "readOnly", "true") }
        if field.writeOnly { entry(depth + 1, "writeOnly", "true") }
        if field.credential { entry(depth + 1, "credential", "true") }
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
        case .union(let cases):
            line(2, "oneOf:")
            line(3, "cases:")
            for item in cases {
                let type = item.name.map { "{ type: \(Self.flowScalar(item.type.spelling)), name: \(Self.flowScalar($0)) }" } ?? Self.scalar(item.type.spelling)
                line(4, "- " + type)
            }
        case .integerEnum(let cases):
            line(2, "enum:")
            entry(3, "type", "Int")
            line(3, "values:")
            for item in cases { entry(4, item.name, Self.literal(item.value)) }
        }
    }

    // MARK: - Scalars

    // One emitter for every YAML scalar endpointgen writes (EndpointGenSupport's `YAMLText`,
    // shared with export-openapi); these names keep the printer's calls short.
    static func scalar(_ text: String) -> String { YAMLText.scalar(text) }
    static func isPlainSafe(_ text: String) -> Bool { YAMLText.isPlainSafe(text) }
    static func isFlowSafe(_ text: String) -> Bool { YAMLText.isFlowSafe(text) }
    static func flowScalar(_ text: String) -> String { YAMLText.flowScalar(text) }
    static func literal(_ text: String) -> String { YAMLText.literal(text) }
    package static func comment(_ text: String) -> String { YAMLText.comment(text) }
    static func quoted(_ text: String) -> String { YAMLText.quoted(text) }
}
