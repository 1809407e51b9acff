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

    /// A large API is told about `storageClasses` (its release build about half the size); a small one is not.
    func testALargeAPIIsToldAboutStorageClasses() throws {
        let small = ImportCommand.run(document: try write(document, to: "openapi.yaml"), output: folder + "/small")
        XCTAssertTrue(small.succeeded, "\(small)")
        XCTAssertEqual(small.endpointCount, 1)
        XCTAssertNil(small.storageClassesAdvice)

        let count = ImportRunResult.storageClassesEndpoints
        var paths = ""
        for index in 0..<count {
            paths += "  /things\(index):\n    get:\n      operationId: getThing\(index)\n      responses: { '200': { description: OK } }\n"
        }
        let large = "openapi: 3.0.3\ninfo: { title: Big, version: '1' }\nservers: [{ url: 'https://big.example.com' }]\npaths:\n" + paths
        let result = ImportCommand.run(document: try write(large, to: "big.yaml"), output: folder + "/big")
        XCTAssertTrue(result.succeeded, "\(result.diagnostics.map(\.rendered))")
        XCTAssertEqual(result.endpointCount, count)
        XCTAssertTrue(result.storageClassesAdvice?.contains("'storageClasses: true'") ?? false, "\(String(describing: result.storageClassesAdvice))")
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
