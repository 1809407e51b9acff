import Foundation
import PackagePlugin

/// Generates a target's networking layer from its specs at build time, into the plugin work
/// folder (nothing is written into the package).
///
/// Apply it to a target whose `specs/` folder holds the specs:
///
///     .target(name: "MoviesAPI", dependencies: [.product(name: "EndpointRuntime", package: "EndpointGen")],
///             plugins: [.plugin(name: "EndpointGenPlugin", package: "EndpointGen")])
///
/// The specs are the `.yaml` / `.yml` files of a folder named `specs` in the target
/// (`SpecSelection`); other YAML of the target (a `lint.yml`, a resource) is not read. Together
/// they make one module, as with `endpointgen generate`. Each spec becomes one
/// `<spec file name>.swift`. Spec errors fail the build and are shown as
/// `file:line:column: error:` with the spec's full path. A spec that is also a bundle resource
/// is warned about: it would ship in the app.
///
/// The generation options (access level, completion handlers, mutable models, fakes) come from
/// the target's own `endpointgen.yml` (in its folder), the file the CLI reads, so the two cannot
/// disagree; its `specs` and `output` do not apply here. SwiftPM drops a target without a
/// `.swift` file, so the target needs one besides its specs.
@main
struct EndpointGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let selection = SpecSelection(target.sourceFiles.map { .init(url: $0.url, isResource: $0.type == .resource) })
        Self.report(selection, targetName: target.name, resourceFix: "remove it from the target's resources in Package.swift (.process, .copy)")
        return try Self.commands(
            specs: selection.specs,
            configuration: Self.configuration(in: target.directoryURL),
            targetName: target.name,
            workDirectory: context.pluginWorkDirectoryURL,
            tool: context.tool(named: "EndpointGenBuildTool").url
        )
    }

    /// `endpointgen.yml` in `folder`, when there is one.
    static func configuration(in folder: URL) -> URL? {
        let url = folder.appendingPathComponent(SpecSelection.configurationName)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    static func report(_ selection: SpecSelection, targetName: String, resourceFix: String) {
        for warning in selection.warnings(targetName: targetName, resourceFix: resourceFix) {
            Diagnostics.warning(warning.message, file: warning.file?.path, line: warning.file == nil ? nil : 1)
        }
    }

    static func commands(specs: [URL], configuration: URL?, targetName: String, workDirectory: URL, tool: URL) throws -> [Command] {
        guard !specs.isEmpty else { return [] }
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
    /// The same for an Xcode project target. Its specs are the YAML files of
    /// `<project folder>/<target name>/specs/` on disk, which need not be (and best are not)
    /// members of the target: Xcode copies a YAML member into the app as a resource. Members in a
    /// `specs` group folder elsewhere are read too, with a warning while they are bundle
    /// resources. The options come from an `endpointgen.yml` member, or else the one beside the
    /// first spec's `specs` folder.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let members = target.inputFiles.map { SpecSelection.File(url: $0.url, isResource: $0.type == .resource) }
        let folder = context.xcodeProject.directoryURL.appendingPathComponent(target.displayName)
            .appendingPathComponent(SpecSelection.folderName)
        let selection = SpecSelection(members + SpecSelection.files(inFolder: folder))
        Self.report(
            selection, targetName: target.displayName,
            resourceFix: "untick the target in its Target Membership (the plugin reads \(target.displayName)/specs/ on disk) or remove it from the Copy Bundle Resources phase")
        let member = members.first { $0.url.lastPathComponent == SpecSelection.configurationName }?.url
        return try Self.commands(
            specs: selection.specs,
            configuration: member ?? selection.specs.first.flatMap {
                Self.configuration(in: $0.deletingLastPathComponent().deletingLastPathComponent())
            },
            targetName: target.displayName,
            workDirectory: context.pluginWorkDirectoryURL,
            tool: context.tool(named: "EndpointGenBuildTool").url
        )
    }
}
#endif
