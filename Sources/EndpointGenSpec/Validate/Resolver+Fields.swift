import EndpointGenSupport
import EndpointGenYAML

// Fields: types, defaults, and Swift names that would collide.
extension Resolver {
    // MARK: - Fields

    mutating func resolveField(_ syntax: FieldSyntax, context: FieldContext) -> Field? {
        guard let expr = syntax.type, var type = resolveType(expr, allowFile: context.allowsFile) else { return nil }
        if syntax.access != .readWrite, let location = syntax.accessLocation {
            guard context == .modelField || context == .formField else {
                diagnostics.error(
                    "'\(syntax.access == .readOnly ? "readOnly" : "writeOnly")' applies to fields of models; '\(syntax.wireName)' is a parameter or part",
                    at: location)
                return nil
            }
            // One way only: the other way the value is absent, so the field is optional.
            if !type.isOptional { type = .optional(type) }
        }
        switch context {
        case .modelField:
            break
        case .pathParameter:
            if type.isOptional {
                diagnostics.error("path parameter '\(syntax.wireName)' cannot be optional", at: expr.location)
                return nil
            }
            if !isScalar(type) {
                diagnostics.error(
                    "path parameter '\(syntax.wireName)' must have a scalar type, found '\(expr.spelling)'", at: expr.location)
                return nil
            }
        case .query where isScalarMap(type.unwrapped) || isStructModel(type.unwrapped) || isStructList(type.unwrapped):
            // A map or an object (or a list of objects) is written by its `style`, checked with the endpoint.
            break
        case .formField:
            // Objects, lists of them, maps and JSON go by the bracket convention (`items[0][price]=p`).
            break
        case .query, .headerParameter:
            if !isScalarOrArray(type.unwrapped) {
                let kind = context == .query ? "query parameter" : "header parameter"
                let allowed = context == .query ? "a scalar, an array of scalars, or (with a style) a map of scalars, a struct model or an array of them" : "a scalar or an array of scalars"
                diagnostics.error(
                    "\(kind) '\(syntax.wireName)' must be \(allowed), found '\(expr.spelling)'",
                    at: expr.location)
                return nil
            }
        case .multipart:
            if !isPart(type.unwrapped) {
                diagnostics.error(
                    "multipart part '\(syntax.wireName)' must be a scalar, a File, a model or JSON (sent as a JSON part), or an array of them, found '\(expr.spelling)'",
                    at: expr.location)
                return nil
            }
        }
        var defaultValue: DefaultValue?
        if let literal = syntax.defaultValue {
            guard let value = checkDefault(literal, type: type) else { return nil }
            // The runtime never sends a header value holding CR, LF or NUL: with this default
            // every call that leaves the parameter out would fail with `.invalidRequest`.
            if context == .headerParameter {
                switch value {
                case .string(let text), .enumCase(let text):
                    if !Lexical.isValidHeaderValue(text) {
                        diagnostics.error(
                            "default of header parameter '\(syntax.wireName)' must not contain line breaks (CR, LF) or NUL; the runtime refuses to send such a header",
                            at: literal.location)
                        return nil
                    }
                default:
                    break
                }
            }
            defaultValue = value
        }
        var field = Field(
            wireName: syntax.wireName, swiftNameOverride: syntax.swiftNameOverride, type: type,
            defaultValue: defaultValue, summary: syntax.summary, deprecated: syntax.deprecated,
            deprecationMessage: syntax.deprecationMessage, location: syntax.location)
        field.access = syntax.access
        if let style = syntax.style {
            guard context == .formField else {
                diagnostics.error(
                    "'style' applies to query parameters and the fields of form bodies; '\(syntax.wireName)' is neither", at: style.location)
                return nil
            }
            let simple = isScalarOrArray(type.unwrapped)
            var isList = false
            if case .array = type.unwrapped { isList = true }
            if isList, simple, !style.style.isArrayStyle {
                diagnostics.error(
                    "'style: \(style.style.rawValue)' writes objects; form field '\(syntax.wireName)' is a list of scalars: use repeat, comma, space, pipe or brackets",
                    at: style.location)
                return nil
            } else if simple, !isList {
                diagnostics.error("'style' applies to lists and objects; form field '\(syntax.wireName)' is neither", at: style.location)
                return nil
            } else if !simple, style.style != .deepObject, style.style != .form, style.style != .brackets {
                diagnostics.error(
                    "'style: \(style.style.rawValue)' writes lists of scalars; form field '\(syntax.wireName)' is '\(expr.spelling)': use deepObject (name[key]=value) or form (key=value)",
                    at: style.location)
                return nil
            }
            field.style = style.style
        }
        if let dates = syntax.dateEncoding {
            switch type.unwrapped {
            case .primitive(.date), .array(.primitive(.date)):
                field.dateEncoding = DateEncodingSetting(kind: dates.kind, timeZone: fileTimeZone)
            default:
                diagnostics.error(
                    "'dateEncoding' applies to Date and [Date]; '\(syntax.wireName)' is '\(expr.spelling)'", at: dates.location)
                return nil
            }
        }
        return field
    }

    /// Converts a default by its type: numbers in range, enum cases, `[]`/`{}`, `null` for optionals.
    private mutating func checkDefault(_ literal: DefaultLiteral, type: TypeRef) -> DefaultValue? {
        if case .plain(let text) = literal.form, text == "null" || text == "nil" || text == "~" {
            if type.isOptional { return .null }
            diagnostics.error(
                "default value '\(text)' needs an optional type; '\(type.specSpelling)' is not optional",
                at: literal.location)
            return nil
        }
        func invalid() -> String { "invalid default value '\(literal.spelling)' for type '\(type.specSpelling)'" }
        switch type {
        case .optional(let wrapped):
            return checkDefault(literal, type: wrapped)
        case .array:
            if case .emptySequence = literal.form { return .emptyArray }
            diagnostics.error("\(invalid()); an array's default can only be []", at: literal.location)
            return nil
        case .dictionary:
            if case .emptyMapping = literal.form { return .emptyDictionary }
            diagnostics.error("\(invalid()); a dictionary's default can only be {}", at: literal.location)
            return nil
        case .model(let name):
            guard let model = enumModel(name) else {
                diagnostics.error(
                    "model type '\(name)' cannot have a default value (only 'null' when optional)", at: literal.location)
                return nil
            }
            let text: String
            switch literal.form {
            case .plain(let t), .quoted(let t): text = t
            default:
                diagnostics.error(invalid(), at: literal.location)
                return nil
            }
            // A wire value wins over a long-form case name of the same spelling.
            if let match = model.cases.first(where: { $0.value == text })
                ?? model.cases.first(where: { $0.swiftNameOverride == text })
            {
                return .enumCase(match.value)
            }
            // Suggestions for misspelt words only: `3` for `1` would not help.
            let candidates = model.rawType == .string ? model.cases.map { $0.swiftNameOverride ?? $0.value } : []
            diagnostics.error(
                "default value '\(text)' is not a case of enum '\(name)'\(DidYouMean.hint(for: text, among: candidates))",
                at: literal.location)
            return nil
        case .primitive(let primitive):
            switch (primitive, literal.form) {
            case (.string, .plain(let text)), (.string, .quoted(let text)):
                return .string(text)
            case (.int, .plain(let text)), (.int64, .plain(let text)), (.int32, .plain(let text)):
                guard Lexical.isInteger(text) else { break }
                guard Lexical.integerFits(text, bits: primitive == .int32 ? 32 : 64) else {
                    diagnostics.error(
                        "default value '\(text)' is out of range for \(primitive.rawValue)", at: literal.location)
                    return nil
                }
                return .number(text)
            case (.double, .plain(let text)), (.float, .plain(let text)), (.decimal, .plain(let text)):
                guard Lexical.isNumber(text) else { break }
                let bits = primitive == .float ? 32 : 64
                guard Lexical.numberFits(text, primitive) else {
                    diagnostics.error(
                        "default value '\(text)' is out of range for \(primitive.rawValue)", at: literal.location)
                    return nil
                }
                if primitive != .decimal, Lexical.isInteger(text), !Lexical.integerIsExact(text, bits: bits) {
                    diagnostics.error(
                        "default value '\(text)' is not exactly representable as \(primitive.rawValue); write it with a fraction or an exponent (like '1.5e20') to take the nearest value",
                        at: literal.location)
                    return nil
                }
                return .number(text)
            case (.bool, .plain(let text)):
                if text == "true" { return .bool(true) }
                if text == "false" { return .bool(false) }
            case (.date, _), (.url, _), (.uuid, _), (.data, _), (.json, _), (.file, _):
                diagnostics.error(
                    "type '\(primitive.rawValue)' cannot have a default value (only 'null' when optional)",
                    at: literal.location)
                return nil
            default:
                break
            }
            diagnostics.error(invalid(), at: literal.location)
            return nil
        }
    }

    /// Reports two names of one scope that turn into the same Swift name. Names that camel-case
    /// alike are equal once separators are dropped and letters lowercased, so a cheap hash of
    /// that form finds the candidates; only those pay for building the camel-cased names.
    mutating func checkSwiftNames(_ fields: [FieldSyntax], kind: String, owner: @autoclosure () -> String) {
        checkSwiftNames(fields[...], [][...], [][...], kind: kind, owner: owner())
    }

    /// The same over up to three lists checked as one scope (path, query and header parameters),
    /// without concatenating them.
    mutating func checkSwiftNames(
        _ a: ArraySlice<FieldSyntax>, _ b: ArraySlice<FieldSyntax>, _ c: ArraySlice<FieldSyntax>, kind: String,
        owner: @autoclosure () -> String
    ) {
        let count = a.count + b.count + c.count
        guard count > 1 else { return }
        func fieldAt(_ position: Int) -> FieldSyntax {
            if position < a.count { return a[a.startIndex + position] }
            if position < a.count + b.count { return b[b.startIndex + position - a.count] }
            return c[c.startIndex + position - a.count - b.count]
        }
        // Small scopes (almost all) compare hashes pairwise; large ones use a dictionary.
        // Names are read in place: copying whole fields would retain every member.
        var hashes: [UInt64] = []
        hashes.reserveCapacity(count)
        var seenHashes: Set<UInt64> = []
        let useSet = count > 32
        for slice in [a, b, c] {
            for position in slice.indices {
                let hash = Self.foldedHash(slice[position].swiftNameOverride ?? slice[position].wireName)
                let index = hashes.count
                hashes.append(hash)
                if useSet ? seenHashes.insert(hash).inserted : !hashes[..<index].contains(hash) { continue }
                // Rare: a possible clash; compare the camel-cased names.
                let field = fieldAt(index)
                let name = Self.swiftName(field)
                guard !name.isEmpty,
                    let clash = (0..<index).first(where: { hashes[$0] == hash && Self.swiftName(fieldAt($0)) == name })
                else { continue }
                let first = fieldAt(clash)
                diagnostics.error(
                    "\(kind) '\(first.wireName)' and '\(field.wireName)' of \(owner()) both become '\(name)' in Swift; give one another 'name:' in the long form",
                    at: field.location, notes: [.note("'\(first.wireName)' is here", at: first.location)])
            }
        }
    }

    /// The request body is passed as the parameter `body`, so no path, query or header
    /// parameter of an endpoint with a body may take that Swift name.
    mutating func checkBodyLabel(
        _ a: ArraySlice<FieldSyntax>, _ b: ArraySlice<FieldSyntax>, _ c: ArraySlice<FieldSyntax>,
        bodyLocation: SourceLocation, owner: @autoclosure () -> String
    ) {
        for (kind, list) in [("path parameter", a), ("query parameter", b), ("header parameter", c)] {
            for position in list.indices {
                let name = list[position].swiftNameOverride ?? list[position].wireName
                // Only names whose letters spell "body" can become it; the rest skip the camel-casing.
                guard Self.foldedHash(name) == Self.bodyHash else { continue }
                let field = list[position]
                guard Self.swiftName(field) == "body" else { continue }
                diagnostics.error(
                    "\(kind) '\(field.wireName)' of \(owner()) becomes 'body' in Swift, the label of the request body; give it another 'name:' in the long form",
                    at: field.location, notes: [.note("the body is here", at: bodyLocation)])
            }
        }
    }

    private static let bodyHash = foldedHash("body")

    /// A field's or parameter's Swift name, as the code generator will write it.
    private static func swiftName(_ field: FieldSyntax) -> String {
        field.swiftNameOverride.map(SwiftNaming.legal) ?? SwiftNaming.identifier(fromWire: field.wireName)
    }

    /// FNV-1a of the name's letters and digits, lowercased.
    private static func foldedHash(_ name: String) -> UInt64 {
        Lexical.withBytes(name) { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes where Lexical.isAlnum(byte) {
                hash = (hash ^ UInt64(Lexical.isUpper(byte) ? byte + 0x20 : byte)) &* 0x100_0000_01b3
            }
            return hash
        }
    }
}
