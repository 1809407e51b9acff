import EndpointGenSpec
import EndpointGenSupport

// Models from schemas: structs, enums, oneOf, and their fields.
extension SpecBuilder {
    // MARK: - Models

    /// Whether a component schema becomes a model of its own (objects and enums); the others
    /// (arrays, scalars) are written out where they are used.
    func becomesModel(_ schema: Schema) -> Bool {
        switch schema.kind {
        case .object(let properties, _, _): return !properties.isEmpty
        case .allOf, .stringEnum, .integerEnum: return true
        case .discriminated(let property, let cases): return isOneOfModel(property: property, cases: cases)
        case .union(_, let parts): return !parts.isEmpty
        default: return false
        }
    }

    /// Whether a discriminated `oneOf` becomes a `oneOf` model (`discriminatorType`).
    func isOneOfModel(property: String, cases: [(value: String, schema: String)]) -> Bool {
        discriminatorType(property: property, cases: cases) != nil
    }

    /// What the discriminator of a `oneOf` model holds, or nil when it is not one: every case an
    /// object component that, where it declares the discriminator, declares it as a plain string
    /// (`String`), or as an integer where every value is one (`Int`: Discord's `"type": 1`).
    private func discriminatorType(property: String, cases: [(value: String, schema: String)]) -> EnumModel.RawType? {
        var declared: Set<EnumModel.RawType> = []
        for item in cases {
            guard isObjectComponent(item.schema) else { return nil }
            guard let component = components[item.schema], let parts = objectParts(component),
                  let property = parts.properties.first(where: { $0.name == property }) else { continue }
            guard let type = tagType(property.schema) else { return nil }
            declared.insert(type)
        }
        switch declared {
        case []: return .string
        case [.string]: return .string
        case [.int]: return cases.allSatisfy({ OpenAPIReader.isIntegerLiteral($0.value) }) ? .int : nil
        default: return nil
        }
    }

    /// What a case's own discriminator property holds, following references: a string the
    /// generator reads as `String` or a String enum (not a date, a number or free JSON), or an
    /// integer or Int enum.
    private func tagType(_ schema: Schema, depth: Int = 0) -> EnumModel.RawType? {
        switch schema.kind {
        case .string(let format): return Self.stringType(format: format, use: .model).expr.plainName == "String" ? .string : nil
        case .stringEnum: return .string
        case .integer, .integerEnum: return .int
        case .reference(let name): return depth < 8 ? components[name].flatMap { tagType($0, depth: depth + 1) } : nil
        default: return nil
        }
    }

    /// Whether a case's component declares the discriminator as a string (then its values are not integers).
    private func declaresStringTag(_ component: String, property: String) -> Bool {
        guard let schema = components[component], let parts = objectParts(schema),
              let declared = parts.properties.first(where: { $0.name == property }) else { return false }
        return tagType(declared.schema) == .string
    }

    /// Whether a component becomes a struct model: what a case of a `oneOf` model must be.
    private func isObjectComponent(_ name: String) -> Bool {
        switch components[name]?.kind {
        case .object(let properties, _, _)?: return !properties.isEmpty
        case .allOf?: return true
        default: return false
        }
    }

    /// Appends the model of a component schema or an inline object or enum, then the inline
    /// models its fields needed.
    mutating func appendModel(named name: String, schema: Schema, to models: inout [ImportedModel]) {
        var parts: [ImportedModel] = []
        if let model = model(named: name, schema: schema, into: &parts) {
            models.append(model)
        }
        models += parts
    }

    private mutating func model(named name: String, schema: Schema, into models: inout [ImportedModel]) -> ImportedModel? {
        var model = ImportedModel(name: name, summary: schema.summary.flatMap { $0.isEmpty ? nil : $0 }, kind: .fields([]))
        model.location = schema.location
        switch schema.kind {
        case .stringEnum(let values):
            model.kind = stringEnum(values, names: schema.enumNames)
            enumValues[name] = values
        case .integerEnum(let values):
            var seen: Set<String> = []
            var names: Set<String> = []
            var cases: [(name: String, value: String)] = []
            for (index, value) in values.enumerated() where seen.insert(value).inserted {
                let name = Self.uniqueCaseName(schema.enumNames?[index], derived: Namer.caseName(forInteger: value), taken: &names)
                cases.append((name, value))
            }
            model.kind = .integerEnum(cases)
            enumValues[name] = values
        case .discriminated(let property, let cases):
            // Only those whose cases are object components become such models (`isOneOfModel`),
            // and those components are models too.
            // A value given twice cannot be told apart; two values whose Swift case names clash
            // can, and the later one is named in the long form.
            // Integer values name their cases after the models (`1` says nothing).
            // An endpointgen export says when the values are integers, which the cases need not declare.
            let integer = discriminatorType(property: property, cases: cases) == .int
                || (schema.integerDiscriminator && cases.allSatisfy { OpenAPIReader.isIntegerLiteral($0.value) }
                    && !cases.contains { declaresStringTag($0.schema, property: property) })
            var values: Set<String> = []
            var caseNames: Set<String> = []
            var kept: [(value: String, model: String, name: String?)] = []
            let shortNames = integer ? Self.shortModelCaseNames(cases.compactMap { modelNames[$0.schema] }, of: name) : [:]
            for item in cases {
                guard let modelName = modelNames[item.schema] else { continue }
                guard values.insert(item.value).inserted else {
                    diagnostics.warning(.unionCases, "case '\(item.value)' (\(item.schema)) of '\(name)' repeats an earlier value; left out", at: schema.location)
                    continue
                }
                // The Namer's name for the case; `unknown`, the fallback case, named in the long form
                // as enums name it (`unknownValue`).
                let derived = SwiftNaming.identifier(fromWire: integer ? modelName : item.value)
                // Integer cases, named after their models, without the union's name they repeat.
                // An export's own name first.
                let preferred = schema.caseNames[item.value] ?? shortNames[modelName]
                    ?? (derived == GeneratedCodeContract.fallbackCase ? "unknownValue" : derived)
                let unique = Self.claim(preferred, in: &caseNames)
                let explicit = unique == derived ? nil : unique
                if unique != preferred {
                    diagnostics.rename("case '\(item.value)' (\(item.schema)) of '\(name)' would be the Swift case '\(preferred)' of an earlier one; named '\(unique)'", at: schema.location)
                }
                kept.append((item.value, modelName, explicit))
            }
            model.kind = .oneOf(discriminator: property, integer: integer, cases: kept)
        case .union(_, let parts) where !parts.isEmpty:
            // An inline object or enum among the parts is named after the union.
            let types = parts.map { part in
                let suffix: String
                switch part.kind {
                case .object, .allOf: suffix = "Object"
                case .stringEnum, .integerEnum: suffix = "Value"
                default: suffix = ""
                }
                return undated(specType(part, suggested: name + suffix, use: .model, models: &models), at: part.location, where: "as a case of a oneOf").expr
            }
            // Named once the models are deduplicated (`nameUnionCases`), after their final types,
            // unless the document names them (an export's long form).
            let names: [String?] = schema.unionCaseNames.count == types.count ? schema.unionCaseNames : types.map { _ in nil }
            model.kind = .union(zip(types, names).map { ($0, $1) })
        default:
            guard let object = objectParts(schema) else { return nil }
            model.kind = .fields(fields(object, owner: name, use: .model, models: &models))
        }
        return model
    }

    private func stringEnum(_ values: [String], names given: [String]? = nil) -> ImportedModel.Kind {
        var seen: Set<String> = []
        var names: Set<String> = []
        var cases: [(name: String, value: String)] = []
        var short = true
        for (index, value) in values.enumerated() where seen.insert(value).inserted {
            // The Namer's name (made up for a value without letters: `""` → `empty`, `+` → `plus`).
            let derived = Namer.caseName(forValue: value)
            let unique = Self.uniqueCaseName(given?[index], derived: derived, taken: &names)
            if unique != derived || value.isEmpty || !Self.isPlainEnumValue(value) { short = false }
            cases.append((unique, value))
        }
        return .stringEnum(cases, short: short)
    }

    /// An enum case's name: the one an `x-enum-varnames` list gives (made an identifier,
    /// `HIGH_PRIORITY` → `highPriority`), else the derived one; never the fallback's `unknown`,
    /// numbered when taken.
    private static func uniqueCaseName(_ given: String?, derived: String, taken: inout Set<String>) -> String {
        var name = given.map(SwiftNaming.identifier(fromWire:)) ?? derived
        if name == GeneratedCodeContract.fallbackCase { name = "unknownValue" }
        return claim(name, in: &taken)
    }

    /// A value the short enum form can hold as it is: one the generator names the same way.
    private static func isPlainEnumValue(_ value: String) -> Bool {
        let first = value.utf8.first!
        return (first >= 0x61 && first <= 0x7A) || (first >= 0x41 && first <= 0x5A)
    }

    struct ObjectParts {
        var properties: [Property]
        var required: [String]
        var additional: Schema.Additional
    }

    func isReference(_ schema: Schema) -> Bool {
        if case .reference = schema.kind { return true }
        return false
    }

    /// The properties of an object schema, following references and merging `allOf` parts.
    func objectParts(_ schema: Schema, depth: Int = 0) -> ObjectParts? {
        guard depth < 32 else { return nil }
        switch schema.kind {
        case .object(let properties, let required, let additional):
            return ObjectParts(properties: properties, required: required, additional: additional)
        case .reference(let name):
            return components[name].flatMap { objectParts($0, depth: depth + 1) }
        case .allOf(let parts):
            var merged = ObjectParts(properties: [], required: [], additional: .none)
            for var part in parts {
                // A base that became a `oneOf` model still lends its properties to its subtypes.
                if case .reference(let name) = part.kind, let base = polymorphicBases[name] { part = base }
                guard let object = objectParts(part, depth: depth + 1) else { continue }
                for property in object.properties {
                    if let index = merged.properties.firstIndex(where: { $0.name == property.name }) {
                        merged.properties[index] = property
                    } else {
                        merged.properties.append(property)
                    }
                }
                merged.required += object.required
            }
            return merged
        default:
            return nil
        }
    }

    /// `formEncoding` is given for the fields of a form body: none is skipped (objects and lists
    /// go by the bracket convention), and each gets its `encoding`'s style.
    mutating func fields(_ object: ObjectParts, owner: String, use: Use, models: inout [ImportedModel], onlySimple: String? = nil,
                                 formEncoding: [String: FormFieldEncoding]? = nil) -> [ImportedField] {
        var result: [ImportedField] = []
        var names: Set<String> = []
        for property in object.properties {
            var made: [ImportedModel] = []
            var type = specType(property.schema, suggested: owner + Self.upperName(property.name), use: use, models: &made)
            // A multipart part may also be an object (a model, or JSON): OpenAPI's default for
            // an object part is `application/json`, which the runtime sends.
            let jsonPart = use == .multipart && (type.kind == .structModel || type.kind == .json || type.kind == .array(.structModel))
            if let onlySimple, !(type.isSimple || type.kind == .file || type.kind == .array(.file) || jsonPart) {
                diagnostics.warning(.skippedFormFields, "\(onlySimple) '\(property.name)' is \(Self.describe(type.kind)); only scalars\(use == .multipart ? ", files" : "") and arrays of them can be sent, so it is skipped", at: property.schema.location)
                continue
            }
            models += made
            if use == .model, type.kind == .file { type = SpecType(expr: .named("Data"), kind: .data) }
            var field = ImportedField(key: property.name, type: type.expr)
            field.dateEncoding = type.dates
            if let zone = type.timeZone {
                if buildingService {
                    if serviceTimeZone == nil { serviceTimeZone = (zone, property.schema.location) }
                } else if modelTimeZones[owner] == nil {
                    modelTimeZones[owner] = (zone, property.schema.location)
                }
            }
            if formEncoding == nil, formComponents.contains(owner), let style = property.schema.specStyle, fits(style: style, type.kind) {
                field.style = style
            }
            field.summary = property.schema.summary.flatMap { $0.isEmpty ? nil : $0 }
            field.deprecated = property.schema.deprecated
            // Required only where it is always there: a model sent and received holds no
            // `readOnly` property in requests and no `writeOnly` one in responses.
            let oneWay = (property.schema.readOnly && sentModels.contains(owner)) || (property.schema.writeOnly && receivedModels.contains(owner))
            applyOptionality(&field, type: type, required: object.required.contains(property.name) && !oneWay, schema: property.schema)
            // And never sent when read-only (a request has no server-assigned `id`).
            field.readOnly = property.schema.readOnly && sentModels.contains(owner) && !property.schema.writeOnly
            field.writeOnly = property.schema.writeOnly && receivedModels.contains(owner) && !property.schema.readOnly
            field.name = uniqueSwiftName(property.name, given: property.swiftName, taken: &names)
            if let entry = formEncoding?[property.name] {
                let isList: Bool
                if case .array(let element) = type.kind { isList = element == .scalar || element == .enumModel } else { isList = false }
                let isScalar = type.kind == .scalar || type.kind == .enumModel || type.kind == .data
                if let style = formStyle(entry, isList: isList) {
                    if !isScalar { field.style = style }
                } else if !isScalar {
                    let written = "'style: \(entry.style ?? "form")', explode \(entry.explode.map(String.init) ?? "default")"
                    diagnostics.warning(
                        "form field '\(property.name)' has \(written), which the spec format cannot say; it is sent \(isList ? "as repeated items" : "by the bracket convention (\(property.name)[key]=value)")",
                        at: entry.location)
                }
            }
            result.append(field)
        }
        return result
    }

    /// Optional unless required and not nullable; a valid default makes an optional value a
    /// plain one with that default (the server would use it anyway).
    mutating func applyOptionality(_ field: inout ImportedField, type: SpecType, required: Bool, schema: Schema) {
        let defaultValue = schema.defaultValue.flatMap { checkedDefault($0, type: type) }
        if let text = schema.defaultValue, defaultValue == nil, type.kind == .scalar || type.kind == .enumModel {
            diagnostics.warning(.droppedDefaults, "default '\(text)' of '\(field.key)' is not a value of \(type.expr)\(type.kind == .scalar && !["Int", "Int32", "Int64", "Double", "Float", "Bool", "String"].contains(type.expr.spelling) ? " that specs can write as a default" : ""); left out", at: schema.location)
        }
        if let defaultValue, !type.nullable {
            field.defaultValue = defaultValue
            return
        }
        if !required || type.nullable || schema.nullable {
            field.type = field.type.madeOptional
        }
    }

    private func checkedDefault(_ text: String, type: SpecType) -> ImportedScalar? {
        switch type.expr.spelling {
        case "Int", "Int64": return Int64(text) != nil ? .plain(text) : nil
        case "Int32": return Int32(text) != nil ? .plain(text) : nil
        case "Double", "Float": return Double(text).map { $0.isFinite ? ImportedScalar.plain(text) : nil } ?? nil
        case "Bool": return text == "true" || text == "false" ? .plain(text) : nil
        case "String": return .text(text)
        default:
            guard type.kind == .enumModel, let name = type.expr.plainName, let values = enumValues[name] ?? enumValuesOfComponent(name), values.contains(text) else { return nil }
            return Int64(text) != nil && !values.contains(where: { Int64($0) == nil }) ? .plain(text) : .text(text)
        }
    }

    private func enumValuesOfComponent(_ modelName: String) -> [String]? {
        guard let component = modelNames.first(where: { $0.value == modelName })?.key, let schema = components[component] else { return nil }
        switch schema.kind {
        case .stringEnum(let values), .integerEnum(let values): return values
        default: return nil
        }
    }
}
