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
        let files = failed ? [] : withHeaderPaths(generated.files, specsDirectory: options.specsDirectory)
        return PipelineResult(specCount: sources.count, files: files, diagnostics: sortedDiagnostics(diagnostics))
    }

    /// The spec files of a folder, sorted by name, with display paths relative to the
    /// working directory.
    public static func readSpecs(in directory: String) -> ([SourceFile], [Diagnostic]) {
        let place = SourceLocation(file: displayPath(directory), line: 0, column: 0)
        guard FileSystem.exists(directory) else {
            return ([], [.error("the specs folder does not exist; run 'endpointgen init' to create specs/ with a starter spec, or pass --specs <dir> (the folder of your *.yaml specs)", at: place)])
        }
        guard FileSystem.isDirectory(directory) else {
            return ([], [.error("not a folder; pass --specs <dir> with the folder that holds the *.yaml specs", at: place)])
        }
        let names: [String]
        do throws(FileSystem.Failure) {
            names = try FileSystem.contentsOfDirectory(directory)
        } catch {
            return ([], [.error("cannot list the specs folder: \(error.reason)", at: place)])
        }
        // The configuration may sit in the specs folder (`specs: .`); it is not a spec.
        let specNames = names.filter {
            ($0.hasSuffix(".yaml") || $0.hasSuffix(".yml")) && !$0.hasPrefix(".") && $0 != ProjectConfiguration.fileName
        }.sorted()
        guard !specNames.isEmpty else {
            return ([], [.error("the specs folder holds no *.yaml files; add a spec (docs/spec-format.md), or run 'endpointgen init' for a starter one", at: place)])
        }
        var sources: [SourceFile] = []
        var diagnostics: [Diagnostic] = []
        let shownFolder = displayPath(directory)
        // Read on all cores: a few hundred small files are a few hundred system calls each way.
        let contents = Parallel.map(specNames) { name -> Result<[UInt8], FileSystem.Failure> in
            do throws(FileSystem.Failure) {
                return .success(try FileSystem.readInput(Path.join(directory, name), limit: inputLimit))
            } catch {
                return .failure(error)
            }
        }
        for (name, read) in zip(specNames, contents) {
            let display = SourceFile.shownPath(name, in: shownFolder)
            switch read {
            case .success(let bytes):
                sources.append(SourceFile(path: display, bytes: bytes))
            case .failure(let failure):
                diagnostics.append(.error("cannot read the spec: \(failure.reason)", at: SourceLocation(file: display, line: 0, column: 0)))
            }
        }
        return (sources, diagnostics)
    }

    /// The largest input file read (a spec, an OpenAPI document): the YAML loader's limit.
    static let inputLimit = YAMLLoadOptions.spec.maxFileSize

    /// The generated files with the spec path of their header (`// Generated by endpointgen from
    /// specs/x.yaml.`) relative to the package root, not to the working directory: the code
    /// generator names the spec as it was read (`../specs/x.yaml` from another folder), which
    /// would make `check` fail there on an up-to-date tree and could put a machine's absolute
    /// path into committed code. Run from the package root, the two are the same and nothing is
    /// rewritten.
    static func withHeaderPaths(_ files: [GeneratedFile], specsDirectory: String) -> [GeneratedFile] {
        let read = displayPath(specsDirectory)
        let wanted = headerFolder(of: specsDirectory)
        guard read != wanted else { return files }
        let old = CodeGenerator.headerPrefix + (read == "." ? "" : read + "/")
        let new = CodeGenerator.headerPrefix + (wanted.isEmpty ? "" : wanted + "/")
        return files.map { file in
            guard file.contents.hasPrefix(old) else { return file }
            return GeneratedFile(name: file.name, contents: new + file.contents.dropFirst(old.count))
        }
    }

    /// The specs folder as generated headers name it: relative to the package root (the nearest
    /// folder upward that holds Package.swift), or its own name when there is none; `.` and `..`
    /// resolved, never absolute. Empty for a specs folder that is the package root itself.
    static func headerFolder(of specsDirectory: String) -> String {
        let absolute = specsDirectory.hasPrefix("/") ? specsDirectory : FileSystem.currentDirectory() + "/" + specsDirectory
        var components: [Substring] = []
        for component in absolute.split(separator: "/") where component != "." {
            if component == ".." {
                _ = components.popLast()
            } else {
                components.append(component)
            }
        }
        for rootCount in stride(from: components.count, through: 0, by: -1) {
            let root = "/" + components[..<rootCount].joined(separator: "/")
            if FileSystem.exists(Path.join(root, "Package.swift")) {
                return components[rootCount...].joined(separator: "/")
            }
        }
        return components.last.map(String.init) ?? ""
    }

    /// `path` relative to the working directory when it lies below it, without a trailing slash.
    package static func displayPath(_ path: String) -> String {
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
