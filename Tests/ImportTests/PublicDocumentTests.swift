import EndpointGenCodegen
import EndpointGenImport
import EndpointGenSpec
import EndpointGenSupport
import Foundation
import XCTest

/// GitHub's and Stripe's OpenAPI documents (Tests/Fixtures/openapi/public, MIT): the import
/// loads, every spec it writes generates without an error, and nearly every operation becomes an
/// endpoint. Documents nobody here wrote, as the import's referees.
final class PublicDocumentTests: XCTestCase {
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/openapi/public")

    /// The document, decompressed by `xz`.
    private func document(_ name: String) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xz", "-dc", Self.folder.appendingPathComponent(name).path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "xz -dc \(name)")
        return [UInt8](data)
    }

    private func check(_ name: String, operations: Int, minimumEndpoints: Int) throws {
        let result = OpenAPIImporter.run(try document(name), path: name, outputDirectory: "specs")
        XCTAssertFalse(result.hasErrors, result.diagnostics.filter { $0.severity == .error }.map(\.rendered).joined(separator: "\n"))
        let loaded = SpecLoader.load(result.files.map { $0.readBack(from: "specs") })
        XCTAssertEqual(loaded.diagnostics.filter { $0.severity == .error }.map(\.rendered), [])
        let module = try XCTUnwrap(loaded.module)
        let generated = CodeGenerator.generate(module)
        XCTAssertEqual(generated.diagnostics.filter { $0.severity == .error }.map(\.rendered), [])
        let endpoints = module.files.reduce(0) { $0 + ($1.service?.endpoints.count ?? 0) }
        print("PublicDocumentTests: \(name): \(operations) operations, \(endpoints) endpoints, \(generated.files.count) files, "
              + "\(result.diagnostics.count) warnings; \(result.warningSummary ?? "no warnings")")
        XCTAssertGreaterThanOrEqual(endpoints, minimumEndpoints, name)
    }

    func testGitHub() throws {
        try check("github-api.github.com.json.xz", operations: 771, minimumEndpoints: 771)
    }

    func testStripe() throws {
        try check("stripe-spec3.yaml.xz", operations: 468, minimumEndpoints: 468)
    }
}
