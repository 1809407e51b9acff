#if ImportSwift
import EndpointGenSupport
import SwiftSyntax

/// A case of an enum: `case user(id: Int, String)`.
struct EnumCaseDecl {
    struct Parameter {
        /// The label, nil for an unlabelled value.
        var label: String?
        /// The type as written (`String?`, `[Int]`).
        var type: TypeSyntax
    }

    var name: String
    var parameters: [Parameter]
    /// `= "raw"` of a raw-value enum.
    var rawValue: ExprSyntax?
    var node: Syntax
}

/// A property: stored (`let x: Int`, `static let base = "…"`) or computed (`var path: String { … }`).
struct PropertyDecl {
    var name: String
    var type: TypeSyntax?
    var isStatic: Bool
    var isStored: Bool
    /// The getter's statements, for a computed property.
    var getter: CodeBlockItemListSyntax?
    /// `= value` of a stored property.
    var initializer: ExprSyntax?
    var node: Syntax
}

/// A type declared in the given files, with the members of every extension of it.
struct TypeDecl {
    enum Kind: Equatable {
        case enumType, structType, classType, protocolType, actorType
    }

    var kind: Kind
    /// `Outer.Inner` for a nested type.
    var qualifiedName: String
    var name: String
    /// Inherited types and conformances, from the declaration and its extensions, as written.
    var inherited: [String] = []
    var cases: [EnumCaseDecl] = []
    /// Properties in declaration order (the declaration's first, then each extension's).
    var properties: [PropertyDecl] = []
    var functions: [FunctionDeclSyntax] = []
    /// `typealias Response = WeatherResponse`.
    var typeAliases: [(name: String, type: TypeSyntax)] = []
    /// Nested types by simple name → qualified name.
    var nested: [String: String] = [:]
    /// The generic parameters (`ApiResponse<T>`).
    var genericParameters: [String] = []
    /// Where it is declared (the `enum`/`struct` keyword's line).
    var node: Syntax

    func property(_ name: String) -> PropertyDecl? {
        properties.first { $0.name == name }
    }

    func function(_ name: String) -> FunctionDeclSyntax? {
        functions.first { $0.name.text == name }
    }
}

/// Every type, extension and top-level constant of the given files, by name: what the
/// recognizers and the evaluator look up. Extensions are merged into the types they extend
/// (also across files), extensions of protocols are kept as the protocols' defaults.
struct SwiftIndex {
    /// By qualified name.
    private(set) var types: [String: TypeDecl] = [:]
    /// Qualified names in the order of the files and declarations: output follows it.
    private(set) var order: [String] = []
    /// Simple name → qualified names that have it (a name declared twice is ambiguous).
    private var bySimpleName: [String: [String]] = [:]
    /// Top-level `let`/`var` with a value.
    private(set) var globals: [String: PropertyDecl] = [:]

    init(_ sources: ParsedSources) {
        var extensions: [ExtensionDeclSyntax] = []
        for file in sources.files {
            for item in file.tree.statements {
                guard case .decl(let decl) = item.item else { continue }
                collect(decl, outer: nil, extensions: &extensions)
            }
        }
        for node in extensions { merge(node) }
    }

    /// The type `name` names: a qualified name, or a simple one declared once (or inside `context`).
    func type(named name: String, in context: String? = nil) -> TypeDecl? {
        if let exact = types[name] { return exact }
        if let context {
            // A nested type seen from its outer type: `Location` inside `WeatherResponse`.
            var outer: String? = context
            while let scope = outer {
                if let found = types[scope + "." + name] { return found }
                outer = scope.contains(".") ? String(scope[..<scope.lastIndex(of: ".")!]) : nil
            }
        }
        guard let candidates = bySimpleName[name], candidates.count == 1 else { return nil }
        return types[candidates[0]]
    }

    /// The protocols `type` conforms to, with those they refine, nearest first.
    func protocols(of type: TypeDecl) -> [TypeDecl] {
        var found: [TypeDecl] = []
        var seen: Set<String> = []
        var queue = type.inherited
        while !queue.isEmpty {
            let name = queue.removeFirst()
            guard let proto = self.type(named: name), proto.kind == .protocolType, seen.insert(proto.qualifiedName).inserted else { continue }
            found.append(proto)
            queue += proto.inherited
        }
        return found
    }

    /// Every name `type` conforms to, directly or through protocols of the given files.
    func conformances(of type: TypeDecl) -> [String] {
        type.inherited + protocols(of: type).flatMap(\.inherited)
    }

    /// The property `name` of `type`: its own, else a default of a protocol it conforms to.
    func property(_ name: String, of type: TypeDecl) -> (property: PropertyDecl, owner: TypeDecl)? {
        if let own = type.property(name) { return (own, type) }
        for proto in protocols(of: type) {
            if let found = proto.property(name), found.getter != nil || found.initializer != nil { return (found, proto) }
        }
        return nil
    }

    /// The function `name` of `type`, or a protocol's default.
    func function(_ name: String, of type: TypeDecl) -> FunctionDeclSyntax? {
        if let own = type.function(name) { return own }
        for proto in protocols(of: type) {
            if let found = proto.function(name), found.body != nil { return found }
        }
        return nil
    }

    // MARK: - Collecting

    private mutating func collect(_ decl: DeclSyntax, outer: String?, extensions: inout [ExtensionDeclSyntax]) {
        if let node = decl.as(ExtensionDeclSyntax.self) {
            extensions.append(node)
            return
        }
        if let node = decl.as(IfConfigDeclSyntax.self) {
            // Every branch of `#if`: each says what the code does somewhere.
            for clause in node.clauses {
                guard case .decls(let members)? = clause.elements else { continue }
                for member in members { collect(member.decl, outer: outer, extensions: &extensions) }
            }
            return
        }
        if outer == nil, let variable = decl.as(VariableDeclSyntax.self) {
            for property in Self.properties(of: variable) where property.initializer != nil || property.getter != nil {
                globals[property.name] = globals[property.name] ?? property
            }
            return
        }
        guard let (kind, name, members, inheritance, generics) = Self.typeParts(decl) else { return }
        let qualified = outer.map { $0 + "." + name } ?? name
        guard types[qualified] == nil else { return }
        var type = TypeDecl(kind: kind, qualifiedName: qualified, name: name, node: Syntax(decl))
        type.inherited = Self.names(inheritance)
        type.genericParameters = generics
        types[qualified] = type
        order.append(qualified)
        bySimpleName[name, default: []].append(qualified)
        if let outer { types[outer]?.nested[name] = qualified }
        addMembers(members, to: qualified, extensions: &extensions)
    }

    private mutating func merge(_ node: ExtensionDeclSyntax) {
        let extended = node.extendedType.trimmedDescription
        guard let target = type(named: extended) else { return }
        let qualified = target.qualifiedName
        types[qualified]?.inherited += Self.names(node.inheritanceClause)
        var nestedExtensions: [ExtensionDeclSyntax] = []
        addMembers(node.memberBlock.members, to: qualified, extensions: &nestedExtensions)
        for nested in nestedExtensions { merge(nested) }
    }

    private mutating func addMembers(_ members: MemberBlockItemListSyntax, to qualified: String, extensions: inout [ExtensionDeclSyntax]) {
        for member in members {
            let decl = member.decl
            if let cases = decl.as(EnumCaseDeclSyntax.self) {
                for element in cases.elements {
                    let parameters = element.parameterClause?.parameters.map { parameter in
                        EnumCaseDecl.Parameter(label: parameter.firstName.map { $0.text == "_" ? nil : $0.text } ?? nil, type: parameter.type)
                    } ?? []
                    types[qualified]?.cases.append(EnumCaseDecl(name: Self.identifier(element.name), parameters: parameters,
                                                                rawValue: element.rawValue?.value, node: Syntax(element)))
                }
            } else if let variable = decl.as(VariableDeclSyntax.self) {
                types[qualified]?.properties += Self.properties(of: variable)
            } else if let function = decl.as(FunctionDeclSyntax.self) {
                types[qualified]?.functions.append(function)
            } else if let alias = decl.as(TypeAliasDeclSyntax.self) {
                types[qualified]?.typeAliases.append((Self.identifier(alias.name), alias.initializer.value))
            } else if let associated = decl.as(AssociatedTypeDeclSyntax.self), let type = associated.initializer?.value {
                types[qualified]?.typeAliases.append((Self.identifier(associated.name), type))
            } else {
                collect(decl, outer: qualified, extensions: &extensions)
            }
        }
    }

    /// The parts of a type declaration, nil for anything else.
    private static func typeParts(_ decl: DeclSyntax)
        -> (TypeDecl.Kind, String, MemberBlockItemListSyntax, InheritanceClauseSyntax?, [String])?
    {
        func generics(_ clause: GenericParameterClauseSyntax?) -> [String] {
            clause?.parameters.map { identifier($0.name) } ?? []
        }
        if let node = decl.as(EnumDeclSyntax.self) {
            return (.enumType, identifier(node.name), node.memberBlock.members, node.inheritanceClause, generics(node.genericParameterClause))
        }
        if let node = decl.as(StructDeclSyntax.self) {
            return (.structType, identifier(node.name), node.memberBlock.members, node.inheritanceClause, generics(node.genericParameterClause))
        }
        if let node = decl.as(ClassDeclSyntax.self) {
            return (.classType, identifier(node.name), node.memberBlock.members, node.inheritanceClause, generics(node.genericParameterClause))
        }
        if let node = decl.as(ActorDeclSyntax.self) {
            return (.actorType, identifier(node.name), node.memberBlock.members, node.inheritanceClause, generics(node.genericParameterClause))
        }
        if let node = decl.as(ProtocolDeclSyntax.self) {
            return (.protocolType, identifier(node.name), node.memberBlock.members, node.inheritanceClause, [])
        }
        return nil
    }

    /// The properties one `let`/`var` declares (`let a = 1, b = 2` declares two).
    static func properties(of variable: VariableDeclSyntax) -> [PropertyDecl] {
        let isStatic = variable.modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
        var result: [PropertyDecl] = []
        for binding in variable.bindings {
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
            var getter: CodeBlockItemListSyntax?
            var isStored = true
            switch binding.accessorBlock?.accessors {
            case .getter(let statements)?:
                getter = statements
                isStored = false
            case .accessors(let accessors)?:
                if let get = accessors.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }) {
                    getter = get.body?.statements
                    isStored = false
                } else {
                    // `willSet`/`didSet` observe a stored property.
                    isStored = !accessors.isEmpty && accessors.allSatisfy {
                        [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind)
                    }
                }
            case nil:
                break
            }
            result.append(PropertyDecl(name: identifier(pattern.identifier), type: binding.typeAnnotation?.type, isStatic: isStatic,
                                       isStored: isStored, getter: getter, initializer: binding.initializer?.value, node: Syntax(binding)))
        }
        return result
    }

    /// An identifier without its backticks (`` `default` `` is `default`).
    static func identifier(_ token: TokenSyntax) -> String {
        let text = token.text
        if text.hasPrefix("`"), text.hasSuffix("`"), text.count >= 2 { return String(text.dropFirst().dropLast()) }
        return text
    }

    private static func names(_ clause: InheritanceClauseSyntax?) -> [String] {
        clause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
    }
}
#endif
