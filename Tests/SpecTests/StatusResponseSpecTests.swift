import EndpointGenSpec
import EndpointGenSupport
import XCTest

/// `responses:`: what each status resolves to, where samples go, and every bad shape reported
/// at its place.
final class StatusResponseSpecTests: XCTestCase {
    private func endpoint(_ body: String, models: String = "") -> String {
        """
        service: Pets
        endpoints:
          getPet:
            method: GET
            path: /pets/{id}
        \(body)
        models:
          Pet: { fields: { id: Int, name: String } }
          NotFound: { fields: { message: String } }
        \(models)
        """
    }

    func testStatusesResolveInSpecOrderWithTheirSamples() throws {
        let module = try module([("specs/a.yaml", endpoint("""
                responses:
                  200: Pet
                  201: { type: Pet, summary: Created. }
                  202: { fields: { job: String }, sample: { job: j1 } }
                  304: empty
                  404: { type: NotFound, sample: { message: gone } }
                  5XX: String
                  default: Data
                sample: { id: 1, name: Rex }
            """))])
        let getPet = try XCTUnwrap(module.endpoint("getPet"))
        XCTAssertEqual(getPet.responses.map(\.status), [.code(200), .code(201), .code(202), .code(304), .code(404), .range(5), .other])
        XCTAssertEqual(getPet.responses.map(\.response), [
            .json(.model("Pet")), .json(.model("Pet")), .json(.model("GetPetAcceptedBody")), .empty, .json(.model("NotFound")),
            .string, .data,
        ])
        XCTAssertEqual(getPet.responses.map { Namer.responseCaseName($0.status) }, ["ok", "created", "accepted", "notModified", "notFound", "serverError", "other"])
        // The renderer reads the cases from the name table, each at its status's line.
        XCTAssertEqual(module.names.services["Pets"]?.endpoints[0].responseCases.map(\.name), ["ok", "created", "accepted", "notModified", "notFound", "serverError", "other"])
        XCTAssertEqual(module.names[.responseCase(service: "Pets", endpoint: 0, index: 3)]?.location, getPet.responses[3].location)
        XCTAssertEqual(getPet.responsesTypeName, "GetPetResponse")
        XCTAssertEqual(getPet.response, .empty)
        XCTAssertEqual(getPet.responses[0].sample, .object([("id", .number("1")), ("name", .string("Rex"))]), "the endpoint's sample is its first success status's")
        XCTAssertEqual(getPet.sample, getPet.responses[0].sample)
        XCTAssertEqual(getPet.responses[2].sample, .object([("job", .string("j1"))]))
        XCTAssertEqual(getPet.responses[4].sample, .object([("message", .string("gone"))]))
        XCTAssertEqual(getPet.responses[1].summary, "Created.")
        XCTAssertNotNil(module.modelsByName["GetPetAcceptedBody"])
    }

    func testACodeWithoutAPhraseIsNamedByItsNumber() {
        XCTAssertEqual(Namer.responseCaseName(.code(299)), "status299")
        XCTAssertEqual(Namer.responseCaseName(.code(422)), "unprocessableContent")
        XCTAssertEqual(Namer.responseCaseName(.range(4)), "clientError")
    }

    func testResponseAndResponsesTogether() {
        XCTAssertEqual(diagnose(endpoint("""
                response: Pet
                responses: { 200: Pet }
            """)),
            "specs/a.yaml:6:5: error: endpoint 'getPet' has both 'response' and 'responses'; keep 'responses' and list the status of 'response' in it")
    }

    func testBadStatusKeys() {
        XCTAssertEqual(diagnose(endpoint("""
                responses:
                  200: Pet
                  101: Pet
                  600: Pet
                  099: Pet
                  2xx: Pet
                  6XX: Pet
                  ok: Pet
            """)), """
            specs/a.yaml:8:7: error: status 101 is informational (1xx), not a final response; list statuses from 200 to 599
            specs/a.yaml:9:7: error: status 600 is outside 100–599
            specs/a.yaml:10:7: error: status 099 is outside 100–599
            specs/a.yaml:11:7: error: write the status class in capitals: '2XX', found '2xx'
            specs/a.yaml:12:7: error: '6XX' is not a response status; expected a code from 200 to 599, a class (2XX to 5XX) or 'default'
            specs/a.yaml:13:7: error: 'ok' is not a response status; expected a code from 200 to 599, a class (2XX to 5XX) or 'default'
            """)
    }

    func testDuplicateStatusIsReported() {
        XCTAssertEqual(diagnose(endpoint("""
                responses:
                  200: Pet
                  "200": NotFound
            """)), """
            specs/a.yaml:8:7: error: duplicate key '200'
            specs/a.yaml:7:7: note: '200' is first defined here
            """)
    }

    func testEmptyResponsesAndNoSuccessStatus() {
        XCTAssertEqual(diagnose(endpoint("""
                responses: {}
            """)), "specs/a.yaml:6:16: error: 'responses' of endpoint 'getPet' lists no status; list at least one, like '200: Pet'")
        XCTAssertEqual(diagnose(endpoint("""
                responses:
                  404: NotFound
                  4XX: NotFound
            """)),
            "specs/a.yaml:6:5: error: 'responses' of endpoint 'getPet' lists no success status (2xx, 3xx, 2XX, 3XX or default); every call would fail")
    }

    func testStreamsBodilessStatusesAndFollowedRedirects() {
        XCTAssertEqual(diagnose(endpoint("""
                responses:
                  200: EventStream<Pet>
                  204: Pet
                  304: { type: Pet }
                  302: empty
            """)), """
            specs/a.yaml:7:12: error: a stream cannot be one of several responses; 'EventStream<Pet>' needs 'response:' instead of 'responses:'
            specs/a.yaml:8:7: error: status 204 has no body; write '204: empty'
            specs/a.yaml:9:7: error: status 304 has no body; write '304: empty'
            specs/a.yaml:10:7: error: status 302 is a redirect the client follows, so it never reaches the caller; add 'redirects: none' to endpoint 'getPet' to receive it
            """)
        XCTAssertEqual(diagnose(endpoint("""
                redirects: none
                responses: { 200: Pet, 302: empty }
            """)), "")
    }

    func testSamplesThatHaveNoPlace() {
        XCTAssertEqual(diagnose(endpoint("""
                responses:
                  304: empty
                  200: Pet
                  404: { type: empty, sample: { message: x } }
                sample: { id: 1, name: Rex }
            """)), """
            specs/a.yaml:9:27: error: status 404 of endpoint 'getPet' has no body, so it cannot have a sample
            specs/a.yaml:10:5: error: the sample of endpoint 'getPet' is for its first success status, 304, which has no body; give samples per status in the long form ('304: { type: T, sample: … }')
            """)
        XCTAssertEqual(diagnose(endpoint("""
                responses:
                  200: { type: Pet, sample: { id: 1, name: Rex } }
                sample: { id: 2, name: Max }
            """)),
            "specs/a.yaml:8:5: error: endpoint 'getPet' has a 'sample' and status 200 has one too; the endpoint's sample is the one of its first success status, 200")
        XCTAssertEqual(diagnose(endpoint("""
                responses:
                  200: { type: Pet, sample: { id: one, name: Rex } }
            """)), "specs/a.yaml:7:39: error: sample value 'one' at 'sample.id' is not an integer (Int)")
    }

    func testLongFormShapes() {
        XCTAssertEqual(diagnose(endpoint("""
                responses:
                  200: { type: Pet, fields: { id: Int } }
                  201: { summary: New. }
                  202: { type: Pet, colour: blue }
            """)), """
            specs/a.yaml:7:14: error: status 200 of endpoint 'getPet' has both 'type' and 'fields'; give one
            specs/a.yaml:8:12: error: status 201 of endpoint 'getPet' needs 'type' (a type, or empty) or 'fields'
            specs/a.yaml:9:25: error: unknown key 'colour' in status 202 of endpoint 'getPet'
            """)
    }

    func testTheEnumNameIsReserved() {
        XCTAssertEqual(diagnose(endpoint("""
                responses: { 200: Pet }
            """, models: "  GetPetResponse: { fields: { id: Int } }")),
            "specs/a.yaml:10:3: error: model name 'GetPetResponse' is reserved: it is generated for the responses of endpoint 'getPet' of service 'Pets'")
    }

    func testTheEnumNameMustBeFreeInTheModule() {
        XCTAssertEqual(render(loadSpecs([
            ("specs/a.yaml", endpoint("    responses: { 200: Pet }")),
            ("specs/b.yaml", """
                service: Shelter
                endpoints:
                  getPet: { method: GET, path: /pets, responses: { 200: String } }
                  aPI: { method: GET, path: /api, responses: { 200: String } }
                """),
        ])), """
            specs/b.yaml:3:39: error: the responses of endpoint 'getPet' would be the enum 'GetPetResponse', a reserved name: it is generated for the responses of endpoint 'getPet' of service 'Pets'; rename the endpoint or give it a 'typePrefix'
            specs/b.yaml:4:35: error: the responses of endpoint 'aPI' would be the enum 'APIResponse', a reserved name: the runtime library uses it; rename the endpoint or give it a 'typePrefix'
            """)
    }
}
