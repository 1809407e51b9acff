import EndpointGenSpec

/// Renders structs and enums for models.
struct ModelRenderer {
    var context: Context

    mutating func render(_ model: Model, into p: inout CodePrinter) {
        switch model.kind {
        case .structure(let fields):
            renderStruct(name: Naming.typeName(model.name), specName: model.name, summary: model.summary, fields: fields, codable: true, into: &p)
        case .enumeration(let enumModel):
            renderEnum(model, enumModel, into: &p)
        }
    }

    /// One field's spellings, computed once: they are used in up to six places.
    private struct Member {
        var field: Field
        /// As declared and as a parameter label: `default`, `self_`.
        var declared: String
        /// After `self.` and `.` (CodingKeys): `default`, `self_`.
        var member: String
        var type: String
        /// The private stored property behind a computed one, `_name`: for a field that closes a
        /// cycle of models (boxed in `Indirect`) or a deprecated field (so that the generated
        /// initializers and coding, which use the storage, raise no deprecation warnings).
        var storage: String?
        var boxed: Bool

        /// `self.x = value`, or into the storage (boxed when needed).
        func assignment(_ value: String) -> String {
            guard let storage else { return "self.\(member) = \(value)" }
            return boxed ? "self.\(storage) = Indirect(\(value))" : "self.\(storage) = \(value)"
        }

        /// The value to encode: the storage only where the property is deprecated (reading it would warn).
        var storedValue: String {
            guard let storage, field.deprecated else { return "self." + member }
            return boxed ? "self.\(storage).value" : "self." + storage
        }
    }

    /// A struct with a memberwise initializer; `codable` false for multipart parts (File is not Codable).
    /// `specName` is the model's name in the spec (nil for multipart parts, which are never recursive).
    mutating func renderStruct(name: String, specName: String?, summary: String?, fields: [Field], codable: Bool, into p: inout CodePrinter) {
        let access = context.access
        let names = context.fieldNames(fields, in: "'\(name)'")
        var members: [Member] = []
        members.reserveCapacity(fields.count)
        for (field, swiftName) in zip(fields, names) {
            let boxed = specName.map { context.isIndirect(field, in: $0) } ?? false
            let stored = boxed || field.deprecated
            members.append(Member(field: field, declared: Naming.escaped(swiftName), member: Naming.member(swiftName),
                                  type: context.swiftType(field.type), storage: stored ? "_" + swiftName : nil, boxed: boxed))
        }
        let stored = members.indices.filter { members[$0].storage != nil }
        if !stored.isEmpty {
            context.checkStorageNames(fields, names, stored: stored, in: "'\(name)'")
        }
        let conformances = codable ? "Codable, Hashable, Sendable" : "Hashable, Sendable"
        p.doc(summary)
        p.block("\(context.typeModifiers)struct \(name): \(conformances)") { p in
            for item in members {
                p.doc(item.field.summary)
                if let storage = item.storage {
                    if item.field.deprecated {
                        p.line(text: Self.deprecation(item.field))
                    }
                    p.block("\(access)var \(item.declared): \(item.type)") { p in
                        if item.boxed {
                            // Stored in a box: a struct cannot contain itself directly.
                            p.line("get { \(storage).value }")
                            p.line("set { \(storage) = Indirect(newValue) }")
                        } else {
                            p.line("get { \(storage) }")
                            p.line("set { \(storage) = newValue }")
                        }
                    }
                    p.line(text: item.boxed ? "private var \(storage): Indirect<\(item.type)>" : "private var \(storage): \(item.type)")
                } else {
                    p.line("\(access)var \(item.declared): \(item.type)")
                }
            }
            p.blank()
            // The memberwise initializer, with spec defaults.
            if members.isEmpty {
                p.line("\(access)init() {}")
            } else {
                var signature = access + "init("
                for (index, item) in members.enumerated() {
                    if index > 0 { signature += ", " }
                    signature += item.declared + ": " + item.type
                    if let value = context.parameterDefault(item.field) { signature += " = " + value }
                }
                p.block("\(signature))") { p in
                    for item in members {
                        if item.storage != nil {
                            p.line(text: item.assignment(item.declared))
                        } else {
                            p.line("self.\(item.member) = \(item.declared)")
                        }
                    }
                }
            }
            guard codable else { return }
            // Fields kept in private storage are coded by hand: the keys name the public properties.
            let hasStorage = members.contains { $0.storage != nil }
            let needsKeys = members.contains { $0.field.wireName != $0.member }
            let defaulted = fields.contains { $0.defaultValue != nil && !$0.type.isOptional }
            if needsKeys || defaulted || hasStorage {
                p.blank()
                p.block("enum CodingKeys: String, CodingKey") { p in
                    for item in members {
                        if item.field.wireName == item.member {
                            p.line("case \(item.declared)")
                        } else {
                            p.line("case \(item.declared) = \(SwiftLiteral.string(item.field.wireName))")
                        }
                    }
                }
            }
            if defaulted || hasStorage {
                // A missing key takes the spec default instead of failing the decode; stored fields go to their storage.
                p.blank()
                p.block("\(access)init(from decoder: any Decoder) throws") { p in
                    p.line("let container: KeyedDecodingContainer<CodingKeys> = try decoder.container(keyedBy: CodingKeys.self)")
                    for item in members {
                        let member = item.member
                        let decode: String
                        if item.field.type.isOptional {
                            decode = "try container.decodeIfPresent(\(context.swiftType(item.field.type.unwrapped)).self, forKey: .\(member))"
                        } else if let value = item.field.defaultValue {
                            decode = "try container.decodeIfPresent(\(item.type).self, forKey: .\(member)) ?? \(context.defaultExpression(value, type: item.field.type))"
                        } else {
                            decode = "try container.decode(\(item.type).self, forKey: .\(member))"
                        }
                        p.line(text: item.assignment(decode))
                    }
                }
            }
            if hasStorage {
                // Written out because some values are stored under other names than their keys.
                p.blank()
                p.block("\(access)func encode(to encoder: any Encoder) throws") { p in
                    p.line("var container: KeyedEncodingContainer<CodingKeys> = encoder.container(keyedBy: CodingKeys.self)")
                    for item in members {
                        let method = item.field.type.isOptional ? "encodeIfPresent" : "encode"
                        p.line("try container.\(method)(\(item.storedValue), forKey: .\(item.member))")
                    }
                }
            }
        }
    }

    mutating func renderEnum(_ model: Model, _ enumModel: EnumModel, into p: inout CodePrinter) {
        let access = context.access
        let name = Naming.typeName(model.name)
        let names = context.caseNames(enumModel, in: model.name)
        let raw = enumModel.rawType == .int ? "Int" : "String"
        // Codable comes from the standard library's RawRepresentable defaults, which call
        // `init(rawValue:)`; it never fails here, so unknown values decode to `.unknown`.
        p.doc(model.summary)
        p.block("\(context.typeModifiers)enum \(name): RawRepresentable, Codable, Hashable, Sendable, ParameterValue") { p in
            for caseName in names {
                p.line("case \(Naming.escaped(caseName))")
            }
            p.doc("A value this version of the API description does not know, kept as it arrived.")
            p.line("case unknown(\(raw))")
            p.blank()
            p.block("\(access)init(rawValue: \(raw))") { p in
                p.switchBlock("rawValue") { p in
                    for (item, caseName) in zip(enumModel.cases, names) {
                        p.line("case \(literal(item.value, raw: enumModel.rawType)): self = .\(Naming.member(caseName))")
                    }
                    p.line("default: self = .unknown(rawValue)")
                }
            }
            p.blank()
            p.block("\(access)var rawValue: \(raw)") { p in
                p.switchBlock("self") { p in
                    for (item, caseName) in zip(enumModel.cases, names) {
                        p.line("case .\(Naming.member(caseName)): return \(literal(item.value, raw: enumModel.rawType))")
                    }
                    p.line("case .unknown(let value): return value")
                }
            }
        }
    }

    /// `@available(*, deprecated)`, with the spec's message when it gave one.
    static func deprecation(_ field: Field) -> String {
        guard let message = field.deprecationMessage else { return "@available(*, deprecated)" }
        return "@available(*, deprecated, message: \(SwiftLiteral.string(message)))"
    }

    private func literal(_ value: String, raw: EnumModel.RawType) -> String {
        raw == .int ? value : SwiftLiteral.string(value)
    }
}
