@testable import EndpointGenImport
import EndpointGenSpec
import EndpointGenSupport
import XCTest

/// Types as close to the document as specs can say: no copies of a model for an annotated
/// reference, no properties lost beside a `oneOf` that only adds constraints.
final class TypeFidelityTests: XCTestCase {
    /// `allOf: [{ $ref: X }, { nullable: true }]` and its kin are X itself, optional when they say
    /// so, not a copy of X named after the property.
    func testAllOfAReferenceAndAnnotationsIsTheReference() throws {
        let specs = ImportText.clean("""
        openapi: 3.0.0
        info: { title: T, version: '1' }
        paths:
          /a:
            get:
              operationId: a
              responses: { '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/Holder' } } } } }
        components:
          schemas:
            X: { type: object, properties: { v: { type: string } } }
            Holder:
              type: object
              required: [one, two, three]
              properties:
                one: { allOf: [ { $ref: '#/components/schemas/X' } ], nullable: true }
                two: { allOf: [ { $ref: '#/components/schemas/X' }, { nullable: true } ] }
                three: { allOf: [ { description: The third., readOnly: true }, { $ref: '#/components/schemas/X' } ] }
        """).specs
        XCTAssertTrue(specs.contains("""
          Holder:
            fields:
              one: X?
              two: X?
              three:
                type: X
                summary: The third.
        """), specs)
        XCTAssertFalse(specs.contains("HolderTwo"), specs)
        XCTAssertFalse(specs.contains("HolderThree"), specs)
    }

    /// GitHub's check-run bodies: `oneOf` parts that only require or narrow the object's own
    /// properties leave the object as it is written.
    func testPropertiesBesideAOneOfOfConstraintsAreKept() throws {
        let specs = ImportText.clean("""
        openapi: 3.0.0
        info: { title: T, version: '1' }
        paths:
          /check-runs:
            post:
              tags: [checks]
              operationId: createCheckRun
              requestBody:
                content:
                  application/json:
                    schema:
                      type: object
                      required: [name, head_sha]
                      properties:
                        name: { type: string }
                        head_sha: { type: string }
                        status: { type: string, enum: [queued, in_progress, completed] }
                        conclusion: { type: string }
                        output: { type: object, properties: { title: { type: string } } }
                      oneOf:
                        - { properties: { status: { enum: [completed] } }, required: [status, conclusion], additionalProperties: true }
                        - { properties: { status: { enum: [queued, in_progress] } }, additionalProperties: true }
              responses: { '201': { description: Created } }
        """).specs
        XCTAssertTrue(specs.contains("""
            body:
              json:
                name: String
                head_sha: String
                status: CreateCheckRunRequestStatus?
                conclusion: String?
                output: CreateCheckRunRequestOutput?
        """), specs)
        XCTAssertFalse(specs.contains("JSON"), specs)
    }

    /// A tagged union whose case takes several tag values (`enum: [sdk, wechatpaySDK]`) is a model:
    /// each value a case of that model, decoded and sent back as it came. When a union still
    /// falls back to JSON, the warning names the case that blocked it.
    func testCaseWithSeveralTagValuesAndTheCaseThatBlocks() throws {
        let text = """
        openapi: 3.0.0
        info: { title: Pay, version: '1' }
        paths: {}
        components:
          schemas:
            Payment:
              oneOf: [ { $ref: '#/components/schemas/Wallet' }, { $ref: '#/components/schemas/Card' } ]
            Refund:
              oneOf: [ { $ref: '#/components/schemas/Card' }, { $ref: '#/components/schemas/Cash' } ]
            Wallet:
              type: object
              properties: { channel: { type: string, enum: [sdk, wechatpaySDK] }, app: { type: string } }
            Card:
              type: object
              properties: { channel: { type: string, enum: [card] }, last4: { type: string } }
            Cash:
              type: object
              properties: { note: { type: string } }
        """
        let result = ImportText.run(text)
        XCTAssertEqual(result.diagnostics.map(\.rendered), [
            "api.yaml:7:7: warning: 'oneOf' has no discriminator; its cases are told apart by 'channel', which each declares with values of its own",
            "api.yaml:9:7: warning: 'oneOf' has no single Swift type: case 'Cash' does not declare 'channel' with a value of its own; the value is kept as JSON (JSONValue)",
        ])
        let specs = ImportText.clean(text).specs
        XCTAssertTrue(specs.contains("""
          Payment:
            oneOf:
              discriminator: channel
              cases:
                sdk: Wallet
                wechatpaySDK: Wallet
                card: Card
        """), specs)
    }

    /// The same inline enum or object in several places for the same property is one model (named
    /// by what its names share, else the shortest), in schemas.yaml when several services use it; a component of
    /// that structure is that model, and components are never merged with each other.
    func testIdenticalInlineModelsAreOneModel() throws {
        let result = ImportText.run("""
        openapi: 3.0.0
        info: { title: Repos, version: '1' }
        paths:
          /repos:
            get:
              tags: [repos]
              operationId: listRepos
              parameters: [ { name: direction, in: query, schema: { type: string, enum: [asc, desc] } } ]
              responses: { '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/Repo' } } } } }
          /issues:
            get:
              tags: [issues]
              operationId: listIssues
              parameters:
                - { name: direction, in: query, schema: { type: string, enum: [asc, desc] } }
                - { name: state, in: query, schema: { type: string, enum: [open, closed] } }
              responses: { '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/Issue' } } } } }
        components:
          schemas:
            Condition: { type: string, enum: [open, closed] }
            Other: { type: string, enum: [open, closed] }
            Repo:
              type: object
              properties: { owner: { type: object, properties: { login: { type: string } } } }
            Issue:
              type: object
              properties: { user: { type: object, properties: { login: { type: string } } }, state: { type: string, enum: [open, closed] } }
        """)
        XCTAssertFalse(result.hasErrors, result.diagnostics.map(\.rendered).joined(separator: "\n"))
        let all = result.files.map(\.contents).joined()
        // One `direction` enum for both services, in schemas.yaml, named by what its names share.
        let shared = try XCTUnwrap(result.files.first { $0.name == "schemas.yaml" }).contents
        XCTAssertTrue(shared.contains("  Direction:\n    enum: [asc, desc]\n"), shared)
        XCTAssertFalse(all.contains("ListIssuesDirection"), all)
        XCTAssertFalse(all.contains("ListReposDirection"), all)
        XCTAssertEqual(all.components(separatedBy: "direction: Direction?").count, 3, all)
        // Inline copies of a component are that component; two components stay two.
        XCTAssertTrue(all.contains("state: Condition?"), all)
        XCTAssertFalse(all.contains("IssueState"), all)
        XCTAssertFalse(all.contains("ListIssuesState"), all)
        XCTAssertTrue(all.contains("  Other:\n"), all)
        // Objects for different properties are not one model: `user: RepoOwner` would mislead.
        XCTAssertTrue(all.contains("owner: RepoOwner?"), all)
        XCTAssertTrue(all.contains("user: IssueUser?"), all)
        XCTAssertFalse(result.renames.map(\.rendered).contains { $0.contains("'IssueUser' is the same as") }, "\(result.renames.map(\.rendered))")
        let loaded = SpecLoader.load(result.files.map { $0.readBack(from: "specs") })
        XCTAssertEqual(loaded.diagnostics.map(\.rendered), [])
    }

    /// GitHub's issue body: `title` and `milestone` are both a string or an integer, and every
    /// app permission is `read` or `write`. One model named after one of them misled at the
    /// others (`milestone: IssuesCreateRequestTitle`, `issues: AppPermissionsPages`); copies for
    /// the same property in several places are still one model.
    func testCopiesForDifferentPropertiesAreNotOneModel() throws {
        let all = ImportText.clean("""
        openapi: 3.0.0
        info: { title: GitHub, version: '1' }
        paths:
          /issues:
            post:
              tags: [issues]
              operationId: issues/create
              requestBody:
                content:
                  application/json:
                    schema:
                      type: object
                      required: [title]
                      properties:
                        title: { oneOf: [ { type: string }, { type: integer } ] }
                        milestone: { oneOf: [ { type: string }, { type: integer } ] }
              responses: { '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/app-permissions' } } } } }
            patch:
              tags: [issues]
              operationId: issues/update
              requestBody:
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        title: { oneOf: [ { type: string }, { type: integer } ] }
                        milestone: { oneOf: [ { type: string }, { type: integer } ] }
              responses: { '204': { description: No content } }
        components:
          schemas:
            app-permissions:
              type: object
              properties:
                issues: { type: string, enum: [read, write] }
                pages: { type: string, enum: [read, write] }
        """).specs
        // Create's and update's copies are one model per property, named by what they share.
        XCTAssertTrue(all.contains("title: Title\n"), all)
        XCTAssertTrue(all.contains("title: Title?"), all)
        XCTAssertEqual(all.components(separatedBy: "milestone: Milestone?").count, 3, all)
        XCTAssertFalse(all.contains("milestone: Title"), all)
        XCTAssertTrue(all.contains("issues: AppPermissionsIssues?"), all)
        XCTAssertTrue(all.contains("pages: AppPermissionsPages?"), all)
    }

    func testLastWordOfCopies() {
        XCTAssertEqual(ModelDeduplication.lastWord("SearchResultTextMatchesItem2"), "item")
        XCTAssertEqual(ModelDeduplication.lastWord("IssuesCreateRequestMilestone"), "milestone")
        XCTAssertEqual(ModelDeduplication.lastWord("WorkflowUsageBillableMACOS"), "macos")
        XCTAssertNotEqual(ModelDeduplication.lastWord("WorkflowUsageBillableMACOS"), ModelDeduplication.lastWord("WorkflowUsageBillableWINDOWS"))
    }

    func testCommonNameOfCopies() {
        XCTAssertEqual(ModelDeduplication.commonName(["ListReposDirection", "ActivityListStarredDirection"]), "Direction")
        XCTAssertEqual(ModelDeduplication.commonName(["OrgPackageType", "UserPackageType"]), "PackageType")
        XCTAssertNil(ModelDeduplication.commonName(["RepoOwner", "IssueUser"]))
        XCTAssertNil(ModelDeduplication.commonName(["Issue2", "Repo2"]))
        XCTAssertEqual(ModelDeduplication.commonName(["IssuesCreateRequestTitle", "IssuesUpdateRequestTitle"]), "Title")
        XCTAssertEqual(ModelDeduplication.commonName(["ReposAddStatusCheckContextsRequestObject", "ReposSetStatusCheckContextsRequestObject"]), "StatusCheckContextsRequestObject")
        XCTAssertEqual(ModelDeduplication.commonName(["AddPetRequest", "UpdatePetRequest"]), "PetRequest")
    }
    /// 3.1's `type: [integer, string]` (GitHub's ids that are numbers or names) is a union of
    /// those scalars, integers tried first; with a list or an object among them, JSON with a
    /// located warning.
    func testATypeListOfScalarsIsAUnion() throws {
        let document = """
        openapi: 3.1.0
        info: { title: T, version: '1' }
        paths:
          /a:
            get:
              operationId: a
              responses: { '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/Holder' } } } } }
        components:
          schemas:
            Holder:
              type: object
              required: [id]
              properties:
                id: { type: [string, integer] }
                score: { type: [number, integer, 'null'] }
                mixed: { type: [string, object] }
        """
        let specs = ImportText.clean(document).specs
        XCTAssertTrue(specs.contains("""
          HolderId:
            oneOf:
              cases:
                - Int
                - String
        """), specs)
        XCTAssertTrue(specs.contains("""
          HolderScore:
            oneOf:
              cases:
                - Int
                - Double
        """), specs)
        XCTAssertTrue(specs.contains("mixed: JSON?"), specs)
        let warnings = ImportText.run(document).diagnostics.map(\.rendered)
        XCTAssertEqual(warnings, [
            "api.yaml:16:16: warning: 'type: [string, object]' has no single Swift type (a list or an object among scalars); the value is kept as JSON (JSONValue)",
        ])
    }
}
