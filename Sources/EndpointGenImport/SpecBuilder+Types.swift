import EndpointGenSpec
import EndpointGenSupport

// Spec types from schemas.
extension SpecBuilder {
    // MARK: - Types

    mutating func specType(_ schema: Schema, suggested: String, use: Use, models: inout [ImportedModel]) -> SpecType {
        // An endpointgen export's date: its own encoding, or none when it follows the service's.
        if let dates = schema.dateEncoding {
            switch schema.kind {
            case .string, .integer, .number:
                var result = SpecType(expr: .named("Date"), kind: .scalar, nullable: schema.nullable)
                if dates != "service" {
                    result.dates = dates
                    result.timeZone = schema.timeZone
                }
                return result
            default: break
            }
        }
        var result = baseType(schema, suggested: suggested, use: use, models: &models)
        if schema.nullable { result.nullable = true }
        return result
    }

    private mutating func baseType(_ schema: Schema, suggested: String, use: Use, models: inout [ImportedModel]) -> SpecType {
        switch schema.kind {
        case .reference(let name):
            if let model = modelNames[name] {
                let kind: SpecType.Kind
                switch components[name]?.kind {
                case .stringEnum?, .integerEnum?: kind = .enumModel
                default: kind = .structModel
                }
                return SpecType(expr: .named(model), kind: kind, nullable: components[name]?.nullable ?? false)
            }
            guard let target = components[name] else {
                diagnostics.warning(.unresolvedReferences, "schema '\(name)' is not defined under components.schemas; the value is kept as JSON", at: schema.location)
                return SpecType(expr: .named("JSON"), kind: .json)
            }
            guard expanding.insert(name).inserted else {
                // Only models can contain themselves; an alias or array written out cannot.
                diagnostics.warning(.valuesAsJSON, "schema '\(name)' contains itself but is no object model (references to references, or an array or scalar schema); the value is kept as JSON", at: schema.location)
                return SpecType(expr: .named("JSON"), kind: .json)
            }
            defer { expanding.remove(name) }
            return specType(target, suggested: Self.upperName(name), use: use, models: &models)
        case .string(let format):
            return Self.stringType(format: format, use: use)
        case .integer(let format):
            if let dates = format.flatMap(Self.epochEncoding) { return SpecType(expr: .named("Date"), kind: .scalar, dates: dates) }
            return SpecType(expr: .named(format == "int64" ? "Int64" : "Int"), kind: .scalar)
        case .number(let format):
            return SpecType(expr: .named(format == "decimal" ? "Decimal" : "Double"), kind: .scalar)
        case .boolean:
            return SpecType(expr: .named("Bool"), kind: .scalar)
        case .array(let items):
            guard let items else { return SpecType(expr: .array(.named("JSON")), kind: .array(.json)) }
            var element = specType(items, suggested: suggested + "Item", use: use, models: &models)
            // A list of dates carries the elements' encoding; a list of such lists cannot.
            if element.dates != nil, element.expr.plainName == "Date" {
                return SpecType(expr: .array(.named("Date")), kind: .array(element.kind), dates: element.dates, timeZone: element.timeZone)
            }
            element = undated(element, at: items.location, where: "in a list of lists")
            // An array cannot hold optionals in specs; a nullable element is kept as it is.
            return SpecType(expr: .array(element.expr), kind: .array(element.kind))
        case .stringEnum, .integerEnum, .allOf:
            let name = uniqueTypeName(suggested, fallback: "Model", at: schema.location)
            appendModel(named: name, schema: schema, to: &models)
            if case .allOf = schema.kind { return SpecType(expr: .named(name), kind: .structModel) }
            return SpecType(expr: .named(name), kind: .enumModel)
        case .object(let properties, _, let additional):
            if properties.isEmpty {
                switch additional {
                case .schema(let value):
                    let element = undated(specType(value, suggested: suggested + "Value", use: use, models: &models), at: value.location, where: "as the values of a map")
                    return SpecType(expr: .dictionary(element.expr), kind: .dictionary)
                case .any, .none:
                    return SpecType(expr: .named("JSON"), kind: .json)
                }
            }
            let name = uniqueTypeName(suggested, fallback: "Model", at: schema.location)
            appendModel(named: name, schema: schema, to: &models)
            return SpecType(expr: .named(name), kind: .structModel)
        case .union(_, let parts):
            guard !parts.isEmpty else { return SpecType(expr: .named("JSON"), kind: .json) }
            // Named after its owner, as inline objects are; a component is a model of its own.
            let name = uniqueTypeName(suggested, fallback: "Model", at: schema.location)
            appendModel(named: name, schema: schema, to: &models)
            return SpecType(expr: .named(name), kind: .structModel)
        case .any:
            return SpecType(expr: .named("JSON"), kind: .json)
        case .discriminated(let property, let cases):
            // A component is a model of its own (the `.reference` case above); an inline one (a
            // property's, an array's items, a body or a response) is named after its owner, as
            // inline objects are.
            guard isOneOfModel(property: property, cases: cases) else {
                diagnostics.warning(.unionsAsJSON, "'oneOf' with a discriminator becomes a model only when its cases are all object schemas that declare the discriminator as a plain string (or as an integer, with integer values), if at all; the value is kept as JSON (JSONValue)", at: schema.location)
                return SpecType(expr: .named("JSON"), kind: .json)
            }
            let name = uniqueTypeName(suggested, fallback: "Model", at: schema.location)
            appendModel(named: name, schema: schema, to: &models)
            return SpecType(expr: .named(name), kind: .structModel)
        }
    }

    /// `epochSeconds` or `epochMilliseconds` for the formats documents give integer timestamps
    /// (Stripe's `unix-time`); nil for other formats.
    static func epochEncoding(_ format: String) -> String? {
        switch format.lowercased() {
        case "unix-time", "unixtime", "unix-timestamp", "timestamp", "epoch", "epoch-seconds", "unix-time-seconds": return "epochSeconds"
        case "unix-time-ms", "unix-time-millis", "unix-timestamp-ms", "timestamp-ms", "epoch-millis", "epoch-ms", "epoch-milliseconds": return "epochMilliseconds"
        default: return nil
        }
    }

    /// `type`, or where a date encoding cannot be said (`place`: a map's values, a oneOf's case,
    /// a whole body or response, a list of lists) the wire type it stands on, with a warning that
    /// the values are no longer read as dates.
    mutating func undated(_ type: SpecType, at location: SourceLocation, where place: String) -> SpecType {
        guard let dates = type.dates else { return type }
        let wire = dates.hasPrefix("epoch") ? "Int64" : "String"
        var plain = type
        plain.dates = nil
        plain.expr = type.expr.plainName == "Date" ? .named(wire) : .array(.named(wire))
        diagnostics.warning(.datesAsWireValues, "dates written as '\(dates)' cannot be said \(place) (only a field or parameter has a dateEncoding); they are kept as \(wire)", at: location)
        return plain
    }

    /// The spec type of `type: string` with this `format`.
    static func stringType(format: String?, use: Use) -> SpecType {
        switch format {
        case "date-time": return SpecType(expr: .named("Date"), kind: .scalar)
        case "date": return SpecType(expr: .named("Date"), kind: .scalar, dates: "date")
        case "uuid": return SpecType(expr: .named("UUID"), kind: .scalar)
        case "uri", "url": return SpecType(expr: .named("URL"), kind: .scalar)
        case "byte": return SpecType(expr: .named("Data"), kind: .data)
        case "binary": return use == .multipart ? SpecType(expr: .named("File"), kind: .file) : SpecType(expr: .named("Data"), kind: .data)
        default: return SpecType(expr: .named("String"), kind: .scalar)
        }
    }
}
