import EndpointGenSpec
import EndpointGenSupport

/// What every renderer needs to know about the module: models by name, the access level, and
/// the Namer's names.
struct Context {
    /// Every model of the module in module order, and each one's index by name.
    let models: [Model]
    let modelIndex: [String: Int]
    let options: CodegenOptions
    /// For models in a cycle of direct (non-collection) fields: the cycle's number. Fields from
    /// one such model to another of the same cycle are kept in an `Indirect` box, or the structs
    /// would contain themselves and not compile.
    let cycles: [String: Int]
    /// Every Swift name of the module, decided by the `Namer`: renderers look names up here.
    let names: NameTable

    init(module: SpecModule, options: CodegenOptions) {
        self.options = options
        names = module.names
        models = module.files.flatMap(\.models)
        var modelIndex: [String: Int] = [:]
        modelIndex.reserveCapacity(models.count)
        for (index, model) in models.enumerated() { modelIndex[model.name] = index }
        self.modelIndex = modelIndex
        cycles = ModelCycles.find(in: models, byName: modelIndex)
    }

    /// The model of that name (names are unique module-wide).
    func model(named name: String) -> Model? {
        modelIndex[name].map { models[$0] }
    }

    /// A struct model (`fields:`), as opposed to an enum or a union; or a list of them.
    func isStructModel(_ type: TypeRef, orListOfThem lists: Bool = false) -> Bool {
        if lists, case .array(let element) = type { return isStructModel(element) }
        guard case .model(let name) = type, let model = model(named: name), case .structure = model.kind else { return false }
        return true
    }

    /// Whether `field` of struct model `owner` closes a cycle and must be stored out of line.
    func isIndirect(_ type: TypeRef, in owner: String) -> Bool {
        guard !cycles.isEmpty, let cycle = cycles[owner], case .model(let target) = type.unwrapped else { return false }
        return cycles[target] == cycle
    }

    /// `public ` / `package ` / `` (internal is written as nothing).
    var access: String {
        switch options.accessLevel {
        case .public: return "public "
        case .package: return "package "
        case .internal: return ""
        }
    }

    /// Modifiers of every generated top-level type: the access level, then `nonisolated`, so the
    /// types and their conformances (Codable, Endpoint, Sendable) stay usable from any isolation
    /// even in targets whose default actor isolation is `MainActor` (Xcode's default for apps),
    /// where an unmarked type would get main-actor-isolated conformances that the runtime's
    /// nonisolated code cannot use.
    var typeModifiers: String { access + "nonisolated " }

    /// The Swift spelling of a spec type.
    func swiftType(_ type: TypeRef) -> String {
        switch type {
        case .primitive(let primitive):
            switch primitive {
            case .json: return "JSONValue"
            default: return primitive.rawValue
            }
        case .model(let name): return names.typeName(name)
        case .array(let element): return "[\(swiftType(element))]"
        case .dictionary(let value): return "[String: \(swiftType(value))]"
        case .optional(let wrapped): return "\(swiftType(wrapped))?"
        }
    }

    /// The metatype expression for `as:` arguments (`[Item].self`, `Optional<Item>.self`).
    func metatype(_ type: TypeRef) -> String {
        if case .optional(let wrapped) = type { return "Optional<\(swiftType(wrapped))>.self" }
        return "\(swiftType(type)).self"
    }

    /// A Swift expression for a default value of `type`.
    func defaultExpression(_ value: DefaultValue, type: TypeRef) -> String {
        switch value {
        case .null: return "nil"
        case .emptyArray: return "[]"
        case .emptyDictionary: return "[:]"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text):
            // An integer literal becomes a Decimal through Int; fractions, exponents and larger
            // integers are read from text (the resolver allows only numbers `Decimal(string:)` reads).
            if case .primitive(.decimal) = type.unwrapped, Int64(text) == nil {
                return "Decimal(string: \(SwiftLiteral.string(text)))!"
            }
            return text
        case .string(let text):
            switch type.unwrapped {
            case .primitive(.url): return "URL(string: \(SwiftLiteral.string(text)))!"
            case .primitive(.uuid): return "UUID(uuidString: \(SwiftLiteral.string(text)))!"
            default: return SwiftLiteral.string(text)
            }
        case .enumCase(let wire):
            guard case .model(let name) = type.unwrapped, let model = model(named: name), case .enumeration(let enumModel) = model.kind else {
                return SwiftLiteral.string(wire)
            }
            let cases = names.memberNames(name)
            if let index = enumModel.cases.firstIndex(where: { $0.value == wire || $0.swiftNameOverride == wire }), index < cases.count {
                return "." + Naming.member(cases[index])
            }
            return ".init(rawValue: \(enumModel.rawType == .int ? wire : SwiftLiteral.string(wire)))"
        }
    }

    /// The default of a parameter or property in an initializer: the spec default, or nil for optionals.
    func parameterDefault(_ field: Field) -> String? {
        parameterDefault(field.defaultValue, type: field.type)
    }

    /// `parameterDefault(_:)` from a field's parts (callers that keep no `Field` copy).
    func parameterDefault(_ value: DefaultValue?, type: TypeRef) -> String? {
        if let value { return defaultExpression(value, type: type) }
        return type.isOptional ? "nil" : nil
    }
}

/// JSON text of a sample (compact, keys in spec order), optionally wrapped in an envelope.
enum SampleJSON {
    /// A stream's sample values as the server would send them: one `data:` event each (text
    /// values as they are, one `data:` line per line), or one JSON value per line.
    static func streamBody(sample: SampleValue, format: StreamFormat, rawText: Bool) -> String {
        guard case .array(let values) = sample else { return "" }
        var out = ""
        for value in values {
            var text = ""
            if rawText, case .string(let raw) = value { text = raw } else { value.writeCompactJSON(into: &text) }
            switch format {
            case .events:
                for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                    out += "data: " + line + "\n"
                }
                out += "\n"
            case .lines:
                out += text + "\n"
            }
        }
        return out
    }

    /// The payload, wrapped in the envelope when there is one.
    static func wrapped(_ sample: SampleValue, envelope: SpecEnvelope?) -> SampleValue {
        guard let envelope else { return sample }
        var pairs: [(key: String, value: SampleValue)] = []
        if let success = envelope.success { pairs.append((success, .bool(true))) }
        pairs.append((envelope.payload, sample))
        return .object(pairs)
    }

    /// JSON for reading: two spaces per level, one member or element per line, keys in order.
    static func pretty(_ value: SampleValue, indent: String = "") -> String {
        let inner = indent + "  "
        switch value {
        case .array(let items) where !items.isEmpty:
            return "[\n" + items.map { inner + pretty($0, indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let pairs) where !pairs.isEmpty:
            return "{\n" + pairs.map { pair in
                var key = ""
                QuotedText.appendJSON(pair.key, to: &key)
                return inner + key + ": " + pretty(pair.value, indent: inner)
            }.joined(separator: ",\n") + "\n" + indent + "}"
        default:
            return value.compactJSON
        }
    }

    /// The full response body a stub returns: the payload, wrapped when there is an envelope.
    static func body(sample: SampleValue, envelope: SpecEnvelope?) -> String {
        wrapped(sample, envelope: envelope).compactJSON
    }
}
