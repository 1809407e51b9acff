import EndpointGenImport
import EndpointGenSupport
import EndpointGenYAML
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `endpointgen import-openapi` did, or why it wrote nothing.
public struct ImportRunResult: Sendable {
    /// Warnings about what the specs cannot express, or the errors that stopped the import.
    public var diagnostics: [Diagnostic] = []
    /// Names the import changed, as notes (shown with `--verbose`).
    public var renames: [Diagnostic] = []
    /// `warning summary: 12 skipped parameters, …`, nil without warnings.
    public var warningSummary: String?
    /// Operations paginated by a recognised shape, by rule (`OpenAPIImportResult.recognizedPagination`).
    public var recognizedPagination: [(rule: String, count: Int)] = []
    /// The endpoints of the specs made.
    public var endpointCount = 0
    /// An API this large builds about half as big in release with `storageClasses: true`
    /// (GitHub's 771 operations: 13.4 → 7.8 KB of text each, Benchmarks/NOTES.md); the import
    /// says so. Below it, plain structs' readable diffs are worth more than the size.
    public static let storageClassesEndpoints = 500
    /// What to say about `storageClasses` after a successful import of a large API.
    public var storageClassesAdvice: String? {
        guard succeeded, endpointCount >= Self.storageClassesEndpoints else { return nil }
        return "A large API (\(endpointCount) endpoints): 'storageClasses: true' in endpointgen.yml (or --storage-classes) about halves "
            + "its release build's size, at an allocation per decoded model (docs/spec-format.md, Models)."
    }
    /// Display paths of the spec files written.
    public var written: [String] = []
    /// Display paths of existing files the import would have replaced; nothing was written.
    public var conflicts: [String] = []
    /// The document or the output folder could not be read or written.
    public var failure: String?

    public var succeeded: Bool { failure == nil && conflicts.isEmpty && !diagnostics.contains { $0.severity == .error } }
}

/// Reads an OpenAPI document and writes the specs made from it into a folder (created when
/// missing). Never replaces a file: when one of the names exists, nothing is written.
public enum ImportCommand {
    public static func run(document: String, output: String, recognizesPagination: Bool = true) -> ImportRunResult {
        var result = ImportRunResult()
        let bytes: [UInt8]
        do throws(FileSystem.Failure) {
            bytes = try FileSystem.readInput(document, limit: YAMLLoadOptions.document.maxFileSize)
        } catch {
            result.failure = "cannot read '\(document)': \(error.reason)"
            return result
        }
        let base = Pipeline.displayPath(output)
        let imported = OpenAPIImporter.run(bytes, path: Pipeline.displayPath(document), outputDirectory: base,
                                           readFile: referencedFileReader(document: Pipeline.displayPath(document)),
                                           recognizesPagination: recognizesPagination)
        result.diagnostics = imported.diagnostics
        result.renames = imported.renames
        result.warningSummary = imported.warningSummary
        result.recognizedPagination = imported.recognizedPagination
        result.endpointCount = imported.endpointCount
        guard !imported.hasErrors else { return result }

        let written = writeNew(imported.files, into: output)
        result.written = written.written
        result.conflicts = written.conflicts
        result.failure = written.failure
        return result
    }

    /// What `writeNew` did: the display paths written, or the existing files it would have
    /// replaced, or why it could not write.
    package struct NewFiles: Sendable {
        package var written: [String] = []
        package var conflicts: [String] = []
        package var failure: String?
    }

    /// Writes an importer's files into `output` (created when missing), all or nothing and never
    /// replacing a file: when one of the names exists, nothing is written (`conflicts`). Shared by
    /// import-openapi and import-swift.
    package static func writeNew(_ files: [GeneratedFile], into output: String) -> NewFiles {
        var result = NewFiles()
        let base = Pipeline.displayPath(output)
        func display(_ name: String) -> String { SourceFile.shownPath(name, in: base) }
        switch OutputWriter.kind(of: output) {
        case .missing, .directory:
            break
        case .symlink where FileSystem.isDirectory(output):
            break
        default:
            result.failure = "'\(base)' exists and is not a folder"
            return result
        }
        result.conflicts = files.map(\.name).filter { OutputWriter.kind(of: output + "/" + $0) != .missing }.map(display)
        guard result.conflicts.isEmpty else { return result }

        var createdFolder = false
        if OutputWriter.kind(of: output) == .missing {
            do throws(FileSystem.Failure) {
                try FileSystem.createDirectory(output, intermediates: true)
            } catch {
                result.failure = "cannot create folder '\(base)': \(error.reason)"
                return result
            }
            createdFolder = true
        }
        // All or nothing: on a failure the files of this run are removed again.
        if let failure = ProjectInitializer.createAll(files.map { (output + "/" + $0.name, $0.contents) }) {
            if createdFolder { rmdir(output) }
            result.failure = "cannot write '\(display(Path.lastComponent(failure.path)))': \(failure.reason)"
            return result
        }
        result.written = files.map { display($0.name) }
        return result
    }

    /// Reads the files a document's `$ref`s name. The importer keeps their paths within the
    /// document's folder; a symbolic link there that leads out of it is refused here.
    static func referencedFileReader(document: String) -> OpenAPIFileReader {
        let folder = Path.parent(document)
        let realFolder = realPath(folder.isEmpty ? "." : folder)
        return { path in
            guard let realFolder, let real = realPath(path), real.hasPrefix(realFolder == "/" ? "/" : realFolder + "/") else {
                return .failure(OpenAPIReadFailure(reason: realPath(path) == nil ? "no such file" : "it leads out of the document's folder (a symbolic link)"))
            }
            do throws(FileSystem.Failure) {
                return .success(try FileSystem.readInput(path, limit: YAMLLoadOptions.document.maxFileSize))
            } catch {
                return .failure(OpenAPIReadFailure(reason: error.reason))
            }
        }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
