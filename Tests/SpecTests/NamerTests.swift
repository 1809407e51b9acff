import EndpointGenSpec
import EndpointGenSupport
import XCTest

/// The Namer (issue 29): every Swift name decided once, each clash reported once with both
/// places, reserved names from the generated-code contract, made-up names warned about.
final class NamerTests: XCTestCase {
    func testFieldClashIsReportedOnceWithBothPlaces() {
        XCTAssertEqual(diagnose("""
            models:
              Page:
                fields:
                  page_no: Int
                  pageNo: Int
            """),
            """
            specs/a.yaml:5:7: error: fields 'page_no' and 'pageNo' of model 'Page' both become 'pageNo' in Swift; give one another 'name:' in the long form
            specs/a.yaml:4:7: note: 'page_no' is here
            """)
    }

    func testParameterClashAndTheBodyLabelAreReportedOnce() {
        XCTAssertEqual(diagnose("""
            service: A
            endpoints:
              send:
                method: POST
                path: /send
                query: { page_no: Int, pageNo: Int, Body: String }
                body: String
            """),
            """
            specs/a.yaml:6:28: error: parameters 'page_no' and 'pageNo' of endpoint 'send' both become 'pageNo' in Swift; give one another 'name:' in the long form
            specs/a.yaml:6:14: note: 'page_no' is here
            specs/a.yaml:6:41: error: query parameter 'Body' of endpoint 'send' becomes 'body' in Swift, the label of the request body; give it another 'name:' in the long form
            specs/a.yaml:7:5: note: the body is here
            """)
    }

    func testOutputFilesDifferingOnlyInCaseAreOneErrorPerPairOfSpecs() {
        let result = loadSpecs([
            ("specs/a.yaml", "service: FooBar\nendpoints:\n  ping: { method: GET, path: /ping }\n"),
            ("specs/b.yaml", "# the other one\nservice: Foobar\nendpoints:\n  pong: { method: GET, path: /pong }\n"),
        ])
        XCTAssertNil(result.module)
        XCTAssertEqual(render(result), """
            specs/b.yaml:2:10: error: 'specs/a.yaml' and 'specs/b.yaml' generate 'FooBarRouter.swift' and 'FoobarRouter.swift', names that differ only in letter case (one file on macOS and Windows); rename a service or a spec file
            specs/a.yaml:1:10: note: 'FooBarRouter.swift' comes from here
            """)
    }

    /// The files a long Router, Service, ServiceFake or Models file is cut into are named by the Namer's rule
    /// and fall in the family it reserves for their base, so two specs whose cut files could meet
    /// are reported (once per pair), never left for one file to overwrite the other.
    func testCutFilesAreNamedAndReservedByTheNamer() {
        XCTAssertEqual(Namer.cutFileName(base: "BillingModels", index: 0, first: "Charge"), "BillingModels.swift")
        XCTAssertEqual(Namer.cutFileName(base: "BillingService", index: 2, first: "getCharges"), "BillingService-getCharges.swift")
        XCTAssertEqual(Namer.cutFileName(base: "BillingModels", index: 3, first: "É"), "BillingModels-3.swift")
        for (base, first) in [("FooBarRouter", "sampleData"), ("FoobarService", "ping"), ("FooBarServiceFake", "ping"), ("FooBarModels", "Zed")] {
            let family = Namer.cutFileFamily(ofFile: base + ".swift")
            XCTAssertEqual(family, base + "-*.swift")
            XCTAssertTrue(Namer.cutFileName(base: base, index: 1, first: first).hasPrefix(family.dropLast("*.swift".count)))
        }
        let result = loadSpecs([
            ("specs/a.yaml", "service: FooBar\nendpoints:\n  ping: { method: GET, path: /ping }\nmodels:\n  A: { fields: { x: Int } }\n"),
            ("specs/b.yaml", "service: Foobar\nendpoints:\n  pong: { method: GET, path: /pong }\nmodels:\n  B: { fields: { y: Int } }\n"),
        ])
        XCTAssertNil(result.module)
        XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }.count, 1, render(result))
    }

    func testModelsFileOfAModelsOnlySpecClashesWithAServicesWithoutCase() {
        let result = loadSpecs([
            ("specs/a.yaml", "service: Petstore\nendpoints:\n  ping: { method: GET, path: /ping }\nmodels:\n  A: { fields: { x: Int } }\n"),
            ("specs/pet_store.yaml", "models:\n  B: { fields: { y: Int } }\n"),
        ])
        XCTAssertEqual(render(result), """
            specs/pet_store.yaml:1:1: error: 'specs/a.yaml' and 'specs/pet_store.yaml' generate 'PetstoreModels.swift' and 'PetStoreModels.swift', names that differ only in letter case (one file on macOS and Windows); rename a service or a spec file
            specs/a.yaml:1:10: note: 'PetstoreModels.swift' comes from here
            """)
        // A service without models writes no Models file, so nothing clashes.
        XCTAssertEqual(render(loadSpecs([
            ("specs/a.yaml", "service: Petstore\nendpoints:\n  ping: { method: GET, path: /ping }\n"),
            ("specs/pet_store.yaml", "models:\n  B: { fields: { y: Int } }\n"),
        ])), "")
    }

    /// Every standard and runtime type of the generated-code contract is reserved, with the reason.
    func testModelNamesOfTheContractAreReserved() {
        for name in ["Actor", "Task", "Result", "Error", "MainActor", "Sendable"] {
            XCTAssertTrue(GeneratedCodeContract.standardTypes.contains(name), name)
            XCTAssertEqual(
                diagnose("models:\n  \(name): { fields: { login: String } }\n"),
                "specs/a.yaml:2:3: error: model name '\(name)' is reserved: it would hide Swift's own '\(name)' in the generated code and in every file that imports it (a model's name is never sent, so renaming it changes no request)")
            XCTAssertNotNil(SpecRules.reservation(ofModelName: name), name)
        }
        for name in GeneratedCodeContract.runtimeTypes {
            XCTAssertEqual(Namer.reservedTypeNames[name], "the runtime library uses it", name)
        }
    }

    func testEndpointAndEnvironmentNamesOfTheContractAreReserved() {
        for name in GeneratedCodeContract.routerAndServiceMembers where name.first?.isLowercase == true {
            XCTAssertEqual(
                diagnose("service: A\nendpoints:\n  \(name): { method: GET, path: /a }\n"),
                "specs/a.yaml:3:3: error: endpoint name '\(name)' is reserved: the generated router or service has a member '\(name)'")
        }
        XCTAssertEqual(
            diagnose("service: A\nenvironments:\n  rawValue: \"https://a.example\"\nendpoints:\n  a: { method: GET, path: /a }\n"),
            "specs/a.yaml:3:3: error: environment name 'rawValue' is reserved: the generated environment type has a member 'rawValue'")
    }

    /// OpenAPI generators make names for values without letters; so does the Namer, with a warning.
    func testValuesWithoutLettersGetMadeUpCaseNamesWithAWarning() throws {
        let result = loadSpec("""
            models:
              Sign:
                enum: ["", "+", "1", "-1", ">="]
            """)
        XCTAssertEqual(render(result), """
            specs/a.yaml:3:12: warning: value '' of enum 'Sign' has no letters; its case is named 'empty'; name it with the long form 'values: { name: value }' to choose another
            specs/a.yaml:3:16: warning: value '+' of enum 'Sign' has no letters; its case is named 'plus'; name it with the long form 'values: { name: value }' to choose another
            specs/a.yaml:3:21: warning: value '1' of enum 'Sign' has no letters; its case is named '_1'; name it with the long form 'values: { name: value }' to choose another
            specs/a.yaml:3:26: warning: value '-1' of enum 'Sign' has no letters; its case is named 'minus1'; name it with the long form 'values: { name: value }' to choose another
            specs/a.yaml:3:32: warning: value '>=' of enum 'Sign' has no letters; its case is named 'greaterThanEquals'; name it with the long form 'values: { name: value }' to choose another
            """)
        let module = try XCTUnwrap(result.module)
        XCTAssertEqual(module.names.memberNames("Sign"), ["empty", "plus", "_1", "minus1", "greaterThanEquals"])
        // A name given in the long form is used as it is, without a warning.
        XCTAssertEqual(diagnose("models:\n  Sign:\n    enum: { values: { blank: \"\" } }\n"), "")
    }

    /// `unknown` is the fallback case of enums and `oneOf`s alike: a value named so becomes
    /// `unknown_` with a warning, a `name: unknown` is an error.
    func testUnknownIsHandledAlikeInEnumsAndOneOfs() throws {
        let result = loadSpec("""
            models:
              Post: { fields: { kind: String } }
              Sort:
                enum: [newest, unknown]
              Item:
                oneOf: { discriminator: kind, cases: { post: Post, unknown: Post } }
            """)
        XCTAssertEqual(render(result), """
            specs/a.yaml:4:20: warning: value 'unknown' of enum 'Sort' becomes the case 'unknown_', since 'unknown' is the fallback case for values the spec does not list; name it with the long form 'values: { name: value }' to choose another
            specs/a.yaml:6:56: warning: value 'unknown' of 'oneOf' of model 'Item' becomes the case 'unknown_', since 'unknown' is the fallback case for values the spec does not list; name it with the long form 'unknown: { model: Post, name: caseName }' to choose another
            """)
        let module = try XCTUnwrap(result.module)
        XCTAssertEqual(module.names.memberNames("Sort"), ["newest", "unknown_"])
        XCTAssertEqual(module.names.memberNames("Item"), ["post", "unknown_"])
        XCTAssertEqual(diagnose("""
            models:
              Post: { fields: { kind: String } }
              Sort:
                enum: { values: { unknown: other } }
              Item:
                oneOf: { discriminator: kind, cases: { other: { model: Post, name: unknown } } }
            """),
            """
            specs/a.yaml:4:23: error: case name 'unknown' of enum 'Sort' is the fallback case for values the spec does not list; choose another
            specs/a.yaml:6:72: error: case name 'unknown' of 'oneOf' of model 'Item' is the fallback case for values the spec does not list; choose another
            """)
    }

    /// Union (`oneOf` with a list of cases) case names are the Namer's: made from the types
    /// unless given, each clash reported once at the later case's `name:`, or at its type when
    /// the name is made from it (the decoder used to report them at the case and drop it).
    func testUnionCaseNamesAndTheirClashesAreTheNamers() throws {
        let text = """
            models:
              Content:
                oneOf:
                  cases:
                    - String
                    - { type: Note, name: string }
                    - "[Part]"
                    - { type: PartList }
                    - { type: Int, name: class }
              Note: { fields: { text: String } }
              Part: { fields: { text: String } }
              PartList: { fields: { parts: "[Part]" } }
            """
        XCTAssertEqual(diagnose(text), """
            specs/a.yaml:6:31: error: cases 'String' and 'Note' of 'oneOf' of model 'Content' both become the case 'string'; give one another 'name'
            specs/a.yaml:5:11: note: 'String' is here
            specs/a.yaml:8:19: error: cases '[Part]' and 'PartList' of 'oneOf' of model 'Content' both become the case 'partList'; name one with the long form '{ type: PartList, name: caseName }'
            specs/a.yaml:7:11: note: '[Part]' is here
            """)
        let renamed = try module([("specs/a.yaml", text
            .replacingOccurrences(of: "name: string", with: "name: text")
            .replacingOccurrences(of: "{ type: PartList }", with: "{ type: PartList, name: partList2 }"))])
        XCTAssertEqual(renamed.names.memberNames("Content"), ["string", "text", "partList", "partList2", "class"])
        XCTAssertEqual(renamed.names[.member(model: "Content", index: 1)]?.location, SourceLocation(file: "specs/a.yaml", line: 6, column: 31))
        XCTAssertEqual(renamed.names[.member(model: "Content", index: 2)]?.location, SourceLocation(file: "specs/a.yaml", line: 7, column: 11))
    }

    /// Multipart structs are types of the module: two services' endpoints of one name would
    /// declare one twice (codegen used to check them against models only).
    func testMultipartStructsOfTwoServicesCollide() {
        let upload = "endpoints:\n  upload: { method: POST, path: /u, body: { multipart: { f: File } } }\n"
        XCTAssertEqual(render(loadSpecs([("specs/a.yaml", "service: A\n" + upload), ("specs/b.yaml", "service: B\n" + upload)])), """
            specs/b.yaml:3:3: error: endpoint 'upload' has a multipart body whose type would be named 'UploadRequest', as does endpoint 'upload' of service 'A'; rename one or give it a 'typePrefix'
            specs/a.yaml:3:3: note: endpoint 'upload' is here
            """)
    }

    /// `typePrefix:` names every type made from an endpoint (inline body and response, multipart
    /// struct, per-status enum and bodies), so two services can each have a `create`.
    func testTypePrefixNamesTheTypesOfAnEndpoint() throws {
        let module = try module([
            ("specs/a.yaml", """
            service: Issues
            endpoints:
              create:
                method: POST
                path: /issues
                typePrefix: IssuesCreate
                body: { json: { title: String } }
                response: { fields: { id: Int } }
              upload:
                method: POST
                path: /files
                typePrefix: IssuesUpload
                body: { multipart: { f: File } }
                responses: { 200: { fields: { id: Int } }, 202: empty }
            """),
            ("specs/b.yaml", """
            service: Pulls
            endpoints:
              create:
                method: POST
                path: /pulls
                typePrefix: PullsCreate
                body: { json: { title: String } }
                response: { fields: { id: Int } }
              upload:
                method: POST
                path: /files
                body: { multipart: { f: File } }
            """),
        ])
        let models = Set(module.modelsByName.keys)
        XCTAssertTrue(models.isSuperset(of: ["IssuesCreateRequest", "IssuesCreateResponse", "PullsCreateRequest", "PullsCreateResponse", "IssuesUploadOkBody"]), "\(models.sorted())")
        XCTAssertFalse(models.contains("CreateRequest"))
        XCTAssertEqual(module.names.services["Issues"]?.endpoints[1].multipartType?.name, "IssuesUploadRequest")
        XCTAssertEqual(module.names.services["Pulls"]?.endpoints[1].multipartType?.name, "UploadRequest")
        XCTAssertEqual(module.files[0].service?.endpoints[1].responsesTypeName, "IssuesUploadResponse")
    }

    /// `typePrefix:` on an endpoint that makes no type renames nothing: a warning at its value
    /// (whoever wrote it expected an effect); none where it names an inline body or response, a
    /// multipart struct or the responses' enum, nor where the body is damaged (its types unknown).
    func testTypePrefixThatNamesNothingIsAWarning() {
        XCTAssertEqual(diagnose("""
            service: Issues
            models:
              Issue: { fields: { id: Int } }
            endpoints:
              get: { method: GET, path: /issue, typePrefix: IssuesGet, response: Issue }
              put: { method: PUT, path: /issue, typePrefix: IssuesPut, body: Issue, response: "[Issue]" }
              create: { method: POST, path: /issues, typePrefix: IssuesCreate, body: Issue, response: { fields: { id: Int } } }
              send: { method: POST, path: /send, typePrefix: IssuesSend, body: { form: { a: String } } }
              upload: { method: POST, path: /files, typePrefix: IssuesUpload, body: { multipart: { f: File } } }
              status: { method: GET, path: /status, typePrefix: IssuesStatus, responses: { 200: Issue, 404: empty } }
              broken: { method: POST, path: /broken, typePrefix: IssuesBroken, body: { nope: 1 } }
            """), """
            specs/a.yaml:5:49: warning: 'typePrefix' has no effect: endpoint 'get' declares no inline type (a body or response of fields, a multipart body, or 'responses')
            specs/a.yaml:6:49: warning: 'typePrefix' has no effect: endpoint 'put' declares no inline type (a body or response of fields, a multipart body, or 'responses')
            specs/a.yaml:11:74: error: the body of endpoint 'broken' needs one of 'json', 'form', 'multipart', 'raw' or 'file'
            specs/a.yaml:11:76: error: unknown key 'nope' in the body of endpoint 'broken'
            """)
    }

    /// Types a `typePrefix` names meet a model's or another endpoint's types: located errors,
    /// whichever kind of type each is.
    func testTypesNamedByATypePrefixMustBeFree() {
        let text = render(loadSpecs([("specs/a.yaml", """
            service: Issues
            models:
              PetRequest: { fields: { id: Int } }
            endpoints:
              create: { method: POST, path: /a, typePrefix: Pet, body: { json: { a: Int } } }
              upload: { method: POST, path: /b, typePrefix: Pet, body: { multipart: { f: File } } }
              status: { method: GET, path: /c, typePrefix: Other, responses: { 200: { fields: { id: Int } }, 404: empty } }
              other: { method: GET, path: /d, response: { fields: { id: Int } } }
            """)]))
        XCTAssertEqual(text, """
            specs/a.yaml:5:62: error: the inline body of endpoint 'create' is generated as model 'PetRequest', which is already defined; give the endpoint a 'typePrefix' of its own
            specs/a.yaml:3:3: note: 'PetRequest' is defined here
            specs/a.yaml:6:3: error: endpoint 'upload' has a multipart body whose type would be named 'PetRequest', but a model has that name
            specs/a.yaml:3:3: note: model 'PetRequest' is defined here
            specs/a.yaml:8:47: error: the inline response of endpoint 'other' is generated as model 'OtherResponse', a reserved name: it is generated for the responses of endpoint 'status' of service 'Issues'
            """)
    }

    /// A service with `environments` is made with `init(client:environment:…)`: a shared
    /// parameter named `environment` in Swift gets `Value` appended, as `client` and `baseURL` do
    /// (two parameters `environment` did not compile); without environments it keeps its name.
    func testSharedParameterNamedLikeTheEnvironmentLabelIsRenamed() throws {
        let spec = { (base: String) in """
            service: Tenants
            \(base)
            parameters:
              query:
                environment: String
                client: String?
            endpoints:
              get: { method: GET, path: /t, response: String }
            """
        }
        let withEnvironments = try module([("specs/a.yaml", spec("environments: { prod: https://a.example.com, dev: https://b.example.com }"))])
        XCTAssertEqual(withEnvironments.names.services["Tenants"]?.sharedParameters.map(\.name), ["environmentValue", "clientValue"])
        let withBaseURL = try module([("specs/a.yaml", spec("baseURL: https://a.example.com"))])
        XCTAssertEqual(withBaseURL.names.services["Tenants"]?.sharedParameters.map(\.name), ["environment", "clientValue"])
    }

    /// `client` becomes `clientValue`: a parameter already of that name is a located error (two
    /// stored properties of one name did not compile).
    func testSharedParameterRenamedOntoAnotherIsAnError() {
        XCTAssertEqual(diagnose("""
            service: Tenants
            environments: { prod: https://a.example.com, dev: https://b.example.com }
            parameters:
              headers:
                Environment-Value: String
              query:
                client: String
                clientValue: String
                environment: String
            endpoints:
              get: { method: GET, path: /t, response: String }
            """), """
            specs/a.yaml:7:5: error: parameter 'client' of service 'Tenants' becomes 'clientValue' in Swift (not the service's own 'client'), as does parameter 'clientValue'; give one another 'name:' in the long form
            specs/a.yaml:8:5: note: 'clientValue' is here
            specs/a.yaml:9:5: error: parameter 'environment' of service 'Tenants' becomes 'environmentValue' in Swift (not the initializer's 'environment'), as does parameter 'Environment-Value'; give one another 'name:' in the long form
            specs/a.yaml:5:5: note: 'Environment-Value' is here
            """)
    }

    /// `typePrefix` is a type name; without one, two services' `create` bodies clash, and the
    /// error says how to part them.
    func testTypePrefixMustBeAnUpperCamelCaseName() {
        XCTAssertEqual(diagnose("""
            service: Issues
            endpoints:
              create: { method: POST, path: /issues, typePrefix: issues_create, body: { json: { a: Int } } }
            """),
            "specs/a.yaml:3:54: error: 'typePrefix' of endpoint 'create' must be an UpperCamelCase name, like 'IssuesCreate'")
        let create = "endpoints:\n  create: { method: POST, path: /x, body: { json: { a: Int } } }\n"
        XCTAssertTrue(render(loadSpecs([("specs/a.yaml", "service: A\n" + create), ("specs/b.yaml", "service: B\n" + create)]))
            .contains("is generated as model 'CreateRequest', which is already defined; give the endpoint a 'typePrefix' of its own"))
    }

    /// Inline models and multipart structs are named by one rule.
    func testTypesMadeForAnEndpointAreNamedAlike() throws {
        let module = try module([("specs/a.yaml", """
            service: A
            endpoints:
              getV2Item:
                method: POST
                path: /a
                body: { json: { a: Int } }
                response: { fields: { b: Int } }
              putV2Item:
                method: POST
                path: /b
                body: { multipart: { c: String } }
            """)])
        XCTAssertNotNil(module.names.models["GetV2ItemRequest"])
        XCTAssertNotNil(module.names.models["GetV2ItemResponse"])
        XCTAssertEqual(module.names[.multipartType(service: "A", endpoint: 1)]?.name, "PutV2ItemRequest")
        XCTAssertEqual(module.names[.part(service: "A", endpoint: 1, index: 0)]?.name, "c")
        XCTAssertEqual(module.names[.parameter(service: "A", endpoint: 1, index: 0)]?.name, "body")
    }
}
