import EndpointGenSupport
import EndpointGenYAML

// Type expressions, fields and their defaults.
extension FileDecoder {
    // MARK: - Types and fields

    /// `{ String: T }`: the one mapping that is a type where a fields map is expected.
    func isDictionaryTypeMapping(_ node: YAMLNode) -> Bool {
        guard let pairs = node.mapping, pairs.count == 1, let key = pairs[0].key.scalar else { return false }
        return key.value == "String"
    }

    /// `{String: Int}` written as a flow mapping: one pair whose key looks like a type.
    func isTypeMapping(_ node: YAMLNode) -> Bool {
        guard let pairs = node.mapping, pairs.count == 1, let key = pairs[0].key.scalar,
            let first = key.value.utf8.first
        else { return false }
        // `{ Type: Int }` is a misspelt long form, reported with a suggestion, not a dictionary.
        if Self.fieldKeys.index(of: key.value.lowercased()) != nil { return false }
        return Lexical.isUpper(first) || first == UInt8(ascii: "[")
    }

    /// A type from a scalar (`"[String: Int]? = [:]"`), a flow sequence (`[String]`) or a flow
    /// mapping (`{String: Int}`). Reports and returns a nil type when it cannot be read.
    mutating func typeExpression(
        _ node: YAMLNode, allowDefault: Bool
    ) -> (type: TypeExpr?, defaultValue: DefaultLiteral?) {
        switch node.content {
        case .scalar(let scalar):
            if scalar.isPlainNull {
                reader.diagnostics.error("missing type", at: location(node))
                return (nil, nil)
            }
            // Fast path for the common case, a bare name (`String`, `Question`).
            if Lexical.isIdentifier(scalar.value) {
                return (.name(scalar.value, reader.textLocation(node)), nil)
            }
            var parser = TypeParser(text: scalar.value, base: reader.textLocation(node))
            guard let result = parser.parse(allowDefault: allowDefault, into: &reader.diagnostics) else {
                return (nil, nil)
            }
            return (result.type, result.defaultValue)
        case .sequence(let items):
            guard items.count == 1 else {
                reader.diagnostics.error(
                    "an array type has exactly one element type, like [String]; found \(items.count)",
                    at: location(node))
                return (nil, nil)
            }
            return (typeExpression(items[0], allowDefault: false).type.map { .array($0) }, nil)
        case .mapping(let pairs):
            guard pairs.count == 1 else {
                reader.diagnostics.error("expected a type, found a mapping", at: location(node))
                return (nil, nil)
            }
            let key = reader.keyText(pairs[0].key)
            guard key == "String" else {
                reader.diagnostics.error(
                    "dictionary keys must be String, found '\(key)'", at: location(pairs[0].key))
                return (nil, nil)
            }
            return (typeExpression(pairs[0].value, allowDefault: false).type.map { .dictionary($0) }, nil)
        }
    }

    /// A fields map (model fields, inline bodies, multipart parts).
    mutating func decodeFields(_ node: YAMLNode, owner: FieldOwner) -> [FieldSyntax] {
        guard let pairs = reader.pairs(node, for: "the fields of \(owner.description ?? "")") else { return [] }
        var fields: [FieldSyntax] = []
        fields.reserveCapacity(pairs.count)
        for pair in pairs {
            fields.append(decodeField(pair, kind: "field", owner: owner))
        }
        return fields
    }

    /// One field or parameter: short form `Type = default` or long form `{ type:, name:, … }`.
    /// `kind` and `owner` make the description in messages (`field 'id' of model 'Member'`).
    mutating func decodeField(
        _ pair: YAMLPair, kind: StaticString, owner: FieldOwner, allowed: KeySet = FileDecoder.fieldKeys
    ) -> FieldSyntax {
        let wireName = reader.keyText(pair.key)
        let keyLocation = location(pair.key)
        func describe() -> String {
            owner.description.map { "\(kind) '\(wireName)' of \($0)" } ?? "\(kind) '\(wireName)'"
        }
        if wireName.isEmpty {
            reader.diagnostics.error("empty name for \(describe())", at: keyLocation)
        }
        if pair.value.mapping == nil || isTypeMapping(pair.value) {
            if pair.value.isPlainNull {
                reader.diagnostics.error("missing type for \(describe())", at: keyLocation)
                return FieldSyntax(wireName: wireName, type: nil, location: keyLocation)
            }
            let (type, defaultValue) = typeExpression(pair.value, allowDefault: true)
            return FieldSyntax(wireName: wireName, type: type, defaultValue: defaultValue, location: keyLocation)
        }
        guard let mapping = reader.keyed(pair.value, in: describe(), allowed: allowed) else {
            return FieldSyntax(wireName: wireName, type: nil, location: keyLocation)
        }
        var type: TypeExpr?
        var defaultValue: DefaultLiteral?
        if let entry = mapping["type"] {
            (type, defaultValue) = typeExpression(entry.value, allowDefault: true)
        } else if mapping.isMissing("type") {
            reader.diagnostics.error("missing key 'type' in \(describe())", at: mapping.location)
        }
        var swiftNameOverride: String?
        if let entry = mapping["name"], let name = reader.text(entry.value, for: "'name'") {
            if Lexical.isIdentifier(name) {
                swiftNameOverride = name
            } else {
                reader.diagnostics.error(
                    "name '\(name)' must be a Swift identifier (letters, digits and '_', not starting with a digit)",
                    at: location(entry.value))
            }
        }
        let summary = mapping["summary"].flatMap { reader.docText($0.value, for: "'summary'") }
        let deprecation = mapping["deprecated"].flatMap { reader.deprecation($0.value, for: "'deprecated'") }
        if let entry = mapping["default"] {
            if let inline = defaultValue {
                reader.diagnostics.error(
                    "default value given twice for \(describe())", at: location(entry.keyNode),
                    notes: [.note("first given here", at: inline.location)])
            } else {
                defaultValue = defaultLiteral(entry.value, for: describe())
            }
        }
        var access = FieldAccess.readWrite
        var accessLocation: SourceLocation?
        for (key, value) in [("readOnly", FieldAccess.readOnly), ("writeOnly", .writeOnly)] {
            guard let entry = mapping[key], reader.bool(entry.value, for: "'\(key)' of \(describe())") == true else { continue }
            if access != .readWrite {
                reader.diagnostics.error("\(describe()) cannot be both 'readOnly' and 'writeOnly'", at: location(entry.keyNode))
                continue
            }
            access = value
            accessLocation = location(entry.keyNode)
        }
        let dates = mapping["dateEncoding"].flatMap { dateEncoding($0.value, for: "'dateEncoding' of \(describe())") }
        // A query parameter's `style` is read with its endpoint (`EndpointSyntax.queryStyles`).
        var style: (style: QueryStyle, location: SourceLocation)?
        if "\(kind)" == "field", let entry = mapping["style"], let value = queryStyle(entry.value, for: "'style' of \(describe())") {
            style = (value, location(entry.value))
        }
        return FieldSyntax(
            wireName: wireName, swiftNameOverride: swiftNameOverride, type: type, defaultValue: defaultValue,
            summary: summary, deprecation: deprecation,
            access: access, accessLocation: accessLocation, dateEncoding: dates, style: style, location: keyLocation)
    }

    /// The `default:` of a long form: a scalar, `[]` or `{}`.
    private mutating func defaultLiteral(_ node: YAMLNode, for what: String) -> DefaultLiteral? {
        let at = reader.textLocation(node)
        switch node.content {
        case .scalar(let scalar):
            if scalar.style == .plain {
                return DefaultLiteral(form: .plain(scalar.isPlainNull ? "null" : scalar.value), location: at)
            }
            return DefaultLiteral(form: .quoted(scalar.value), location: at)
        case .sequence(let items) where items.isEmpty:
            return DefaultLiteral(form: .emptySequence, location: at)
        case .mapping(let pairs) where pairs.isEmpty:
            return DefaultLiteral(form: .emptyMapping, location: at)
        default:
            reader.diagnostics.error(
                "the default value of \(what) must be a scalar, [] or {}, found \(node.kindDescription)", at: at)
            return nil
        }
    }
}

/// Whose fields are being read; turned into text only for messages.
enum FieldOwner {
    case none
    case model(String)
    case multipart(endpoint: String)

    var description: String? {
        switch self {
        case .none: return nil
        case .model(let name): return "model '\(name)'"
        case .multipart(let endpoint): return "the multipart body of endpoint '\(endpoint)'"
        }
    }
}
