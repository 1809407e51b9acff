#if ImportSwift
import SwiftSyntax

/// The response type of each case, as the layer's calls say it: a TargetType says nothing of
/// responses, but the code that sends a case names the type it decodes beside it
/// (`request(target: .postLogin(data: dto), decodingType: LoginResponseDTO.self, …)`,
/// `send(.user(login: name), as: User.self)`, `provider.rx.request(.zen).map(String.self)`).
/// A case decoded as two different types keeps none.
struct ResponseTypes {
    /// Case name → the types written beside it (as `TypeSyntax`), in the order met.
    private var found: [String: [TypeSyntax]] = [:]

    init(_ sources: ParsedSources) {
        for file in sources.files {
            let visitor = CallVisitor(viewMode: .sourceAccurate)
            visitor.walk(file.tree)
            for (name, type) in visitor.pairs { found[name, default: []].append(type) }
        }
    }

    /// The one type the calls of case `name` decode, nil when none or several.
    func type(of name: String) -> TypeSyntax? {
        guard let types = found[name], let first = types.first,
              types.allSatisfy({ $0.trimmedDescription == first.trimmedDescription }) else { return nil }
        return first
    }
}

/// Finds calls with a case (`.name`, `.name(…)`, `Router.name(…)`) among their arguments and a
/// type (`T.self`) among the same call's arguments or in a call chained on it (`.map(T.self)`).
private final class CallVisitor: SyntaxVisitor {
    var pairs: [(String, TypeSyntax)] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let type = node.arguments.lazy.compactMap({ Self.metatype($0.expression) }).first else { return .visitChildren }
        var cases = node.arguments.compactMap { Self.caseName($0.expression) }
        if cases.isEmpty, let member = node.calledExpression.as(MemberAccessExprSyntax.self), let inner = member.base?.as(FunctionCallExprSyntax.self) {
            // `provider.request(.zen).map(String.self)`: the case is in the call the type is chained on.
            cases = Self.chainedCases(inner)
        }
        for name in cases { pairs.append((name, type)) }
        return .visitChildren
    }

    /// The cases among a call's arguments, or among those of the calls it is chained on.
    private static func chainedCases(_ call: FunctionCallExprSyntax) -> [String] {
        var current: FunctionCallExprSyntax? = call
        for _ in 0..<8 {
            guard let node = current else { break }
            let cases = node.arguments.compactMap { caseName($0.expression) }
            if !cases.isEmpty { return cases }
            current = node.calledExpression.as(MemberAccessExprSyntax.self)?.base?.as(FunctionCallExprSyntax.self)
        }
        return []
    }

    /// `T.self` → `T` (`[User].self`, `Page<Repo>.self` too).
    private static func metatype(_ expression: ExprSyntax) -> TypeSyntax? {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.self),
              let base = member.base else { return nil }
        if let type = base.as(TypeExprSyntax.self) { return type.type }
        if let reference = base.as(DeclReferenceExprSyntax.self) {
            return TypeSyntax(IdentifierTypeSyntax(name: reference.baseName.trimmed))
        }
        if let array = base.as(ArrayExprSyntax.self), array.elements.count == 1,
           let element = array.elements.first?.expression.as(DeclReferenceExprSyntax.self) {
            // `[Product].self`
            return TypeSyntax(ArrayTypeSyntax(element: TypeSyntax(IdentifierTypeSyntax(name: element.baseName.trimmed))))
        }
        if let specialized = base.as(GenericSpecializationExprSyntax.self), let reference = specialized.expression.as(DeclReferenceExprSyntax.self) {
            return TypeSyntax(IdentifierTypeSyntax(name: reference.baseName.trimmed, genericArgumentClause: specialized.genericArgumentClause.trimmed))
        }
        return nil
    }

    /// `.name`, `.name(…)`, `Router.name(…)` → `name`.
    private static func caseName(_ expression: ExprSyntax) -> String? {
        var inner = expression
        if let call = inner.as(FunctionCallExprSyntax.self) { inner = call.calledExpression }
        guard let member = inner.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind != .keyword(.self) else { return nil }
        if let base = member.base, !(base.as(DeclReferenceExprSyntax.self).map { $0.baseName.text.first?.isUppercase == true } ?? false) {
            return nil
        }
        return SwiftIndex.identifier(member.declName.baseName)
    }
}
#endif
