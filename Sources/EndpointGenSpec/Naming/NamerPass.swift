import EndpointGenSupport

/// The work of `Namer.name(_:)`: one walk over the module filling the table, each scope's
/// clashes checked with a plain dictionary of the names given so far.
struct NamerPass {
    var table = NameTable()
    var diagnostics = DiagnosticBag()
    /// Type names no model or generated type may take, with the reason (filled by `nameTypes`).
    var reservedTypes: [String: String] = [:]
    /// Multipart structs named so far, and where (they are module-wide types too).
    var multipartTypes: [String: (endpoint: String, service: String, location: SourceLocation)] = [:]
    /// Models in a cycle of direct fields, by cycle (`ModelCycles`): their fields into the same
    /// cycle are boxed, with `_name` storage.
    var cycles: [String: Int] = [:]

    mutating func run(_ module: SpecModule) {
        let models = module.files.flatMap(\.models)
        var byName: [String: Int] = [:]
        for (index, model) in models.enumerated() { byName[model.name] = index }
        cycles = ModelCycles.find(in: models, byName: byName)
        nameTypes(module)
        nameFiles(module)
        for file in module.files {
            for model in file.models { nameMembers(of: model) }
            if let service = file.service { name(service) }
        }
    }

    // MARK: - Types

    /// Every type of the module: models, per-status response enums, the per-service types and
    /// multipart structs, none of them a reserved name, and no two the same.
    mutating func nameTypes(_ module: SpecModule) {
        // Every reserved name with the reason, so that one lookup per type checks them all.
        var reserved = Namer.reservedTypeNames
        for file in module.files {
            guard let service = file.service else { continue }
            for suffix in SpecRules.generatedTypeSuffixes {
                reserved[service.name + suffix] = "it is generated for service '\(service.name)'"
            }
        }
        for file in module.files {
            guard let service = file.service else { continue }
            for endpoint in service.endpoints {
                guard let name = endpoint.responsesTypeName, let location = endpoint.responsesLocation else { continue }
                // The enum is a type of the module: no runtime, Swift or service type, and one per name.
                if let reason = reserved[name] {
                    diagnostics.error(
                        "the responses of endpoint '\(endpoint.name)' would be the enum '\(name)', a reserved name: \(reason); rename the endpoint or give it a 'typePrefix'",
                        at: location)
                    continue
                }
                reserved[name] = "it is generated for the responses of endpoint '\(endpoint.name)' of service '\(service.name)'"
            }
        }
        for file in module.files {
            for model in file.models {
                if let reason = reserved[model.name] {
                    if case .declared = model.origin {
                        diagnostics.error("model name '\(model.name)' is reserved: \(reason)", at: model.location)
                    } else {
                        diagnostics.error("\(Self.describe(model)) is generated as model '\(model.name)', a reserved name: \(reason)", at: model.location)
                    }
                } else if case .declared = model.origin, let framework = Namer.frameworkTypeNames[model.name] {
                    diagnostics.warning(
                        "model '\(model.name)' has the name of \(framework)'s '\(model.name)': in app files that import \(framework) and the generated module, '\(model.name)' is ambiguous unless qualified; a model's name is never sent, so renaming it (say '\(model.name)DTO') changes no request",
                        at: model.location)
                }
                table.models[model.name] = ModelNames(type: SwiftName(Namer.typeName(model.name), at: model.location), members: [])
            }
        }
        reservedTypes = reserved
    }

    private static func describe(_ model: Model) -> String {
        switch model.origin {
        case .inlineRequest(let endpoint): return "the inline body of endpoint '\(endpoint)'"
        case .inlineResponse(let endpoint): return "the inline response of endpoint '\(endpoint)'"
        case .declared: return "model"
        }
    }

    // MARK: - Files

    /// The output files of each spec, no two alike once letter case is ignored (on the default
    /// file systems of macOS and Windows `FooBarRouter.swift` and `FoobarRouter.swift` are one
    /// file). One error per pair of specs, naming the first file they share.
    private mutating func nameFiles(_ module: SpecModule) {
        var owners: [String: (name: String, spec: String, location: SourceLocation)] = [:]
        var services: Set<String> = []
        for file in module.files {
            // A service defined twice is the Resolver's error; its files are not a second one.
            if let service = file.service, !services.insert(service.name).inserted { continue }
            let location = file.service?.location ?? SourceLocation(file: file.path, line: 1, column: 1)
            var names = FileNames(modelsStem: file.service?.name ?? Namer.modelsStem(ofSpecStem: file.stem), location: location)
            var outputs: [String] = []
            if let service = file.service {
                names.router = service.name + "Router.swift"
                names.service = service.name + "Service.swift"
                names.fake = service.name + "ServiceFake.swift"
                outputs = [names.router!, names.service!, names.fake!]
            }
            let hasMultipart = file.service?.endpoints.contains { if case .multipart? = $0.body { true } else { false } } ?? false
            if !file.models.isEmpty || hasMultipart { outputs.append(names.modelsStem + "Models.swift") }
            table.files[file.path] = names
            checkLength(of: outputs, file, at: location)
            // A file past the line limit is cut into `<base>-<first>.swift` files (`Namer.cutFileName`),
            // which depend on line counts the Namer does not know: each base's whole family of cut
            // files is reserved instead. Stems are identifiers (no `-`), so a cut file can only meet
            // a file of the same family: two specs whose cut files could meet are one error here.
            outputs += outputs.map { Namer.cutFileFamily(ofFile: $0) }
            var reported: Set<String> = []
            for output in outputs {
                let key = output.lowercased()
                guard let owner = owners[key] else {
                    owners[key] = (output, file.path, location)
                    continue
                }
                guard reported.insert(owner.spec).inserted else { continue }
                let what = owner.name == output
                    ? "both generate '\(output)'"
                    : "generate '\(owner.name)' and '\(output)', names that differ only in letter case (one file on macOS and Windows)"
                diagnostics.error(
                    "'\(owner.spec)' and '\(file.path)' \(what); rename a service or a spec file",
                    at: location, notes: [.note("'\(owner.name)' comes from here", at: owner.location)])
            }
        }
    }

    /// Every output name within `Namer.maxFileNameBytes`, the fake's too (written only with
    /// fakes on, but a spec must not turn invalid with an option). Cut files fit by their rule.
    private mutating func checkLength(of outputs: [String], _ file: SpecFile, at location: SourceLocation) {
        guard let longest = outputs.max(by: { $0.utf8.count < $1.utf8.count }), longest.utf8.count > Namer.maxFileNameBytes else { return }
        if let service = file.service {
            let room = Namer.maxFileNameBytes - (longest.utf8.count - service.name.utf8.count)
            diagnostics.error(
                "service name is \(service.name.utf8.count) characters long; at most \(room), so that '<name>\(longest.dropFirst(service.name.count))' stays within \(Namer.maxFileNameBytes) bytes",
                at: location)
        } else {
            diagnostics.error(
                "the file name makes the output name '\(longest.prefix(40))…Models.swift' longer than \(Namer.maxFileNameBytes) bytes; shorten the file name",
                at: location)
        }
    }

    // MARK: - Members

    private mutating func nameMembers(of model: Model) {
        let members: [SwiftName]
        switch model.kind {
        case .structure(let fields):
            members = fieldNames(fields, kind: "fields", owner: "model '\(model.name)'")
            let cycles = self.cycles
            checkStorageNames(fields, members, owner: Namer.typeName(model.name)) { field in
                guard let cycle = cycles[model.name], case .model(let target) = field.type.unwrapped else { return false }
                return cycles[target] == cycle
            }
        case .enumeration(let enumModel):
            members = caseNames(enumModel, of: "enum '\(model.name)'")
        case .oneOf(let oneOf):
            members = caseNames(oneOf, of: "'oneOf' of model '\(model.name)'")
        case .union(let union):
            members = caseNames(union, of: "'oneOf' of model '\(model.name)'")
        }
        table.models[model.name]?.members = members
    }

    /// The names of fields, parameters or parts of one scope, each clash reported at the later one.
    mutating func fieldNames(_ fields: [Field], kind: String, owner: @autoclosure () -> String) -> [SwiftName] {
        var result: [SwiftName] = []
        result.reserveCapacity(fields.count)
        var seen: [String: Int] = [:]
        for (index, field) in fields.enumerated() {
            let name = Namer.memberName(override: field.swiftNameOverride, wire: field.wireName)
            if let first = seen[name] {
                diagnostics.error(
                    "\(kind) '\(fields[first].wireName)' and '\(field.wireName)' of \(owner()) both become '\(name)' in Swift; give one another 'name:' in the long form",
                    at: field.location, notes: [.note("'\(fields[first].wireName)' is here", at: fields[first].location)])
            } else {
                seen[name] = index
            }
            result.append(SwiftName(name, at: field.location))
        }
        return result
    }

    /// A deprecated or boxed field is stored as `_<name>` (`boxed` says which fields are): no
    /// other field of the struct may take that name.
    mutating func checkStorageNames(_ fields: [Field], _ names: [SwiftName], owner: String, boxed: (Field) -> Bool) {
        for (index, field) in fields.enumerated() where field.deprecation != nil || boxed(field) {
            guard let clash = names.firstIndex(where: { $0.name == "_" + names[index].name }) else { continue }
            diagnostics.error(
                "'\(fields[clash].wireName)' in '\(owner)' becomes '\(names[clash].name)', the name of the storage of the field '\(field.wireName)'; give it a different 'name:'",
                at: fields[clash].location, notes: [.note("'\(field.wireName)' is here", at: field.location)])
        }
    }

    /// An enum's cases: made-up names warned about, the fallback `unknown` kept free.
    private mutating func caseNames(_ model: EnumModel, of what: String) -> [SwiftName] {
        var result: [SwiftName] = []
        var seen: [String: EnumModel.Case] = [:]
        for item in model.cases {
            var (name, synthesized) = Namer.enumCaseName(item.value, override: item.swiftNameOverride, rawType: model.rawType)
            if synthesized {
                diagnostics.warning(
                    "value '\(item.value)' of \(what) has no letters; its case is named '\(name)'; name it with the long form 'values: { name: value }' to choose another",
                    at: item.location)
            }
            name = keepFallbackFree(name, given: item.swiftNameOverride != nil, value: item.value, of: what, at: item.location,
                                    longForm: "'values: { name: value }'")
            if let first = seen[name] {
                diagnostics.error(
                    "values '\(first.value)' and '\(item.value)' of \(what) both become the case '\(name)'; name them with the long form 'values: { name: value }'",
                    at: item.location, notes: [.note("'\(first.value)' is here", at: first.location)])
            } else {
                seen[name] = item
            }
            result.append(SwiftName(name, at: item.location))
        }
        return result
    }

    private mutating func caseNames(_ model: OneOfModel, of what: String) -> [SwiftName] {
        var result: [SwiftName] = []
        var seen: [String: OneOfModel.Variant] = [:]
        for variant in model.variants {
            let place = variant.nameLocation ?? variant.location
            let value = variant.value.isEmpty ? "\"\"" : variant.value
            var name = Namer.oneOfCaseName(variant, valueType: model.valueType)
            name = keepFallbackFree(name, given: variant.swiftNameOverride != nil, value: variant.value, of: what, at: place,
                                    longForm: "'\(value): { model: \(variant.model), name: caseName }'")
            if let first = seen[name] {
                diagnostics.error(
                    "cases '\(first.value)' and '\(variant.value)' of \(what) both become the case '\(name)'; "
                        + (variant.swiftNameOverride == nil ? "name one with the long form '\(value): { model: \(variant.model), name: caseName }'" : "give one another 'name'"),
                    at: place, notes: [.note("'\(first.value)' is here", at: first.nameLocation ?? first.location)])
            } else {
                seen[name] = variant
            }
            result.append(SwiftName(name, at: place))
        }
        return result
    }

    /// A union's cases, named from their types unless given a `name:`; a clash is reported at
    /// the later case's name (or type, when the name is made from it).
    private mutating func caseNames(_ model: UnionModel, of what: String) -> [SwiftName] {
        var result: [SwiftName] = []
        var seen: [String: UnionModel.Variant] = [:]
        for variant in model.variants {
            let name = Namer.unionCaseName(variant)
            let place = variant.nameLocation ?? variant.typeLocation
            if let first = seen[name] {
                let type = variant.type.specSpelling
                diagnostics.error(
                    "cases '\(first.type.specSpelling)' and '\(type)' of \(what) both become the case '\(name)'; "
                        + (variant.swiftNameOverride == nil ? "name one with the long form '{ type: \(type), name: caseName }'" : "give one another 'name'"),
                    at: place, notes: [.note("'\(first.type.specSpelling)' is here", at: first.nameLocation ?? first.typeLocation)])
            } else {
                seen[name] = variant
            }
            result.append(SwiftName(name, at: place))
        }
        return result
    }

    /// `unknown` is every generated enum's fallback case: a `name:` may not take it (an error),
    /// and a name made from the value `unknown` becomes `unknown_` (a warning).
    private mutating func keepFallbackFree(
        _ name: String, given: Bool, value: String, of what: String, at location: SourceLocation, longForm: String
    ) -> String {
        guard name == GeneratedCodeContract.fallbackCase else { return name }
        if given {
            diagnostics.error(
                "case name 'unknown' of \(what) is the fallback case for values the spec does not list; choose another",
                at: location)
            return name
        }
        diagnostics.warning(
            "value '\(value)' of \(what) becomes the case 'unknown_', since 'unknown' is the fallback case for values the spec does not list; name it with the long form \(longForm) to choose another",
            at: location)
        return name + "_"
    }
}
