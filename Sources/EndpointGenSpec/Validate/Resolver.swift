import EndpointGenSupport
import EndpointGenYAML

/// Rules of the spec format, for tools that write specs (the OpenAPI importer).
public enum SpecRules {
    /// Why a model may not take `name` (a built-in, runtime or Swift standard type), or nil.
    public static func reservation(ofModelName name: String) -> String? {
        Namer.reservedTypeNames[name]
    }

    /// The framework (Foundation, SwiftUI) whose type a model named `name` would make ambiguous
    /// in app code, or nil: a name a tool should not pick itself.
    public static func framework(ofModelName name: String) -> String? {
        Namer.frameworkTypeNames[name]
    }

    /// What generated code appends to a service's name for the types it declares per service
    /// (`<Service>Router`, …): no model may take such a name.
    public static let generatedTypeSuffixes: [String] = ["Router", "Service", "ServiceProtocol", "Environment"]

    /// Whether `text` is a MIME type a raw body may declare (`type/subtype`, parameters allowed).
    public static func isMediaType(_ text: String) -> Bool {
        Lexical.isMIMEType(text)
    }

    /// Whether `name` may stand between braces in a spec's path (an ASCII identifier).
    public static func isPlaceholderName(_ name: String) -> Bool {
        Lexical.isIdentifier(name)
    }

    /// Whether `name` may be a field's or parameter's `name:` (an ASCII identifier).
    public static func isSwiftName(_ name: String) -> Bool {
        Lexical.isIdentifier(name)
    }

    /// Whether `text` is a header name a spec may declare (an HTTP token).
    public static func isHeaderName(_ text: String) -> Bool {
        Lexical.isToken(text)
    }

    /// Whether `name` is a `timeZone:` a spec accepts (an IANA zone Foundation knows).
    public static func isTimeZone(_ name: String) -> Bool {
        TimeZoneNames.contains(name)
    }

    /// The `dateEncoding:` values, as specs write them.
    public static let dateEncodings: [String] = DateEncodingKind.allCases.map(\.rawValue)

    /// Whether `text` is a `baseURL` or environment URL a spec accepts.
    public static func isBaseURL(_ text: String) -> Bool {
        Lexical.isAbsoluteHTTPURL(text)
    }
}

/// Resolves the decoded files together: model names across files, types, defaults, parameter
/// kinds, bodies, responses and samples. Reports each unknown name once (not at every use) and
/// stays silent about unknown names when a file could not be read at all (it may define them).
struct Resolver {
    /// Primitive types that can travel in a path, query, header or form field.
    static let parameterPrimitives: Set<PrimitiveType> = [
        .string, .int, .int32, .int64, .double, .float, .bool, .decimal, .date, .url, .uuid,
    ]

    enum FieldContext {
        case modelField, pathParameter, query, headerParameter, formField, multipart

        var allowsFile: Bool { self == .multipart }
    }

    var diagnostics = DiagnosticBag()
    let files: [FileSyntax]
    /// A file failed to load: names it might define are not reported as unknown.
    let incomplete: Bool
    /// What resolution needs to know about a model name without copying its syntax around.
    struct ModelEntry {
        var location: SourceLocation
        /// The cases when the model is an enum.
        var enumModel: EnumModel?
        /// The model is a struct (`fields:`): an object in JSON.
        var isStructure = false
        /// Where the syntax is: file index, inline or declared, index in that list.
        var file: Int
        var inline: Bool
        var index: Int
        /// `.model(name)`, built once: `TypeRef` is boxed, so copies share one allocation.
        var ref: TypeRef

        init(_ model: ModelSyntax, file: Int, inline: Bool, index: Int) {
            self.location = model.location
            self.ref = .model(model.name)
            if case .enumeration(let enumModel) = model.kind { self.enumModel = enumModel }
            if case .structure = model.kind { isStructure = true }
            self.file = file
            self.inline = inline
            self.index = index
        }
    }

    var table: [String: ModelEntry] = [:]
    /// Model names in registration order, for deterministic suggestions.
    var modelNames: [String] = []
    /// Unknown type names and their first use, reported once each.
    var unknownNames: [String: SourceLocation] = [:]
    var resolvedModels: [String: Model] = [:]
    /// Models with a part that was reported and left out: their samples are not checked.
    var incompleteModels: Set<String> = []
    /// Wire name → field index per struct model, built on first use by the sample checker.
    var fieldIndexCache: [String: [String: Int]] = [:]
    /// Where the sample checker is inside the current sample.
    var samplePath: [SampleStep] = []
    /// The `timeZone:` of the file being resolved (its `date` and `local` encodings).
    var fileTimeZone = "UTC"
    /// How the dates of the sample being checked are written: the field's own encoding, else the
    /// service's; nil is ISO 8601.
    var sampleDates: DateEncodingSetting?

    enum SampleStep {
        case key(String)
        case index(Int)
    }

    init(files: [FileSyntax], incomplete: Bool) {
        self.files = files
        self.incomplete = incomplete
    }

    // MARK: - Module

    mutating func resolve() -> SpecModule {
        registerModels()
        var formModels: Set<String> = []
        // Files are walked by index: copying a `FileSyntax` per loop would retain all its parts.
        for fileIndex in files.indices {
            guard let endpoints = files[fileIndex].service?.endpoints else { continue }
            for index in endpoints.indices {
                switch endpoints[index].body {
                case .inlineForm(let name)?, .formModel(let name, _)?: formModels.insert(name)
                default: break
                }
            }
        }
        // Files are resolved on all cores, in two rounds: models first (services' samples read
        // every resolved model), then services. Each file gets its own copy of the resolver, whose
        // findings are merged in file order; the model table is only read from here on.
        let modelRound = Parallel.map(Array(files.indices)) { fileIndex -> (models: [Model], worker: Resolver) in
            var worker = self.worker()
            worker.fileTimeZone = files[fileIndex].timeZone ?? "UTC"
            var models: [Model] = []
            models.reserveCapacity(files[fileIndex].models.count + files[fileIndex].inlineModels.count)
            for inline in [false, true] {
                let syntaxes = inline ? files[fileIndex].inlineModels : files[fileIndex].models
                for (modelIndex, syntax) in syntaxes.enumerated() {
                    // Only the registered definition of a name is resolved (duplicates were reported).
                    guard let entry = table[syntax.name], entry.file == fileIndex, entry.inline == inline,
                        entry.index == modelIndex
                    else { continue }
                    models.append(worker.resolveModel(
                        syntax, context: formModels.contains(syntax.name) ? .formField : .modelField))
                }
            }
            return (models, worker)
        }
        resolvedModels.reserveCapacity(table.count)
        for result in modelRound {
            for model in result.models { resolvedModels[model.name] = model }
            merge(result.worker, takingIncompleteModels: true)
        }
        let serviceRound = Parallel.map(Array(files.indices)) { fileIndex -> (service: Service?, worker: Resolver) in
            var worker = self.worker()
            worker.fileTimeZone = files[fileIndex].timeZone ?? "UTC"
            let service = files[fileIndex].service.map { worker.resolveService($0) }
            return (service, worker)
        }
        var specFiles: [SpecFile] = []
        specFiles.reserveCapacity(files.count)
        for (index, file) in files.enumerated() {
            merge(serviceRound[index].worker)
            specFiles.append(SpecFile(
                path: file.path, stem: file.stem, service: serviceRound[index].service, models: modelRound[index].models))
        }
        checkCookieSessionRefreshes(&specFiles)
        reportUnknownNames()
        return SpecModule(files: specFiles)
    }

    /// A copy for one file's work in a parallel round: shares the (read-only) tables, starts with
    /// no findings of its own.
    /// (`incompleteModels` is found in the model round and only read in the service round.)
    private func worker() -> Resolver {
        var copy = self
        copy.diagnostics = DiagnosticBag()
        copy.unknownNames = [:]
        copy.fieldIndexCache = [:]
        copy.samplePath = []
        return copy
    }

    /// Takes over a worker's findings.
    private mutating func merge(_ worker: Resolver, takingIncompleteModels: Bool = false) {
        diagnostics.append(contentsOf: worker.diagnostics.all)
        for (name, location) in worker.unknownNames {
            if let first = unknownNames[name], first < location { continue }
            unknownNames[name] = location
        }
        if takingIncompleteModels {
            incompleteModels.formUnion(worker.incompleteModels)
        }
    }

    /// Builds the module-wide model table: duplicates across files, inline model names that
    /// collide with declared ones. (Reserved names are the `Namer`'s.)
    private mutating func registerModels() {
        var services: [String: SourceLocation] = [:]
        for fileIndex in files.indices {
            guard let service = files[fileIndex].service, !service.name.isEmpty else { continue }
            if let first = services[service.name] {
                diagnostics.error(
                    "service '\(service.name)' is defined twice", at: service.location,
                    notes: [.note("first defined here", at: first)])
                continue
            }
            services[service.name] = service.location
        }
        table.reserveCapacity(files.reduce(0) { $0 + $1.models.count + $1.inlineModels.count })
        modelNames.reserveCapacity(table.capacity)
        for fileIndex in files.indices {
            for (modelIndex, model) in files[fileIndex].models.enumerated() {
                if let first = table[model.name] {
                    diagnostics.error(
                        "model '\(model.name)' is defined twice", at: model.location,
                        notes: [.note("first defined here", at: first.location)])
                    continue
                }
                table[model.name] = ModelEntry(model, file: fileIndex, inline: false, index: modelIndex)
                modelNames.append(model.name)
            }
        }
        for fileIndex in files.indices {
            for (modelIndex, model) in files[fileIndex].inlineModels.enumerated() {
                func what() -> String {
                    switch model.origin {
                    case .inlineRequest(let endpoint): return "the inline body of endpoint '\(endpoint)'"
                    case .inlineResponse(let endpoint): return "the inline response of endpoint '\(endpoint)'"
                    case .declared: return "model"
                    }
                }
                if let first = table[model.name] {
                    diagnostics.error(
                        "\(what()) is generated as model '\(model.name)', which is already defined; give the endpoint a 'typePrefix' of its own",
                        at: model.location, notes: [.note("'\(model.name)' is defined here", at: first.location)])
                    continue
                }
                table[model.name] = ModelEntry(model, file: fileIndex, inline: true, index: modelIndex)
                modelNames.append(model.name)
            }
        }
    }
}

