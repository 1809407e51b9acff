import EndpointGenSpec
import EndpointGenSupport

// Request bodies: JSON, form and multipart.
extension SpecBuilder {
    mutating func body(_ body: RequestBody, owner: String, models: inout [ImportedModel]) -> ImportedBody? {
        switch body.content {
        case .raw(let mediaType):
            return .raw(mediaType)
        case .file(let mediaType):
            return .file(mediaType)
        case .json(let schema, _):
            if let object = objectParts(schema), !object.properties.isEmpty, !isReference(schema) {
                return .json(fields(object, owner: owner + "Request", use: .model, models: &models))
            }
            let type = undated(specType(schema, suggested: owner + "Request", use: .model, models: &models), at: schema.location, where: "as a whole body")
            return .type(type.expr)
        case .form(let schema):
            if case .reference(let name) = schema.kind, let model = modelNames[name], formStylesAreDefault(schema, body.formEncoding) {
                return .formModel(model)
            }
            guard let object = objectParts(schema) else {
                diagnostics.warning(.skippedBodies, "a form body must be an object; the body is skipped", at: body.location)
                return nil
            }
            // A form of no fields sends nothing (Stripe declares one on 216 GET and DELETE
            // operations): no body, rather than a required parameter of an empty struct.
            if object.properties.isEmpty { return nil }
            return .form(fields(object, owner: owner + "Request", use: .model, models: &models, formEncoding: body.formEncoding))
        case .multipart(let schema):
            guard let object = objectParts(schema) else {
                diagnostics.warning(.skippedBodies, "a multipart body must be an object; the body is skipped", at: body.location)
                return nil
            }
            return .multipart(fields(object, owner: owner + "Request", use: .multipart, models: &models, onlySimple: "multipart part"))
        }
    }

    /// Whether a form model can be the body as it is: its `encoding` asks for no style a field
    /// would have to say (a shared model's fields carry none).
    func formStylesAreDefault(_ schema: Schema, _ encoding: [String: FormFieldEncoding]) -> Bool {
        guard let object = objectParts(schema) else { return false }
        return object.properties.allSatisfy { property in
            guard let entry = encoding[property.name] else { return true }
            let isList = isSimple(property.schema) && !isSimpleScalar(property.schema)
            guard case .some(let style) = formStyle(entry, isList: isList) else { return false }
            // An export's model says its fields' styles itself (`x-endpointgen-style`); the
            // default ones (`repeat`, `deepObject`) say what no style does.
            let own = property.schema.specStyle.flatMap { ["repeat", "deepObject"].contains($0) ? nil : $0 }
            return style == own
        }
    }

    /// Whether a form field of this kind may have `style:` (`fits`: lists the array styles,
    /// objects and maps `deepObject` and `form`).
    func fits(style: String, _ kind: SpecType.Kind) -> Bool {
        switch kind {
        case .array(.scalar), .array(.enumModel): return ["repeat", "comma", "space", "pipe", "brackets"].contains(style)
        case .scalar, .enumModel, .data, .file, .array(.file): return false
        default: return style == "deepObject" || style == "form"
        }
    }

    private func isSimpleScalar(_ schema: Schema) -> Bool {
        if case .array = schema.kind { return false }
        if case .reference(let name) = schema.kind, let target = components[name], case .array = target.kind { return false }
        return true
    }

    /// The spec's `style` of a form field from its `encoding` (`.some(nil)`: the default), or nil
    /// when the format cannot say it. Lists of scalars: exploded form repeats the key, unexploded
    /// is `comma`, `spaceDelimited`/`pipeDelimited` `space`/`pipe`, `deepObject` `brackets`
    /// (`expand[]=a`, what Stripe's `deepObject` lists are read as). Objects, lists of them and
    /// maps: `deepObject` (the default), exploded `form` is `form`.
    func formStyle(_ entry: FormFieldEncoding, isList: Bool) -> String?? {
        let style = entry.style ?? "form"
        let explode = entry.explode ?? (style == "form")
        if isList {
            switch (style, explode) {
            case ("form", true): return .some(nil)
            case ("form", false): return "comma"
            case ("spaceDelimited", _): return "space"
            case ("pipeDelimited", _): return "pipe"
            case ("deepObject", _): return "brackets"
            default: return nil
            }
        }
        switch (style, explode) {
        case ("deepObject", _): return .some(nil)
        case ("form", true): return entry.style == nil ? .some(nil) : "form"
        default: return nil
        }
    }

    private func isSimple(_ schema: Schema, depth: Int = 0, inArray: Bool = false) -> Bool {
        guard depth < 16 else { return false }
        switch schema.kind {
        case .string(let format): return format != "byte" && format != "binary"
        case .integer, .number, .boolean, .stringEnum, .integerEnum: return true
        case .reference(let name): return components[name].map { isSimple($0, depth: depth + 1, inArray: inArray) } ?? false
        case .array(let items): return !inArray && items.map { isSimple($0, depth: depth + 1, inArray: true) } == true
        default: return false
        }
    }
}
