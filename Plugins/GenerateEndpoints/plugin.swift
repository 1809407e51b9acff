import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-endpoints`: runs
/// `endpointgen generate` on the package's `specs/` and writes the committed `Generated/` folder,
/// the same as `make generate` (only changed files are rewritten).
///
/// Options:
///   --target <name>   write into that target's folder instead of `Generated/`
///   --specs <dir>     the specs folder, relative to the package (default `specs`)
///   --output <dir>    the output folder, relative to the package (default `Generated`)
///   --check           run `endpointgen check` instead: write nothing, fail with a diff when stale
/// Anything else (`--access-level internal`, `--completion-handlers`, `--quiet`) goes to endpointgen.
@main
struct GenerateEndpoints: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let specsOption = extractor.extractOption(named: "specs")
        let outputOption = extractor.extractOption(named: "output")
        let check = extractor.extractFlag(named: "check") > 0
        guard targetNames.count <= 1, specsOption.count <= 1, outputOption.count <= 1 else {
            throw CommandError("--target, --specs and --output can each be given once")
        }
        let packageDirectory = context.package.directoryURL
        var output = outputOption.first ?? "Generated"
        if let name = targetNames.first {
            guard outputOption.isEmpty else { throw CommandError("give --target or --output, not both") }
            guard let target = try context.package.targets(named: [name]).first else {
                throw CommandError("no target named '\(name)'")
            }
            output = Self.relativePath(of: target.directoryURL, in: packageDirectory)
        }
        let specs = specsOption.first ?? "specs"

        // Relative paths from the package folder: diagnostics and the generated headers name
        // `specs/x.yaml` exactly as `make generate` does, so both produce the same files.
        let process = Process()
        process.executableURL = try context.tool(named: "endpointgen").url
        process.arguments = [check ? "check" : "generate", "--specs", specs, "--output", output] + extractor.remainingArguments
        process.currentDirectoryURL = packageDirectory
        // Diagnostics (stderr) are read back and reported through the plugin API, so Xcode lists
        // them in the issue navigator at their file and line; the rest (summary, diff) passes through.
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
            if let diagnostic = ToolDiagnostic(parsing: line) {
                diagnostic.report(relativeTo: packageDirectory)
            } else {
                FileHandle.standardError.write(Data((line + "\n").utf8))
            }
        }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw CommandError("endpointgen \(check ? "check" : "generate") failed with exit code \(process.terminationStatus)")
        }
    }

    /// `url` relative to `base` when it lies below it, otherwise its absolute path.
    static func relativePath(of url: URL, in base: URL) -> String {
        let path = url.standardizedFileURL.path
        let prefix = base.standardizedFileURL.path
        guard path.hasPrefix(prefix + "/") else { return path }
        return String(path.dropFirst(prefix.count + 1))
    }
}

struct CommandError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// One `file:line:column: error|warning|note: message` line of endpointgen's output.
struct ToolDiagnostic {
    enum Severity: String {
        case error, warning, note
    }

    var file: String
    var line: Int
    var column: Int
    var severity: Severity
    var message: String

    /// Parses a compiler-style line; nil for anything else (summaries, diffs).
    init?(parsing text: Substring) {
        for severity in [Severity.error, .warning, .note] {
            guard let marker = text.range(of: ": \(severity.rawValue): ") else { continue }
            let place = text[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            guard place.count >= 3, let line = Int(place[place.count - 2]), let column = Int(place[place.count - 1]) else { return nil }
            self.file = place.dropLast(2).joined(separator: ":")
            self.line = line
            self.column = column
            self.severity = severity
            self.message = String(text[marker.upperBound...])
            return
        }
        return nil
    }

    /// Reports through `Diagnostics` with an absolute path (Xcode needs one to open the file).
    /// The text keeps `file:line:column:` too: `swift package` prints only the text.
    func report(relativeTo package: URL) {
        let path = file.hasPrefix("/") ? file : package.appendingPathComponent(file).path
        let text = "\(file):\(line):\(column): \(message)"
        switch severity {
        case .error: Diagnostics.error(text, file: path, line: line)
        case .warning: Diagnostics.warning(text, file: path, line: line)
        case .note: Diagnostics.remark(text, file: path, line: line)
        }
    }
}
