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
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            // endpointgen has printed the diagnostics (file:line:column) or the diff already.
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
