import EndpointGenImport
import EndpointGenSupport
import XCTest

/// The warnings of an import are about the document: each at the construct it concerns (also what
/// the spec loader says about the written specs), counted by kind in a summary, and renames are
/// notes rather than warnings.
final class ImportWarningTests: XCTestCase {
    private let document = """
    openapi: 3.0.0
    info: { title: Things, version: '1' }
    paths:
      /things/{id}:
        get:
          tags: [things]
          operationId: findThing
          parameters:
            - { name: id, in: path, required: true, schema: { type: string } }
            - { name: session, in: cookie, schema: { type: string } }
            - { name: trace, in: cookie, schema: { type: string } }
          requestBody:
            content:
              application/json:
                schema: { $ref: '#/components/schemas/basic-thing' }
          responses: { '204': { description: Gone } }
    components:
      schemas:
        basic-thing:
          type: object
          properties:
            value: { oneOf: [ { type: string }, { type: string, format: date } ] }
    """

    func testSpecLoaderWarningsAreShownAtTheOperationInTheDocument() {
        let result = ImportText.run(document)
        XCTAssertFalse(result.hasErrors)
        XCTAssertEqual(result.diagnostics.map(\.rendered), [
            "api.yaml:6:7: warning: a body on a GET request is unusual; servers and proxies may drop it",
            "api.yaml:10:11: warning: cookie parameter 'session' is skipped: cookies come from the client's cookie source ('auth: cookie')",
            "api.yaml:11:11: warning: cookie parameter 'trace' is skipped: cookies come from the client's cookie source ('auth: cookie')",
            "api.yaml:22:16: warning: 'oneOf' has no single Swift type: part 1 and part 2 cannot be told apart by their JSON; the value is kept as JSON (JSONValue)",
        ])
        XCTAssertTrue(result.diagnostics.allSatisfy { $0.location?.file == "api.yaml" })
        XCTAssertEqual(result.diagnostics.map(\.kind), ["spec checks", "skipped parameters", "skipped parameters", "unions as JSON"])
        XCTAssertEqual(result.warningSummary, "warning summary: 2 skipped parameters, 1 spec checks, 1 unions as JSON")
        XCTAssertEqual(result.renames.map(\.rendered), ["api.yaml:20:7: note: schema 'basic-thing' becomes model 'BasicThing'"])
    }

    /// Stripe's `subscription_trial_end` (`now` or a timestamp, `style: deepObject`): one loss,
    /// one warning. The String it becomes is the only thing to say; the style has nothing to
    /// apply to in either form. A plain scalar in that style still gets the style warning.
    func testAUnionParameterInAnObjectStyleIsReportedOnce() {
        let result = ImportText.run("""
        openapi: 3.0.0
        info: { title: Subs, version: '1' }
        paths:
          /invoices/upcoming:
            get:
              operationId: upcoming
              parameters:
                - name: trial_end
                  in: query
                  style: deepObject
                  explode: true
                  schema: { anyOf: [ { type: string, enum: [now] }, { type: integer, format: unix-time } ] }
                - { name: coupon, in: query, style: deepObject, schema: { type: string } }
              responses: { '204': { description: Done } }
        """)
        XCTAssertEqual(result.diagnostics.map(\.rendered), [
            "api.yaml:8:11: warning: query parameter 'trial_end' is one of string, integer; it is a String, which sends any of them as written",
            "api.yaml:13:11: warning: query parameter 'coupon' has 'style: deepObject', which applies to arrays and objects; it is sent as a plain value",
        ])
    }

    func testNoWarningsNoSummary() {
        let result = ImportText.run("""
        openapi: 3.0.0
        info: { title: Plain, version: '1' }
        paths:
          /a: { get: { operationId: a, responses: { '204': { description: Done } } } }
        """)
        XCTAssertEqual(result.diagnostics.map(\.rendered), [])
        XCTAssertNil(result.warningSummary)
    }

    /// Found by fuzz_openapi: an `enum` whose values specs cannot write (a mapping, a list) or
    /// that lists none made an enum without values, and the import stopped as "an importer bug".
    /// The values are left out with a warning each; with none left, the schema's type stands.
    func testEnumValuesSpecsCannotWriteAreLeftOutAndNeverEmptyTheEnum() throws {
        let result = ImportText.run("""
        openapi: 3.0.0
        info: { title: Kinds, version: '1' }
        paths:
          /kinds:
            get:
              operationId: kinds
              responses:
                '200':
                  description: OK
                  content: { application/json: { schema: { $ref: '#/components/schemas/Kinds' } } }
        components:
          schemas:
            Kinds:
              type: object
              properties:
                mapped: { type: string, enum: [card<<: ] }
                empty: { type: string, enum: [] }
                numbers: { type: integer, enum: [[1]] }
                mixed: { type: string, enum: [card, { a: 1 }] }
        """)
        XCTAssertFalse(result.hasErrors, result.diagnostics.map(\.rendered).joined(separator: "\n"))
        XCTAssertEqual(result.diagnostics.filter { $0.kind == "dropped enum values" }.map(\.rendered), [
            "api.yaml:16:40: warning: 'enum' lists no value specs can write (strings, integers); the schema's type is used without it",
            "api.yaml:17:16: warning: 'enum' lists no value specs can write (strings, integers); the schema's type is used without it",
            "api.yaml:18:42: warning: 'enum' lists no value specs can write (strings, integers); the schema's type is used without it",
            "api.yaml:19:45: warning: a value of 'enum' that is a mapping or a list is left out (specs list strings and integers)",
        ])
        let specs = result.files.map(\.contents).joined()
        XCTAssertTrue(specs.contains("mapped: String?"), specs)
        XCTAssertTrue(specs.contains("empty: String?"), specs)
        XCTAssertTrue(specs.contains("numbers: Int?"), specs)
        XCTAssertFalse(specs.contains("a: 1"), specs)
    }
}
