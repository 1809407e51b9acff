import EndpointGenSupport
import EndpointGenYAML

// Samples: a YAML value checked against the response type and converted to JSON by it.
// Every scalar is text from the loader; the type decides what it means (`1` is a number for an
// Int field and the string "1" for a String field). Messages name the place inside the sample
// (`sample.members[1].role`) and point at the offending node.

extension Resolver {
    /// Converts a sample; `samplePath` holds where `node` is, for messages only (rendered on error,
    /// so the common valid case builds no path strings).
    mutating func convertSample(_ node: YAMLNode, type: TypeRef, file: String) -> SampleValue {
        let location = node.mark.location(in: file)
        if case .optional(let wrapped) = type {
            if node.isPlainNull { return .null }
            return convertSample(node, type: wrapped, file: file)
        }
        if node.isPlainNull, type != .primitive(.json) {
            diagnostics.error(
                "sample value at '\(renderedSamplePath)' is null, but its type '\(type.specSpelling)' is not optional", at: location)
            return .null
        }
        switch type {
        case .optional:
            return .null  // Handled above.
        case .primitive(let primitive):
            return convertPrimitive(node, primitive, location: location, file: file)
        case .array(let element):
            guard let items = node.sequence else {
                return mismatch(node, expected: "a sequence for type '\(type.specSpelling)'", at: location)
            }
            var values: [SampleValue] = []
            values.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                samplePath.append(.index(index))
                values.append(convertSample(item, type: element, file: file))
                samplePath.removeLast()
            }
            return .array(values)
        case .dictionary(let value):
            guard let pairs = node.mapping else {
                return mismatch(node, expected: "a mapping for type '\(type.specSpelling)'", at: location)
            }
            var object: [(key: String, value: SampleValue)] = []
            object.reserveCapacity(pairs.count)
            for pair in pairs {
                let key = pair.key.scalar?.value ?? ""
                samplePath.append(.key(key))
                object.append((key, convertSample(pair.value, type: value, file: file)))
                samplePath.removeLast()
            }
            return .object(object)
        case .model(let name):
            return convertModelSample(node, model: name, location: location, file: file)
        }
    }

    private mutating func mismatch(
        _ node: YAMLNode, expected: String, at location: SourceLocation
    ) -> SampleValue {
        diagnostics.error(
            "sample value at '\(renderedSamplePath)' must be \(expected), found \(NodeReader.describe(node))", at: location)
        return .null
    }

    private mutating func convertPrimitive(
        _ node: YAMLNode, _ primitive: PrimitiveType, location: SourceLocation, file: String
    ) -> SampleValue {
        if primitive == .json { return SampleValue(json: node) }
        guard let scalar = node.scalar else {
            return mismatch(node, expected: "a \(primitive.rawValue) value", at: location)
        }
        let text = scalar.value
        let plain = scalar.style == .plain
        func invalid(_ what: String) -> SampleValue {
            diagnostics.error("sample value '\(text)' at '\(renderedSamplePath)' is not \(what)", at: location)
            return .null
        }
        switch primitive {
        case .string:
            return .string(text)
        case .int, .int32, .int64:
            guard plain, Lexical.isInteger(text) else { return invalid("an integer (\(primitive.rawValue))") }
            guard Lexical.integerFits(text, bits: primitive == .int32 ? 32 : 64) else {
                diagnostics.error(
                    "sample value '\(text)' at '\(renderedSamplePath)' is out of range for \(primitive.rawValue)", at: location)
                return .null
            }
            return .number(text)
        case .double, .float, .decimal:
            guard plain, Lexical.isNumber(text) else { return invalid("a number (\(primitive.rawValue))") }
            guard Lexical.numberFits(text, primitive) else {
                diagnostics.error(
                    "sample value '\(text)' at '\(renderedSamplePath)' is out of range for \(primitive.rawValue)", at: location)
                return .null
            }
            return .number(text)
        case .bool:
            guard plain, text == "true" || text == "false" else { return invalid("true or false") }
            return .bool(text == "true")
        case .date:
            switch sampleDates?.kind ?? .iso8601 {
            case .iso8601:
                guard Lexical.isISO8601DateTime(text) else {
                    return invalid("an ISO 8601 date-time like '2024-01-02T03:04:05Z'")
                }
            case .date:
                guard Lexical.isISODate(text) else { return invalid("a date like '2024-01-02' (dateEncoding: date)") }
            case .local:
                guard Lexical.isISO8601DateTime(text, local: true) else {
                    return invalid("a local date-time without an offset like '2024-01-02T03:04:05' (dateEncoding: local)")
                }
            case .epochSeconds:
                guard plain, Lexical.isNumber(text) else { return invalid("a number of seconds since 1970 (dateEncoding: epochSeconds)") }
                return .number(text)
            case .epochMilliseconds:
                guard plain, Lexical.isInteger(text), Lexical.integerFits(text, bits: 64) else {
                    return invalid("an integer of milliseconds since 1970 (dateEncoding: epochMilliseconds)")
                }
                return .number(text)
            }
            return .string(text)
        case .url:
            guard !text.isEmpty, !text.utf8.contains(where: { $0 <= 0x20 }) else { return invalid("a URL") }
            return .string(text)
        case .uuid:
            guard Lexical.isUUID(text) else { return invalid("a UUID") }
            return .string(text)
        case .data:
            guard Lexical.isBase64(text) else { return invalid("base64 data") }
            return .string(text)
        case .json, .file:
            return .null  // JSON is handled above; File never reaches a response.
        }
    }

    private mutating func convertModelSample(
        _ node: YAMLNode, model name: String, location: SourceLocation, file: String
    ) -> SampleValue {
        guard let model = resolvedModels[name], !incompleteModels.contains(name) else { return .null }
        switch model.kind {
        case .enumeration(let enumeration):
            return convertEnumSample(node, enumeration, model: name, location: location)
        case .oneOf(let oneOf):
            return convertOneOfSample(node, oneOf, model: name, location: location, file: file)
        case .structure(let fields):
            guard let pairs = node.mapping else {
                return mismatch(node, expected: "a mapping for model '\(name)'", at: location)
            }
            return convertStructSample(pairs, model: name, fields: fields, discriminator: nil, location: location, file: file)
        case .union(let union):
            return convertUnionSample(node, union, model: name, location: location, file: file)
        }
    }

    /// A value of an enum model: one of its cases (an integer enum's as a plain number).
    private mutating func convertEnumSample(
        _ node: YAMLNode, _ enumeration: EnumModel, model name: String, location: SourceLocation
    ) -> SampleValue {
        guard let scalar = node.scalar else {
            return mismatch(node, expected: "a case of enum '\(name)'", at: location)
        }
        let isInt = enumeration.rawType == .int
        if !(isInt && scalar.style != .plain) {
            for enumCase in enumeration.cases where enumCase.value == scalar.value {
                return isInt ? .number(scalar.value) : .string(scalar.value)
            }
        }
        diagnostics.error(
            "sample value '\(scalar.value)' at '\(renderedSamplePath)' is not a case of enum '\(name)'"
                + (isInt ? "" : DidYouMean.hint(for: scalar.value, among: enumeration.cases.map(\.value))),
            at: location)
        return .null
    }

    /// A value of a `oneOf` model: a mapping whose discriminator names a case, converted as that
    /// case's struct with the discriminator beside its fields.
    private mutating func convertOneOfSample(
        _ node: YAMLNode, _ oneOf: OneOfModel, model name: String, location: SourceLocation, file: String
    ) -> SampleValue {
        guard let pairs = node.mapping else {
            return mismatch(node, expected: "a mapping for model '\(name)'", at: location)
        }
        let key = oneOf.discriminator
        let tagScalar = pairs.first(where: { $0.key.scalar?.value == key })?.value.scalar
        // An integer discriminator is a plain number in the sample (a quoted "1" is a string on the wire).
        let tag = oneOf.valueType == .int
            ? tagScalar.flatMap { $0.style == .plain ? Int64($0.value).map(String.init) : nil }
            : tagScalar?.value
        guard let tag else {
            let values = oneOf.variants.map { oneOf.valueType == .int ? $0.value : "'\($0.value)'" }.joined(separator: ", ")
            if let tagScalar {
                diagnostics.error(
                    "sample value '\(tagScalar.value)' at '\(renderedSamplePath).\(key)' must be an integer, one of \(values)",
                    at: location)
            } else {
                diagnostics.error(
                    "sample at '\(renderedSamplePath)' needs the discriminator '\(key)' of model '\(name)' (one of \(values))",
                    at: location)
            }
            return .null
        }
        guard let variant = oneOf.variants.first(where: { $0.value == tag }) else {
            diagnostics.error(
                "sample value '\(tag)' at '\(renderedSamplePath).\(key)' is not a case of model '\(name)'"
                    + (oneOf.valueType == .int ? "" : DidYouMean.hint(for: tag, among: oneOf.variants.map(\.value))),
                at: location)
            return .null
        }
        guard let target = resolvedModels[variant.model], case .structure(let fields) = target.kind,
              !incompleteModels.contains(variant.model) else { return .null }
        // The discriminator is written as its type says, whatever the sample's YAML style
        // (a plain `1` for a String discriminator is the string "1").
        let tagValue: SampleValue = oneOf.valueType == .int ? .number(tag) : .string(tag)
        return convertStructSample(pairs, model: variant.model, fields: fields, discriminator: (key, tagValue), location: location, file: file)
    }

    /// A value of a union model: the first case the sample converts as without a diagnostic, as
    /// decoding takes the first that decodes; a plain `1` or `true` is not a String here (it is
    /// no string in the JSON the sample stands for).
    private mutating func convertUnionSample(
        _ node: YAMLNode, _ union: UnionModel, model name: String, location: SourceLocation, file: String
    ) -> SampleValue {
        for variant in union.variants {
            if variant.type == .primitive(.string), let scalar = node.scalar, scalar.style == .plain,
               Lexical.isNumber(scalar.value) || scalar.value == "true" || scalar.value == "false" {
                continue
            }
            let (before, errorsBefore) = (diagnostics.all.count, diagnostics.errorCount)
            let value = convertSample(node, type: variant.type, file: file)
            if diagnostics.errorCount == errorsBefore { return value }
            diagnostics.removeAll(after: before)
        }
        diagnostics.error(
            "sample value at '\(renderedSamplePath)' is none of the cases of model '\(name)' (\(union.variants.map(\.type.specSpelling).joined(separator: ", ")))",
            at: location)
        return .null
    }

    /// A struct model's sample; `discriminator` is a key allowed beside its fields (the
    /// variant of a `oneOf` model).
    private mutating func convertStructSample(
        _ pairs: YAMLMapping, model name: String, fields: [Field], discriminator: (key: String, value: SampleValue)?, location: SourceLocation, file: String
    ) -> SampleValue {
        var present = [Bool](repeating: false, count: fields.count)
        var object: [(key: String, value: SampleValue)] = []
        object.reserveCapacity(pairs.count)
        for pair in pairs {
            let key = pair.key.scalar?.value ?? ""
            guard let position = fieldPosition(of: key, in: name, fields: fields) else {
                if let discriminator, key == discriminator.key {
                    object.append((key, discriminator.value))
                    continue
                }
                let suggestion = DidYouMean.suggestion(for: key, among: fields.map(\.wireName))
                // The misspelt field is not reported again as missing.
                if let suggestion, let suggested = fieldPosition(of: suggestion, in: name, fields: fields) {
                    present[suggested] = true
                }
                diagnostics.error(
                    "unknown field '\(key)' at '\(renderedSamplePath)' for model '\(name)'"
                        + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                    at: pair.key.mark.location(in: file))
                continue
            }
            present[position] = true
            samplePath.append(.key(key))
            // A field with its own date encoding writes its dates so; the rest follow the service.
            let serviceDates = sampleDates
            if let own = fields[position].dateEncoding { sampleDates = own }
            object.append((key, convertSample(pair.value, type: fields[position].type, file: file)))
            sampleDates = serviceDates
            samplePath.removeLast()
        }
        var missing: [String] = []
        for (position, field) in fields.enumerated()
        where !present[position] && !field.type.isOptional && field.defaultValue == nil {
            missing.append(field.wireName)
        }
        if !missing.isEmpty {
            let list = missing.map { "'\($0)'" }.joined(separator: ", ")
            diagnostics.error(
                "sample at '\(renderedSamplePath)' is missing required field\(missing.count == 1 ? "" : "s") \(list) of model '\(name)'",
                at: location)
        }
        return .object(object)
    }

    /// `sample.members[1].role`.
    var renderedSamplePath: String {
        var text = "sample"
        for step in samplePath {
            switch step {
            case .key(let key): text += ".\(key)"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    /// The position of the field with this wire name. Small models (nearly all) are scanned;
    /// large ones get an index, built once per model.
    private mutating func fieldPosition(of key: String, in name: String, fields: [Field]) -> Int? {
        if fields.count <= 16 {
            return fields.firstIndex { $0.wireName == key }
        }
        if let cached = fieldIndexCache[name] { return cached[key] }
        var index: [String: Int] = [:]
        index.reserveCapacity(fields.count)
        for (position, field) in fields.enumerated() { index[field.wireName] = position }
        fieldIndexCache[name] = index
        return index[key]
    }
}

extension SampleValue {
    /// Any YAML value as JSON, whatever type it is for: plain `null`/`~`, `true`/`false` and JSON
    /// numbers typed, every other scalar (and every quoted one) a string, mappings in their order.
    public init(json node: YAMLNode) {
        switch node.content {
        case .scalar(let scalar):
            if scalar.style != .plain {
                self = .string(scalar.value)
            } else if scalar.isPlainNull {
                self = .null
            } else if scalar.value == "true" || scalar.value == "false" {
                self = .bool(scalar.value == "true")
            } else {
                self = Lexical.isNumber(scalar.value) ? .number(scalar.value) : .string(scalar.value)
            }
        case .sequence(let items):
            self = .array(items.map(SampleValue.init(json:)))
        case .mapping(let pairs):
            self = .object(pairs.map { (key: $0.key.scalar?.value ?? "", value: SampleValue(json: $0.value)) })
        }
    }
}
