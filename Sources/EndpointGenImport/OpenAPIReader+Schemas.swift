import EndpointGenSpec
import EndpointGenSupport
import EndpointGenYAML

// Schemas.
extension OpenAPIReader {
    // MARK: - Schemas

    mutating func schema(_ node: YAMLNode) -> Schema {
        let at = location(node)
        guard node.mapping != nil else {
            // `true` (3.1: any value) or something that is not a schema.
            if node.scalar?.style == .plain, node.text == "false" {
                diagnostics.warning(.valuesAsJSON, "the schema 'false' allows no value; the value is kept as JSON", at: at)
            } else if node.text != "true" {
                diagnostics.warning(.valuesAsJSON, "expected a schema (a mapping), found \(node.kindDescription); the value is kept as JSON", at: at)
            }
            return Schema(kind: .any, location: at)
        }
        var result = Schema(kind: .any, location: at)
        readAnnotations(node, into: &result)
        if let referenceNode = node["$ref"], let reference = referenceNode.text {
            switch references.schemaName(reference, from: node) {
            case .success(let name):
                result.kind = .reference(name)
            case .failure(let problem):
                diagnostics.warning(.unresolvedReferences, problem.message + "; the value is kept as JSON", at: location(referenceNode), notes: problem.notes)
            }
            return result
        }
        let type = schemaType(node, into: &result)
        if let allOf = node["allOf"]?.sequence {
            allOfSchema(allOf, into: &result)
            return result
        }
        for keyword in ["oneOf", "anyOf"] {
            guard let list = node[keyword]?.sequence else { continue }
            if unionSchema(node, keyword: keyword, list: list, type: type, into: &result) { return result }
        }
        if constantSchema(node, type: type, into: &result) { return result }
        typedSchema(node, type: type, into: &result)
        return result
    }

    /// The annotations every schema may carry: summary, deprecation, nullability, direction, default.
    private func readAnnotations(_ node: YAMLNode, into result: inout Schema) {
        result.summary = (node["description"]?.text ?? node["title"]?.text.flatMap(Self.titleAsText)).map(Self.oneLine)
        result.deprecated = node["deprecated"]?.text == "true"
        result.nullable = node["nullable"]?.text == "true"
        result.readOnly = node["readOnly"]?.text == "true"
        result.writeOnly = node["writeOnly"]?.text == "true"
        if let value = node["default"], let text = value.text {
            result.defaultValue = text
        } else if let value = node["default"] {
            result.defaultIsEmpty = value.sequence?.isEmpty == true || value.mapping?.isEmpty == true
        }
    }

    /// A schema's `title` as its doc comment when it reads as text; nil for a title that is a name
    /// (Stripe titles 439 inline schemas `range_query_specs`, `customer_payment_source_card`),
    /// which as a `///` comment says nothing the type does not.
    static func titleAsText(_ title: String) -> String? {
        title.contains(" ") ? title : nil
    }

    /// The single non-null `type` (3.1 lists may add `null`), plus the x- extensions and discriminator.
    private mutating func schemaType(_ node: YAMLNode, into result: inout Schema) -> String? {
        var type = node["type"]?.text
        if let list = node["type"]?.sequence {
            // 3.1: `type: [string, "null"]`.
            let types = list.compactMap(\.text)
            if types.contains("null") { result.nullable = true }
            let others = types.filter { $0 != "null" }
            type = others.count == 1 ? others[0] : nil
        }
        result.integerDiscriminator = node[OpenAPIExtension.discriminatorType]?.text == "integer"
        // Only values the spec loader accepts (an import never writes a spec that fails).
        if let kind = node[OpenAPIExtension.dateEncoding]?.text, kind == "service" || SpecRules.dateEncodings.contains(kind) {
            result.dateEncoding = kind
            result.timeZone = node[OpenAPIExtension.timeZone]?.text.flatMap { SpecRules.isTimeZone($0) ? $0 : nil }
        }
        result.specStyle = node[OpenAPIExtension.style]?.text
        // export-openapi's integer discriminator, which OpenAPI's `discriminator` cannot hold.
        let discriminator = node["discriminator"] ?? (result.integerDiscriminator ? node[OpenAPIExtension.discriminator] : nil)
        for pair in node[OpenAPIExtension.caseNames]?.mapping ?? YAMLMapping() {
            if let value = pair.key.text, let name = pair.value.text, SpecRules.isSwiftName(name) { result.caseNames[value] = name }
        }
        // A union's case names are a list (its parts have no values); all of them or none.
        if let names = node[OpenAPIExtension.caseNames]?.sequence {
            let valid = names.compactMap { $0.text.flatMap { SpecRules.isSwiftName($0) ? $0 : nil } }
            if valid.count == names.count, Set(valid).count == valid.count { result.unionCaseNames = valid }
        }
        if let property = discriminator?["propertyName"]?.text, !property.isEmpty {
            result.discriminator = (property, discriminatorMapping(discriminator?["mapping"]))
        }
        return type
    }

    /// `allOf`: annotation-only parts fold into the value; one typed part is that type, more an `.allOf`.
    private mutating func allOfSchema(_ allOf: YAMLSequence, into result: inout Schema) {
        // `allOf: [{ $ref: X }, { nullable: true }]`: a part of annotations only adds no
        // type; its nullability, description and direction belong to the value, which is X
        // itself rather than a copy of X (GitHub writes 118 of them, and a copy that is not
        // optional throws on null).
        let typed = allOf.filter { !Self.isAnnotationOnly($0) }
        if typed.count < allOf.count, !typed.isEmpty {
            for annotation in allOf where Self.isAnnotationOnly(annotation) {
                let part = schema(annotation)
                result.nullable = result.nullable || part.nullable
                result.readOnly = result.readOnly || part.readOnly
                result.writeOnly = result.writeOnly || part.writeOnly
                result.deprecated = result.deprecated || part.deprecated
                if result.summary == nil { result.summary = part.summary }
                if result.defaultValue == nil { result.defaultValue = part.defaultValue }
            }
        }
        let parts = (typed.isEmpty ? Array(allOf) : typed).map { schema($0) }
        if parts.count == 1 {
            let part = parts[0]
            result.kind = part.kind
            result.nullable = result.nullable || part.nullable
            if result.summary == nil { result.summary = part.summary }
        } else {
            result.kind = .allOf(parts)
        }
    }

    /// `oneOf`/`anyOf`: the first shape that fits (single part, enum, discriminated, union, else JSON).
    /// False when the parts only constrain the object's own properties (the next keyword is tried).
    private mutating func unionSchema(
        _ node: YAMLNode, keyword: String, list: YAMLSequence, type: String?, into result: inout Schema
    ) -> Bool {
        let at = result.location
        // Parts that only narrow the object's own properties (GitHub's check runs: `status:
        // completed` requires `conclusion`): the object is what is sent and read.
        if Self.partsOnlyConstrain(list, of: node) { return false }
        let parts = Self.nonNullParts(list)
        // One part (and perhaps `null`): that part's type.
        if parts.count == 1 {
            let part = schema(parts[0])
            result.kind = part.kind
            result.nullable = result.nullable || part.nullable || parts.count < list.count
            if result.summary == nil { result.summary = part.summary }
            return true
        }
        if let constants = Self.constEnum(parts), enumeration(constants.values, names: constants.names, type: type, into: &result) {
            return true
        }
        if let values = Self.openStringEnum(parts) {
            result.kind = .stringEnum(values)
            return true
        }
        if let name = openEnumReference(parts) {
            result.kind = .reference(name)
            return true
        }
        if let discriminator = result.discriminator,
           let cases = discriminatedCases(list, mapping: discriminator.mapping, exported: node["discriminator"] == nil) {
            result.kind = .discriminated(property: discriminator.property, cases: cases)
            return true
        }
        if node["discriminator"] == nil, let implied = impliedDiscriminator(list) {
            diagnostics.warning(.impliedDiscriminators, "'\(keyword)' has no discriminator; its cases are told apart by '\(implied.property)', which each declares with \(Set(implied.cases.map(\.schema)).count < implied.cases.count ? "values of its own" : "a single value")", at: at)
            result.kind = .discriminated(property: implied.property, cases: implied.cases)
            return true
        }
        let ordered = unionOrder(parts)
        if case .success(let ordered) = ordered {
            result.kind = .union(keyword: keyword, parts: ordered.map { schema(parts[$0]) })
            // export-openapi's case names, one per part in the document's order.
            if result.unionCaseNames.count == parts.count { result.unionCaseNames = ordered.map { result.unionCaseNames[$0] } } else { result.unionCaseNames = [] }
            if parts.count < list.count { result.nullable = true }
            return true
        }
        // What blocked it: a case that does not say its tag, else the parts decoding cannot
        // tell apart.
        var reason = ""
        if node["discriminator"] == nil, let blocker = impliedDiscriminatorBlocker(list) {
            reason = ": \(blocker)"
        } else if case .failure(let blocker) = ordered {
            reason = ": \(blocker)"
        }
        diagnostics.warning(.unionsAsJSON, "'\(keyword)' has no single Swift type\(reason); the value is kept as JSON (JSONValue)", at: at)
        result.kind = .union(keyword: keyword, parts: [])
        return true
    }

    /// `enum` values, or 3.1's untyped `const`; true when they decided the kind.
    private mutating func constantSchema(_ node: YAMLNode, type: String?, into result: inout Schema) -> Bool {
        if let values = node["enum"]?.sequence {
            // Case names some generators' extensions give, one per value (null aside).
            let names = (node["x-enum-varnames"] ?? node["x-enumNames"])?.elements?.compactMap(\.text)
            if enumeration(Array(values), names: names, type: type, into: &result) { return true }
        }
        // 3.1's `const: card` without a `type` is a string (a discriminator's value, mostly);
        // `const: 1` an integer.
        if type == nil, let value = node["const"] {
            if Self.stringText(value, typed: false) != nil {
                result.kind = .string(format: nil)
                return true
            }
            if let scalar = value.scalar, scalar.style == .plain, Int64(scalar.value) != nil {
                result.kind = .integer(format: nil)
                return true
            }
        }
        return false
    }

    /// The JSON types of a `type` list of more than one (null aside), or nil.
    private func severalTypes(_ node: YAMLNode) -> [String]? {
        guard let list = node["type"]?.sequence else { return nil }
        var kinds: [String] = []
        for kind in list.compactMap(\.text) where kind != "null" && !kinds.contains(kind) { kinds.append(kind) }
        return kinds.count > 1 ? kinds : nil
    }

    /// The kind from `type` and `format`; an object's properties, required keys and additionalProperties.
    private mutating func typedSchema(_ node: YAMLNode, type: String?, into result: inout Schema) {
        let at = result.location
        let format = node["format"]?.text
        switch type {
        case "string": result.kind = .string(format: format ?? Self.contentFormat(node))
        case "integer": result.kind = .integer(format: format)
        case "number": result.kind = .number(format: format)
        case "boolean": result.kind = .boolean
        case "array": result.kind = .array(items: node["items"].map { schema($0) })
        // 2020-12's `type: 'null'` (or `['null']`): a value that is always null.
        case "null": result.nullable = true
        case "object", nil:
            if type == nil, let kinds = severalTypes(node) {
                // `type: [integer, string]`: a union of those scalars (integers before numbers,
                // as decoding must try them); with a list or an object among them, JSON.
                let scalars: [String: Schema.Kind] = [
                    "boolean": .boolean, "integer": .integer(format: format), "number": .number(format: format),
                    "string": .string(format: format ?? Self.contentFormat(node)),
                ]
                let order = ["boolean", "integer", "number", "string"]
                guard kinds.allSatisfy({ scalars[$0] != nil }) else {
                    diagnostics.warning(.unionsAsJSON, "'type: [\(kinds.joined(separator: ", "))]' has no single Swift type (a list or an object among scalars); the value is kept as JSON (JSONValue)", at: at)
                    return
                }
                let parts = order.filter(kinds.contains).map { Schema(kind: scalars[$0]!, location: at) }
                result.kind = .union(keyword: "type", parts: parts)
                return
            }
            if type == nil, node["properties"] == nil, node["additionalProperties"] == nil {
                return
            }
            var properties: [Property] = []
            for pair in node["properties"]?.mapping ?? YAMLMapping() {
                guard let name = pair.key.text else { continue }
                // A JSON key of its own, but no field name a spec (or a Swift CodingKey) can have.
                guard !name.isEmpty else {
                    diagnostics.warning(.skippedProperties, "a property named '' (the empty string) is skipped", at: location(pair.key))
                    continue
                }
                properties.append(Property(name: name, schema: schema(pair.value), swiftName: pair.value[OpenAPIExtension.name]?.text))
            }
            let required = node["required"]?.sequence?.compactMap(\.text) ?? []
            var additional = Schema.Additional.none
            if let extra = node["additionalProperties"] {
                if extra.mapping != nil {
                    additional = extra.mapping!.isEmpty ? .any : .schema(schema(extra))
                } else if extra.text == "true" {
                    additional = .any
                }
            }
            result.kind = .object(properties: properties, required: required, additional: additional)
        default:
            diagnostics.warning(.valuesAsJSON, "schema type '\(type!)' is not a JSON Schema type; the value is kept as JSON", at: at)
        }
    }

    /// 3.1's words for what 3.0 wrote as a `format` (JSON Schema 2020-12 has no `binary` or
    /// `byte`): `contentEncoding: base64` is `byte`; a `contentMediaType` that is no text
    /// (`image/png`, `application/octet-stream`, a multipart file part) is `binary`.
    static func contentFormat(_ node: YAMLNode) -> String? {
        if let encoding = node["contentEncoding"]?.text?.lowercased() {
            return encoding == "base64" ? "byte" : nil
        }
        guard let mediaType = node["contentMediaType"]?.text?.lowercased() else { return nil }
        let type = String((mediaType.split(separator: ";").first ?? "").filter { $0 != " " })
        let text = type.hasPrefix("text/") || isJSON(type) && type != "*/*" || type.hasSuffix("xml")
            || type == "application/x-www-form-urlencoded"
        return text ? nil : "binary"
    }

    /// An enum's kind from its values (`null` makes it nullable) and the case names given, one
    /// per value: an integer enum for `type: integer`, or for plain integers without a `type`
    /// (`enum: [1, 2]`; `["1", "2"]` are strings); a string enum otherwise. False when the values
    /// are neither (numbers of another type).
    private mutating func enumeration(_ values: [YAMLNode], names: [String]?, type: String?, into result: inout Schema) -> Bool {
        var texts: [String] = []
        var allPlainIntegers = true
        var unwritable: [YAMLNode] = []
        for value in values {
            if value.isPlainNull { result.nullable = true; continue }
            if let scalar = value.scalar {
                texts.append(scalar.value)
                allPlainIntegers = allPlainIntegers && scalar.style == .plain && Int64(scalar.value) != nil
            } else {
                unwritable.append(value)
            }
        }
        // An enum without a value would not load: the type alone says more than nothing.
        if texts.isEmpty {
            if !values.isEmpty, unwritable.isEmpty { return false }
            diagnostics.warning(.droppedEnumValues, "'enum' lists no value specs can write (strings, integers); the schema's type is used without it", at: values.first.map { location($0) } ?? result.location)
            return false
        }
        for value in unwritable {
            diagnostics.warning(.droppedEnumValues, "a value of 'enum' that is a mapping or a list is left out (specs list strings and integers)", at: location(value))
        }
        if let names, names.count == texts.count { result.enumNames = names }
        if type == "integer" || (type == nil && allPlainIntegers && !texts.isEmpty) {
            if texts.allSatisfy({ Int64($0) != nil }) {
                result.kind = .integerEnum(texts)
                return true
            }
        } else if type == nil, let other = values.first(where: { !$0.isPlainNull && $0.scalar != nil && Self.stringText($0, typed: false) == nil }) {
            // `[1, two, true]`, `[1.5, 2.5]`: a String enum would not decode the number or Boolean.
            diagnostics.warning(.valuesAsJSON, "'enum' without a 'type' lists values that are not all strings or all integers (\(other.text ?? "") is a number or a Boolean); the value is kept as JSON", at: location(other))
            result.kind = .any
            return true
        } else if type == nil || type == "string" {
            result.kind = .stringEnum(texts)
            return true
        }
        return false
    }

    /// The values of a `oneOf` whose every case is a `const` (with an optional `title` and
    /// `description`): how Discord's and other 3.1 documents write a documented enum. The titles
    /// name the cases when every case has a distinct one.
    private static func constEnum(_ parts: [YAMLNode]) -> (values: [YAMLNode], names: [String]?)? {
        var values: [YAMLNode] = []
        var names: [String] = []
        for part in parts {
            guard let value = part["const"], value.scalar != nil, part["$ref"] == nil, part["properties"] == nil else { return nil }
            values.append(value)
            if let title = part["title"]?.text, !title.isEmpty { names.append(title) }
        }
        guard values.count > 1 else { return nil }
        let named = names.count == values.count && Set(names).count == names.count
        return (values, named ? names : nil)
    }
}
