import EndpointGenSpec
import EndpointGenSupport
import EndpointGenYAML

/// The outcome of importing an OpenAPI document: spec files only when nothing failed.
public struct OpenAPIImportResult: Sendable {
    public var files: [GeneratedFile]
    /// Warnings for what the specs cannot express (each at its place in the document), or the
    /// errors that stopped the import.
    public var diagnostics: [Diagnostic]
    /// Names the import changed (`schema 'basic-error' becomes model 'BasicError'`), as notes at
    /// their place in the document: nothing is lost, so they are not warnings.
    public var renames: [Diagnostic] = []
    /// Operations paginated by a rule that recognised their shape, counted by rule (`link header`,
    /// `page number`, …), in the rules' order; each also has a note among `renames`.
    public var recognizedPagination: [(rule: String, count: Int)] = []
    /// The endpoints of the specs written (0 when nothing is).
    public var endpointCount = 0

    init(files: [GeneratedFile], diagnostics: [Diagnostic]) {
        self.files = files
        // A response is read for several purposes (its status, the success type, the error
        // body); a reference that leads nowhere is reported once.
        var seen: Set<Diagnostic> = []
        let unique = diagnostics.filter { seen.insert($0).inserted }
        self.diagnostics = unique.filter { $0.severity != .note }
        renames = unique.filter { $0.severity == .note }
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// OpenAPI 3.0 / 3.1 (YAML or JSON) → spec files: read with marks → the document's operations,
/// schemas and security → spec files (names decided, unsupported parts dropped with a warning)
/// → YAML text → loaded back with the spec loader, so every file written is a spec `generate`
/// accepts.
public enum OpenAPIImporter {
    /// Imports `bytes`, the document at `path` (as shown in messages). `outputDirectory` is
    /// where the files will be written, for the paths of the check that loads them back.
    /// `readFile` reads the files its `$ref`s name (by their path from the working folder, as
    /// messages show them); without it only references within the document are followed.
    /// `recognizesPagination`: list operations without `x-endpointgen-paginate` get `paginate:`
    /// from their shape (a `Link` header, `page`/`per_page`, a next cursor, Stripe's
    /// `starting_after`); false leaves them without.
    public static func run(_ bytes: [UInt8], path: String, outputDirectory: String, readFile: OpenAPIFileReader? = nil,
                           recognizesPagination: Bool = true) -> OpenAPIImportResult {
        let loaded = YAMLLoader.load(bytes, file: path, options: .document)
        guard !loaded.hasErrors, let root = loaded.documents.first else {
            var diagnostics = loaded.diagnostics
            if !loaded.hasErrors { diagnostics.append(.error("the document is empty", at: SourceLocation(file: path, line: 1, column: 1))) }
            return OpenAPIImportResult(files: [], diagnostics: diagnostics)
        }
        let references = References(root: root, path: path, bytes: bytes.count, options: .document, readFile: readFile)
        var reader = OpenAPIReader(references: references)
        reader.recognizesPagination = recognizesPagination
        let read = reader.read(root)
        var readDiagnostics = reader.diagnostics
        // A file that does not load is an error of its own; the reference to it is a warning.
        readDiagnostics.append(contentsOf: references.loadDiagnostics)
        guard let document = read, !readDiagnostics.hasErrors else {
            return OpenAPIImportResult(files: [], diagnostics: readDiagnostics.sorted)
        }
        var builder = SpecBuilder(document: document)
        var imported = builder.build()
        var diagnostics = readDiagnostics
        diagnostics.append(contentsOf: builder.diagnostics.all)
        guard !imported.isEmpty else {
            diagnostics.error("the document has no operations and no schemas: nothing to import", at: SourceLocation(file: path, line: 1, column: 1))
            return OpenAPIImportResult(files: [], diagnostics: diagnostics.sorted)
        }
        // The document's title and version (and the path) go into a comment: as they are, or
        // quoted with their line breaks escaped, so none of them can end the comment's line.
        var title = document.title.map(SpecPrinter.comment) ?? "an untitled API"
        if let version = document.version { title += " " + SpecPrinter.comment(version) }
        let header = [
            "Imported by endpointgen from \(SpecPrinter.comment(path)) (\(title)).",
            "Yours to edit: import-openapi never replaces it, and generate reads it like any spec.",
        ]
        var check = ImportedSpecCheck(imported, header: header, folder: outputDirectory)
        // `x-endpointgen-paginate` and the `sample` examples are the document's claims: one the
        // loader refuses (a path to no field, a value the type cannot hold) is left out with a
        // warning, not the import.
        let refused = refusedClaims(check, folder: outputDirectory)
        if !refused.isEmpty {
            leaveOut(refused, from: &imported, diagnostics: &diagnostics, path: path)
            check = ImportedSpecCheck(imported, header: header, folder: outputDirectory)
        }

        // Every file must be a spec the generator accepts; a failure here is the importer's bug.
        let problems = check.errors
        if !problems.isEmpty {
            diagnostics.error(
                "the specs made from this document do not load (an importer bug; please report it with the document): \(problems.count) error(s)",
                at: SourceLocation(file: path, line: 1, column: 1),
                notes: problems.prefix(20).map { .note($0.message, at: $0.location) })
            return OpenAPIImportResult(files: [], diagnostics: diagnostics.sorted)
        }
        // What the spec loader says about a written spec is shown at the operation or schema it
        // came from: users read the document, not specs that do not exist yet.
        diagnostics.append(contentsOf: check.diagnosticsAtOrigins(
            in: outputDirectory, fallback: SourceLocation(file: path, line: 1, column: 1), warningKind: WarningKind.specChecks.rawValue))
        let recognized = recognizedPagination(imported, notes: &diagnostics)
        var result = OpenAPIImportResult(files: check.files, diagnostics: diagnostics.sorted)
        result.recognizedPagination = recognized
        result.endpointCount = check.loaded.module?.files.reduce(0) { $0 + ($1.service?.endpoints.count ?? 0) } ?? 0
        return result
    }

    /// Each refused `paginate:` or `sample` left out of its endpoint, with a warning (the
    /// document's claim) or a note (a paging recognised from the operation's shape).
    private static func leaveOut(
        _ refused: [(file: Int, endpoint: Int, isSample: Bool, message: String)], from imported: inout [ImportedFile],
        diagnostics: inout DiagnosticBag, path: String
    ) {
        for claim in refused {
            guard var service = imported[claim.file].service else { continue }
            let operation = service.endpoints[claim.endpoint]
            let at = operation.location ?? SourceLocation(file: path, line: 1, column: 1)
            if claim.isSample {
                diagnostics.warning(.skippedSamples, "the example 'sample' of '\(operation.name)' is left out: \(claim.message)", at: at)
                service.endpoints[claim.endpoint].sample = nil
                service.endpoints[claim.endpoint].statusSamples = [:]
            } else if let rule = operation.paginationRule {
                diagnostics.append(.note("'\(operation.name)' looks paged (\(rule.shape)), but is not paginated: \(claim.message)", at: at))
                service.endpoints[claim.endpoint].paginate = []
                service.endpoints[claim.endpoint].paginationRule = nil
            } else {
                diagnostics.warning(.skippedPagination, "x-endpointgen-paginate of '\(operation.name)' is left out: \(claim.message)", at: at)
                service.endpoints[claim.endpoint].paginate = []
            }
            imported[claim.file].service = service
        }
    }

    /// The paging recognised from operations' shapes: a note at each, counted by rule.
    private static func recognizedPagination(_ imported: [ImportedFile], notes: inout DiagnosticBag) -> [(rule: String, count: Int)] {
        let rules = OpenAPIReader.PaginationRule.allCases
        var counts = Array(repeating: 0, count: rules.count)
        for file in imported {
            for endpoint in file.service?.endpoints ?? [] where !endpoint.paginate.isEmpty {
                guard let rule = endpoint.paginationRule, let index = rules.firstIndex(of: rule) else { continue }
                counts[index] += 1
                let keys = endpoint.paginate.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
                notes.append(.note("'\(endpoint.name)' is paginated by its \(rule.rawValue) (\(rule.shape)): paginate: { \(keys) }", at: endpoint.location))
            }
        }
        return zip(rules, counts).filter { $0.1 > 0 }.map { ($0.0.rawValue, $0.1) }
    }

    /// The endpoints (file and endpoint index) whose `paginate:` or `sample:` block holds an
    /// error of the load check, with the first such error's message.
    private static func refusedClaims(_ check: ImportedSpecCheck, folder: String) -> [(file: Int, endpoint: Int, isSample: Bool, message: String)] {
        var refused: [(file: Int, endpoint: Int, isSample: Bool, message: String)] = []
        for problem in check.errors {
            guard let at = problem.location, let file = check.files.firstIndex(where: { SourceFile.shownPath($0.name, in: folder) == at.file })
            else { continue }
            for (blocks, isSample) in [(check.rendered[file].paginateBlocks, false), (check.rendered[file].sampleBlocks, true)] {
                guard let block = blocks.first(where: { $0.lines.contains(at.line) }),
                      !refused.contains(where: { $0.file == file && $0.endpoint == block.endpoint && $0.isSample == isSample })
                else { continue }
                refused.append((file, block.endpoint, isSample, problem.message))
            }
        }
        return refused
    }
}
