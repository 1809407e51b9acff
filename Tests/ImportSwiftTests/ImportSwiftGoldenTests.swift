#if ImportSwift
import EndpointGenCodegen
import EndpointGenImport
import EndpointGenImportSwift
import EndpointGenSpec
import EndpointGenSupport
import Foundation
import GoldenSupport
import XCTest

/// `import-swift` on the layers of Tests/Fixtures/swift-layers: the specs and diagnostics of each
/// are compared with Tests/Goldens/import-swift/<layer>/, and the Swift those specs generate with
/// Tests/Goldens/imported-swift-<group>/ (compiled by the GoldenImported… targets, whose requests
/// RequestEquivalenceTests compares with the original code's). `UPDATE_GOLDENS=1` records and then fails.
final class ImportSwiftGoldenTests: XCTestCase {
    func testLayersImportAsTheGoldenSpecs() throws {
        for layer in SwiftLayers.all {
            let result = try SwiftLayers.importLayer(layer)
            XCTAssertFalse(result.hasErrors, "\(layer): " + result.diagnostics.map(\.rendered).joined(separator: "\n"))
            var files = result.files.map { (name: $0.name, contents: $0.contents) }
            // The warnings, their summary and the case counts, then the notes `--verbose` shows.
            let lines = result.diagnostics.map(\.rendered) + [result.warningSummary ?? "", result.summary] + result.notes.map(\.rendered)
            files.append(("diagnostics.txt", lines.map { $0 + "\n" }.joined()))
            try checkGoldenFolder(files, in: SwiftLayers.goldens.appendingPathComponent("import-swift/" + layer))
        }
    }

    func testImportedSpecsGenerateTheGoldenSwift() throws {
        for (group, layers) in SwiftLayers.groups {
            var sources: [SourceFile] = []
            for layer in layers {
                sources += try SwiftLayers.importLayer(layer).files.map { $0.readBack(from: "specs") }
            }
            let loaded = SpecLoader.load(sources)
            let module = try XCTUnwrap(loaded.module, loaded.diagnostics.map(\.rendered).joined(separator: "\n"))
            let generated = CodeGenerator.generate(module)
            XCTAssertEqual(generated.diagnostics.map(\.rendered), [], group)
            try checkGoldenFolder(generated.files.map { ($0.name, $0.contents) }, in: SwiftLayers.goldens.appendingPathComponent(group))
        }
    }

    func testImportIsDeterministic() throws {
        for layer in SwiftLayers.all {
            XCTAssertEqual(try SwiftLayers.importLayer(layer).files, try SwiftLayers.importLayer(layer).files, layer)
        }
    }
}

/// The fixture layers and how the tests read them.
enum SwiftLayers {
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let goldens = tests.appendingPathComponent("Goldens")
    static let all = ["seeds-000", "seeds-001", "seeds-003", "seeds-004", "moya-split", "alamofire-router"]
    /// The generated modules: the layers are different apps, whose names may meet.
    static let groups = [
        ("imported-swift-seeds", ["seeds-000", "seeds-001", "seeds-003", "seeds-004"]),
        ("imported-swift-moya", ["moya-split"]),
        ("imported-swift-alamofire", ["alamofire-router"]),
    ]

    /// A layer's Swift files, sorted, with paths as the CLI shows them from the repository root.
    static func sources(_ layer: String) throws -> [SourceFile] {
        let folder = tests.appendingPathComponent("Fixtures/swift-layers/" + layer)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        return try names.map { name in
            SourceFile(path: "Tests/Fixtures/swift-layers/\(layer)/\(name)", bytes: try [UInt8](Data(contentsOf: folder.appendingPathComponent(name))))
        }
    }

    static func importLayer(_ layer: String) throws -> SwiftImportResult {
        SwiftImporter.run(try sources(layer), outputDirectory: "specs")
    }

    /// Imports Swift text given inline, as one file `Layer.swift` (or several).
    static func importText(_ files: [(name: String, text: String)]) -> SwiftImportResult {
        SwiftImporter.run(files.map { SourceFile(path: $0.name, bytes: Array($0.text.utf8)) }, outputDirectory: "specs")
    }
}
#endif
