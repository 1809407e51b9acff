import EndpointGenSpec

/// Renders structs and enums for models.
struct ModelRenderer {
    var context: Context

    mutating func render(_ model: Model, into p: inout CodePrinter) {
        switch model.kind {
        case .structure(let fields):
            renderStruct(
                name: context.names.typeName(model.name), specName: model.name, summary: model.summary, fields: fields,
                names: context.names.memberNames(model.name), codable: true, into: &p)
        case .enumeration(let enumModel):
            renderEnum(model, enumModel, into: &p)
        case .oneOf(let oneOf):
            renderOneOf(model, oneOf, into: &p)
        case .union(let union):
            renderUnion(model, union, into: &p)
        }
    }

    /// One field's spellings, computed once: they are used in up to seven places, and reading
    /// them from here copies no `Field` (a copy retains each of its strings). A class, so that the
    /// loops over members retain one reference instead of copying seven strings.
    private final class Member {
        /// The field's index in the model's fields.
        let index: Int
        /// As declared and as a parameter label: `default`, `self_`.
        let declared: String
        /// After `self.`, `lhs.` and `rhs.`: `default`, `self_`.
        let member: String
        /// `Int?`
        let type: String
        /// `Int` for `Int?`; the same as `type` when the field is not optional.
        let unwrappedType: String
        let optional: Bool
        let wireName: String
        /// The initializer parameter's default (`Context.parameterDefault`): the spec default,
        /// or `nil` for an optional field.
        let parameterDefault: String?
        let deprecated: Bool
        /// The private stored property behind a computed one, `_name`: for a field that closes a
        /// cycle of models (boxed in `Indirect`) or a deprecated field (so that the generated
        /// initializers and coding, which use the storage, raise no deprecation warnings).
        let storage: String?
        let boxed: Bool
        /// `readOnly: true`: decoded, never encoded (a request has no server-assigned value to send).
        var readOnly = false
        /// The field's own date encoding (`.epochSeconds`), passed to the runtime's coding helpers;
        /// nil leaves dates to the coder's strategy (ISO 8601, or the service's `dateEncoding`).
        var dates: String?

        init(
            index: Int, declared: String, member: String, type: String, unwrappedType: String, optional: Bool,
            wireName: String, parameterDefault: String?, deprecated: Bool, storage: String?, boxed: Bool
        ) {
            self.index = index
            self.declared = declared
            self.member = member
            self.type = type
            self.unwrappedType = unwrappedType
            self.optional = optional
            self.wireName = wireName
            self.parameterDefault = parameterDefault
            self.deprecated = deprecated
            self.storage = storage
            self.boxed = boxed
        }

        /// `public let name: Type` (`var` when `mutable`, and always for a computed property), the
        /// property as callers see it.
        func putDeclaration(access: String, mutable: Bool, into p: inout CodePrinter) {
            p.put(access)
            p.put(mutable || storage != nil ? "var " : "let ")
            p.put(declared)
            p.put(": ")
            p.put(type)
        }

        /// `_x.value }` (boxed) or `_x }`: the end of a getter that reads the private storage.
        func putStorageRead(into p: inout CodePrinter) {
            guard let storage else { return }
            p.put(storage)
            p.put(boxed ? ".value }" : " }")
        }

        /// `self.x = `, or into the storage (`self._x = Indirect(` when boxed); `endAssignment` closes it.
        func beginAssignment(into p: inout CodePrinter) {
            p.put("self.")
            p.put(storage ?? member)
            p.put(boxed ? " = Indirect(" : " = ")
        }

        func endAssignment(into p: inout CodePrinter) {
            if boxed { p.put(")") }
        }

        /// The value to encode: the storage only where the property is deprecated (reading it would warn).
        func putStoredValue(into p: inout CodePrinter) {
            p.put("self.")
            guard let storage, deprecated else {
                p.put(member)
                return
            }
            p.put(storage)
            if boxed { p.put(".value") }
        }
    }

    /// A struct with a memberwise initializer; `codable` false for multipart parts (File is not Codable).
    /// `specName` is the model's name in the spec (nil for multipart parts, which are never recursive);
    /// `names` the fields' Swift names from the name table.
    mutating func renderStruct(
        name: String, specName: String?, summary: String?, fields: [Field], names: [String], codable: Bool, into p: inout CodePrinter
    ) {
        let access = context.access
        let mutable = context.options.mutableModels
        var members: [Member] = []
        members.reserveCapacity(fields.count)
        for index in fields.indices {
            let swiftName = names[index]
            let typeRef = fields[index].type
            let boxed = specName.map { context.isIndirect(typeRef, in: $0) } ?? false
            let deprecated = fields[index].deprecated
            let type: String
            let unwrappedType: String
            if case .optional(let wrapped) = typeRef {
                unwrappedType = context.swiftType(wrapped)
                type = unwrappedType + "?"
            } else {
                type = context.swiftType(typeRef)
                unwrappedType = type
            }
            let member = Member(
                index: index, declared: Naming.escaped(swiftName), member: Naming.member(swiftName),
                type: type, unwrappedType: unwrappedType, optional: typeRef.isOptional, wireName: fields[index].wireName,
                parameterDefault: context.parameterDefault(fields[index].defaultValue, type: typeRef),
                deprecated: deprecated, storage: boxed || deprecated ? "_" + swiftName : nil, boxed: boxed)
            member.readOnly = fields[index].access == .readOnly
            member.dates = fields[index].dateEncoding.map(DateRendering.expression)
            members.append(member)
        }
        p.doc(summary)
        p.begin()
        p.put(context.typeModifiers)
        p.put("struct ")
        p.put(name)
        p.put(codable ? ": Codable, Hashable, Sendable" : ": Hashable, Sendable")
        if !members.isEmpty { p.put(", FieldwiseEquatable") }
        p.open()
        for item in members {
            p.doc(fields[item.index].summary)
            p.begin()
            if let storage = item.storage {
                if item.deprecated {
                    p.put(Self.deprecation(fields[item.index]))
                    p.end()
                    p.begin()
                }
                item.putDeclaration(access: access, mutable: mutable, into: &p)
                // A boxed value is stored in `Indirect`: a struct cannot contain itself directly.
                if mutable {
                    p.open()
                    p.begin()
                    p.put("get { ")
                    item.putStorageRead(into: &p)
                    p.end()
                    p.begin()
                    p.put("set { ")
                    p.put(storage)
                    p.put(item.boxed ? " = Indirect(newValue) }" : " = newValue }")
                    p.end()
                    p.close()
                } else {
                    p.put(" { ")
                    item.putStorageRead(into: &p)
                    p.end()
                }
                p.begin()
                p.put(mutable ? "private var " : "private let ")
                p.put(storage)
                p.put(": ")
                if item.boxed {
                    p.put("Indirect<")
                    p.put(item.type)
                    p.put(">")
                } else {
                    p.put(item.type)
                }
            } else {
                item.putDeclaration(access: access, mutable: mutable, into: &p)
            }
            p.end()
        }
        p.blank()
        // The memberwise initializer, with spec defaults.
        if members.isEmpty {
            p.line("\(access)init() {}")
        } else {
            p.begin()
            p.put(access)
            p.put("init(")
            for item in members {
                if item.index > 0 { p.put(", ") }
                p.put(item.declared)
                p.put(": ")
                p.put(item.type)
                if let value = item.parameterDefault {
                    p.put(" = ")
                    p.put(value)
                }
            }
            p.put(")")
            p.open()
            for item in members {
                p.begin()
                item.beginAssignment(into: &p)
                p.put(item.declared)
                item.endAssignment(into: &p)
                p.end()
            }
            p.close()
        }
        if codable {
            renderCoding(members, into: &p)
        }
        renderEquality(name: name, members, into: &p)
        p.close()
    }

    /// `init(from:)` and `encode(to:)` written out, with each wire name where its value is read or
    /// written: a default fills a missing key, and values in private storage are coded by their
    /// public key. Synthesized coding (a `CodingKeys` enum, derived bodies whose every `decode`
    /// call is resolved among twenty overloads) was a third of a large module's compile time; the
    /// runtime's `required`/`optional`/`put`/`putIfPresent` have one overload each.
    /// A struct without fields keeps the synthesized (empty) coding.
    private func renderCoding(_ members: [Member], into p: inout CodePrinter) {
        guard !members.isEmpty else { return }
        let access = context.access
        p.blank()
        p.begin()
        p.put(access)
        p.put("init(from decoder: any Decoder) throws")
        p.open()
        p.line("let container: KeyedDecodingContainer<WireKey> = try decoder.container(keyedBy: WireKey.self)")
        for item in members {
            // A default fills a missing key of a non-optional field (an optional one decodes as nil).
            let defaulted = item.optional ? nil : item.parameterDefault
            p.begin()
            item.beginAssignment(into: &p)
            p.put(item.optional || defaulted != nil ? "try container.optional(" : "try container.required(")
            p.put(item.unwrappedType)
            p.put(".self, ")
            p.putLiteral(item.wireName)
            if let dates = item.dates {
                p.put(", ")
                p.put(dates)
            }
            p.put(")")
            if let defaulted {
                p.put(" ?? ")
                p.put(defaulted)
            }
            item.endAssignment(into: &p)
            p.end()
        }
        p.close()
        p.blank()
        p.begin()
        p.put(access)
        p.put("func encode(to encoder: any Encoder) throws")
        p.open()
        p.line("var container: KeyedEncodingContainer<WireKey> = encoder.container(keyedBy: WireKey.self)")
        for item in members where !item.readOnly {
            p.begin()
            p.put(item.optional ? "try container.putIfPresent(" : "try container.put(")
            item.putStoredValue(into: &p)
            p.put(", ")
            p.putLiteral(item.wireName)
            if let dates = item.dates {
                p.put(", ")
                p.put(dates)
            }
            p.put(")")
            p.end()
        }
        p.close()
    }

    /// Equality over the stored properties, one `guard` each: the runtime's `fieldsEqual` is
    /// resolved at once, where the synthesized `==` resolves every comparison among all `==`
    /// overloads in scope (the most expensive declaration of a generated module to type-check).
    /// A method, not a `static func ==`: the runtime's `FieldwiseEquatable` turns it into `==`.
    /// `hash(into:)` stays synthesized (it combines the same stored properties) unless a field is
    /// named `hashValue`. A struct without fields keeps the synthesized `==`.
    private func renderEquality(name: String, _ members: [Member], into p: inout CodePrinter) {
        guard !members.isEmpty else { return }
        // A property named `fieldsEqual` would hide the function inside the type.
        let call = members.contains { $0.member == "fieldsEqual" } ? "guard EndpointRuntime.fieldsEqual(self." : "guard fieldsEqual(self."
        openEquality(name, into: &p)
        for item in members {
            let stored = item.storage ?? item.member
            p.begin()
            p.put(call)
            p.put(stored)
            p.put(", rhs.")
            p.put(stored)
            p.put(") else { return false }")
            p.end()
        }
        p.line("return true")
        p.close()
        // A stored `hashValue` would witness Hashable's deprecated requirement, and the
        // synthesized `hash(into:)` would hash that one field, with a deprecation warning.
        guard members.contains(where: { $0.member == "hashValue" }) else { return }
        p.blank()
        p.begin()
        p.put(context.access)
        p.put("func hash(into hasher: inout Hasher)")
        p.open()
        for item in members {
            p.begin()
            p.put("hasher.combine(self.")
            p.put(item.storage ?? item.member)
            p.put(")")
            p.end()
        }
        p.close()
    }

    /// An enum with a case per value and `unknown(raw)` for the rest. Lines of the case loops are
    /// written piece by piece (`begin`, `put`, `end`), like the struct's.
    mutating func renderEnum(_ model: Model, _ enumModel: EnumModel, into p: inout CodePrinter) {
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
    mutating func renderOneOf(_ model: Model, _ oneOf: OneOfModel, into p: inout CodePrinter) {
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
        p.begin()
        p.put(access)
        p.put("func encode(to encoder: any Encoder) throws")
        p.open()
        p.switchBlock("self") { p in
            for (variant, caseName) in zip(oneOf.variants, names) {
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
                    putValue(variant.value, into: &p)
                    p.put(", ")
                    p.putLiteral(oneOf.discriminator)
                    p.put(")")
                    p.end()
                }
            }
            p.line("case .unknown(let value):")
            p.indented { p in p.line("try value.encode(to: encoder)") }
        }
        p.close()
        renderCaseEquality(name: context.names.typeName(model.name), cases: names.map(Naming.member) + ["unknown"], into: &p)
        p.close()
    }

    /// An enum with a case per type, decoded as the first case that decodes (`try?` on a
    /// single-value container, in the spec's order) and encoded as its value alone. `indirect`, as
    /// a case's type may contain the model again.
    mutating func renderUnion(_ model: Model, _ union: UnionModel, into p: inout CodePrinter) {
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
        p.switchBlock("self") { p in
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

    /// `public func hasEqualFields(_ rhs: Name) -> Bool {`, after a blank line. Each model
    /// declaring a `static func ==` made every file of the module that compares anything depend on
    /// every models file (operators are looked up module-wide, and the compiler's dependency graph
    /// records `==` without a fingerprint): adding a field to one model of GitHub's module rebuilt
    /// 46 of its 96 files; with the method, the 3 that use the model.
    private func openEquality(_ name: String, into p: inout CodePrinter) {
        p.blank()
        p.begin()
        p.put(context.access)
        p.put("func hasEqualFields(_ rhs: ")
        p.put(name)
        p.put(") -> Bool")
        p.open()
    }

    /// `==` of an enum whose cases each hold one value: the same case, and `fieldsEqual` on the
    /// values. The synthesized `==` resolves each comparison among every `==` in scope: for the
    /// `oneOf` models of OpenAI's document it was 13.8 s of the module's 23.3 s of function
    /// bodies (a 60-case enum took 0.7 s). `hash(into:)` stays synthesized; it hashes the same.
    private func renderCaseEquality(name: String, cases: [String], into p: inout CodePrinter) {
        // A case named `fieldsEqual` would hide the function inside the type.
        let call = cases.contains("fieldsEqual") ? "EndpointRuntime.fieldsEqual" : "fieldsEqual"
        openEquality(name, into: &p)
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

    /// `@available(*, deprecated)`, with the spec's message when it gave one.
    static func deprecation(_ field: Field) -> String {
        guard let message = field.deprecationMessage else { return "@available(*, deprecated)" }
        return "@available(*, deprecated, message: \(SwiftLiteral.string(message)))"
    }

}
