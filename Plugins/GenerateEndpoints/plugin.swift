import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-endpoints`: runs
/// `endpointgen generate` in the package folder and writes the committed output folder, the same
/// as `make generate` (only changed files are rewritten). The folders and options come from the
/// package's `endpointgen.yml`, as for the CLI; see `help` for the options.
@main
struct GenerateEndpoints: CommandPlugin {
    /// What `generate-endpoints --help` prints: this plugin's options, not the CLI's.
    static let help = """
        OVERVIEW: Generate Swift code from specs into the package (endpointgen generate), or check it.

        USAGE: swift package --allow-writing-to-package-directory generate-endpoints [--target <name>] [--config <file>]
                             [--specs <dir>] [--output <dir>] [--check] [<endpointgen options>]

        The folders and generation options come from endpointgen.yml at the package root when there
        is one (the file the CLI, the build-tool plugin and endpointgen.mk read); options given here
        override it.

        OPTIONS:
          --target <name>   Generate for that target, from its own folder: its endpointgen.yml; or else
                            its specs/ subfolder, written into the target's folder; or else, for a target
                            without specs of its own (path: "Generated"), the package's specs into the
                            target's folder. In an Xcode project (an .xcodeproj, not a package) it is
                            ignored: the command runs in the project's folder with its endpointgen.yml.
          --config <file>   The configuration file, relative to the package.
          --specs <dir>     The specs folder, relative to the package.
          --output <dir>    The output folder, relative to the package.
          --check           Write nothing; fail with a diff when the output folder is stale (endpointgen check).
          -h, --help        Show this help.

          Passed to endpointgen: --access-level public|package|internal, --[no-]completion-handlers,
          --[no-]mutable-models, --[no-]fakes, --[no-]storage-classes, --quiet.

        Spec errors are printed as endpointgen prints them, file:line:column: error: message (and, on
        macOS, also reported through the plugin API so that Xcode shows each at its place).
        """

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let package = context.package.directoryURL
        try Self.run(arguments: arguments, root: package, tool: context.tool(named: "endpointgen").url) { name, config in
            guard let target = try context.package.targets(named: [name]).first else {
                throw CommandError("no target named '\(name)'")
            }
            return Self.folders(of: target.directoryURL, in: package, config: config)
        }
    }

    /// The command in `root` (the package's folder, or the Xcode project's): the options parsed,
    /// `--target` resolved by `targetFolders` (its name and `--config`), then
    /// `endpointgen generate` (or `check`) run there with its diagnostics passed on.
    static func run(
        arguments: [String], root: URL, tool: URL, targetFolders: (String, String?) throws -> [String]
    ) throws {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(help)
            return
        }
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let configOption = extractor.extractOption(named: "config")
        let specsOption = extractor.extractOption(named: "specs")
        let outputOption = extractor.extractOption(named: "output")
        let check = extractor.extractFlag(named: "check") > 0
        guard targetNames.count <= 1, configOption.count <= 1, specsOption.count <= 1, outputOption.count <= 1 else {
            throw CommandError("--target, --config, --specs and --output can each be given once")
        }
        var folders: [String] = []
        if let config = configOption.first { folders += ["--config", config] }
        if let name = targetNames.first { folders += try targetFolders(name, configOption.first) }
        if let specs = specsOption.first { folders += ["--specs", specs] }
        if let output = outputOption.first { folders += ["--output", output] }

        // Relative paths from the root folder: diagnostics and the generated headers name
        // `specs/x.yaml` exactly as `make generate` does, so both produce the same files.
        let process = Process()
        process.executableURL = tool
        process.arguments = [check ? "check" : "generate"] + folders + extractor.remainingArguments
        process.currentDirectoryURL = root
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        // Diagnostics (stderr) pass through as endpointgen printed them. On macOS, where Xcode
        // may be the host, each one is also reported through the plugin API, which Xcode lists at
        // its file and line (`swift package` prints those as `error: <text>` without the place, so
        // they cannot replace the lines); elsewhere standard error is not even read, so the
        // summary follows the diagnostics as it does from the CLI.
        #if os(macOS)
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        FileHandle.standardError.write(Data(text.utf8))
        for line in text.split(separator: "\n") {
            ToolDiagnostic(parsing: line)?.report(relativeTo: root)
        }
        #else
        try process.run()
        process.waitUntilExit()
        #endif
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw CommandError("endpointgen \(check ? "check" : "generate") failed with exit code \(process.terminationStatus)")
        }
    }

    /// The folder arguments of `--target`: the target's own configuration, else its `specs/`
    /// subfolder into its folder, else the package's specs into its folder (a target on the
    /// committed output folder). `--config` given too: the target's folder is the output.
    static func folders(of folder: URL, in package: URL, config: String?) -> [String] {
        let relative = relativePath(of: folder, in: package)
        let fileManager = FileManager.default
        let ownConfiguration = folder.appendingPathComponent("endpointgen.yml")
        var isDirectory: ObjCBool = false
        if config == nil, fileManager.fileExists(atPath: ownConfiguration.path) {
            return ["--config", relativePath(of: ownConfiguration, in: package)]
        }
        if fileManager.fileExists(atPath: folder.appendingPathComponent("specs").path, isDirectory: &isDirectory), isDirectory.boolValue {
            return ["--specs", relativePath(of: folder.appendingPathComponent("specs"), in: package), "--output", relative]
        }
        return ["--output", relative]
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
    func report(relativeTo package: URL) {
        let path = file.hasPrefix("/") ? file : package.appendingPathComponent(file).path
        let text = message
        switch severity {
        case .error: Diagnostics.error(text, file: path, line: line)
        case .warning: Diagnostics.warning(text, file: path, line: line)
        case .note: Diagnostics.remark(text, file: path, line: line)
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension GenerateEndpoints: XcodeCommandPlugin {
    /// From an Xcode project (the project navigator's context menu, or File > Packages): the same
    /// command in the project's folder, so `endpointgen.yml`, `specs/` and `Generated/` sit next
    /// to the `.xcodeproj`, as they do for `make generate`. Xcode adds `--target <name>` for each
    /// target selected in its dialog; an app target has no folder of its own to generate into,
    /// so those are dropped and the project's configuration decides the folders.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        _ = extractor.extractOption(named: "target")
        try Self.run(
            arguments: extractor.remainingArguments, root: context.xcodeProject.directoryURL,
            tool: context.tool(named: "endpointgen").url
        ) { _, _ in [] }
    }
}
#endif
