import EndpointGenSpec

// Enums: value enums, `oneOf` (discriminated) and untagged unions, and their case equality.
extension ModelRenderer {
    /// An enum with a case per value and `unknown(raw)` for the rest.
    func enumDeclaration(_ model: Model, _ enumModel: EnumModel) -> Declaration {
        let api = Declaration.Access.written(context.access)
        let names = context.names.memberNames(model.name)
        let isInt = enumModel.rawType == .int
        let raw: StaticString = isInt ? "Int" : "String"
        var members = names.map { caseName in Declaration("case \(Naming.escaped(caseName))", tight: true) }
        members.append(Declaration(doc: ["A value this version of the API description does not know, kept as it arrived."],
                                   "case unknown(\(raw))", tight: true))
        let cases = zip(enumModel.cases, names).map { item, caseName in
            (value: Self.rawValue(item.value, integer: isInt), member: Naming.member(caseName))
        }
        members.append(Declaration(access: api, "init(rawValue: \(raw))", body: .statements { p in
            p.switchBlock("rawValue") { p in
                for item in cases { p.line("case \(item.value): self = .\(item.member)") }
                p.line("default: self = .unknown(rawValue)")
            }
        }))
        members.append(Declaration(access: api, "var rawValue: \(raw)", body: .statements { p in
            p.switchBlock("self") { p in
                for item in cases { p.line("case .\(item.member): return \(item.value)") }
                p.line("case .unknown(let value): return value")
            }
        }))
        // Codable comes from the standard library's RawRepresentable defaults, which call
        // `init(rawValue:)`; it never fails here, so unknown values decode to `.unknown`.
        return typeDeclaration(model, "enum ", ": RawRepresentable, Codable, Hashable, Sendable, ParameterValue", members)
    }

    /// An enum with a case per variant, chosen by the discriminator when decoding. `indirect`:
    /// a variant may contain this model again (a comment with replies), and the enum's cases are
    /// then boxed, as a struct's fields that close a cycle are.
    func oneOfDeclarations(_ model: Model, _ oneOf: OneOfModel) -> [Declaration] {
        let names = context.names.memberNames(model.name)
        let isInt = oneOf.valueType == .int
        let types = oneOf.variants.map { context.names.typeName($0.model) }
        var members: [Declaration] = []
        for (variant, (caseName, type)) in zip(oneOf.variants, zip(names, types)) {
            members.append(Declaration(
                doc: [isInt ? "`\"\(oneOf.discriminator)\": \(variant.value)`" : "`\"\(oneOf.discriminator)\": \"\(variant.value)\"`"],
                "case \(Naming.escaped(caseName))(\(type))", tight: true))
        }
        members.append(Declaration(doc: ["A case this version of the API description does not know, kept as it arrived."],
                                   "case unknown(JSONValue)", tight: true))
        members.append(Declaration(access: .written(context.access), "init(from decoder: any Decoder) throws", body: .statements { p in
            p.line("let container: KeyedDecodingContainer<WireKey> = try decoder.container(keyedBy: WireKey.self)")
            let raw: StaticString = isInt ? "Int" : "String"
            p.line("let discriminator: \(raw) = try container.required(\(raw).self, \(literal: oneOf.discriminator))")
            p.switchBlock("discriminator") { p in
                for (variant, (caseName, type)) in zip(oneOf.variants, zip(names, types)) {
                    p.line("case \(Self.rawValue(variant.value, integer: isInt)): self = .\(Naming.member(caseName))(try \(type)(from: decoder))")
                }
                p.line("default: self = .unknown(try JSONValue(from: decoder))")
            }
        }))
        members.append(oneOfEncode(oneOf, names: names))
        let name = context.names.typeName(model.name)
        return [typeDeclaration(model, "indirect enum ", ": Codable, Hashable, Sendable", members),
                caseEquality(name: name, cases: names.map(Naming.member) + ["unknown"])]
    }

    /// A `oneOf`'s `encode(to:)`: the case's model, then its discriminator value.
    private func oneOfEncode(_ oneOf: OneOfModel, names: [String]) -> Declaration {
        let isInt = oneOf.valueType == .int
        return Declaration(access: .written(context.access), "func encode(to encoder: any Encoder) throws", body: .statements { p in
            // The fallback `unknown` is listed last, in the last part when the switch is cut (nil).
            let arms = zip(oneOf.variants, names).map(Optional.some) + [nil]
            Self.encodeParts.put("self", arms, into: &p) { arms, p in
                for arm in arms {
                    guard let (variant, caseName) = arm else {
                        p.line("case .unknown(let value):")
                        p.indented { p in p.line("try value.encode(to: encoder)") }
                        continue
                    }
                    p.line("case .\(Naming.member(caseName))(let value):")
                    // The case's value is written after the model's fields, also when the model has
                    // the discriminator as a field of its own: an optional one left nil, or one that
                    // says another case, would not decode back as this case.
                    p.indented { p in
                        p.line("try value.encode(to: encoder)")
                        p.line("var container: KeyedEncodingContainer<WireKey> = encoder.container(keyedBy: WireKey.self)")
                        p.line("try container.put(\(Self.rawValue(variant.value, integer: isInt)), \(literal: oneOf.discriminator))")
                    }
                }
            }
        })
    }

    /// An enum with a case per type, decoded as the first case that decodes (`try?` on a
    /// single-value container, in the spec's order) and encoded as its value alone. `indirect`, as
    /// a case's type may contain the model again.
    func unionDeclarations(_ model: Model, _ union: UnionModel) -> [Declaration] {
        let name = context.names.typeName(model.name)
        let caseNames = context.names.memberNames(model.name)
        let types = union.variants.map { context.swiftType($0.type) }
        var members = zip(caseNames, types).map { caseName, type in Declaration("case \(Naming.escaped(caseName))(\(type))", tight: true) }
        members += unionCoding(union, name: name, caseNames: caseNames, types: types)
        return [typeDeclaration(model, "indirect enum ", ": Codable, Hashable, Sendable", members),
                caseEquality(name: name, cases: caseNames.map(Naming.member))]
    }

    /// A union's `init(from:)` (the first case that decodes) and `encode(to:)` (the case's value).
    private func unionCoding(_ union: UnionModel, name: String, caseNames: [String], types: [String]) -> [Declaration] {
        let api = Declaration.Access.written(context.access)
        let decode = Declaration(access: api, "init(from decoder: any Decoder) throws", body: .statements { p in
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
        })
        let encode = Declaration(access: api, "func encode(to encoder: any Encoder) throws", body: .statements { p in
            p.line("var container: any SingleValueEncodingContainer = encoder.singleValueContainer()")
            Self.encodeParts.put("self", caseNames, into: &p) { caseNames, p in
                for caseName in caseNames {
                    p.line("case .\(Naming.member(caseName))(let value): try container.encode(value)")
                }
            }
        })
        return [decode, encode]
    }

    /// `==` of an enum whose cases each hold one value: the same case, and `fieldsEqual` on the
    /// values. The synthesized `==` resolves each comparison among every `==` in scope: for the
    /// `oneOf` models of OpenAI's document it was 13.8 s of the module's 23.3 s of function
    /// bodies (a 60-case enum took 0.7 s). `hash(into:)` stays synthesized; it hashes the same.
    private func caseEquality(name: String, cases: [String]) -> Declaration {
        // A case named `fieldsEqual` would hide the function inside the type.
        let call = cases.contains("fieldsEqual") ? "EndpointRuntime.fieldsEqual" : "fieldsEqual"
        return equality(name) { p in
            // One switch at any size: its `default:` spares it the exhaustiveness check that a
            // `switch self` of hundreds of cases fails (3,000 cases: 0.4 s, in parts alike).
            p.switchBlock("(self, rhs)") { p in
                for member in cases {
                    p.line("case (.\(member)(let left), .\(member)(let right)): return \(call)(left, right)")
                }
                // One case covers every pair; a `default` would be a warning.
                if cases.count > 1 { p.line("default: return false") }
            }
        }
    }

    /// `encode(to:)`'s `switch self` of an enum whose cases hold values, in parts past
    /// `SwitchParts.limit` cases (`encode2()`, … beside it; every case is listed).
    private static var encodeParts: SwitchParts {
        SwitchParts(function: { "func encode\($0)() throws" }, call: { "try encode\($0)()" }, last: SwitchParts.unreachable)
    }

    /// The model's enum: its doc comment and `public nonisolated <keyword><name><conformances>`.
    private func typeDeclaration(_ model: Model, _ keyword: StaticString, _ conformances: StaticString, _ members: [Declaration]) -> Declaration {
        Declaration(doc: [model.summary], access: .written(context.typeModifiers),
                    "\(keyword)\(context.names.typeName(model.name))\(conformances)", body: .members(members))
    }

    /// A raw or discriminator value as Swift: `1`, or the string literal `"post"`.
    private static func rawValue(_ value: String, integer: Bool) -> CodeLine {
        integer ? "\(value)" : "\(literal: value)"
    }
}
