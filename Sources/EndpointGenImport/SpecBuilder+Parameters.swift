import EndpointGenSpec
import EndpointGenSupport

// Query, path and header parameters.
extension SpecBuilder {
    /// A query parameter with its serialization: OpenAPI's `style`/`explode` become the spec's
    /// `style` (form without explode → comma, spaceDelimited → space, pipeDelimited → pipe); an
    /// object in `deepObject` or exploded `form` style becomes its struct model in that style (a
    /// list of objects in `deepObject`), or a map (`[String: T]`).
    mutating func queryField(_ parameter: Parameter, owner: String, models: inout [ImportedModel], names: inout Set<String>) -> ImportedField? {
        var parameter = parameter
        // export-openapi's list of objects in deepObject style, which OpenAPI cannot say: the
        // extension names the style, beside an exploded form that validators accept.
        let style = parameter.specStyle == "deepObject" ? "deepObject" : parameter.style ?? "form"
        let explode = parameter.specStyle == "deepObject" ? true : parameter.explode ?? (style == "form")
        // Stripe's `discounts`: a list, or "" to clear it. The empty string is not kept.
        if let schema = parameter.schema, case .union(_, let parts) = schema.kind {
            let kept = parts.filter { if case .stringEnum([""]) = $0.kind { false } else { true } }
            if kept.count == 1, kept.count < parts.count {
                diagnostics.warning(.simplifiedParameters, "query parameter '\(parameter.name)' may also be the empty string (to clear it), which cannot be sent; it is the other form", at: parameter.location)
                parameter.schema = kept[0]
            }
        }
        switch parameter.schema.map({ queryMapType($0, parameter: parameter, style: style, explode: explode, owner: owner, models: &models) }) {
        case .skip?:
            return nil
        case .map(let map)?:
            var field = ImportedField(key: parameter.name, type: map)
            field.summary = parameter.summary.flatMap { $0.isEmpty ? nil : $0 }
            field.deprecated = parameter.deprecated
            // `default: {}`: absent when empty (as export-openapi writes a plain map).
            if !parameter.required, parameter.schema?.defaultIsEmpty != true { field.type = field.type.madeOptional }
            field.style = style == "deepObject" ? "deepObject" : "form"
            field.name = uniqueSwiftName(parameter.name, given: parameter.swiftName, taken: &names)
            field.ofService = parameter.serviceParameter
            return field
        case .notObject?, nil:
            break
        }
        guard var field = parameterField(parameter, key: parameter.name, owner: owner, models: &models, names: &names) else { return nil }
        guard Self.isCollection(field.type) else {
            // A union of scalars became a String with its own warning: the style is part of that
            // loss (no form of it is an array or an object), so it is not reported twice.
            if parameter.style != nil, style != "form", parameter.schema.flatMap(scalarUnionParts) == nil {
                diagnostics.warning(.parameterStyles, "query parameter '\(parameter.name)' has 'style: \(style)', which applies to arrays and objects; it is sent as a plain value", at: parameter.location)
            }
            return field
        }
        switch (style, explode) {
        case ("form", true):
            // An endpointgen export's `brackets` (ids[]=1), which OpenAPI has no style for.
            if parameter.specStyle == "brackets" { field.style = "brackets" }
        case ("form", false): field.style = "comma"
        case ("spaceDelimited", _): field.style = "space"
        case ("pipeDelimited", _): field.style = "pipe"
        // Not defined for arrays by OpenAPI; Stripe's `expand[]=a`, which Rack reads as a list.
        case ("deepObject", _): field.style = "brackets"
        default:
            diagnostics.warning(.parameterStyles, "query parameter '\(parameter.name)' is an array with 'style: \(style)', which the spec format cannot say; it is sent as repeated items (\(parameter.name)=a&\(parameter.name)=b)", at: parameter.location)
        }
        return field
    }

    /// The parts of a `oneOf`/`anyOf` of scalars only (GitHub's `workflow_id`, Stripe's
    /// `trial_end`), which a parameter sends as a String; nil for any other schema.
    private func scalarUnionParts(_ schema: Schema) -> [Schema]? {
        guard case .union(_, let parts) = target(of: schema).kind, !parts.isEmpty, parts.allSatisfy(isScalarSchema) else { return nil }
        return parts
    }

    /// The component a `$ref` names (one step), else the schema itself.
    private func target(of schema: Schema) -> Schema {
        if case .reference(let name) = schema.kind, let target = components[name] { return target }
        return schema
    }

    /// The one object part of a union whose other parts are scalars, if it is that.
    private func onlyObjectPart(_ parts: [Schema]) -> Schema? {
        var object: Schema?
        for part in parts {
            if case .object(let properties, _, _) = target(of: part).kind, !properties.isEmpty {
                guard object == nil else { return nil }
                object = part
            } else if !isScalarSchema(part) {
                return nil
            }
        }
        return object
    }

    private func isScalarSchema(_ schema: Schema) -> Bool {
        switch target(of: schema).kind {
        case .string, .integer, .number, .boolean, .stringEnum, .integerEnum: return true
        default: return false
        }
    }

    /// The JSON type of a scalar schema, a referenced one's too.
    private func describeScalar(_ schema: Schema) -> String {
        switch target(of: schema).kind {
        case .integer, .integerEnum: return "integer"
        case .number: return "number"
        case .boolean: return "boolean"
        default: return "string"
        }
    }

    enum QueryMap {
        case notObject
        case map(TypeExpr)
        case skip
    }

    /// The type of an object query parameter in a style that writes objects: its struct model
    /// (`created[gte]=1`), or `[String: T]` for a map.
    private mutating func queryMapType(_ schema: Schema, parameter: Parameter, style: String, explode: Bool, owner: String, models: inout [ImportedModel]) -> QueryMap {
        var schema = schema
        var resolved = target(of: schema)
        // Stripe's `created`: an object of bounds or one value. Only the object form is kept.
        if case .union(_, let parts) = resolved.kind, let object = onlyObjectPart(parts),
           style == "deepObject" || (style == "form" && explode) {
            let other = parts.filter(isScalarSchema).map(describeScalar).joined(separator: " or ")
            diagnostics.warning(.simplifiedParameters, "query parameter '\(parameter.name)' is an object or a single \(other); it is sent as the object (\(style == "deepObject" ? "\(parameter.name)[key]=value" : "key=value")), and a single \(other) cannot be sent", at: parameter.location)
            schema = object
            resolved = target(of: object)
        }
        // A list of objects, as Stripe's `lines[0][amount]=1`: deepObject is the only style for it.
        if case .array(let items?) = resolved.kind, style == "deepObject" {
            if case .object(let properties, _, _) = target(of: items).kind, !properties.isEmpty {
                var made: [ImportedModel] = []
                let type = specType(schema, suggested: owner + Self.upperName(parameter.name), use: .model, models: &made)
                if type.kind == .array(.structModel) {
                    models += made
                    return .map(type.expr)
                }
            }
        }
        guard case .object(let properties, _, let additional) = resolved.kind else { return .notObject }
        guard style == "deepObject" || (style == "form" && explode) else {
            diagnostics.warning(.skippedParameters, "query parameter '\(parameter.name)' is an object with 'style: \(style)', explode \(explode), which the spec format cannot say; it is skipped", at: parameter.location)
            return .skip
        }
        if properties.isEmpty, case .schema(let value) = additional {
            var made: [ImportedModel] = []
            let element = undated(specType(value, suggested: owner + Self.upperName(parameter.name) + "Value", use: .model, models: &made), at: value.location, where: "as the values of a map")
            if element.kind == .scalar || element.kind == .enumModel {
                models += made
                return .map(.dictionary(element.expr))
            }
        }
        if !properties.isEmpty {
            // A struct model, sent field by field in the style (nested objects by brackets).
            var made: [ImportedModel] = []
            let type = specType(schema, suggested: owner + Self.upperName(parameter.name), use: .model, models: &made)
            if type.kind == .structModel {
                models += made
                return .map(type.expr)
            }
        }
        diagnostics.warning(.simplifiedParameters, "query parameter '\(parameter.name)' is an object in '\(style)' style; it becomes a [String: String] map (\(style == "deepObject" ? "\(parameter.name)[key]=value" : "key=value")), its properties' types are not kept", at: parameter.location)
        return .map(.dictionary(.named("String")))
    }

    mutating func parameterField(_ parameter: Parameter, key: String, owner: String, models: inout [ImportedModel], names: inout Set<String>) -> ImportedField? {
        let schema = parameter.schema ?? Schema(kind: .string(format: nil), location: parameter.location)
        // Models made for a type are kept only when the parameter is.
        var made: [ImportedModel] = []
        let diagnosticsBefore = diagnostics.all.count
        var type = specType(schema, suggested: owner + Self.upperName(parameter.name), use: .model, models: &made)
        // GitHub's `workflow_id` (an id or a file name), Stripe's `trial_end` (`now` or a time):
        // one of several scalars is sent as its text, which a String says exactly.
        if !type.isSimple, let parts = scalarUnionParts(schema) {
            // What making the union model said is about a model no longer made (its date case
            // kept as Int64): the one warning below says what is lost.
            diagnostics.removeAll(after: diagnosticsBefore)
            let kinds = parts.map(describeScalar)
            diagnostics.warning(
                .simplifiedParameters,
                "\(parameter.place.rawValue) parameter '\(parameter.name)' is one of \(kinds.joined(separator: ", ")); it is a String, which sends any of them as written",
                at: parameter.location)
            made = []
            type = SpecType(expr: .named("String"), kind: .scalar)
        }
        guard type.isSimple else {
            diagnostics.warning(
                .skippedParameters,
                "\(parameter.place.rawValue) parameter '\(parameter.name)' is \(Self.describe(type.kind)); only scalars, enums and arrays of them can be sent there, so it is skipped",
                at: parameter.location)
            return nil
        }
        models += made
        var field = ImportedField(key: key, type: type.expr)
        field.dateEncoding = type.dates
        if let zone = type.timeZone, serviceTimeZone == nil { serviceTimeZone = (zone, schema.location) }
        field.summary = parameter.summary.flatMap { $0.isEmpty ? nil : $0 }
        field.deprecated = parameter.deprecated
        // An array or map that is absent when empty (`default: []`, as export-openapi writes a
        // plain one): the caller always passes one, as for a required parameter.
        let emptyWhenAbsent = parameter.place == .query && schema.defaultIsEmpty && Self.isCollection(type.kind)
        applyOptionality(&field, type: type, required: parameter.required || emptyWhenAbsent, schema: schema)
        field.name = uniqueSwiftName(key, given: parameter.swiftName, taken: &names)
        field.ofService = parameter.serviceParameter
        field.credential = parameter.place == .header && parameter.credential
        return field
    }

    private static func isCollection(_ kind: SpecType.Kind) -> Bool {
        if case .array = kind { return true }
        return kind == .dictionary
    }
}
