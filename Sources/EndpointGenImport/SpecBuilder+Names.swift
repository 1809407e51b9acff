import EndpointGenSpec
import EndpointGenSupport

// Unique, legal names for types, endpoints and fields.
extension SpecBuilder {
    // MARK: - Names

    /// `UpperCamelCase` from any text ("pet store" → `PetStore`); empty when it has no ASCII letters or digits.
    static func upperName(_ text: String) -> String {
        let name = SwiftNaming.upperCamel(text)
        guard let first = name.utf8.first else { return "" }
        return first >= 0x41 && first <= 0x5A ? name : "N" + name
    }

    static func lowerName(_ text: String, fallback: String) -> String {
        let name = SwiftNaming.lowerCamel(text)
        guard let first = name.utf8.first else { return fallback }
        return first >= 0x61 && first <= 0x7A ? name : fallback + upperName(name)
    }

    mutating func uniqueTypeName(_ raw: String, fallback: String, at location: SourceLocation) -> String {
        var name = Self.upperName(raw)
        if name.isEmpty { name = fallback }
        if SpecRules.reservation(ofModelName: name) != nil { name += "Model" }
        let unique = Self.numbered(name, isTaken: isTypeNameTaken)
        takenTypeNames.insert(unique)
        if unique != raw, components[raw] != nil {
            diagnostics.rename("schema '\(raw)' becomes model '\(unique)'", at: location)
        }
        return unique
    }

    /// The endpoint's name, unique in the module; when its body or response is an inline model
    /// (named `<Endpoint>Request` / `<Endpoint>Response` by the generator), that name must be free too.
    mutating func uniqueEndpointName(_ operation: Operation, envelope: ImportedEnvelope?, taken: inout Set<String>) -> String {
        var name: String
        if let id = operation.operationId, !SwiftNaming.lowerCamel(id).isEmpty {
            name = Self.lowerName(id, fallback: "call")
        } else {
            // `GET /pets/{petId}/photos` → `getPetsPetIdPhotos`.
            name = Self.lowerName(operation.method.lowercased() + " " + operation.path, fallback: "call")
        }
        let suffixes = inlineModelSuffixes(operation, envelope: envelope)
        let unique = Self.numbered(name) { candidate in
            taken.contains(candidate) || suffixes.contains { isTypeNameTaken(Self.upperName(candidate) + $0) }
        }
        if let clash = suffixes.map({ Self.upperName(name) + $0 }).first(where: isTypeNameTaken), !taken.contains(name) {
            diagnostics.rename("operation '\(name)' becomes endpoint '\(unique)': its inline \(clash.hasSuffix("Request") ? "body" : "response") would be the model '\(clash)', a name already taken", at: operation.location)
        }
        taken.insert(unique)
        for suffix in suffixes { takenTypeNames.insert(Self.upperName(unique) + suffix) }
        return unique
    }

    private func isTypeNameTaken(_ name: String) -> Bool {
        takenTypeNames.contains(name) || SpecRules.reservation(ofModelName: name) != nil
    }

    /// `Request` and `Response` when the generator will make inline models of those names (and
    /// `Response` and `<Case>Body` for responses per status).
    private func inlineModelSuffixes(_ operation: Operation, envelope: ImportedEnvelope?) -> [String] {
        var suffixes: [String] = []
        switch operation.body?.content {
        case .json(let schema, _)?:
            if let object = objectParts(schema), !object.properties.isEmpty, !isReference(schema) { suffixes.append("Request") }
        case .form(let schema)?:
            if case .reference(let name) = schema.kind, modelNames[name] != nil, formStylesAreDefault(schema, operation.body?.formEncoding ?? [:]) {} else { suffixes.append("Request") }
        case .multipart?:
            suffixes.append("Request")
        case .raw?, .file?, nil:
            break
        }
        if let statuses = perStatusResponses(operation, envelope: envelope) {
            // The enum of the statuses, and the inline models of their bodies.
            suffixes.append("Response")
            for status in statuses {
                guard case .json(let schema) = status.content, let object = objectParts(schema), !object.properties.isEmpty,
                      !isReference(schema) else { continue }
                suffixes.append(Self.bodySuffix(status.code))
            }
        } else if case .json(var schema) = operation.response {
            if let envelope, let payload = payload(of: schema, envelope: envelope) { schema = payload }
            if let object = objectParts(schema), !object.properties.isEmpty, !isReference(schema) { suffixes.append("Response") }
        }
        return suffixes
    }

    /// nil when the name the generator derives is free; else an explicit unique one.
    func uniqueSwiftName(_ wire: String, taken: inout Set<String>) -> String? {
        let derived = SwiftNaming.identifier(fromWire: wire)
        let unique = Self.claim(derived, in: &taken)
        return unique == derived ? nil : unique
    }

    /// `name`, else `name2`, `name3`, … (with `separator` before the number): the first that is not taken.
    /// `name`, numbered while `taken` holds it, and then added to `taken`.
    static func claim(_ name: String, in taken: inout Set<String>) -> String {
        let unique = numbered(name) { taken.contains($0) }
        taken.insert(unique)
        return unique
    }

    static func numbered(_ name: String, separator: String = "", isTaken: (String) -> Bool) -> String {
        var candidate = name
        var index = 2
        while isTaken(candidate) {
            candidate = name + separator + String(index)
            index += 1
        }
        return candidate
    }

    /// The spec's path: placeholders renamed, the text between them percent-encoded where it is
    /// not made of RFC 3986 path characters and `%XX` escapes (`?` `#`, spaces, non-ASCII).
    func renamePlaceholders(_ path: String, _ rename: (String) -> String) -> String {
        var result = ""
        var rest = Substring(path)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += Self.encodedPathLiteral(rest[..<open])
            result += "{" + rename(String(rest[rest.index(after: open)..<close])) + "}"
            rest = rest[rest.index(after: close)...]
        }
        return result + Self.encodedPathLiteral(rest)
    }

    static func encodedPathLiteral(_ text: Substring) -> String {
        let bytes = Array(text.utf8)
        func isHex(_ b: UInt8) -> Bool {
            (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x66)
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            let isPathByte = (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39)
                || "-._~!$&'()*+,;=:@/".utf8.contains(b)
            if isPathByte || (b == UInt8(ascii: "%") && i + 2 < bytes.count && isHex(bytes[i + 1]) && isHex(bytes[i + 2])) {
                out.append(b)
            } else {
                let hex = Array("0123456789ABCDEF".utf8)
                out += [UInt8(ascii: "%"), hex[Int(b >> 4)], hex[Int(b & 0x0F)]]
            }
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func describe(_ kind: SpecType.Kind) -> String {
        switch kind {
        case .scalar: return "a scalar"
        case .enumModel: return "an enum"
        case .structModel: return "an object"
        case .json: return "free-form JSON"
        case .data: return "binary data"
        case .file: return "a file"
        case .dictionary: return "a map"
        case .array(let element): return "an array of \(describe(element).split(separator: " ", maxSplits: 1).last!)s"
        }
    }
}
