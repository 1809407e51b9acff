import EndpointGenImport
import EndpointGenKit
import EndpointGenSpec
import EndpointGenSupport
import EndpointGenYAML
import Foundation
import XCTest

/// `$ref`s across files, as multi-file descriptions (DigitalOcean's, Redocly's split layout) write
/// them: each resolved from the folder of the file that holds it, each file read once, and every
/// reference that leads nowhere a warning at its own `file:line:column`, never a hollow endpoint.
final class ReferenceTests: XCTestCase {
    /// Files by path, and how often each was read.
    private final class Files {
        var contents: [String: String]
        var reads: [String: Int] = [:]

        init(_ contents: [String: String]) {
            self.contents = contents
        }

        func read(_ path: String) -> Result<[UInt8], OpenAPIReadFailure> {
            reads[path, default: 0] += 1
            guard let text = contents[path] else { return .failure(OpenAPIReadFailure(reason: "No such file or directory")) }
            return .success(Array(text.utf8))
        }
    }

    private func importDocument(_ files: Files, root: String = "api/openapi.yaml") -> OpenAPIImportResult {
        OpenAPIImporter.run(Array(files.contents[root]!.utf8), path: root, outputDirectory: "specs", readFile: files.read)
    }

    private func spec(_ result: OpenAPIImportResult, _ name: String) -> String {
        result.files.first { $0.name == name }?.contents ?? ""
    }

    private func warnings(_ result: OpenAPIImportResult) -> [String] {
        result.diagnostics.filter { $0.severity != .note }.map(\.rendered)
    }

    /// DigitalOcean's layout: operations, parameters, responses and schemas in files of their own,
    /// each `$ref` relative to the file it is written in.
    func testOperationsParametersResponsesAndSchemasInOtherFilesAreFollowed() throws {
        let files = Files([
            "api/openapi.yaml": """
            openapi: 3.0.0
            info: { title: Droplets, version: '2' }
            servers: [ { url: 'https://api.example.com' } ]
            paths:
              /v2/droplets:
                get: { $ref: 'resources/droplets/droplets_list.yml' }
                post: { $ref: 'resources/droplets/droplets_create.yml' }
              /v2/regions:
                $ref: 'resources/regions/path.json#/paths/~1regions'
            """,
            "api/resources/droplets/droplets_list.yml": """
            operationId: droplets_list
            tags: [Droplets]
            parameters:
              - $ref: '../../shared/parameters.yml#/per_page'
              - $ref: 'parameters.yml#/tag_name'
            responses:
              '200':
                $ref: 'responses/all_droplets.yml'
            """,
            "api/resources/droplets/droplets_create.yml": """
            operationId: droplets_create
            tags: [Droplets]
            requestBody:
              content:
                application/json:
                  schema: { $ref: 'models/droplet_create.yml' }
            responses:
              '202': { $ref: 'responses/all_droplets.yml' }
            """,
            "api/resources/droplets/parameters.yml": """
            tag_name:
              name: tag_name
              in: query
              schema: { type: string }
            """,
            "api/shared/parameters.yml": """
            per_page:
              name: per_page
              in: query
              required: true
              schema: { type: integer }
            """,
            "api/resources/droplets/responses/all_droplets.yml": """
            description: All droplets.
            content:
              application/json:
                schema:
                  type: array
                  items: { $ref: '../models/droplet.yml' }
            """,
            "api/resources/droplets/models/droplet.yml": """
            type: object
            required: [id, region]
            properties:
              id: { type: integer }
              region: { $ref: '../../regions/models/region.yml#/Region' }
            """,
            "api/resources/droplets/models/droplet_create.yml": """
            type: object
            required: [name]
            properties:
              name: { type: string }
            """,
            "api/resources/regions/models/region.yml": """
            Region:
              type: object
              required: [slug]
              properties:
                slug: { type: string }
            """,
            "api/resources/regions/path.json": """
            {"paths": {"/regions": {"get": {"operationId": "regions_list", "tags": ["Regions"],
              "responses": {"200": {"description": "OK", "content": {"application/json": {
                "schema": {"type": "array", "items": {"$ref": "models/region.yml#/Region"}}}}}}}}}}
            """,
        ])
        let result = importDocument(files)
        XCTAssertEqual(warnings(result), [])
        let droplets = spec(result, "droplets.yaml")
        XCTAssertTrue(droplets.contains("""
          list:
            method: GET
            path: /v2/droplets
            query:
              per_page: Int
              tag_name: String?
            response: "[Droplet]"
        """), droplets)
        XCTAssertTrue(droplets.contains("""
          create:
            method: POST
            path: /v2/droplets
            body: DropletCreate
            response: "[Droplet]"
        """), droplets)
        XCTAssertTrue(spec(result, "regions.yaml").contains("list:\n    method: GET\n    path: /v2/regions"), spec(result, "regions.yaml"))
        let schemas = spec(result, "schemas.yaml") + droplets
        XCTAssertTrue(schemas.contains("  Droplet:\n    fields:\n      id: Int\n      region: Region\n"), schemas)
        XCTAssertTrue(schemas.contains("  Region:\n    fields:\n      slug: String\n"), schemas)
        // Each file is read once, however often it is named; the root is not read again.
        XCTAssertEqual(files.reads.values.filter { $0 != 1 }, [])
        XCTAssertEqual(files.reads.count, files.contents.count - 1)
        try assertGeneratesCleanly(result)
    }

    /// A component written as a reference to a file is that file's schema under the component's
    /// name; two references to one file are one model.
    func testComponentThatIsAFileKeepsItsName() throws {
        let files = Files([
            "openapi.yaml": """
            openapi: 3.0.0
            info: { title: Pets, version: '1' }
            paths:
              /pets:
                get:
                  tags: [pets]
                  operationId: listPets
                  responses:
                    '200':
                      description: OK
                      content:
                        application/json:
                          schema: { type: array, items: { $ref: './models/pet.yaml' } }
            components:
              schemas:
                Pet: { $ref: 'models/pet.yaml' }
                Tag: { type: string, enum: [a, b] }
            """,
            "models/pet.yaml": """
            type: object
            properties:
              name: { type: string }
              owner: { $ref: 'owner.json' }
            """,
            "models/owner.json": #"{"type": "object", "properties": {"id": {"type": "integer"}, "tag": {"$ref": "../openapi.yaml#/components/schemas/Tag"}}}"#,
        ])
        let result = importDocument(files, root: "openapi.yaml")
        XCTAssertEqual(warnings(result), [])
        let all = result.files.map(\.contents).joined()
        XCTAssertTrue(all.contains("response: \"[Pet]\""), all)
        XCTAssertTrue(all.contains("  Pet:\n    fields:\n      name: String?\n      owner: Owner?\n"), all)
        // A file naming a component of the root document names that component.
        XCTAssertTrue(all.contains("  Owner:\n    fields:\n      id: Int?\n      tag: Tag?\n"), all)
        XCTAssertFalse(all.contains("Pet2"), all)
        try assertGeneratesCleanly(result)
    }

    /// URLs, absolute paths, paths out of the document's folder, missing files, pointers to
    /// nothing and cycles: each a warning at the `$ref` in the file that holds it, and what it
    /// stood for is skipped rather than imported empty.
    func testReferencesThatLeadNowhereAreWarningsAtTheirPlace() {
        let files = Files([
            "api/openapi.yaml": """
            openapi: 3.0.0
            info: { title: Broken, version: '1' }
            paths:
              /url: { get: { $ref: 'https://example.com/op.yaml' } }
              /absolute: { get: { $ref: '/etc/op.yaml' } }
              /outside: { get: { $ref: '../secret.yaml' } }
              /missing: { get: { $ref: 'ops/missing.yaml' } }
              /pointer: { get: { $ref: 'ops/ops.yaml#/nothing' } }
              /cycle: { get: { $ref: 'ops/ops.yaml#/a' } }
              /fine:
                get:
                  operationId: fine
                  parameters: [ { $ref: 'ops/ops.yaml#/param' } ]
                  responses: { '204': { description: Done } }
            """,
            "api/ops/ops.yaml": """
            a: { $ref: 'more.yaml#/b' }
            param: { $ref: '#/missingParam' }
            """,
            "api/ops/more.yaml": """
            b: { $ref: 'ops.yaml#/a' }
            """,
            "secret.yaml": "operationId: secret\nresponses: { '204': { description: Done } }\n",
        ])
        let result = importDocument(files)
        XCTAssertFalse(result.hasErrors)
        XCTAssertEqual(warnings(result), [
            "api/openapi.yaml:4:24: warning: '$ref: https://example.com/op.yaml' is a URL; only files within the folder of 'api/openapi.yaml' are read; GET '/url' is skipped",
            "api/openapi.yaml:5:29: warning: '$ref: /etc/op.yaml' is an absolute path; only files within the folder of 'api/openapi.yaml' are read; GET '/absolute' is skipped",
            "api/openapi.yaml:6:28: warning: '$ref: ../secret.yaml' leaves the folder of 'api/openapi.yaml'; only files within it are read; GET '/outside' is skipped",
            "api/openapi.yaml:7:28: warning: cannot read 'api/ops/missing.yaml': No such file or directory; GET '/missing' is skipped",
            "api/openapi.yaml:8:28: warning: '$ref: ops/ops.yaml#/nothing' names nothing in 'api/ops/ops.yaml': there is no 'nothing' at '#/nothing'; GET '/pointer' is skipped",
            """
            api/openapi.yaml:9:26: warning: '$ref: ops/ops.yaml#/a' never ends: the references form a cycle (api/ops/ops.yaml#/a → api/ops/more.yaml#/b → api/ops/ops.yaml#/a); GET '/cycle' is skipped
            api/ops/ops.yaml:1:12: note: '$ref: more.yaml#/b'
            api/ops/more.yaml:1:12: note: '$ref: ops.yaml#/a'
            """,
            "api/ops/ops.yaml:2:16: warning: '$ref: #/missingParam' names nothing in 'api/ops/ops.yaml': there is no 'missingParam' at '#/missingParam'; the parameter is skipped",
        ].sorted())
        XCTAssertNil(files.reads["secret.yaml"])
        XCTAssertNil(files.reads["/etc/op.yaml"])
        let all = result.files.map(\.contents).joined()
        XCTAssertTrue(all.contains("  fine:\n"), all)
        for skipped in ["/url", "/absolute", "/outside", "/missing", "/pointer", "/cycle"] {
            XCTAssertFalse(all.contains("path: \(skipped)\n"), skipped)
        }
    }

    /// A chain of references longer than `References.maxHops` (32) is not followed to its end.
    func testLongChainsOfReferencesAreCut() {
        var links = (0..<40).map { "l\($0): { $ref: '#/l\($0 + 1)' }" }
        links.append("l40: { operationId: far, responses: { '204': { description: Done } } }")
        let files = Files([
            "openapi.yaml": """
            openapi: 3.0.0
            info: { title: Chain, version: '1' }
            paths:
              /far: { get: { $ref: 'chain.yaml#/l0' } }
              /near: { get: { $ref: 'chain.yaml#/l10' } }
            """,
            "chain.yaml": links.joined(separator: "\n") + "\n",
        ])
        let result = importDocument(files, root: "openapi.yaml")
        XCTAssertEqual(warnings(result), [
            "openapi.yaml:4:24: warning: '$ref: chain.yaml#/l0' leads through more than 32 references; not followed; GET '/far' is skipped",
        ])
        XCTAssertTrue(result.files.map(\.contents).joined().contains("path: /near"))
    }

    /// A referenced file that is not YAML is an error in that file, and nothing is written.
    func testReferencedFileThatDoesNotLoadIsAnErrorInThatFile() {
        let files = Files([
            "openapi.yaml": """
            openapi: 3.0.0
            info: { title: Broken, version: '1' }
            paths:
              /a: { get: { $ref: 'op.yaml' } }
              /b: { get: { $ref: 'op.yaml' } }
            """,
            "op.yaml": "operationId: a\nresponses: [ }\n",
        ])
        let result = importDocument(files, root: "openapi.yaml")
        XCTAssertTrue(result.hasErrors)
        XCTAssertEqual(result.files, [])
        let errors = result.diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.count, 1, "\(errors)")
        XCTAssertEqual(errors.first?.location?.file, "op.yaml")
        XCTAssertEqual(errors.first?.location?.line, 2)
        XCTAssertEqual(files.reads["op.yaml"], 1)
    }

    /// All files together stay within the loader's size limit.
    func testFilesCountTowardTheDocumentLimits() {
        let big = "x: '" + String(repeating: "a", count: YAMLLoadOptions.document.maxFileSize) + "'\n"
        let files = Files([
            "openapi.yaml": """
            openapi: 3.0.0
            info: { title: Big, version: '1' }
            paths:
              /a: { get: { $ref: 'big.yaml' } }
              /b: { get: { operationId: b, responses: { '204': { description: Done } } } }
            """,
            "big.yaml": big,
        ])
        let result = importDocument(files, root: "openapi.yaml")
        XCTAssertEqual(warnings(result).count, 1)
        XCTAssertTrue(warnings(result).first?.contains("'big.yaml' makes the document and its files larger than the limit of") ?? false, "\(warnings(result))")
    }

    /// `import-openapi` through the command: files beside the document are read, and the output
    /// folder's missing parents are created.
    func testImportCommandReadsReferencedFilesAndCreatesTheOutputFolder() throws {
        let folder = NSTemporaryDirectory() + "endpointgen-refs-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/api/ops", withIntermediateDirectories: true)
        try """
        openapi: 3.0.0
        info: { title: Ops, version: '1' }
        paths:
          /a: { get: { $ref: 'ops/a.yaml' } }
          /secret: { get: { $ref: 'ops/link.yaml' } }
        """.write(toFile: folder + "/api/openapi.yaml", atomically: true, encoding: .utf8)
        try "operationId: getA\nresponses: { '200': { description: OK, content: { text/plain: { schema: { type: string } } } } }\n"
            .write(toFile: folder + "/api/ops/a.yaml", atomically: true, encoding: .utf8)
        // A symbolic link within the folder that leads out of it is not followed.
        try "operationId: secret\nresponses: { '204': { description: Done } }\n".write(toFile: folder + "/secret.yaml", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder + "/api/ops/link.yaml", withDestinationPath: "../../secret.yaml")
        let result = ImportCommand.run(document: folder + "/api/openapi.yaml", output: folder + "/out/nested/specs")
        XCTAssertTrue(result.succeeded, "\(result.failure ?? "") \(result.diagnostics.map(\.rendered))")
        let written = try String(contentsOfFile: folder + "/out/nested/specs/ops.yaml", encoding: .utf8)
        XCTAssertTrue(written.contains("  getA:\n    method: GET\n    path: /a\n    response: String\n"), written)
        XCTAssertFalse(written.contains("secret"), written)
        XCTAssertEqual(result.diagnostics.map(\.message), [
            "cannot read '\(folder)/api/ops/link.yaml': it leads out of the document's folder (a symbolic link); GET '/secret' is skipped",
        ])
    }

    private func assertGeneratesCleanly(_ result: OpenAPIImportResult, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertFalse(result.hasErrors, result.diagnostics.map(\.rendered).joined(separator: "\n"), file: file, line: line)
        let loaded = SpecLoader.load(result.files.map { $0.readBack(from: "specs") })
        XCTAssertEqual(loaded.diagnostics.filter { $0.severity == .error }.map(\.rendered), [], file: file, line: line)
    }
}
