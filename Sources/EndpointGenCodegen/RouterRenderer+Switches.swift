import EndpointGenSpec

// The Router's properties whose value depends on the case: a `switch self` each, in parts past
// `switchLimit` cases.
extension RouterRenderer {
    /// The most cases one `switch self` lists. Swift gives up checking that a switch over cases
    /// with associated values is exhaustive past about 630 cases without `default:` ("the
    /// compiler is unable to check that this switch is exhaustive in reasonable time"), and a
    /// service of one tag has hundreds of endpoints (Stripe's: 468). A property of more cases
    /// lists the first `switchLimit` in its own switch and the others in local functions of as
    /// many each (`pathComponents2()`, …), each switch's `default:` handing the cases it does not
    /// list to the next. The size of a part hardly matters below the compiler's limit (at 1,210
    /// endpoints, 64 to 512 type-check alike: Benchmarks/NOTES.md, "big services"); 256 keeps a
    /// margin and few parts.
    static let switchLimit = 256

    /// What the last switch of a property answers for the cases it does not list.
    struct Fallback {
        var value: String
        /// The one case that takes it, written as its own `case` when the switch is not cut;
        /// nil: `default:`.
        var onlyCase: String?
    }

    /// `return value`; a value of several lines (a sample as a multi-line literal) continues on
    /// the next lines at the same indentation.
    static func putReturn(_ value: String, indent: String, into p: inout CodePrinter) {
        var lines = value.split(separator: "\n", omittingEmptySubsequences: false)
        p.line(text: indent + "return " + lines.removeFirst())
        for line in lines {
            p.line(text: indent + line)
        }
    }

    /// A property whose value depends only on the case: cases with equal values share a
    /// `case` line; one value for all needs no switch.
    func constant(p: inout CodePrinter, _ declaration: String, _ values: [String]) {
        let access = context.access
        if let first = values.first, values.allSatisfy({ $0 == first }) {
            guard first.contains("\n") else {
                p.line("\(access)\(declaration) { \(first) }")
                return
            }
            p.block("\(access)\(declaration)") { p in Self.putReturn(first, indent: "", into: &p) }
            return
        }
        if values.isEmpty {
            p.line("\(access)\(declaration) { switch self {} }")
            return
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
        p.block("\(access)\(declaration)") { p in
            putSwitch(declaration, listing: listed, fallback: fallback.map { Fallback(value: $0) }, into: &p) { listed, p in
                // Per value, the cases that have it, in the order of their first case.
                var order: [String] = []
                var patterns: [String: [String]] = [:]
                for (shape, value) in listed {
                    if patterns[value] == nil { order.append(value) }
                    patterns[value, default: []].append("." + Naming.member(shape.caseName))
                }
                for value in order {
                    p.line("case \(patterns[value]!.joined(separator: ", ")):")
                    Self.putReturn(value, indent: "    ", into: &p)
                }
            }
        }
    }

    /// A property computed from associated values: one `case` per endpoint that `needs`
    /// statements (written by `body`, binding the parameters of `role`), the rest sharing
    /// `fallback`.
    func computed(
        p: inout CodePrinter, _ declaration: String, fallback: String, binding role: EndpointShape.Role,
        needs: (EndpointShape) -> Bool, _ body: (EndpointShape, inout CodePrinter) -> Void
    ) {
        let access = context.access
        let needing = shapes.filter(needs)
        guard !needing.isEmpty else {
            p.line("\(access)\(declaration) { \(fallback) }")
            return
        }
        let others = shapes.filter { !needs($0) }
        let rest = others.first.map { Fallback(value: fallback, onlyCase: others.count == 1 ? $0.caseName : nil) }
        p.block("\(access)\(declaration)") { p in
            putSwitch(declaration, listing: needing, fallback: rest, into: &p) { needing, p in
                for shape in needing {
                    p.begin()
                    p.put("case ")
                    shape.putPattern(binding: role, into: &p)
                    p.put(":")
                    p.end()
                    p.indented { p in body(shape, &p) }
                }
            }
        }
    }

    /// `switch self` over the cases of `items` (in case order; `arms` writes the `case`s of some
    /// of them), the others taking `fallback` (nil: `items` are all the cases). Past `switchLimit`
    /// items, the rest go to local functions named after the property, each switch's `default:`
    /// calling the next; the last one's answers `fallback`, or is never taken.
    func putSwitch<Item>(
        _ declaration: String, listing items: [Item], fallback: Fallback?, into p: inout CodePrinter,
        arms: (ArraySlice<Item>, inout CodePrinter) -> Void
    ) {
        guard items.count > Self.switchLimit else {
            p.switchBlock("self") { p in
                arms(items[...], &p)
                guard let fallback else { return }
                p.line(fallback.onlyCase.map { "case .\(Naming.member($0)):" } ?? "default:")
                Self.putReturn(fallback.value, indent: "    ", into: &p)
            }
            return
        }
        // "var name: Type" (`constant` and `computed` are given no other form).
        let name = declaration.dropFirst("var ".count).prefix { $0 != ":" }
        let type = declaration.drop { $0 != ":" }.dropFirst(2)
        let starts = Array(stride(from: items.startIndex, to: items.endIndex, by: Self.switchLimit))
        for (part, start) in starts.enumerated() {
            let isLast = part == starts.count - 1
            let slice = items[start..<min(start + Self.switchLimit, items.endIndex)]
            func putPart(_ p: inout CodePrinter) {
                p.switchBlock("self") { p in
                    arms(slice, &p)
                    p.line("default:")
                    if !isLast {
                        p.line("    return \(name)\(part + 2)()")
                    } else if let fallback {
                        Self.putReturn(fallback.value, indent: "    ", into: &p)
                    } else {
                        // Qualified: an endpoint may be named `fatalError`.
                        p.line("    Swift.fatalError(\"unreachable: the switches above list every case\")")
                    }
                }
            }
            guard part > 0 else {
                putPart(&p)
                continue
            }
            p.blank()
            if part == 1 {
                p.line("// The other cases, \(Self.switchLimit) per switch: swiftc cannot check a switch of hundreds for exhaustiveness.")
            }
            p.block("func \(name)\(part + 1)() -> \(type)", putPart)
        }
    }
}
