import EndpointGenSpec
import EndpointGenSupport

// Parameters and request bodies.
extension Exporter {
    // MARK: - Parameters

    mutating func parameters(_ endpoint: SpecEndpoint, of service: Service) -> [DocumentValue] {
        var result: [DocumentValue] = []
        for field in endpoint.pathParameters {
            var value = parameter(field, in: "path", required: true, style: nil)
            // A parameter of several segments (`{path...}`): its `/` are sent as they are.
            if endpoint.pathComponents.contains(.segments(field.wireName)), case .object(var members) = value {
                members.append(.init(key: OpenAPIExtension.segments, value: .bool(true)))
                value = .object(members)
            }
            result.append(value)
        }
        // The service's `parameters:` travel with every request, before the endpoint's own
        // headers and after its own query items.
        for field in service.sharedHeaders {
            result.append(Self.adding(OpenAPIExtension.serviceParameter, .bool(true), to: parameter(field, in: "header", required: Self.isRequired(field), style: nil)))
        }
        for field in endpoint.query {
            result.append(parameter(field, in: "query", required: Self.isRequiredParameter(field), style: endpoint.queryStyles[field.wireName] ?? .repeat))
        }
        for field in service.sharedQuery {
            result.append(Self.adding(OpenAPIExtension.serviceParameter, .bool(true), to: parameter(field, in: "query", required: Self.isRequiredParameter(field), style: .repeat)))
        }
        for field in endpoint.headerParameters {
            var value = parameter(field, in: "header", required: Self.isRequired(field), style: nil)
            if endpoint.credentialHeaders.contains(field.wireName), case .object(var members) = value {
                members.append(.init(key: OpenAPIExtension.credential, value: .bool(true)))
                value = .object(members)
            }
            result.append(value)
        }
        return result
    }

    /// Sent on every call: not optional, and no default the client would fill in.
    static func isRequired(_ field: Field) -> Bool {
        !field.type.isOptional && field.defaultValue == nil
    }

    /// `isRequired` for a query parameter, form field or multipart part: arrays and maps never
    /// are, as an empty one sends nothing (OpenAPI's `ids=` would be one empty element, `[""]`);
    /// the document gives a query parameter `default: []` (`{}`) instead.
    static func isRequiredParameter(_ field: Field) -> Bool {
        isRequired(field) && !isCollection(field.type.unwrapped)
    }

    private mutating func parameter(_ field: Field, in place: String, required: Bool, style: QueryStyle?) -> DocumentValue {
        var parameter = ObjectBuilder()
        parameter.set("name", field.wireName)
        parameter.set("in", place)
        parameter.set("description", field.summary)
        parameter.set(OpenAPIExtension.name, field.swiftNameOverride)
        if required { parameter.set("required", .bool(true)) }
        if field.deprecation != nil { parameter.set("deprecated", .bool(true)) }
        let type = field.type.unwrapped
        // A style is only given to arrays, maps and struct models (objects), which need one.
        if let style, Self.isCollection(type) || Self.isModel(type) {
            let (name, explode): (String, Bool) =
                switch style {
                case .repeat, .form: ("form", true)
                case .comma: ("form", false)
                case .space: ("spaceDelimited", false)
                case .pipe: ("pipeDelimited", false)
                // OpenAPI defines deepObject for objects only: a list of them (`eras[0][gte]=1`)
                // is said by the extension, beside a form a validator accepts (nothing under the
                // plain name is sent, so it reads the parameter as absent).
                case .deepObject: Self.isArray(type) ? ("form", true) : ("deepObject", true)
                // `ids[]=1&ids[]=2` has no OpenAPI style; repeated items are the nearest.
                case .brackets: ("form", true)
                }
            parameter.set("style", name)
            parameter.set("explode", .bool(explode))
            if style == .deepObject, Self.isArray(type) {
                parameter.set(OpenAPIExtension.style, "deepObject")
                diagnostics.warning(
                    "query parameter '\(field.wireName)' is a list in 'style: deepObject' (\(field.wireName)[0][key]=a), which OpenAPI defines for objects only; exported as exploded form with \(OpenAPIExtension.style): deepObject",
                    at: field.location)
            }
            if style == .brackets {
                parameter.set(OpenAPIExtension.style, "brackets")
                diagnostics.warning(
                    "query parameter '\(field.wireName)' has 'style: brackets' (\(field.wireName)[]=a), which OpenAPI cannot say; exported as repeated items with \(OpenAPIExtension.style): brackets",
                    at: field.location)
            }
        }
        var schema = self.schema(of: type, dates: dateLeaf(field))
        // `= null` only says "optional", which `required` already does; a parameter is never null.
        if let value = field.defaultValue.flatMap({ defaultValue($0, type: type) }), value != .null {
            schema = Self.adding("default", value, to: schema)
        } else if place == "query", Self.isRequired(field), Self.isCollection(type) {
            // Left out when empty: absent means empty.
            if case .array = type {
                schema = Self.adding("default", .array([]), to: schema)
            } else {
                schema = Self.adding("default", .object([]), to: schema)
            }
        }
        parameter.set("schema", schema)
        return parameter.value
    }

    /// What a field's or parameter's dates are written as: its own `dateEncoding`, else its service's.
    private func dateLeaf(_ field: Field) -> DateLeaf {
        field.dateEncoding.map { DateLeaf(setting: $0, own: true) } ?? .service(serviceDates)
    }

    /// Whether a model has a date that follows its service (one without its own `dateEncoding`).
    static func hasDates(_ model: Model) -> Bool {
        func dated(_ type: TypeRef) -> Bool {
            switch type {
            case .primitive(let primitive): return primitive == .date
            case .model: return false
            case .array(let inner), .dictionary(let inner), .optional(let inner): return dated(inner)
            }
        }
        switch model.kind {
        case .structure(let fields): return fields.contains { $0.dateEncoding == nil && dated($0.type) }
        case .union(let union): return union.variants.contains { dated($0.type) }
        case .enumeration, .oneOf: return false
        }
    }

    /// A form body field's `encoding` entry: its style as OpenAPI says it (`FormEncoding`).
    private mutating func formEncoding(_ field: Field) -> DocumentValue? {
        func isScalar(_ type: TypeRef) -> Bool {
            switch type {
            case .primitive(let primitive): return primitive != .json
            case .model(let name):
                if case .enumeration? = models[name]?.kind { return true }
                return false
            default: return false
            }
        }
        let type = field.type.unwrapped
        var isList = false
        if case .array(let element) = type { isList = isScalar(element) }
        let entry = FormEncoding.entry(style: field.style, isList: isList, isScalar: isScalar(type))
        if Self.isArray(type), entry == FormEncoding.brackets, formWarned.insert(field.location).inserted {
            let example = isList ? "\(field.wireName)[]=a" : "\(field.wireName)[0][key]=a"
            diagnostics.warning(
                "form field '\(field.wireName)' is a list in the bracket convention (\(example)), which OpenAPI defines for objects only; exported as 'style: deepObject', as Stripe's documents write it, which strict validators refuse",
                at: field.location)
        }
        return entry
    }

    private static func isArray(_ type: TypeRef) -> Bool {
        if case .array = type { return true }
        return false
    }

    private static func isModel(_ type: TypeRef) -> Bool {
        if case .model = type { return true }
        return false
    }

    private static func isCollection(_ type: TypeRef) -> Bool {
        switch type {
        case .array, .dictionary: return true
        default: return false
        }
    }

    // MARK: - Bodies

    mutating func requestBody(_ endpoint: SpecEndpoint, of service: Service) -> DocumentValue? {
        guard let body = endpoint.body else { return nil }
        var content = ObjectBuilder()
        switch body {
        case .json(let type):
            content.set(jsonMediaType(endpoint, of: service), .object([.init(key: "schema", value: schema(of: type, inline: true, dates: .service(serviceDates)))]))
        case .form(let modelName):
            var media = ObjectBuilder()
            media.set("schema", schema(of: .model(modelName), inline: true, dates: .service(serviceDates)))
            if case .structure(let fields)? = models[modelName]?.kind,
               fields.contains(where: { Self.isRequired($0) && Self.isCollection($0.type.unwrapped) && $0.access == .readWrite }) {
                // An empty list or map of a form is sent as nothing, so the model's `required`
                // (right for JSON, where `[]` is sent) is not the body's: the body has the
                // fields as a form sends them, and names the model, which import keeps.
                let fields = objectSchema(fields, multipart: true, dates: .service(serviceDates))
                media.set("schema", Self.adding(OpenAPIExtension.model, .string(modelName), to: fields))
            }
            if case .structure(let fields)? = models[modelName]?.kind {
                var encoding = ObjectBuilder()
                for field in fields { encoding.set(field.wireName, formEncoding(field)) }
                if !encoding.isEmpty { media.set("encoding", encoding.value) }
            }
            content.set("application/x-www-form-urlencoded", media.value)
        case .multipart(let parts):
            var media = ObjectBuilder()
            media.set("schema", objectSchema(parts, multipart: true, dates: .service(serviceDates)))
            // Model and JSON parts go as JSON, with their own content type.
            let jsonParts = parts.filter { isJSONPart($0.type) }
            if !jsonParts.isEmpty {
                media.set("encoding", .object(jsonParts.map { part -> DocumentValue.Member in
                    .init(key: part.wireName, value: .object([.init(key: "contentType", value: .string("application/json"))]))
                }))
            }
            content.set("multipart/form-data", media.value)
        case .raw(let contentType), .file(let contentType):
            // Any bytes: OpenAPI 3.1 leaves a binary media type without a schema (3.0's
            // `format: binary` is gone; `contentMediaType` says what a string holds, and
            // validators such as openapi-core then expect text).
            content.set(contentType, .object([]))
        }
        // A form whose fields may all be left out can be sent empty: the body is not required.
        var required = true
        if case .form(let modelName) = body, case .structure(let fields)? = models[modelName]?.kind {
            required = fields.contains { Self.isRequiredParameter($0) && $0.access != .readOnly }
        }
        var requestBody: [DocumentValue.Member] = [.init(key: "required", value: .bool(required)), .init(key: "content", value: content.value)]
        if case .file = body { requestBody.append(.init(key: OpenAPIExtension.body, value: .string("file"))) }
        return .object(requestBody)
    }

    /// Bytes of a media type inside a schema (a multipart file part), as OpenAPI 3.1 writes them.
    static func bytesSchema(_ mediaType: String) -> DocumentValue {
        .object([.init(key: "type", value: .string("string")), .init(key: "contentMediaType", value: .string(mediaType))])
    }

    /// `application/json`, or the `Content-Type` the endpoint or its service declares for JSON.
    private func jsonMediaType(_ endpoint: SpecEndpoint, of service: Service) -> String {
        let declared = (endpoint.headers + service.headers).first { $0.name.lowercased() == "content-type" }
        return declared?.value ?? "application/json"
    }

    /// A part the runtime sends as JSON: a struct or `oneOf` model, `JSON`, or an array of them.
    private func isJSONPart(_ type: TypeRef) -> Bool {
        switch type.unwrapped {
        case .primitive(let primitive): return primitive == .json
        case .model(let name):
            if case .enumeration? = models[name]?.kind { return false }
            return true
        case .array(let element): return isJSONPart(element)
        default: return false
        }
    }
}
