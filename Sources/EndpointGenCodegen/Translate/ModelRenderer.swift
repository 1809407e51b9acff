import EndpointGenSpec

/// Renders structs and enums for models.
struct ModelRenderer {
    let context: Context

    /// The model's type, and the extension of its equality after it.
    func declarations(_ model: Model) -> [Declaration] {
        switch model.kind {
        case .structure(let fields):
            return structDeclarations(
                name: context.names.typeName(model.name), specName: model.name, summary: model.summary, fields: fields,
                names: context.names.memberNames(model.name), codable: true)
        case .enumeration(let enumModel):
            return [enumDeclaration(model, enumModel)]
        case .oneOf(let oneOf):
            return oneOfDeclarations(model, oneOf)
        case .union(let union):
            return unionDeclarations(model, union)
        }
    }

    /// One field's spellings, computed once: they are used in up to seven places.
    struct Member {
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
        let readOnly: Bool
        /// The field's own date encoding (`.epochSeconds`), passed to the runtime's coding helpers;
        /// nil leaves dates to the coder's strategy (ISO 8601, or the service's `dateEncoding`).
        let dates: String?

        /// What is stored, after `self.` (or `_storage.`): the private storage, else the property.
        var stored: String { storage ?? member }

        /// `Indirect(` and `)` around a value assigned to boxed storage; nothing otherwise.
        var box: StaticString { boxed ? "Indirect(" : "" }
        var unbox: StaticString { boxed ? ")" : "" }

        /// The value to encode, after `self.` (or `_storage.` in a model with storage): the
        /// private property only where the public one is deprecated (reading it would warn).
        var encoded: String {
            guard let storage, deprecated else { return member }
            return boxed ? storage + ".value" : storage
        }
    }

    /// `a: A, b: B = 1`: the parameters of a memberwise initializer, defaults when asked.
    static func initParameters(_ members: [Member], defaults: Bool) -> CodeLine {
        "\(members, each: { "\($0.declared): \($0.type)\(prefix: " = ", defaults ? $0.parameterDefault : nil)" })"
    }

    /// A struct with a memberwise initializer, and its equality; `codable` false for multipart
    /// parts (File is not Codable). `specName` is the model's name in the spec (nil for multipart
    /// parts, which are never recursive); `names` the fields' Swift names from the name table.
    func structDeclarations(
        name: String, specName: String?, summary: String?, fields: [Field], names: [String], codable: Bool
    ) -> [Declaration] {
        if codable, specName != nil, usesStorage(fields) {
            let members = structMembers(specName: nil, fields: fields, names: names, inStorage: true)
            return structWithStorage(name: name, summary: summary, fields: fields, members: members)
        }
        let members = structMembers(specName: specName, fields: fields, names: names)
        let conformances: StaticString = codable ? ": Codable, Hashable, Sendable" : ": Hashable, Sendable"
        let mirrored = members.contains { $0.storage != nil } && Self.reflects(members)
        var body: [Declaration] = []
        for item in members {
            body += storedProperty(item, field: fields[item.index])
        }
        body.append(memberwiseInit(members, access: context.access, defaults: true))
        if codable, !members.isEmpty {
            body.append(decoding(members, access: context.access))
            body.append(encoding(members, base: "self."))
        }
        if members.contains(where: { $0.member == "hashValue" }) {
            // `hash(into:)` stays synthesized (it combines the same stored properties) unless a
            // field is named `hashValue`: a stored `hashValue` would witness Hashable's deprecated
            // requirement, and the synthesized `hash(into:)` would hash that one field, with a
            // deprecation warning.
            body.append(hashing(members, base: "self."))
        }
        if mirrored { body.append(fieldMirror(members)) }
        let type = Declaration(
            doc: [summary], access: .written(context.typeModifiers),
            "struct \(name)\(conformances)\(if: mirrored, ", Swift.CustomReflectable")", body: .members(body))
        // A struct without fields keeps the synthesized `==`.
        guard !members.isEmpty else { return [type] }
        return [type, equality(name) { p in renderFieldComparisons(members, base: "", into: &p) }]
    }

    /// Each field's Swift names and types, and whether it is stored privately (boxed or deprecated).
    /// `inStorage`: the fields of a model with storage (`structWithStorage`), stored as they
    /// are in its class (which breaks cycles of models and keeps deprecated fields out of sight).
    func structMembers(specName: String?, fields: [Field], names: [String], inStorage: Bool = false) -> [Member] {
        var members: [Member] = []
        members.reserveCapacity(fields.count)
        for index in fields.indices {
            let swiftName = names[index]
            let typeRef = fields[index].type
            let boxed = specName.map { context.isIndirect(typeRef, in: $0) } ?? false
            let deprecated = fields[index].deprecation != nil
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
                deprecated: deprecated, storage: !inStorage && (boxed || deprecated) ? "_" + swiftName : nil, boxed: boxed,
                readOnly: fields[index].access == .readOnly, dates: fields[index].dateEncoding.map(DateRendering.expression))
            members.append(member)
        }
        return members
    }

    /// One stored property: public as declared, or a computed accessor over private (perhaps
    /// boxed) storage, and the storage. Stored properties follow each other without blank lines.
    private func storedProperty(_ item: Member, field: Field) -> [Declaration] {
        let api = Declaration.Access.written(context.access)
        let mutable = context.options.mutableModels
        guard let storage = item.storage else {
            return [Declaration(doc: [field.summary], access: api, "\(mutable ? "var " : "let " as StaticString)\(item.declared): \(item.type)", tight: true)]
        }
        let attributes = Attributes.deprecation(field.deprecation)
        // A boxed value is stored in `Indirect`: a struct cannot contain itself directly.
        let read: CodeLine = "\(storage)\(if: item.boxed, ".value")"
        let accessor: Declaration
        if mutable {
            accessor = Declaration(doc: [field.summary], attributes: attributes, access: api, "var \(item.declared): \(item.type)", body: .statements { p in
                p.line("get { \(read) }")
                p.line("set { \(storage) = \(item.box)newValue\(item.unbox) }")
            }, tight: true)
        } else {
            accessor = Declaration(doc: [field.summary], attributes: attributes, access: api, "var \(item.declared): \(item.type) { \(read) }", tight: true)
        }
        let keyword: StaticString = mutable ? "var " : "let "
        let type: CodeLine = item.boxed ? "Indirect<\(item.type)>" : "\(item.type)"
        return [accessor, Declaration(access: .written("private "), "\(keyword)\(storage): \(type)", tight: true)]
    }

    /// The memberwise initializer, with spec defaults when `defaults`.
    func memberwiseInit(_ members: [Member], access: String, defaults: Bool) -> Declaration {
        if members.isEmpty {
            return Declaration(access: .written(access), "init() {}")
        }
        return Declaration(access: .written(access), "init(\(Self.initParameters(members, defaults: defaults)))", body: .statements { p in
            for item in members {
                p.line("self.\(item.stored) = \(item.box)\(item.declared)\(item.unbox)")
            }
        })
    }

    /// `init(from:)` written out, with each wire name where its value is read: a default fills a
    /// missing key, and values in private storage are decoded by their public key. Synthesized
    /// coding (a `CodingKeys` enum, derived bodies whose every `decode` call is resolved among
    /// twenty overloads) was a third of a large module's compile time; the runtime's
    /// `required`/`optional`/`put`/`putIfPresent` have one overload each. A struct without fields
    /// keeps the synthesized (empty) coding.
    func decoding(_ members: [Member], access: String) -> Declaration {
        Declaration(access: .written(access), "init(from decoder: any Decoder) throws", body: .statements { p in
            p.line("let container: KeyedDecodingContainer<WireKey> = try decoder.container(keyedBy: WireKey.self)")
            for item in members {
                // A default fills a missing key of a non-optional field (an optional one decodes as nil).
                let defaulted = item.optional ? nil : item.parameterDefault
                let read: StaticString = item.optional || defaulted != nil ? "optional" : "required"
                p.line("self.\(item.stored) = \(item.box)try container.\(read)(\(item.unwrappedType).self, \(literal: item.wireName)\(prefix: ", ", item.dates))\(prefix: " ?? ", defaulted)\(item.unbox)")
            }
        })
    }

    /// `encode(to:)` written out, each value read from `base` (`self.` or `_storage.`) and written
    /// under its wire name; read-only fields are not sent.
    func encoding(_ members: [Member], base: String) -> Declaration {
        Declaration(access: .written(context.access), "func encode(to encoder: any Encoder) throws", body: .statements { p in
            p.line("var container: KeyedEncodingContainer<WireKey> = encoder.container(keyedBy: WireKey.self)")
            for item in members where !item.readOnly {
                let write: StaticString = item.optional ? "putIfPresent" : "put"
                p.line("try container.\(write)(\(base)\(item.encoded), \(literal: item.wireName)\(prefix: ", ", item.dates))")
            }
        })
    }

    /// `guard fieldsEqual(self.x, rhs.x) else { return false }` per field, then `return true`;
    /// `base` is `""` for the stored properties or `_storage.` for a model with storage.
    func renderFieldComparisons(_ members: [Member], base: String, into p: inout CodePrinter) {
        // A property named `fieldsEqual` would hide the function inside the type.
        let call: StaticString = members.contains { $0.member == "fieldsEqual" } ? "EndpointRuntime.fieldsEqual" : "fieldsEqual"
        for item in members {
            p.line("guard \(call)(self.\(base)\(item.stored), rhs.\(base)\(item.stored)) else { return false }")
        }
        p.line("return true")
    }

    /// `hash(into:)` combining each field, read from `base` (`self.` or `_storage.`).
    func hashing(_ members: [Member], base: String) -> Declaration {
        Declaration(access: .written(context.access), "func hash(into hasher: inout Hasher)", body: .statements { p in
            for item in members {
                p.line("hasher.combine(\(base)\(item.stored))")
            }
        })
    }

    /// Equality over the stored properties (or cases), after the type: `@_spi(Generated) extension
    /// Name: FieldwiseEquatable` with `public func hasEqualFields(_ rhs: Name) -> Bool`, whose
    /// statements `comparisons` writes, one `guard` per field calling the runtime's `fieldsEqual`.
    /// That function is resolved at once, where the synthesized `==` resolves every comparison
    /// among all `==` overloads in scope (the most expensive declaration of a generated module to
    /// type-check). A method, not a `static func ==`: each model declaring a `static func ==` made
    /// every file of the module that compares anything depend on every models file (operators
    /// are looked up module-wide, and the compiler's dependency graph records `==` without a
    /// fingerprint): adding a field to one model of GitHub's module rebuilt 46 of its 96 files;
    /// with the method, the 3 that use the model. The runtime's `FieldwiseEquatable` turns it into
    /// `==`. That protocol is SPI, which a public conformance cannot name: the extension of a
    /// public model is SPI too, so an app sees `==` and not the method.
    func equality(_ name: String, _ comparisons: @escaping (inout CodePrinter) -> Void) -> Declaration {
        let method = Declaration(access: .written(context.access), "func hasEqualFields(_ rhs: \(name)) -> Bool", body: .statements(comparisons))
        return Declaration(
            "\(if: !context.access.isEmpty, "@_spi(Generated) ")extension \(name): FieldwiseEquatable", body: .members([method]), isExtension: true)
    }

}
