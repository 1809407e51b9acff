#if ImportSwift
import SwiftSyntax

/// The arms of each `switch` by the case name their patterns give, made once per switch: each
/// case's evaluator finds its arm without reading the patterns again (a 1,000-case router has
/// four switches of 1,000 arms each).
final class SwitchTables {
    struct Arm {
        var arm: SwitchCaseSyntax
        var item: SwitchCaseItemSyntax
        /// The names bound to the case's values, by position.
        var bindings: [String?]
    }

    struct Table {
        var arms: [String: Arm] = [:]
        var fallback: SwitchCaseSyntax?
    }

    private var tables: [SyntaxIdentifier: Table] = [:]

    func table(of node: SwitchExprSyntax) -> Table {
        if let known = tables[node.id] { return known }
        var table = Table()
        for element in node.cases {
            guard case .switchCase(let arm) = element else { continue }
            switch arm.label {
            case .default:
                table.fallback = arm
            case .case(let label):
                for item in label.caseItems {
                    guard let (name, bindings) = Evaluator.pattern(item.pattern), table.arms[name] == nil else { continue }
                    table.arms[name] = Arm(arm: arm, item: item, bindings: bindings)
                }
            }
        }
        tables[node.id] = table
        return table
    }
}

/// The locals of a body being read, and what each stands for.
struct Scope {
    var locals: [String: Value] = [:]
}

/// Reads what a router's members return for one of its cases, without running anything: a
/// `switch self` picks the case's arm and binds its associated values, locals and constants are
/// followed, and everything else becomes `Value.unknown` with the reason. Work is bounded:
/// every walk follows the (depth-bounded) syntax tree, and `steps` and `hops` count the rest.
final class Evaluator {
    let index: SwiftIndex
    let limits: SwiftImportLimits
    /// The router whose members unqualified names may be (`path` inside `asURLRequest()`).
    let owner: TypeDecl?
    /// The case being read; nil outside a router (a constant).
    let current: EnumCaseDecl?
    /// A request type's stored properties, read as the case's values by position.
    var instanceValues: [String: Int] = [:]
    /// The names the switches bind to each associated value (`case .user(let name)`), by case.
    private(set) var boundNames: [Int: String] = [:]
    /// Steps left: each expression and statement read costs one.
    private var steps = 200_000
    /// Properties being read, to stop a property that reads itself.
    private var reading: Set<String> = []
    /// The arms of each switch by case name, shared by the evaluators of all cases.
    private let switches: SwitchTables
    /// Conditions of `if`s only known at run time: both branches were read, what they add optional.
    private(set) var unreadConditions: [Syntax] = []

    init(index: SwiftIndex, limits: SwiftImportLimits, owner: TypeDecl?, case current: EnumCaseDecl?, switches: SwitchTables = SwitchTables()) {
        self.index = index
        self.limits = limits
        self.owner = owner
        self.current = current
        self.switches = switches
    }

    // MARK: - Members

    /// What the router's property `name` is for the current case: its own or a protocol's default.
    func property(_ name: String) -> Value? {
        guard let owner, let (property, holder) = index.property(name, of: owner) else { return nil }
        return read(property, of: holder)
    }

    /// The value of a property: its initializer, or what its getter returns.
    func read(_ property: PropertyDecl, of holder: TypeDecl?) -> Value? {
        let key = (holder?.qualifiedName ?? "") + "." + property.name
        guard reading.count < limits.maxConstantHops else {
            return .unknown("'\(property.name)' is more than \(limits.maxConstantHops) constants away", at: property.node)
        }
        guard reading.insert(key).inserted else {
            return .unknown("'\(property.name)' reads itself", at: property.node)
        }
        defer { reading.remove(key) }
        if let initializer = property.initializer {
            // A closure called at once (`static let x: String = { … }()`) is code, not a value.
            if initializer.is(FunctionCallExprSyntax.self), initializer.as(FunctionCallExprSyntax.self)!.calledExpression.is(ClosureExprSyntax.self) {
                return .unknown("'\(property.name)' is computed by a closure", at: initializer)
            }
            var scope = Scope()
            return value(initializer, &scope)
        }
        guard let getter = property.getter else { return nil }
        var scope = Scope()
        return run(getter, &scope) ?? .unknown("'\(property.name)' returns nothing import-swift can read", at: property.node)
    }

    /// What a function of the router returns for the current case (`asURLRequest()`).
    func call(_ function: FunctionDeclSyntax) -> Value? {
        guard let body = function.body else { return nil }
        var scope = Scope()
        return run(body.statements, &scope)
    }

    // MARK: - Statements

    /// Reads statements in order; the value of the first `return` reached (or of a single
    /// expression, Swift's implicit return), nil when none is.
    func run(_ items: CodeBlockItemListSyntax, _ scope: inout Scope) -> Value? {
        if items.count == 1, case .expr(let expression)? = items.first?.item, !Self.isStatementLike(expression) {
            return value(expression, &scope)
        }
        for item in items {
            guard spend() else { return .unknown("too much code to read", at: item) }
            switch item.item {
            case .decl(let decl):
                guard let variable = decl.as(VariableDeclSyntax.self) else { continue }
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self).map({ SwiftIndex.identifier($0.identifier) }),
                          let initializer = binding.initializer?.value else { continue }
                    scope.locals[name] = value(initializer, &scope)
                }
            case .stmt(let statement):
                if let result = run(statement, &scope) { return result }
            case .expr(let expression):
                if let result = effect(expression, &scope) { return result }
            }
        }
        return nil
    }

    private func run(_ statement: StmtSyntax, _ scope: inout Scope) -> Value? {
        if let node = statement.as(ReturnStmtSyntax.self) {
            guard let expression = node.expression else { return Value(.null, at: node) }
            return value(expression, &scope)
        }
        if let node = statement.as(ExpressionStmtSyntax.self) {
            return effect(node.expression, &scope)
        }
        if let node = statement.as(GuardStmtSyntax.self) {
            bind(node.conditions, &scope)
            return nil
        }
        if let node = statement.as(DoStmtSyntax.self) {
            // `do { … } catch { … }`: the body is what runs when nothing throws.
            return run(node.body.statements, &scope)
        }
        if let node = statement.as(ForStmtSyntax.self) {
            // What a loop adds to a dictionary is not known before it runs.
            for name in Self.assignedDictionaries(in: node.body.statements) where scope.locals[name] != nil {
                scope.locals[name] = adding(Value.Entry(key: .unknown("keys added in a loop", at: node), value: .unknown("values added in a loop", at: node), isOptional: true), to: scope.locals[name]!, at: node)
            }
        }
        return nil
    }

    /// An expression read for its effect: a `switch` or `if` (whose arm may return), an
    /// assignment or a mutating call on a local. Returns what a `return` inside returned.
    private func effect(_ expression: ExprSyntax, _ scope: inout Scope) -> Value? {
        if let node = expression.as(SwitchExprSyntax.self) { return runSwitch(node, &scope) }
        if let node = expression.as(IfExprSyntax.self) { return runIf(node, &scope) }
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3,
           let operatorNode = sequence.elements.dropFirst().first, operatorNode.is(AssignmentExprSyntax.self)
        {
            assign(sequence.elements.first!, value(sequence.elements.last!, &scope), &scope)
            return nil
        }
        if let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
           let base = member.base?.as(DeclReferenceExprSyntax.self), let old = scope.locals[SwiftIndex.identifier(base.baseName)]
        {
            // `request.setValue(v, forHTTPHeaderField: k)`, `params.updateValue(v, forKey: k)`:
            // the local becomes the call on its old value, read in order by the translators.
            let name = SwiftIndex.identifier(base.baseName)
            let arguments = call.arguments.map { Value.Argument(label: $0.label?.text, value: value($0.expression, &scope)) }
            scope.locals[name] = mutated(old, by: member.declName.baseName.text, arguments, at: call)
        }
        return nil
    }

    /// A local after a mutating call: an entry added to a dictionary (`updateValue(_:forKey:)`,
    /// HTTPHeaders' `add`/`update`), an element to an array (`append`), else the call on it.
    private func mutated(_ old: Value, by method: String, _ arguments: [Value.Argument], at call: FunctionCallExprSyntax) -> Value {
        switch method {
        case "updateValue" where arguments.count == 2:
            return adding(Value.Entry(key: arguments[1].value, value: arguments[0].value), to: old, at: call)
        case "add", "update":
            guard let headers = Self.headerDictionary(old) else { break }
            if arguments.count == 2, arguments[0].label == "name" {
                return adding(Value.Entry(key: arguments[0].value, value: arguments[1].value), to: headers, at: call)
            }
            if arguments.count == 1, let entry = Self.headerEntry(arguments[0].value) { return adding(entry, to: headers, at: call) }
        case "append" where arguments.count == 1:
            if case .array(let items) = old.kind { return Value(.array(items + [arguments[0].value]), at: old.node) }
        default:
            break
        }
        return Value(.call(Value(.member(old, method), at: call.calledExpression), arguments), at: call)
    }

    /// Alamofire's headers as a dictionary: `[.accept("…")]`, `HTTPHeaders([…])`, `["A": "b"]`.
    static func headerDictionary(_ value: Value) -> Value? {
        switch value.kind {
        case .dictionary:
            return value
        case .array(let items):
            let entries = items.compactMap(headerEntry)
            return entries.count == items.count ? Value(.dictionary(entries), at: value.node) : nil
        case .call(let callee, let arguments) where arguments.count <= 1 && callee.memberName == "HTTPHeaders":
            return arguments.first.map { headerDictionary($0.value) } ?? Value(.dictionary([]), at: value.node)
        default:
            return nil
        }
    }

    /// One of Alamofire's `HTTPHeader`s: `.authorization(bearerToken: t)`, `.accept(x)`,
    /// `HTTPHeader(name: n, value: v)`.
    static func headerEntry(_ value: Value) -> Value.Entry? {
        guard let (name, arguments) = value.call, let first = arguments.first?.value else { return nil }
        func text(_ name: String, _ pieces: [Value.TextPiece]) -> Value.Entry {
            Value.Entry(key: Value(.text([.literal(name)]), at: value.node), value: Value(.text(pieces), at: value.node))
        }
        switch (name, arguments.first?.label) {
        case ("HTTPHeader", "name"):
            return arguments.count == 2 ? Value.Entry(key: first, value: arguments[1].value) : nil
        case ("authorization", "bearerToken"): return text("Authorization", [.literal("Bearer "), .value(first)])
        case ("authorization", "username"): return text("Authorization", [.literal("Basic "), .value(first)])
        case ("authorization", nil): return text("Authorization", [.value(first)])
        case ("accept", nil): return text("Accept", [.value(first)])
        case ("contentType", nil): return text("Content-Type", [.value(first)])
        case ("userAgent", nil): return text("User-Agent", [.value(first)])
        case ("acceptLanguage", nil): return text("Accept-Language", [.value(first)])
        case ("acceptEncoding", nil): return text("Accept-Encoding", [.value(first)])
        default: return nil
        }
    }

    private func runSwitch(_ node: SwitchExprSyntax, _ scope: inout Scope) -> Value? {
        let subject = node.subject.trimmedDescription
        let selector: String?
        if subject == "self" {
            selector = current?.name
        } else {
            selector = value(node.subject, &scope).memberName
        }
        guard let arm = self.arm(of: node, for: selector, &scope) else { return nil }
        if arm.statements.count == 1, case .expr(let expression)? = arm.statements.first?.item, !Self.isStatementLike(expression) {
            return value(expression, &scope)
        }
        return run(arm.statements, &scope)
    }

    /// The arm whose pattern names `selector` (its bindings added to `scope`), else `default:`.
    private func arm(of node: SwitchExprSyntax, for selector: String?, _ scope: inout Scope) -> SwitchCaseSyntax? {
        let table = switches.table(of: node)
        guard let selector, let found = table.arms[selector] else { return table.fallback }
        for (position, bound) in found.bindings.enumerated() {
            guard let bound else { continue }
            scope.locals[bound] = Value(.argument(index: position, members: []), at: found.item)
            if boundNames[position] == nil, current != nil, selector == current?.name { boundNames[position] = bound }
        }
        return found.arm
    }

    /// What an `if` whose conditions are read leads to: `holds` and `fails` when known,
    /// `mayHold` for an `if let` of a value that may be nil (what its branch adds is optional),
    /// `unread` for a condition only known at run time.
    enum Truth {
        case holds, fails, mayHold, unread
    }

    private func runIf(_ node: IfExprSyntax, _ scope: inout Scope) -> Value? {
        var inner = scope
        let truth = condition(node.conditions, &inner)
        switch truth {
        case .holds:
            scope = inner
            return run(node.body.statements, &scope)
        case .fails:
            return runElse(node, &scope)
        case .mayHold, .unread:
            if truth == .unread { unreadConditions.append(Syntax(node.conditions)) }
            // What either branch adds is there only when its condition holds (or fails).
            let result = run(node.body.statements, &inner)
            var other = scope
            let otherResult = truth == .unread ? runElse(node, &other) : nil
            for (name, old) in scope.locals {
                var merged = old
                if let new = inner.locals[name] { merged = Self.markingNewEntriesOptional(old: old, new: new) }
                if truth == .unread, let new = other.locals[name] {
                    // The else branch's additions on top of the then branch's.
                    merged = Self.markingNewEntriesOptional(old: old, new: Self.adding(from: Self.markingNewEntriesOptional(old: old, new: new), to: merged))
                }
                scope.locals[name] = merged
            }
            return result ?? otherResult
        }
    }

    private func runElse(_ node: IfExprSyntax, _ scope: inout Scope) -> Value? {
        switch node.elseBody {
        case .codeBlock(let block)?: return run(block.statements, &scope)
        case .ifExpr(let next)?: return runIf(next, &scope)
        case nil: return nil
        }
    }

    /// Reads an `if`'s conditions (all must hold): `if let`, `if case .zen = self`,
    /// `self == .zen`, `method != .get`.
    private func condition(_ conditions: ConditionElementListSyntax, _ scope: inout Scope) -> Truth {
        var truth = Truth.holds
        for element in conditions {
            let one: Truth
            switch element.condition {
            case .optionalBinding:
                var single = ConditionElementListSyntax()
                single.append(element)
                one = bind(single, &scope) ? .mayHold : .fails
            case .matchingPattern(let match):
                guard match.initializer.value.trimmedDescription == "self", let current, let (name, bindings) = Self.pattern(match.pattern) else {
                    one = .unread
                    break
                }
                one = name == current.name ? .holds : .fails
                for (position, bound) in bindings.enumerated() where name == current.name {
                    if let bound { scope.locals[bound] = Value(.argument(index: position, members: []), at: match) }
                }
            case .expression(let expression):
                if let known = comparison(expression, &scope) { one = known ? .holds : .fails } else { one = .unread }
            default:
                one = .holds
            }
            switch (truth, one) {
            case (.fails, _), (_, .fails): truth = .fails
            case (.unread, _), (_, .unread): truth = .unread
            case (.mayHold, _), (_, .mayHold): truth = .mayHold
            default: truth = .holds
            }
        }
        return truth
    }

    /// Binds `let x = value` conditions; false when one is known to be nil (the branch is not taken).
    @discardableResult
    private func bind(_ conditions: ConditionElementListSyntax, _ scope: inout Scope) -> Bool {
        var present = true
        for condition in conditions {
            guard case .optionalBinding(let binding) = condition.condition,
                  let name = binding.pattern.as(IdentifierPatternSyntax.self).map({ SwiftIndex.identifier($0.identifier) }) else { continue }
            let bound: Value
            if let initializer = binding.initializer?.value {
                bound = value(initializer, &scope)
            } else {
                bound = scope.locals[name] ?? property(name) ?? .unknown("'\(name)'", at: binding)
            }
            if case .null = bound.kind { present = false }
            scope.locals[name] = bound
        }
        return present
    }

    private func assign(_ target: ExprSyntax, _ newValue: Value, _ scope: inout Scope) {
        if let reference = target.as(DeclReferenceExprSyntax.self) {
            scope.locals[SwiftIndex.identifier(reference.baseName)] = newValue
        } else if let subscriptCall = target.as(SubscriptCallExprSyntax.self),
                  let base = subscriptCall.calledExpression.as(DeclReferenceExprSyntax.self),
                  let old = scope.locals[SwiftIndex.identifier(base.baseName)], let key = subscriptCall.arguments.first?.expression
        {
            scope.locals[SwiftIndex.identifier(base.baseName)] = adding(Value.Entry(key: value(key, &scope), value: newValue), to: old, at: target)
        } else if let member = target.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self),
                  let old = scope.locals[SwiftIndex.identifier(base.baseName)]
        {
            // `request.httpMethod = …` reads as a call `set:httpMethod` on the old value.
            let setter = Value(.member(old, "set:" + member.declName.baseName.text), at: member)
            scope.locals[SwiftIndex.identifier(base.baseName)] = Value(.call(setter, [Value.Argument(label: nil, value: newValue)]), at: target)
        }
    }

    /// `dictionary` with `entry` added (one with the same constant key replaced); any other value
    /// becomes a call `subscript:set` on it.
    private func adding(_ entry: Value.Entry, to dictionary: Value, at node: some SyntaxProtocol) -> Value {
        guard case .dictionary(var entries) = dictionary.kind else {
            let setter = Value(.member(dictionary, "subscript:set"), at: node)
            return Value(.call(setter, [Value.Argument(label: nil, value: entry.key), Value.Argument(label: nil, value: entry.value)]), at: node)
        }
        if let key = entry.key.constantText, let existing = entries.firstIndex(where: { $0.key.constantText == key }) {
            entries[existing] = entry
        } else {
            entries.append(entry)
        }
        return Value(.dictionary(entries), at: dictionary.node)
    }

    /// `into`'s entries or elements with those `from` has beyond them (a dictionary's by key).
    private static func adding(from: Value, to into: Value) -> Value {
        switch (from.kind, into.kind) {
        case (.dictionary(let extra), .dictionary(var entries)):
            for entry in extra where !entries.contains(where: { $0.key.constantText != nil && $0.key.constantText == entry.key.constantText }) {
                entries.append(entry)
            }
            return Value(.dictionary(entries), at: into.node)
        case (.array(let extra), .array(let items)):
            return Value(.array(items + extra.filter { if case .coalesce = $0.kind { return true } else { return false } }), at: into.node)
        default:
            return into
        }
    }

    /// Entries a conditional branch added are optional.
    private static func markingNewEntriesOptional(old: Value, new: Value) -> Value {
        if case .array(var items) = new.kind, case .array(let oldItems) = old.kind, items.count > oldItems.count {
            // An element appended under a condition: `x ?? nil`, there only when present.
            for index in oldItems.count..<items.count {
                items[index] = Value(.coalesce(items[index], Value(.null, at: items[index].node)), at: items[index].node)
            }
            return Value(.array(items), at: new.node)
        }
        guard case .dictionary(var entries) = new.kind, case .dictionary(let oldEntries) = old.kind else { return new }
        let oldKeys = oldEntries.compactMap(\.key.constantText)
        for index in entries.indices where !(entries[index].key.constantText.map(oldKeys.contains) ?? false) {
            entries[index].isOptional = true
        }
        return Value(.dictionary(entries), at: new.node)
    }

    private func spend() -> Bool {
        steps -= 1
        return steps > 0
    }

    /// An expression that is a statement in effect (`x = 1`, `request.setValue(…)`), not a value.
    private static func isStatementLike(_ expression: ExprSyntax) -> Bool {
        if let sequence = expression.as(SequenceExprSyntax.self) {
            return sequence.elements.contains { $0.is(AssignmentExprSyntax.self) }
        }
        if let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            return ["setValue", "addValue", "updateValue", "append", "merge", "add", "update"].contains(member.declName.baseName.text)
        }
        return false
    }

    /// The locals a loop body assigns by subscript (`headers[key] = value`).
    private static func assignedDictionaries(in items: CodeBlockItemListSyntax) -> [String] {
        var names: [String] = []
        for item in items {
            guard case .expr(let expression) = item.item, let sequence = expression.as(SequenceExprSyntax.self),
                  let target = sequence.elements.first?.as(SubscriptCallExprSyntax.self),
                  let base = target.calledExpression.as(DeclReferenceExprSyntax.self) else { continue }
            names.append(SwiftIndex.identifier(base.baseName))
        }
        return names
    }

    /// The case a pattern names and the names it binds, by position (nil for `_` or a literal):
    /// `.a`, `.a(let x, _)`, `let .a(x, y)`, `.a(id: let id)`, `Self.a`.
    static func pattern(_ pattern: PatternSyntax) -> (String, [String?])? {
        var pattern = pattern
        if let binding = pattern.as(ValueBindingPatternSyntax.self) { pattern = binding.pattern }
        guard let expression = pattern.as(ExpressionPatternSyntax.self)?.expression else { return nil }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            return (SwiftIndex.identifier(member.declName.baseName), [])
        }
        guard let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return nil }
        let names: [String?] = call.arguments.map { argument in
            let inner = argument.expression
            if let reference = inner.as(DeclReferenceExprSyntax.self) { return SwiftIndex.identifier(reference.baseName) }
            guard var bound = inner.as(PatternExprSyntax.self)?.pattern else { return nil }
            if let binding = bound.as(ValueBindingPatternSyntax.self) { bound = binding.pattern }
            return bound.as(IdentifierPatternSyntax.self).map { SwiftIndex.identifier($0.identifier) }
        }
        return (SwiftIndex.identifier(member.declName.baseName), names)
    }
}
#endif
