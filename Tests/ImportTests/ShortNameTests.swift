@testable import EndpointGenImport
import EndpointGenSpec
import EndpointGenSupport
import Foundation
import XCTest

/// Names without what their owner already says (issue 31): `IssuesService.create`, not
/// `issuesCreate`; a union's `object` case, not `requestLabelsItemObject`. Clashes keep the full
/// names, whatever the order; types stay unique in the module.
final class ShortNameTests: XCTestCase {
    private func importFiles(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> (specs: String, module: SpecModule?, diagnostics: [Diagnostic]) {
        let result = ImportText.run(text)
        XCTAssertFalse(result.hasErrors, result.diagnostics.map(\.rendered).joined(separator: "\n"), file: file, line: line)
        let loaded = SpecLoader.load(result.files.map { $0.readBack(from: "specs") })
        XCTAssertEqual(loaded.diagnostics.filter { $0.severity == .error }.map(\.rendered), [], file: file, line: line)
        return (result.files.map(\.contents).joined(), loaded.module, result.diagnostics)
    }

    /// A document of operations (method, path, operationId, tag, extra YAML lines of the operation).
    private func document(_ operations: [(path: String, id: String, tag: String, extra: String)], schemas: String = "") -> String {
        var text = "openapi: 3.0.0\ninfo: { title: T, version: '1' }\npaths:\n"
        for (index, operation) in operations.enumerated() {
            text += "  \(operation.path):\n    post:\n      tags: [\(operation.tag)]\n      operationId: '\(operation.id)'\n"
            text += operation.extra.isEmpty ? "" : operation.extra.split(separator: "\n").map { "      " + $0 + "\n" }.joined()
            text += "      responses: { '204': { description: Done \(index) } }\n"
        }
        if !schemas.isEmpty { text += "components:\n  schemas:\n" + schemas.split(separator: "\n").map { "    " + $0 + "\n" }.joined() }
        return text
    }

    private func endpointNames(_ module: SpecModule?, _ service: String) -> [String] {
        module?.files.compactMap(\.service).first { $0.name == service }?.endpoints.map(\.name) ?? []
    }

    func testEndpointNamesDropTheServiceWords() {
        let body = """
        requestBody:
          content:
            application/json:
              schema: { type: object, properties: { title: { type: string } } }
        """
        let (specs, module, _) = importFiles(document([
            ("/a", "issues/create", "issues", body), ("/b", "issues-list", "issues", ""), ("/c", "IssuesGet", "issues", ""),
            ("/d", "repos/get-content", "repos", ""), ("/e", "code-scanning/list-alerts", "code-scanning", ""),
        ]))
        XCTAssertEqual(endpointNames(module, "Issues"), ["create", "list", "get"])
        XCTAssertEqual(endpointNames(module, "Repos"), ["getContent"])
        XCTAssertEqual(endpointNames(module, "CodeScanning"), ["listAlerts"])
        // The body keeps the module-unique name; the spec says so.
        XCTAssertTrue(specs.contains("  create:\n    method: POST\n    path: /a\n    typePrefix: IssuesCreate\n    body:\n      json:\n"), specs)
        XCTAssertNotNil(module?.modelsByName["IssuesCreateRequest"])
        XCTAssertNil(module?.modelsByName["CreateRequest"])
        // Endpoints that make no types need no prefix.
        XCTAssertEqual(specs.components(separatedBy: "typePrefix").count, 2, specs)
    }

    /// Nothing left, no plain identifier (a leading digit, a keyword, a member of the generated
    /// router), or an operationId that does not start with the service's words: the full name.
    func testFullNameStaysWhenTheShortOneIsNoName() {
        let (_, module, _) = importFiles(document([
            ("/a", "issues", "issues", ""), ("/b", "issues/2fa-enable", "issues", ""), ("/c", "issues/default", "issues", ""),
            ("/d", "issues/path", "issues", ""), ("/e", "listIssues", "issues", ""), ("/f", "issuesx-get", "issues", ""),
        ]))
        XCTAssertEqual(endpointNames(module, "Issues"), ["issues", "issues2faEnable", "issuesDefault", "issuesPath", "listIssues", "issuesxGet"])
    }

    /// Two endpoints of a service whose short names meet, or whose short name is another's full
    /// name, keep their full names, in either order; other services are not affected.
    func testClashingShortNamesKeepFullNamesInAnyOrder() {
        let operations: [(path: String, id: String, tag: String, extra: String)] = [
            ("/a", "issues/get", "issues", ""), ("/b", "issues-get", "issues", ""),
            ("/c", "issues/list", "issues", ""), ("/d", "list", "issues", ""),
            ("/e", "pulls/get", "pulls", ""), ("/f", "issues/update", "issues", ""),
        ]
        let forward = importFiles(document(operations)).module
        XCTAssertEqual(endpointNames(forward, "Issues"), ["issuesGet", "issuesGet2", "issuesList", "list", "update"])
        XCTAssertEqual(endpointNames(forward, "Pulls"), ["get"])
        let backward = importFiles(document(operations.reversed())).module
        XCTAssertEqual(Set(endpointNames(backward, "Issues")), ["issuesGet", "issuesGet2", "issuesList", "list", "update"])
    }

    /// A paginated endpoint's second method is `<name>Pages`: no other endpoint of its service
    /// may take that name, short or full, in either order. The one that would clash keeps its
    /// full name (a short name), or is numbered (two full names).
    func testNoEndpointTakesThePagesMethodsName() {
        let operations: [(path: String, id: String, tag: String, extra: String)] = [
            // `list` is paginated, so `pets/list-pages` keeps its full name, numbered: the full
            // name of `list` has the pages method `petsListPages`.
            ("/a", "pets/list", "pets", "x-endpointgen-paginate: { link: true }"), ("/b", "pets/list-pages", "pets", ""),
            ("/c", "pets/get", "pets", ""),
            // A full name `listPages` beside a paginated `shelves/list`: that one stays full.
            ("/d", "shelves/list", "shelves", "x-endpointgen-paginate: { link: true }"), ("/e", "listPages", "shelves", ""),
            // Two full names: `listBooksPages` is numbered.
            ("/f", "listBooks", "books", "x-endpointgen-paginate: { link: true }"), ("/g", "listBooksPages", "books", ""),
        ]
        for order in [operations, operations.reversed()] {
            var text = document(order)
            // The paginated operations answer a page of items (`link` pages: the array itself).
            for (index, operation) in order.enumerated() where !operation.extra.isEmpty {
                text = text.replacingOccurrences(of: "      responses: { '204': { description: Done \(index) } }\n", with: """
                      responses: { '200': { description: OK, content: { application/json: { schema: { type: array, items: { type: string } } } } } }

                """)
            }
            let module = importFiles(text).module
            XCTAssertEqual(Set(endpointNames(module, "Pets")), ["list", "petsListPages2", "get"])
            XCTAssertEqual(Set(endpointNames(module, "Shelves")), ["shelvesList", "listPages"])
            XCTAssertEqual(Set(endpointNames(module, "Books")), ["listBooks", "listBooksPages2"])
            let paginated = module?.files.compactMap(\.service).flatMap(\.endpoints).filter { $0.pagination != nil }.map(\.name)
            XCTAssertEqual(Set(paginated ?? []), ["list", "shelvesList", "listBooks"])
        }
    }

    /// Headers every operation sends become the service's parameters; those the spec stage
    /// renames (`Client` → `clientValue`, with environments `Environment` → `environmentValue`)
    /// get a name of their own where another parameter has that one already.
    func testSharedParametersRenamedBySpecsStayApart() {
        var text = "openapi: 3.0.0\ninfo: { title: T, version: '1' }\n"
        text += "servers: [ { url: 'https://a.example.com' }, { url: 'https://b.example.com' } ]\npaths:\n"
        for path in ["/a", "/b"] {
            text += "  \(path):\n    get:\n      tags: [tenants]\n      parameters:\n"
            for header in ["Environment", "Environment-Value", "Client"] {
                text += "        - { name: \(header), in: header, required: true, schema: { type: string } }\n"
            }
            text += "      responses: { '204': { description: Done } }\n"
        }
        let (specs, module, _) = importFiles(text)
        XCTAssertEqual(module?.names.services["Tenants"]?.sharedParameters.map(\.name), ["environmentValue2", "environmentValue", "clientValue"], specs)
    }

    /// Two services' `create` endpoints with inline bodies, responses and responses per status:
    /// the types keep the full names, which the module needs unique.
    func testTypesOfShortenedEndpointsKeepModuleUniqueNames() {
        let extra = """
        requestBody:
          content:
            application/json:
              schema: { type: object, properties: { title: { type: string } } }
        """
        var text = document([("/a", "issues/create", "issues", extra), ("/b", "pulls/create", "pulls", extra)])
        text = text.replacingOccurrences(of: "      responses: { '204': { description: Done 0 } }\n", with: """
              responses:
                '200': { description: OK, content: { application/json: { schema: { type: object, properties: { id: { type: integer } } } } } }
                '202': { description: Accepted }

        """)
        let (_, module, _) = importFiles(text)
        XCTAssertEqual(endpointNames(module, "Issues"), ["create"])
        XCTAssertEqual(endpointNames(module, "Pulls"), ["create"])
        let models = Set(module?.modelsByName.keys.map { $0 } ?? [])
        XCTAssertTrue(models.isSuperset(of: ["IssuesCreateRequest", "PullsCreateRequest", "IssuesCreateOkBody"]), "\(models.sorted())")
        XCTAssertEqual(module?.files.compactMap(\.service).first { $0.name == "Issues" }?.endpoints[0].responsesTypeName, "IssuesCreateResponse")
    }

    /// Stripe's operationIds say the method and the resource, not the service (`StripeAPI`):
    /// nothing to shorten.
    func testOperationIdsWithoutTheServiceWordsAreKept() {
        let (_, module, _) = importFiles(document([("/v1/charges", "PostCharges", "", ""), ("/v1/customers/{customer}", "GetCustomersCustomer", "", "")])
            .replacingOccurrences(of: "      tags: []\n", with: "").replacingOccurrences(of: "title: T", with: "title: Stripe API"))
        XCTAssertEqual(endpointNames(module, "StripeAPI"), ["postCharges", "getCustomersCustomer"])
    }

    /// `RequestLabelsItemObject` in `RequestLabelsItem` is the case `object`, in the long form;
    /// a short name that meets another case's keeps the full one.
    func testUnionCasesDropTheUnionsName() {
        let (specs, module, _) = importFiles(document([("/a", "issues/create", "issues", """
        requestBody:
          content:
            application/json:
              schema:
                type: object
                properties:
                  labels:
                    type: array
                    items:
                      oneOf:
                        - { type: string }
                        - { type: object, properties: { name: { type: string } } }
        """)], schemas: """
        Cat: { type: object, required: [meow], properties: { meow: { type: boolean } } }
        PetCat: { type: object, required: [purr], properties: { purr: { type: boolean } } }
        PetDog: { type: object, required: [bark], properties: { bark: { type: boolean } } }
        Pet: { oneOf: [ { $ref: '#/components/schemas/PetCat' }, { $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/PetDog' } ] }
        """))
        XCTAssertTrue(specs.contains("- { type: IssuesCreateRequestLabelsItemObject, name: object }"), specs)
        XCTAssertEqual(module?.names.memberNames("IssuesCreateRequestLabelsItem"), ["string", "object"])
        // `PetCat` would be `cat`, which `Cat` is: both keep the names their types give.
        XCTAssertEqual(module?.names.memberNames("Pet"), ["petCat", "cat", "dog"])
    }

    /// Integer discriminators name their cases after the models (`1` says nothing): without the
    /// union's name where they start with it, unless that meets another case's name.
    func testIntegerTaggedCasesDropTheUnionsName() {
        let tagged = { (value: Int) in "{ type: object, required: [type], properties: { type: { type: integer, enum: [\(value)] } } }" }
        let (specs, module, _) = importFiles(document([("/a", "issues/get", "issues", """
        requestBody:
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Component' }
        """)], schemas: """
        Component:
          oneOf: [ { $ref: '#/components/schemas/ComponentButton' }, { $ref: '#/components/schemas/ComponentRow' }, { $ref: '#/components/schemas/Row' } ]
          discriminator: { propertyName: type, mapping: { '1': '#/components/schemas/ComponentButton', '2': '#/components/schemas/ComponentRow', '3': '#/components/schemas/Row' } }
        ComponentButton: \(tagged(1))
        ComponentRow: \(tagged(2))
        Row: \(tagged(3))
        """))
        XCTAssertTrue(specs.contains("1: { model: ComponentButton, name: button }"), specs)
        XCTAssertEqual(module?.names.memberNames("Component"), ["button", "componentRow", "row"])
    }

    /// Issue 31's excerpt (Tests/Fixtures/openapi/excerpts/8-names-to-shorten.yaml): each
    /// service's endpoints without its word, `list` in two services, the labels' object case `object`.
    func testTheExcerptComesOutShort() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/openapi/excerpts/8-names-to-shorten.yaml")
        let (specs, module, _) = importFiles(try String(contentsOf: url, encoding: .utf8))
        XCTAssertEqual(endpointNames(module, "Issues"), ["listForRepo", "create", "list"])
        XCTAssertEqual(endpointNames(module, "Repos"), ["listForAuthenticatedUser", "list"])
        XCTAssertTrue(specs.contains("    typePrefix: IssuesCreate\n"), specs)
        XCTAssertEqual(module?.names.memberNames("IssuesCreateRequestLabelsItem"), ["string", "object"])
        XCTAssertEqual(module?.names.memberNames("IssuesCreateRequestTitle"), ["string", "int"])
    }

    /// Names that Foundation or SwiftUI types have are renamed as reserved ones are, so the
    /// imported specs make `generate` warn about nothing.
    func testFrameworkTypeNamesAreRenamed() {
        let (specs, module, diagnostics) = importFiles(document([("/a", "issues/create", "issues", """
        requestBody:
          content:
            application/json:
              schema: { type: object, properties: { link: { $ref: '#/components/schemas/link' }, label: { $ref: '#/components/schemas/Label' }, thread: { $ref: '#/components/schemas/Thread' } } }
        """)], schemas: """
        link: { type: object, properties: { href: { type: string } } }
        Label: { type: object, properties: { name: { type: string } } }
        Thread: { type: object, properties: { id: { type: string } } }
        """))
        XCTAssertNotNil(module?.modelsByName["LinkModel"])
        XCTAssertNotNil(module?.modelsByName["LabelModel"])
        XCTAssertNotNil(module?.modelsByName["ThreadModel"])
        XCTAssertFalse(specs.contains("  Link:"), specs)
        XCTAssertEqual(diagnostics.filter { $0.severity == .warning }.map(\.rendered), [])
    }
}
