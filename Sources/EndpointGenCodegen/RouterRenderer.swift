import EndpointGenSpec

/// Renders `<Service>Router`, the enum that conforms to the runtime's `Endpoint`.
struct RouterRenderer {
    let context: Context
    let service: Service
    let shapes: [EndpointShape]

    var typeName: String { service.name + "Router" }

    func render(into p: inout CodePrinter) {
        let access = context.access
        p.doc(service.summary)
        p.block("\(context.typeModifiers)enum \(typeName): Endpoint") { p in
            for shape in shapes {
                p.doc(shape.endpoint.summary, shape.endpoint.description)
                if shape.parameters.isEmpty {
                    p.line("case \(Naming.escaped(shape.caseName))")
                } else {
                    p.line("case \(Naming.escaped(shape.caseName))(\(shape.declarationList))")
                }
            }
            p.blank()
            p.line("\(access)var defaultBaseURL: URL? { \(defaultBaseURL) }")
            p.blank()
            constant(p: &p, "var method: HTTPMethod", shapes.map { ".\($0.endpoint.method.rawValue.lowercased())" })
            p.blank()
            renderPath(into: &p)
            p.blank()
            renderQuery(into: &p)
            p.blank()
            renderHeaders(into: &p)
            p.blank()
            renderBody(into: &p)
            p.blank()
            constant(p: &p, "var auth: AuthRequirement", shapes.map { authExpression($0.endpoint.auth) })
            p.blank()
            constant(p: &p, "var timeout: TimeInterval?", shapes.map { $0.endpoint.timeout.map(Self.number) ?? "nil" })
            p.blank()
            constant(p: &p, "var envelope: EnvelopeFormat?", shapes.map { envelopeExpression($0.endpoint.envelope) })
            p.blank()
            p.line("\(access)var errorFormat: ErrorBodyFormat { \(errorFormatExpression) }")
            p.blank()
            constant(p: &p, "var sampleData: Data", shapes.map { shape in
                guard let sample = shape.endpoint.sample else { return "Data()" }
                return "Data(\(SwiftLiteral.string(SampleJSON.body(sample: sample, envelope: shape.endpoint.envelope))).utf8)"
            })
        }
    }

    var defaultBaseURL: String {
        switch service.baseURL {
        case .none: return "nil"
        case .url(let url): return "URL(string: \(SwiftLiteral.string(url)))"
        case .environments(let environments):
            return "\(service.name)Environment.\(Naming.member(Naming.identifier(fromWire: environments[0].name))).url"
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
        case .apiKey(let header): return ".apiKey(header: \(SwiftLiteral.string(header)))"
        }
    }

    func envelopeExpression(_ envelope: Envelope?) -> String {
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
        if let model = errorBody.model { arguments.append("model: \(Naming.typeName(model)).self") }
        return "ErrorBodyFormat(\(arguments.joined(separator: ", ")))"
    }

    /// A property whose value depends only on the case: cases with equal values share a
    /// `case` line; one value for all needs no switch.
    func constant(p: inout CodePrinter, _ declaration: String, _ values: [String]) {
        let access = context.access
        if let first = values.first, values.allSatisfy({ $0 == first }) {
            p.line("\(access)\(declaration) { \(first) }")
            return
        }
        if values.isEmpty {
            p.line("\(access)\(declaration) { switch self {} }")
            return
        }
        var order: [String] = []
        var patterns: [String: [String]] = [:]
        for (shape, value) in zip(shapes, values) {
            if patterns[value] == nil { order.append(value) }
            patterns[value, default: []].append("." + Naming.member(shape.caseName))
        }
        // The most common value (the first of equals) reads best as `default:`.
        var fallback: String?
        for value in order where patterns[value]!.count > 1 {
            if fallback == nil || patterns[value]!.count > patterns[fallback!]!.count { fallback = value }
        }
        p.block("\(access)\(declaration)") { p in
            p.switchBlock("self") { p in
                for value in order where value != fallback {
                    p.line("case \(patterns[value]!.joined(separator: ", ")):")
                    p.line("    return \(value)")
                }
                if let fallback {
                    p.line("default:")
                    p.line("    return \(fallback)")
                }
            }
        }
    }

    /// A property computed from associated values: one `case` per endpoint that needs
    /// statements, the rest sharing `fallback`.
    func computed(p: inout CodePrinter, _ declaration: String, fallback: String, _ bodies: [(used: Set<String>, lines: [String])?]) {
        let access = context.access
        let needed = bodies.compactMap { $0 }.count
        if needed == 0 {
            p.line("\(access)\(declaration) { \(fallback) }")
            return
        }
        p.block("\(access)\(declaration)") { p in
            p.switchBlock("self") { p in
                var fallbackCases: [String] = []
                for (shape, body) in zip(shapes, bodies) {
                    guard let body else {
                        fallbackCases.append("." + Naming.member(shape.caseName))
                        continue
                    }
                    p.line("case \(shape.pattern(binding: body.used)):")
                    for line in body.lines { p.line("    \(line)") }
                }
                if fallbackCases.count == 1 {
                    p.line("case \(fallbackCases[0]):")
                    p.line("    return \(fallback)")
                } else if !fallbackCases.isEmpty {
                    p.line("default:")
                    p.line("    return \(fallback)")
                }
            }
        }
    }

    func renderPath(into p: inout CodePrinter) {
        let bodies: [(used: Set<String>, lines: [String])?] = shapes.map { shape in
            let pathParameters = shape.parameters.filter { $0.role == .path }
            var used = Set<String>()
            var lines: [String] = []
            for component in shape.endpoint.pathComponents {
                switch component {
                case .literal(let text):
                    lines.append(lines.isEmpty ? "var path: String = \(SwiftLiteral.string(text))" : "path += \(SwiftLiteral.string(text))")
                case .parameter(let name):
                    guard let parameter = pathParameters.first(where: { $0.wireName == name }) else { continue }
                    used.insert(parameter.swiftName)
                    let segment = "PathEncoding.segment(\(Naming.escaped(parameter.swiftName)))"
                    lines.append(lines.isEmpty ? "var path: String = \(segment)" : "path += \(segment)")
                }
            }
            if used.isEmpty {
                return ([], ["return \(SwiftLiteral.string(shape.endpoint.path))"])
            }
            lines.append("return path")
            return (used, lines)
        }
        // Paths without parameters are constants; share the `computed` layout for all.
        computed(p: &p, "var path: String", fallback: "\"\"", bodies)
    }

    func renderQuery(into p: inout CodePrinter) {
        let bodies: [(used: Set<String>, lines: [String])?] = shapes.map { shape in
            let query = shape.parameters.filter { $0.role == .query }
            guard !query.isEmpty else { return nil }
            var lines = ["var items: [QueryItem] = []"]
            for parameter in query {
                lines.append("items.append(name: \(SwiftLiteral.string(parameter.wireName)), \(Naming.escaped(parameter.swiftName)))")
            }
            lines.append("return items")
            return (Set(query.map(\.swiftName)), lines)
        }
        computed(p: &p, "var queryItems: [QueryItem]", fallback: "[]", bodies)
    }

    func renderHeaders(into p: inout CodePrinter) {
        let serviceHeaders = service.headers.map { "HTTPHeader(name: \(SwiftLiteral.string($0.name)), value: \(SwiftLiteral.string($0.value)))" }
        let bodies: [(used: Set<String>, lines: [String])?] = shapes.map { shape in
            let constants = serviceHeaders + shape.endpoint.headers.map {
                "HTTPHeader(name: \(SwiftLiteral.string($0.name)), value: \(SwiftLiteral.string($0.value)))"
            }
            let parameters = shape.parameters.filter { $0.role == .header }
            if parameters.isEmpty {
                if shape.endpoint.headers.isEmpty { return nil }
                return ([], ["return [\(constants.joined(separator: ", "))]"])
            }
            var lines = ["var headers: [HTTPHeader] = [\(constants.joined(separator: ", "))]"]
            for parameter in parameters {
                lines.append("headers.append(name: \(SwiftLiteral.string(parameter.wireName)), \(Naming.escaped(parameter.swiftName)))")
            }
            lines.append("return headers")
            return (Set(parameters.map(\.swiftName)), lines)
        }
        computed(p: &p, "var headers: [HTTPHeader]", fallback: "[\(serviceHeaders.joined(separator: ", "))]", bodies)
    }

    func renderBody(into p: inout CodePrinter) {
        let bodies: [(used: Set<String>, lines: [String])?] = shapes.map { shape in
            guard let body = shape.endpoint.body, let parameter = shape.parameters.last, parameter.role == .body else { return nil }
            let name = Naming.escaped(parameter.swiftName)
            switch body {
            case .json:
                return ([parameter.swiftName], ["return .json(\(name))"])
            case .raw(let contentType):
                return ([parameter.swiftName], ["return .raw(\(name), contentType: \(SwiftLiteral.string(contentType)))"])
            case .form(let modelName):
                var lines = ["var items: [QueryItem] = []"]
                if let model = context.models[modelName], case .structure(let fields) = model.kind {
                    var copy = context
                    let names = copy.fieldNames(fields, in: modelName)
                    for (field, swiftName) in zip(fields, names) {
                        lines.append("items.append(name: \(SwiftLiteral.string(field.wireName)), \(name).\(Naming.member(swiftName)))")
                    }
                }
                lines.append("return .form(items)")
                return ([parameter.swiftName], lines)
            case .multipart(let parts):
                var lines = ["var parts: [MultipartPart] = []"]
                var copy = context
                let names = copy.fieldNames(parts, in: "multipart body")
                for (part, swiftName) in zip(parts, names) {
                    lines.append("parts.append(name: \(SwiftLiteral.string(part.wireName)), \(name).\(Naming.member(swiftName)))")
                }
                lines.append("return .multipart(parts)")
                return ([parameter.swiftName], lines)
            }
        }
        computed(p: &p, "var body: RequestBody", fallback: ".none", bodies)
    }
}
