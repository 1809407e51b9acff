import EndpointGenCodegen
import EndpointGenKit
import EndpointGenSpec
import Foundation
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

    func testHostileFixture() throws {
        try checkGolden("hostile")
    }

    /// The same fixture with every option that changes the code: internal access, completion-handler
    /// variants (what a UIKit app would pick) and settable model properties.
    func testFeaturesWithInternalAccessCompletionHandlersAndMutableModels() throws {
        try checkGolden("features", into: "features-callbacks", options: CodegenOptions(accessLevel: .internal, completionHandlers: true, mutableModels: true))
    }

    /// Settable model properties where boxed and deprecated fields need accessors.
    func testHostileFixtureWithMutableModels() throws {
        try checkGolden("hostile", into: "hostile-mutable", options: CodegenOptions(completionHandlers: true, mutableModels: true))
    }

    func testGenerationIsDeterministic() throws {
        let first = try generate("hostile") + generate("features")
        let second = try generate("hostile") + generate("features")
        XCTAssertEqual(first, second)
    }

    func generate(_ fixture: String, options: CodegenOptions = CodegenOptions()) throws -> [GeneratedFile] {
        let folder = Self.testsFolder.appendingPathComponent("Fixtures/\(fixture)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }.sorted()
        let sources = try names.map { name in
            SpecSource(path: "Tests/Fixtures/\(fixture)/\(name)", contents: [UInt8](try Data(contentsOf: folder.appendingPathComponent(name))))
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
        let goldens = Self.testsFolder.appendingPathComponent("Goldens/\(golden ?? fixture)")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" {
            try? FileManager.default.removeItem(at: goldens)
            try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
            for generated in files {
                try Data(generated.contents.utf8).write(to: goldens.appendingPathComponent(generated.name))
            }
            XCTFail("recorded \(files.count) goldens for '\(fixture)'; read the diff, then run again without UPDATE_GOLDENS", file: file, line: line)
            return
        }
        let existing = (try? FileManager.default.contentsOfDirectory(atPath: goldens.path))?.filter { $0.hasSuffix(".swift") }.sorted() ?? []
        XCTAssertEqual(existing, files.map(\.name), "generated file names differ from the goldens of '\(fixture)'", file: file, line: line)
        for generated in files {
            let url = goldens.appendingPathComponent(generated.name)
            let golden = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            if golden != generated.contents {
                let diff = LineDiff.unified(old: golden, new: generated.contents, oldName: "golden/\(generated.name)", newName: "generated/\(generated.name)")
                XCTFail("\(generated.name) differs from its golden (UPDATE_GOLDENS=1 to record):\n\(diff)", file: file, line: line)
            }
        }
    }
}
