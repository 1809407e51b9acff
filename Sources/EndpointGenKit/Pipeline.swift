import EndpointGenCodegen
import EndpointGenSpec
import EndpointGenSupport
import EndpointGenYAML

/// What one run of the generator works on.
public struct PipelineOptions: Sendable {
    /// The folder holding `*.yaml` / `*.yml` specs (not searched recursively).
    public var specsDirectory: String
    /// The folder of generated Swift files.
    public var outputDirectory: String
    public var codegen: CodegenOptions

    public init(specsDirectory: String = "specs", outputDirectory: String = "Generated", codegen: CodegenOptions = CodegenOptions()) {
        self.specsDirectory = specsDirectory
        self.outputDirectory = outputDirectory
        self.codegen = codegen
    }
}

/// The outcome of reading, validating and generating: files only when nothing failed.
public struct PipelineResult: Sendable {
    public var specCount: Int
    public var files: [GeneratedFile]
    public var diagnostics: [Diagnostic]
    /// The specs folder or a spec file could not be read (an I/O problem, not a spec error).
    public var couldNotReadSpecs = false

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// read specs → load and validate → generate. Writing and checking are separate steps
/// (`OutputWriter`), so a failed run never touches the output folder.
public enum Pipeline {
    /// Runs every stage that can run and collects all diagnostics; `diagnosticsOnly` (lint) keeps
    /// no files.
    public static func run(_ options: PipelineOptions, diagnosticsOnly: Bool = false) -> PipelineResult {
        StageTimes.mark("start")
        let (sources, readDiagnostics) = readSpecs(in: options.specsDirectory)
        StageTimes.mark("read specs")
        if !readDiagnostics.isEmpty {
            return PipelineResult(specCount: sources.count, files: [], diagnostics: readDiagnostics, couldNotReadSpecs: true)
        }
        var diagnostics = readDiagnostics
        let loaded = SpecLoader.load(sources)
        diagnostics += loaded.diagnostics
        guard let module = loaded.module, !diagnostics.contains(where: { $0.severity == .error }) else {
            return PipelineResult(specCount: sources.count, files: [], diagnostics: sortedDiagnostics(diagnostics))
        }
        // `lint` generates too, and keeps only the diagnostics: the code generator's own checks
        // (names that clash only once it has decided them) must fail `lint` as they fail
        // `generate`, or a spec that lints clean could still not generate.
        let generated = CodeGenerator.generate(module, options: options.codegen)
        StageTimes.mark("generate code")
        ProcessLifetime.keepUntilExit((sources, loaded, generated))
        diagnostics += generated.diagnostics
        let failed = diagnosticsOnly || diagnostics.contains { $0.severity == .error }
        return PipelineResult(specCount: sources.count, files: failed ? [] : generated.files, diagnostics: sortedDiagnostics(diagnostics))
    }

    /// The spec files of a folder, sorted by name, with display paths relative to the
    /// working directory.
    public static func readSpecs(in directory: String) -> ([SpecSource], [Diagnostic]) {
        guard FileSystem.exists(directory) else {
            return ([], [.error("specs folder '\(directory)' does not exist", at: nil)])
        }
        guard FileSystem.isDirectory(directory) else {
            return ([], [.error("'\(directory)' is not a folder; pass the folder that holds the *.yaml specs", at: nil)])
        }
        let names: [String]
        do throws(FileSystem.Failure) {
            names = try FileSystem.contentsOfDirectory(directory)
        } catch {
            return ([], [.error("cannot list specs folder '\(directory)': \(error.reason)", at: nil)])
        }
        let specNames = names.filter { ($0.hasSuffix(".yaml") || $0.hasSuffix(".yml")) && !$0.hasPrefix(".") }.sorted()
        guard !specNames.isEmpty else {
            return ([], [.error("specs folder '\(directory)' holds no *.yaml files", at: nil)])
        }
        var sources: [SpecSource] = []
        var diagnostics: [Diagnostic] = []
        let prefix = displayPath(directory)
        // Read on all cores: a few hundred small files are a few hundred system calls each way.
        let contents = Parallel.map(specNames) { name -> Result<[UInt8], FileSystem.Failure> in
            do throws(FileSystem.Failure) {
                return .success(try FileSystem.readInput(Path.join(directory, name), limit: inputLimit))
            } catch {
                return .failure(error)
            }
        }
        for (name, read) in zip(specNames, contents) {
            let display = prefix == "." ? name : prefix + "/" + name
            switch read {
            case .success(let bytes):
                sources.append(SpecSource(path: display, contents: bytes))
            case .failure(let failure):
                diagnostics.append(.error("cannot read the spec: \(failure.reason)", at: SourceLocation(file: display, line: 0, column: 0)))
            }
        }
        return (sources, diagnostics)
    }

    /// The largest input file read (a spec, an OpenAPI document): the YAML loader's limit.
    static let inputLimit = YAMLLoadOptions.spec.maxFileSize

    /// `path` relative to the working directory when it lies below it, without a trailing slash.
    static func displayPath(_ path: String) -> String {
        var trimmed = path
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        if trimmed.hasPrefix("./") { trimmed.removeFirst(2) }
        guard trimmed.hasPrefix("/") else { return trimmed.isEmpty ? "." : trimmed }
        let cwd = FileSystem.currentDirectory()
        if trimmed == cwd { return "." }
        if trimmed.hasPrefix(cwd + "/") { return String(trimmed.dropFirst(cwd.count + 1)) }
        return trimmed
    }

    static func sortedDiagnostics(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var bag = DiagnosticBag()
        bag.append(contentsOf: diagnostics)
        return bag.sorted
    }
}
