import EndpointGenSpec

/// Renders structs and enums for models.
struct ModelRenderer {
    var context: Context

    mutating func render(_ model: Model, into p: inout CodePrinter) {
        switch model.kind {
        case .structure(let fields):
            renderStruct(name: Naming.typeName(model.name), summary: model.summary, fields: fields, codable: true, into: &p)
        case .enumeration(let enumModel):
            renderEnum(model, enumModel, into: &p)
        }
    }

    /// A struct with a memberwise initializer; `codable` false for multipart parts (File is not Codable).
    mutating func renderStruct(name: String, summary: String?, fields: [Field], codable: Bool, into p: inout CodePrinter) {
        let access = context.access
        let names = context.fieldNames(fields, in: "'\(name)'")
        let conformances = codable ? "Codable, Hashable, Sendable" : "Hashable, Sendable"
        p.doc(summary)
        p.block("\(access)struct \(name): \(conformances)") { p in
            for (field, swiftName) in zip(fields, names) {
                p.doc(field.summary, field.deprecated ? "Deprecated." : nil)
                p.line("\(access)var \(Naming.escaped(swiftName)): \(context.swiftType(field.type))")
            }
            p.blank()
            // The memberwise initializer, with spec defaults.
            let parameters = zip(fields, names).map { field, swiftName -> String in
                var parameter = "\(Naming.escaped(swiftName)): \(context.swiftType(field.type))"
                if let value = context.parameterDefault(field) { parameter += " = \(value)" }
                return parameter
            }
            if parameters.isEmpty {
                p.line("\(access)init() {}")
            } else {
                p.block("\(access)init(\(parameters.joined(separator: ", ")))") { p in
                    for swiftName in names {
                        p.line("self.\(Naming.member(swiftName)) = \(Naming.escaped(swiftName))")
                    }
                }
            }
            guard codable else { return }
            let needsKeys = zip(fields, names).contains { $0.wireName != $1 }
            let defaulted = fields.contains { $0.defaultValue != nil && !$0.type.isOptional }
            if needsKeys || defaulted {
                p.blank()
                p.block("enum CodingKeys: String, CodingKey") { p in
                    for (field, swiftName) in zip(fields, names) {
                        if field.wireName == swiftName {
                            p.line("case \(Naming.escaped(swiftName))")
                        } else {
                            p.line("case \(Naming.escaped(swiftName)) = \(SwiftLiteral.string(field.wireName))")
                        }
                    }
                }
            }
            if defaulted {
                // A missing key takes the spec default instead of failing the decode.
                p.blank()
                p.block("\(access)init(from decoder: any Decoder) throws") { p in
                    p.line("let container: KeyedDecodingContainer<CodingKeys> = try decoder.container(keyedBy: CodingKeys.self)")
                    for (field, swiftName) in zip(fields, names) {
                        let member = Naming.member(swiftName)
                        if field.type.isOptional {
                            p.line("self.\(member) = try container.decodeIfPresent(\(context.swiftType(field.type.unwrapped)).self, forKey: .\(member))")
                        } else if let value = field.defaultValue {
                            let type = context.swiftType(field.type)
                            p.line("self.\(member) = try container.decodeIfPresent(\(type).self, forKey: .\(member)) ?? \(context.defaultExpression(value, type: field.type))")
                        } else {
                            p.line("self.\(member) = try container.decode(\(context.swiftType(field.type)).self, forKey: .\(member))")
                        }
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
        p.block("\(access)enum \(name): RawRepresentable, Codable, Hashable, Sendable, ParameterValue") { p in
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

    private func literal(_ value: String, raw: EnumModel.RawType) -> String {
        raw == .int ? value : SwiftLiteral.string(value)
    }
}
