import EndpointGenSupport
import EndpointGenYAML

/// One spec file's bytes, with the path shown in diagnostics and generated headers
/// (relative to the working directory, e.g. `specs/auth.yaml`).
public struct SpecSource: Sendable {
    public var path: String
    public var contents: [UInt8]

    public init(path: String, contents: [UInt8]) {
        self.path = path
        self.contents = contents
    }
}

/// The module when every file is valid, and every diagnostic (warnings included).
public struct SpecLoadResult: Sendable {
    /// nil when any error was reported.
    public var module: SpecModule?
    public var diagnostics: [Diagnostic]

    public init(module: SpecModule?, diagnostics: [Diagnostic]) {
        self.module = module
        self.diagnostics = diagnostics
    }
}

/// Reads, decodes and validates spec files into one resolved `SpecModule`.
public enum SpecLoader {
    /// Loads all sources together (models are shared across files) and reports every problem found.
    public static func load(_ sources: [SpecSource]) -> SpecLoadResult {
        // Replaced by the decoder/validator.
        SpecLoadResult(module: nil, diagnostics: [.error("spec loading is not implemented yet", at: nil)])
    }
}
