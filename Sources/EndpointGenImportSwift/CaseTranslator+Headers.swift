#if ImportSwift
import EndpointGenImport
import EndpointGenSpec
import EndpointGenSupport
import EndpointGenYAML
import SwiftSyntax

/// What an `asURLRequest()` did to its request, in order: the headers it set and the encoding
/// it passed the parameters to (`try encoding.encode(request, with: parameters)`).
struct RequestSteps {
    enum Step {
        case encode(Value, Value?)
        case header(Value, Value)
        /// `request.timeoutInterval = 30`.
        case timeout(Value)
    }

    private(set) var steps: [Step] = []

    init(_ request: Value) {
        var current: Value? = request
        var reversed: [Step] = []
        // Each step wraps the request before it: walk inwards, then read them in order.
        for _ in 0..<1000 {
            guard let value = current, case .call(let callee, let arguments) = value.kind else { break }
            switch callee.kind {
            case .member(let base?, "encode"):
                reversed.append(.encode(base, value.argument("with", at: 1)))
                current = arguments.first?.value
            case .member(let base?, "setValue"), .member(let base?, "addValue"):
                if let key = value.argument("forHTTPHeaderField", at: 1), let header = value.argument(nil, at: 0) { reversed.append(.header(key, header)) }
                current = base
            case .member(let base?, "set:timeoutInterval"):
                if let seconds = arguments.first?.value { reversed.append(.timeout(seconds)) }
                current = base
            case .member(let base?, "set:headers"), .member(let base?, "set:allHTTPHeaderFields"):
                reversed += Self.headers(in: arguments.first?.value).reversed()
                current = base
            case .member(let base?, _):
                current = base
            default:
                reversed += Self.headers(in: value.argument("headers")).reversed()
                current = nil
            }
        }
        steps = reversed.reversed()
    }

    /// The entries of `HTTPHeaders([...])`, `[...]` or `["A": "b"]`.
    private static func headers(in value: Value?) -> [Step] {
        guard var value else { return [] }
        if case .call(_, let arguments) = value.kind, arguments.count == 1 { value = arguments[0].value }
        guard case .dictionary(let entries) = value.kind else { return [] }
        return entries.map { .header($0.key, $0.value) }
    }
}

extension CaseTranslator {
    /// The parts of a multipart body: `MultipartFormData(provider: .data(x), name: "n", fileName: …)`.
    func multipartParts(_ value: Value?, arguments: CaseArguments) -> [ImportedField] {
        var items: [Value] = []
        var current = value
        // `[part, part]`, or `parts.append(part)` on a list built in steps.
        while let list = current {
            if case .array(let elements) = list.kind {
                items.insert(contentsOf: elements, at: 0)
                break
            }
            guard case .call(let callee, let callArguments) = list.kind, case .member(let base?, "append") = callee.kind, let part = callArguments.first else {
                context.warn(.runTimeValues, "the parts of '\(item.name)' are built at run time (\(describe(list))): the parts import-swift could read are kept; add the others to the spec", at: list.node)
                break
            }
            items.insert(part.value, at: 0)
            current = base
        }
        var fields: [ImportedField] = []
        for item in items {
            // A part appended under a condition (`if let caption { parts.append(…) }`) is optional.
            let (part, isOptional) = item.conditional
            guard var field = multipartField(part, arguments: arguments), !fields.contains(where: { $0.key == field.key }) else { continue }
            if isOptional, !field.type.isOptional { field.type = field.type.madeOptional }
            fields.append(field)
        }
        return fields
    }

    private func multipartField(_ part: Value, arguments: CaseArguments) -> ImportedField? {
        guard let name = part.argument("name", at: 1)?.constantText, let provider = part.argument("provider", at: 0) else {
            context.warn(.runTimeValues, "a part of '\(item.name)' is not a MultipartFormData(provider:name:…) import-swift can read (\(describe(part))): it is left out; add it to the spec", at: part.node)
            return nil
        }
        let isFile = part.argument("fileName") != nil || provider.memberName == "file"
        if !isFile, provider.memberName == "data", let data = provider.argument(nil, at: 0), let text = Self.textOfData(data) {
            return arguments.field(name, text, isOptional: false)
        }
        var field = ImportedField(key: name, type: .named("File"))
        if case .argument(let index, let members)? = provider.argument(nil, at: 0)?.kind {
            field.name = TypeMapper.swiftName(arguments.name(index, members: members), wire: name)
        }
        if part.argument("fileName")?.constantText != nil || part.argument("mimeType")?.constantText != nil {
            context.note("part '\(name)' of '\(item.name)' has its file name and type written in the code: with the spec, the caller passes them in File(data:fileName:mimeType:)", at: part.node)
        }
        return field
    }

    /// The text a `Data` value is made of: `text.data(using: .utf8)!`, `Data(text.utf8)`.
    static func textOfData(_ value: Value) -> Value? {
        guard case .call(let callee, let arguments) = value.kind else { return nil }
        if let base = Self.dropping("data", from: callee) { return base }
        if callee.dottedName == "Data", let first = arguments.first?.value, let base = Self.dropping("utf8", from: first) { return base }
        return nil
    }

    /// `base` of `base.member`, also where `base` is one of the case's values (`text.utf8`).
    private static func dropping(_ member: String, from value: Value) -> Value? {
        switch value.kind {
        case .member(let base?, let name) where name == member:
            return base
        case .argument(let index, let members) where members.last == member:
            return Value(.argument(index: index, members: Array(members.dropLast())), at: value.node)
        default:
            return nil
        }
    }

    /// The case's headers: constants stay constant, credentials become `auth:` (never a value
    /// copied out of the code), associated values and run-time values header parameters. Returns
    /// the `Content-Type` left out of a request without a body.
    func readHeaders(_ values: [Value], body: ImportedBody?, arguments: CaseArguments, into endpoint: inout ImportedEndpoint) -> Syntax? {
        var droppedContentType: Syntax?
        for value in values {
            if case .null = value.kind { continue }
            guard let dictionary = Evaluator.headerDictionary(value), case .dictionary(let entries) = dictionary.kind else {
                context.warn(.runTimeValues, "the headers of '\(item.name)' are computed at run time (\(describe(value))): they are left out; add them to the spec", at: value.node)
                continue
            }
            for entry in entries {
                if let dropped = header(entry, body: body, arguments: arguments, into: &endpoint) { droppedContentType = dropped }
            }
        }
        return droppedContentType
    }

    private func header(_ entry: Value.Entry, body: ImportedBody?, arguments: CaseArguments, into endpoint: inout ImportedEndpoint) -> Syntax? {
        guard let name = entry.key.constantText else {
            if Evaluator.excerpt(entry.key.node).lowercased().contains("cookie") {
                setAuth("cookie", on: &endpoint, because: "copying cookies into the headers", at: entry.key.node)
            } else {
                context.warn(.runTimeValues, "a header of '\(item.name)' has a name computed at run time (\(describe(entry.key))): it is left out; add it to the spec", at: entry.key.node)
            }
            return nil
        }
        let lower = name.lowercased()
        if lower == "content-type", let text = entry.value.constantText {
            return contentType(text, body: body, into: &endpoint, at: entry.value.node)
        }
        if let auth = credential(name, entry.value) {
            // Said at the header's name, where the layer sets it: the value is not repeated.
            setAuth(auth, on: &endpoint, because: "header '\(name)'", at: entry.key.node)
            return nil
        }
        if lower == "authorization" || Self.isCredentialName(lower) {
            var field = headerParameter(name, entry.value, arguments: arguments) ?? ImportedField(key: name, type: .named("String"))
            field.credential = true
            context.warn(.credentials, "header '\(name)' of '\(item.name)' carries a credential that is no bearer token or API key: it becomes a header parameter marked credential, given by the caller", at: entry.key.node)
            if !endpoint.headerParams.contains(where: { $0.key == name }) { endpoint.headerParams.append(field) }
            return nil
        }
        if let text = entry.value.constantText, text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            context.warn(.runTimeValues, "header '\(name)' of '\(item.name)' has a control character (a line break) in its value, which no request can carry: it is left out", at: entry.key.node)
            return nil
        }
        if let text = entry.value.constantText, !entry.isOptional {
            endpoint.headers.removeAll { $0.name.lowercased() == lower }
            endpoint.headers.append((name, text))
            return nil
        }
        if entry.value.constantText != nil, entry.isOptional {
            // Set only on some paths (`if let token { headers["X-Signed-In"] = "1" }`).
            context.warn(.runTimeValues, "header '\(name)' of '\(item.name)' is set only under a condition: it becomes an optional header parameter (nil: not sent); the caller passes its value where the condition held", at: entry.key.node)
            var field = ImportedField(key: name, type: TypeExpr.named("String").madeOptional)
            field.name = nil
            if !endpoint.headerParams.contains(where: { $0.key == name }) { endpoint.headerParams.append(field) }
            return nil
        }
        guard var field = headerParameter(name, entry.value, arguments: arguments) else { return nil }
        if entry.isOptional, !field.type.isOptional { field.type = field.type.madeOptional }
        if !endpoint.headerParams.contains(where: { $0.key == name }) { endpoint.headerParams.append(field) }
        return nil
    }

    private func headerParameter(_ name: String, _ value: Value, arguments: CaseArguments) -> ImportedField? {
        switch value.kind {
        case .argument, .coalesce, .call:
            if let field = arguments.field(name, value, isOptional: false) { return field }
        case .text(let pieces) where pieces.count == 1:
            if case .value(let inner) = pieces[0], case .argument = inner.kind { return arguments.field(name, inner, isOptional: false) }
        default:
            break
        }
        guard value.constantText == nil else { return nil }
        context.warn(.runTimeValues, "header '\(name)' of '\(item.name)' is computed at run time (\(describe(value))): it becomes a header parameter the caller gives", at: value.node)
        return ImportedField(key: name, type: .named("String"))
    }

    /// The spec's auth for a credential header: `Bearer …` and `Basic …` in `Authorization`, an
    /// API key header, `Cookie`.
    private func credential(_ name: String, _ value: Value) -> String? {
        let lowerName = name.lowercased()
        var leading = ""
        if case .text(let pieces) = value.kind, case .literal(let text)? = Self.flattened(pieces).first { leading = text.lowercased() }
        switch lowerName {
        case "authorization":
            if leading.hasPrefix("bearer ") { return "bearer" }
            if leading.hasPrefix("basic ") { return "basic" }
            return nil
        case "cookie":
            return "cookie"
        default:
            return Self.isAPIKeyName(lowerName) ? "apiKey(\(name))" : nil
        }
    }

    static func isAPIKeyName(_ lower: String) -> Bool {
        ["x-api-key", "api-key", "apikey", "x-apikey", "x-api-token", "api-token"].contains(lower)
    }

    static func isCredentialName(_ lower: String) -> Bool {
        isAPIKeyName(lower) || lower.contains("token") || lower.contains("secret") || lower.contains("session") || lower == "proxy-authorization"
    }

    private func setAuth(_ auth: String, on endpoint: inout ImportedEndpoint, because reason: String, at node: Syntax) {
        if let existing = endpoint.auth, existing != auth {
            context.warn(.credentials, "'\(item.name)' sends two credentials (\(existing) and \(auth)): the spec keeps \(existing); add the other as a header parameter", at: node)
            return
        }
        endpoint.auth = auth
        context.note("\(reason) becomes auth: \(auth): the client gives the credential (Authentication), and it goes only to the API's origin", at: node)
    }

    /// A constant `Content-Type`: the raw body's type, else what the runtime sets for the body.
    private func contentType(_ text: String, body: ImportedBody?, into endpoint: inout ImportedEndpoint, at node: Syntax) -> Syntax? {
        let mime = text.split(separator: ";").first.map { String($0).trimmingSpaces } ?? text
        switch body {
        case nil:
            return node
        case .raw?:
            endpoint.body = .raw(mime)
        case .file?:
            endpoint.body = .file(mime)
        case .type?, .json?:
            // A JSON media type of its own (`application/vnd.api+json`) is the spec's header too.
            if mime.lowercased() != "application/json" { endpoint.headers.append(("Content-Type", text)) }
        case .form?, .formModel?:
            if mime.lowercased() != "application/x-www-form-urlencoded" { warnContentType(text, sent: "application/x-www-form-urlencoded; charset=utf-8", at: node) }
        case .multipart?:
            if mime.lowercased() != "multipart/form-data" { warnContentType(text, sent: "multipart/form-data", at: node) }
        }
        return nil
    }

    private func warnContentType(_ text: String, sent: String, at node: Syntax) {
        context.warn(.clientHeaders, "'\(item.name)' sets Content-Type '\(text)', but its body is sent as \(sent) with that Content-Type by the runtime; check the server accepts it", at: node)
    }

    /// `sampleData` of JSON text becomes the endpoint's `sample:` and its response `JSON`.
    func readSample(_ value: Value?, into endpoint: inout ImportedEndpoint, isDownload: Bool) {
        guard let value, !isDownload, let textValue = Self.textOfData(value) ?? (value.constantText != nil ? value : nil),
              let text = textValue.constantText, !text.allSatisfy(\.isWhitespace) else { return }
        let loaded = YAMLLoader.load(Array(text.utf8), file: context.location(of: value.node).file, options: .document)
        guard !loaded.hasErrors, let root = loaded.documents.first, text.first(where: { !$0.isWhitespace }).map({ "{[".contains($0) }) == true else {
            context.note("the sampleData of '\(item.name)' is not JSON: it is not kept", at: value.node)
            return
        }
        endpoint.sample = SampleValue(json: root)
        // Without a type from the layer's calls, the sample is JSON of some shape.
        if case .type(let type)? = endpoint.response, type.plainName == "Data" { endpoint.response = .type(.named("JSON")) }
    }
}

extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
#endif
