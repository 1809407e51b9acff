import EndpointGenCodegen
import EndpointGenKit
import EndpointGenSpec
import EndpointGenSupport
import Foundation
import GoldenSupport
import XCTest

/// Generates each fixture under Tests/Fixtures/<name>/ and compares the output with
/// Tests/Goldens/<name>/. `UPDATE_GOLDENS=1` records the goldens and then fails, so a
/// recording run never passes by accident. The goldens are also compiled by the
/// Golden<Name> targets of Package.swift.
final class GoldenTests: XCTestCase {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    func testFeaturesFixture() throws {
        try checkGolden("features")
    }

    /// With `storageClasses`: the layout for very large APIs, on the fixture whose names try to
    /// break it (`_storage`, `customMirror`, `hashValue`, cycles); `hostile-mutable` shows the same
    /// fields inline.
    func testHostileFixture() throws {
        try checkGolden("hostile", options: CodegenOptions(storageClasses: true))
    }

    /// The same fixture with every option that changes the code: internal access, completion-handler
    /// variants (what a UIKit app would pick) and settable model properties.
    func testFeaturesWithInternalAccessCompletionHandlersAndMutableModels() throws {
        try checkGolden("features", into: "features-callbacks", options: CodegenOptions(accessLevel: .internal, completionHandlers: true, mutableModels: true, fakes: true))
    }

    /// Settable model properties where boxed and deprecated fields need accessors.
    func testHostileFixtureWithMutableModels() throws {
        try checkGolden("hostile", into: "hostile-mutable", options: CodegenOptions(completionHandlers: true, mutableModels: true, fakes: true))
    }

    func testGenerationIsDeterministic() throws {
        let first = try generate("hostile", options: CodegenOptions(storageClasses: true)) + generate("features")
        let second = try generate("hostile", options: CodegenOptions(storageClasses: true)) + generate("features")
        XCTAssertEqual(first, second)
    }

    func generate(_ fixture: String, options: CodegenOptions = CodegenOptions()) throws -> [GeneratedFile] {
        let folder = Self.testsFolder.appendingPathComponent("Fixtures/\(fixture)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }.sorted()
        let sources = try names.map { name in
            SourceFile(path: "Tests/Fixtures/\(fixture)/\(name)", bytes: [UInt8](try Data(contentsOf: folder.appendingPathComponent(name))))
        }
        let loaded = SpecLoader.load(sources)
        let module = try XCTUnwrap(loaded.module, loaded.diagnostics.map(\.rendered).joined(separator: "\n"))
        let result = CodeGenerator.generate(module, options: options)
        XCTAssertEqual(result.diagnostics.map(\.rendered), [])
        return result.files
    }

    func checkGolden(_ fixture: String, into golden: String? = nil, options: CodegenOptions = CodegenOptions(),
                     file: StaticString = #filePath, line: UInt = #line) throws {
        let files = try generate(fixture, options: options)
        try checkGoldenFolder(files.map { ($0.name, $0.contents) }, in: Self.testsFolder.appendingPathComponent("Goldens/\(golden ?? fixture)"),
                              isGolden: { $0.hasSuffix(".swift") }, file: file, line: line)
    }
}
