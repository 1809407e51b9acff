#if ImportSwift
import EndpointGenImport
import EndpointGenSpec
import EndpointGenSupport
import SwiftSyntax

/// The outcome of import-swift: spec files, and what could not be carried, at its place in
/// the Swift files.
public struct SwiftImportResult: Sendable {
    /// The spec files, empty when nothing could be imported.
    public var files: [GeneratedFile] = []
    /// Errors (a file that does not parse, no router found) and warnings (what was left out or
    /// carried differently, each with what to write by hand).
    public var diagnostics: [EndpointGenSupport.Diagnostic] = []
    /// What was carried in another form (`Bearer …` → `auth: bearer`), shown with `--verbose`.
    public var notes: [EndpointGenSupport.Diagnostic] = []
    /// Cases carried whole, carried with warnings and left out, over all routers.
    public var carriedWhole = 0
    public var carriedWithWarnings = 0
    public var leftOut = 0
    /// The routers read, by type name.
    public var routers: [String] = []

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// `Imported 12 cases of 2 routers: 9 whole, 2 with warnings, 1 left out.`
    public var summary: String {
        let cases = carriedWhole + carriedWithWarnings + leftOut
        return "Imported \(cases) case\(cases == 1 ? "" : "s") of \(routers.count) router\(routers.count == 1 ? "" : "s") (\(routers.joined(separator: ", "))): \(carriedWhole) whole, \(carriedWithWarnings) with warnings, \(leftOut) left out."
    }

    /// `warning summary: 3 values computed at run time, 1 credentials`, nil without warnings.
    public var warningSummary: String? {
        WarningKind.summary(of: diagnostics)
    }
}

/// Swift source of an app's networking layer → spec files: parsed (swift-syntax) → declarations
/// indexed across files → routers recognised by shape → each case's members evaluated and
/// translated into an endpoint → spec files (EndpointGenImport's printer) → loaded back with the
/// spec loader, so every file written is a spec `generate` accepts. Nothing of the input is run.
public enum SwiftImporter {
    public static func run(_ sources: [SourceFile], outputDirectory: String, limits: SwiftImportLimits = SwiftImportLimits()) -> SwiftImportResult {
        var parseDiagnostics = DiagnosticBag()
        let parsed = ParsedSources.parse(sources, limits: limits, diagnostics: &parseDiagnostics)
        let context = ImportContext(sources: parsed, index: SwiftIndex(parsed), limits: limits)
        context.diagnostics.append(contentsOf: parseDiagnostics.all)
        var result = SwiftImportResult()
        let routers = Router.all(in: context.index)
        guard !routers.isEmpty else {
            let at = sources.first.map { SourceLocation(file: $0.path, line: 1, column: 1) }
            context.diagnostics.error("no router found: import-swift reads enums with 'path' and 'method' and either 'task' (Moya's TargetType) or 'parameters'/'asURLRequest()' (Alamofire's URLRequestConvertible), and request types (structs with 'path', 'method' and a Response type, 'queryItems' or 'body')", at: at)
            return finished(context, &result)
        }
        let types = TypeMapper(context: context)
        var services: [(ImportedService, router: Router)] = []
        for router in routers {
            result.routers.append(router.displayName)
            for service in translate(router, context: context, types: types, counts: &result) { services.append((service, router)) }
        }
        types.finish()
        let files = SpecFiles.make(services.map { ($0.0, $0.router.type.qualifiedName) }, models: types.models)
        check(files, outputDirectory: outputDirectory, context: context, result: &result)
        return finished(context, &result)
    }

    private static func finished(_ context: ImportContext, _ result: inout SwiftImportResult) -> SwiftImportResult {
        var seen: Set<Diagnostic> = []
        let unique = context.diagnostics.sorted.filter { seen.insert($0).inserted }
        result.diagnostics = unique.filter { $0.severity != .note }
        result.notes = unique.filter { $0.severity == .note }
        return result
    }

    /// The services of one router: one per base URL its cases use, the most used first.
    private static func translate(_ router: Router, context: ImportContext, types: TypeMapper, counts: inout SwiftImportResult) -> [ImportedService] {
        var groups: [(baseURL: String?, endpoints: [ImportedEndpoint])] = []
        var droppedContentType: Syntax?
        var firstBase: Syntax?
        var ownTaskType: TypeDecl?
        for request in router.requests {
            context.caseWarnings = 0
            let translated = CaseTranslator(context: context, types: types, router: router, request: request).translate()
            guard let endpoint = translated.endpoint else {
                counts.leftOut += 1
                continue
            }
            if context.caseWarnings == 0 { counts.carriedWhole += 1 } else { counts.carriedWithWarnings += 1 }
            droppedContentType = droppedContentType ?? translated.droppedContentType
            ownTaskType = ownTaskType ?? translated.ownTaskType
            firstBase = firstBase ?? translated.baseURLNode
            if let index = groups.firstIndex(where: { $0.baseURL == translated.baseURL }) {
                groups[index].endpoints.append(endpoint)
            } else {
                groups.append((translated.baseURL, [endpoint]))
            }
        }
        if let node = droppedContentType {
            context.warn(.clientHeaders, "'\(router.displayName)' sets Content-Type on requests without a body: the spec leaves it out there, as the runtime sets the Content-Type of each body it sends", at: node)
        }
        if let task = ownTaskType {
            context.warn(.encodingDifferences, "'\(router.displayName)' sends the layer's own '\(task.name)', which the layer's own code turns into requests: import-swift reads its cases by Moya's rules (JSON bodies with Content-Type: application/json, parameters by URLEncoding); check what that code really sends", at: task.node)
        }
        if groups.count > 1, let node = firstBase {
            let hosts = groups.compactMap(\.baseURL).joined(separator: ", ")
            context.note("the cases of '\(router.displayName)' use \(groups.count) base URLs (\(hosts)): each becomes a service of its own", at: node)
        }
        let ordered = groups.enumerated().sorted { $0.element.endpoints.count != $1.element.endpoints.count ? $0.element.endpoints.count > $1.element.endpoints.count : $0.offset < $1.offset }
        var names: Set<String> = []
        return ordered.map { entry in
            var name = router.serviceName
            if !names.isEmpty { name += hostWord(entry.element.baseURL) }
            while names.contains(name) { name += "2" }
            names.insert(name)
            return service(name, baseURL: entry.element.baseURL, endpoints: entry.element.endpoints)
        }
    }

    /// A word for a second base URL's service: its host's first label (`uploads.example.com` → `Uploads`).
    private static func hostWord(_ url: String?) -> String {
        guard let url, let host = url.split(separator: "/").dropFirst().first?.split(separator: ".").first else { return "Other" }
        let word = SwiftNaming.upperCamel(String(host))
        return word.isEmpty ? "Other" : word
    }

    /// A service of endpoints: the headers and auth every endpoint has are given once, at the top.
    private static func service(_ name: String, baseURL: String?, endpoints: [ImportedEndpoint]) -> ImportedService {
        var service = ImportedService(name: name)
        service.baseURL = baseURL
        var endpoints = endpoints
        if let first = endpoints.first {
            let shared = first.headers.filter { header in
                endpoints.allSatisfy { endpoint in endpoint.headers.contains { $0.name == header.name && $0.value == header.value } }
            }
            service.headers = shared
            for index in endpoints.indices {
                endpoints[index].headers.removeAll { header in shared.contains { $0.name == header.name } }
            }
            if let auth = first.auth, endpoints.allSatisfy({ $0.auth == auth }) {
                service.auth = auth
                for index in endpoints.indices { endpoints[index].auth = nil }
            }
        }
        service.endpoints = endpoints
        return service
    }

    /// Renders the files and loads them back: a spec the loader refuses is import-swift's bug,
    /// reported as such (nothing is written); its warnings are shown at the Swift cases.
    private static func check(_ files: [ImportedFile], outputDirectory: String, context: ImportContext, result: inout SwiftImportResult) {
        let header = [
            "Imported by endpointgen import-swift from the Swift networking layer.",
            "Yours to edit: import-swift never replaces it, and generate reads it like any spec.",
        ]
        let check = ImportedSpecCheck(files, header: header, folder: outputDirectory)
        let problems = check.errors
        guard problems.isEmpty else {
            let at = context.sources.files.first.map { SourceLocation(file: $0.path, line: 1, column: 1) }
            context.diagnostics.error(
                "the specs made from this layer do not load (an import-swift bug; please report it with the Swift files): \(problems.count) error(s)",
                at: at, notes: problems.prefix(20).map { .note($0.message, at: $0.location) })
            return
        }
        context.diagnostics.append(contentsOf: check.diagnosticsAtOrigins(
            in: outputDirectory, fallback: nil, warningKind: SwiftWarningKind.specChecks.rawValue))
        result.files = check.files
    }
}
#endif
