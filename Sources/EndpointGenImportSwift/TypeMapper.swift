#if ImportSwift
import EndpointGenImport
import EndpointGenSpec
import EndpointGenSupport
import SwiftSyntax

/// What import-swift warns about, for the summary that counts them. The raw values are what
/// users read; change none, add new ones.
enum SwiftWarningKind: String, CaseIterable {
    case leftOutCases = "cases left out"
    case runTimeValues = "values computed at run time"
    case customEncodings = "custom encodings"
    case encodingDifferences = "encoding differences"
    case credentials = "credentials"
    case missingTypes = "types not found"
    case typesAsJSON = "types kept as JSON"
    case baseURLs = "base URLs"
    case clientHeaders = "client-set headers"
    case specChecks = "spec checks"
}

/// What one run of import-swift shares: the files, their declarations, the limits, the
/// warnings so far, and the models made from the layer's types.
final class ImportContext {
    let sources: ParsedSources
    let index: SwiftIndex
    let limits: SwiftImportLimits
    /// The types the layer's calls decode each case's response as.
    let responses: ResponseTypes
    /// The arms of the routers' switches, shared by the evaluators of their cases.
    let switches = SwitchTables()
    var diagnostics = DiagnosticBag()
    /// Warnings given while reading the case being translated (for the summary's counts).
    var caseWarnings = 0

    init(sources: ParsedSources, index: SwiftIndex, limits: SwiftImportLimits) {
        self.sources = sources
        self.index = index
        self.limits = limits
        responses = ResponseTypes(sources)
    }

    func location(of node: some SyntaxProtocol) -> SourceLocation {
        sources.location(of: node)
    }

    func warn(_ kind: SwiftWarningKind, _ message: String, at node: some SyntaxProtocol) {
        var diagnostic = Diagnostic.warning(message, at: location(of: node))
        diagnostic.kind = kind.rawValue
        diagnostics.append(diagnostic)
        caseWarnings += 1
    }

    func note(_ message: String, at node: some SyntaxProtocol) {
        diagnostics.append(.note(message, at: location(of: node)))
    }
}

/// Swift types as the layer writes them → the spec's types (`[String: Int]?`). The layer's own
/// structs and enums that it meets become models, in the order first met; a type declared in
/// none of the files is kept by its name as an empty model, with a warning at its use.
final class TypeMapper {
    let context: ImportContext
    /// Models made so far, in the order first met.
    private(set) var models: [ImportedModel] = []
    /// Qualified Swift name → the model's name.
    private var modelNames: [String: String] = [:]
    private var takenNames: Set<String> = []
    /// Types met but not yet read, read by `finish()` (iteratively: no recursion through fields).
    private var pending: [(type: TypeDecl, name: String)] = []

    init(context: ImportContext) {
        self.context = context
    }

    /// The spec type of `syntax`, written in `scope` (a type's qualified name, for its nested types).
    func type(_ syntax: TypeSyntax, in scope: String?) -> TypeExpr {
        if let optional = syntax.as(OptionalTypeSyntax.self) { return optionalType(optional.wrappedType, in: scope) }
        if let optional = syntax.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return optionalType(optional.wrappedType, in: scope) }
        if let array = syntax.as(ArrayTypeSyntax.self) { return .array(type(array.element, in: scope)) }
        if let dictionary = syntax.as(DictionaryTypeSyntax.self) { return dictionaryType(key: dictionary.key, value: dictionary.value, in: scope, at: syntax) }
        if let attributed = syntax.as(AttributedTypeSyntax.self) { return type(attributed.baseType, in: scope) }
        if syntax.is(SomeOrAnyTypeSyntax.self) || syntax.is(CompositionTypeSyntax.self) {
            return json(because: "'\(syntax.trimmedDescription)' is a value of any type", at: syntax)
        }
        let (name, arguments) = Self.nameAndArguments(syntax)
        guard let name else { return json(because: "'\(syntax.trimmedDescription)' has no JSON form import-swift knows", at: syntax) }
        switch (name, arguments.count) {
        case ("Optional", 1): return optionalType(arguments[0], in: scope)
        case ("Array", 1), ("Set", 1), ("ContiguousArray", 1): return .array(type(arguments[0], in: scope))
        case ("Dictionary", 2): return dictionaryType(key: arguments[0], value: arguments[1], in: scope, at: syntax)
        default: return named(name, in: scope, at: syntax)
        }
    }

    private func optionalType(_ wrapped: TypeSyntax, in scope: String?) -> TypeExpr {
        let inner = type(wrapped, in: scope)
        return inner.isOptional ? inner : inner.madeOptional
    }

    private func dictionaryType(key: TypeSyntax, value: TypeSyntax, in scope: String?, at node: TypeSyntax) -> TypeExpr {
        let keyName = Self.nameAndArguments(key).name
        guard keyName == "String" || keyName == "Swift.String" else {
            return json(because: "a dictionary whose keys are not strings (\(node.trimmedDescription)) has no spec type", at: node)
        }
        return .dictionary(type(value, in: scope))
    }

    /// The built-in types of the spec, by the Swift names that mean them.
    static let builtins: [String: String] = [
        "String": "String", "Substring": "String", "Character": "String", "NSString": "String",
        "Int": "Int", "Int8": "Int", "Int16": "Int", "UInt8": "Int", "UInt16": "Int",
        "Int32": "Int32", "UInt32": "Int64", "Int64": "Int64", "UInt": "Int64", "UInt64": "Int64",
        "Double": "Double", "CGFloat": "Double", "TimeInterval": "Double", "Float64": "Double",
        "Float": "Float", "Float32": "Float", "Decimal": "Decimal", "NSDecimalNumber": "Decimal",
        "Bool": "Bool", "Date": "Date", "URL": "URL", "UUID": "UUID", "Data": "Data",
    ]

    /// Swift types that hold any value: JSON in the spec.
    static let anyTypes: Set<String> = ["Any", "AnyObject", "AnyHashable", "Encodable", "Decodable", "Codable", "NSObject"]

    private func named(_ written: String, in scope: String?, at node: some SyntaxProtocol) -> TypeExpr {
        let name = written.hasPrefix("Swift.") || written.hasPrefix("Foundation.") ? String(written.split(separator: ".").last!) : written
        if let builtin = Self.builtins[name] { return .named(builtin) }
        if Self.anyTypes.contains(name) { return json(because: "'\(name)' is a value of any type", at: node) }
        if let owner = scope.flatMap({ context.index.type(named: $0) }) {
            if let alias = owner.typeAliases.first(where: { $0.name == name }) { return type(alias.type, in: owner.qualifiedName) }
            // A generic type's parameter (`T` of `ApiResponse<T>`): any JSON (warned at the type).
            if owner.genericParameters.contains(name) { return .named("JSON") }
        }
        guard let declared = context.index.type(named: name, in: scope) else {
            return placeholder(name, at: node)
        }
        return .named(model(for: declared, at: node))
    }

    /// The model's name for a type of the layer, read later by `finish()`.
    func model(for declared: TypeDecl, at node: some SyntaxProtocol) -> String {
        if let known = modelNames[declared.qualifiedName] { return known }
        var name = SwiftNaming.typeName(declared.name)
        if takenNames.contains(name) || declared.qualifiedName != declared.name && context.index.type(named: declared.name) == nil {
            name = SwiftNaming.typeName(declared.qualifiedName.split(separator: ".").joined())
        }
        while takenNames.contains(name) { name += "_" }
        takenNames.insert(name)
        modelNames[declared.qualifiedName] = name
        pending.append((declared, name))
        return name
    }

    private func placeholder(_ name: String, at node: some SyntaxProtocol) -> TypeExpr {
        let modelName = SwiftNaming.typeName(name.split(separator: ".").joined())
        if modelNames["?" + name] == nil {
            modelNames["?" + name] = modelName
            takenNames.insert(modelName)
            models.append(ImportedModel(name: modelName, kind: .fields([]),
                                        summary: "Not declared in the imported files: write its fields (import-swift kept its name only).",
                                        location: context.location(of: node)))
            context.warn(.missingTypes, "type '\(name)' is not declared in the given files: it is kept by name as a model with no fields; add the file that declares it, or write its fields in the spec", at: node)
        }
        return .named(modelNames["?" + name]!)
    }

    private func json(because reason: String, at node: some SyntaxProtocol) -> TypeExpr {
        context.warn(.typesAsJSON, "\(reason): it becomes JSON (any JSON value); name a model in the spec if it has one shape", at: node)
        return .named("JSON")
    }

    /// Reads every model met so far, and those their fields meet, in order.
    func finish() {
        while !pending.isEmpty {
            let (declared, name) = pending.removeFirst()
            models.append(readModel(declared, name: name))
        }
    }

    /// The name and generic arguments of a written type (`Array<Int>` → `Array`, [`Int`]).
    static func nameAndArguments(_ syntax: TypeSyntax) -> (name: String?, arguments: [TypeSyntax]) {
        if let identifier = syntax.as(IdentifierTypeSyntax.self) {
            let arguments = identifier.genericArgumentClause?.arguments.compactMap { $0.argument.as(TypeSyntax.self) } ?? []
            return (SwiftIndex.identifier(identifier.name), arguments)
        }
        if let member = syntax.as(MemberTypeSyntax.self) {
            let arguments = member.genericArgumentClause?.arguments.compactMap { $0.argument.as(TypeSyntax.self) } ?? []
            return (member.trimmedDescription.components(beforeGenerics: true), arguments)
        }
        return (nil, [])
    }
}

extension String {
    /// `A.B<C>` → `A.B`.
    fileprivate func components(beforeGenerics: Bool) -> String {
        guard let open = firstIndex(of: "<") else { return self }
        return String(self[..<open])
    }
}
#endif
