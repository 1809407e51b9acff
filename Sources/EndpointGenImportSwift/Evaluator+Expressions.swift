#if ImportSwift
import SwiftSyntax

extension Evaluator {
    /// What `expression` stands for in `scope`.
    func value(_ expression: ExprSyntax, _ scope: inout Scope) -> Value {
        if let node = expression.as(StringLiteralExprSyntax.self) { return text(node, &scope) }
        if let node = expression.as(IntegerLiteralExprSyntax.self) { return Value(.number(node.literal.text.replacingUnderscores), at: node) }
        if let node = expression.as(FloatLiteralExprSyntax.self) { return Value(.number(node.literal.text.replacingUnderscores), at: node) }
        if let node = expression.as(BooleanLiteralExprSyntax.self) { return Value(.bool(node.literal.tokenKind == .keyword(.true)), at: node) }
        if expression.is(NilLiteralExprSyntax.self) { return Value(.null, at: expression) }
        if let node = expression.as(DeclReferenceExprSyntax.self) { return reference(node, &scope) }
        if let node = expression.as(MemberAccessExprSyntax.self) { return member(node, &scope) }
        if let node = expression.as(FunctionCallExprSyntax.self) { return call(node, &scope) }
        if let node = expression.as(DictionaryExprSyntax.self) { return dictionary(node, &scope) }
        if let node = expression.as(ArrayExprSyntax.self) {
            return Value(.array(node.elements.map { value($0.expression, &scope) }), at: node)
        }
        if let node = expression.as(SequenceExprSyntax.self) { return sequence(node, &scope) }
        if let inner = Self.transparent(expression) { return value(inner, &scope) }
        if let node = expression.as(SwitchExprSyntax.self) {
            var inner = scope
            return effectOfSwitch(node, &inner) ?? .unknown("a switch with no arm for this case", at: node)
        }
        if expression.is(ClosureExprSyntax.self) { return .unknown("a closure", at: expression) }
        return .unknown("'\(Self.excerpt(expression))'", at: expression)
    }

    private func effectOfSwitch(_ node: SwitchExprSyntax, _ scope: inout Scope) -> Value? {
        var items = CodeBlockItemListSyntax()
        items.append(CodeBlockItemSyntax(item: .expr(ExprSyntax(node))))
        return run(items, &scope)
    }

    /// Expressions that stand for their operand here: `try x`, `await x`, `x!`, `x?`, `(x)`, `x as T`.
    private static func transparent(_ expression: ExprSyntax) -> ExprSyntax? {
        if let node = expression.as(TryExprSyntax.self) { return node.expression }
        if let node = expression.as(AwaitExprSyntax.self) { return node.expression }
        if let node = expression.as(ForceUnwrapExprSyntax.self) { return node.expression }
        if let node = expression.as(OptionalChainingExprSyntax.self) { return node.expression }
        if let node = expression.as(AsExprSyntax.self) { return node.expression }
        if let node = expression.as(TupleExprSyntax.self), node.elements.count == 1, node.elements.first?.label == nil {
            return node.elements.first?.expression
        }
        return nil
    }

    /// A string literal: its text, with each interpolation a piece of its own.
    private func text(_ node: StringLiteralExprSyntax, _ scope: inout Scope) -> Value {
        if let plain = node.representedLiteralValue { return Value(.text([.literal(plain)]), at: node) }
        var pieces: [Value.TextPiece] = []
        for segment in node.segments {
            switch segment {
            case .stringSegment(let part):
                pieces.append(.literal(Self.unescaped(part.content.text)))
            case .expressionSegment(let part):
                guard part.expressions.count == 1, let inner = part.expressions.first, inner.label == nil else {
                    pieces.append(.value(.unknown("an interpolation with options", at: part)))
                    continue
                }
                pieces.append(.value(value(inner.expression, &scope)))
            }
        }
        return Value(.text(pieces), at: node)
    }

    private func reference(_ node: DeclReferenceExprSyntax, _ scope: inout Scope) -> Value {
        let name = SwiftIndex.identifier(node.baseName)
        if let local = scope.locals[name] { return local }
        if name == "self" || name == "Self" { return Value(.name(name), at: node) }
        if let position = instanceValues[name] { return Value(.argument(index: position, members: []), at: node) }
        if let owner, let found = property(name) ?? staticProperty(name, of: owner) { return found }
        if let type = index.type(named: name, in: owner?.qualifiedName) { return Value(.name(type.qualifiedName), at: node) }
        if let global = index.globals[name], let found = read(global, of: nil) { return found }
        return Value(.name(name), at: node)
    }

    private func staticProperty(_ name: String, of type: TypeDecl) -> Value? {
        guard let property = type.property(name), property.isStatic else { return nil }
        return read(property, of: type)
    }

    private func member(_ node: MemberAccessExprSyntax, _ scope: inout Scope) -> Value {
        let name = SwiftIndex.identifier(node.declName.baseName)
        guard let baseExpression = node.base else { return Value(.member(nil, name), at: node) }
        let base = value(baseExpression, &scope)
        switch base.kind {
        case .argument(let position, let members):
            return Value(.argument(index: position, members: members + [name]), at: node)
        case .name("self"), .name("Self"):
            if let position = instanceValues[name] { return Value(.argument(index: position, members: []), at: node) }
            if let found = property(name) ?? owner.flatMap({ staticProperty(name, of: $0) }) { return found }
        case .name(let typeName):
            if let type = index.type(named: typeName) {
                if let nested = type.nested[name] { return Value(.name(nested), at: node) }
                if let found = staticProperty(name, of: type) { return found }
            }
        default:
            break
        }
        return Value(.member(base, name), at: node)
    }

    private func call(_ node: FunctionCallExprSyntax, _ scope: inout Scope) -> Value {
        let callee = value(node.calledExpression, &scope)
        var arguments = node.arguments.map { Value.Argument(label: $0.label?.text, value: value($0.expression, &scope)) }
        if let closure = node.trailingClosure {
            arguments.append(Value.Argument(label: nil, value: .unknown("a closure", at: closure)))
        }
        // `.compactMapValues { $0 }` leaves out the values that are nil: optional values stay
        // optional (left out when nil), the others are always there.
        if case .member(let base?, "compactMapValues") = callee.kind, case .dictionary = base.kind {
            return base
        }
        return Value(.call(callee, arguments), at: node)
    }

    private func dictionary(_ node: DictionaryExprSyntax, _ scope: inout Scope) -> Value {
        guard case .elements(let elements) = node.content else { return Value(.dictionary([]), at: node) }
        let entries = elements.map { element in
            let entryValue = value(element.value, &scope)
            return Value.Entry(key: value(element.key, &scope), value: entryValue, isOptional: entryValue.isNilCoalescedToNil)
        }
        return Value(.dictionary(entries), at: node)
    }

    /// Operators before folding: `a + b` of texts, `a ?? b`, `x as T`.
    private func sequence(_ node: SequenceExprSyntax, _ scope: inout Scope) -> Value {
        let elements = Array(node.elements)
        guard elements.count >= 3 else { return .unknown("'\(Self.excerpt(ExprSyntax(node)))'", at: node) }
        if elements.count == 3, elements[1].is(UnresolvedAsExprSyntax.self) { return value(elements[0], &scope) }
        let operators = stride(from: 1, to: elements.count, by: 2).map { elements[$0].as(BinaryOperatorExprSyntax.self)?.operator.text }
        if operators.allSatisfy({ $0 == "+" }) {
            var pieces: [Value.TextPiece] = []
            for operand in stride(from: 0, to: elements.count, by: 2).map({ value(elements[$0], &scope) }) {
                if case .text(let inner) = operand.kind { pieces += inner } else { pieces.append(.value(operand)) }
            }
            return Value(.text(pieces), at: node)
        }
        if elements.count == 3, operators == ["??"] {
            return Value(.coalesce(value(elements[0], &scope), value(elements[2], &scope)), at: node)
        }
        if let position = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }) {
            return ternary(elements, at: position, node, &scope)
        }
        return .unknown("'\(Self.excerpt(ExprSyntax(node)))'", at: node)
    }

    /// `a == b ? x : y` where both sides of the condition are known (`method == .get`).
    private func ternary(_ elements: [ExprSyntax], at position: Int, _ node: SequenceExprSyntax, _ scope: inout Scope) -> Value {
        let condition = Array(elements[..<position])
        guard position + 1 < elements.count, let then = elements[position].as(UnresolvedTernaryExprSyntax.self)?.thenExpression,
              let holds = comparison(condition, &scope) else {
            return .unknown("'\(Self.excerpt(ExprSyntax(node)))'", at: node)
        }
        if holds { return value(then, &scope) }
        let rest = Array(elements[(position + 1)...])
        if rest.count == 1 { return value(rest[0], &scope) }
        return .unknown("'\(Self.excerpt(ExprSyntax(node)))'", at: node)
    }

    /// Whether `a == b` (or `a != b`) holds, when both sides are known: names or members by
    /// their last name (`method == .get`), texts and numbers, `self` as the case being read.
    func comparison(_ expression: ExprSyntax, _ scope: inout Scope) -> Bool? {
        if let boolean = expression.as(BooleanLiteralExprSyntax.self) { return boolean.literal.tokenKind == .keyword(.true) }
        guard let sequence = expression.as(SequenceExprSyntax.self) else { return nil }
        return comparison(Array(sequence.elements), &scope)
    }

    private func comparison(_ condition: [ExprSyntax], _ scope: inout Scope) -> Bool? {
        guard condition.count == 3, let operatorText = condition[1].as(BinaryOperatorExprSyntax.self)?.operator.text,
              operatorText == "==" || operatorText == "!=" else { return nil }
        func name(_ side: Value) -> String? {
            if case .name("self") = side.kind { return current?.name }
            guard side.constantText != nil || side.kind.isMemberOrName else { return nil }
            return side.constantText ?? side.memberName
        }
        guard let a = name(value(condition[0], &scope)), let b = name(value(condition[2], &scope)) else { return nil }
        return (a == b) == (operatorText == "==")
    }

    /// A short excerpt of code for a message: its tokens on one line, comments left out, at
    /// most 60 characters.
    static func excerpt(_ node: some SyntaxProtocol) -> String {
        var text = ""
        for token in node.tokens(viewMode: .sourceAccurate) {
            if !text.isEmpty, !token.leadingTrivia.isEmpty || token.previousToken(viewMode: .sourceAccurate).map({ !$0.trailingTrivia.isEmpty }) == true {
                text += " "
            }
            text += token.text
            if text.count > 60 { break }
        }
        return text.count > 60 ? String(text.prefix(57)) + "..." : text
    }

    /// The text of a string segment with Swift's escapes read (`\n`, `\"`, `\u{1F600}`).
    static func unescaped(_ raw: String) -> String {
        guard raw.contains("\\") else { return raw }
        var result = ""
        var characters = raw.makeIterator()
        while let character = characters.next() {
            guard character == "\\", let escaped = characters.next() else {
                result.append(character)
                continue
            }
            switch escaped {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "0": result.append("\0")
            case "u":
                var digits = ""
                while let next = characters.next(), next != "}" {
                    if next != "{" { digits.append(next) }
                }
                if let scalar = UInt32(digits, radix: 16).flatMap(Unicode.Scalar.init) { result.unicodeScalars.append(scalar) }
            default: result.append(escaped)
            }
        }
        return result
    }
}

extension Value.Kind {
    /// A member known by its name (`.get`, `HTTPMethod.get`), comparable by it; a name alone
    /// (an identifier not resolved) is not known.
    var isMemberOrName: Bool {
        switch self {
        case .member(nil, _): return true
        case .member(let base?, _):
            if case .name = base.kind { return true }
            return false
        default: return false
        }
    }
}

extension Value {
    /// `x ?? nil`: an optional that stays optional (its entry is left out when nil).
    var isNilCoalescedToNil: Bool {
        if case .coalesce(_, let fallback) = kind, case .null = fallback.kind { return true }
        return false
    }
}

extension String {
    fileprivate var replacingUnderscores: String { filter { $0 != "_" } }
}
#endif
