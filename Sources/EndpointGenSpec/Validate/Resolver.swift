import EndpointGenSupport
import EndpointGenYAML

/// Rules of the spec format, for tools that write specs (the OpenAPI importer).
public enum SpecRules {
    /// Why a model may not take `name` (a built-in, runtime or Swift standard type), or nil.
    public static func reservation(ofModelName name: String) -> String? {
        Resolver.reservedModelNames[name]
    }

    /// The framework (Foundation, SwiftUI) whose type a model named `name` would make ambiguous
    /// in app code, or nil: a name a tool should not pick itself.
    public static func framework(ofModelName name: String) -> String? {
        Resolver.frameworkNames[name]
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
    /// Names generated code or the runtime already uses; a model may not take them.
    static let runtimeNames: Set<String> = Set(GeneratedCodeContract.runtimeTypes)
        .union([GeneratedCodeContract.runtimeModule, "PathEncoding"])
    /// Swift's own types that generated code names (`Task`, `Result`, `Never` in completion
    /// handlers, the Codable protocols and containers) or that app code uses everywhere: a
    /// public type of the generated module hides the standard one in every file that imports
    /// the module, so a model named `Task` or `Error` would break `Task { }` or `any Error` there.
    static let swiftNames: Set<String> = [
        "Task", "Result", "Error", "Optional", "Void", "Never", "Array", "Dictionary", "Set", "Character",
        "Substring", "Codable", "Encodable", "Decodable", "Encoder", "Decoder", "KeyedDecodingContainer",
        "KeyedEncodingContainer", "Hashable", "Hasher", "Equatable", "Comparable", "Identifiable", "Sendable",
        "RawRepresentable", "CaseIterable", "TimeInterval", "MainActor", "Swift", "Foundation",
        // Also named by generated code: `isolated (any Actor)?` in the overloads with defaults, the
        // single-value containers of `oneOf` coding, the fakes' lock (GitHub's `actor` schema
        // broke every overload of its module).
        "Actor", "SingleValueDecodingContainer", "SingleValueEncodingContainer", "NSLock", "CancellationError",
    ]
    /// Types of Foundation and SwiftUI that app code names all the time. A model of the same name
    /// compiles, but in an app file that imports both its framework and the generated module
    /// every unqualified use of the name is "ambiguous for type lookup": a warning, since the
    /// name may be what the API calls it, and qualifying (`Foundation.Notification`) also works.
    static let frameworkNames: [String: String] = {
        var names: [String: String] = [:]
        for name in [
            "Notification", "NotificationCenter", "Locale", "TimeZone", "Calendar", "DateComponents", "DateInterval",
            "DateFormatter", "NumberFormatter", "Measurement", "Unit", "Progress", "Operation", "OperationQueue",
            "Bundle", "Timer", "Thread", "RunLoop", "FileManager", "UserDefaults", "URLRequest", "URLResponse",
            "HTTPURLResponse", "URLSession", "URLComponents", "URLQueryItem", "URLError", "JSONEncoder", "JSONDecoder",
            "JSONSerialization", "IndexPath", "IndexSet", "CharacterSet", "AttributedString", "Predicate", "Host",
            "Process", "ProcessInfo", "Stream", "Scanner", "PersonNameComponents",
        ] {
            names[name] = "Foundation"
        }
        for name in [
            "View", "Text", "Image", "Color", "Font", "Label", "Link", "Button", "Toggle", "Picker", "Menu", "Section",
            "Group", "Form", "List", "Table", "Grid", "Alert", "Animation", "Transaction", "State", "Binding",
            "Environment", "Path", "Shape", "Gradient", "Angle", "Edge", "Tab", "Window", "Scene", "App", "Layout",
            "Material", "Namespace", "Canvas", "Gauge", "Slider", "Stepper", "Spacer", "Divider",
        ] {
            names[name] = "SwiftUI"
        }
        return names
    }()
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
    /// Declared model names rejected as reserved (already reported).
    var rejectedNames: Set<String> = []
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

    /// Builds the module-wide model table: reserved names, duplicates across files, inline
    /// model names that collide with declared ones.
    private mutating func registerModels() {
        // Every reserved name with the reason, so that one lookup per model checks them all.
        var reserved = Self.reservedModelNames
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
            for suffix in SpecRules.generatedTypeSuffixes {
                reserved[service.name + suffix] = "it is generated for service '\(service.name)'"
            }
            for endpoint in service.endpoints {
                guard let name = endpoint.responsesTypeName, let location = endpoint.responsesLocation else { continue }
                // The enum is a type of the module: no runtime, Swift or service type, and one per name.
                if let reason = reserved[name] {
                    diagnostics.error(
                        "the responses of endpoint '\(endpoint.name)' would be the enum '\(name)', a reserved name: \(reason); rename the endpoint",
                        at: location)
                    continue
                }
                reserved[name] = "it is generated for the responses of endpoint '\(endpoint.name)' of service '\(service.name)'"
            }
        }
        table.reserveCapacity(files.reduce(0) { $0 + $1.models.count + $1.inlineModels.count })
        modelNames.reserveCapacity(table.capacity)
        for fileIndex in files.indices {
            for (modelIndex, model) in files[fileIndex].models.enumerated() {
                if let reason = reserved[model.name] {
                    diagnostics.error("model name '\(model.name)' is reserved: \(reason)", at: model.location)
                    rejectedNames.insert(model.name)
                    continue
                }
                if let first = table[model.name] {
                    diagnostics.error(
                        "model '\(model.name)' is defined twice", at: model.location,
                        notes: [.note("first defined here", at: first.location)])
                    continue
                }
                if let framework = Self.frameworkNames[model.name] {
                    diagnostics.warning(
                        "model '\(model.name)' has the name of \(framework)'s '\(model.name)': in app files that import \(framework) and the generated module, '\(model.name)' is ambiguous unless qualified; a model's name is never sent, so renaming it (say '\(model.name)DTO') changes no request",
                        at: model.location)
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
                        "\(what()) is generated as model '\(model.name)', which is already defined",
                        at: model.location, notes: [.note("'\(model.name)' is defined here", at: first.location)])
                    continue
                }
                if let reason = reserved[model.name] {
                    diagnostics.error(
                        "\(what()) is generated as model '\(model.name)', a reserved name: \(reason)",
                        at: model.location)
                    continue
                }
                table[model.name] = ModelEntry(model, file: fileIndex, inline: true, index: modelIndex)
                modelNames.append(model.name)
            }
        }
    }

    /// Names a model may not take, with the reason given in the message.
    static let reservedModelNames: [String: String] = {
        var reasons: [String: String] = [:]
        for primitive in PrimitiveType.allCases { reasons[primitive.rawValue] = "it is a built-in type" }
        for keyword in ["Any", "Self"] { reasons[keyword] = "it is a Swift keyword" }
        for name in runtimeNames { reasons[name] = "the runtime library uses it" }
        for name in swiftNames {
            reasons[name] = "it would hide Swift's own '\(name)' in the generated code and in every file that imports it (a model's name is never sent, so renaming it changes no request)"
        }
        return reasons
    }()
}

