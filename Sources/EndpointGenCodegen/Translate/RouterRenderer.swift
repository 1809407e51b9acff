import EndpointGenSpec

/// Renders `<Service>Router`, the enum that conforms to the runtime's `Endpoint`.
struct RouterRenderer {
    let context: Context
    let service: Service
    let shapes: [EndpointShape]

    var typeName: String { service.name + "Router" }

    /// The enum: its cases, then its properties, each a part of its own (a big Router's properties
    /// go to extensions named after them: a `switch self` over the cases cannot be split across files).
    func declarations() -> [Declaration] {
        let cases = shapes.map { shape in
            Declaration(doc: [shape.endpoint.summary, shape.endpoint.description],
                        "case \(shape.escapedCaseName)\(parenthesized: shape.declarations())", tight: true)
        }
        return [Declaration(
            doc: [service.summary], access: .written(context.typeModifiers), "enum \(typeName): Endpoint",
            body: .members(cases + properties), extensionSignature: "extension \(typeName)")]
    }

    /// The enum's properties, in the order written, each its own part: those with a runtime
    /// default only when a spec uses them.
    private var properties: [Declaration] {
        let api = Declaration.Access.written(context.access)
        var members: [Declaration] = []
        members.append(Declaration(access: api, "var defaultBaseURL: URL? { \(defaultBaseURL) }").inPart("defaultBaseURL"))
        members.append(constant(Property("method", "HTTPMethod"), shapes.map { shape in
            let method = shape.endpoint.method
            return method.isStandard ? ".\(method.rawValue.lowercased())" : "HTTPMethod(\(SwiftLiteral.string(method.rawValue)))"
        }))
        members.append(pathComponents)
        members.append(queryItems)
        members.append(headers)
        members.append(body)
        members.append(constant(Property("auth", "AuthRequirement"), shapes.map { authExpression($0.endpoint.auth) }))
        members.append(constant(Property("timeout", "TimeInterval?"), shapes.map { $0.endpoint.timeout.map(Self.number) ?? "nil" }))
        if shapes.contains(where: { !$0.endpoint.followsRedirects }) {
            members.append(constant(Property("followsRedirects", "Bool"), shapes.map { $0.endpoint.followsRedirects ? "true" : "false" }))
        }
        if let dates = service.dateEncoding {
            members.append(Declaration(access: api, "var dateEncoding: DateEncoding? { \(DateRendering.expression(dates)) }").inPart("dateEncoding"))
        }
        if let session = service.cookieSession {
            let expression = cookieSessionExpression(session)
            members.append(constant(Property("cookieSession", "CookieSession?"), shapes.map { $0.endpoint.auth == .cookie ? expression : "nil" }))
        }
        if shapes.contains(where: { !$0.endpoint.credentialHeaders.isEmpty }) {
            members.append(constant(Property("credentialHeaders", "[String]"), shapes.map { shape in
                "[" + shape.endpoint.credentialHeaders.map(SwiftLiteral.string).joined(separator: ", ") + "]"
            }))
        }
        // Endpoints of a service mostly share its envelope: each distinct one is spelled once.
        var spelled: (envelope: SpecEnvelope?, text: String)?
        members.append(constant(Property("envelope", "EnvelopeFormat?"), shapes.map { shape in
            if let spelled, spelled.envelope == shape.endpoint.envelope { return spelled.text }
            let text = envelopeExpression(shape.endpoint.envelope)
            spelled = (shape.endpoint.envelope, text)
            return text
        }))
        members.append(Declaration(access: api, "var errorFormat: ErrorBodyFormat { \(errorFormatExpression) }").inPart("errorFormat"))
        members.append(constant(Property("sampleData", "Data"), shapes.map(sampleData)))
        // Spelled only when a spec lists responses per status (the runtime's default is `[]`).
        if shapes.contains(where: { !$0.endpoint.responses.isEmpty }) {
            members.append(constant(Property("sampleResponses", "[SampleResponse]"), shapes.map(sampleResponses)))
        }
        return members
    }

    /// `Data(…)`: the endpoint's sample, as the stub transport answers it.
    func sampleData(_ shape: EndpointShape) -> String {
        guard let sample = shape.endpoint.sample else { return "Data()" }
        if case .stream(let format, let type) = shape.endpoint.response {
            return "Data(\(SwiftLiteral.string(SampleJSON.streamBody(sample: sample, format: format, rawText: type == .primitive(.string)))).utf8)"
        }
        // A download's sample is the file's text as it is, not a JSON string.
        if shape.endpoint.response == .download, case .string(let text) = sample {
            return "Data(\(SwiftLiteral.string(text)).utf8)"
        }
        let body = SampleJSON.wrapped(sample, envelope: shape.endpoint.envelope)
        switch body {
        case .object(let pairs) where !pairs.isEmpty:
            return "Data(\(SwiftLiteral.multiline(SampleJSON.pretty(body))).utf8)"
        case .array(let items) where !items.isEmpty:
            return "Data(\(SwiftLiteral.multiline(SampleJSON.pretty(body))).utf8)"
        default:
            return "Data(\(SwiftLiteral.string(body.compactJSON)).utf8)"
        }
    }

    /// `[SampleResponse(status: 200, body: sampleData), SampleResponse(status: 404, body: …)]`:
    /// every listed status, the stub's default (whose sample is `sampleData`) first.
    func sampleResponses(_ shape: EndpointShape) -> String {
        let endpoint = shape.endpoint
        guard let first = endpoint.defaultResponse else { return "[]" }
        var items = ["SampleResponse(status: \(first.status.representativeCode)\(first.sample == nil ? "" : ", body: sampleData"))"]
        for entry in endpoint.responses where entry.status != first.status {
            guard let sample = entry.sample else {
                // A status of the same type as the first (200 and 201 both a `Pet`) answers its sample.
                if first.sample != nil, entry.response == first.response, entry.status.isEnveloped == first.status.isEnveloped {
                    items.append("SampleResponse(status: \(entry.status.representativeCode), body: sampleData)")
                    continue
                }
                items.append("SampleResponse(status: \(entry.status.representativeCode))")
                continue
            }
            let text: String
            switch (entry.response, sample) {
            case (.data, .string(let raw)), (.string, .string(let raw)): text = raw
            default: text = (entry.status.isEnveloped ? SampleJSON.wrapped(sample, envelope: endpoint.envelope) : sample).compactJSON
            }
            items.append("SampleResponse(status: \(entry.status.representativeCode), body: Data(\(SwiftLiteral.string(text)).utf8))")
        }
        return "[" + items.joined(separator: ", ") + "]"
    }

    var defaultBaseURL: String {
        switch service.baseURL {
        case .none: return "nil"
        case .url(let url): return "URL(string: \(SwiftLiteral.string(url)))"
        case .environments:
            let first = context.names.services[service.name]?.environments.first?.name ?? ""
            return "\(service.name)Environment.\(Naming.member(first)).url"
        }
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    func authExpression(_ auth: Auth) -> String {
        switch auth {
        case .none: return ".none"
        case .bearer: return ".bearer"
        case .cookie: return ".cookie"
        case .basic: return ".basic"
        case .apiKey(let header): return ".apiKey(header: \(SwiftLiteral.string(header)))"
        case .apiKeyQuery(let name): return ".apiKeyInQuery(name: \(SwiftLiteral.string(name)))"
        }
    }

    /// `CookieSession(refresh: .reissueToken, csrf: CSRFToken(cookie: "XSRF-TOKEN", header: "X-XSRF-TOKEN"))`.
    func cookieSessionExpression(_ session: CookieSessionSetting) -> String {
        var arguments: [String] = []
        if let refresh = session.refresh {
            // An endpoint without parameters (validated): a case without associated values.
            let caseName = context.names.caseName(ofEndpoint: refresh.endpoint, inService: refresh.service) ?? refresh.endpoint
            arguments.append("refresh: \(refresh.service)Router.\(Naming.member(caseName))")
        }
        if let csrf = session.csrf {
            arguments.append("csrf: CSRFToken(cookie: \(SwiftLiteral.string(csrf.cookie)), header: \(SwiftLiteral.string(csrf.header)))")
        }
        return "CookieSession(\(arguments.joined(separator: ", ")))"
    }

    func envelopeExpression(_ envelope: SpecEnvelope?) -> String {
        guard let envelope else { return "nil" }
        var arguments = ["payload: \(SwiftLiteral.string(envelope.payload))"]
        if let success = envelope.success { arguments.append("success: \(SwiftLiteral.string(success))") }
        if let code = envelope.code { arguments.append("code: \(SwiftLiteral.string(code))") }
        if let message = envelope.message { arguments.append("message: \(SwiftLiteral.string(message))") }
        return "EnvelopeFormat(\(arguments.joined(separator: ", ")))"
    }

    var errorFormatExpression: String {
        guard let errorBody = service.errorBody else { return "ErrorBodyFormat()" }
        var arguments: [String] = []
        if let message = errorBody.message { arguments.append("message: \(SwiftLiteral.string(message))") }
        if let code = errorBody.code { arguments.append("code: \(SwiftLiteral.string(code))") }
        if let model = errorBody.model { arguments.append("model: \(context.names.typeName(model)).self") }
        return "ErrorBodyFormat(\(arguments.joined(separator: ", ")))"
    }

    /// Literals as the spec wrote them, values for the runtime to encode as one segment each.
    var pathComponents: Declaration {
        computed(Property("pathComponents", "[PathComponent]"), fallback: "[]", binding: .path, needs: { _ in true }) { shape, p in
            let components = shape.endpoint.pathComponents.compactMap { component -> String? in
                switch component {
                case .literal(let text):
                    return ".literal(\(SwiftLiteral.string(text)))"
                case .parameter(let name), .segments(let name):
                    guard let parameter = shape.parameters.first(where: { $0.role == .path && $0.wireName == name }) else { return nil }
                    if case .segments = component { return ".segments(\(parameter.valueExpression).parameterValue)" }
                    return ".value(\(parameter.valueExpression).parameterValue)"
                }
            }
            p.line("return [\(joined: components)]")
        }
    }

    var queryItems: Declaration {
        computed(Property("queryItems", "[QueryItem]"), fallback: "[]", binding: .query, needs: { $0.has(.query) }) { shape, p in
            let local = shape.local("items", among: .query)
            p.line("var \(local): [QueryItem] = []")
            putAppends(of: shape, .query, to: local, into: &p)
            p.line("return \(local)")
        }
    }

    /// An endpoint's own headers replace the service's of the same name (names compared without
    /// case, as HTTP does); an optional header parameter sends the service's value when nil.
    var headers: Declaration {
        func items(_ headers: [Header]) -> [String] {
            headers.map { "HTTPHeader(name: \(SwiftLiteral.string($0.name)), value: \(SwiftLiteral.string($0.value)))" }
        }
        let serviceNames = service.headers.map { $0.name.lowercased() }
        let fallback = "[" + items(service.headers).joined(separator: ", ") + "]"
        return computed(
            Property("headers", "[HTTPHeader]"), fallback: fallback, binding: .header,
            needs: { $0.has(.header) || !$0.endpoint.headers.isEmpty }
        ) { shape, p in
            var serviceHeaders = service.headers
            if !serviceNames.isEmpty {
                var replaced = Set(shape.endpoint.headers.map { $0.name.lowercased() })
                for parameter in shape.parameters where parameter.role == .header {
                    replaced.insert(parameter.wireName.lowercased())
                }
                serviceHeaders = service.headers.indices.filter { !replaced.contains(serviceNames[$0]) }.map { service.headers[$0] }
            }
            let local = shape.local("headers", among: .header)
            let list = items(serviceHeaders) + items(shape.endpoint.headers)
            guard shape.has(.header) else {
                p.line("return [\(joined: list)]")
                return
            }
            p.line("var \(local): [HTTPHeader] = [\(joined: list)]")
            putAppends(of: shape, .header, to: local, into: &p) { parameter in
                // An optional parameter named like a service header takes the service's value when nil.
                guard parameter.optional, let index = serviceNames.firstIndex(of: parameter.wireName.lowercased()) else {
                    return nil
                }
                return service.headers[index].value
            }
            p.line("return \(local)")
        }
    }

    /// `list.append(name: "wire", value)` for each parameter of `role`, in declaration order;
    /// `…, otherwise: "text")` where `otherwise` gives a value to send when the parameter is nil.
    private func putAppends(
        of shape: EndpointShape, _ role: EndpointShape.Role, to list: String, into p: inout CodePrinter,
        otherwise: (EndpointShape.Parameter) -> String? = { _ in nil }
    ) {
        for parameter in shape.parameters where parameter.role == role {
            // An object goes field by field, its dates in the service's encoding as in its JSON.
            let value: StaticString = parameter.isObject ? "fields: " : ""
            let style = role == .query ? shape.endpoint.queryStyles[parameter.wireName].map(Self.runtimeStyle) : nil
            let dates = parameter.isObject ? service.dateEncoding.map(DateRendering.expression) : nil
            p.line("\(list).append(name: \(literal: parameter.wireName), \(value)\(parameter.valueExpression)\(prefix: ", otherwise: ", literal: otherwise(parameter))\(prefix: ", style: .", style)\(prefix: ", dates: ", dates))")
        }
    }

    /// A form body whose model has no field to send, or a multipart body of no parts.
    func hasNothingToSend(_ shape: EndpointShape) -> Bool {
        switch shape.endpoint.body {
        case .form(let modelName)?:
            guard let model = context.model(named: modelName), case .structure(let fields) = model.kind else { return false }
            return fields.allSatisfy { $0.access == .readOnly }
        case .multipart(let parts)?:
            return parts.isEmpty
        default:
            return false
        }
    }

    /// Whether a multipart part is sent as JSON: a model that is not an enum, `JSON`, or an
    /// array or map of them.
    func isJSONPart(_ type: TypeRef) -> Bool {
        switch type {
        case .model(let name):
            if let model = context.model(named: name), case .enumeration = model.kind { return false }
            return true
        case .primitive(.json): return true
        case .array(let element), .dictionary(let element): return isJSONPart(element)
        default: return false
        }
    }

    /// `items.append(…)` of a form field: scalars and lists of them as values (a list in its
    /// `style`), anything else (models, lists of them, maps, JSON) as fields by the bracket convention.
    func formAppend(_ field: Field, _ value: String) -> String {
        let name = SwiftLiteral.string(field.wireName)
        let style = field.style.map { ", style: .\(Self.runtimeStyle($0))" } ?? ""
        guard isFormValue(field.type.unwrapped) else {
            // Dates inside are written in the service's encoding, as in its JSON bodies.
            let dates = service.dateEncoding.map { ", dates: \(DateRendering.expression($0))" } ?? ""
            return "items.append(name: \(name), fields: \(value)\(style)\(dates))"
        }
        return "items.append(name: \(name), \(formValue(field, value))\(style))"
    }

    /// A scalar (a primitive but JSON, or an enum) or a list of them: a `ParameterValue`.
    func isFormValue(_ type: TypeRef) -> Bool {
        switch type {
        case .primitive(let primitive): return primitive != .json
        case .model(let name):
            if let model = context.model(named: name), case .enumeration = model.kind { return true }
            return false
        case .array(let element):
            if case .array = element { return false }
            return isFormValue(element)
        default: return false
        }
    }

    /// A form field's or text part's value: dates in the field's or the service's encoding.
    func formValue(_ field: Field, _ value: String) -> String {
        guard let dates = DateRendering.encoding(of: field, serviceDates: service.dateEncoding) else { return value }
        return DateRendering.value(value, optional: field.type.isOptional, list: field.type.unwrapped != .primitive(.date), dates)
    }

    /// The runtime's `ParameterStyle` case for a spec style.
    static func runtimeStyle(_ style: QueryStyle) -> String {
        switch style {
        case .repeat: return "repeated"
        case .form: return "exploded"
        default: return style.rawValue
        }
    }

    var body: Declaration {
        computed(
            Property("body", "RequestBody"), fallback: ".none", binding: .body,
            // A form of no fields and a multipart body of no parts send no body (and bind nothing,
            // so no unused value).
            needs: { $0.endpoint.body != nil && $0.parameters.last?.role == .body && !hasNothingToSend($0) }
        ) { shape, p in
            guard let body = shape.endpoint.body, let parameter = shape.parameters.last else { return }
            let name = parameter.escapedName
            switch body {
            case .json:
                p.line("return .json(\(name))")
            case .raw(let contentType):
                p.line("return .raw(\(name), contentType: \(SwiftLiteral.string(contentType)))")
            case .file(let contentType):
                p.line("return .file(\(name), contentType: \(SwiftLiteral.string(contentType)))")
            case .form(let modelName):
                p.line("var items: [QueryItem] = []")
                if let model = context.model(named: modelName), case .structure(let fields) = model.kind {
                    for (field, swiftName) in zip(fields, context.names.memberNames(modelName)) where field.access != .readOnly {
                        p.line(text: formAppend(field, "\(name).\(Naming.member(swiftName))"))
                    }
                }
                p.line("return .form(items)")
            case .multipart(let parts):
                p.line("var parts: [MultipartPart] = []")
                for (part, swiftName) in zip(parts, shape.names.parts.map(\.name)) {
                    // Models and JSON go as JSON parts; scalars as text, files as files.
                    let isJSON = isJSONPart(part.type.unwrapped)
                    let label = isJSON ? "json: " : ""
                    // A JSON part's dates in the service's encoding, as in its JSON bodies.
                    let dates = isJSON ? service.dateEncoding.map { ", dates: \(DateRendering.expression($0))" } ?? "" : ""
                    p.line("parts.append(name: \(SwiftLiteral.string(part.wireName)), \(label)\(formValue(part, "\(name).\(Naming.member(swiftName))"))\(dates))")
                }
                p.line("return .multipart(parts)")
            }
        }
    }
}
