#if ImportSwift
import EndpointGenImport
import EndpointGenSpec

/// Which file each service and model goes to: a file per service, named after it; a model in
/// the file of the one service that uses it, else in `models.yaml` (models of several services
/// or of none).
enum SpecFiles {
    static let sharedFile = "models.yaml"

    static func make(_ services: [(service: ImportedService, router: String)], models: [ImportedModel]) -> [ImportedFile] {
        var modelsByName: [String: ImportedModel] = [:]
        for model in models { modelsByName[model.name] = model }
        let uses = services.map { reachable(from: names(in: $0.service), models: modelsByName) }
        var files: [ImportedFile] = []
        var taken: Set<String> = [sharedFile]
        for (position, entry) in services.enumerated() {
            var fileName = Router.fileName(for: entry.service.name)
            while taken.contains(fileName) { fileName = String(fileName.dropLast(5)) + "-2.yaml" }
            taken.insert(fileName)
            let own = models.filter { model in
                uses[position].contains(model.name) && !uses.enumerated().contains { $0.offset != position && $0.element.contains(model.name) }
            }
            files.append(ImportedFile(fileName: fileName, service: entry.service, models: own))
        }
        let placed = Set(files.flatMap { $0.models.map(\.name) })
        let shared = models.filter { !placed.contains($0.name) }
        if !shared.isEmpty { files.append(ImportedFile(fileName: sharedFile, service: nil, models: shared)) }
        return files
    }

    /// The type names a service's endpoints name.
    private static func names(in service: ImportedService) -> [String] {
        var names: [String] = []
        func add(_ fields: [ImportedField]) { names += fields.flatMap(\.type.names) }
        for endpoint in service.endpoints {
            add(endpoint.params)
            add(endpoint.query)
            add(endpoint.headerParams)
            switch endpoint.body {
            case .type(let type)?: names += type.names
            case .json(let fields)?, .form(let fields)?, .multipart(let fields)?: add(fields)
            case .formModel(let name)?: names.append(name)
            case .raw?, .file?, nil: break
            }
            if case .type(let type)? = endpoint.response { names += type.names }
        }
        return names
    }

    /// `start` and the models their fields name, transitively.
    private static func reachable(from start: [String], models: [String: ImportedModel]) -> Set<String> {
        var seen: Set<String> = []
        var queue = start
        while let name = queue.popLast() {
            guard let model = models[name], seen.insert(name).inserted else { continue }
            switch model.kind {
            case .fields(let fields): queue += fields.flatMap(\.type.names)
            case .union(let cases): queue += cases.flatMap(\.type.names)
            case .oneOf(_, _, let cases): queue += cases.map(\.model)
            case .stringEnum, .integerEnum: break
            }
        }
        return seen
    }
}
#endif
