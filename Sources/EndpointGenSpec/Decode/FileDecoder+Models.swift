import EndpointGenSupport
import EndpointGenYAML

// Models: structs, enums, oneOf and unions.
extension FileDecoder {
    // MARK: - Models

    mutating func decodeModels(_ node: YAMLNode) -> [ModelSyntax] {
        guard let pairs = reader.pairs(node, for: "'models'") else { return [] }
        var models: [ModelSyntax] = []
        models.reserveCapacity(pairs.count)
        for pair in pairs {
            models.append(decodeModel(pair))
        }
        return models
    }

    private mutating func decodeModel(_ pair: YAMLPair) -> ModelSyntax {
        var (model, damaged) = decodingPart { $0.decodeModelParts(pair) }
        model.damaged = damaged
        return model
    }

    private mutating func decodeModelParts(_ pair: YAMLPair) -> ModelSyntax {
        let name = reader.keyText(pair.key)
        var model = ModelSyntax(
            name: name, summary: nil, kind: .structure([]), origin: .declared, file: path, location: location(pair.key))
        if !Lexical.isUpperCamelCase(name) {
            reader.diagnostics.error(
                "model name '\(name)' must be UpperCamelCase\(suggestion(SwiftNaming.upperCamel(name), for: name))",
                at: location(pair.key))
        }
        func what() -> String { "model '\(name)'" }
        guard let mapping = reader.keyed(pair.value, in: what(), allowed: Self.modelKeys) else { return model }
        model.summary = mapping["summary"].flatMap { reader.docText($0.value, for: "'summary'") }
        // Exactly one of the three kinds (no array built on this path, which every model takes).
        let fields = mapping["fields"], cases = mapping["enum"], oneOf = mapping["oneOf"]
        if (fields != nil ? 1 : 0) + (cases != nil ? 1 : 0) + (oneOf != nil ? 1 : 0) > 1 {
            let kinds = [fields, cases, oneOf].compactMap { $0 }
            let names = kinds.map { "'\($0.key)'" }
            reader.diagnostics.error(
                "\(what()) can have only one of 'fields', 'enum' and 'oneOf', found \(names.joined(separator: " and "))",
                at: location(kinds[1].keyNode))
        } else if let fields {
            model.kind = .structure(decodeFields(fields.value, owner: .model(name)))
        } else if let cases {
            model.kind = .enumeration(decodeEnum(cases.value, model: name))
        } else if let oneOf {
            if let decoded = decodeOneOf(oneOf.value, model: name) { model.kind = decoded }
        } else if mapping.suggested.isEmpty {
            reader.diagnostics.error("\(what()) needs 'fields', 'enum' or 'oneOf'", at: location(pair.key))
        }
        return model
    }

    /// `oneOf: { discriminator: type, cases: { post: Post, notice: Notice } }`, or without a
    /// discriminator, `oneOf: { cases: [String, "[ContentPart]"] }` (a list of types).
    private mutating func decodeOneOf(_ node: YAMLNode, model: String) -> ModelSyntax.Kind? {
        func what() -> String { "'oneOf' of model '\(model)'" }
        guard let mapping = reader.keyed(node, in: what(), allowed: Self.oneOfKeys) else { return nil }
        if let cases = mapping["cases"], let items = cases.value.sequence {
            return decodeUnion(mapping, cases: items, at: cases.value, of: what())
        }
        var discriminator: String?
        if let entry = mapping["discriminator"] {
            if let key = reader.text(entry.value, for: "'discriminator' of \(what())") {
                if key.isEmpty {
                    reader.diagnostics.error("the discriminator of \(what()) cannot be empty", at: location(entry.value))
                } else {
                    discriminator = key
                }
            }
        } else if mapping.isMissing("discriminator") {
            reader.diagnostics.error(
                "missing key 'discriminator' in \(what()): the wire key that names the case (e.g. 'type')",
                at: mapping.location)
        }
        var valueType = EnumModel.RawType.string
        if let entry = mapping["type"], let type = rawType(entry, is: "the type of the discriminator values", of: what()) {
            valueType = type
        }
        let isInt = valueType == .int
        guard let casesEntry = mapping["cases"] else {
            if mapping.isMissing("cases") {
                reader.diagnostics.error(
                    "missing key 'cases' in \(what()): '{ value: Model, … }', or a list of types without a discriminator",
                    at: mapping.location)
            }
            return nil
        }
        guard let pairs = reader.pairs(casesEntry.value, for: "'cases' of \(what())") else { return nil }
        if pairs.isEmpty {
            reader.diagnostics.error("\(what()) has no cases", at: location(casesEntry.value))
        }
        var variants: [OneOfModel.Variant] = []
        var seenValues: [String: SourceLocation] = [:]
        for pair in pairs {
            var value = reader.keyText(pair.key)
            if isInt {
                guard let scalar = pair.key.scalar, scalar.style == .plain, Lexical.isInteger(value),
                      let number = Int64(value) else {
                    reader.diagnostics.error(
                        "case '\(value)' of \(what()) must be an integer, as its discriminator's type is Int",
                        at: location(pair.key))
                    continue
                }
                // `-0` and `0` are one value on the wire (YAML's duplicate-key check sees two).
                value = String(number)
                if let first = seenValues[value] {
                    reader.diagnostics.error(
                        "case '\(value)' appears twice in \(what())", at: location(pair.key),
                        notes: [.note("first given here", at: first)])
                    continue
                }
                seenValues[value] = location(pair.key)
            }
            guard let (modelNode, override, caseLocation) = decodeOneOfCase(pair, value: value, of: what()),
                  let target = reader.text(modelNode, for: "case '\(value)' of \(what())") else { continue }
            var variant = OneOfModel.Variant(
                value: value, model: target, swiftNameOverride: override,
                location: location(pair.key), modelLocation: reader.textLocation(modelNode))
            // Its case name, and that name's clashes, are the Namer's.
            if override != nil { variant.nameLocation = caseLocation }
            variants.append(variant)
        }
        // Without a discriminator (an error is reported, so the model is damaged and no sample or
        // generated code reads the empty key) the cases are still resolved, so that their own
        // errors show in the same run.
        return .oneOf(OneOfModel(discriminator: discriminator ?? "", valueType: valueType, variants: variants))
    }

    /// `cases: [String, "[ContentPart]", { type: Int, name: count }]`: the types of a `oneOf`
    /// told apart by their JSON shape, tried in order when decoding. A discriminator has nothing
    /// to name here.
    private mutating func decodeUnion(_ mapping: KeyedMapping, cases items: YAMLSequence, at node: YAMLNode, of what: String) -> ModelSyntax.Kind {
        for key in ["discriminator", "type"] {
            if let entry = mapping[key] {
                reader.diagnostics.error(
                    "\(what) lists its cases, so they are told apart by their JSON shape and '\(key)' has nothing to name; give the cases as '{ value: Model, … }' to use a discriminator",
                    at: location(entry.keyNode))
            }
        }
        var cases: [UnionCaseSyntax] = []
        // The same type twice is a mistake whatever the cases' names (which are the Namer's).
        var seenTypes: [String: SourceLocation] = [:]
        if items.isEmpty {
            reader.diagnostics.error("\(what) has no cases", at: location(node))
        }
        for item in items {
            var typeNode = item
            var given: (name: String, location: SourceLocation)?
            // `{ type: T, name: x }`; `{ String: Int }` is a dictionary type.
            if let pairs = item.mapping, !isDictionaryTypeMapping(item), pairs.count != 1 || isLongFormKey(pairs[0].key) {
                guard let entry = reader.keyed(item, in: "a case of \(what)", allowed: Self.unionCaseKeys) else { continue }
                guard let type = entry["type"] else {
                    if entry.isMissing("type") {
                        reader.diagnostics.error("missing key 'type' in a case of \(what)", at: entry.location)
                    }
                    continue
                }
                typeNode = type.value
                if let nameEntry = entry["name"], let name = reader.text(nameEntry.value, for: "'name' of a case of \(what)") {
                    guard Lexical.isIdentifier(name) else {
                        reader.diagnostics.error("case name '\(name)' of \(what) must be a Swift identifier", at: location(nameEntry.value))
                        continue
                    }
                    given = (name, location(nameEntry.value))
                }
            }
            guard let type = typeExpression(typeNode, allowDefault: false).type else { continue }
            if case .optional(_, let at) = type {
                reader.diagnostics.error(
                    "case '\(type.spelling)' of \(what) cannot be optional; make the field that holds the model optional",
                    at: at)
                continue
            }
            let caseLocation = location(item)
            if let first = seenTypes[type.spelling] {
                reader.diagnostics.error(
                    "case '\(type.spelling)' appears twice in \(what)", at: caseLocation,
                    notes: [.note("first given here", at: first)])
                continue
            }
            seenTypes[type.spelling] = caseLocation
            cases.append(UnionCaseSyntax(
                type: type, name: given?.name, nameLocation: given?.location, location: caseLocation, typeLocation: location(typeNode)))
        }
        return .union(cases)
    }

    /// A key of a union case's long form, also misspelt (`{ Type: Int }` is reported, not read as a dictionary).
    private func isLongFormKey(_ key: YAMLNode) -> Bool {
        guard let text = key.scalar?.value else { return false }
        return Self.unionCaseKeys.index(of: text.lowercased()) != nil
    }

    /// One case of a `oneOf`: short form `value: Model`, long form
    /// `value: { model: Model, name: caseName }`. The node naming the model, the long form's
    /// case name, and where the case's name comes from (for clashes); nil after an error.
    private mutating func decodeOneOfCase(
        _ pair: YAMLPair, value: String, of what: String
    ) -> (model: YAMLNode, name: String?, location: SourceLocation)? {
        guard case .mapping = pair.value.content else { return (pair.value, nil, location(pair.key)) }
        let theCase = "case '\(value)' of \(what)"
        guard let entry = reader.keyed(pair.value, in: theCase, allowed: Self.oneOfCaseKeys) else { return nil }
        var name: String?
        var caseLocation = location(pair.key)
        if let nameEntry = entry["name"], let given = reader.text(nameEntry.value, for: "'name' of \(theCase)") {
            guard Lexical.isIdentifier(given) else {
                reader.diagnostics.error("case name '\(given)' of \(what) must be a Swift identifier", at: location(nameEntry.value))
                return nil
            }
            name = given
            caseLocation = location(nameEntry.value)
        }
        guard let model = entry["model"] else {
            if entry.isMissing("model") {
                reader.diagnostics.error("missing key 'model' in \(theCase): the model this case decodes as", at: entry.location)
            }
            return nil
        }
        return (model.value, name, caseLocation)
    }

    /// `type: String` or `type: Int` of an enum or a `oneOf`; `role` and `owner` name it in errors.
    private mutating func rawType(_ entry: KeyedMapping.Entry, is role: StaticString, of owner: String) -> EnumModel.RawType? {
        guard let type = reader.text(entry.value, for: "'type' of \(owner)") else { return nil }
        switch type {
        case "String": return .string
        case "Int": return .int
        default:
            reader.diagnostics.error("\(role) of \(owner) must be String or Int, found '\(type)'", at: location(entry.value))
            return nil
        }
    }

    private mutating func decodeEnum(_ node: YAMLNode, model: String) -> EnumModel {
        var result = EnumModel(rawType: .string, cases: [])
        func what() -> String { "enum '\(model)'" }
        var valuesNode: YAMLNode?
        switch node.content {
        case .sequence:
            valuesNode = node
        case .mapping:
            guard let mapping = reader.keyed(node, in: what(), allowed: Self.enumKeys) else { return result }
            if let entry = mapping["type"], let type = rawType(entry, is: "the raw type", of: what()) {
                result.rawType = type
            }
            guard let values = mapping["values"] else {
                guard mapping.isMissing("values") else { return result }
                reader.diagnostics.error("missing key 'values' in \(what())", at: mapping.location)
                return result
            }
            valuesNode = values.value
        case .scalar:
            reader.diagnostics.error(
                "expected a list of values for \(what()), found \(NodeReader.describe(node))", at: location(node))
            return result
        }
        guard let valuesNode else { return result }

        // (name given, wire value node)
        var entries: [(name: YAMLNode?, value: YAMLNode)] = []
        switch valuesNode.content {
        case .sequence(let items):
            entries = items.map { (nil, $0) }
        case .mapping(let pairs):
            entries = pairs.map { ($0.key, $0.value) }
        case .scalar:
            reader.diagnostics.error(
                "expected a list or a mapping of values for \(what()), found \(NodeReader.describe(valuesNode))",
                at: location(valuesNode))
            return result
        }
        if entries.isEmpty {
            reader.diagnostics.error("\(what()) has no values", at: location(valuesNode))
        }
        var seenValues: [String: SourceLocation] = [:]
        for entry in entries {
            guard let scalar = entry.value.scalar else {
                reader.diagnostics.error(
                    "values of \(what()) must be scalars, found \(entry.value.kindDescription)", at: location(entry.value))
                continue
            }
            let value = scalar.value
            let valueLocation = location(entry.value)
            if result.rawType == .int {
                guard scalar.style == .plain, Lexical.isInteger(value), Lexical.integerFits(value, bits: 64) else {
                    reader.diagnostics.error("value '\(value)' of \(what()) must be an integer", at: valueLocation)
                    continue
                }
            }
            if let first = seenValues[value] {
                reader.diagnostics.error(
                    "value '\(value)' appears twice in \(what())", at: valueLocation,
                    notes: [.note("first given here", at: first)])
                continue
            }
            seenValues[value] = valueLocation
            var override: String?
            if let nameNode = entry.name {
                let name = reader.keyText(nameNode)
                guard Lexical.isIdentifier(name) else {
                    reader.diagnostics.error(
                        "case name '\(name)' of \(what()) must be a Swift identifier", at: location(nameNode))
                    continue
                }
                override = name
            }
            // Case names, the made-up ones and their clashes are the Namer's.
            let caseLocation = entry.name.map(location) ?? valueLocation
            result.cases.append(EnumModel.Case(swiftNameOverride: override, value: value, location: caseLocation))
        }
        return result
    }
}
