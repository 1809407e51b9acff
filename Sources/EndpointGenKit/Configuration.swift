import EndpointGenCodegen
import EndpointGenSupport
import EndpointGenYAML

/// Where specs are read and code is written, and how it is generated: what `endpointgen.yml`
/// holds and what the command line sets. Every value is optional, so one layer can leave a value
/// to the next (command line over file over default, `RunOptions.resolve`).
public struct GenerationSettings: Sendable, Equatable {
    public var specs: String?
    public var output: String?
    public var accessLevel: AccessLevel?
    public var completionHandlers: Bool?
    public var mutableModels: Bool?
    public var fakes: Bool?
    public var storageClasses: Bool?

    public init(
        specs: String? = nil, output: String? = nil, accessLevel: AccessLevel? = nil,
        completionHandlers: Bool? = nil, mutableModels: Bool? = nil, fakes: Bool? = nil, storageClasses: Bool? = nil
    ) {
        self.specs = specs
        self.output = output
        self.accessLevel = accessLevel
        self.completionHandlers = completionHandlers
        self.mutableModels = mutableModels
        self.fakes = fakes
        self.storageClasses = storageClasses
    }

    /// These settings with every value `other` sets taking its place.
    public func overridden(by other: GenerationSettings) -> GenerationSettings {
        GenerationSettings(
            specs: other.specs ?? specs, output: other.output ?? output, accessLevel: other.accessLevel ?? accessLevel,
            completionHandlers: other.completionHandlers ?? completionHandlers,
            mutableModels: other.mutableModels ?? mutableModels, fakes: other.fakes ?? fakes,
            storageClasses: other.storageClasses ?? storageClasses)
    }
}

/// `endpointgen.yml`: the one configuration the CLI (`generate`, `check`, `lint`), both SwiftPM
/// plugins and the Makefile snippet read, so that they cannot disagree. Optional; found by
/// `find(from:)` or named with `--config`. Folder paths in it are relative to its own folder.
///
///     specs: specs                # folder of *.yaml specs
///     output: Generated           # folder of generated Swift files
///     accessLevel: public         # public | package | internal
///     completionHandlers: false
///     mutableModels: false
///     fakes: false
///     storageClasses: false
public struct ProjectConfiguration: Sendable, Equatable {
    /// The file name looked for; never read as a spec, even in a specs folder.
    public static let fileName = "endpointgen.yml"

    /// The keys a configuration may hold, in documentation order.
    public static let keys = ["specs", "output", "accessLevel", "completionHandlers", "mutableModels", "fakes", "storageClasses"]

    /// The file as diagnostics name it.
    public var path: String
    /// The file's values; `specs` and `output` already joined to the file's folder, so they are
    /// relative to the working folder (or absolute) as the command line's are.
    public var settings: GenerationSettings

    /// Reads and checks a configuration file; every problem is a diagnostic at its place
    /// (unknown keys with a suggestion, values of the wrong kind). No configuration when any is
    /// an error.
    public static func load(_ path: String) -> (configuration: ProjectConfiguration?, diagnostics: [Diagnostic]) {
        let display = Pipeline.displayPath(path)
        let bytes: [UInt8]
        do throws(FileSystem.Failure) {
            bytes = try FileSystem.readInput(path, limit: 1 << 20)
        } catch {
            return (nil, [.error("cannot read the configuration: \(error.reason)", at: SourceLocation(file: display, line: 0, column: 0))])
        }
        let loaded = YAMLLoader.load(bytes, file: display)
        if loaded.hasErrors { return (nil, loaded.diagnostics) }
        var diagnostics = loaded.diagnostics
        var settings = GenerationSettings()
        if let root = loaded.documents.first, !root.isPlainNull {
            guard let mapping = root.mapping else {
                return (nil, [.error("the configuration must be a mapping of keys (\(keys.joined(separator: ", "))), found \(root.kindDescription)", at: root.mark.location(in: display))])
            }
            for pair in mapping {
                let key = pair.key.scalar?.value ?? ""
                let value = pair.value
                let at = value.mark.location(in: display)
                func text() -> String? { value.isPlainNull ? nil : value.scalar?.value }
                func found() -> String { value.scalar.map { "'\($0.value)'" } ?? value.kindDescription }
                func flag() -> Bool? {
                    guard let scalar = value.scalar, scalar.style == .plain else {
                        diagnostics.append(.error("'\(key)' must be true or false, found \(found())", at: at))
                        return nil
                    }
                    switch scalar.value {
                    case "true", "True", "TRUE": return true
                    case "false", "False", "FALSE": return false
                    default:
                        diagnostics.append(.error("'\(key)' must be true or false, found \(found())", at: at))
                        return nil
                    }
                }
                func folder() -> String? {
                    guard let text = text(), !text.isEmpty else {
                        diagnostics.append(.error("'\(key)' must be a folder path, found \(value.isPlainNull ? "nothing" : found())", at: at))
                        return nil
                    }
                    return text.hasPrefix("/") ? text : Path.join(Path.parent(display), text)
                }
                switch key {
                case "specs": settings.specs = folder()
                case "output": settings.output = folder()
                case "accessLevel":
                    let names = AccessLevel.allCases.map(\.rawValue)
                    if let text = text(), let level = AccessLevel(rawValue: text) {
                        settings.accessLevel = level
                    } else {
                        diagnostics.append(.error(
                            "'accessLevel' must be one of \(names.joined(separator: ", ")), found \(found())"
                                + (text().map { DidYouMean.hint(for: $0, among: names) } ?? ""),
                            at: at))
                    }
                case "completionHandlers": settings.completionHandlers = flag()
                case "mutableModels": settings.mutableModels = flag()
                case "fakes": settings.fakes = flag()
                case "storageClasses": settings.storageClasses = flag()
                default:
                    let hint = DidYouMean.suggestion(for: key, among: keys).map { "; did you mean '\($0)'?" }
                        ?? "; the keys are \(keys.joined(separator: ", "))"
                    diagnostics.append(.error("unknown key '\(key)' in the configuration\(hint)", at: pair.key.mark.location(in: display)))
                }
            }
        }
        let failed = diagnostics.contains { $0.severity == .error }
        return (failed ? nil : ProjectConfiguration(path: display, settings: settings), diagnostics)
    }

    /// The configuration that applies in `directory`: `endpointgen.yml` there, or in a folder
    /// above it up to the package root (the nearest folder holding `Package.swift`), so a command
    /// run in `Sources/` uses the package's file. Without a package root above, only `directory`
    /// itself is looked at. The path is relative to `directory` when that is relative.
    public static func find(from directory: String = ".") -> String? {
        let absolute = directory.hasPrefix("/") ? directory
            : directory == "." ? FileSystem.currentDirectory() : Path.join(FileSystem.currentDirectory(), directory)
        var folders: [String] = [absolute]
        var current = absolute
        while current != "/", !current.isEmpty {
            current = Path.parent(current)
            folders.append(current)
        }
        let rootIndex = folders.firstIndex { FileSystem.exists(Path.join($0, "Package.swift")) } ?? 0
        for (index, folder) in folders[...rootIndex].enumerated() where FileSystem.exists(Path.join(folder, fileName)) {
            guard !FileSystem.isDirectory(Path.join(folder, fileName)) else { continue }
            if directory.hasPrefix("/") { return Path.join(folder, fileName) }
            let up = String(repeating: "../", count: index)
            return Path.join(directory == "." ? String(up.dropLast()) : Path.join(directory, String(up.dropLast())), fileName)
        }
        return nil
    }
}

extension RunOptions {
    /// The options of a run: the command line's settings over the configuration's over the
    /// defaults (`RunOptions.defaults`). The one place that decides which value wins.
    ///
    /// - Parameters:
    ///   - commandLine: what the command line set.
    ///   - configuration: the file `--config` names; nil to look for one (`ProjectConfiguration.find`)
    ///     when `search` is true.
    /// - Returns: the options, the configuration file used, and its diagnostics; no options when
    ///   it has errors.
    public static func resolve(
        _ commandLine: GenerationSettings, configuration path: String? = nil, search: Bool = true
    ) -> (options: RunOptions?, configuration: String?, diagnostics: [Diagnostic]) {
        var file = GenerationSettings()
        var diagnostics: [Diagnostic] = []
        let found = path ?? (search ? ProjectConfiguration.find() : nil)
        if let found {
            let loaded = ProjectConfiguration.load(found)
            diagnostics = loaded.diagnostics
            guard let configuration = loaded.configuration else { return (nil, found, diagnostics) }
            file = configuration.settings
            // A folder the file leaves out is the default one beside the file, not in the working
            // folder: run from a subfolder, the answer stays the same.
            let folder = Path.parent(configuration.path)
            file.specs = file.specs ?? Path.join(folder, RunOptions.defaults.specs)
            file.output = file.output ?? Path.join(folder, RunOptions.defaults.output)
        }
        let settings = file.overridden(by: commandLine)
        var options = RunOptions()
        options.specs = settings.specs ?? options.specs
        options.output = settings.output ?? options.output
        options.accessLevel = settings.accessLevel ?? options.accessLevel
        options.completionHandlers = settings.completionHandlers ?? options.completionHandlers
        options.mutableModels = settings.mutableModels ?? options.mutableModels
        options.fakes = settings.fakes ?? options.fakes
        options.storageClasses = settings.storageClasses ?? options.storageClasses
        return (options, found, diagnostics)
    }
}
