#if ImportSwift
import SwiftSyntax

/// What an expression of a layer stands for, as far as reading can tell without running it: a
/// literal, one of the case's associated values, a constant's text, a call of a known form, or
/// something only known at run time (`unknown`, with the reason a warning gives).
struct Value {
    indirect enum Kind {
        case text([TextPiece])
        case number(String)
        case bool(Bool)
        case null
        /// The case's associated value at `index`, and the members read of it (`dto.index`).
        case argument(index: Int, members: [String])
        /// A name that is no local, constant or member here: a type or function (`URLEncoding`).
        case name(String)
        /// `base.member`; `base` nil for an implicit member (`.post`).
        case member(Value?, String)
        case call(Value, [Argument])
        case dictionary([Entry])
        case array([Value])
        /// `a ?? b`.
        case coalesce(Value, Value)
        /// Known only at run time; the reason says what it is (`a function's result`).
        case unknown(String)
    }

    enum TextPiece {
        case literal(String)
        case value(Value)
    }

    /// `key: value` of a dictionary literal, or one added to it later (`params["q"] = q`).
    struct Entry {
        var key: Value
        var value: Value
        /// Added only on some paths (`if let`, `compactMapValues`, an optional value): sent when present.
        var isOptional = false
    }

    struct Argument {
        var label: String?
        var value: Value
    }

    var kind: Kind
    /// Where it is written, for warnings.
    var node: Syntax

    init(_ kind: Kind, at node: some SyntaxProtocol) {
        self.kind = kind
        self.node = Syntax(node)
    }

    /// The text of a literal or of constants joined, nil when any piece is only known at run time.
    var constantText: String? {
        switch kind {
        case .text(let pieces):
            var result = ""
            for piece in pieces {
                switch piece {
                case .literal(let text): result += text
                case .value(let value):
                    guard let text = value.constantText else { return nil }
                    result += text
                }
            }
            return result
        case .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        default: return nil
        }
    }

    /// The last name of a member chain or name (`Moya.Method.post` → `post`, `.get` → `get`).
    var memberName: String? {
        switch kind {
        case .member(_, let name): return name
        case .name(let name): return name.split(separator: ".").last.map(String.init)
        case .call(let callee, _): return callee.memberName
        default: return nil
        }
    }

    /// The dotted spelling of a name or member chain (`URLEncoding.default`), nil for anything else.
    var dottedName: String? {
        switch kind {
        case .name(let name): return name
        case .member(let base?, let name): return base.dottedName.map { $0 + "." + name }
        case .member(nil, let name): return "." + name
        default: return nil
        }
    }

    /// The callee's last name and the arguments of a call (`.requestParameters(parameters: …)`).
    var call: (name: String, arguments: [Argument])? {
        guard case .call(let callee, let arguments) = kind, let name = callee.memberName else { return nil }
        return (name, arguments)
    }

    /// The argument labelled `label`, or at `position` among the arguments.
    func argument(_ label: String?, at position: Int? = nil) -> Value? {
        guard case .call(_, let arguments) = kind else { return nil }
        if let label, let found = arguments.first(where: { $0.label == label }) { return found.value }
        if let position, position < arguments.count { return arguments[position].value }
        return nil
    }

    /// An element appended under a condition (`x ?? nil`, as `Evaluator` marks it) and whether
    /// it was: the element itself, optional when it was.
    var conditional: (value: Value, isOptional: Bool) {
        if case .coalesce(let inner, let fallback) = kind, case .null = fallback.kind { return (inner, true) }
        return (self, false)
    }

    /// A value known only at run time, explained.
    static func unknown(_ reason: String, at node: some SyntaxProtocol) -> Value {
        Value(.unknown(reason), at: node)
    }
}
#endif
