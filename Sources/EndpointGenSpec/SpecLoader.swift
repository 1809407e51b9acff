import EndpointGenSupport
import EndpointGenYAML

/// The module when every file is valid, and every diagnostic (warnings included).
public struct SpecLoadResult: Sendable {
    /// nil when any error was reported.
    public var module: SpecModule?
    public var diagnostics: [Diagnostic]
}

/// Reads, decodes and validates spec files into one resolved `SpecModule`.
///
/// Four stages: the YAML loader builds node trees with marks; `FileDecoder` turns each tree
/// into an unresolved syntax tree, reporting shape errors; `Resolver` looks names up across all
/// files and checks types, defaults, parameters, bodies, responses and samples; `Namer` decides
/// every Swift name the module will have (`SpecModule.names`).
public enum SpecLoader {
    /// Loads all sources together (models are shared across files) and reports every problem found,
    /// sorted by place.
    public static func load(_ sources: [SourceFile]) -> SpecLoadResult {
        // Reading and decoding one file needs nothing from the others: all cores take part, and
        // each file is decoded by the thread that loaded it, right after (one parallel pass over
        // the files instead of two; measured no faster or slower, but one wait fewer).
        let files = Parallel.map(sources.sorted(by: { $0.path < $1.path })) { source -> LoadedFile in
            let yaml = YAMLLoader.load(source.bytes, file: source.path, options: .spec)
            return LoadedFile(path: source.path, yaml: yaml, decoded: decode(source.path, yaml))
        }
        StageTimes.mark("load and decode")
        let result = resolve(files)
        ProcessLifetime.keepUntilExit(files)
        return result
    }

    /// One file through both per-file stages: its YAML tree, and the syntax decoded from it
    /// (nil when the YAML had errors).
    struct LoadedFile {
        var path: String
        var yaml: YAMLLoadResult
        var decoded: (syntax: FileSyntax?, diagnostics: [Diagnostic])
    }

    static func decode(_ path: String, _ yaml: YAMLLoadResult) -> (syntax: FileSyntax?, diagnostics: [Diagnostic]) {
        if yaml.hasErrors { return (nil, []) }
        var decoder = FileDecoder(path: path)
        let syntax = decoder.decode(yaml.documents.first, stem: stem(of: path))
        return (syntax, decoder.reader.diagnostics.all)
    }

    /// The spec stages on YAML already loaded, in path order (so they can be measured alone).
    static func decodeAndResolve(_ loaded: [(path: String, yaml: YAMLLoadResult)]) -> SpecLoadResult {
        resolve(Parallel.map(loaded) { LoadedFile(path: $0.path, yaml: $0.yaml, decoded: decode($0.path, $0.yaml)) })
    }

    /// Looks names up across all files; every diagnostic of every stage, sorted by place.
    static func resolve(_ loaded: [LoadedFile]) -> SpecLoadResult {
        var diagnostics = DiagnosticBag()
        var files: [FileSyntax] = []
        var incomplete = false
        for file in loaded {
            diagnostics.append(contentsOf: file.yaml.diagnostics)
            guard let syntax = file.decoded.syntax else {
                incomplete = true
                continue
            }
            files.append(syntax)
            diagnostics.append(contentsOf: file.decoded.diagnostics)
        }
        var resolver = Resolver(files: files, incomplete: incomplete)
        var module = resolver.resolve()
        StageTimes.mark("resolve")
        diagnostics.append(contentsOf: resolver.diagnostics.all)
        // Names are decided on whatever resolved, so their problems show beside the others.
        let named = Namer.name(module)
        module.names = named.names
        diagnostics.append(contentsOf: named.diagnostics)
        StageTimes.mark("name")
        ProcessLifetime.keepUntilExit((files, resolver))
        return SpecLoadResult(module: diagnostics.hasErrors ? nil : module, diagnostics: diagnostics.sorted)
    }

    /// `specs/auth.yaml` → `auth`.
    static func stem(of path: String) -> String {
        let bytes = path.utf8
        let nameStart = bytes.lastIndex(of: UInt8(ascii: "/")).map { bytes.index(after: $0) } ?? bytes.startIndex
        let name = bytes[nameStart...]
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else {
            return String(Substring(name))
        }
        return String(Substring(bytes[nameStart..<dot]))
    }
}
