import EndpointGenSpec
import EndpointGenSupport

// Component schemas and the schemas of types.
extension Exporter {
    // MARK: - Schemas

    /// Declared models, file by file in spec order; inline request and response models are
    /// written where they are used unless a declared model refers to them.
    mutating func componentSchemas() -> [DocumentValue.Member] {
        var members: [DocumentValue.Member] = []
        for file in module.files {
            for model in file.models where model.origin == .declared || referencedInline.contains(model.name) {
                members.append(.init(key: model.name, value: modelSchema(model)))
            }
        }
        return members
    }

    func inlineModelsReferencedByOthers() -> Set<String> {
        var names: Set<String> = []
        for file in module.files {
            for model in file.models {
                guard case .structure(let fields) = model.kind else { continue }
                for field in fields {
                    for name in Self.modelNames(in: field.type) where name != model.name {
                        if let target = models[name], target.origin != .declared { names.insert(name) }
                    }
                }
            }
        }
        return names
    }

    private static func modelNames(in type: TypeRef) -> [String] {
        switch type {
        case .primitive: return []
        case .model(let name): return [name]
        case .array(let inner), .dictionary(let inner), .optional(let inner): return modelNames(in: inner)
        }
    }

    /// The schema of a type: `inline` writes an inline request or response model's object
    /// itself rather than a reference; `dates` is what its dates are written as.
    mutating func schema(of type: TypeRef, inline: Bool = false, dates: DateLeaf) -> DocumentValue {
        switch type {
        case .primitive(.date):
            return dates.schema
        case .primitive(let primitive):
            return Self.schema(of: primitive)
        case .model(let name):
            if inline, let model = models[name], model.origin != .declared, !referencedInline.contains(name) {
                return modelSchema(model)
            }
            return Self.reference(name)
        case .array(let element):
            return .object([.init(key: "type", value: .string("array")), .init(key: "items", value: schema(of: element, dates: dates))])
        case .dictionary(let value):
            return .object([.init(key: "type", value: .string("object")), .init(key: "additionalProperties", value: schema(of: value, dates: dates))])
        case .optional(let wrapped):
            return Self.nullable(schema(of: wrapped, inline: inline, dates: dates))
        }
    }

    static func schema(of primitive: PrimitiveType) -> DocumentValue {
        func typed(_ type: String, _ format: String? = nil) -> DocumentValue {
            var schema = ObjectBuilder()
            schema.set("type", type)
            schema.set("format", format)
            return schema.value
        }
        switch primitive {
        case .string: return typed("string")
        // Swift's Int is 64 bits, but `format: int64` names Int64; an integer without a format is Int.
        case .int: return typed("integer")
        case .int32: return typed("integer", "int32")
        case .int64: return typed("integer", "int64")
        case .double: return typed("number", "double")
        case .float: return typed("number", "float")
        case .decimal: return typed("number", "decimal")
        case .bool: return typed("boolean")
        case .date: return typed("string", "date-time")
        case .url: return typed("string", "uri")
        case .uuid: return typed("string", "uuid")
        case .data:
            return .object([.init(key: "type", value: .string("string")), .init(key: "format", value: .string("byte")),
                            .init(key: "contentEncoding", value: .string("base64"))])
        case .json: return .object([])
        // A file part: bytes of a media type (OpenAPI 3.1), as a raw body's.
        case .file: return Exporter.bytesSchema("application/octet-stream")
        }
    }

    /// A case of an integer discriminator: its model, and the numbers that name it on `property`.
    private func integerCase(_ model: String, values: [String], property: String) -> DocumentValue {
        let tag: DocumentValue = values.count == 1
            ? .object([.init(key: "const", value: .number(values[0]))])
            : .object([.init(key: "enum", value: .array(values.map(DocumentValue.number)))])
        let said = DocumentValue.object([
            .init(key: "properties", value: .object([.init(key: property, value: tag)])),
            .init(key: "required", value: .array([.string(property)])),
        ])
        return .object([.init(key: "allOf", value: .array([Self.reference(model), said]))])
    }

    private static func typed(_ type: String) -> DocumentValue {
        .object([.init(key: "type", value: .string(type))])
    }

    static func reference(_ model: String) -> DocumentValue {
        .object([.init(key: "$ref", value: .string("#/components/schemas/" + pointerEscaped(model)))])
    }

    /// JSON Pointer escapes (`~` → `~0`, `/` → `~1`); model names are identifiers, so this is a guard.
    private static func pointerEscaped(_ name: String) -> String {
        name.replacingAll("~", with: "~0").replacingAll("/", with: "~1")
    }

    /// 3.1's `null`: `type: [T, "null"]` for a typed schema, else `anyOf` with `{ type: "null" }`
    /// (`anyOf`, not `oneOf`: a union with a `JSON` case admits `null` itself, and `oneOf` would
    /// then refuse it for matching twice).
    static func nullable(_ schema: DocumentValue) -> DocumentValue {
        guard case .object(var members) = schema else { return schema }
        if let index = members.firstIndex(where: { $0.key == "type" }), case .string(let type) = members[index].value,
           !members.contains(where: { $0.key == "enum" }) {
            members[index].value = .array([.string(type), .string("null")])
            return .object(members)
        }
        if members.isEmpty { return schema }  // any value, null included
        return .object([.init(key: "anyOf", value: .array([schema, typed("null")]))])
    }

    /// `schema` with one more keyword (`default`, `description`, …); a bare `$ref` keeps its
    /// siblings, as 3.1 allows.
    static func adding(_ key: String, _ value: DocumentValue, to schema: DocumentValue) -> DocumentValue {
        guard case .object(var members) = schema else { return schema }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append(.init(key: key, value: value))
        }
        return .object(members)
    }

    private mutating func modelSchema(_ model: Model) -> DocumentValue {
        var schema: DocumentValue
        let (dates, conflict) = modelDates.leaf(for: model.name)
        if let conflict, datesWarned.insert(model.name).inserted, Self.hasDates(model) {
            diagnostics.warning(conflict, at: model.location)
        }
        switch model.kind {
        case .structure(let fields):
            schema = objectSchema(fields, multipart: false, dates: dates)
        case .enumeration(let enumeration):
            var builder = ObjectBuilder()
            builder.set("type", enumeration.rawType == .int ? "integer" : "string")
            builder.set("enum", .array(enumeration.cases.map { enumeration.rawType == .int ? .number($0.value) : .string($0.value) }))
            // The Swift names of the long form, as openapi-generator's extension (import-openapi reads it).
            if enumeration.cases.contains(where: { $0.swiftNameOverride != nil }) {
                builder.set("x-enum-varnames", .array(module.names.memberNames(model.name).map { .string($0) }))
            }
            schema = builder.value
        case .oneOf(let oneOf):
            var builder = ObjectBuilder()
            var listed: [String] = []
            for variant in oneOf.variants where !listed.contains(variant.model) { listed.append(variant.model) }
            var discriminator = ObjectBuilder()
            discriminator.set("propertyName", oneOf.discriminator)
            discriminator.set("mapping", .object(oneOf.variants.map {
                .init(key: $0.value, value: .string("#/components/schemas/" + Self.pointerEscaped($0.model)))
            }))
            if oneOf.valueType == .int {
                // OpenAPI's discriminator values are strings (a validator looks `1` up as the
                // schema "1"): each case says its numbers on the property, and the mapping
                // travels in the extension, which import reads as the discriminator.
                builder.set("oneOf", .array(listed.map { model in
                    integerCase(model, values: oneOf.variants.filter { $0.model == model }.map(\.value), property: oneOf.discriminator)
                }))
                builder.set(OpenAPIExtension.discriminator, discriminator.value)
                builder.set(OpenAPIExtension.discriminatorType, "integer")
            } else {
                builder.set("oneOf", .array(listed.map(Self.reference)))
                builder.set("discriminator", discriminator.value)
            }
            // The Swift case names of the long form, all of them (as `x-enum-varnames` for enums).
            if oneOf.variants.contains(where: { $0.swiftNameOverride != nil }) {
                let names = module.names.memberNames(model.name)
                if names.count == oneOf.variants.count {
                    builder.set(OpenAPIExtension.caseNames, .object(zip(oneOf.variants, names).map { .init(key: $0.value, value: .string($1)) }))
                }
            }
            if oneOf.valueType != .int, listed.count < oneOf.variants.count {
                diagnostics.warning(
                    "'\(model.name)' names one model for several discriminator values; OpenAPI's mapping keeps them, but a reader that follows 'oneOf' sees the model once",
                    at: model.location)
            }
            schema = builder.value
        case .union(let union):
            // In decoding order: the first case that fits is taken. `anyOf`, not `oneOf`: a value
            // may fit several cases (`1` is an `Int` and a `Double`; anything is `JSON`), which
            // `oneOf` ("exactly one") would refuse.
            var parts: [DocumentValue] = []
            for variant in union.variants { parts.append(self.schema(of: variant.type, dates: dates)) }
            var builder = ObjectBuilder()
            builder.set("anyOf", .array(parts))
            // The Swift case names of the long form (`{ type: Int, name: count }`), all of them,
            // in the order of `anyOf`.
            if union.variants.contains(where: { $0.swiftNameOverride != nil }) {
                let names = module.names.memberNames(model.name)
                if names.count == union.variants.count { builder.set(OpenAPIExtension.caseNames, .array(names.map { .string($0) })) }
            }
            schema = builder.value
        }
        // The description first, where a reader looks for it.
        if let summary = model.summary, case .object(let members) = schema {
            schema = .object([.init(key: "description", value: .string(summary))] + members)
        }
        return schema
    }

    /// An object of fields (a struct model, the parts of a multipart body): required are the
    /// fields that are neither optional nor defaulted (nor read- or write-only, which one
    /// direction leaves out). `multipart`: the fields of a form or multipart body, where an
    /// empty list or map is sent as nothing, so it is never required.
    /// `dates`: what the dates of fields without their own `dateEncoding` are written as.
    mutating func objectSchema(_ fields: [Field], multipart: Bool, dates: DateLeaf) -> DocumentValue {
        var properties = ObjectBuilder()
        var required: [DocumentValue] = []
        for field in fields {
            var schema = self.schema(of: field.type, dates: field.dateEncoding.map { DateLeaf(setting: $0, own: true) } ?? dates)
            // A form body's field: its `style:` exactly (the body's `encoding` says it as OpenAPI can).
            if let style = field.style { schema = Self.adding(OpenAPIExtension.style, .string(style.rawValue), to: schema) }
            if let summary = field.summary { schema = Self.adding("description", .string(summary), to: schema) }
            if let value = field.defaultValue.flatMap({ defaultValue($0, type: field.type.unwrapped) }) {
                schema = Self.adding("default", value, to: schema)
            }
            if field.deprecation != nil { schema = Self.adding("deprecated", .bool(true), to: schema) }
            if let name = field.swiftNameOverride { schema = Self.adding(OpenAPIExtension.name, .string(name), to: schema) }
            switch field.access {
            case .readWrite: break
            case .readOnly: schema = Self.adding("readOnly", .bool(true), to: schema)
            case .writeOnly: schema = Self.adding("writeOnly", .bool(true), to: schema)
            }
            properties.set(field.wireName, schema)
            // A multipart list's parts: none when it is empty.
            if multipart ? Self.isRequiredParameter(field) && field.access != .readOnly : Self.isRequired(field) && field.access == .readWrite {
                required.append(.string(field.wireName))
            }
        }
        var schema = ObjectBuilder()
        schema.set("type", "object")
        if !properties.isEmpty { schema.set("properties", properties.value) }
        if !required.isEmpty { schema.set("required", .array(required)) }
        return schema.value
    }

    func defaultValue(_ value: DefaultValue, type: TypeRef) -> DocumentValue? {
        switch value {
        case .string(let text): return .string(text)
        case .number(let text): return .number(text)
        case .bool(let flag): return .bool(flag)
        case .enumCase(let wire):
            if case .model(let name) = type, case .enumeration(let enumeration)? = models[name]?.kind, enumeration.rawType == .int {
                return .number(wire)
            }
            return .string(wire)
        case .null: return .null
        case .emptyArray: return .array([])
        case .emptyDictionary: return .object([])
        }
    }
}

extension String {
    /// Every `target` replaced (Foundation-free, as the CLI is).
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        guard contains(target) else { return self }
        return split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
