#if ImportSwift
import EndpointGenImport
import EndpointGenKit
import EndpointGenSupport

/// What `endpointgen import-swift` did, or why it wrote nothing.
public struct ImportSwiftRunResult: Sendable {
    public var imported = SwiftImportResult()
    /// Display paths of the spec files written.
    public var written: [String] = []
    /// Display paths of existing files the import would have replaced; nothing was written.
    public var conflicts: [String] = []
    /// An input or the output folder could not be read or written.
    public var failure: String?

    /// Files were written and nothing failed (errors about single Swift files still fail the run).
    public var succeeded: Bool { failure == nil && conflicts.isEmpty && !imported.hasErrors }
}

/// Reads the Swift files and folders given and writes the specs made from them into a folder
/// (created when missing). Never replaces a file: when one of the names exists, nothing is
/// written. A Swift file that does not parse is an error at its place, and the rest still imports.
public enum ImportSwiftCommand {
    public static func run(paths: [String], output: String, limits: SwiftImportLimits = SwiftImportLimits()) -> ImportSwiftRunResult {
        var result = ImportSwiftRunResult()
        var readErrors: [Diagnostic] = []
        let sources = read(paths, limits: limits, errors: &readErrors)
        guard !sources.isEmpty || !readErrors.isEmpty else {
            result.failure = "no Swift files in \(paths.map { "'\($0)'" }.joined(separator: ", "))"
            return result
        }
        result.imported = SwiftImporter.run(sources, outputDirectory: Pipeline.displayPath(output), limits: limits)
        result.imported.diagnostics = readErrors + result.imported.diagnostics
        guard !result.imported.files.isEmpty else { return result }
        let written = ImportCommand.writeNew(result.imported.files, into: output)
        result.written = written.written
        result.conflicts = written.conflicts
        result.failure = written.failure
        return result
    }

    /// The `.swift` files of the paths, in the order given (a folder's files sorted by path,
    /// hidden folders and symbolic links to folders not followed), within the limits.
    static func read(_ paths: [String], limits: SwiftImportLimits, errors: inout [Diagnostic]) -> [SourceFile] {
        var files: [String] = []
        for path in paths {
            if FileSystem.isDirectory(path) {
                collect(path, into: &files, limit: limits.maxFiles)
            } else {
                files.append(path)
            }
        }
        if files.count > limits.maxFiles {
            errors.append(.error("more than \(limits.maxFiles) Swift files: this one and the ones after it are not read",
                                 at: SourceLocation(file: Pipeline.displayPath(files[limits.maxFiles]), line: 1, column: 1)))
            files.removeLast(files.count - limits.maxFiles)
        }
        var sources: [SourceFile] = []
        var total = 0
        for file in files {
            let shown = Pipeline.displayPath(file)
            do throws(FileSystem.Failure) {
                let bytes = try FileSystem.readInput(file, limit: limits.maxFileSize)
                total += bytes.count
                guard total <= limits.maxTotalSize else {
                    errors.append(.error("the Swift files together are larger than \(limits.maxTotalSize >> 20) MiB: this file and the ones after it are not read", at: SourceLocation(file: shown, line: 1, column: 1)))
                    break
                }
                sources.append(SourceFile(path: shown, bytes: bytes))
            } catch {
                errors.append(.error(error.reason, at: SourceLocation(file: shown, line: 1, column: 1)))
            }
        }
        return sources
    }

    /// The `.swift` files below `folder`, sorted; one more than `limit` at most (so going past
    /// it is seen).
    private static func collect(_ folder: String, into files: inout [String], limit: Int) {
        guard let names = try? FileSystem.contentsOfDirectory(folder) else { return }
        for name in names.sorted() where !name.hasPrefix(".") && files.count <= limit {
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            switch OutputWriter.kind(of: path) {
            case .directory: collect(path, into: &files, limit: limit)
            case .file where name.hasSuffix(".swift"), .symlink where name.hasSuffix(".swift"): files.append(path)
            default: break
            }
        }
    }
}
#endif
