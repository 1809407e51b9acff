#if ImportSwift
import EndpointGenImport
import EndpointGenSpec
import EndpointGenSupport
import SwiftSyntax

/// A case's associated values as spec parameters: each named after its label, else after the
/// name the switches bind (`case .user(let name)` for `case user(String)`), so that
/// `provider.request(.user(name))` becomes `service.user(name: name)`; typed from the case's
/// declaration, or from the member read of it (`dto.index` is the `index` of the DTO's type).
struct CaseArguments {
    let item: EnumCaseDecl
    let bound: [Int: String]
    /// The type the case's value types are written in.
    let owner: TypeDecl
    let context: ImportContext
    let types: TypeMapper

    /// The Swift name of the value at `index`, or of the member read of it.
    func name(_ index: Int, members: [String]) -> String {
        if let last = members.last(where: { $0 != "rawValue" }) { return SwiftNaming.legal(last) }
        guard index < item.parameters.count else { return "value\(index + 1)" }
        return SwiftNaming.legal(item.parameters[index].label ?? bound[index] ?? (item.parameters.count == 1 ? "value" : "value\(index + 1)"))
    }

    /// The spec type of the value at `index` and the members read of it; nil (with a warning)
    /// when a member is not declared in the files.
    func type(_ index: Int, members: [String], at node: some SyntaxProtocol) -> TypeExpr? {
        guard index < item.parameters.count else { return nil }
        var written = item.parameters[index].type
        var scope = owner.qualifiedName
        var isOptional = false
        for member in members {
            if member == "rawValue" { break }
            if let optional = written.as(OptionalTypeSyntax.self) {
                written = optional.wrappedType
                isOptional = true
            }
            guard let name = TypeMapper.nameAndArguments(written).name, let owner = context.index.type(named: name, in: scope),
                  let property = owner.property(member), let memberType = property.type else {
                context.warn(.runTimeValues, "'\(member)' of '\(written.trimmedDescription)' is not a stored property declared in the given files: its value is left out; write its parameter by hand", at: node)
                return nil
            }
            written = memberType
            scope = owner.qualifiedName
        }
        let result = types.type(written, in: scope)
        return isOptional && !result.isOptional ? result.madeOptional : result
    }

    /// A path parameter from an interpolated value (`\(id)`, `\(user.id)`, `\(sort.rawValue)`).
    func pathParameter(_ value: Value) -> ImportedField? {
        guard case .argument(let index, let members) = value.kind, let type = type(index, members: members, at: value.node) else {
            if case .call(_, let arguments) = value.kind, arguments.count == 1, case .argument = arguments[0].value.kind {
                // `String(id)`, `id.description`: the value's text.
                return pathParameter(arguments[0].value)
            }
            return nil
        }
        if type.isOptional {
            context.warn(.encodingDifferences, "the path of '\(item.name)' interpolates an optional ('\(Evaluator.excerpt(value.node))'), which Swift writes as 'Optional(…)': the spec's parameter is required", at: value.node)
        }
        return ImportedField(key: name(index, members: members), type: type.unwrapped)
    }

    /// A query, form or JSON field for the dictionary entry `key: value`; nil (with a warning)
    /// when its value is only known at run time.
    func field(_ key: String, _ value: Value, isOptional: Bool) -> ImportedField? {
        switch value.kind {
        case .argument(let index, let members):
            guard var type = type(index, members: members, at: value.node) else { return nil }
            if isOptional, !type.isOptional { type = type.madeOptional }
            var field = ImportedField(key: key, type: type)
            field.name = TypeMapper.swiftName(name(index, members: members), wire: key)
            return field
        case .coalesce(let optional, let fallback):
            if case .null = fallback.kind { return self.field(key, optional, isOptional: true) }
            guard var field = self.field(key, optional, isOptional: false), let scalar = Self.scalar(fallback) else { break }
            field.type = field.type.unwrapped
            field.defaultValue = scalar.value
            return field
        case .call(_, let arguments) where arguments.count == 1:
            // `String(page)`, `"\(page)"`: the value's text is what is sent.
            if case .argument = arguments[0].value.kind { return self.field(key, arguments[0].value, isOptional: isOptional) }
        case .text(let pieces) where value.constantText == nil && pieces.count == 1:
            if case .value(let inner) = pieces[0] { return self.field(key, inner, isOptional: isOptional) }
        default:
            guard let scalar = Self.scalar(value) else { break }
            var field = ImportedField(key: key, type: .named(scalar.type))
            field.defaultValue = scalar.value
            return field
        }
        context.warn(.runTimeValues, "the value of '\(key)' in '\(item.name)' is not one import-swift can read (\(describeValue(value))): it is left out; add it to the spec as a parameter", at: value.node)
        return nil
    }

    private func describeValue(_ value: Value) -> String {
        switch value.kind {
        case .unknown(let reason): return reason
        case .array, .dictionary: return "a literal list or dictionary, which no spec parameter takes as a constant: '\(Evaluator.excerpt(value.node))'"
        default: return "'" + Evaluator.excerpt(value.node) + "'"
        }
    }

    /// A literal as a default: its spec type and YAML scalar.
    static func scalar(_ value: Value) -> (type: String, value: ImportedScalar)? {
        switch value.kind {
        case .number(let text):
            return (text.contains(".") || text.contains("e") || text.contains("E") ? "Double" : "Int", .plain(text))
        case .bool(let flag):
            return ("Bool", .plain(flag ? "true" : "false"))
        case .text:
            guard let text = value.constantText else { return nil }
            return ("String", .text(text))
        default:
            return nil
        }
    }
}
#endif
