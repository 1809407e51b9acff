import Foundation
import PackagePlugin

/// Generates a target's networking layer from its `*.yaml` specs at build time, into the
/// plugin work folder (nothing is written into the package).
///
/// Apply it to a target whose folder holds the specs, usually in a `specs/` subfolder:
///
///     .target(name: "MoviesAPI", dependencies: [.product(name: "EndpointRuntime", package: "EndpointGen")],
///             plugins: [.plugin(name: "EndpointGenPlugin", package: "EndpointGen")])
///
/// Every `.yaml` / `.yml` file of the target is a spec; together they make one module, as with
/// `endpointgen generate`. Each spec becomes one `<spec file name>.swift`. Spec errors fail the
/// build and are shown as `file:line:column: error:` with the spec's full path.
///
/// The generation options (access level, completion handlers, mutable models, fakes) come from
/// the target's own `endpointgen.yml` (in its folder), the file the CLI reads, so the two cannot
/// disagree; its `specs` and `output` do not apply here. SwiftPM drops a target without a
/// `.swift` file, so the target needs one besides its specs.
@main
struct EndpointGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let specs = target.sourceFiles.map(\.url).filter(Self.isSpec)
        return try Self.commands(
            specs: specs,
            configuration: Self.configuration(in: target.directoryURL),
            targetName: target.name,
            workDirectory: context.pluginWorkDirectoryURL,
            tool: context.tool(named: "EndpointGenBuildTool").url
        )
    }

    /// The configuration's file name (`ProjectConfiguration.fileName`; a plugin cannot import the kit).
    static let configurationName = "endpointgen.yml"

    static func isSpec(_ url: URL) -> Bool {
        ["yaml", "yml"].contains(url.pathExtension) && !url.lastPathComponent.hasPrefix(".")
            && url.lastPathComponent != configurationName
    }

    /// `endpointgen.yml` in the target's folder, when there is one.
    static func configuration(in folder: URL) -> URL? {
        let url = folder.appendingPathComponent(configurationName)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    static func commands(specs: [URL], configuration: URL?, targetName: String, workDirectory: URL, tool: URL) throws -> [Command] {
        guard !specs.isEmpty else {
            Diagnostics.warning("EndpointGenPlugin: target '\(targetName)' has no .yaml specs; add them to its folder (e.g. a specs/ subfolder) or remove the plugin")
            return []
        }
        let sorted = specs.sorted { $0.path < $1.path }
        // One output per spec, named after the spec file: two specs with one file name would collide.
        var seen: [String: URL] = [:]
        for spec in sorted {
            if let other = seen[spec.lastPathComponent] {
                Diagnostics.error("EndpointGenPlugin: '\(other.path)' and '\(spec.path)' have the same file name; rename one")
                throw PluginError.duplicateSpecName(spec.lastPathComponent)
            }
            seen[spec.lastPathComponent] = spec
        }
        let output = workDirectory.appendingPathComponent("GeneratedSources")
        return [
            .buildCommand(
                displayName: "Generating endpoints of \(targetName) from \(sorted.count) spec\(sorted.count == 1 ? "" : "s")",
                executable: tool,
                arguments: ["--output", output.path] + (configuration.map { ["--config", $0.path] } ?? []) + sorted.map(\.path),
                // The configuration is an input: editing it regenerates.
                inputFiles: sorted + (configuration.map { [$0] } ?? []),
                outputFiles: sorted.map { output.appendingPathComponent($0.lastPathComponent + ".swift") }
            ),
        ]
    }
}

enum PluginError: Error, CustomStringConvertible {
    case duplicateSpecName(String)

    var description: String {
        switch self {
        case .duplicateSpecName(let name): return "two specs are named '\(name)'"
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension EndpointGenPlugin: XcodeBuildToolPlugin {
    /// The same for an Xcode project target: its `.yaml` files are the specs.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.map(\.url)
        return try Self.commands(
            specs: files.filter(Self.isSpec),
            configuration: files.first { $0.lastPathComponent == Self.configurationName },
            targetName: target.displayName,
            workDirectory: context.pluginWorkDirectoryURL,
            tool: context.tool(named: "EndpointGenBuildTool").url
        )
    }
}
#endif
