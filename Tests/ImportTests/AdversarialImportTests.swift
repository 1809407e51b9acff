@testable import EndpointGenImport
import EndpointGenSpec
import EndpointGenSupport
import XCTest

/// Constructs of OpenAPI 3.1 and JSON Schema 2020-12 as real documents write them, found by an
/// adversarial review of `import-openapi` (issue 31's promise: never refuse a document for one
/// construct, a located warning instead, specs that load, a type that decodes what the wire has).
final class AdversarialImportTests: XCTestCase {
    /// One operation returning `Thing`, whose properties are given.
    private func document(properties: String, parameters: String = "[]") -> String {
        """
        openapi: 3.1.0
        info: { title: T, version: '1' }
        paths:
          /things:
            get:
              operationId: things
              parameters: \(parameters)
              responses: { '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/Thing' } } } } }
        components:
          schemas:
            Thing:
              type: object
              properties:
        \(properties)
        """
    }

    /// A parameter named `""` used to reach the spec loader ("empty name for query parameter"),
    /// which refused the whole import as an importer bug.
    func testAParameterWithAnEmptyNameIsSkippedWithAWarning() {
        let imported = ImportText.clean(document(properties: "        a: { type: string }", parameters: """
        [ { name: '', in: query, schema: { type: string } }, { name: kept, in: query, schema: { type: string } } ]
        """))
        XCTAssertTrue(imported.warnings.contains("api.yaml:7:21: warning: a parameter's 'name' is empty; skipped"), "\(imported.warnings)")
        XCTAssertTrue(imported.specs.contains("      kept: String?\n"), imported.specs)
    }

    /// An `enum` without a `type` whose values are not all strings (`[1, two, true]`, `[1.5, 2.5]`,
    /// `[true, false]`) was a String enum, which cannot decode the number or Boolean the wire has.
    func testAnUntypedEnumOfNumbersOrBooleansIsKeptAsJSON() {
        let imported = ImportText.clean(document(properties: """
                mixed: { enum: [1, two, true] }
                decimals: { enum: [1.5, 2.5] }
                flags: { enum: [true, false] }
                words: { enum: [one, '2', 'true'] }
                counts: { enum: [1, 2, null] }
        """))
        XCTAssertTrue(imported.specs.contains("""
              mixed: JSON?
              decimals: JSON?
              flags: JSON?
              words: ThingWords?
              counts: ThingCounts?
        """), imported.specs)
        XCTAssertTrue(imported.specs.contains("  ThingWords:\n    enum:"), imported.specs)
        XCTAssertTrue(imported.warnings.contains("api.yaml:15:28: warning: 'enum' without a 'type' lists values that are not all strings or all integers (1.5 is a number or a Boolean); the value is kept as JSON"), "\(imported.warnings)")
        XCTAssertEqual(imported.warnings.filter { $0.contains("'enum' without a 'type'") }.count, 3, "\(imported.warnings)")
    }

    /// `type: 'null'` is a JSON Schema type (a value that is always null), not an unknown one.
    func testTypeNullAloneIsAnOptionalJSONValueWithoutAWarning() {
        let imported = ImportText.clean(document(properties: "        nothing: { type: 'null' }\n        alsoNothing: { type: ['null'] }"))
        XCTAssertTrue(imported.specs.contains("      nothing: JSON?\n      alsoNothing: JSON?\n"), imported.specs)
        XCTAssertEqual(imported.warnings.filter { $0.contains("warning:") }, [])
    }

    /// `false` allows no value (3.1's `items: false` after `prefixItems`): said as such.
    func testTheFalseSchemaIsNamedInItsWarning() {
        let imported = ImportText.clean(document(properties: "        pair: { type: array, prefixItems: [ { type: string } ], items: false }"))
        XCTAssertTrue(imported.specs.contains("      pair: \"[JSON]?\"\n"), imported.specs)
        XCTAssertEqual(imported.warnings.filter { $0.contains("warning:") },
                       ["api.yaml:14:72: warning: the schema 'false' allows no value; the value is kept as JSON"])
    }

    /// A parameter with `content: { application/json: … }` is sent as JSON text
    /// (`filter={"a":"b"}`), which no query style of a model says: it used to become a model sent
    /// as `a=b`. The closest is a String the caller fills with the JSON.
    func testAJSONContentParameterOfAnObjectIsItsJSONText() {
        let imported = ImportText.clean(document(properties: "        a: { type: string }", parameters: """
        [ { name: filter, in: query, content: { application/json: { schema: { type: object, properties: { a: { type: string } } } } } },
                          { name: limit, in: query, content: { application/json: { schema: { type: integer } } } } ]
        """))
        XCTAssertTrue(imported.specs.contains("      filter: String?\n      limit: Int?\n"), imported.specs)
        XCTAssertFalse(imported.specs.contains("ThingsFilter"), imported.specs)
        XCTAssertTrue(imported.warnings.contains("api.yaml:7:21: warning: query parameter 'filter' is sent as JSON text ('content: application/json'); it is a String: pass the encoded JSON"), "\(imported.warnings)")
    }
}

extension AdversarialImportTests {
    /// A property named `""` used to reach the spec loader ("empty name for field"), which
    /// refused the whole import as an importer bug.
    func testAPropertyWithAnEmptyNameIsSkippedWithAWarning() {
        let imported = ImportText.clean(document(properties: "        '': { type: string }\n        kept: { type: string }"))
        XCTAssertTrue(imported.specs.contains("  Thing:\n    fields:\n      kept: String?\n"), imported.specs)
        XCTAssertTrue(imported.warnings.contains("api.yaml:14:9: warning: a property named '' (the empty string) is skipped"), "\(imported.warnings)")
    }

    /// 3.1 writes a file part as `contentMediaType` (JSON Schema has no `format: binary`) and
    /// base64 as `contentEncoding`: a `File` part and `Data`, as 3.0's formats are; a text
    /// media type stays a String.
    func testContentMediaTypeAndEncodingAreFilesAndData() {
        let imported = ImportText.clean("""
        openapi: 3.1.0
        info: { title: T, version: '1' }
        paths:
          /upload:
            post:
              operationId: upload
              requestBody:
                content:
                  multipart/form-data:
                    schema:
                      type: object
                      properties:
                        file: { type: string, contentMediaType: image/png }
                        files: { type: array, items: { type: string, contentMediaType: 'application/octet-stream' } }
                        page: { type: string, contentMediaType: 'text/html; charset=utf-8' }
              responses:
                '200':
                  description: OK
                  content: { application/json: { schema: { type: object, properties: { packed: { type: string, contentEncoding: base64 } } } } }
        """)
        XCTAssertTrue(imported.specs.contains("""
              multipart:
                file: File?
                files: "[File]?"
                page: String?
        """), imported.specs)
        XCTAssertTrue(imported.specs.contains("        packed: Data?\n"), imported.specs)
    }
}

extension AdversarialImportTests {
    /// Component schemas that are references to each other (`A: { $ref: B }`, `B: { $ref: A }`)
    /// or an array of itself name no value: JSON, as before, but now with a warning.
    func testSchemasThatOnlyContainThemselvesAreJSONWithAWarning() {
        let imported = ImportText.clean("""
        openapi: 3.1.0
        info: { title: T, version: '1' }
        paths:
          /a:
            get:
              operationId: a
              responses: { '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/A' } } } } }
        components:
          schemas:
            A: { $ref: '#/components/schemas/B' }
            B: { $ref: '#/components/schemas/A' }
        """)
        XCTAssertTrue(imported.specs.contains("    response: JSON\n"), imported.specs)
        XCTAssertEqual(imported.warnings.filter { $0.contains("contains itself") }.count, 1, "\(imported.warnings)")
    }
}

extension AdversarialImportTests {
    /// `security` lists alternatives: the first one specs cannot express (mutual TLS) used to
    /// make the endpoint anonymous even when a later one was a bearer token.
    func testTheFirstSecurityAlternativeSpecsCanExpressIsTaken() {
        let imported = ImportText.clean("""
        openapi: 3.1.0
        info: { title: T, version: '1' }
        security: [ { mtls: [] }, { token: [] } ]
        paths:
          /a:
            get:
              operationId: a
              responses: { '204': { description: Done } }
          /b:
            get:
              operationId: b
              security: [ { mtls: [] }, { key: [] } ]
              responses: { '204': { description: Done } }
          /c:
            get:
              operationId: c
              security: [ { mtls: [] } ]
              responses: { '204': { description: Done } }
        components:
          securitySchemes:
            mtls: { type: mutualTLS }
            token: { type: http, scheme: bearer }
            key: { type: apiKey, in: header, name: X-Key }
        """)
        XCTAssertTrue(imported.specs.contains("auth: bearer\n"), imported.specs)
        XCTAssertTrue(imported.specs.contains("    auth: apiKey(X-Key)\n"), imported.specs)
        XCTAssertTrue(imported.specs.contains("  c:\n    method: GET\n    path: /c\n    auth: none\n"), imported.specs)
        XCTAssertTrue(imported.warnings.contains("api.yaml:17:21: warning: security scheme 'mtls' is not defined under components.securitySchemes, or of a kind specs cannot express; the endpoint is imported without auth"), "\(imported.warnings)")
    }
}

extension AdversarialImportTests {
    /// Inheritance of more than one level (`Whale` extends `Mammal`, which extends the base
    /// `Animal`): `Whale` used to be no case of `Animal`, so its values did not decode.
    func testSubtypesOfSubtypesAreCasesOfTheBase() {
        let imported = ImportText.clean("""
        openapi: 3.1.0
        info: { title: T, version: '1' }
        paths:
          /a:
            get:
              operationId: a
              responses: { '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/Animal' } } } } }
        components:
          schemas:
            Whale:
              allOf: [ { $ref: '#/components/schemas/Mammal' }, { type: object, properties: { fins: { type: integer } } } ]
            Animal:
              type: object
              required: [type]
              properties: { type: { type: string } }
              discriminator: { propertyName: type }
            Mammal:
              allOf: [ { $ref: '#/components/schemas/Animal' }, { type: object, properties: { fur: { type: boolean } } } ]
        """)
        XCTAssertTrue(imported.specs.contains("""
          Animal:
            oneOf:
              discriminator: type
              cases:
                Mammal: Mammal
                Whale: Whale
        """), imported.specs)
        XCTAssertTrue(imported.specs.contains("  Whale:\n    fields:\n      type: String\n      fur: Bool?\n      fins: Int?\n"), imported.specs)
    }
}

extension AdversarialImportTests {
    /// A path item's `servers` apply to its operations and replace the document's; they used to
    /// be ignored without a word. `x-…` keys of `paths` are extensions, not paths to warn about.
    func testServersOfPathItemsAndOperationsReplaceTheDocuments() {
        let imported = ImportText.clean("""
        openapi: 3.1.0
        info: { title: T, version: '1' }
        servers: [ { url: 'https://api.example.com' } ]
        paths:
          x-internal: { owner: team }
          /uploads:
            servers: [ { url: 'https://uploads.example.com' } ]
            post:
              tags: [uploads]
              operationId: upload
              responses: { '204': { description: Done } }
          /files:
            get:
              tags: [files]
              operationId: list
              responses: { '204': { description: Done } }
            delete:
              tags: [files]
              operationId: deleteAll
              servers: [ { url: 'https://admin.example.com' } ]
              responses: { '204': { description: Done } }
        """)
        XCTAssertTrue(imported.specs.contains("service: Uploads\nbaseURL: https://uploads.example.com\n"), imported.specs)
        XCTAssertTrue(imported.specs.contains("service: Files\nbaseURL: https://api.example.com\n"), imported.specs)
        XCTAssertEqual(imported.warnings.filter { $0.contains("warning:") }, [
            "api.yaml:18:7: warning: DELETE '/files' names servers of its own (https://admin.example.com), which a spec endpoint cannot have; it is sent to the service's",
        ])
    }
}

extension AdversarialImportTests {
    /// `X-Id` and `x-id` are one header: listed both, they reached the spec loader ("header
    /// 'x-id' is given twice"), which refused the whole import as an importer bug. The later one
    /// is used, as for a parameter listed twice; an operation's replaces its path item's.
    func testHeaderParametersDifferingInCaseAreOne() {
        let imported = ImportText.clean("""
        openapi: 3.1.0
        info: { title: T, version: '1' }
        paths:
          /a:
            parameters:
              - { name: X-Trace, in: header, schema: { type: string } }
            get:
              operationId: a
              parameters:
                - { name: X-Id, in: header, schema: { type: string } }
                - { name: x-id, in: header, schema: { type: integer } }
                - { name: x-trace, in: header, schema: { type: integer } }
              responses: { '204': { description: Done } }
        """)
        XCTAssertTrue(imported.specs.contains("    headerParams:\n      x-trace: Int?\n      x-id: Int?\n"), imported.specs)
        XCTAssertEqual(imported.warnings.filter { $0.contains("warning:") }, [
            "api.yaml:11:11: warning: header parameter 'x-id' is listed twice (as 'X-Id': header names are case-insensitive); the later one is used",
        ])
    }
}

extension AdversarialImportTests {
    /// An operationId that is a member of the generated router or service (`init`, `path`,
    /// `auth`) reached the spec loader ("endpoint name 'init' is reserved"), which refused the
    /// whole import as an importer bug. It is numbered, as a repeated one is, with a note.
    func testOperationIDsNamedLikeGeneratedMembersAreNumbered() {
        let result = ImportText.run("""
        openapi: 3.1.0
        info: { title: T, version: '1' }
        paths:
          /a:
            get: { operationId: init, responses: { '204': { description: Done } } }
            put: { operationId: path, responses: { '204': { description: Done } } }
            post: { operationId: auth, responses: { '204': { description: Done } } }
        """)
        XCTAssertFalse(result.hasErrors, result.diagnostics.map(\.rendered).joined(separator: "\n"))
        let specs = result.files.map(\.contents).joined()
        XCTAssertTrue(specs.contains("  init2:\n    method: GET\n"), specs)
        XCTAssertTrue(specs.contains("  path2:\n    method: PUT\n"), specs)
        XCTAssertTrue(specs.contains("  auth2:\n    method: POST\n"), specs)
        XCTAssertTrue(result.renames.map(\.rendered).contains(
            "api.yaml:5:10: note: operation 'init' becomes endpoint 'init2': the generated router or service has a member 'init'"), "\(result.renames.map(\.rendered))")
        let loaded = SpecLoader.load(result.files.map { $0.readBack(from: "specs") })
        XCTAssertEqual(loaded.diagnostics.map(\.rendered), [])
    }
}

extension AdversarialImportTests {
    /// Servers described `url` or `init` named environments the spec loader refuses (members of
    /// the generated environment type): the whole import failed as an importer bug. They are
    /// numbered, and a number an earlier description took is not given twice.
    func testEnvironmentsNamedLikeTheirTypesMembersAreNumbered() {
        let imported = ImportText.clean("""
        openapi: 3.1.0
        info: { title: T, version: '1' }
        servers:
          - { url: 'https://a.example.com', description: url }
          - { url: 'https://b.example.com', description: Server3 }
          - { url: 'https://c.example.com', description: init }
          - { url: 'https://d.example.com', description: Production }
        paths:
          /a:
            get: { operationId: a, responses: { '204': { description: Done } } }
        """)
        XCTAssertTrue(imported.specs.contains("""
        environments:
          server1: https://a.example.com
          server3: https://b.example.com
          server32: https://c.example.com
          production: https://d.example.com
        """), imported.specs)
    }
}

/// `x-endpointgen-paginate` is the document's claim, read back from an export or written by hand.
final class PaginateExtensionImportTests: XCTestCase {
    private func document(_ paginate: String) -> String {
        """
        openapi: 3.1.0
        info: { title: T, version: '1' }
        paths:
          /items:
            get:
              operationId: listItems
              x-endpointgen-paginate: \(paginate)
              parameters: [ { name: page token, in: query, schema: { type: string } } ]
              responses:
                '200':
                  description: OK
                  content:
                    application/json:
                      schema:
                        type: object
                        properties: { items: { type: array, items: { type: string } }, next cursor: { type: string } }
        """
    }

    private func run(_ paginate: String) -> OpenAPIImportResult {
        let result = ImportText.run(document(paginate))
        XCTAssertFalse(result.hasErrors, result.diagnostics.map(\.rendered).joined(separator: "\n"))
        return result
    }

    /// A cursor path and parameter with a space (wire names the spec loader accepts) made the
    /// whole import fail ("Nothing written") where they were dropped and the scheme went missing.
    func testWireNamesWithSpacesAreKept() {
        let result = run("{ cursor: next cursor, param: page token, items: items }")
        XCTAssertEqual(result.diagnostics.map(\.rendered), [])
        XCTAssertTrue(result.files[0].contents.contains("    paginate:\n      cursor: next cursor\n      param: page token\n      items: items\n"),
                      result.files[0].contents)
    }

    /// One the loader refuses (here: no `param` for the cursor, then a field the response lacks)
    /// is left out with a warning at the operation; the rest of the document is imported.
    func testAPaginateTheLoaderRefusesIsLeftOutWithAWarning() {
        for (paginate, reason) in [
            ("{ cursor: next cursor, items: items }", "missing key 'param' in 'paginate' of endpoint 'listItems': the query parameter the cursor is sent back in"),
            ("{ cursor: next_cursor, param: page token, items: items }", "'cursor' of 'paginate' of endpoint 'listItems': model 'ListItemsResponse' has no field 'next_cursor'; did you mean 'next cursor'?"),
        ] {
            let result = run(paginate)
            XCTAssertEqual(result.diagnostics.map(\.rendered), ["api.yaml:6:7: warning: x-endpointgen-paginate of 'listItems' is left out: \(reason)"])
            XCTAssertEqual(result.files.count, 1)
            XCTAssertFalse(result.files[0].contents.contains("paginate"), result.files[0].contents)
        }
    }

    /// The load check's errors name each file where it will be written (`SourceFile.shownPath`),
    /// and the refused claim is found by that path in any output folder, the working directory too.
    func testARefusedClaimIsFoundInEveryOutputFolder() {
        for folder in [".", "specs", "api/specs"] {
            let result = OpenAPIImporter.run(Array(document("{ cursor: next cursor, items: items }").utf8), path: "api.yaml", outputDirectory: folder)
            XCTAssertEqual(result.diagnostics.map(\.severity), [.warning], folder)
            XCTAssertEqual(result.files.count, 1, folder)
            XCTAssertFalse(result.files.first?.contents.contains("paginate") ?? true, folder)
            XCTAssertEqual(result.files.first?.readBack(from: folder).path, folder == "." ? "t.yaml" : folder + "/t.yaml", folder)
        }
    }
}
