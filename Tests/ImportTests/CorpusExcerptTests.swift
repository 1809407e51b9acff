import EndpointGenCodegen
import EndpointGenImport
import EndpointGenSpec
import EndpointGenSupport
import Foundation
import XCTest

/// The excerpts of issue 31's findings (Tests/Fixtures/openapi/excerpts): each imports without an
/// error, its specs load and generate without a diagnostic. `make corpus` also type-checks what
/// they generate; the tests named in each file check the shapes.
final class CorpusExcerptTests: XCTestCase {
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/openapi/excerpts")

    /// The root document of each excerpt: a file, or a folder's `openapi.yaml`.
    private func excerpts() throws -> [URL] {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).sorted()
        return names.compactMap { name -> URL? in
            let url = Self.folder.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
                return url.appendingPathComponent("openapi.yaml")
            }
            return name.hasSuffix(".yaml") || name.hasSuffix(".json") ? url : nil
        }
    }

    func testEveryExcerptImportsAndGeneratesCleanly() throws {
        let documents = try excerpts()
        XCTAssertGreaterThanOrEqual(documents.count, 9)
        for document in documents {
            let name = document.path.replacingOccurrences(of: Self.folder.path + "/", with: "")
            let bytes = try [UInt8](Data(contentsOf: document))
            let result = OpenAPIImporter.run(bytes, path: document.path, outputDirectory: "specs", readFile: { path in
                guard let data = FileManager.default.contents(atPath: path) else {
                    return .failure(OpenAPIReadFailure(reason: "No such file or directory"))
                }
                return .success([UInt8](data))
            })
            XCTAssertFalse(result.hasErrors, "\(name): " + result.diagnostics.map(\.rendered).joined(separator: "\n"))
            XCTAssertFalse(result.files.isEmpty, name)
            let loaded = SpecLoader.load(result.files.map { $0.readBack(from: "specs") })
            XCTAssertEqual(loaded.diagnostics.map(\.rendered), [], name)
            guard let module = loaded.module else { XCTFail("\(name): no module"); continue }
            let generated = CodeGenerator.generate(module)
            XCTAssertEqual(generated.diagnostics.map(\.rendered), [], name)
            XCTAssertFalse(generated.files.isEmpty, name)
        }
    }
}
