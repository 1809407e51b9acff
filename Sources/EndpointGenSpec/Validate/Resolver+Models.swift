import EndpointGenSupport
import EndpointGenYAML

// Models: structs, enums, oneOf and unions.
extension Resolver {
    // MARK: - Models

    mutating func resolveModel(_ syntax: ModelSyntax, context: FieldContext) -> Model {
        if syntax.damaged { incompleteModels.insert(syntax.name) }
        let kind: Model.Kind
        switch syntax.kind {
        case .enumeration(let model):
            kind = .enumeration(model)
        case .oneOf(let model):
            kind = .oneOf(resolveOneOf(model, of: syntax))
        case .union(let cases):
            kind = .union(resolveUnion(cases, of: syntax))
        case .structure(let fields):
            checkSwiftNames(fields, kind: "fields", owner: "model '\(syntax.name)'")
            let resolved = fields.compactMap { resolveField($0, context: context) }
            if resolved.count != fields.count {
                // A field was reported and dropped: samples of this model are not checked, or
                // their use of that field would be reported a second time as unknown.
                incompleteModels.insert(syntax.name)
            }
            kind = .structure(fields: resolved)
        }
        return Model(
            name: syntax.name, summary: syntax.summary, kind: kind, origin: syntax.origin, file: syntax.file,
            location: syntax.location)
    }

    /// Whether a field of type `expr` can hold discriminator values of `valueType`: `String` or a
    /// String enum; `Int`, `Int32`, `Int64` or an Int enum.
    private func holds(_ valueType: EnumModel.RawType, _ expr: TypeExpr) -> Bool {
        guard case .name(let name, _) = expr else { return false }
        switch valueType {
        case .string: return name == "String" || table[name]?.enumModel?.rawType == .string
        case .int: return name == "Int" || name == "Int32" || name == "Int64" || table[name]?.enumModel?.rawType == .int
        }
    }

    /// `T` for `T?`.
    private static func unwrappingOptional(_ expr: TypeExpr) -> TypeExpr {
        if case .optional(let inner, _) = expr { return inner }
        return expr
    }

    /// The cases of a `oneOf` without a discriminator: any type but `File` and optionals, each
    /// once; `JSON` (which any value decodes as) only last. A case that an earlier one always
    /// takes (`Int` after `Double`, `Date` after `String`) is a warning: it would never be chosen.
    private mutating func resolveUnion(_ cases: [UnionCaseSyntax], of syntax: ModelSyntax) -> UnionModel {
        var variants: [UnionModel.Variant] = []
        func what() -> String { "'oneOf' of model '\(syntax.name)'" }
        for (index, item) in cases.enumerated() {
            guard let type = resolveType(item.type, allowFile: false) else {
                incompleteModels.insert(syntax.name)
                continue
            }
            if type == .primitive(.json), index != cases.count - 1 {
                diagnostics.error(
                    "case 'JSON' of \(what()) takes any value, so the cases after it would never be chosen; make it the last case",
                    at: item.location)
                incompleteModels.insert(syntax.name)
                continue
            }
            if let earlier = variants.first(where: { $0.type == type }) {
                diagnostics.error(
                    "case '\(type.specSpelling)' appears twice in \(what())", at: item.location,
                    notes: [.note("first given here", at: earlier.location)])
                incompleteModels.insert(syntax.name)
                continue
            }
            if let earlier = variants.first(where: { takesEvery(of: type, $0.type) }) {
                diagnostics.warning(
                    "case '\(type.specSpelling)' of \(what()) is never chosen: '\(earlier.type.specSpelling)' before it decodes every such value; list it first",
                    at: item.location)
            }
            variants.append(UnionModel.Variant(type: type, swiftName: item.swiftName, location: item.location))
        }
        return UnionModel(variants: variants)
    }

    /// Whether every JSON value of type `later` also decodes as `earlier`: a number type takes
    /// integers, `String` takes dates, URLs, UUIDs, base64 data and String enums, and a struct
    /// takes every struct that has the fields it needs (same names, same types) and, when it
    /// needs none, every object.
    private func takesEvery(of later: TypeRef, _ earlier: TypeRef) -> Bool {
        switch (earlier, later) {
        case (.primitive(let number), .primitive(let integer)):
            if [.double, .float, .decimal].contains(number) { return [.int, .int32, .int64].contains(integer) }
            if number == .string { return [.date, .url, .uuid, .data].contains(integer) }
            return false
        case (.primitive(let scalar), .model(let name)):
            guard let rawType = table[name]?.enumModel?.rawType else { return false }
            return rawType == .string ? scalar == .string : [.int, .int64, .double, .float, .decimal].contains(scalar)
        case (.array(let a), .array(let b)), (.dictionary(let a), .dictionary(let b)):
            return takesEvery(of: b, a)
        case (.model(let earlierName), _):
            // A struct decodes any object that has the fields it needs, ignoring the others.
            guard let needed = fieldsNeeded(by: earlierName) else { return false }
            switch later {
            case .model(let laterName):
                guard let available = fieldsNeeded(by: laterName) else { return false }
                return needed.allSatisfy { available[$0.key] == $0.value }
            case .dictionary:
                return needed.isEmpty
            default:
                return false
            }
        default:
            return false
        }
    }

    /// The fields every value of a struct model has (neither optional nor defaulted), by wire
    /// name, with their types as written; nil when the model is not a struct.
    private func fieldsNeeded(by model: String) -> [String: String]? {
        guard let entry = table[model], case .structure(let fields) = syntax(of: entry).kind else { return nil }
        var needed: [String: String] = [:]
        for field in fields where field.defaultValue == nil {
            guard let type = field.type else { continue }
            if case .optional = type { continue }
            needed[field.wireName] = type.spelling
        }
        return needed
    }

    /// Each case must be a struct model: a JSON object with the discriminator beside its fields.
    private mutating func resolveOneOf(_ model: OneOfModel, of syntax: ModelSyntax) -> OneOfModel {
        var result = model
        result.variants = model.variants.filter { variant in
            guard let type = resolveType(.name(variant.model, variant.modelLocation), allowFile: false) else { return false }
            guard case .model(let name) = type, let entry = table[name], case .structure(let fields) = self.syntax(of: entry).kind else {
                diagnostics.error(
                    "case '\(variant.value)' of 'oneOf' of model '\(syntax.name)' must be a model with 'fields', found '\(variant.model)'",
                    at: variant.modelLocation)
                return false
            }
            // The variant's own field of that name must hold what the discriminator holds.
            if let field = fields.first(where: { $0.wireName == model.discriminator }), let type = field.type,
               !holds(model.valueType, Self.unwrappingOptional(type)) {
                let expected = model.valueType == .int ? "an integer type or an Int enum" : "a String or a String enum"
                diagnostics.error(
                    "field '\(field.wireName)' of model '\(name)' is the discriminator of model '\(syntax.name)' and must be \(expected), found '\(type.spelling)'",
                    at: field.location)
            }
            return true
        }
        if result.variants.count != model.variants.count { incompleteModels.insert(syntax.name) }
        return result
    }
}
