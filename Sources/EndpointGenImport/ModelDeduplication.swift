import EndpointGenSpec
import EndpointGenSupport

/// Inline models that are written the same (their fields, cases or values; summaries aside) are
/// one model: a document repeats the same inline enum in every operation that has a `direction`
/// parameter (20 copies in GitHub's). The importer names inline models after their owner, so
/// without this each copy became a Swift type of its own that app code could not pass from one
/// call to another.
///
/// The model kept is the first component of that structure, else one inline copy named after
/// what all the copies' names end with (`ListReposDirection`, `ListIssuesDirection` →
/// `Direction`) when that name is free (for copies in several services, else that name with
/// `Value`: `StateValue`), else the copy with the shortest name; every type that
/// named another copy names it instead. Inline copies are one model only when their names end
/// with the same word (the property or parameter they are for, numbering aside): one copy's name
/// would mislead at the others' places (GitHub's `milestone: IssuesCreateRequestTitle`, every
/// app permission an `AppPermissionsPages`, Stripe's `support_url` a `PostQuotesRequestFooter`).
/// Components are never merged with each other: their names are the document's. Copies in several files are kept
/// in the shared file (`schemas.yaml`), from where models one service alone uses go back to it.
/// Repeats until nothing changes, since merging two models can make the models that hold them the same.
enum ModelDeduplication {
    static func run(shared: inout ImportedFile, files: inout [ImportedFile], components: Set<String>, notes: inout DiagnosticBag) {
        // Bounded: each round removes at least one model.
        while merge(shared: &shared, files: &files, components: components, notes: &notes) {}
    }

    /// One round; true when it merged anything.
    private static func merge(shared: inout ImportedFile, files: inout [ImportedFile], components: Set<String>, notes: inout DiagnosticBag) -> Bool {
        // (file index, model index); the shared file is index -1.
        var groups: [String: [(file: Int, model: Int)]] = [:]
        var order: [String] = []
        func visit(_ file: ImportedFile, _ fileIndex: Int) {
            for (index, model) in file.models.enumerated() {
                let key = SpecPrinter.structure(of: model)
                if groups[key] == nil { order.append(key) }
                groups[key, default: []].append((fileIndex, index))
            }
        }
        visit(shared, -1)
        for (index, file) in files.enumerated() { visit(file, index) }

        func model(_ place: (file: Int, model: Int)) -> ImportedModel {
            place.file < 0 ? shared.models[place.model] : files[place.file].models[place.model]
        }
        var renamed: [String: String] = [:]
        var removed: Set<String> = []
        var taken = Set(shared.models.map(\.name) + files.flatMap { $0.models.map(\.name) })
        let services = files.compactMap { $0.service?.name }
        var toShared: [ImportedModel] = []
        var movedOut: Set<String> = []
        for key in order {
            guard let group = groups[key], group.count > 1 else { continue }
            for places in byLastWord(group, model: model, components: components) where places.count > 1 {
                let survivor = places.enumerated().min { a, b in
                    let (x, y) = (model(a.element), model(b.element))
                    let (xc, yc) = (components.contains(x.name), components.contains(y.name))
                    if xc != yc { return xc }
                    if !xc, x.name.count != y.name.count { return x.name.count < y.name.count }
                    return a.offset < b.offset
                }!.element
                var kept = model(survivor)
                // Inline copies only.
                let candidates = components.contains(kept.name) ? [] : sharedNames(places.map { (model($0).name, $0.file) }, files: files)
                if let common = candidates.first(where: { !taken.contains($0) && isFree($0, services: services) }) {
                    taken.insert(common)
                    renamed[kept.name] = common
                    notes.rename("model '\(kept.name)' becomes '\(common)', the name its \(places.count) copies share", at: kept.location)
                    kept.name = common
                    if survivor.file < 0 { shared.models[survivor.model].name = common } else { files[survivor.file].models[survivor.model].name = common }
                }
                for place in places where place != survivor && !components.contains(model(place).name) {
                    let copy = model(place)
                    renamed[copy.name] = kept.name
                    removed.insert(copy.name)
                    notes.rename("model '\(copy.name)' is the same as '\(kept.name)'; one model '\(kept.name)' is written", at: copy.location)
                }
                // Copies in several files: the model is shared.
                if survivor.file >= 0, Set(places.map(\.file)).count > 1 {
                    toShared.append(kept)
                    movedOut.insert(kept.name)
                }
            }
        }
        guard !renamed.isEmpty else { return false }
        shared.models.removeAll { removed.contains($0.name) }
        for index in files.indices {
            files[index].models.removeAll { removed.contains($0.name) || movedOut.contains($0.name) }
        }
        shared.models += toShared
        rename(&shared, renamed)
        for index in files.indices { rename(&files[index], renamed) }
        return true
    }

    /// The copies of one structure that are one model: all of them when one is a component (its
    /// name is the document's, whatever the copies are for), else those whose names end with the
    /// same word, in order of first appearance.
    private static func byLastWord(
        _ places: [(file: Int, model: Int)], model: (_ place: (file: Int, model: Int)) -> ImportedModel, components: Set<String>
    ) -> [[(file: Int, model: Int)]] {
        if places.contains(where: { components.contains(model($0).name) }) { return [places] }
        var parts: [[(file: Int, model: Int)]] = []
        var index: [String: Int] = [:]
        for place in places {
            let word = lastWord(model(place).name)
            if let at = index[word] { parts[at].append(place) } else { index[word] = parts.count; parts.append([place]) }
        }
        return parts
    }

    /// The last word of a name, lowercased, without the number that made a name unique
    /// (`SearchResultTextMatchesItem2` → `item`; `BillableMACOS` → `macos`).
    static func lastWord(_ name: String) -> String {
        var word = Substring(SwiftNaming.words(name).last ?? name)
        while let last = word.last, last.isNumber, word.count > 1 { word.removeLast() }
        return word.lowercased()
    }

    /// The CamelCase words all `names` end with (`ListReposDirection`, `SearchDirection` →
    /// `Direction`), nil when they share none. A leading `Request` or `Response` is what the
    /// copies' bodies were called, not what the model is (`IssuesCreateRequestTitle`,
    /// `IssuesUpdateRequestTitle` → `Title`, not `RequestTitle`).
    /// The names inline copies (name, file index; -1 the shared file) may take, best first: the
    /// name all of them end with. Copies in several services, when that name is taken (SwiftUI
    /// has a `State`): it after the service with the most copies (`IssuesState`), else with
    /// `Value`; never one copy's name, which names another service's operation
    /// (`IssuesService.listForRepo(state: PullsListState)`).
    private static func sharedNames(_ copies: [(name: String, file: Int)], files: [ImportedFile]) -> [String] {
        guard let named = commonName(copies.map(\.name)) else { return [] }
        let owners = copies.map(\.file).filter { $0 >= 0 }
        guard Set(owners).count > 1 else { return [named] }
        var names = [named]
        let counts = owners.reduce(into: [Int: Int]()) { $0[$1, default: 0] += 1 }
        // The most copies; the first in file order among equals.
        if let most = counts.keys.sorted().max(by: { counts[$0]! < counts[$1]! }), let service = files[most].service?.name {
            names.append(service + named)
        }
        return names + [named + "Value"]
    }

    static func commonName(_ names: [String]) -> String? {
        let split = names.map(words)
        guard var common = split.first else { return nil }
        for other in split.dropFirst() {
            var count = 0
            while count < common.count, count < other.count, common[common.count - 1 - count] == other[other.count - 1 - count] { count += 1 }
            common = Array(common.suffix(count))
        }
        while common.count > 1, common[0] == "Request" || common[0] == "Response" { common.removeFirst() }
        let name = common.joined()
        guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first), name.count > 1 else { return nil }
        return name
    }

    /// `ListReposDirection` → `List`, `Repos`, `Direction`; digits stay with the word before.
    private static func words(_ name: String) -> [String] {
        var result: [String] = []
        for character in name {
            if character.isUppercase || result.isEmpty { result.append(String(character)) } else { result[result.count - 1].append(character) }
        }
        return result
    }

    /// Whether a model may be named `name` without meeting a type the generator or the frameworks
    /// declare: reserved names, `<Service>Router` and its kin, the `<Endpoint>Request` and
    /// `<Endpoint>Response` of inline bodies and responses, Foundation's and SwiftUI's types.
    private static func isFree(_ name: String, services: [String]) -> Bool {
        if SpecRules.reservation(ofModelName: name) != nil || SpecRules.framework(ofModelName: name) != nil { return false }
        if name.hasSuffix("Request") || name.hasSuffix("Response") { return false }
        return !services.contains { service in SpecRules.generatedTypeSuffixes.contains { service + $0 == name } || service == name }
    }

    /// Every type of `file` that names a model of `map` names its replacement.
    private static func rename(_ file: inout ImportedFile, _ map: [String: String]) {
        func type(_ expression: TypeExpr) -> TypeExpr { expression.renaming(map) }
        func fields(_ list: inout [ImportedField]) {
            for index in list.indices { list[index].type = type(list[index].type) }
        }
        for index in file.models.indices {
            switch file.models[index].kind {
            case .fields(var list):
                fields(&list)
                file.models[index].kind = .fields(list)
            case .oneOf(let discriminator, let integer, let cases):
                file.models[index].kind = .oneOf(discriminator: discriminator, integer: integer,
                                                 cases: cases.map { ($0.value, map[$0.model] ?? $0.model, $0.name) })
            case .union(let cases):
                file.models[index].kind = .union(cases.map { (type($0.type), $0.name) })
            case .stringEnum, .integerEnum:
                break
            }
        }
        func response(_ response: ImportedResponse) -> ImportedResponse {
            switch response {
            case .type(let expression): return .type(type(expression))
            case .fields(var list): fields(&list); return .fields(list)
            }
        }
        guard var service = file.service else { return }
        fields(&service.sharedHeaders)
        fields(&service.sharedQuery)
        if let model = service.errorBody?.model { service.errorBody?.model = map[model] ?? model }
        for index in service.endpoints.indices {
            var endpoint = service.endpoints[index]
            fields(&endpoint.params)
            fields(&endpoint.query)
            fields(&endpoint.headerParams)
            switch endpoint.body {
            case .type(let expression)?: endpoint.body = .type(type(expression))
            case .json(var list)?: fields(&list); endpoint.body = .json(list)
            case .form(var list)?: fields(&list); endpoint.body = .form(list)
            case .multipart(var list)?: fields(&list); endpoint.body = .multipart(list)
            case .formModel(let name)?: endpoint.body = .formModel(map[name] ?? name)
            case .raw?, .file?, nil: break
            }
            endpoint.response = endpoint.response.map(response)
            endpoint.responses = endpoint.responses?.map { ($0.status, $0.response.map(response)) }
            service.endpoints[index] = endpoint
        }
        file.service = service
    }
}
