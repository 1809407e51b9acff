import EndpointGenSpec

// Enums: value enums, `oneOf` (discriminated) and untagged unions, and their case equality.
extension ModelRenderer {
    /// An enum with a case per value and `unknown(raw)` for the rest. Lines of the case loops are
    /// written piece by piece (`begin`, `put`, `end`), like the struct's.
    func renderEnum(_ model: Model, _ enumModel: EnumModel, into p: inout CodePrinter) {
        let access = context.access
        let name = context.names.typeName(model.name)
        let names = context.names.memberNames(model.name)
        let isInt = enumModel.rawType == .int
        let raw: StaticString = isInt ? "Int" : "String"
        func putValue(_ value: String, into p: inout CodePrinter) { Self.putRawValue(value, integer: isInt, into: &p) }
        // Codable comes from the standard library's RawRepresentable defaults, which call
        // `init(rawValue:)`; it never fails here, so unknown values decode to `.unknown`.
        openEnum(model, "enum ", name, ": RawRepresentable, Codable, Hashable, Sendable, ParameterValue", into: &p)
        for caseName in names {
            p.begin()
            p.put("case ")
            p.put(Naming.escaped(caseName))
            p.end()
        }
        p.doc("A value this version of the API description does not know, kept as it arrived.")
        p.begin()
        p.put("case unknown(")
        p.put(raw)
        p.put(")")
        p.end()
        p.blank()
        p.begin()
        p.put(access)
        p.put("init(rawValue: ")
        p.put(raw)
        p.put(")")
        p.open()
        p.switchBlock("rawValue") { p in
            for (item, caseName) in zip(enumModel.cases, names) {
                p.begin()
                p.put("case ")
                putValue(item.value, into: &p)
                p.put(": self = .")
                p.put(Naming.member(caseName))
                p.end()
            }
            p.line("default: self = .unknown(rawValue)")
        }
        p.close()
        p.blank()
        p.begin()
        p.put(access)
        p.put("var rawValue: ")
        p.put(raw)
        p.open()
        p.switchBlock("self") { p in
            for (item, caseName) in zip(enumModel.cases, names) {
                p.begin()
                p.put("case .")
                p.put(Naming.member(caseName))
                p.put(": return ")
                putValue(item.value, into: &p)
                p.end()
            }
            p.line("case .unknown(let value): return value")
        }
        p.close()
        p.close()
    }

    /// An enum with a case per variant, chosen by the discriminator when decoding. `indirect`:
    /// a variant may contain this model again (a comment with replies), and the enum's cases are
    /// then boxed, as a struct's fields that close a cycle are.
    func renderOneOf(_ model: Model, _ oneOf: OneOfModel, into p: inout CodePrinter) {
        let access = context.access
        let names = context.names.memberNames(model.name)
        let isInt = oneOf.valueType == .int
        func putValue(_ value: String, into p: inout CodePrinter) { Self.putRawValue(value, integer: isInt, into: &p) }
        openEnum(model, "indirect enum ", context.names.typeName(model.name), ": Codable, Hashable, Sendable, FieldwiseEquatable", into: &p)
        for (variant, caseName) in zip(oneOf.variants, names) {
            p.doc(isInt ? "`\"\(oneOf.discriminator)\": \(variant.value)`" : "`\"\(oneOf.discriminator)\": \"\(variant.value)\"`")
            p.begin()
            p.put("case ")
            p.put(Naming.escaped(caseName))
            p.put("(")
            p.put(context.names.typeName(variant.model))
            p.put(")")
            p.end()
        }
        p.doc("A case this version of the API description does not know, kept as it arrived.")
        p.line("case unknown(JSONValue)")
        p.blank()
        p.begin()
        p.put(access)
        p.put("init(from decoder: any Decoder) throws")
        p.open()
        p.line("let container: KeyedDecodingContainer<WireKey> = try decoder.container(keyedBy: WireKey.self)")
        p.begin()
        p.put(isInt ? "let discriminator: Int = try container.required(Int.self, " : "let discriminator: String = try container.required(String.self, ")
        p.putLiteral(oneOf.discriminator)
        p.put(")")
        p.end()
        p.switchBlock("discriminator") { p in
            for (variant, caseName) in zip(oneOf.variants, names) {
                p.begin()
                p.put("case ")
                putValue(variant.value, into: &p)
                p.put(": self = .")
                p.put(Naming.member(caseName))
                p.put("(try ")
                p.put(context.names.typeName(variant.model))
                p.put("(from: decoder))")
                p.end()
            }
            p.line("default: self = .unknown(try JSONValue(from: decoder))")
        }
        p.close()
        p.blank()
        renderOneOfEncode(oneOf, names: names, into: &p)
        renderCaseEquality(name: context.names.typeName(model.name), cases: names.map(Naming.member) + ["unknown"], into: &p)
        p.close()
    }

    /// A `oneOf`'s `encode(to:)`: the case's model, then its discriminator value.
    private func renderOneOfEncode(_ oneOf: OneOfModel, names: [String], into p: inout CodePrinter) {
        let access = context.access
        let isInt = oneOf.valueType == .int
        p.begin()
        p.put(access)
        p.put("func encode(to encoder: any Encoder) throws")
        p.open()
        // The fallback `unknown` is listed last, in the last part when the switch is cut (nil).
        let arms = zip(oneOf.variants, names).map(Optional.some) + [nil]
        Self.encodeParts.put("self", arms, into: &p) { arms, p in
            for arm in arms {
                guard let (variant, caseName) = arm else {
                    p.line("case .unknown(let value):")
                    p.indented { p in p.line("try value.encode(to: encoder)") }
                    continue
                }
                p.begin()
                p.put("case .")
                p.put(Naming.member(caseName))
                p.put("(let value):")
                p.end()
                // The case's value is written after the model's fields, also when the model has
                // the discriminator as a field of its own: an optional one left nil, or one that
                // says another case, would not decode back as this case.
                p.indented { p in
                    p.line("try value.encode(to: encoder)")
                    p.line("var container: KeyedEncodingContainer<WireKey> = encoder.container(keyedBy: WireKey.self)")
                    p.begin()
                    p.put("try container.put(")
                    Self.putRawValue(variant.value, integer: isInt, into: &p)
                    p.put(", ")
                    p.putLiteral(oneOf.discriminator)
                    p.put(")")
                    p.end()
                }
            }
        }
        p.close()
    }

    /// An enum with a case per type, decoded as the first case that decodes (`try?` on a
    /// single-value container, in the spec's order) and encoded as its value alone. `indirect`, as
    /// a case's type may contain the model again.
    func renderUnion(_ model: Model, _ union: UnionModel, into p: inout CodePrinter) {
        let access = context.access
        let name = context.names.typeName(model.name)
        let caseNames = context.names.memberNames(model.name)
        let types = union.variants.map { context.swiftType($0.type) }
        openEnum(model, "indirect enum ", name, ": Codable, Hashable, Sendable, FieldwiseEquatable", into: &p)
        for (caseName, type) in zip(caseNames, types) {
            p.begin()
            p.put("case ")
            p.put(Naming.escaped(caseName))
            p.put("(")
            p.put(type)
            p.put(")")
            p.end()
        }
        p.blank()
        p.begin()
        p.put(access)
        p.put("init(from decoder: any Decoder) throws")
        p.open()
        p.line("let container: any SingleValueDecodingContainer = try decoder.singleValueContainer()")
        // Each case's error is kept, so that when none fits the error says why the closest failed.
        p.line("var failures: [any Error] = []")
        var branches: [(opening: String, body: (inout CodePrinter) -> Void)] = []
        for (index, (caseName, type)) in zip(caseNames, types).enumerated() {
            let member = Naming.member(caseName)
            branches.append(((index == 0 ? "if" : "else if") + " let value: \(type) = container.attempt(\(type).self, &failures)", { p in
                p.line("self = .\(member)(value)")
            }))
        }
        let expected = union.variants.map { SwiftLiteral.string($0.type.specSpelling) }.joined(separator: ", ")
        // A case named like the function would hide it inside the enum.
        let function = caseNames.contains("noCaseMatched") ? "EndpointRuntime.noCaseMatched" : "noCaseMatched"
        branches.append(("else", { p in
            p.line("throw \(function)(\(name).self, decoder, cases: [\(expected)], failures: failures)")
        }))
        p.chain(branches)
        p.close()
        p.blank()
        p.begin()
        p.put(access)
        p.put("func encode(to encoder: any Encoder) throws")
        p.open()
        p.line("var container: any SingleValueEncodingContainer = encoder.singleValueContainer()")
        Self.encodeParts.put("self", caseNames, into: &p) { caseNames, p in
            for caseName in caseNames {
                p.begin()
                p.put("case .")
                p.put(Naming.member(caseName))
                p.put("(let value): try container.encode(value)")
                p.end()
            }
        }
        p.close()
        renderCaseEquality(name: name, cases: caseNames.map(Naming.member), into: &p)
        p.close()
    }

    /// `==` of an enum whose cases each hold one value: the same case, and `fieldsEqual` on the
    /// values. The synthesized `==` resolves each comparison among every `==` in scope: for the
    /// `oneOf` models of OpenAI's document it was 13.8 s of the module's 23.3 s of function
    /// bodies (a 60-case enum took 0.7 s). `hash(into:)` stays synthesized; it hashes the same.
    private func renderCaseEquality(name: String, cases: [String], into p: inout CodePrinter) {
        // A case named `fieldsEqual` would hide the function inside the type.
        let call = cases.contains("fieldsEqual") ? "EndpointRuntime.fieldsEqual" : "fieldsEqual"
        openEquality(name, into: &p)
        // One switch at any size: its `default:` spares it the exhaustiveness check that a
        // `switch self` of hundreds of cases fails (3,000 cases: 0.4 s, in parts alike).
        p.switchBlock("(self, rhs)") { p in
            for member in cases {
                p.begin()
                p.put("case (.")
                p.put(member)
                p.put("(let left), .")
                p.put(member)
                p.put("(let right)): return ")
                p.put(call)
                p.put("(left, right)")
                p.end()
            }
            // One case covers every pair; a `default` would be a warning.
            if cases.count > 1 { p.line("default: return false") }
        }
        p.close()
    }

    /// `encode(to:)`'s `switch self` of an enum whose cases hold values, in parts past
    /// `SwitchParts.limit` cases (`encode2()`, … beside it; every case is listed).
    private static var encodeParts: SwitchParts {
        SwitchParts(function: { "func encode\($0)() throws" }, call: { "try encode\($0)()" }, last: SwitchParts.unreachable)
    }

    /// The model's doc comment and `public nonisolated <keyword><name><conformances> {`.
    private func openEnum(_ model: Model, _ keyword: StaticString, _ name: String, _ conformances: StaticString, into p: inout CodePrinter) {
        p.doc(model.summary)
        p.begin()
        p.put(context.typeModifiers)
        p.put(keyword)
        p.put(name)
        p.put(conformances)
        p.open()
    }

    /// A raw or discriminator value as Swift: `1`, or the string literal `"post"`.
    private static func putRawValue(_ value: String, integer: Bool, into p: inout CodePrinter) {
        if integer { p.put(value) } else { p.putLiteral(value) }
    }
}
