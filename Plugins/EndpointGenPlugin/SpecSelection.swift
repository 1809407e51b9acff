import Foundation

// Foundation only (no PackagePlugin): PluginTests compiles this file too (a symbolic link), so the
// rule is tested without a plugin host.

/// Which files of a target the build-tool plugin reads as specs: the `.yaml` / `.yml` files of a
/// folder named `specs` (`Sources/MoviesAPI/specs/movies.yaml`, in an Xcode project any group
/// folder `specs` of the target), the folder the CLI and `generate-endpoints --target` read too.
/// Other YAML of the target (a SwiftLint `lint.yml`, a resource) is not a spec and is left alone.
/// The same rule in the SwiftPM and the Xcode variant of the plugin.
struct SpecSelection: Equatable {
    /// The configuration's file name (`ProjectConfiguration.fileName`; a plugin cannot import the kit).
    static let configurationName = "endpointgen.yml"
    /// The name of the folder whose YAML files are specs.
    static let folderName = "specs"

    /// One file of the target; `isResource` when it is also copied into the bundle (SwiftPM's
    /// `.process` / `.copy` resources, Xcode's Copy Bundle Resources phase).
    struct File {
        var url: URL
        var isResource: Bool
    }

    /// The specs, sorted by path.
    var specs: [URL] = []
    /// YAML files of the target outside a `specs` folder, not read (named when there are no specs).
    var otherYAML: [URL] = []
    /// Specs that are also bundle resources: they would ship in the app.
    var bundled: [URL] = []
    /// A `specs` folder that is itself a resource (SwiftPM's `.copy("specs")`): SwiftPM copies it
    /// whole and passes the plugin the folder, not its files.
    var copiedFolders: [URL] = []

    init(_ files: [File]) {
        var seen: Set<String> = []
        copiedFolders = files.filter { $0.isResource && $0.url.lastPathComponent == Self.folderName }.map(\.url)
        for file in files where Self.isYAML(file.url) && file.url.lastPathComponent != Self.configurationName {
            // A member of the target that is also in the folder on disk (Xcode) counts once.
            guard seen.insert(file.url.standardizedFileURL.path).inserted else { continue }
            if Self.isSpec(file.url) {
                specs.append(file.url)
                if file.isResource { bundled.append(file.url) }
            } else {
                otherYAML.append(file.url)
            }
        }
        specs.sort { $0.path < $1.path }
        otherYAML.sort { $0.path < $1.path }
        bundled.sort { $0.path < $1.path }
    }

    /// The YAML files of `folder` on disk (none when it does not exist), for the Xcode variant:
    /// specs kept in `<project>/<target>/specs/` without being target members, which Xcode would
    /// otherwise copy into the app as resources.
    static func files(inFolder folder: URL) -> [File] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { File(url: folder.appendingPathComponent($0), isResource: false) }.filter { isYAML($0.url) }
    }

    static func isYAML(_ url: URL) -> Bool {
        ["yaml", "yml"].contains(url.pathExtension) && !url.lastPathComponent.hasPrefix(".")
    }

    /// A YAML file directly in a folder named `specs`, other than a configuration kept there.
    static func isSpec(_ url: URL) -> Bool {
        isYAML(url) && url.deletingLastPathComponent().lastPathComponent == folderName
            && url.lastPathComponent != configurationName
    }

    /// The warnings to show: no specs (naming the YAML that is not in a `specs` folder), and
    /// each spec that is a bundle resource, with `resourceFix` saying how to stop copying it.
    func warnings(targetName: String, resourceFix: String) -> [(message: String, file: URL?)] {
        var warnings: [(message: String, file: URL?)] = []
        for folder in copiedFolders {
            warnings.append(("EndpointGenPlugin: the folder '\(Self.folderName)' of target '\(targetName)' is a resource: the whole folder is copied into the bundle (and SwiftPM passes the plugin the folder, not its specs); \(resourceFix)", folder))
        }
        if specs.isEmpty {
            var message = "EndpointGenPlugin: target '\(targetName)' has no specs; the plugin reads the .yaml files of a '\(Self.folderName)' folder in the target (e.g. \(targetName)/specs/api.yaml)"
            if !otherYAML.isEmpty {
                let names = otherYAML.prefix(3).map { "'\($0.lastPathComponent)'" }.joined(separator: ", ")
                message += "; \(names)\(otherYAML.count > 3 ? " and \(otherYAML.count - 3) more" : "") \(otherYAML.count == 1 ? "is" : "are") not in one and not read as a spec"
            } else {
                message += ", or remove the plugin"
            }
            warnings.append((message, nil))
        }
        for spec in bundled {
            warnings.append(("EndpointGenPlugin: the spec '\(spec.lastPathComponent)' is also a resource of target '\(targetName)' and is copied into its bundle; \(resourceFix)", spec))
        }
        return warnings
    }
}
