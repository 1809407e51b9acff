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
    private let files: [FileSyntax]
    /// A file failed to load: names it might define are not reported as unknown.
    private let incomplete: Bool
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
    private var modelNames: [String] = []
    /// Unknown type names and their first use, reported once each.
    private var unknownNames: [String: SourceLocation] = [:]
    var resolvedModels: [String: Model] = [:]
    /// Declared model names rejected as reserved (already reported).
    private var rejectedNames: Set<String> = []
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

    // MARK: - Types

    /// Resolves a type expression; reports and returns nil when a name is unknown or misused.
    mutating func resolveType(_ expr: TypeExpr, allowFile: Bool) -> TypeRef? {
        switch expr {
        case .name(let name, let location):
            if let primitive = Self.primitive(named: name) {
                if primitive == .file && !allowFile {
                    diagnostics.error("'File' is only allowed in multipart bodies and as a response (a download)", at: location)
                    return nil
                }
                return Self.primitiveRefs[primitive.index]
            }
            if let entry = table[name] { return entry.ref }
            if name == "Envelope" {
                diagnostics.error("'Envelope' needs a payload type, like 'Envelope<Question>'", at: location)
                return nil
            }
            reportUnknown(name, at: location)
            return nil
        case .array(let element):
            if case .name(let name, _) = element, let primitive = Self.primitive(named: name), primitive != .file {
                return Self.arrayPrimitiveRefs[primitive.index]
            }
            return resolveType(element, allowFile: allowFile).map { .array($0) }
        case .dictionary(let value):
            return resolveType(value, allowFile: allowFile).map { .dictionary($0) }
        case .optional(let wrapped, _):
            if case .name(let name, _) = wrapped, let primitive = Self.primitive(named: name), primitive != .file {
                return Self.optionalPrimitiveRefs[primitive.index]
            }
            return resolveType(wrapped, allowFile: allowFile).map { .optional($0) }
        case .envelope(_, let location):
            diagnostics.error("'Envelope<T>' is only allowed as the response of an endpoint", at: location)
            return nil
        case .stream(let format, _, let location):
            diagnostics.error("'\(format.typeName)<T>' is only allowed as the response of an endpoint", at: location)
            return nil
        }
    }

    /// Remembers the first use (in source order) of an unknown name; reported once by `reportUnknownNames`.
    /// One shared `TypeRef` per primitive, indexed by `PrimitiveType.index`.
    private static let primitiveRefs: [TypeRef] = PrimitiveType.allCases.map { .primitive($0) }
    /// `T?` and `[T]` of each primitive, shared the same way (the most common composite types).
    private static let optionalPrimitiveRefs: [TypeRef] = primitiveRefs.map { .optional($0) }
    private static let arrayPrimitiveRefs: [TypeRef] = primitiveRefs.map { .array($0) }

    /// `PrimitiveType(rawValue:)` without hashing or a linear string switch: the length picks the
    /// few candidates, compared as small strings.
    static func primitive(named name: String) -> PrimitiveType? {
        switch name.utf8.count {
        case 3:
            if name == "Int" { return .int }
            if name == "URL" { return .url }
        case 4:
            if name == "Bool" { return .bool }
            if name == "Date" { return .date }
            if name == "UUID" { return .uuid }
            if name == "Data" { return .data }
            if name == "JSON" { return .json }
            if name == "File" { return .file }
        case 5:
            if name == "Int32" { return .int32 }
            if name == "Int64" { return .int64 }
            if name == "Float" { return .float }
        case 6:
            if name == "String" { return .string }
            if name == "Double" { return .double }
        case 7:
            if name == "Decimal" { return .decimal }
        default:
            break
        }
        return nil
    }

    private mutating func reportUnknown(_ name: String, at location: SourceLocation) {
        // A model whose name was rejected is not unknown: its uses are not errors of their own.
        guard !incomplete, !rejectedNames.contains(name) else { return }
        if let first = unknownNames[name], first < location { return }
        unknownNames[name] = location
    }

    private mutating func reportUnknownNames() {
        let candidates = PrimitiveType.allCases.map(\.rawValue) + modelNames
        for (name, location) in unknownNames.sorted(by: { $0.value < $1.value }) {
            diagnostics.error("unknown type '\(name)'\(DidYouMean.hint(for: name, among: candidates))", at: location)
        }
    }

    func isEnum(_ name: String) -> Bool {
        table[name]?.enumModel != nil
    }

    /// A struct model: as a query parameter, written field by field in a `style` of objects.
    func isStructModel(_ type: TypeRef) -> Bool {
        guard case .model(let name) = type else { return false }
        return table[name]?.isStructure ?? false
    }

    /// A list of struct models: as a query parameter, `deepObject` only (`lines[0][amount]=1`).
    func isStructList(_ type: TypeRef) -> Bool {
        guard case .array(let element) = type else { return false }
        return isStructModel(element)
    }

    func enumModel(_ name: String) -> EnumModel? {
        table[name]?.enumModel
    }

    /// The syntax of a registered model.
    func syntax(of entry: ModelEntry) -> ModelSyntax {
        entry.inline ? files[entry.file].inlineModels[entry.index] : files[entry.file].models[entry.index]
    }

    private func isScalar(_ type: TypeRef) -> Bool {
        switch type {
        case .primitive(let primitive): return Self.parameterPrimitives.contains(primitive)
        case .model(let name): return isEnum(name)
        default: return false
        }
    }

    private func isScalarOrArray(_ type: TypeRef) -> Bool {
        if case .array(let element) = type { return isScalar(element) }
        return isScalar(type)
    }

    private func isScalarMap(_ type: TypeRef) -> Bool {
        if case .dictionary(let value) = type { return isScalar(value) }
        return false
    }

    private func isPart(_ type: TypeRef) -> Bool {
        let element: TypeRef
        if case .array(let inner) = type { element = inner } else { element = type }
        return isScalar(element) || element == .primitive(.file) || Self.isJSONPart(type)
    }

    /// A multipart part sent as JSON (`Content-Type: application/json`): a model that is not an
    /// enum, `JSON`, or an array or map of them.
    static func isJSONPart(_ type: TypeRef) -> Bool {
        switch type {
        case .model: return true
        case .primitive(.json): return true
        case .array(let element), .dictionary(let element): return isJSONPart(element) || element == .primitive(.json)
        default: return false
        }
    }

    // MARK: - Fields

    mutating func resolveField(_ syntax: FieldSyntax, context: FieldContext) -> Field? {
        guard let expr = syntax.type, var type = resolveType(expr, allowFile: context.allowsFile) else { return nil }
        if syntax.access != .readWrite, let location = syntax.accessLocation {
            guard context == .modelField || context == .formField else {
                diagnostics.error(
                    "'\(syntax.access == .readOnly ? "readOnly" : "writeOnly")' applies to fields of models; '\(syntax.wireName)' is a parameter or part",
                    at: location)
                return nil
            }
            // One way only: the other way the value is absent, so the field is optional.
            if !type.isOptional { type = .optional(type) }
        }
        switch context {
        case .modelField:
            break
        case .pathParameter:
            if type.isOptional {
                diagnostics.error("path parameter '\(syntax.wireName)' cannot be optional", at: expr.location)
                return nil
            }
            if !isScalar(type) {
                diagnostics.error(
                    "path parameter '\(syntax.wireName)' must have a scalar type, found '\(expr.spelling)'", at: expr.location)
                return nil
            }
        case .query where isScalarMap(type.unwrapped) || isStructModel(type.unwrapped) || isStructList(type.unwrapped):
            // A map or an object (or a list of objects) is written by its `style`, checked with the endpoint.
            break
        case .formField:
            // Objects, lists of them, maps and JSON go by the bracket convention (`items[0][price]=p`).
            break
        case .query, .headerParameter:
            if !isScalarOrArray(type.unwrapped) {
                let kind = context == .query ? "query parameter" : "header parameter"
                let allowed = context == .query ? "a scalar, an array of scalars, or (with a style) a map of scalars, a struct model or an array of them" : "a scalar or an array of scalars"
                diagnostics.error(
                    "\(kind) '\(syntax.wireName)' must be \(allowed), found '\(expr.spelling)'",
                    at: expr.location)
                return nil
            }
        case .multipart:
            if !isPart(type.unwrapped) {
                diagnostics.error(
                    "multipart part '\(syntax.wireName)' must be a scalar, a File, a model or JSON (sent as a JSON part), or an array of them, found '\(expr.spelling)'",
                    at: expr.location)
                return nil
            }
        }
        var defaultValue: DefaultValue?
        if let literal = syntax.defaultValue {
            guard let value = checkDefault(literal, type: type) else { return nil }
            // The runtime never sends a header value holding CR, LF or NUL: with this default
            // every call that leaves the parameter out would fail with `.invalidRequest`.
            if context == .headerParameter {
                switch value {
                case .string(let text), .enumCase(let text):
                    if !Lexical.isValidHeaderValue(text) {
                        diagnostics.error(
                            "default of header parameter '\(syntax.wireName)' must not contain line breaks (CR, LF) or NUL; the runtime refuses to send such a header",
                            at: literal.location)
                        return nil
                    }
                default:
                    break
                }
            }
            defaultValue = value
        }
        var field = Field(
            wireName: syntax.wireName, swiftNameOverride: syntax.swiftNameOverride, type: type,
            defaultValue: defaultValue, summary: syntax.summary, deprecated: syntax.deprecated,
            deprecationMessage: syntax.deprecationMessage, location: syntax.location)
        field.access = syntax.access
        if let style = syntax.style {
            guard context == .formField else {
                diagnostics.error(
                    "'style' applies to query parameters and the fields of form bodies; '\(syntax.wireName)' is neither", at: style.location)
                return nil
            }
            let simple = isScalarOrArray(type.unwrapped)
            var isList = false
            if case .array = type.unwrapped { isList = true }
            if isList, simple, !style.style.isArrayStyle {
                diagnostics.error(
                    "'style: \(style.style.rawValue)' writes objects; form field '\(syntax.wireName)' is a list of scalars: use repeat, comma, space, pipe or brackets",
                    at: style.location)
                return nil
            } else if simple, !isList {
                diagnostics.error("'style' applies to lists and objects; form field '\(syntax.wireName)' is neither", at: style.location)
                return nil
            } else if !simple, style.style != .deepObject, style.style != .form, style.style != .brackets {
                diagnostics.error(
                    "'style: \(style.style.rawValue)' writes lists of scalars; form field '\(syntax.wireName)' is '\(expr.spelling)': use deepObject (name[key]=value) or form (key=value)",
                    at: style.location)
                return nil
            }
            field.style = style.style
        }
        if let dates = syntax.dateEncoding {
            switch type.unwrapped {
            case .primitive(.date), .array(.primitive(.date)):
                field.dateEncoding = DateEncodingSetting(kind: dates.kind, timeZone: fileTimeZone)
            default:
                diagnostics.error(
                    "'dateEncoding' applies to Date and [Date]; '\(syntax.wireName)' is '\(expr.spelling)'", at: dates.location)
                return nil
            }
        }
        return field
    }

    /// Converts a default by its type: numbers in range, enum cases, `[]`/`{}`, `null` for optionals.
    private mutating func checkDefault(_ literal: DefaultLiteral, type: TypeRef) -> DefaultValue? {
        if case .plain(let text) = literal.form, text == "null" || text == "nil" || text == "~" {
            if type.isOptional { return .null }
            diagnostics.error(
                "default value '\(text)' needs an optional type; '\(type.specSpelling)' is not optional",
                at: literal.location)
            return nil
        }
        func invalid() -> String { "invalid default value '\(literal.spelling)' for type '\(type.specSpelling)'" }
        switch type {
        case .optional(let wrapped):
            return checkDefault(literal, type: wrapped)
        case .array:
            if case .emptySequence = literal.form { return .emptyArray }
            diagnostics.error("\(invalid()); an array's default can only be []", at: literal.location)
            return nil
        case .dictionary:
            if case .emptyMapping = literal.form { return .emptyDictionary }
            diagnostics.error("\(invalid()); a dictionary's default can only be {}", at: literal.location)
            return nil
        case .model(let name):
            guard let model = enumModel(name) else {
                diagnostics.error(
                    "model type '\(name)' cannot have a default value (only 'null' when optional)", at: literal.location)
                return nil
            }
            let text: String
            switch literal.form {
            case .plain(let t), .quoted(let t): text = t
            default:
                diagnostics.error(invalid(), at: literal.location)
                return nil
            }
            // A wire value wins over a long-form case name of the same spelling.
            if let match = model.cases.first(where: { $0.value == text })
                ?? model.cases.first(where: { $0.swiftNameOverride == text })
            {
                return .enumCase(match.value)
            }
            // Suggestions for misspelt words only: `3` for `1` would not help.
            let candidates = model.rawType == .string ? model.cases.map { $0.swiftNameOverride ?? $0.value } : []
            diagnostics.error(
                "default value '\(text)' is not a case of enum '\(name)'\(DidYouMean.hint(for: text, among: candidates))",
                at: literal.location)
            return nil
        case .primitive(let primitive):
            switch (primitive, literal.form) {
            case (.string, .plain(let text)), (.string, .quoted(let text)):
                return .string(text)
            case (.int, .plain(let text)), (.int64, .plain(let text)), (.int32, .plain(let text)):
                guard Lexical.isInteger(text) else { break }
                guard Lexical.integerFits(text, bits: primitive == .int32 ? 32 : 64) else {
                    diagnostics.error(
                        "default value '\(text)' is out of range for \(primitive.rawValue)", at: literal.location)
                    return nil
                }
                return .number(text)
            case (.double, .plain(let text)), (.float, .plain(let text)), (.decimal, .plain(let text)):
                guard Lexical.isNumber(text) else { break }
                let bits = primitive == .float ? 32 : 64
                guard Lexical.numberFits(text, primitive) else {
                    diagnostics.error(
                        "default value '\(text)' is out of range for \(primitive.rawValue)", at: literal.location)
                    return nil
                }
                if primitive != .decimal, Lexical.isInteger(text), !Lexical.integerIsExact(text, bits: bits) {
                    diagnostics.error(
                        "default value '\(text)' is not exactly representable as \(primitive.rawValue); write it with a fraction or an exponent (like '1.5e20') to take the nearest value",
                        at: literal.location)
                    return nil
                }
                return .number(text)
            case (.bool, .plain(let text)):
                if text == "true" { return .bool(true) }
                if text == "false" { return .bool(false) }
            case (.date, _), (.url, _), (.uuid, _), (.data, _), (.json, _), (.file, _):
                diagnostics.error(
                    "type '\(primitive.rawValue)' cannot have a default value (only 'null' when optional)",
                    at: literal.location)
                return nil
            default:
                break
            }
            diagnostics.error(invalid(), at: literal.location)
            return nil
        }
    }

    /// Reports two names of one scope that turn into the same Swift name. Names that camel-case
    /// alike are equal once separators are dropped and letters lowercased, so a cheap hash of
    /// that form finds the candidates; only those pay for building the camel-cased names.
    private mutating func checkSwiftNames(_ fields: [FieldSyntax], kind: String, owner: @autoclosure () -> String) {
        checkSwiftNames(fields[...], [][...], [][...], kind: kind, owner: owner())
    }

    /// The same over up to three lists checked as one scope (path, query and header parameters),
    /// without concatenating them.
    private mutating func checkSwiftNames(
        _ a: ArraySlice<FieldSyntax>, _ b: ArraySlice<FieldSyntax>, _ c: ArraySlice<FieldSyntax>, kind: String,
        owner: @autoclosure () -> String
    ) {
        let count = a.count + b.count + c.count
        guard count > 1 else { return }
        func fieldAt(_ position: Int) -> FieldSyntax {
            if position < a.count { return a[a.startIndex + position] }
            if position < a.count + b.count { return b[b.startIndex + position - a.count] }
            return c[c.startIndex + position - a.count - b.count]
        }
        // Small scopes (almost all) compare hashes pairwise; large ones use a dictionary.
        // Names are read in place: copying whole fields would retain every member.
        var hashes: [UInt64] = []
        hashes.reserveCapacity(count)
        var seenHashes: Set<UInt64> = []
        let useSet = count > 32
        for slice in [a, b, c] {
            for position in slice.indices {
                let hash = Self.foldedHash(slice[position].swiftNameOverride ?? slice[position].wireName)
                let index = hashes.count
                hashes.append(hash)
                if useSet ? seenHashes.insert(hash).inserted : !hashes[..<index].contains(hash) { continue }
                // Rare: a possible clash; compare the camel-cased names.
                let field = fieldAt(index)
                let name = Self.swiftName(field)
                guard !name.isEmpty,
                    let clash = (0..<index).first(where: { hashes[$0] == hash && Self.swiftName(fieldAt($0)) == name })
                else { continue }
                let first = fieldAt(clash)
                diagnostics.error(
                    "\(kind) '\(first.wireName)' and '\(field.wireName)' of \(owner()) both become '\(name)' in Swift; give one another 'name:' in the long form",
                    at: field.location, notes: [.note("'\(first.wireName)' is here", at: first.location)])
            }
        }
    }

    /// The request body is passed as the parameter `body`, so no path, query or header
    /// parameter of an endpoint with a body may take that Swift name.
    private mutating func checkBodyLabel(
        _ a: ArraySlice<FieldSyntax>, _ b: ArraySlice<FieldSyntax>, _ c: ArraySlice<FieldSyntax>,
        bodyLocation: SourceLocation, owner: @autoclosure () -> String
    ) {
        for (kind, list) in [("path parameter", a), ("query parameter", b), ("header parameter", c)] {
            for position in list.indices {
                let name = list[position].swiftNameOverride ?? list[position].wireName
                // Only names whose letters spell "body" can become it; the rest skip the camel-casing.
                guard Self.foldedHash(name) == Self.bodyHash else { continue }
                let field = list[position]
                guard Self.swiftName(field) == "body" else { continue }
                diagnostics.error(
                    "\(kind) '\(field.wireName)' of \(owner()) becomes 'body' in Swift, the label of the request body; give it another 'name:' in the long form",
                    at: field.location, notes: [.note("the body is here", at: bodyLocation)])
            }
        }
    }

    private static let bodyHash = foldedHash("body")

    /// A field's or parameter's Swift name, as the code generator will write it.
    private static func swiftName(_ field: FieldSyntax) -> String {
        field.swiftNameOverride.map(SwiftNaming.legal) ?? SwiftNaming.identifier(fromWire: field.wireName)
    }

    /// FNV-1a of the name's letters and digits, lowercased.
    private static func foldedHash(_ name: String) -> UInt64 {
        Lexical.withBytes(name) { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes where Lexical.isAlnum(byte) {
                hash = (hash ^ UInt64(Lexical.isUpper(byte) ? byte + 0x20 : byte)) &* 0x100_0000_01b3
            }
            return hash
        }
    }

    // MARK: - Models

    private mutating func resolveModel(_ syntax: ModelSyntax, context: FieldContext) -> Model {
        if syntax.damaged { incompleteModels.insert(syntax.name) }
        let kind: Model.Kind
        switch syntax.kind {
        case .enumeration(let model):
            kind = .enumeration(model)
        case .oneOf(let model):
            kind = .oneOf(resolveOneOf(model, of: syntax))
        case .union(let cases):
            kind = .union(resolveUnion(cases, of: syntax))
        case .structure(let fields):
            checkSwiftNames(fields, kind: "fields", owner: "model '\(syntax.name)'")
            let resolved = fields.compactMap { resolveField($0, context: context) }
            if resolved.count != fields.count {
                // A field was reported and dropped: samples of this model are not checked, or
                // their use of that field would be reported a second time as unknown.
                incompleteModels.insert(syntax.name)
            }
            kind = .structure(fields: resolved)
        }
        return Model(
            name: syntax.name, summary: syntax.summary, kind: kind, origin: syntax.origin, file: syntax.file,
            location: syntax.location)
    }

    /// Whether a field of type `expr` can hold discriminator values of `valueType`: `String` or a
    /// String enum; `Int`, `Int32`, `Int64` or an Int enum.
    private func holds(_ valueType: EnumModel.RawType, _ expr: TypeExpr) -> Bool {
        guard case .name(let name, _) = expr else { return false }
        switch valueType {
        case .string: return name == "String" || table[name]?.enumModel?.rawType == .string
        case .int: return name == "Int" || name == "Int32" || name == "Int64" || table[name]?.enumModel?.rawType == .int
        }
    }

    /// `T` for `T?`.
    private static func unwrappingOptional(_ expr: TypeExpr) -> TypeExpr {
        if case .optional(let inner, _) = expr { return inner }
        return expr
    }

    /// The cases of a `oneOf` without a discriminator: any type but `File` and optionals, each
    /// once; `JSON` (which any value decodes as) only last. A case that an earlier one always
    /// takes (`Int` after `Double`, `Date` after `String`) is a warning: it would never be chosen.
    private mutating func resolveUnion(_ cases: [UnionCaseSyntax], of syntax: ModelSyntax) -> UnionModel {
        var variants: [UnionModel.Variant] = []
        func what() -> String { "'oneOf' of model '\(syntax.name)'" }
        for (index, item) in cases.enumerated() {
            guard let type = resolveType(item.type, allowFile: false) else {
                incompleteModels.insert(syntax.name)
                continue
            }
            if type == .primitive(.json), index != cases.count - 1 {
                diagnostics.error(
                    "case 'JSON' of \(what()) takes any value, so the cases after it would never be chosen; make it the last case",
                    at: item.location)
                incompleteModels.insert(syntax.name)
                continue
            }
            if let earlier = variants.first(where: { $0.type == type }) {
                diagnostics.error(
                    "case '\(type.specSpelling)' appears twice in \(what())", at: item.location,
                    notes: [.note("first given here", at: earlier.location)])
                incompleteModels.insert(syntax.name)
                continue
            }
            if let earlier = variants.first(where: { takesEvery(of: type, $0.type) }) {
                diagnostics.warning(
                    "case '\(type.specSpelling)' of \(what()) is never chosen: '\(earlier.type.specSpelling)' before it decodes every such value; list it first",
                    at: item.location)
            }
            variants.append(UnionModel.Variant(type: type, swiftName: item.swiftName, location: item.location))
        }
        return UnionModel(variants: variants)
    }

    /// Whether every JSON value of type `later` also decodes as `earlier`: a number type takes
    /// integers, `String` takes dates, URLs, UUIDs, base64 data and String enums, and a struct
    /// takes every struct that has the fields it needs (same names, same types) and, when it
    /// needs none, every object.
    private func takesEvery(of later: TypeRef, _ earlier: TypeRef) -> Bool {
        switch (earlier, later) {
        case (.primitive(let number), .primitive(let integer)):
            if [.double, .float, .decimal].contains(number) { return [.int, .int32, .int64].contains(integer) }
            if number == .string { return [.date, .url, .uuid, .data].contains(integer) }
            return false
        case (.primitive(let scalar), .model(let name)):
            guard let rawType = table[name]?.enumModel?.rawType else { return false }
            return rawType == .string ? scalar == .string : [.int, .int64, .double, .float, .decimal].contains(scalar)
        case (.array(let a), .array(let b)), (.dictionary(let a), .dictionary(let b)):
            return takesEvery(of: b, a)
        case (.model(let earlierName), _):
            // A struct decodes any object that has the fields it needs, ignoring the others.
            guard let needed = fieldsNeeded(by: earlierName) else { return false }
            switch later {
            case .model(let laterName):
                guard let available = fieldsNeeded(by: laterName) else { return false }
                return needed.allSatisfy { available[$0.key] == $0.value }
            case .dictionary:
                return needed.isEmpty
            default:
                return false
            }
        default:
            return false
        }
    }

    /// The fields every value of a struct model has (neither optional nor defaulted), by wire
    /// name, with their types as written; nil when the model is not a struct.
    private func fieldsNeeded(by model: String) -> [String: String]? {
        guard let entry = table[model], case .structure(let fields) = syntax(of: entry).kind else { return nil }
        var needed: [String: String] = [:]
        for field in fields where field.defaultValue == nil {
            guard let type = field.type else { continue }
            if case .optional = type { continue }
            needed[field.wireName] = type.spelling
        }
        return needed
    }

    /// Each case must be a struct model: a JSON object with the discriminator beside its fields.
    private mutating func resolveOneOf(_ model: OneOfModel, of syntax: ModelSyntax) -> OneOfModel {
        var result = model
        result.variants = model.variants.filter { variant in
            guard let type = resolveType(.name(variant.model, variant.modelLocation), allowFile: false) else { return false }
            guard case .model(let name) = type, let entry = table[name], case .structure(let fields) = self.syntax(of: entry).kind else {
                diagnostics.error(
                    "case '\(variant.value)' of 'oneOf' of model '\(syntax.name)' must be a model with 'fields', found '\(variant.model)'",
                    at: variant.modelLocation)
                return false
            }
            // The variant's own field of that name must hold what the discriminator holds.
            if let field = fields.first(where: { $0.wireName == model.discriminator }), let type = field.type,
               !holds(model.valueType, Self.unwrappingOptional(type)) {
                let expected = model.valueType == .int ? "an integer type or an Int enum" : "a String or a String enum"
                diagnostics.error(
                    "field '\(field.wireName)' of model '\(name)' is the discriminator of model '\(syntax.name)' and must be \(expected), found '\(type.spelling)'",
                    at: field.location)
            }
            return true
        }
        if result.variants.count != model.variants.count { incompleteModels.insert(syntax.name) }
        return result
    }

    // MARK: - Services and endpoints

    private mutating func resolveService(_ syntax: ServiceSyntax) -> Service {
        if let model = syntax.errorBody?.model, let location = syntax.errorModelLocation {
            if let type = resolveType(.name(model, location), allowFile: false), case .primitive = type {
                diagnostics.error("'errorBody.model' must name a model, found '\(model)'", at: location)
            }
        }
        checkServiceHeadersTheClientSets(syntax)
        let dates = syntax.dateEncoding.map { DateEncodingSetting(kind: $0.kind, timeZone: fileTimeZone) }
        sampleDates = dates
        var endpoints: [Endpoint] = []
        endpoints.reserveCapacity(syntax.endpoints.count)
        // By index: iterating would copy every endpoint's syntax (a large struct) first.
        for index in syntax.endpoints.indices {
            endpoints.append(resolveEndpoint(syntax.endpoints[index], service: syntax))
        }
        checkPagesMethodNames(syntax, endpoints: endpoints)
        var service = Service(
            name: syntax.name, summary: syntax.summary, baseURL: syntax.baseURL, headers: syntax.headers,
            auth: syntax.auth, envelope: syntax.envelope, errorBody: syntax.errorBody, endpoints: endpoints,
            location: syntax.location)
        service.cookieSession = resolveCookieSession(syntax, endpoints: endpoints)
        service.dateEncoding = dates
        (service.sharedHeaders, service.sharedQuery) = resolveSharedParameters(syntax, endpoints: endpoints)
        return service
    }

    /// A paginated endpoint's `<name>Pages` method must not be another endpoint's method.
    private mutating func checkPagesMethodNames(_ syntax: ServiceSyntax, endpoints: [Endpoint]) {
        for endpoint in endpoints where endpoint.pagination != nil {
            let pagesName = endpoint.name + "Pages"
            if let other = endpoints.first(where: { $0.name == pagesName }) {
                diagnostics.error(
                    "endpoint '\(endpoint.name)' is paginated, so the service has a method '\(pagesName)', the name of another endpoint",
                    at: other.location, notes: [.note("'\(endpoint.name)' is here", at: endpoint.location)])
            }
        }
    }

    /// `parameters:`: scalars or arrays, whose names no endpoint uses for its own (a header
    /// compared without case), and whose Swift names are not the service's `client` or `baseURL`.
    private mutating func resolveSharedParameters(_ syntax: ServiceSyntax, endpoints: [Endpoint]) -> ([Field], [Field]) {
        var headers: [Field] = []
        var query: [Field] = []
        for field in syntax.sharedHeaders {
            guard let resolved = resolveField(field, context: .headerParameter) else { continue }
            let lowered = field.wireName.lowercased()
            if let endpoint = endpoints.first(where: { endpoint in
                endpoint.headers.contains { $0.name.lowercased() == lowered } || endpoint.headerParameters.contains { $0.wireName.lowercased() == lowered }
            }) {
                diagnostics.error(
                    "service header parameter '\(field.wireName)' is also a header of endpoint '\(endpoint.name)'; one of them must go",
                    at: field.location, notes: [.note("endpoint '\(endpoint.name)' is here", at: endpoint.location)])
                continue
            }
            headers.append(resolved)
        }
        for field in syntax.sharedQuery {
            guard let resolved = resolveField(field, context: .query) else { continue }
            if case .dictionary = resolved.type.unwrapped {
                diagnostics.error("service query parameter '\(field.wireName)' must be a scalar or an array of scalars", at: field.location)
                continue
            }
            if let endpoint = endpoints.first(where: { $0.query.contains { $0.wireName == field.wireName } }) {
                diagnostics.error(
                    "service query parameter '\(field.wireName)' is also a query parameter of endpoint '\(endpoint.name)'; one of them must go",
                    at: field.location, notes: [.note("endpoint '\(endpoint.name)' is here", at: endpoint.location)])
                continue
            }
            query.append(resolved)
        }
        return (headers, query)
    }

    /// Each array query parameter's style (its own, else the service's `arrayStyle`, else
    /// repeated items); a map needs `deepObject` or `form`; a style fits its type.
    private mutating func resolveQueryStyles(_ syntax: EndpointSyntax, query: [Field], service: ServiceSyntax) -> [String: QueryStyle] {
        var styles: [String: QueryStyle] = [:]
        for field in query {
            let type = field.type.unwrapped
            let given = syntax.queryStyles[field.wireName]
            var isMap = false
            if case .dictionary = type { isMap = true }
            switch type {
            case _ where isStructList(type):
                guard let given, given.style == .deepObject else {
                    diagnostics.error(
                        "query parameter '\(field.wireName)' is a list of objects: it is written with 'style: deepObject' (\(field.wireName)[0][key]=value)",
                        at: given?.location ?? field.location)
                    continue
                }
                styles[field.wireName] = given.style
            case _ where isMap || isStructModel(type):
                let what = isMap ? "a map" : "an object"
                guard let given else {
                    diagnostics.error(
                        "query parameter '\(field.wireName)' is \(what): say how it is written with 'style: deepObject' (filter[key]=value) or 'style: form' (key=value)",
                        at: field.location)
                    continue
                }
                guard !given.style.isArrayStyle else {
                    diagnostics.error(
                        "'style: \(given.style.rawValue)' writes arrays; query parameter '\(field.wireName)' is \(what): use deepObject or form",
                        at: given.location)
                    continue
                }
                styles[field.wireName] = given.style
            case .array:
                if let given, !given.style.isArrayStyle {
                    diagnostics.error(
                        "'style: \(given.style.rawValue)' writes maps; query parameter '\(field.wireName)' is an array: use repeat, comma, space, pipe or brackets",
                        at: given.location)
                    continue
                }
                let style = given?.style ?? service.arrayStyle?.style ?? .repeat
                if style != .repeat { styles[field.wireName] = style }
            default:
                if let given {
                    diagnostics.error(
                        "'style' applies to arrays and maps; query parameter '\(field.wireName)' is neither",
                        at: given.location)
                }
            }
        }
        return styles
    }

    /// `cookieSession:` needs cookie endpoints of its own service; its `refresh` is checked with
    /// every service in view (`checkCookieSessionRefreshes`).
    private mutating func resolveCookieSession(_ syntax: ServiceSyntax, endpoints: [Endpoint]) -> CookieSessionSetting? {
        guard let session = syntax.cookieSession, let sessionLocation = syntax.cookieSessionLocation else { return nil }
        if !endpoints.contains(where: { $0.auth == .cookie }) {
            diagnostics.error(
                "'cookieSession' of service '\(syntax.name)' needs endpoints with 'auth: cookie', but there are none",
                at: sessionLocation)
            return nil
        }
        return session
    }

    /// Each `cookieSession.refresh` names an endpoint without parameters or body: `name` of the
    /// same service, or `Service.name` of another. Unresolved, the session keeps no refresh.
    private mutating func checkCookieSessionRefreshes(_ specFiles: inout [SpecFile]) {
        var endpointsByService: [String: [Endpoint]] = [:]
        for file in specFiles {
            if let service = file.service { endpointsByService[service.name] = service.endpoints }
        }
        for index in specFiles.indices {
            guard let syntax = files[index].service, let written = syntax.cookieSessionRefresh,
                  let location = syntax.cookieSessionRefreshLocation, specFiles[index].service?.cookieSession != nil
            else { continue }
            let parts = written.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            let serviceName = parts.count == 2 ? parts[0] : syntax.name
            let endpointName = parts.count == 2 ? parts[1] : written
            guard parts.count <= 2, let endpoints = endpointsByService[serviceName] else {
                diagnostics.error(
                    "'cookieSession.refresh' must name an endpoint ('reissueToken', or 'Auth.reissueToken' of another service), found '\(written)'"
                        + DidYouMean.hint(for: serviceName, among: endpointsByService.keys.sorted()),
                    at: location)
                continue
            }
            guard let endpoint = endpoints.first(where: { $0.name == endpointName }) else {
                diagnostics.error(
                    "'cookieSession.refresh' names no endpoint of service '\(serviceName)': '\(endpointName)'"
                        + DidYouMean.hint(for: endpointName, among: endpoints.map(\.name)),
                    at: location)
                continue
            }
            if !endpoint.pathParameters.isEmpty || !endpoint.query.isEmpty || !endpoint.headerParameters.isEmpty || endpoint.body != nil {
                diagnostics.error(
                    "'cookieSession.refresh' names endpoint '\(written)', which takes parameters or a body; the client sends it by itself, so it can take none",
                    at: location)
                continue
            }
            specFiles[index].service?.cookieSession?.refresh = (serviceName, endpointName)
        }
    }

    private mutating func resolveEndpoint(_ syntax: EndpointSyntax, service: ServiceSyntax) -> Endpoint {
        func what() -> String { "endpoint '\(syntax.name)'" }
        checkSwiftNames(
            syntax.pathParameters[...], syntax.query[...], syntax.headerParameters[...], kind: "parameters",
            owner: what())
        if let bodyLocation = syntax.bodyLocation {
            checkBodyLabel(
                syntax.pathParameters[...], syntax.query[...], syntax.headerParameters[...], bodyLocation: bodyLocation,
                owner: what())
        }
        checkValuesTheClientSets(syntax, auth: syntax.auth ?? service.auth)
        let pathParameters = syntax.pathParameters.compactMap { resolveField($0, context: .pathParameter) }
        for component in syntax.pathComponents {
            guard case .segments(let name) = component,
                  let field = pathParameters.first(where: { $0.wireName == name }), field.type != .primitive(.string)
            else { continue }
            diagnostics.error(
                "path parameter '\(name)' holds several segments ('{\(name)...}'); its type must be String, found '\(field.type.specSpelling)'",
                at: field.location)
        }
        let query = syntax.query.compactMap { resolveField($0, context: .query) }
        let headerParameters = syntax.headerParameters.compactMap { resolveField($0, context: .headerParameter) }

        var envelope = service.envelope
        if let flag = syntax.envelopeFlag, let flagLocation = syntax.envelopeFlagLocation {
            if !flag {
                envelope = nil
            } else if service.envelope == nil {
                diagnostics.error(
                    "\(what()) sets 'envelope: true', but service '\(service.name)' has no 'envelope'", at: flagLocation)
            }
        }

        var body: Body?
        if let bodySyntax = syntax.body {
            body = resolveBody(bodySyntax, endpoint: syntax.name)
            if let location = syntax.bodyLocation, [.get, .head, .delete].contains(syntax.method) {
                diagnostics.warning(
                    "a body on a \(syntax.method.rawValue) request is unusual; servers and proxies may drop it",
                    at: location)
            }
        }

        var response = Response.empty
        var sample: SampleValue?
        var responses: [StatusResponse] = []
        if let entries = syntax.responses {
            responses = resolveResponses(entries, syntax: syntax, envelope: envelope, service: service)
            sample = responses.first(where: { $0.status.isSuccess })?.sample
        } else {
            response = resolveResponse(syntax.response, envelope: envelope, endpoint: syntax, service: service)
            if let node = syntax.sample, let keyLocation = syntax.sampleKeyLocation {
                if case .empty = response {
                    if case .empty = syntax.response {
                        // Without `response:` (often a misspelt key, reported already) the sample is
                        // what is out of place, not an empty response the author never wrote.
                        diagnostics.error(
                            syntax.responseWritten
                                ? "\(what()) has response 'empty', so it cannot have a sample"
                                : "\(what()) has a sample but no 'response' to check it against",
                            at: keyLocation)
                    }
                } else {
                    sample = resolveSample(node, keyLocation: keyLocation, response: response, owner: what())
                }
            }
        }

        var endpoint = Endpoint(
            name: syntax.name, method: syntax.method, path: syntax.path, pathComponents: syntax.pathComponents,
            summary: syntax.summary, description: syntax.description, deprecation: syntax.deprecation,
            auth: syntax.auth ?? service.auth, pathParameters: pathParameters, query: query, headers: syntax.headers,
            headerParameters: headerParameters, body: body, response: response, envelope: envelope, sample: sample,
            timeout: syntax.timeout, location: syntax.location)
        endpoint.responses = responses
        endpoint.responsesTypeName = syntax.responses == nil ? nil : syntax.responsesTypeName
        endpoint.queryStyles = resolveQueryStyles(syntax, query: query, service: service)
        endpoint.followsRedirects = syntax.followsRedirects
        endpoint.credentialHeaders = syntax.credentialHeaders
        endpoint.pagination = resolvePagination(syntax, service: service, query: query, response: response)
        return endpoint
    }

    /// What one response (`response:`, or an entry of `responses:`) decodes to.
    private mutating func resolveResponse(
        _ syntax: ResponseSyntax, envelope: Envelope?, endpoint: EndpointSyntax, service: ServiceSyntax
    ) -> Response {
        switch syntax {
        case .empty:
            return .empty
        case .inline(let name):
            return .json(.model(name))
        case .type(let expr):
            switch expr {
            case .name("Data", _):
                return .data
            case .name("String", _):
                return .string
            case .name("File", let location):
                // The body as it comes, to a file: an envelope could not be unwrapped from it.
                if envelope != nil {
                    let fix = service.envelope == nil ? "" : "; add 'envelope: false' to endpoint '\(endpoint.name)'"
                    diagnostics.error(
                        "response 'File' writes the body to a file as it arrives, so it cannot be unwrapped from an envelope\(fix)",
                        at: location)
                    return .empty
                }
                return .download
            case .optional(.name("File", _), let location):
                diagnostics.error(
                    "response 'File?' cannot be optional: a download always writes its file (empty for an empty body)", at: location)
            case .envelope(let payload, let location):
                if envelope == nil {
                    let reason =
                        service.envelope == nil
                        ? "service '\(service.name)' has no 'envelope'" : "endpoint '\(endpoint.name)' sets 'envelope: false'"
                    diagnostics.error("response '\(expr.spelling)' needs an envelope, but \(reason)", at: location)
                } else if let type = resolveType(payload, allowFile: false) {
                    return .envelope(type)
                }
            case .optional(.envelope(_, let location), _):
                diagnostics.error(
                    "response '\(expr.spelling)' cannot be optional: an envelope is always there", at: location)
            case .stream(let format, let element, _):
                if let type = resolveType(element, allowFile: false) { return .stream(format, type) }
            case .optional(.stream(_, _, let location), _):
                diagnostics.error(
                    "response '\(expr.spelling)' cannot be optional: a stream is always there (it may hold no values)", at: location)
            default:
                if let type = resolveType(expr, allowFile: false) { return .json(type) }
            }
            return .empty
        }
    }

    /// A sample checked against a response with a body.
    private mutating func resolveSample(
        _ node: YAMLNode, keyLocation: SourceLocation, response: Response, owner: @autoclosure () -> String
    ) -> SampleValue? {
        switch response {
        case .empty:
            return nil
        case .data, .string, .download:
            if let scalar = node.scalar { return .string(scalar.value) }
            let kind = response == .data ? "Data" : response == .download ? "File" : "String"
            diagnostics.error(
                "sample of \(owner()) must be text for a \(kind) response, found \(node.kindDescription)",
                at: node.mark.location(in: keyLocation.file))
            return nil
        case .json(let type), .envelope(let type):
            samplePath.removeAll(keepingCapacity: true)
            return convertSample(node, type: type, file: keyLocation.file)
        case .stream(_, let type):
            // The values the stream sends, in order.
            samplePath.removeAll(keepingCapacity: true)
            return convertSample(node, type: .array(type), file: keyLocation.file)
        }
    }

    /// Statuses that the client follows as redirects unless the endpoint says `redirects: none`.
    static let followedRedirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// `responses:`: each status's response and sample. The endpoint's own `sample` belongs to its
    /// first success status.
    private mutating func resolveResponses(
        _ entries: [StatusResponseSyntax], syntax: EndpointSyntax, envelope: Envelope?, service: ServiceSyntax
    ) -> [StatusResponse] {
        func what() -> String { "endpoint '\(syntax.name)'" }
        var result: [StatusResponse] = []
        result.reserveCapacity(entries.count)
        for entry in entries {
            var response = resolveResponse(entry.response, envelope: envelope, endpoint: syntax, service: service)
            if case .stream = response, case .type(let expr) = entry.response {
                diagnostics.error(
                    "a stream cannot be one of several responses; '\(expr.spelling)' needs 'response:' instead of 'responses:'",
                    at: expr.location)
                response = .empty
            }
            if response == .download, case .type(let expr) = entry.response {
                diagnostics.error(
                    "a download cannot be one of several responses; 'File' needs 'response:' instead of 'responses:'",
                    at: expr.location)
                response = .empty
            }
            if case .code(let code) = entry.status {
                if code == 204 || code == 205 || code == 304, response != .empty {
                    diagnostics.error(
                        "status \(code) has no body; write '\(code): empty'", at: entry.location)
                    response = .empty
                }
                if Self.followedRedirectStatuses.contains(code), syntax.followsRedirects {
                    diagnostics.error(
                        "status \(code) is a redirect the client follows, so it never reaches the caller; add 'redirects: none' to \(what()) to receive it",
                        at: entry.location)
                }
            }
            var sample: SampleValue?
            if let node = entry.sample, let keyLocation = entry.sampleKeyLocation {
                if response == .empty {
                    if case .empty = entry.response {
                        diagnostics.error(
                            "status \(entry.status.spelling) of \(what()) has no body, so it cannot have a sample", at: keyLocation)
                    }
                } else {
                    sample = resolveSample(
                        node, keyLocation: keyLocation, response: response,
                        owner: "status \(entry.status.spelling) of \(what())")
                }
            }
            result.append(StatusResponse(
                status: entry.status, response: response, sample: sample, summary: entry.summary, location: entry.location))
        }
        guard let first = result.firstIndex(where: { $0.status.isSuccess }) else {
            if let location = syntax.responsesLocation, !result.isEmpty {
                diagnostics.error(
                    "'responses' of \(what()) lists no success status (2xx, 3xx, 2XX, 3XX or default); every call would fail",
                    at: location)
            }
            return result
        }
        if let node = syntax.sample, let keyLocation = syntax.sampleKeyLocation {
            let status = result[first].status.spelling
            if entries[first].sample != nil {
                diagnostics.error(
                    "\(what()) has a 'sample' and status \(status) has one too; the endpoint's sample is the one of its first success status, \(status)",
                    at: keyLocation)
            } else if result[first].response == .empty {
                if case .empty = entries[first].response {
                    diagnostics.error(
                        "the sample of \(what()) is for its first success status, \(status), which has no body; give samples per status in the long form ('\(status): { type: T, sample: … }')",
                        at: keyLocation)
                }
            } else {
                result[first].sample = resolveSample(node, keyLocation: keyLocation, response: result[first].response, owner: what())
            }
        }
        return result
    }

    /// `paginate:` checked against the endpoint: its parameters are Int (or the cursor's type)
    /// query parameters of the endpoint, its paths lead through the response model to fields of
    /// fitting types. Errors about the service's scheme are reported where `paginate: true` uses it.
    private mutating func resolvePagination(
        _ syntax: EndpointSyntax, service: ServiceSyntax, query: [Field], response: Response
    ) -> Pagination? {
        let pagination: PaginationSyntax
        // Where errors about the scheme go, and a note to the service's scheme when it is used.
        var usedAt: SourceLocation?
        var notes: [Diagnostic] = []
        if let own = syntax.pagination {
            pagination = own
        } else if let location = syntax.usesServicePagination {
            guard let shared = service.pagination else {
                diagnostics.error(
                    "endpoint '\(syntax.name)' says 'paginate: true', but service '\(service.name)' has no 'paginate'", at: location)
                return nil
            }
            pagination = shared
            usedAt = location
            notes = [.note("the service's 'paginate' is here", at: shared.location)]
        } else {
            return nil
        }
        let owner = "'paginate' of endpoint '\(syntax.name)'"
        var failed = false
        func report(_ message: String, at location: SourceLocation) {
            diagnostics.error(message, at: usedAt ?? location, notes: notes)
            failed = true
        }
        guard case .json(let pageType) = response, !pageType.isOptional else {
            report("\(owner) needs a JSON response (a model or an array), found \(Self.describe(response))",
                   at: pagination.location)
            return nil
        }
        func path(_ named: NamedSyntax?, _ key: String, fits: (TypeRef) -> Bool, expected: String) -> FieldPath? {
            guard let named else { return nil }
            var fields: [Field] = []
            var current = pageType
            for part in named.text.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
                guard case .model(let name) = current.unwrapped, let model = resolvedModels[name],
                      case .structure(let modelFields) = model.kind
                else {
                    report("'\(key)' of \(owner): '\(named.text)' goes through '\(current.specSpelling)', which is not a struct model",
                           at: named.location)
                    return nil
                }
                guard let field = modelFields.first(where: { $0.wireName == part }) else {
                    report("'\(key)' of \(owner): model '\(name)' has no field '\(part)'"
                               + DidYouMean.hint(for: part, among: modelFields.map(\.wireName)),
                           at: named.location)
                    return nil
                }
                fields.append(field)
                current = field.type
            }
            guard fits(current) else {
                report("'\(key)' of \(owner) must lead to \(expected), found '\(named.text)' of type '\(current.specSpelling)'",
                       at: named.location)
                return nil
            }
            return FieldPath(fields: fields)
        }
        func parameter(_ named: NamedSyntax?, _ key: String, type: PrimitiveType) -> String? {
            guard let named else { return nil }
            guard let field = query.first(where: { $0.wireName == named.text }) else {
                report("'\(key)' of \(owner) names '\(named.text)', which is not a query parameter of the endpoint"
                           + DidYouMean.hint(for: named.text, among: query.map(\.wireName)),
                       at: named.location)
                return nil
            }
            guard field.type.unwrapped == .primitive(type) else {
                report("'\(key)' of \(owner) names query parameter '\(named.text)' of type '\(field.type.specSpelling)'; it must be \(type.rawValue) or \(type.rawValue)?",
                       at: named.location)
                return nil
            }
            return field.wireName
        }
        func isInt(_ type: TypeRef) -> Bool { type.unwrapped == .primitive(.int) }

        var itemType: TypeRef?
        var items: FieldPath?
        if let named = pagination.items {
            items = path(named, "items", fits: { if case .array = $0.unwrapped { return true } else { return false } },
                         expected: "an array")
            if case .array(let element)? = items?.type.unwrapped { itemType = element }
        } else if case .array(let element) = pageType {
            itemType = element
        } else {
            report("\(owner) needs 'items', the path of the items' array in '\(pageType.specSpelling)'", at: pagination.location)
        }
        let hasMore = path(pagination.hasMore, "hasMore", fits: { $0.unwrapped == .primitive(.bool) }, expected: "a Bool")
        let scheme: Pagination.Scheme?
        switch pagination.scheme {
        case .page(let page, let size, let totalPages):
            let parameterName = parameter(page, "page", type: .int)
            let sizeName = parameter(size, "size", type: .int)
            let total = path(totalPages, "totalPages", fits: isInt, expected: "an Int")
            scheme = parameterName.map { .page(parameter: $0, size: sizeName, totalPages: total) }
        case .offset(let offset, let limit, let totalCount):
            let parameterName = parameter(offset, "offset", type: .int)
            let limitName = parameter(limit, "limit", type: .int)
            let total = path(totalCount, "total", fits: isInt, expected: "an Int")
            scheme = parameterName.map { .offset(parameter: $0, limit: limitName, total: total) }
        case .cursor(let cursor, let named):
            let cursorPath = path(cursor, "cursor", fits: { [.primitive(.string), .primitive(.int)].contains($0.unwrapped) },
                                  expected: "a String or an Int")
            let cursorType: PrimitiveType = cursorPath?.type.unwrapped == .primitive(.int) ? .int : .string
            let parameterName = cursorPath == nil ? nil : parameter(named, "param", type: cursorType)
            if let cursorPath, let parameterName {
                scheme = .cursor(cursorPath, parameter: parameterName)
            } else {
                scheme = nil
            }
        case .link:
            scheme = .link
        }
        guard !failed, let scheme, let itemType else { return nil }
        return Pagination(scheme: scheme, items: items, itemType: itemType, hasMore: hasMore, location: pagination.location)
    }

    private static func describe(_ response: Response) -> String {
        switch response {
        case .empty: return "no response"
        case .json(let type): return "'\(type.specSpelling)'"
        case .envelope(let type): return "'Envelope<\(type.specSpelling)>'"
        case .data: return "'Data'"
        case .string: return "'String'"
        case .stream(let format, let type): return "'\(format.typeName)<\(type.specSpelling)>'"
        case .download: return "'File'"
        }
    }

    /// The header an endpoint's auth sets (lowercased), and how, for the checks below.
    private static func headerSet(by auth: Auth) -> (name: String, by: String)? {
        switch auth {
        case .none, .apiKeyInQuery: return nil
        case .bearer: return ("authorization", "'auth: bearer' sets it to the token")
        case .basic: return ("authorization", "'auth: basic' sets it to the client's credentials")
        case .cookie: return ("cookie", "'auth: cookie' sets it to the client's cookies")
        case .apiKey(let header): return (header.lowercased(), "'auth: apiKey(\(header))' sets it to the client's API key")
        }
    }

    /// A service header that the auth of every endpoint replaces is never sent (a token pasted
    /// into `headers` beside `auth: bearer`). One that only some endpoints replace is sent by
    /// the others, which may be the point (a client credential for the token endpoint).
    private mutating func checkServiceHeadersTheClientSets(_ syntax: ServiceSyntax) {
        guard !syntax.headers.isEmpty, !syntax.endpoints.isEmpty else { return }
        func setter(_ index: Int) -> (name: String, by: String)? {
            Self.headerSet(by: syntax.endpoints[index].auth ?? syntax.auth)
        }
        for header in syntax.headers {
            let lowered = header.name.lowercased()
            guard syntax.endpoints.indices.allSatisfy({ setter($0)?.name == lowered }), let first = setter(0) else { continue }
            // The first endpoint's reason stands for all (`apiKey(Cookie)` beside `cookie` differ in how).
            diagnostics.error(
                "header '\(header.name)' of service '\(syntax.name)' would never be sent: every endpoint's auth replaces it (\(first.by))",
                at: header.location)
        }
    }

    /// A header the client sets itself replaces the spec's of the same name, so its value would
    /// be dropped without a word: the credential of the endpoint's auth, and the content type of
    /// a form, multipart (with its boundary) or raw body. A JSON body's `application/json` is the
    /// exception: an endpoint header gives the JSON media type (`application/merge-patch+json`).
    /// A query parameter named like the API key of `apiKeyQuery(name)` would go out twice.
    private mutating func checkValuesTheClientSets(_ syntax: EndpointSyntax, auth: Auth) {
        if case .apiKeyInQuery(let name) = auth {
            for parameter in syntax.query where parameter.wireName == name {
                diagnostics.error(
                    "query parameter '\(name)' of endpoint '\(syntax.name)' repeats the API key that 'auth: apiKeyQuery(\(name))' adds; leave the parameter out",
                    at: parameter.location)
            }
        }
        guard !syntax.headers.isEmpty || !syntax.headerParameters.isEmpty else { return }
        var setters: [(name: String, by: String)] = []
        if let set = Self.headerSet(by: auth) { setters.append(set) }
        switch syntax.body {
        case .inlineForm?, .formModel?: setters.append(("content-type", "the form body sets it"))
        case .multipart?: setters.append(("content-type", "the multipart body sets it, with the boundary of its parts"))
        case .raw(let type)?: setters.append(("content-type", "the raw body sets it to '\(type)'"))
        case .file(let type)?: setters.append(("content-type", "the file body sets it to '\(type)'"))
        case .json?, .inlineJSON?, nil: break
        }
        guard !setters.isEmpty else { return }
        func check(_ name: String, _ kind: String, at location: SourceLocation) {
            let lowered = name.lowercased()
            guard let setter = setters.first(where: { $0.name == lowered }) else { return }
            diagnostics.error(
                "\(kind) '\(name)' of endpoint '\(syntax.name)' would never be sent: \(setter.by)", at: location)
        }
        for header in syntax.headers { check(header.name, "header", at: header.location) }
        for parameter in syntax.headerParameters { check(parameter.wireName, "header parameter", at: parameter.location) }
    }

    private mutating func resolveBody(_ syntax: BodySyntax, endpoint endpointName: String) -> Body? {
        func what() -> String { "endpoint '\(endpointName)'" }
        switch syntax {
        case .json(let expr):
            guard let type = resolveType(expr, allowFile: false) else { return nil }
            if type.isOptional {
                diagnostics.error("the body of \(what()) cannot be optional; leave 'body' out instead", at: expr.location)
                return nil
            }
            return .json(type)
        case .inlineJSON(let name):
            return .json(.model(name))
        case .inlineForm(let name):
            return .form(modelName: name)
        case .formModel(let name, let location):
            guard let type = resolveType(.name(name, location), allowFile: false) else { return nil }
            // Its fields are checked as form fields where the model is resolved.
            guard case .model = type, let entry = table[name], case .structure = self.syntax(of: entry).kind else {
                diagnostics.error(
                    "a form body must be a fields map or a struct model, found '\(name)'", at: location)
                return nil
            }
            return .form(modelName: name)
        case .multipart(let fields):
            checkSwiftNames(fields, kind: "parts", owner: "the multipart body of \(what())")
            return .multipart(parts: fields.compactMap { resolveField($0, context: .multipart) })
        case .raw(let contentType):
            return .raw(contentType: contentType)
        case .file(let contentType):
            return .file(contentType: contentType)
        }
    }
}

extension PrimitiveType {
    /// Position in `allCases`, for table lookups without hashing.
    var index: Int {
        switch self {
        case .string: return 0
        case .int: return 1
        case .int32: return 2
        case .int64: return 3
        case .double: return 4
        case .float: return 5
        case .bool: return 6
        case .decimal: return 7
        case .date: return 8
        case .url: return 9
        case .uuid: return 10
        case .data: return 11
        case .json: return 12
        case .file: return 13
        }
    }
}
