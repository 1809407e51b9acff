import EndpointGenImport
import EndpointGenSpec
import EndpointGenSupport
import XCTest

/// The helpers every import test file used to declare for itself.
enum ImportText {
    /// `text` imported as the document `path` into `specs/`, as `import-openapi` does.
    static func run(_ text: String, path: String = "api.yaml", recognizesPagination: Bool = true) -> OpenAPIImportResult {
        OpenAPIImporter.run(Array(text.utf8), path: path, outputDirectory: "specs", recognizesPagination: recognizesPagination)
    }

    /// What an import that must succeed wrote: the specs' text, joined in file order, and its
    /// warnings. Fails at the caller's line when the import or the load of its specs reports an error.
    struct Clean {
        var specs: String
        var warnings: [String]
    }

    static func clean(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Clean {
        let result = run(text)
        XCTAssertFalse(result.hasErrors, result.diagnostics.map(\.rendered).joined(separator: "\n"), file: file, line: line)
        let loaded = SpecLoader.load(result.files.map { $0.readBack(from: "specs") })
        XCTAssertEqual(loaded.diagnostics.filter { $0.severity == .error }.map(\.rendered), [], file: file, line: line)
        return Clean(specs: result.files.map(\.contents).joined(), warnings: result.diagnostics.map(\.rendered))
    }
}
