import EndpointGenCodegen
import EndpointGenImport
import EndpointGenSpec
import EndpointGenSupport
import XCTest

/// Which operations `import-openapi` writes with `responses:` (several statuses with a meaning of
/// their own for the caller) and which keep one `response:`.
final class StatusResponseImportTests: XCTestCase {
    /// The `responses:` block of `endpoint` as written, or nil when it has none.
    private func responsesBlock(_ result: OpenAPIImportResult, endpoint: String) throws -> String? {
        let contents = try XCTUnwrap(result.files.first { $0.name == "pets.yaml" }).contents
        let lines = contents.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: Substring("  \(endpoint):")) else { return nil }
        let body = lines[(start + 1)...].prefix { $0.hasPrefix("    ") }
        guard let block = body.firstIndex(of: "    responses:") else { return nil }
        return body[block...].prefix { $0 == "    responses:" || $0.hasPrefix("      ") }.joined(separator: "\n")
    }

    private let document = """
    openapi: 3.0.3
    info: { title: Pets, version: '1' }
    paths:
      /pets/{id}:
        get:
          tags: [pets]
          operationId: getPet
          parameters:
            - { name: id, in: path, required: true, schema: { type: string } }
            - { name: If-None-Match, in: header, schema: { type: string } }
          responses:
            '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } }
            '304': { description: Not modified }
            '404': { description: No such pet, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
        put:
          tags: [pets]
          operationId: savePet
          parameters:
            - { name: id, in: path, required: true, schema: { type: string } }
          requestBody: { content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } }
          responses:
            '200': { description: Updated, content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } }
            '201': { description: Created, content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } }
            '202': { description: Queued, content: { application/json: { schema: { type: object, properties: { job: { type: string } } } } } }
            '204': { description: Unchanged }
            '409': { description: Taken, content: { application/json: { schema: { $ref: '#/components/schemas/Conflict' } } } }
            '422': { description: Invalid, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
        delete:
          tags: [pets]
          operationId: deletePet
          parameters:
            - { name: id, in: path, required: true, schema: { type: string } }
          responses:
            '204': { description: Deleted }
            '404': { description: No such pet, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
      /pets:
        get:
          tags: [pets]
          operationId: listPets
          responses:
            '200': { description: OK, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Pet' } } } } }
            '304': { description: Not modified }
            '500': { description: Broken, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
        post:
          tags: [pets]
          operationId: createPet
          requestBody: { content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } }
          responses:
            '201': { description: Created, content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } }
            '400': { description: Bad, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
            '404': { description: Owner gone, content: { application/json: { schema: { $ref: '#/components/schemas/NotFound' } } } }
    components:
      schemas:
        Pet: { type: object, required: [name], properties: { name: { type: string } } }
        Error: { type: object, properties: { message: { type: string }, code: { type: string } } }
        Conflict: { type: object, properties: { holder: { type: string } } }
        NotFound: { type: object, properties: { resource: { type: string } } }
    """

    func testOperationsWithStatusesOfTheirOwnMeaningAreListedPerStatus() throws {
        let result = ImportText.run(document)
        XCTAssertFalse(result.hasErrors, result.diagnostics.map(\.rendered).joined(separator: "\n"))
        // A 304 with If-None-Match, beside a 200: two success statuses; the 404 has the
        // service's error model (its errorBody), so it still throws.
        XCTAssertEqual(try responsesBlock(result, endpoint: "getPet"), """
                responses:
                  200: Pet
                  304: empty
            """)
        // Success statuses with different bodies, one bodiless; a 409 with a model of its own.
        XCTAssertEqual(try responsesBlock(result, endpoint: "savePet"), """
                responses:
                  200: Pet
                  201: Pet
                  202:
                    fields:
                      job: String?
                  204: empty
                  409: Conflict
            """)
        // One success and an error model of its own (a 404 NotFound beside the generic Error).
        XCTAssertEqual(try responsesBlock(result, endpoint: "createPet"), """
                responses:
                  201: Pet
                  404: NotFound
            """)
        // One success and only the generic error; a 304 without a conditional header the
        // caller could send.
        XCTAssertNil(try responsesBlock(result, endpoint: "deletePet"))
        XCTAssertNil(try responsesBlock(result, endpoint: "listPets"))

        let loaded = SpecLoader.load(result.files.map { $0.readBack(from: "specs") })
        XCTAssertEqual(loaded.diagnostics.map(\.rendered), [])
        let module = try XCTUnwrap(loaded.module)
        XCTAssertEqual(module.endpoint("savePet")?.responses.map { Namer.responseCaseName($0.status) }, ["ok", "created", "accepted", "noContent", "conflict"])
        XCTAssertNotNil(module.modelsByName["SavePetAcceptedBody"], "the 202's inline body, named as the generator names it")
        let generated = CodeGenerator.generate(module)
        XCTAssertEqual(generated.diagnostics.map(\.rendered), [])
        let service = try XCTUnwrap(generated.files.first { $0.name == "PetsService.swift" }).contents
        XCTAssertTrue(service.contains("public func savePet(id: String, body: Pet) async throws(APIError) -> APIResponse<SavePetResponse>"), service)
    }

    func testTheServicesErrorBodyIsGenericHoweverFewOperationsUseIt() throws {
        let result = ImportText.run("""
        openapi: 3.0.3
        info: { title: Pets, version: '1' }
        paths:
          /pets/{id}:
            get:
              tags: [pets]
              operationId: getPet
              parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
              responses:
                '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } }
                '404': { description: No such pet, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
        components:
          schemas:
            Pet: { type: object, properties: { name: { type: string } } }
            Error: { type: object, properties: { message: { type: string } } }
        """)
        let contents = try XCTUnwrap(result.files.first { $0.name == "pets.yaml" }).contents
        XCTAssertTrue(contents.contains("errorBody:\n  message: message\n  model: ErrorModel\n"), contents)
        XCTAssertNil(try responsesBlock(result, endpoint: "getPet"), "its 404 is the errorBody, thrown as before")
    }

    func testAModelNamedLikeTheEnumRenamesTheEndpoint() throws {
        let result = ImportText.run(document + """

            GetPetResponse: { type: object, properties: { x: { type: string } } }
        """)
        // A rename loses nothing: a note (`--verbose`), not a warning.
        XCTAssertEqual(result.renames.map(\.rendered).filter { $0.contains("getPet") }, [
            "api.yaml:6:7: note: operation 'getPet' becomes endpoint 'getPet2': its inline response would be the model 'GetPetResponse', a name already taken",
        ])
        let loaded = SpecLoader.load(result.files.map { $0.readBack(from: "specs") })
        XCTAssertEqual(loaded.diagnostics.map(\.rendered), [])
    }
}

private extension SpecModule {
    func endpoint(_ name: String) -> SpecEndpoint? {
        for file in files {
            if let endpoint = file.service?.endpoints.first(where: { $0.name == name }) { return endpoint }
        }
        return nil
    }
}
