import EndpointGenSpec
import EndpointGenSupport

/// What a `Date` becomes in the exported document: the `type` and `format` of its wire form
/// (`string`/`date-time`, `string`/`date`, `number`/`unix-time`, `integer`/`unix-time-ms`, a
/// `string` for local date-times), and `x-endpointgen-date-encoding` so import-openapi gives the
/// field or parameter back its own `dateEncoding` (or none, for `service`).
struct DateLeaf: Equatable {
    /// The encoding on the wire; nil for ISO 8601 through the client's coders.
    var setting: DateEncodingSetting?
    /// The field's or parameter's own `dateEncoding:`; false when it follows its service's.
    var own = false

    /// A date that follows the service's encoding (nil: none, ISO 8601).
    static func service(_ setting: DateEncodingSetting?) -> DateLeaf { DateLeaf(setting: setting) }

    /// The schema of one date.
    var schema: DocumentValue {
        var schema = ObjectBuilder()
        let kind = setting?.kind ?? .iso8601
        let (type, format): (String, String?) =
            switch kind {
            case .iso8601: ("string", "date-time")
            case .date: ("string", "date")
            // Whole seconds are written as integers, others with their fraction.
            case .epochSeconds: ("number", "unix-time")
            case .epochMilliseconds: ("integer", "unix-time-ms")
            // No JSON Schema format has a date-time without an offset: a pattern says it.
            case .local: ("string", nil)
            }
        schema.set("type", type)
        schema.set("format", format)
        if kind == .local { schema.set("pattern", Self.localDateTimePattern) }
        if own {
            schema.set(OpenAPIExtension.dateEncoding, kind.rawValue)
            if kind == .date || kind == .local, let zone = setting?.timeZone, zone != "UTC" {
                schema.set(OpenAPIExtension.timeZone, zone)
            }
        } else if kind != .iso8601 {
            schema.set(OpenAPIExtension.dateEncoding, "service")
        }
        return schema.value
    }
}

extension DateLeaf {
    /// A local date-time as the client reads it (`2024-12-26T19:30:15.123`, seconds optional),
    /// only days that exist: the 29th of February in leap years (every 4th, not every 100th,
    /// every 400th), the 31st in long months.
    static let localDateTimePattern = "^(?:[0-9]{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8]))"
        + "|(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)"
        + "T(?:[01][0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9](?:\\.[0-9]+)?)?$"
}

/// Which service encodings reach each model: a model's dates without their own follow the
/// encoding of the service that sends or receives it, which the document can say only when
/// every service using the model has the same one.
struct ModelDateEncodings {
    /// Model name → the distinct encodings (nil: ISO 8601) of the services that use it, in
    /// order of first use.
    private var encodings: [String: [DateEncodingSetting?]] = [:]
    /// Model name → the services that use it, in order, for the warning.
    private var users: [String: [String]] = [:]

    init(module: SpecModule) {
        let models = module.modelsByName
        for service in module.files.compactMap(\.service) {
            var pending: [String] = []
            func add(_ type: TypeRef) { pending += Self.modelNames(in: type) }
            for field in service.sharedHeaders + service.sharedQuery { add(field.type) }
            if let model = service.errorBody?.model { pending.append(model) }
            for endpoint in service.endpoints {
                for field in endpoint.pathParameters + endpoint.query + endpoint.headerParameters { add(field.type) }
                switch endpoint.body {
                case .json(let type)?: add(type)
                case .form(let model)?: pending.append(model)
                case .multipart(let parts)?: for part in parts { add(part.type) }
                case .raw?, .file?, nil: break
                }
                for response in [endpoint.response] + endpoint.responses.map(\.response) {
                    switch response {
                    case .json(let type), .envelope(let type), .stream(_, let type): add(type)
                    case .empty, .data, .string, .download: break
                    }
                }
            }
            var reached: Set<String> = []
            while let name = pending.popLast() {
                guard let model = models[name], reached.insert(name).inserted else { continue }
                switch model.kind {
                case .structure(let fields): for field in fields { add(field.type) }
                case .oneOf(let oneOf): pending += oneOf.variants.map(\.model)
                case .union(let union): for variant in union.variants { add(variant.type) }
                case .enumeration: break
                }
            }
            // In a fixed order: the set only says which models were reached.
            for name in reached.sorted() {
                if !(encodings[name] ?? []).contains(service.dateEncoding) { encodings[name, default: []].append(service.dateEncoding) }
                users[name, default: []].append(service.name)
            }
        }
    }

    /// How the dates of `model` that have no encoding of their own are exported, and a warning
    /// when its services disagree (then ISO 8601 without a marker: import gives the fields no
    /// encoding, so they follow each service again).
    func leaf(for model: String) -> (leaf: DateLeaf, conflict: String?) {
        let found = encodings[model] ?? []
        guard found.count > 1 else { return (.service(found.first ?? nil), nil) }
        let described = found.map { $0.map(\.kind.rawValue) ?? "iso8601" }.joined(separator: ", ")
        return (.service(nil), "'\(model)' is used by services with different date encodings (\(described): \(users[model, default: []].joined(separator: ", "))); its dates that follow the service are exported as 'date-time', which only the ISO 8601 services write")
    }

    private static func modelNames(in type: TypeRef) -> [String] {
        switch type {
        case .primitive: return []
        case .model(let name): return [name]
        case .array(let inner), .dictionary(let inner), .optional(let inner): return modelNames(in: inner)
        }
    }
}
