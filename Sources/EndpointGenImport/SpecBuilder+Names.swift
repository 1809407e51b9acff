import EndpointGenSpec
import EndpointGenSupport

// Unique, legal names for types, endpoints and fields: the names import gives beyond the
// document's. Endpoints lose their service's words (`shortenEndpointNames`; a clash keeps both
// full, whatever the order); no endpoint is named like a paginated endpoint's `<name>Pages`
// method (`uniqueEndpointName` numbers a full name, `takesShortNames` keeps a short one full);
// shared parameters that the Namer would rename onto another's name keep a name of their own
// (`keepSharedNamesApart`, in `SpecBuilder+Endpoints.swift`) with the `typePrefix` that keeps
// their types' names; union cases lose the union's name (`unionCases`, after deduplication);
// model names the spec stage reserves are renamed with a warning (`isReservedTypeName`).
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
        // A name Swift or the runtime has, or one that app code importing Foundation or
        // SwiftUI would find ambiguous (`Link`, `Label`): the spec stage warns about the latter.
        if Self.isReservedTypeName(name) { name += "Model" }
        let unique = Self.numbered(name, isTaken: isTypeNameTaken)
        takenTypeNames.insert(unique)
        if unique != raw, components[raw] != nil {
            diagnostics.rename("schema '\(raw)' becomes model '\(unique)'", at: location)
        }
        return unique
    }

    /// The endpoint's name, unique in the module; when its body or response is an inline model
    /// (named `<Endpoint>Request` / `<Endpoint>Response` by the generator), that name must be free too.
    /// A paginated endpoint's `<name>Pages` method is a name taken too; the names paginated
    /// operations would give theirs (`pagesMethodNames`) are free for no other endpoint, so the
    /// one numbered is the same whatever the order.
    mutating func uniqueEndpointName(_ operation: Operation, envelope: ImportedEnvelope?, taken: inout Set<String>) -> String {
        let name = Self.baseEndpointName(operation)
        let suffixes = inlineModelSuffixes(operation, envelope: envelope)
        let paginated = !operation.paginate.isEmpty
        let unique = Self.numbered(name) { candidate in
            taken.contains(candidate) || Self.endpointMembers.contains(candidate)
                || suffixes.contains { isTypeNameTaken(Self.upperName(candidate) + $0) }
                || pagesMethodNames.contains(candidate) || (paginated && taken.contains(candidate + "Pages"))
        }
        if let clash = suffixes.map({ Self.upperName(name) + $0 }).first(where: isTypeNameTaken), !taken.contains(name) {
            diagnostics.rename("operation '\(name)' becomes endpoint '\(unique)': its inline \(clash.hasSuffix("Request") ? "body" : "response") would be the model '\(clash)', a name already taken", at: operation.location)
        } else if Self.endpointMembers.contains(name) {
            diagnostics.rename("operation '\(name)' becomes endpoint '\(unique)': the generated router or service has a member '\(name)'", at: operation.location)
        } else if unique != name, !taken.contains(name) {
            let reason = pagesMethodNames.contains(name) ? "'\(name)' is the pages method of a paginated endpoint" : "its pages method '\(name)Pages' would be another endpoint's name"
            diagnostics.rename("operation '\(name)' becomes endpoint '\(unique)': \(reason)", at: operation.location)
        }
        taken.insert(unique)
        if paginated { taken.insert(unique + "Pages") }
        for suffix in suffixes { takenTypeNames.insert(Self.upperName(unique) + suffix) }
        return unique
    }

    /// Names the spec loader refuses for an endpoint: members of the generated router or service
    /// (`init`, `self`, `path`), which an operationId may be.
    static let endpointMembers = Set(GeneratedCodeContract.routerAndServiceMembers)

    /// The endpoint's name before it is made unique: its operationId camel-cased, else its
    /// method and path (`GET /pets/{petId}/photos` → `getPetsPetIdPhotos`).
    static func baseEndpointName(_ operation: Operation) -> String {
        if let id = operation.operationId, !SwiftNaming.lowerCamel(id).isEmpty {
            return lowerName(id, fallback: "call")
        }
        return lowerName(operation.method.lowercased() + " " + operation.path, fallback: "call")
    }

    /// The endpoint's name without the words of its service, which its type already says
    /// (`issues/create` in `Issues` → `create`: `IssuesService.create`), or nil when nothing is
    /// left, or what is left is not a plain identifier (a keyword, a leading digit) or a member
    /// the generated router or service has.
    static func shortEndpointName(_ operationID: String, service: String) -> String? {
        // The words as the document writes them: camel-casing would join `2fa` to the word before.
        let words = SwiftNaming.words(operationID)
        let serviceWords = SwiftNaming.words(service)
        guard !serviceWords.isEmpty, words.count > serviceWords.count,
              zip(words, serviceWords).allSatisfy({ $0.lowercased() == $1.lowercased() }) else { return nil }
        let short = SwiftNaming.lowerCamel(words.dropFirst(serviceWords.count).joined(separator: " "))
        guard let first = short.utf8.first, first >= 0x61 && first <= 0x7A, SwiftNaming.identifier(fromWire: short) == short,
              !SwiftNaming.keywords.contains(short), !GeneratedCodeContract.routerAndServiceMembers.contains(short) else { return nil }
        return short
    }

    /// Each endpoint of a service named without the service's words (`shortEndpointName`) unless
    /// that name meets another endpoint's name in the service, or a paginated one's `<name>Pages`
    /// method: then the ones that meet keep their full names, whatever their order. The types
    /// made from a shortened endpoint keep the full name, unique in the module
    /// (`typePrefix: IssuesCreate` → `IssuesCreateRequest`).
    static func shortenEndpointNames(_ endpoints: inout [ImportedEndpoint], operationIDs: [String?], service: String) {
        var names = endpoints.map(\.name)
        let shorts = operationIDs.map { $0.flatMap { shortEndpointName($0, service: service) } }
        let useShort = takesShortNames(full: names, short: shorts, paginated: endpoints.map { !$0.paginate.isEmpty })
        for index in endpoints.indices where useShort[index] {
            let short = shorts[index]!
            if makesTypes(endpoints[index]), endpoints[index].typePrefix == nil, upperName(short) != upperName(names[index]) {
                endpoints[index].typePrefix = upperName(names[index])
            }
            names[index] = short
            endpoints[index].name = short
        }
    }

    /// Which of a list of names (unique among themselves) take their short form: each that has
    /// one, unless it meets another name of the list, short or full; then both stay full. A
    /// `paginated` name also has `<name>Pages`: a short name that meets it stays full, and the
    /// paginated one too when what it meets is a full name. The same whatever the order of the list.
    static func takesShortNames(full: [String], short: [String?], paginated: [Bool]? = nil) -> [Bool] {
        var useShort = short.map { $0 != nil }
        // Reverting a name can only end clashes it is in; whatever it starts, the other name
        // reverts in a later round, and with every name full nothing clashes (the full names
        // and their pages methods are unique): a fixed point in a few rounds.
        var changed = true
        while changed {
            changed = false
            let current = full.indices.map { useShort[$0] ? short[$0]! : full[$0] }
            var count: [String: Int] = [:]
            for name in current { count[name, default: 0] += 1 }
            for index in full.indices where paginated?[index] == true { count[current[index] + "Pages", default: 0] += 1 }
            for index in full.indices where useShort[index] && count[current[index]]! > 1 {
                useShort[index] = false
                changed = true
            }
            // A paginated name whose pages method meets a name that stays: the paginated one
            // reverts, once the names that meet it have had their round.
            guard !changed else { continue }
            for index in full.indices where useShort[index] && paginated?[index] == true && count[current[index] + "Pages"]! > 1 {
                useShort[index] = false
                changed = true
            }
        }
        return useShort
    }

    /// A union's cases, named without the union's name where their types start with it
    /// (`RequestLabelsItemObject` in `RequestLabelsItem` → `object`, not
    /// `requestLabelsItemObject`), in the long form `{ type: …, name: object }`; each keeps the
    /// name its type gives when the short one is not an identifier or meets another case's.
    static func unionCases(_ types: [TypeExpr], of parent: String) -> [(type: TypeExpr, name: String?)] {
        let derived = types.map(Namer.unionCaseName(of:))
        let shorts = types.map { shortCaseName($0, parent: parent) }
        let useShort = takesShortNames(full: derived, short: shorts)
        return types.indices.map { (types[$0], useShort[$0] ? shorts[$0] : nil) }
    }

    /// The cases of every union of `file` named by `unionCases`, after their final types and
    /// the union's final name (deduplication renames both).
    static func nameUnionCases(_ file: inout ImportedFile) {
        for index in file.models.indices {
            // A union the document named (an export's long form) keeps its names.
            guard case .union(let cases) = file.models[index].kind, cases.allSatisfy({ $0.name == nil }) else { continue }
            file.models[index].kind = .union(unionCases(cases.map(\.type), of: file.models[index].name))
        }
    }

    /// The cases of a discriminated `oneOf` named after their models (integer tags), by model,
    /// where a shorter name without the union's name fits (`unionCases`).
    static func shortModelCaseNames(_ models: [String], of parent: String) -> [String: String] {
        let types = models.map { TypeExpr.name($0, SourceLocation(file: "", line: 1, column: 1)) }
        var result: [String: String] = [:]
        for (model, item) in zip(models, unionCases(types, of: parent)) {
            if let name = item.name { result[model] = name }
        }
        return result
    }

    /// The case name of `type` without `parent` at the start of its model's name, as the
    /// union names a case of its own (`[ParentItem]` → `itemList`); nil when no model name
    /// starts with it at a word, or the rest is no plain identifier.
    private static func shortCaseName(_ type: TypeExpr, parent: String) -> String? {
        switch type {
        case .name(let name, _):
            let rest = String(name.dropFirst(parent.count))
            guard name.hasPrefix(parent), let first = rest.utf8.first, first >= 0x41 && first <= 0x5A else { return nil }
            return plainCaseName(Namer.unionCaseName(of: .name(rest, type.location)))
        case .array(let element): return shortCaseName(element, parent: parent).map { $0 + "List" }
        case .dictionary(let value): return shortCaseName(value, parent: parent).map { $0 + "Map" }
        case .optional, .envelope, .stream: return nil
        }
    }

    /// `name` when it needs no escaping or renaming in Swift (no keyword, no `unknown`).
    static func plainCaseName(_ name: String) -> String? {
        SwiftNaming.keywords.contains(name) || SwiftNaming.identifier(fromWire: name) != name || name == GeneratedCodeContract.fallbackCase ? nil : name
    }

    /// Whether the generator names types after the endpoint: an inline body or response, a
    /// multipart struct, responses per status.
    static func makesTypes(_ endpoint: ImportedEndpoint) -> Bool {
        switch endpoint.body {
        case .json?, .form?, .multipart?: return true
        case .type?, .formModel?, .raw?, .file?, nil: break
        }
        if case .fields? = endpoint.response { return true }
        return endpoint.responses != nil
    }

    private func isTypeNameTaken(_ name: String) -> Bool {
        takenTypeNames.contains(name) || Self.isReservedTypeName(name)
    }

    /// A model name the importer never picks: reserved (an error in specs) or a Foundation or
    /// SwiftUI type's (a warning in specs).
    static func isReservedTypeName(_ name: String) -> Bool {
        SpecRules.reservation(ofModelName: name) != nil || SpecRules.framework(ofModelName: name) != nil
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
                suffixes.append(Self.bodySuffix(status.status))
            }
        } else if case .json(var schema) = operation.response {
            if let envelope, let payload = payload(of: schema, envelope: envelope) { schema = payload }
            if let object = objectParts(schema), !object.properties.isEmpty, !isReference(schema) { suffixes.append("Response") }
        }
        return suffixes
    }

    /// nil when the name the generator derives is free; else an explicit unique one.
    func uniqueSwiftName(_ wire: String, given: String? = nil, taken: inout Set<String>) -> String? {
        let derived = SwiftNaming.identifier(fromWire: wire)
        // An export's `x-endpointgen-name`, when the spec would take it as a `name:`.
        let wanted = given.flatMap { SpecRules.isSwiftName($0) ? $0 : nil } ?? derived
        let unique = Self.claim(wanted, in: &taken)
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
