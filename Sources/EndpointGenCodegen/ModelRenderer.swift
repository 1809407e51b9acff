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
    struct InitParameters: LinePiece {
        let members: [Member]
        let defaults: Bool
        var isEmpty: Bool { members.isEmpty }

        func write(into line: inout CodeLine.Interpolation) {
            line.appendList(members) { line, item in
                line.appendInterpolation(item.declared)
                line.appendLiteral(": ")
                line.appendInterpolation(item.type)
                if defaults { line.appendInterpolation(prefix: " = ", item.parameterDefault) }
            }
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
        let conformances: StaticString = codable ? ": Codable, Hashable, Sendable" : ": Hashable, Sendable"
        let mirrored = members.contains { $0.storage != nil } && Self.reflects(members)
        p.block("\(context.typeModifiers)struct \(name)\(conformances)\(if: mirrored, ", Swift.CustomReflectable")") { p in
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
            renderStoredHashValueHashing(members, into: &p)
            if mirrored { renderFieldMirror(members, into: &p) }
        }
        renderEquality(name: name, members, into: &p)
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
        guard let storage = item.storage else {
            p.line("\(access)\(mutable ? "var " : "let " as StaticString)\(item.declared): \(item.type)")
            return
        }
        if item.deprecated { p.line(text: Self.deprecation(field)) }
        // A boxed value is stored in `Indirect`: a struct cannot contain itself directly.
        let read: CodeLine = "\(storage)\(if: item.boxed, ".value")"
        if mutable {
            p.block("\(access)var \(item.declared): \(item.type)") { p in
                p.line("get { \(read) }")
                p.line("set { \(storage) = \(item.box)newValue\(item.unbox) }")
            }
        } else {
            p.line("\(access)var \(item.declared): \(item.type) { \(read) }")
        }
        let keyword: StaticString = mutable ? "private var " : "private let "
        if item.boxed {
            p.line("\(keyword)\(storage): Indirect<\(item.type)>")
        } else {
            p.line("\(keyword)\(storage): \(item.type)")
        }
    }

    /// The memberwise initializer, with spec defaults when `defaults`.
    func renderMemberwiseInit(_ members: [Member], access: String, defaults: Bool, into p: inout CodePrinter) {
        if members.isEmpty {
            p.line("\(access)init() {}")
            return
        }
        p.block("\(access)init(\(InitParameters(members: members, defaults: defaults)))") { p in
            for item in members {
                p.line("self.\(item.stored) = \(item.box)\(item.declared)\(item.unbox)")
            }
        }
    }

    /// `init(from:)` written out, with each wire name where its value is read: a default fills a
    /// missing key, and values in private storage are decoded by their public key. Synthesized
    /// coding (a `CodingKeys` enum, derived bodies whose every `decode` call is resolved among
    /// twenty overloads) was a third of a large module's compile time; the runtime's
    /// `required`/`optional`/`put`/`putIfPresent` have one overload each. A struct without fields
    /// keeps the synthesized (empty) coding.
    func renderDecoding(_ members: [Member], access: String, into p: inout CodePrinter) {
        p.block("\(access)init(from decoder: any Decoder) throws") { p in
            p.line("let container: KeyedDecodingContainer<WireKey> = try decoder.container(keyedBy: WireKey.self)")
            for item in members {
                // A default fills a missing key of a non-optional field (an optional one decodes as nil).
                let defaulted = item.optional ? nil : item.parameterDefault
                let read: StaticString = item.optional || defaulted != nil ? "optional" : "required"
                p.line("self.\(item.stored) = \(item.box)try container.\(read)(\(item.unwrappedType).self, \(literal: item.wireName)\(prefix: ", ", item.dates))\(prefix: " ?? ", defaulted)\(item.unbox)")
            }
        }
    }

    /// `encode(to:)` written out, each value read from `base` (`self.` or `_storage.`) and written
    /// under its wire name; read-only fields are not sent.
    func renderEncoding(_ members: [Member], base: String, into p: inout CodePrinter) {
        p.block("\(context.access)func encode(to encoder: any Encoder) throws") { p in
            p.line("var container: KeyedEncodingContainer<WireKey> = encoder.container(keyedBy: WireKey.self)")
            for item in members where !item.readOnly {
                let write: StaticString = item.optional ? "putIfPresent" : "put"
                p.line("try container.\(write)(\(base)\(item.encoded), \(literal: item.wireName)\(prefix: ", ", item.dates))")
            }
        }
    }

    /// Equality over the stored properties, one `guard` each, after the struct: the runtime's
    /// `fieldsEqual` is resolved at once, where the synthesized `==` resolves every comparison
    /// among all `==` overloads in scope (the most expensive declaration of a generated module to
    /// type-check). A method, not a `static func ==`: the runtime's `FieldwiseEquatable` turns it
    /// into `==`. A struct without fields keeps the synthesized `==`.
    private func renderEquality(name: String, _ members: [Member], into p: inout CodePrinter) {
        guard !members.isEmpty else { return }
        openEquality(name, into: &p)
        renderFieldComparisons(members, base: "", into: &p)
        closeEquality(into: &p)
    }

    /// `hash(into:)` stays synthesized (it combines the same stored properties) unless a field is
    /// named `hashValue`: a stored `hashValue` would witness Hashable's deprecated requirement,
    /// and the synthesized `hash(into:)` would hash that one field, with a deprecation warning.
    private func renderStoredHashValueHashing(_ members: [Member], into p: inout CodePrinter) {
        guard members.contains(where: { $0.member == "hashValue" }) else { return }
        p.blank()
        renderHashing(members, base: "self.", into: &p)
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
    func renderHashing(_ members: [Member], base: String, into p: inout CodePrinter) {
        p.block("\(context.access)func hash(into hasher: inout Hasher)") { p in
            for item in members {
                p.line("hasher.combine(\(base)\(item.stored))")
            }
        }
    }

    /// After the type and a blank line: `@_spi(Generated) extension Name: FieldwiseEquatable {`
    /// and `public func hasEqualFields(_ rhs: Name) -> Bool {`. Each model declaring a
    /// `static func ==` made every file of the module that compares anything depend on every
    /// models file (operators are looked up module-wide, and the compiler's dependency graph
    /// records `==` without a fingerprint): adding a field to one model of GitHub's module rebuilt
    /// 46 of its 96 files; with the method, the 3 that use the model. The runtime's protocol is
    /// SPI, which a public conformance cannot name: the extension of a public model is SPI too,
    /// so an app sees `==` and not the method.
    func openEquality(_ name: String, into p: inout CodePrinter) {
        p.blank()
        p.open("\(if: !context.access.isEmpty, "@_spi(Generated) ")extension \(name): FieldwiseEquatable")
        p.open("\(context.access)func hasEqualFields(_ rhs: \(name)) -> Bool")
    }

    /// Closes what `openEquality` opened.
    func closeEquality(into p: inout CodePrinter) {
        p.close()
        p.close()
    }

    /// `@available(*, deprecated)`, with the spec's message when it gave one.
    static func deprecation(_ field: Field) -> String {
        guard let message = field.deprecationMessage else { return "@available(*, deprecated)" }
        return "@available(*, deprecated, message: \(SwiftLiteral.string(message)))"
    }

}
