import EndpointGenSpec

/// Renders structs and enums for models.
struct ModelRenderer {
    let context: Context

    func render(_ model: Model, into p: inout CodePrinter) {
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
    final class Member {
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

        /// The value to encode, read from `base` (`self.`, or `_storage.` in a model with storage):
        /// the private property only where the public one is deprecated (reading it would warn).
        func putStoredValue(base: String, into p: inout CodePrinter) {
            p.put(base)
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
    func renderStruct(
        name: String, specName: String?, summary: String?, fields: [Field], names: [String], codable: Bool, into p: inout CodePrinter
    ) {
        if codable, specName != nil, usesStorage(fields) {
            let members = structMembers(specName: nil, fields: fields, names: names, inStorage: true)
            renderStructWithStorage(name: name, summary: summary, fields: fields, members: members, into: &p)
            return
        }
        let members = structMembers(specName: specName, fields: fields, names: names)
        p.doc(summary)
        p.begin()
        p.put(context.typeModifiers)
        p.put("struct ")
        p.put(name)
        p.put(codable ? ": Codable, Hashable, Sendable" : ": Hashable, Sendable")
        if !members.isEmpty { p.put(", FieldwiseEquatable") }
        let mirrored = members.contains { $0.storage != nil } && Self.reflects(members)
        if mirrored { p.put(", Swift.CustomReflectable") }
        p.open()
        for item in members {
            renderStoredProperty(item, field: fields[item.index], into: &p)
        }
        p.blank()
        renderMemberwiseInit(members, access: context.access, defaults: true, into: &p)
        if codable, !members.isEmpty {
            p.blank()
            renderDecoding(members, access: context.access, into: &p)
            p.blank()
            renderEncoding(members, base: "self.", into: &p)
        }
        renderEquality(name: name, members, into: &p)
        if mirrored { renderFieldMirror(members, into: &p) }
        p.close()
    }

    /// Each field's Swift names and types, and whether it is stored privately (boxed or deprecated).
    /// `inStorage`: the fields of a model with storage (`renderStructWithStorage`), stored as they
    /// are in its class (which breaks cycles of models and keeps deprecated fields out of sight).
    func structMembers(specName: String?, fields: [Field], names: [String], inStorage: Bool = false) -> [Member] {
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
                deprecated: deprecated, storage: !inStorage && (boxed || deprecated) ? "_" + swiftName : nil, boxed: boxed)
            member.readOnly = fields[index].access == .readOnly
            member.dates = fields[index].dateEncoding.map(DateRendering.expression)
            members.append(member)
        }
        return members
    }

    /// One stored property: public as declared, or a computed accessor over private (perhaps boxed) storage.
    private func renderStoredProperty(_ item: Member, field: Field, into p: inout CodePrinter) {
        let access = context.access
        let mutable = context.options.mutableModels
        p.doc(field.summary)
        p.begin()
        if let storage = item.storage {
            if item.deprecated {
                p.put(Self.deprecation(field))
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

    /// The memberwise initializer, with spec defaults when `defaults`.
    /// `init(a: A, b: B = 1)`: the parameters of a memberwise initializer, defaults when asked.
    func putInitSignature(_ members: [Member], access: String, defaults: Bool, into p: inout CodePrinter) {
        p.put(access)
        p.put("init(")
        for item in members {
            if item.index > 0 { p.put(", ") }
            p.put(item.declared)
            p.put(": ")
            p.put(item.type)
            if defaults, let value = item.parameterDefault {
                p.put(" = ")
                p.put(value)
            }
        }
        p.put(")")
    }

    func renderMemberwiseInit(_ members: [Member], access: String, defaults: Bool, into p: inout CodePrinter) {
        if members.isEmpty {
            p.line("\(access)init() {}")
        } else {
            p.begin()
            putInitSignature(members, access: access, defaults: defaults, into: &p)
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
    }

    /// `init(from:)` written out, with each wire name where its value is read: a default fills a
    /// missing key, and values in private storage are decoded by their public key. Synthesized
    /// coding (a `CodingKeys` enum, derived bodies whose every `decode` call is resolved among
    /// twenty overloads) was a third of a large module's compile time; the runtime's
    /// `required`/`optional`/`put`/`putIfPresent` have one overload each. A struct without fields
    /// keeps the synthesized (empty) coding.
    func renderDecoding(_ members: [Member], access: String, into p: inout CodePrinter) {
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
    }

    /// `encode(to:)` written out, each value read from `base` (`self.` or `_storage.`) and written
    /// under its wire name; read-only fields are not sent.
    func renderEncoding(_ members: [Member], base: String, into p: inout CodePrinter) {
        p.begin()
        p.put(context.access)
        p.put("func encode(to encoder: any Encoder) throws")
        p.open()
        p.line("var container: KeyedEncodingContainer<WireKey> = encoder.container(keyedBy: WireKey.self)")
        for item in members where !item.readOnly {
            p.begin()
            p.put(item.optional ? "try container.putIfPresent(" : "try container.put(")
            item.putStoredValue(base: base, into: &p)
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
        openEquality(name, into: &p)
        putFieldComparisons(members, base: "", into: &p)
        p.close()
        // A stored `hashValue` would witness Hashable's deprecated requirement, and the
        // synthesized `hash(into:)` would hash that one field, with a deprecation warning.
        guard members.contains(where: { $0.member == "hashValue" }) else { return }
        p.blank()
        renderHashing(members, base: "self.", into: &p)
    }

    /// `guard fieldsEqual(self.x, rhs.x) else { return false }` per field, then `return true`;
    /// `base` is `""` for the stored properties or `_storage.` for a model with storage.
    func putFieldComparisons(_ members: [Member], base: String, into p: inout CodePrinter) {
        // A property named `fieldsEqual` would hide the function inside the type.
        let call = members.contains { $0.member == "fieldsEqual" } ? "guard EndpointRuntime.fieldsEqual(self." : "guard fieldsEqual(self."
        for item in members {
            let stored = base + (item.storage ?? item.member)
            p.begin()
            p.put(call)
            p.put(stored)
            p.put(", rhs.")
            p.put(stored)
            p.put(") else { return false }")
            p.end()
        }
        p.line("return true")
    }

    /// `hash(into:)` combining each field, read from `base` (`self.` or `_storage.`).
    func renderHashing(_ members: [Member], base: String, into p: inout CodePrinter) {
        p.begin()
        p.put(context.access)
        p.put("func hash(into hasher: inout Hasher)")
        p.open()
        for item in members {
            p.begin()
            p.put("hasher.combine(")
            p.put(base)
            p.put(item.storage ?? item.member)
            p.put(")")
            p.end()
        }
        p.close()
    }

    /// `public func hasEqualFields(_ rhs: Name) -> Bool {`, after a blank line. Each model
    /// declaring a `static func ==` made every file of the module that compares anything depend on
    /// every models file (operators are looked up module-wide, and the compiler's dependency graph
    /// records `==` without a fingerprint): adding a field to one model of GitHub's module rebuilt
    /// 46 of its 96 files; with the method, the 3 that use the model.
    func openEquality(_ name: String, into p: inout CodePrinter) {
        p.blank()
        p.begin()
        p.put(context.access)
        p.put("func hasEqualFields(_ rhs: ")
        p.put(name)
        p.put(") -> Bool")
        p.open()
    }

    /// `@available(*, deprecated)`, with the spec's message when it gave one.
    static func deprecation(_ field: Field) -> String {
        guard let message = field.deprecationMessage else { return "@available(*, deprecated)" }
        return "@available(*, deprecated, message: \(SwiftLiteral.string(message)))"
    }

}
