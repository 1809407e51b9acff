import EndpointGenSpec
import EndpointGenSupport
import EndpointGenYAML

// Union parts told apart by shape, and discriminators (declared or implied).
extension OpenAPIReader {
    /// The parts of a `oneOf`/`anyOf` in the order decoding tries them, when that order tells
    /// them all apart: parts of different JSON kinds (a string or an array of parts, an integer
    /// or "inf") in the document's order, and within one kind the stricter first (an integer
    /// before a number, objects by how many properties they require, a map last). Nil when an
    /// earlier part would take every value of a later one (two objects that require the same
    /// properties, two that require none) or a part has no shape the importer can tell (a nested
    /// `oneOf`, an `allOf`, no `type`).
    func unionParts(_ parts: [YAMLNode]) -> Result<[YAMLNode], UnionBlocker> {
        unionOrder(parts).map { $0.map { parts[$0] } }
    }

    /// `unionParts` as positions in `parts`, so that what travels beside the parts (their case
    /// names) can follow them.
    func unionOrder(_ parts: [YAMLNode]) -> Result<[Int], UnionBlocker> {
        guard parts.count > 1 else { return .failure(UnionBlocker(description: "it has no parts")) }
        var shapes: [UnionShape] = []
        for (index, part) in parts.enumerated() {
            guard let shape = shape(of: part, depth: 0) else {
                return .failure(UnionBlocker(description: "\(describe(part, index)) has no shape decoding can tell: a nested union, an allOf, no type"))
            }
            shapes.append(shape)
        }
        var ordered = Array(parts.indices)
        var seenFamilies: [String] = []
        for family in shapes.map(\.family) where !seenFamilies.contains(family) {
            seenFamilies.append(family)
            // The family's places keep their positions; its parts are sorted into them.
            let places = shapes.indices.filter { shapes[$0].family == family }
            let sorted = places.sorted { shapes[$0].rank > shapes[$1].rank || (shapes[$0].rank == shapes[$1].rank && $0 < $1) }
            for (position, earlier) in sorted.enumerated() {
                for later in sorted[(position + 1)...] where shapes[earlier].takesEvery(shapes[later]) {
                    let (first, second) = (min(earlier, later), max(earlier, later))
                    return .failure(UnionBlocker(description: "\(describe(parts[first], first)) and \(describe(parts[second], second)) cannot be told apart by their JSON"))
                }
            }
            for (place, source) in zip(places, sorted) { ordered[place] = source }
        }
        // A free-form object becomes `JSON`, which decodes every value: it can only be the last
        // case (GitHub's deployment `payload`: `oneOf: [{ type: object, additionalProperties: true }, { type: string }]`).
        let freeForm = ordered.filter { isFreeFormObject(parts[$0]) }
        guard freeForm.count <= 1 else { return .failure(UnionBlocker(description: "it has several free-form objects")) }
        return .success(ordered.filter { !isFreeFormObject(parts[$0]) } + freeForm)
    }

    /// Why a union's parts cannot be told apart, for the warning.
    struct UnionBlocker: Error, CustomStringConvertible {
        var description: String
    }

    /// `case 'Card'` for a reference, `part 2` for an inline schema.
    private func describe(_ part: YAMLNode, _ index: Int) -> String {
        if let reference = part["$ref"]?.text, let name = componentName(reference, from: part) { return "case '\(name)'" }
        return "part \(index + 1)"
    }

    /// For a `oneOf` of component objects that looks tagged (its first case declares a property
    /// with one value) but is not: the case that does not declare that property with a value of
    /// its own.
    func impliedDiscriminatorBlocker(_ parts: YAMLSequence) -> String? {
        var components: [(name: String, properties: YAMLNode)] = []
        for part in Self.nonNullParts(parts) {
            guard let reference = part["$ref"]?.text, let name = componentName(reference, from: part),
                  let properties = component(name)?["properties"], properties.mapping != nil else { return nil }
            components.append((name, properties))
        }
        guard components.count > 1, let first = components[0].properties.mapping else { return nil }
        guard let tag = first.first(where: { Self.singleStringValue($0.value) != nil || Self.singleIntegerValue($0.value) != nil }),
              let property = tag.key.text else { return nil }
        var seen: Set<String> = []
        for component in components {
            guard let declared = component.properties[property],
                  let values = Self.stringTags(declared) ?? Self.singleIntegerValue(declared).map({ [$0] }) else {
                return "case '\(component.name)' does not declare '\(property)' with a value of its own"
            }
            for value in values where !seen.insert(value).inserted {
                return "case '\(component.name)' repeats the '\(property)' value '\(value)' of an earlier case"
            }
        }
        return nil
    }

    /// `{ type: object, additionalProperties: true }` (or `{}`) without properties: any object.
    private func isFreeFormObject(_ node: YAMLNode) -> Bool {
        guard node["$ref"] == nil, node["properties"]?.mapping?.isEmpty != false, let additional = node["additionalProperties"] else {
            return false
        }
        return additional.text == "true" || additional.mapping?.isEmpty == true
    }

    /// The shape the union rule (`UnionShape.takesEvery`) sees of a part. The importer knows
    /// less than the resolver will: an integer is `Int`, a number `Double`, a string of any
    /// format `String` (so two string parts are refused), the required properties' types are
    /// left unknown and a map's values too (so it takes every object).
    private func shape(of node: YAMLNode, depth: Int) -> UnionShape? {
        guard depth < 8 else { return nil }
        if let reference = node["$ref"]?.text {
            guard let name = componentName(reference, from: node), let target = component(name) else { return nil }
            return shape(of: target, depth: depth + 1)
        }
        // A union of one part (and perhaps `null`) is that part.
        if let list = (node["oneOf"] ?? node["anyOf"])?.sequence, node["allOf"] == nil {
            let parts = Self.nonNullParts(list)
            return parts.count == 1 ? shape(of: parts[0], depth: depth + 1) : nil
        }
        // `allOf` of one typed part and annotations: that part.
        if let allOf = node["allOf"]?.sequence, node["oneOf"] == nil, node["anyOf"] == nil {
            let typed = allOf.filter { !Self.isAnnotationOnly($0) }
            return typed.count == 1 ? shape(of: typed[0], depth: depth + 1) : nil
        }
        if node["oneOf"] != nil || node["anyOf"] != nil || node["allOf"] != nil || node["not"] != nil { return nil }
        switch node["type"]?.text {
        case "string": return .primitive(.string)
        case "integer": return .primitive(.int)
        case "number": return .primitive(.double)
        case "boolean": return .primitive(.bool)
        case "array": return node["items"].flatMap { shape(of: $0, depth: depth + 1) }.map { .array($0) }
        case "object": return objectShape(node)
        case nil:
            if node["properties"] != nil { return objectShape(node) }
            if let values = node["enum"]?.elements, !values.isEmpty,
               values.allSatisfy({ Self.stringText($0, typed: false) != nil }) { return .primitive(.string) }
            return nil
        default:
            return nil
        }
    }

    /// Keys that describe a value without constraining its type.
    private static let annotationKeys: Set<String> = [
        "description", "title", "nullable", "readOnly", "writeOnly", "deprecated", "default", "example", "examples",
        "externalDocs", "xml", "$comment",
    ]

    /// A schema of annotations only (`{ nullable: true }`, `{ description: …, readOnly: true }`):
    /// as an `allOf` part it adds no type.
    static func isAnnotationOnly(_ node: YAMLNode) -> Bool {
        guard let mapping = node.mapping else { return false }
        return mapping.allSatisfy { pair in
            guard let key = pair.key.text else { return false }
            return annotationKeys.contains(key) || key.hasPrefix("x-")
        }
    }

    /// Whether every part of a `oneOf`/`anyOf` beside an object's `properties` only adds
    /// constraints to those properties: `required` lists, narrower schemas of properties the
    /// object declares, `additionalProperties: true`; no type, reference or property of its own.
    static func partsOnlyConstrain(_ parts: YAMLSequence, of node: YAMLNode) -> Bool {
        guard let declared = node["properties"]?.mapping, !declared.isEmpty, !parts.isEmpty,
              node["type"]?.text ?? "object" == "object" else { return false }
        let names = Set(declared.compactMap(\.key.text))
        return parts.allSatisfy { part in
            guard let mapping = part.mapping else { return false }
            return mapping.allSatisfy { pair in
                switch pair.key.text {
                case "properties"?:
                    return pair.value.mapping?.allSatisfy { $0.key.text.map(names.contains) ?? false } ?? false
                case "required"?:
                    return pair.value.sequence?.allSatisfy { $0.text.map(names.contains) ?? false } ?? false
                case "additionalProperties"?:
                    return pair.value.text == "true" || pair.value.mapping?.isEmpty == true
                case "type"?:
                    return pair.value.text == "object"
                case "description"?, "title"?:
                    return true
                default:
                    return false
                }
            }
        }
    }

    /// A union's parts but `{ type: 'null' }`: `oneOf: [T, {type: 'null'}]` is how 3.1 writes an
    /// optional reference.
    static func nonNullParts(_ list: YAMLSequence) -> [YAMLNode] {
        list.filter { $0["type"]?.text != "null" }
    }

    private func objectShape(_ node: YAMLNode) -> UnionShape? {
        if let properties = node["properties"]?.mapping, !properties.isEmpty {
            let required = node["required"]?.sequence?.compactMap(\.text) ?? []
            return .object(needed: Dictionary(required.map { ($0, String?.none) }, uniquingKeysWith: { first, _ in first }))
        }
        return node["additionalProperties"] != nil ? .dictionary(nil) : nil
    }

    /// The values of `anyOf: [{ type: string }, { type: string, enum: [...] }]`, "any string, and
    /// these are the known ones" (OpenAI's model ids): what an enum model already is, since an
    /// unknown value decodes as `unknown(String)` and is sent back unchanged. Every part a string
    /// schema (no format), at least one with an `enum`.
    static func openStringEnum(_ parts: [YAMLNode]) -> [String]? {
        var values: [String] = []
        var seen: Set<String> = []
        var enumerated = false
        for part in parts {
            guard part["type"]?.text == "string", part["format"] == nil, part["$ref"] == nil else { return nil }
            guard let list = part["enum"]?.elements else { continue }
            enumerated = true
            for value in list {
                guard let text = value.scalar?.value, !value.isPlainNull else { continue }
                if seen.insert(text).inserted { values.append(text) }
            }
        }
        return enumerated && !values.isEmpty ? values : nil
    }

    /// The component of `anyOf: [{ type: string }, { $ref: Enum }]`, a string enum "and any other
    /// string": the enum model itself, whose `unknown(String)` case keeps any other value.
    func openEnumReference(_ parts: [YAMLNode]) -> String? {
        guard parts.count == 2 else { return nil }
        var name: String?
        var plain = false
        for part in parts {
            if let reference = part["$ref"]?.text {
                guard let component = componentName(reference, from: part), let target = self.component(component),
                      target["type"]?.text ?? "string" == "string", let values = target["enum"]?.elements, !values.isEmpty,
                      values.allSatisfy({ Self.stringText($0, typed: false) != nil || $0.isPlainNull })
                else { return nil }
                name = component
            } else if part["type"]?.text == "string", part["format"] == nil, part["enum"] == nil, part["const"] == nil {
                plain = true
            }
        }
        return plain ? name : nil
    }

    /// A `oneOf` of `$ref`s to component objects without a `discriminator`, whose cases each declare
    /// the same string property with a single value (`enum: [card]`, or 3.1's `const: card`), a
    /// different one in each: that property tells the cases apart as a discriminator would (a
    /// common way to write a tagged union). The first such property of the first case.
    func impliedDiscriminator(_ parts: some Sequence<YAMLNode>) -> (property: String, cases: [(value: String, schema: String)])? {
        var components: [(name: String, properties: YAMLNode)] = []
        for part in parts {
            guard let reference = part["$ref"]?.text, let name = componentName(reference, from: part) else { return nil }
            guard let properties = component(name)?["properties"], properties.mapping != nil else { return nil }
            components.append((name, properties))
        }
        guard components.count > 1, let first = components[0].properties.mapping else { return nil }
        // A property with one value in each case first; then one with several values in a case
        // (`enum: [sdk, wechatpaySDK]`), each value a case of the same model.
        for severalValues in [false, true] {
            candidates: for pair in first {
                guard let property = pair.key.text else { continue }
                var values: Set<String> = []
                var cases: [(value: String, schema: String)] = []
                // All strings, or all integers (`type: integer, enum: [1]`: Discord's component types).
                let integer = Self.singleIntegerValue(pair.value) != nil
                for component in components {
                    guard let declared = component.properties[property] else { continue candidates }
                    let tags: [String]?
                    if integer {
                        tags = Self.singleIntegerValue(declared).map { [$0] }
                    } else {
                        tags = severalValues ? Self.stringTags(declared) : Self.singleStringValue(declared).map { [$0] }
                    }
                    guard let tags else { continue candidates }
                    for value in tags {
                        guard values.insert(value).inserted else { continue candidates }
                        cases.append((value, component.name))
                    }
                }
                return (property, cases)
            }
        }
        return nil
    }

    /// `[sdk, wechatpaySDK]` for `{ type: string, enum: [sdk, wechatpaySDK] }`, `[card]` for
    /// `{ const: card }`: the string values a case's tag may have.
    private static func stringTags(_ schema: YAMLNode) -> [String]? {
        if let single = singleStringValue(schema) { return [single] }
        let type = schema["type"]?.text
        if let type, type != "string" { return nil }
        guard let values = schema["enum"]?.elements, !values.isEmpty else { return nil }
        let texts = values.compactMap { stringText($0, typed: type != nil) }
        return texts.count == values.count ? texts : nil
    }

    /// `card` for `{ type: string, enum: [card] }` or `{ const: card }`.
    private static func singleStringValue(_ schema: YAMLNode) -> String? {
        let type = schema["type"]?.text
        if let type, type != "string" { return nil }
        if let value = schema["const"] { return stringText(value, typed: type != nil) }
        if let values = schema["enum"]?.elements, values.count == 1 { return stringText(values[0], typed: type != nil) }
        return nil
    }

    /// `1` for `{ type: integer, enum: [1] }` or `{ const: 1 }`: a plain integer, written as
    /// specs write integers (`isIntegerLiteral`).
    private static func singleIntegerValue(_ schema: YAMLNode) -> String? {
        let type = schema["type"]?.text
        if let type, type != "integer", type != "number" { return nil }
        let node: YAMLNode
        if let value = schema["const"] {
            node = value
        } else if let values = schema["enum"]?.elements, values.count == 1 {
            node = values[0]
        } else {
            return nil
        }
        guard let scalar = node.scalar, scalar.style == .plain, isIntegerLiteral(scalar.value) else { return nil }
        return scalar.value
    }

    /// `12`, `-3`: an integer as specs write it (no `+`, no leading zeros), within 64 bits.
    static func isIntegerLiteral(_ text: String) -> Bool {
        guard let value = Int64(text) else { return false }
        return String(value) == text
    }

    /// The component a schema `$ref` (written in `node`'s file) names: `#/components/schemas/Pet`
    /// → `Pet`, a schema of another file → the name it was given; nil when it names nothing
    /// (reported where the schema is read).
    private func componentName(_ reference: String, from node: YAMLNode) -> String? {
        try? references.schemaName(reference, from: node).get()
    }

    /// The node of a component schema (of the root document, or named by a reference).
    func component(_ name: String) -> YAMLNode? {
        references.componentNodes[name]
    }

    /// JSON's numbers (`Double` alone would also take `nan` and `inf`).
    private static func isNumber(_ text: String) -> Bool {
        guard let first = text.utf8.first, first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return Double(text) != nil
    }

    /// A scalar's text when it is a JSON string: without `type: string` (`typed`), a plain `1`
    /// or `true` is a number or a Boolean.
    static func stringText(_ node: YAMLNode, typed: Bool) -> String? {
        guard let scalar = node.scalar, !node.isPlainNull else { return nil }
        if !typed, scalar.style == .plain, scalar.value == "true" || scalar.value == "false" || isNumber(scalar.value) {
            return nil
        }
        return scalar.value
    }

    /// A discriminator's `mapping` as value → component name (targets written as a reference or
    /// as the bare name), in document order; targets outside `components/schemas` are left out.
    func discriminatorMapping(_ node: YAMLNode?) -> [(value: String, schema: String)] {
        var result: [(value: String, schema: String)] = []
        for pair in node?.mapping ?? YAMLMapping() {
            guard let value = pair.key.text, let target = pair.value.text else { continue }
            if target.contains("#") || target.contains("/"), let name = componentName(target, from: pair.value) {
                result.append((value, name))
            } else if !target.contains("/") {
                result.append((value, target))
            }
        }
        return result
    }

    /// The cases of a `oneOf` with a discriminator when every part is a `$ref` to a component:
    /// each one's value is the `mapping` key that names it, else the component's name (OpenAPI's
    /// default). Nil when a part is written inline.
    /// With `exported`, a part may be export-openapi's integer case: `allOf` of the model and its
    /// numbers on the property.
    func discriminatedCases(_ parts: some Sequence<YAMLNode>, mapping: [(value: String, schema: String)], exported: Bool = false) -> [(value: String, schema: String)]? {
        var names: [String] = []
        for part in parts {
            let referring = exported && part["$ref"] == nil ? part["allOf"]?.sequence?.first ?? part : part
            guard let reference = referring["$ref"]?.text, let name = componentName(reference, from: referring) else { return nil }
            names.append(name)
        }
        // Every value the mapping gives a part is a case of that model, in the mapping's order
        // (the order the author wrote the values in); a part the mapping leaves out is the case
        // of its schema's name, after them. (A value given twice is left out with a warning where
        // the model is built.)
        var cases: [(value: String, schema: String)] = mapping.filter { names.contains($0.schema) }
        for name in names where !mapping.contains(where: { $0.schema == name }) {
            cases.append((name, name))
        }
        return cases.isEmpty ? nil : cases
    }
}

/// How the importer orders a union's parts (`OpenAPIReader.unionParts`); whether an order tells
/// them apart is `UnionShape.takesEvery`'s to say.
private extension UnionShape {
    /// Parts of one family are values of one JSON kind: decoding can take one for another.
    var family: String {
        switch self {
        case .primitive(.bool): return "boolean"
        case .primitive(.string), .primitive(.date), .primitive(.url), .primitive(.uuid), .primitive(.data),
             .enumeration(_, .string):
            return "string"
        case .primitive(.json), .primitive(.file), .opaque: return "other"
        case .primitive, .enumeration: return "number"
        case .array(let element): return "[\(element.family)]"
        case .object, .dictionary: return "object"
        }
    }

    /// Within a family, the order decoding must try them in, highest first: an integer before
    /// a number, an object that needs more properties before one that needs fewer (a struct
    /// decodes any object that has what it needs), a map last.
    var rank: Int {
        switch self {
        case .primitive(.int), .primitive(.int32), .primitive(.int64): return 1
        case .object(let needed): return needed.count
        case .dictionary: return -1
        case .array(let element): return element.rank
        default: return 0
        }
    }
}
