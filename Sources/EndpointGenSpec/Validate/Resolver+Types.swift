import EndpointGenSupport
import EndpointGenYAML

// Type references: resolving names, and what kind of type each is.
extension Resolver {
    // MARK: - Types

    /// Resolves a type expression; reports and returns nil when a name is unknown or misused.
    mutating func resolveType(_ expr: TypeExpr, allowFile: Bool) -> TypeRef? {
        switch expr {
        case .name(let name, let location):
            if let primitive = Self.primitive(named: name) {
                if primitive == .file && !allowFile {
                    diagnostics.error("'File' is only allowed in multipart bodies and as a response (a download)", at: location)
                    return nil
                }
                return Self.primitiveRefs[primitive.index]
            }
            if let entry = table[name] { return entry.ref }
            if name == "Envelope" {
                diagnostics.error("'Envelope' needs a payload type, like 'Envelope<Question>'", at: location)
                return nil
            }
            reportUnknown(name, at: location)
            return nil
        case .array(let element):
            if case .name(let name, _) = element, let primitive = Self.primitive(named: name), primitive != .file {
                return Self.arrayPrimitiveRefs[primitive.index]
            }
            return resolveType(element, allowFile: allowFile).map { .array($0) }
        case .dictionary(let value):
            return resolveType(value, allowFile: allowFile).map { .dictionary($0) }
        case .optional(let wrapped, _):
            if case .name(let name, _) = wrapped, let primitive = Self.primitive(named: name), primitive != .file {
                return Self.optionalPrimitiveRefs[primitive.index]
            }
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
    /// One shared `TypeRef` per primitive, indexed by `PrimitiveType.index`.
    private static let primitiveRefs: [TypeRef] = PrimitiveType.allCases.map { .primitive($0) }
    /// `T?` and `[T]` of each primitive, shared the same way (the most common composite types).
    private static let optionalPrimitiveRefs: [TypeRef] = primitiveRefs.map { .optional($0) }
    private static let arrayPrimitiveRefs: [TypeRef] = primitiveRefs.map { .array($0) }

    /// `PrimitiveType(rawValue:)` without hashing or a linear string switch: the length picks the
    /// few candidates, compared as small strings.
    static func primitive(named name: String) -> PrimitiveType? {
        switch name.utf8.count {
        case 3:
            if name == "Int" { return .int }
            if name == "URL" { return .url }
        case 4:
            if name == "Bool" { return .bool }
            if name == "Date" { return .date }
            if name == "UUID" { return .uuid }
            if name == "Data" { return .data }
            if name == "JSON" { return .json }
            if name == "File" { return .file }
        case 5:
            if name == "Int32" { return .int32 }
            if name == "Int64" { return .int64 }
            if name == "Float" { return .float }
        case 6:
            if name == "String" { return .string }
            if name == "Double" { return .double }
        case 7:
            if name == "Decimal" { return .decimal }
        default:
            break
        }
        return nil
    }

    private mutating func reportUnknown(_ name: String, at location: SourceLocation) {
        // A model whose name was rejected is not unknown: its uses are not errors of their own.
        guard !incomplete, !rejectedNames.contains(name) else { return }
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

extension PrimitiveType {
    /// Position in `allCases`, for table lookups without hashing.
    var index: Int {
        switch self {
        case .string: return 0
        case .int: return 1
        case .int32: return 2
        case .int64: return 3
        case .double: return 4
        case .float: return 5
        case .bool: return 6
        case .decimal: return 7
        case .date: return 8
        case .url: return 9
        case .uuid: return 10
        case .data: return 11
        case .json: return 12
        case .file: return 13
        }
    }
}
