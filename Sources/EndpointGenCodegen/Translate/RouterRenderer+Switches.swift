import EndpointGenSpec

// The Router's properties whose value depends on the case: a `switch self` each, in parts past
// `SwitchParts.limit` cases.
extension RouterRenderer {
    /// What the last switch of a property answers for the cases it does not list, under
    /// `default:` (also when one case takes it: adding an endpoint then adds its lines and
    /// rewrites none).
    struct Fallback {
        var value: String
    }

    /// A property of the Router: `var name: Type`.
    struct Property {
        var name: String
        var type: String

        init(_ name: String, _ type: String) {
            self.name = name
            self.type = type
        }
    }

    /// `return value`; a value of several lines (a sample as a multi-line literal) continues on
    /// the next lines at the same indentation.
    static func putReturn(_ value: String, into p: inout CodePrinter) {
        var lines = value.split(separator: "\n", omittingEmptySubsequences: false)
        p.line("return \(lines.removeFirst())")
        for line in lines {
            p.line("\(line)")
        }
    }

    /// A property whose value depends only on the case: cases with equal values share a
    /// `case` line; one value for all needs no switch.
    func constant(_ property: Property, _ values: [String]) -> Declaration {
        let access = Declaration.Access.written(context.access)
        let signature: CodeLine = "var \(property.name): \(property.type)"
        if let first = values.first, values.allSatisfy({ $0 == first }) {
            guard first.contains("\n") else {
                return Declaration(access: access, "\(signature) { \(first) }").inPart(property.name)
            }
            return Declaration(access: access, signature, body: .statements { p in Self.putReturn(first, into: &p) }).inPart(property.name)
        }
        if values.isEmpty {
            return Declaration(access: access, "\(signature) { switch self {} }").inPart(property.name)
        }
        var order: [String] = []
        var counts: [String: Int] = [:]
        for value in values {
            if counts[value] == nil { order.append(value) }
            counts[value, default: 0] += 1
        }
        // The most common value (the first of equals) reads best as `default:`.
        var fallback: String?
        for value in order where counts[value]! > 1 {
            if fallback == nil || counts[value]! > counts[fallback!]! { fallback = value }
        }
        let listed = zip(shapes, values).filter { $0.1 != fallback }
        return Declaration(access: access, signature, body: .statements { p in
            putSwitch(property, listing: listed, fallback: fallback.map { Fallback(value: $0) }, into: &p) { listed, p in
                // Per value, the cases that have it, in the order of their first case.
                var order: [String] = []
                var patterns: [String: [String]] = [:]
                for (shape, value) in listed {
                    if patterns[value] == nil { order.append(value) }
                    patterns[value, default: []].append("." + Naming.member(shape.caseName))
                }
                for value in order {
                    p.line("case \(joined: patterns[value]!):")
                    p.indented { p in Self.putReturn(value, into: &p) }
                }
            }
        }).inPart(property.name)
    }

    /// A property computed from associated values: one `case` per endpoint that `needs`
    /// statements (written by `body`, binding the parameters of `role`), the rest sharing
    /// `fallback`.
    func computed(
        _ property: Property, fallback: String, binding role: EndpointShape.Role,
        needs: (EndpointShape) -> Bool, _ body: @escaping (EndpointShape, inout CodePrinter) -> Void
    ) -> Declaration {
        let access = Declaration.Access.written(context.access)
        let needing = shapes.filter(needs)
        guard !needing.isEmpty else {
            return Declaration(access: access, "var \(property.name): \(property.type) { \(fallback) }").inPart(property.name)
        }
        let rest = needing.count < shapes.count ? Fallback(value: fallback) : nil
        return Declaration(access: access, "var \(property.name): \(property.type)", body: .statements { p in
            putSwitch(property, listing: needing, fallback: rest, into: &p) { needing, p in
                for shape in needing {
                    p.line("case \(shape.pattern(binding: role)):")
                    p.indented { p in body(shape, &p) }
                }
            }
        }).inPart(property.name)
    }

    /// `switch self` over the cases of `items` (in case order; `arms` writes the `case`s of some
    /// of them), the others taking `fallback` (nil: `items` are all the cases). Past
    /// `SwitchParts.limit` items, in parts: local functions named after the property, the last
    /// one's `default:` answering `fallback`, or never taken.
    func putSwitch<Item>(
        _ property: Property, listing items: [Item], fallback: Fallback?, into p: inout CodePrinter,
        arms: (ArraySlice<Item>, inout CodePrinter) -> Void
    ) {
        let parts = SwitchParts(
            function: { "func \(property.name)\($0)() -> \(property.type)" },
            call: { "return \(property.name)\($0)()" },
            last: { p in
                guard let fallback else { return SwitchParts.unreachable(&p) }
                Self.putReturn(fallback.value, into: &p)
            })
        parts.put("self", items, into: &p, arms: arms) { p in
            guard let fallback else { return }
            p.line("default:")
            p.indented { p in Self.putReturn(fallback.value, into: &p) }
        }
    }
}
