import EndpointGenSupport
import EndpointGenYAML

// Type references: resolving names, and what kind of type each is.
extension Resolver {
    // MARK: - Types

    /// Resolves a type expression; reports and returns nil when a name is unknown or misused.
    mutating func resolveType(_ expr: TypeExpr, allowFile: Bool) -> TypeRef? {
        switch expr {
        case .name(let name, let location):
            if let primitive = PrimitiveType(rawValue: name) {
                if primitive == .file && !allowFile {
                    diagnostics.error("'File' is only allowed in multipart bodies and as a response (a download)", at: location)
                    return nil
                }
                return .primitive(primitive)
            }
            if let entry = table[name] { return entry.ref }
            if name == "Envelope" {
                diagnostics.error("'Envelope' needs a payload type, like 'Envelope<Question>'", at: location)
                return nil
            }
            reportUnknown(name, at: location)
            return nil
        case .array(let element):
            return resolveType(element, allowFile: allowFile).map { .array($0) }
        case .dictionary(let value):
            return resolveType(value, allowFile: allowFile).map { .dictionary($0) }
        case .optional(let wrapped, _):
            return resolveType(wrapped, allowFile: allowFile).map { .optional($0) }
        case .envelope(_, let location):
            diagnostics.error("'Envelope<T>' is only allowed as the response of an endpoint", at: location)
            return nil
        case .stream(let format, _, let location):
            diagnostics.error("'\(format.typeName)<T>' is only allowed as the response of an endpoint", at: location)
            return nil
        }
    }

    /// Remembers the first use (in source order) of an unknown name; reported once by `reportUnknownNames`.
    private mutating func reportUnknown(_ name: String, at location: SourceLocation) {
        guard !incomplete else { return }
        if let first = unknownNames[name], first < location { return }
        unknownNames[name] = location
    }

    mutating func reportUnknownNames() {
        let candidates = PrimitiveType.allCases.map(\.rawValue) + modelNames
        for (name, location) in unknownNames.sorted(by: { $0.value < $1.value }) {
            diagnostics.error("unknown type '\(name)'\(DidYouMean.hint(for: name, among: candidates))", at: location)
        }
    }

    func isEnum(_ name: String) -> Bool {
        table[name]?.enumModel != nil
    }

    /// A struct model: as a query parameter, written field by field in a `style` of objects.
    func isStructModel(_ type: TypeRef) -> Bool {
        guard case .model(let name) = type else { return false }
        return table[name]?.isStructure ?? false
    }

    /// A list of struct models: as a query parameter, `deepObject` only (`lines[0][amount]=1`).
    func isStructList(_ type: TypeRef) -> Bool {
        guard case .array(let element) = type else { return false }
        return isStructModel(element)
    }

    func enumModel(_ name: String) -> EnumModel? {
        table[name]?.enumModel
    }

    /// The syntax of a registered model.
    func syntax(of entry: ModelEntry) -> ModelSyntax {
        entry.inline ? files[entry.file].inlineModels[entry.index] : files[entry.file].models[entry.index]
    }

    func isScalar(_ type: TypeRef) -> Bool {
        switch type {
        case .primitive(let primitive): return Self.parameterPrimitives.contains(primitive)
        case .model(let name): return isEnum(name)
        default: return false
        }
    }

    func isScalarOrArray(_ type: TypeRef) -> Bool {
        if case .array(let element) = type { return isScalar(element) }
        return isScalar(type)
    }

    func isScalarMap(_ type: TypeRef) -> Bool {
        if case .dictionary(let value) = type { return isScalar(value) }
        return false
    }

    func isPart(_ type: TypeRef) -> Bool {
        let element: TypeRef
        if case .array(let inner) = type { element = inner } else { element = type }
        return isScalar(element) || element == .primitive(.file) || Self.isJSONPart(type)
    }

    /// A multipart part sent as JSON (`Content-Type: application/json`): a model that is not an
    /// enum, `JSON`, or an array or map of them.
    static func isJSONPart(_ type: TypeRef) -> Bool {
        switch type {
        case .model: return true
        case .primitive(.json): return true
        case .array(let element), .dictionary(let element): return isJSONPart(element) || element == .primitive(.json)
        default: return false
        }
    }
}
