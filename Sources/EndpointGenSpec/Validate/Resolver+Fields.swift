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
        guard checkPlacement(syntax, expr: expr, type: type, context: context) else { return nil }
        var defaultValue: DefaultValue?
        if let literal = syntax.defaultValue {
            guard let value = checkDefault(literal, type: type) else { return nil }
            // The runtime never sends a header value holding CR, LF or NUL: with this default
            // every call that leaves the parameter out would fail with `.invalidRequest`.
            if context == .headerParameter, !checkHeaderDefault(value, of: syntax, at: literal.location) { return nil }
            defaultValue = value
        }
        var field = Field(wireName: syntax.wireName, type: type, location: syntax.location)
        field.swiftNameOverride = syntax.swiftNameOverride
        field.defaultValue = defaultValue
        field.summary = syntax.summary
        field.deprecation = syntax.deprecation
        field.access = syntax.access
        if let style = syntax.style {
            guard context == .formField else {
                diagnostics.error(
                    "'style' applies to query parameters and the fields of form bodies; '\(syntax.wireName)' is neither", at: style.location)
                return nil
            }
            guard checkFormStyle(style.style, at: style.location, of: syntax, expr: expr, type: type) else { return nil }
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

    /// Whether the field's type suits where it is used (path, query, header, form, multipart).
    private mutating func checkPlacement(
        _ syntax: FieldSyntax, expr: TypeExpr, type: TypeRef, context: FieldContext
    ) -> Bool {
        switch context {
        case .modelField:
            break
        case .pathParameter:
            if type.isOptional {
                diagnostics.error("path parameter '\(syntax.wireName)' cannot be optional", at: expr.location)
                return false
            }
            if !isScalar(type) {
                diagnostics.error(
                    "path parameter '\(syntax.wireName)' must have a scalar type, found '\(expr.spelling)'", at: expr.location)
                return false
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
                return false
            }
        case .multipart:
            if !isPart(type.unwrapped) {
                diagnostics.error(
                    "multipart part '\(syntax.wireName)' must be a scalar, a File, a model or JSON (sent as a JSON part), or an array of them, found '\(expr.spelling)'",
                    at: expr.location)
                return false
            }
        }
        return true
    }

    /// A header parameter's string default is sendable: no CR, LF or NUL.
    private mutating func checkHeaderDefault(_ value: DefaultValue, of syntax: FieldSyntax, at location: SourceLocation) -> Bool {
        switch value {
        case .string(let text), .enumCase(let text):
            if !Lexical.isValidHeaderValue(text) {
                diagnostics.error(
                    "default of header parameter '\(syntax.wireName)' must not contain line breaks (CR, LF) or NUL; the runtime refuses to send such a header",
                    at: location)
                return false
            }
        default:
            break
        }
        return true
    }

    /// A form field's `style` fits its type: array styles for lists of scalars, object styles otherwise.
    private mutating func checkFormStyle(
        _ style: QueryStyle, at location: SourceLocation, of syntax: FieldSyntax, expr: TypeExpr, type: TypeRef
    ) -> Bool {
        let simple = isScalarOrArray(type.unwrapped)
        var isList = false
        if case .array = type.unwrapped { isList = true }
        if isList, simple, !style.isArrayStyle {
            diagnostics.error(
                "'style: \(style.rawValue)' writes objects; form field '\(syntax.wireName)' is a list of scalars: use repeat, comma, space, pipe or brackets",
                at: location)
            return false
        } else if simple, !isList {
            diagnostics.error("'style' applies to lists and objects; form field '\(syntax.wireName)' is neither", at: location)
            return false
        } else if !simple, style != .deepObject, style != .form, style != .brackets {
            diagnostics.error(
                "'style: \(style.rawValue)' writes lists of scalars; form field '\(syntax.wireName)' is '\(expr.spelling)': use deepObject (name[key]=value) or form (key=value)",
                at: location)
            return false
        }
        return true
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
        switch type {
        case .optional(let wrapped):
            return checkDefault(literal, type: wrapped)
        case .array:
            if case .emptySequence = literal.form { return .emptyArray }
            diagnostics.error("\(Self.invalidDefault(literal, type)); an array's default can only be []", at: literal.location)
            return nil
        case .dictionary:
            if case .emptyMapping = literal.form { return .emptyDictionary }
            diagnostics.error("\(Self.invalidDefault(literal, type)); a dictionary's default can only be {}", at: literal.location)
            return nil
        case .model(let name):
            return checkEnumDefault(literal, model: name)
        case .primitive(let primitive):
            return checkPrimitiveDefault(literal, primitive)
        }
    }

    private static func invalidDefault(_ literal: DefaultLiteral, _ type: TypeRef) -> String {
        "invalid default value '\(literal.spelling)' for type '\(type.specSpelling)'"
    }

    /// A default of a model type: a case of an enum model, by wire value or long-form name.
    private mutating func checkEnumDefault(_ literal: DefaultLiteral, model name: String) -> DefaultValue? {
        guard let model = enumModel(name) else {
            diagnostics.error(
                "model type '\(name)' cannot have a default value (only 'null' when optional)", at: literal.location)
            return nil
        }
        let text: String
        switch literal.form {
        case .plain(let t), .quoted(let t): text = t
        default:
            diagnostics.error(Self.invalidDefault(literal, .model(name)), at: literal.location)
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
    }

    /// A default of a built-in type: strings, numbers in range (and exact), booleans.
    private mutating func checkPrimitiveDefault(_ literal: DefaultLiteral, _ primitive: PrimitiveType) -> DefaultValue? {
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
            return checkNumberDefault(text, primitive, at: literal.location)
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
        diagnostics.error(Self.invalidDefault(literal, .primitive(primitive)), at: literal.location)
        return nil
    }

    /// A number default of a floating-point or decimal type: in range, and exact when written
    /// as an integer (a fraction or exponent says the nearest value is meant).
    private mutating func checkNumberDefault(_ text: String, _ primitive: PrimitiveType, at location: SourceLocation) -> DefaultValue? {
        let bits = primitive == .float ? 32 : 64
        guard Lexical.numberFits(text, primitive) else {
            diagnostics.error("default value '\(text)' is out of range for \(primitive.rawValue)", at: location)
            return nil
        }
        if primitive != .decimal, Lexical.isInteger(text), !Lexical.integerIsExact(text, bits: bits) {
            diagnostics.error(
                "default value '\(text)' is not exactly representable as \(primitive.rawValue); write it with a fraction or an exponent (like '1.5e20') to take the nearest value",
                at: location)
            return nil
        }
        return .number(text)
    }
}
