import EndpointGenKit
import Foundation
import XCTest

/// `endpointgen import-openapi` on disk: files appear in a new folder, nothing is ever replaced,
/// and a document with errors writes nothing.
final class ImportCommandTests: XCTestCase {
    private var folder: String!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "endpointgen-import-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private let document = """
    openapi: 3.0.3
    info: { title: Pets, version: '1' }
    servers: [{ url: 'https://pets.example.com' }]
    paths:
      /pets:
        get:
          operationId: listPets
          responses:
            '200':
              description: OK
              content:
                application/json:
                  schema: { type: array, items: { $ref: '#/components/schemas/Pet' } }
    components:
      schemas:
        Pet: { type: object, required: [name], properties: { name: { type: string } } }
        Owner: { type: object, properties: { pets: { type: array, items: { $ref: '#/components/schemas/Pet' } } } }
    """

    private func write(_ text: String, to name: String) throws -> String {
        let path = folder + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testWritesTheSpecsIntoANewFolderAndTheyGenerate() throws {
        let path = try write(document, to: "openapi.yaml")
        let result = ImportCommand.run(document: path, output: folder + "/specs")
        XCTAssertTrue(result.succeeded, "\(result)")
        XCTAssertEqual(result.written, [folder + "/specs/pets.yaml", folder + "/specs/schemas.yaml"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/specs").sorted(), ["pets.yaml", "schemas.yaml"])
        let generated = Pipeline.run(PipelineOptions(specsDirectory: folder + "/specs", outputDirectory: folder + "/Generated"))
        XCTAssertEqual(generated.diagnostics.map(\.rendered), [])
        // Pet is the service's alone (in pets.yaml); Owner, which no endpoint uses, in schemas.yaml.
        XCTAssertEqual(generated.files.map(\.name), ["PetsModels.swift", "PetsRouter.swift", "PetsService.swift", "SchemasModels.swift"])
    }

    func testAnExistingFileStopsTheImportAndNothingIsWritten() throws {
        let path = try write(document, to: "openapi.yaml")
        try FileManager.default.createDirectory(atPath: folder + "/specs", withIntermediateDirectories: false)
        try "models: {}\n".write(toFile: folder + "/specs/schemas.yaml", atomically: true, encoding: .utf8)
        let result = ImportCommand.run(document: path, output: folder + "/specs")
        XCTAssertFalse(result.succeeded)
        XCTAssertEqual(result.conflicts, [folder + "/specs/schemas.yaml"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/specs"), ["schemas.yaml"])
        XCTAssertEqual(try String(contentsOfFile: folder + "/specs/schemas.yaml", encoding: .utf8), "models: {}\n")
    }

    func testADocumentWithErrorsWritesNothing() throws {
        let path = try write("swagger: '2.0'\n", to: "old.yaml")
        let result = ImportCommand.run(document: path, output: folder + "/specs")
        XCTAssertFalse(result.succeeded)
        XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }.count, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/specs"))
    }

    func testAMissingDocumentIsAnIOFailure() {
        let result = ImportCommand.run(document: folder + "/missing.yaml", output: folder + "/specs")
        XCTAssertEqual(result.failure, "cannot read '\(folder!)/missing.yaml': cannot open it: No such file or directory")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/specs"))
    }
}
