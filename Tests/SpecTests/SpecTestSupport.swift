import EndpointGenSpec
import EndpointGenSupport
import XCTest

/// Loads inline spec texts (path, YAML) together, as the CLI loads a specs folder.
func loadSpecs(_ files: [(path: String, text: String)]) -> SpecLoadResult {
    SpecLoader.load(files.map { SourceFile(path: $0.path, bytes: Array($0.text.utf8)) })
}

/// Loads one inline spec as `specs/a.yaml`.
func loadSpec(_ text: String, path: String = "specs/a.yaml") -> SpecLoadResult {
    loadSpecs([(path, text)])
}

/// Every diagnostic of a result rendered (with notes), one per line, in result order.
func render(_ result: SpecLoadResult) -> String {
    result.diagnostics.map(\.rendered).joined(separator: "\n")
}

/// The rendered diagnostics of one inline spec.
func diagnose(_ text: String, path: String = "specs/a.yaml") -> String {
    render(loadSpec(text, path: path))
}

/// The resolved module of valid specs; fails the test (with the diagnostics) when loading failed.
func module(
    _ files: [(path: String, text: String)], file: StaticString = #filePath, line: UInt = #line
) throws -> SpecModule {
    let result = loadSpecs(files)
    let errors = result.diagnostics.filter { $0.severity == .error }
    XCTAssertTrue(errors.isEmpty, "unexpected diagnostics:\n\(render(result))", file: file, line: line)
    return try XCTUnwrap(result.module, file: file, line: line)
}

extension SpecModule {
    func endpoint(_ name: String) -> SpecEndpoint? {
        for file in files {
            if let endpoint = file.service?.endpoints.first(where: { $0.name == name }) { return endpoint }
        }
        return nil
    }

    func fields(of model: String) -> [Field]? {
        guard case .structure(let fields)? = modelsByName[model]?.kind else { return nil }
        return fields
    }
}
