import EndpointGenExport
import EndpointGenSpec
import EndpointGenSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `endpointgen export-openapi` did, or why it wrote nothing.
public struct ExportRunResult: Sendable {
    /// Spec problems, and warnings for what OpenAPI cannot say exactly.
    public var diagnostics: [Diagnostic] = []
    /// The document, when the specs loaded (also when it went to standard output).
    public var contents: String?
    /// The specs folder or the output file could not be read or written.
    public var failure: String?
    public var couldNotReadSpecs = false

    public var succeeded: Bool { failure == nil && !couldNotReadSpecs && !diagnostics.contains { $0.severity == .error } }
}

/// Reads the specs through the spec stages (as `lint` does) and writes the OpenAPI document of
/// the resolved module: YAML, or JSON for an output name ending in `.json`; `-` is standard
/// output. The file is replaced whole (written beside it, then renamed) and only when every
/// spec loaded.
public enum ExportCommand {
    /// `services`: only these services' endpoints (every model is kept); empty for all.
    public static func run(specs: String, output: String, services: [String] = []) -> ExportRunResult {
        var result = ExportRunResult()
        let (sources, readDiagnostics) = Pipeline.readSpecs(in: specs)
        if !readDiagnostics.isEmpty {
            result.diagnostics = readDiagnostics
            result.couldNotReadSpecs = true
            return result
        }
        let loaded = SpecLoader.load(sources)
        guard let module = loaded.module, !loaded.diagnostics.contains(where: { $0.severity == .error }) else {
            result.diagnostics = Pipeline.sortedDiagnostics(loaded.diagnostics)
            return result
        }
        var selected = module
        if !services.isEmpty {
            let names = module.files.compactMap(\.service?.name)
            let unknown = services.filter { !names.contains($0) }
            guard unknown.isEmpty else {
                result.diagnostics = unknown.map { name in
                    let hint = DidYouMean.suggestion(for: name, among: names).map { "; did you mean '\($0)'?" } ?? "; the services are \(names.joined(separator: ", "))"
                    return .error("--service '\(name)' names no service of the specs\(hint)", at: SourceLocation(file: Pipeline.displayPath(specs), line: 0, column: 0))
                }
                return result
            }
            // The other services' files keep their models: any model may be used by any service.
            for index in selected.files.indices where selected.files[index].service.map({ !services.contains($0.name) }) == true {
                selected.files[index].service = nil
            }
        }
        let export = OpenAPIExporter.export(selected)
        result.diagnostics = Pipeline.sortedDiagnostics(loaded.diagnostics + export.diagnostics)
        let contents = output.lowercased().hasSuffix(".json") ? export.json : export.yaml
        result.contents = contents
        if output == "-" {
            if let failure = FileSystem.writeAll(contents, to: STDOUT_FILENO) {
                result.failure = "cannot write the document to standard output: \(failure)"
            }
            return result
        }
        if FileSystem.isDirectory(output) {
            result.failure = "'\(output)' is a folder; pass a file name such as \(Path.join(output, "openapi.yaml"))"
            return result
        }
        // Written beside the file under a temporary name, then renamed over it: a reader never
        // sees half a document, and a failed run leaves the old one.
        let folder = Path.parent(output)
        let temporary = Path.join(folder.isEmpty ? "." : folder, OutputWriter.temporaryName(for: Path.lastComponent(output), pid: getpid()))
        do throws(OutputError) {
            try OutputWriter.writeFile(contents, to: temporary, shownAs: output, flush: true)
        } catch {
            result.failure = error.description
            return result
        }
        guard rename(temporary, output) == 0 else {
            result.failure = "cannot write '\(output)': \(FileSystem.lastError())"
            unlink(temporary)
            return result
        }
        return result
    }
}
