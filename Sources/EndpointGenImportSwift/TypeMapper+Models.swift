#if ImportSwift
import EndpointGenImport
import EndpointGenSpec
import EndpointGenSupport
import SwiftSyntax

extension TypeMapper {
    /// A model of the layer's type: a struct's stored properties as fields (their wire names from
    /// `CodingKeys`), a raw-value enum's cases as values.
    func readModel(_ declared: TypeDecl, name: String) -> ImportedModel {
        let location = context.location(of: declared.node)
        switch declared.kind {
        case .enumType:
            return ImportedModel(name: name, kind: enumKind(declared), location: location)
        case .structType, .classType, .actorType:
            if !declared.genericParameters.isEmpty {
                let parameters = declared.genericParameters.joined(separator: ", ")
                context.warn(.typesAsJSON, "'\(declared.qualifiedName)' is generic: specs have no generic models, so its fields of type \(parameters) are JSON here; write the model of each use in the spec (or an envelope: docs/spec-format.md)", at: declared.node)
            }
            return ImportedModel(name: name, kind: .fields(fields(of: declared)), location: location)
        case .protocolType:
            context.warn(.typesAsJSON, "'\(declared.qualifiedName)' is a protocol: a model with no fields stands for it; write the fields of the type sent", at: declared.node)
            return ImportedModel(name: name, kind: .fields([]), location: location)
        }
    }

    private func enumKind(_ declared: TypeDecl) -> ImportedModel.Kind {
        let raw = declared.inherited.first.map { $0.hasPrefix("Swift.") ? String($0.dropFirst(6)) : $0 } ?? ""
        let isInteger = ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64"].contains(raw)
        guard raw == "String" || isInteger, !declared.cases.isEmpty, declared.cases.allSatisfy({ $0.parameters.isEmpty }) else {
            context.warn(.typesAsJSON, "enum '\(declared.qualifiedName)' has no String or Int raw values: its JSON form is not known here, so it is a model with no fields; write it as an enum or model in the spec", at: declared.node)
            return .fields([])
        }
        var cases: [(name: String, value: String)] = []
        var next = 0
        for item in declared.cases {
            if isInteger {
                if let raw = item.rawValue, let number = Self.integer(raw) { next = number }
                cases.append((SwiftNaming.legal(item.name), String(next)))
                next += 1
            } else {
                let value = item.rawValue?.as(StringLiteralExprSyntax.self)?.representedLiteralValue ?? item.name
                cases.append((SwiftNaming.legal(item.name), value))
            }
        }
        if isInteger { return .integerEnum(cases) }
        let short = cases.allSatisfy { SwiftNaming.identifier(fromWire: $0.value) == $0.name }
        return .stringEnum(cases, short: short)
    }

    private static func integer(_ expression: ExprSyntax) -> Int? {
        if let literal = expression.as(IntegerLiteralExprSyntax.self) { return Int(literal.literal.text.filter { $0 != "_" }) }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-", let inner = integer(prefix.expression) { return -inner }
        return nil
    }

    /// A struct's stored instance properties, in order; with a `CodingKeys` enum, those it lists,
    /// under its wire names.
    private func fields(of declared: TypeDecl) -> [ImportedField] {
        let keys = codingKeys(of: declared)
        var fields: [ImportedField] = []
        for property in declared.properties where property.isStored && !property.isStatic {
            guard let written = property.type.map({ type($0, in: declared.qualifiedName) }) ?? inferredType(property) else {
                context.warn(.typesAsJSON, "the type of '\(declared.qualifiedName).\(property.name)' is not written: it becomes JSON", at: property.node)
                var field = ImportedField(key: property.name, type: .named("JSON"))
                field.name = Self.swiftName(property.name, wire: property.name)
                fields.append(field)
                continue
            }
            let wire: String
            if let keys {
                guard let key = keys[property.name] else { continue }
                wire = key
            } else {
                wire = property.name
            }
            var field = ImportedField(key: wire, type: written)
            field.name = Self.swiftName(property.name, wire: wire)
            fields.append(field)
        }
        return fields
    }

    /// The type of `let x = 1` / `let s = ""` without an annotation.
    private func inferredType(_ property: PropertyDecl) -> TypeExpr? {
        guard let value = property.initializer else { return nil }
        if value.is(StringLiteralExprSyntax.self) { return .named("String") }
        if value.is(IntegerLiteralExprSyntax.self) { return .named("Int") }
        if value.is(FloatLiteralExprSyntax.self) { return .named("Double") }
        if value.is(BooleanLiteralExprSyntax.self) { return .named("Bool") }
        return nil
    }

    /// Property name → wire name of a nested `enum CodingKeys: String, CodingKey`.
    private func codingKeys(of declared: TypeDecl) -> [String: String]? {
        guard let name = declared.nested["CodingKeys"], let keys = context.index.type(named: name) else { return nil }
        var result: [String: String] = [:]
        for item in keys.cases {
            result[item.name] = item.rawValue?.as(StringLiteralExprSyntax.self)?.representedLiteralValue ?? item.name
        }
        return result
    }

    /// The `name:` a field needs: nil when the Swift name derived from the wire name is the property's.
    static func swiftName(_ property: String, wire: String) -> String? {
        SwiftNaming.identifier(fromWire: wire) == property ? nil : property
    }
}
#endif
