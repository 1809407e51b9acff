import EndpointGenCodegen
import EndpointGenSpec
import EndpointGenSupport
import XCTest

/// Spec texts loaded as one module and generated: where the codegen and import tests start.
public enum SpecGeneration {
    /// The load's diagnostics (and no files) when the specs do not load, else the generator's result.
    public static func result(_ specs: [(path: String, text: String)], options: CodegenOptions = CodegenOptions()) -> CodegenResult {
        let loaded = SpecLoader.load(specs.map { SourceFile(path: $0.path, bytes: Array($0.text.utf8)) })
        guard let module = loaded.module else { return CodegenResult(files: [], diagnostics: loaded.diagnostics) }
        return CodeGenerator.generate(module, options: options)
    }

    /// One spec's result (`specs/t.yaml` unless named).
    public static func result(_ yaml: String, path: String = "specs/t.yaml", options: CodegenOptions = CodegenOptions()) -> CodegenResult {
        result([(path, yaml)], options: options)
    }

    /// The files of specs that load and generate without a single diagnostic; any is a failure
    /// at the caller's line.
    public static func files(
        _ specs: [(path: String, text: String)], options: CodegenOptions = CodegenOptions(), file: StaticString = #filePath, line: UInt = #line
    ) -> [GeneratedFile] {
        let result = result(specs, options: options)
        XCTAssertEqual(result.diagnostics.map(\.rendered), [], file: file, line: line)
        return result.files
    }

    /// One spec's files (`specs/t.yaml` unless named), without a diagnostic.
    public static func files(
        _ yaml: String, path: String = "specs/t.yaml", options: CodegenOptions = CodegenOptions(), file: StaticString = #filePath, line: UInt = #line
    ) -> [GeneratedFile] {
        files([(path, yaml)], options: options, file: file, line: line)
    }
}
