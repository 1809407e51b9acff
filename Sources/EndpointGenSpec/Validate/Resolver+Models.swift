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

    /// The cases of a `oneOf` without a discriminator: any type but `File` and optionals (each
    /// once, which the decoder checks by spelling); `JSON` (which any value decodes as) only last.
    /// A case that an earlier one always takes (`Int` after `Double`, `Date` after `String`) is a
    /// warning: it would never be chosen. Case names are the Namer's.
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
            if let earlier = variants.first(where: { unionShape($0.type).takesEvery(unionShape(type)) }) {
                diagnostics.warning(
                    "case '\(type.specSpelling)' of \(what()) is never chosen: '\(earlier.type.specSpelling)' before it decodes every such value; list it first",
                    at: item.location)
            }
            variants.append(UnionModel.Variant(
                type: type, swiftNameOverride: item.name, location: item.location, typeLocation: item.typeLocation,
                nameLocation: item.nameLocation))
        }
        return UnionModel(variants: variants)
    }

    /// A resolved type as the union rule (`UnionShape.takesEvery`) sees it: enums by their raw
    /// type, struct models by the fields every value has, other models only as themselves.
    private func unionShape(_ type: TypeRef) -> UnionShape {
        switch type {
        case .primitive(let primitive): return .primitive(primitive)
        case .array(let element): return .array(unionShape(element))
        case .dictionary(let value): return .dictionary(unionShape(value))
        case .model(let name):
            if let rawType = table[name]?.enumModel?.rawType { return .enumeration(name, rawType) }
            if let needed = fieldsNeeded(by: name) { return .object(needed: needed.mapValues { Optional($0) }) }
            return .opaque(name)
        case .optional: return .opaque(type.specSpelling)
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
