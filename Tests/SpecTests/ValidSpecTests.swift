@testable import EndpointGenSpec
import EndpointGenSupport
import XCTest

/// The complete example of SPEC-FORMAT.md, verbatim.
let completeExample = """
    service: Auth                         # required, UpperCamelCase → AuthRouter, AuthService
    summary: Sign-up, login and token endpoints.
    baseURL: https://api.example.com/v1   # default base URL; can be replaced at run time
    headers:                              # constant headers on every request of this service
      Accept: application/json
    auth: none                            # default for endpoints: none | bearer | cookie | apiKey(Header-Name)
    envelope:                             # 2xx bodies are wrapped; the payload is unwrapped
      payload: result                     # required: key that holds the payload
      success: isSuccess                  # optional boolean; false → the request fails with the message
      code: code                          # optional
      message: message                    # optional
    errorBody:                            # how non-2xx bodies are read (all optional)
      message: message                    # key of the human-readable message
      code: code                          # key of an application error code
      model: ErrorResponse                # model decoded and attached to the error

    endpoints:
      login:                              # → case login(...) and func login(...)
        method: POST
        path: /login
        summary: Log in with a username and password.
        body: LoginRequest
        response: LoginResponse
        sample:                           # sample payload for stubs and previews
          access_token: abc
          expires_in: 3600

      logout:
        method: POST
        path: /logout
        auth: cookie
        response: empty

      getQuestion:
        method: GET
        path: /questions/{index}
        auth: bearer
        params:
          index: Int                      # path parameter types (String if not listed)
        query:
          lang: String?
          tags: [String]
          page_size: Int = 20             # wire name page_size, Swift name pageSize, default 20
        response: Question

      uploadAvatar:
        method: POST
        path: /members/{memberId}/avatar
        auth: bearer
        body:
          multipart:
            image: File
            caption: String?
        response: empty

    models:
      LoginRequest:
        fields:
          username: String
          password: String
      LoginResponse:
        fields:
          access_token: String            # Swift property accessToken, JSON key access_token
          expires_in: Int
      Question:
        summary: A daily question.
        fields:
          index: Int
          title: String
          my_answer: String?
          created_at: Date
          state: QuestionState
      QuestionState:
        enum: [open, answered, closed]
      ErrorResponse:
        fields:
          message: String

    """

final class ValidSpecTests: XCTestCase {
    func testCompleteExampleResolves() throws {
        let module = try module([("specs/auth.yaml", completeExample)])
        XCTAssertEqual(module.files.count, 1)
        let file = module.files[0]
        XCTAssertEqual(file.path, "specs/auth.yaml")
        XCTAssertEqual(file.stem, "auth")
        let service = try XCTUnwrap(file.service)
        XCTAssertEqual(service.name, "Auth")
        XCTAssertEqual(service.summary, "Sign-up, login and token endpoints.")
        XCTAssertEqual(service.baseURL, .url("https://api.example.com/v1"))
        XCTAssertEqual(service.headers.map(\.name), ["Accept"])
        XCTAssertEqual(service.headers.map(\.value), ["application/json"])
        XCTAssertEqual(service.headers[0].location, SourceLocation(file: "specs/auth.yaml", line: 5, column: 3))
        XCTAssertEqual(service.auth, .none)
        XCTAssertEqual(
            service.envelope, SpecEnvelope(payload: "result", success: "isSuccess", code: "code", message: "message"))
        XCTAssertEqual(service.errorBody, ErrorBody(message: "message", code: "code", model: "ErrorResponse"))
        XCTAssertEqual(service.location, SourceLocation(file: "specs/auth.yaml", line: 1, column: 10))
        XCTAssertEqual(service.endpoints.map(\.name), ["login", "logout", "getQuestion", "uploadAvatar"])

        let login = service.endpoints[0]
        XCTAssertEqual(login.method, .post)
        XCTAssertEqual(login.path, "/login")
        XCTAssertEqual(login.pathComponents, [.literal("/login")])
        XCTAssertEqual(login.summary, "Log in with a username and password.")
        XCTAssertNil(login.description)
        XCTAssertNil(login.deprecation)
        XCTAssertEqual(login.auth, .none)
        guard case .json(.model("LoginRequest"))? = login.body else { return XCTFail("login body: \(String(describing: login.body))") }
        XCTAssertEqual(login.response, .json(.model("LoginResponse")))
        XCTAssertEqual(login.envelope?.payload, "result")
        XCTAssertEqual(login.sample, .object([("access_token", .string("abc")), ("expires_in", .number("3600"))]))
        XCTAssertNil(login.timeout)
        XCTAssertTrue(login.followsRedirects)
        XCTAssertEqual(login.credentialHeaders, [])
        XCTAssertEqual(login.location, SourceLocation(file: "specs/auth.yaml", line: 18, column: 3))

        let logout = service.endpoints[1]
        XCTAssertEqual(logout.auth, .cookie)
        XCTAssertEqual(logout.response, .empty)
        XCTAssertNil(logout.body)
        XCTAssertNil(logout.sample)

        let getQuestion = service.endpoints[2]
        XCTAssertEqual(getQuestion.method, .get)
        XCTAssertEqual(getQuestion.auth, .bearer)
        XCTAssertEqual(getQuestion.pathComponents, [.literal("/questions/"), .parameter("index")])
        XCTAssertEqual(getQuestion.pathParameters.map(\.wireName), ["index"])
        XCTAssertEqual(getQuestion.pathParameters.map(\.type), [.primitive(.int)])
        XCTAssertEqual(getQuestion.query.map(\.wireName), ["lang", "tags", "page_size"])
        XCTAssertEqual(
            getQuestion.query.map(\.type),
            [.optional(.primitive(.string)), .array(.primitive(.string)), .primitive(.int)])
        XCTAssertEqual(getQuestion.query.map(\.defaultValue), [nil, nil, .number("20")])
        XCTAssertEqual(getQuestion.query[2].location, SourceLocation(file: "specs/auth.yaml", line: 43, column: 7))
        XCTAssertEqual(getQuestion.response, .json(.model("Question")))

        let upload = service.endpoints[3]
        XCTAssertEqual(
            upload.pathComponents, [.literal("/members/"), .parameter("memberId"), .literal("/avatar")])
        XCTAssertEqual(upload.pathParameters.map(\.wireName), ["memberId"])
        XCTAssertEqual(upload.pathParameters.map(\.type), [.primitive(.string)], "unlisted placeholders are String")
        guard case .multipart(let parts)? = upload.body else { return XCTFail("upload body") }
        XCTAssertEqual(parts.map(\.wireName), ["image", "caption"])
        XCTAssertEqual(parts.map(\.type), [.primitive(.file), .optional(.primitive(.string))])

        XCTAssertEqual(
            file.models.map(\.name), ["LoginRequest", "LoginResponse", "Question", "QuestionState", "ErrorResponse"])
        XCTAssertTrue(file.models.allSatisfy { $0.origin == .declared && $0.file == "specs/auth.yaml" })
        let question = try XCTUnwrap(module.fields(of: "Question"))
        XCTAssertEqual(question.map(\.wireName), ["index", "title", "my_answer", "created_at", "state"])
        XCTAssertEqual(
            question.map(\.type),
            [
                .primitive(.int), .primitive(.string), .optional(.primitive(.string)), .primitive(.date),
                .model("QuestionState"),
            ])
        XCTAssertEqual(module.modelsByName["Question"]?.summary, "A daily question.")
        guard case .enumeration(let state)? = module.modelsByName["QuestionState"]?.kind else {
            return XCTFail("QuestionState is not an enum")
        }
        XCTAssertEqual(state.rawType, .string)
        XCTAssertEqual(state.cases.map(\.value), ["open", "answered", "closed"])
        XCTAssertEqual(state.cases.map(\.swiftNameOverride), [nil, nil, nil])
    }

    func testEveryFormOfTypesDefaultsBodiesAndResponses() throws {
        let text = """
            service: Shop
            environments:
              dev: https://dev.example.com
              prod: https://api.example.com/v2
            auth: apiKey(X-Api-Key)
            envelope: { payload: data }
            endpoints:
              search:
                method: GET
                path: /items/{category}/{id}
                description: Long text.
                deprecated: Use find instead.
                timeout: 2.5
                params:
                  id: { type: Int64, summary: Item id. }
                  category: Category
                query:
                  ids: "[Int]?"
                  page_no: { type: Int, name: pageNumber, summary: First page is 1., default: 1, deprecated: true }
                  sort: SortOrder = newest
                  level: Priority = 2
                  ratio: Double = 0.5
                  flag: Bool = false
                  greeting: String = "ko"
                  note: String? = null
                  names: "[String] = []"
                  since: Date?
                headers:
                  X-Client: ios
                headerParams:
                  X-Request-ID: UUID
                response: Envelope<[Item]>
                sample:
                  - { id: 1, name: pen, tags: { a: 1 }, sort: -created_at, extra: { any: [1, "2", true, null] } }
              create:
                method: POST
                path: /items
                envelope: false
                body:
                  json:
                    name: String
                    counts: {String: Int}
                    matrix: [[Double]]
                response:
                  fields:
                    id: Int
                sample: { id: 7 }
              login:
                method: POST
                path: /login
                auth: none
                body: { form: { user: String, remember: Bool = true, tags: [String] } }
                response: String
              upload:
                method: PUT
                path: /blob
                body: { raw: "image/png; q=1" }
                response: Data
              formModel:
                method: POST
                path: /form
                body: { form: Credentials }
                response: "[String: Item]"
            models:
              Item:
                fields:
                  id: Int64
                  name: String
                  tags: "[String: Int]?"
                  sort: SortOrder?
                  extra: JSON?
                  parent: Item?
              Credentials:
                fields: { user: String, pin: Int32 = -5 }
              Category:
                enum: [books, music]
              SortOrder:
                enum: { values: { newest: "-created_at", oldest: created_at } }
              Priority:
                enum: { type: Int, values: { low: 1, high: 2 } }
            """
        let module = try module([("specs/shop.yaml", text)])
        let service = try XCTUnwrap(module.files.first?.service)
        XCTAssertEqual(service.auth, .apiKey(header: "X-Api-Key"))
        guard case .environments(let environments) = service.baseURL else { return XCTFail("environments") }
        XCTAssertEqual(environments.map(\.name), ["dev", "prod"])
        XCTAssertEqual(environments.map(\.url), ["https://dev.example.com", "https://api.example.com/v2"])

        let search = try XCTUnwrap(module.endpoint("search"))
        XCTAssertEqual(search.description, "Long text.")
        XCTAssertEqual(search.deprecation, .message("Use find instead."))
        XCTAssertEqual(search.timeout, 2.5)
        XCTAssertEqual(search.auth, .apiKey(header: "X-Api-Key"))
        XCTAssertEqual(search.pathParameters.map(\.wireName), ["category", "id"], "path order, not params order")
        XCTAssertEqual(search.pathParameters.map(\.type), [.model("Category"), .primitive(.int64)])
        XCTAssertEqual(search.pathParameters[1].summary, "Item id.")
        let query = search.query
        XCTAssertEqual(
            query.map(\.wireName), ["ids", "page_no", "sort", "level", "ratio", "flag", "greeting", "note", "names", "since"])
        XCTAssertEqual(query[0].type, .optional(.array(.primitive(.int))))
        XCTAssertEqual(query[1].swiftNameOverride, "pageNumber")
        XCTAssertEqual(query[1].summary, "First page is 1.")
        XCTAssertEqual(query[1].defaultValue, .number("1"))
        XCTAssertEqual(query[1].deprecation, .deprecated)
        XCTAssertEqual(query[2].defaultValue, .enumCase("-created_at"), "a long-form case name gives its wire value")
        XCTAssertEqual(query[3].defaultValue, .enumCase("2"))
        XCTAssertEqual(query[4].defaultValue, .number("0.5"))
        XCTAssertEqual(query[5].defaultValue, .bool(false))
        XCTAssertEqual(query[6].defaultValue, .string("ko"))
        XCTAssertEqual(query[7].defaultValue, .null)
        XCTAssertEqual(query[8].type, .array(.primitive(.string)))
        XCTAssertEqual(query[8].defaultValue, .emptyArray)
        XCTAssertEqual(query[9].type, .optional(.primitive(.date)))
        XCTAssertEqual(search.headers.map(\.name), ["X-Client"])
        XCTAssertEqual(search.headerParameters.map(\.wireName), ["X-Request-ID"])
        XCTAssertEqual(search.headerParameters.map(\.type), [.primitive(.uuid)])
        XCTAssertEqual(search.response, .envelope(.array(.model("Item"))))
        XCTAssertEqual(search.envelope?.payload, "data")
        XCTAssertEqual(
            search.sample,
            .array([
                .object([
                    ("id", .number("1")), ("name", .string("pen")), ("tags", .object([("a", .number("1"))])),
                    ("sort", .string("-created_at")),
                    ("extra", .object([("any", .array([.number("1"), .string("2"), .bool(true), .null]))])),
                ])
            ]))

        let create = try XCTUnwrap(module.endpoint("create"))
        XCTAssertNil(create.envelope, "envelope: false")
        guard case .json(.model("CreateRequest"))? = create.body else { return XCTFail("create body") }
        XCTAssertEqual(create.response, .json(.model("CreateResponse")))
        XCTAssertEqual(create.sample, .object([("id", .number("7"))]))
        XCTAssertEqual(
            module.fields(of: "CreateRequest")?.map(\.type),
            [.primitive(.string), .dictionary(.primitive(.int)), .array(.array(.primitive(.double)))])
        XCTAssertEqual(module.modelsByName["CreateRequest"]?.origin, .inlineRequest(endpoint: "create"))
        XCTAssertEqual(module.modelsByName["CreateResponse"]?.origin, .inlineResponse(endpoint: "create"))

        let login = try XCTUnwrap(module.endpoint("login"))
        XCTAssertEqual(login.auth, .none)
        guard case .form(modelName: "LoginRequest")? = login.body else { return XCTFail("login body") }
        XCTAssertEqual(module.fields(of: "LoginRequest")?.map(\.defaultValue), [nil, .bool(true), nil])
        XCTAssertEqual(login.response, .string)

        let upload = try XCTUnwrap(module.endpoint("upload"))
        guard case .raw(contentType: "image/png; q=1")? = upload.body else { return XCTFail("upload body") }
        XCTAssertEqual(upload.response, .data)

        let formModel = try XCTUnwrap(module.endpoint("formModel"))
        guard case .form(modelName: "Credentials")? = formModel.body else { return XCTFail("form body") }
        XCTAssertEqual(formModel.response, .json(.dictionary(.model("Item"))))
        XCTAssertEqual(module.fields(of: "Credentials")?.map(\.defaultValue), [nil, .number("-5")])

        XCTAssertEqual(
            module.files[0].models.map(\.name),
            ["Item", "Credentials", "Category", "SortOrder", "Priority", "CreateRequest", "CreateResponse", "LoginRequest"],
            "declared models in spec order, then inline models in endpoint order")
        XCTAssertEqual(module.fields(of: "Item")?.last?.type, .optional(.model("Item")), "recursive models are allowed")
        guard case .enumeration(let sort)? = module.modelsByName["SortOrder"]?.kind,
            case .enumeration(let priority)? = module.modelsByName["Priority"]?.kind
        else { return XCTFail("enums") }
        XCTAssertEqual(sort.cases.map(\.swiftNameOverride), ["newest", "oldest"])
        XCTAssertEqual(sort.cases.map(\.value), ["-created_at", "created_at"])
        XCTAssertEqual(priority.rawType, .int)
        XCTAssertEqual(priority.cases.map(\.value), ["1", "2"])
    }

    /// An inline JSON body of one field whose name starts with a capital (`RAW_BODY`, .NET's
    /// `Id`) was read as the dictionary type `{ String: T }` and rejected ("dictionary keys must
    /// be String"); import-openapi wrote such a body for ReadMe's schema-types example.
    func testInlineJSONBodyWithOneCapitalisedFieldIsAFieldsMap() throws {
        let module = try module([("specs/a.yaml", """
            service: Raw
            endpoints:
              raw:
                method: POST
                path: /raw
                body: { json: { RAW_BODY: String } }
              counts:
                method: POST
                path: /counts
                body: { json: { String: Int } }
            """)])
        guard case .json(.model("RawRequest"))? = module.endpoint("raw")?.body else { return XCTFail("raw body") }
        XCTAssertEqual(module.fields(of: "RawRequest")?.map(\.wireName), ["RAW_BODY"])
        guard case .json(.dictionary(.primitive(.int)))? = module.endpoint("counts")?.body else {
            return XCTFail("{ String: Int } is still a dictionary body")
        }
    }

    /// A sample's discriminator is sent as the discriminator's type says: a plain `1` for a
    /// String discriminator was sent as the number 1, which the generated code cannot decode.
    func testSampleDiscriminatorsAreSentAsTheirType() throws {
        let module = try module([("specs/a.yaml", """
            service: Feed
            endpoints:
              text: { method: GET, path: /text, response: Text, sample: { kind: 1, id: 2 } }
              number: { method: GET, path: /number, response: Number, sample: { kind: 1, id: 2 } }
            models:
              Text:
                oneOf: { discriminator: kind, cases: { "1": { model: Post, name: first } } }
              Number:
                oneOf: { discriminator: kind, type: Int, cases: { 1: Post } }
              Post:
                fields: { id: Int }
            """)])
        XCTAssertEqual(module.endpoint("text")?.sample, .object([("kind", .string("1")), ("id", .number("2"))]))
        XCTAssertEqual(module.endpoint("number")?.sample, .object([("kind", .number("1")), ("id", .number("2"))]))
    }

    /// A sample of a `oneOf` without a discriminator takes the first case it converts as, in
    /// order, as decoding does; a plain `1` or `true` is not a String there.
    func testSamplesOfUnionsTakeTheFirstCaseThatFits() throws {
        let text = """
            service: Chat
            endpoints:
              send:
                method: POST
                path: /send
                response: "[Message]"
                sample:
                  - { content: hi, stop: 1 }
                  - { content: [{ text: a }], stop: "1" }
                  - { content: { a: 1 }, stop: true }
            models:
              Message:
                fields: { content: Content, stop: Stop }
              Content:
                oneOf: { cases: [String, "[Part]", "[String: Int]"] }
              Stop:
                oneOf: { cases: [String, Int, Bool] }
              Part:
                fields: { text: String }
            """
        let module = try module([("specs/a.yaml", text)])
        guard case .union(let content)? = module.modelsByName["Content"]?.kind else { return XCTFail("Content") }
        XCTAssertEqual(module.names.memberNames("Content"), ["string", "partList", "intMap"])
        XCTAssertEqual(content.variants.map(\.type), [.primitive(.string), .array(.model("Part")), .dictionary(.primitive(.int))])
        XCTAssertEqual(module.endpoint("send")?.sample, .array([
            .object([("content", .string("hi")), ("stop", .number("1"))]),
            .object([("content", .array([.object([("text", .string("a"))])])), ("stop", .string("1"))]),
            .object([("content", .object([("a", .number("1"))])), ("stop", .bool(true))]),
        ]))
        XCTAssertEqual(
            diagnose(text.replacingOccurrences(of: "stop: true }", with: "stop: [1] }")),
            "specs/a.yaml:10:36: error: sample value at 'sample[2].stop' is none of the cases of model 'Stop' (String, Int, Bool)")
    }

    func testModelsAreSharedAcrossFilesAndFilesAreSortedByPath() throws {
        let shared = """
            models:
              Member:
                fields: { id: Int, role: Role = member, friends: "[Member]" }
              Role:
                enum: [member, admin, super_admin]
            """
        let auth = """
            service: Auth
            endpoints:
              me:
                method: GET
                path: /me
                response: Member
                sample: { id: 1, friends: [], role: super_admin }
            """
        let wine = """
            service: Wine
            endpoints:
              listMembers:
                method: GET
                path: /members
                query: { role: Role? }
                response: "[Member]"
            """
        let module = try module([("specs/wine.yaml", wine), ("specs/shared.yaml", shared), ("specs/auth.yaml", auth)])
        XCTAssertEqual(module.files.map(\.path), ["specs/auth.yaml", "specs/shared.yaml", "specs/wine.yaml"])
        XCTAssertNil(module.files[1].service, "a models-only file has no service")
        XCTAssertEqual(module.files[1].stem, "shared")
        XCTAssertEqual(module.files[1].models.map(\.name), ["Member", "Role"])
        XCTAssertEqual(module.files[0].models.count, 0)
        XCTAssertEqual(module.endpoint("me")?.response, .json(.model("Member")))
        XCTAssertEqual(
            module.endpoint("me")?.sample,
            .object([("id", .number("1")), ("friends", .array([])), ("role", .string("super_admin"))]))
        XCTAssertEqual(module.endpoint("listMembers")?.query.first?.type, .optional(.model("Role")))
        XCTAssertEqual(module.fields(of: "Member")?[1].defaultValue, .enumCase("member"))
        XCTAssertEqual(module.modelsByName["Member"]?.file, "specs/shared.yaml")
    }

    func testEnvelopeResponsesFieldDeprecationAndFlowTypes() throws {
        let module = try module([("specs/news.yaml", """
            service: News
            envelope: { payload: data, success: ok }
            endpoints:
              feed:
                method: GET
                path: /feed
                query:
                  old: { type: String?, deprecated: Use 'since'. }
                response: Envelope<[String]>
                sample: [a, b]
            models:
              Stats:
                fields:
                  counts: { type: {String: Int}, default: {} }
            """)])
        let feed = try XCTUnwrap(module.endpoint("feed"))
        XCTAssertEqual(feed.response, .envelope(.array(.primitive(.string))))
        XCTAssertEqual(feed.sample, .array([.string("a"), .string("b")]), "the sample is the payload")
        XCTAssertEqual(feed.query[0].deprecation, .message("Use 'since'."))
        XCTAssertEqual(module.fields(of: "Stats")?[0].type, .dictionary(.primitive(.int)))
        XCTAssertEqual(module.fields(of: "Stats")?[0].defaultValue, .emptyDictionary)
    }

    func testTopLevelExtensionKeysHoldAnchorsEndpointsShare() throws {
        // `x-` keys are ignored at the top level only: elsewhere an unknown key is still a typo.
        let result = loadSpec("""
            service: Shop
            x-paging: &paging
              page: Int = 1
              size: Int = 20
            x-note: anything at all, [even, "this"]
            endpoints:
              list:
                method: GET
                path: /items
                query:
                  <<: *paging
                  q: String?
              other: { method: GET, path: /other, query: *paging, x-note: typo }
            """)
        XCTAssertEqual(render(result), "specs/a.yaml:13:55: error: unknown key 'x-note' in endpoint 'other'")
        let valid = try module([("specs/a.yaml", """
            service: Shop
            x-paging: &paging
              page: Int = 1
              size: Int = 20
            endpoints:
              list:
                method: GET
                path: /items
                query:
                  <<: *paging
                  q: String?
            """)])
        XCTAssertEqual(valid.endpoint("list")?.query.map(\.wireName), ["page", "size", "q"])
    }

    func testWarningsDoNotFailTheLoad() throws {
        let result = loadSpec("""
            service: Auth
            endpoints:
              search:
                method: HEAD
                path: /items
                body: "[Int]"
            """)
        XCTAssertNotNil(result.module)
        XCTAssertEqual(
            render(result),
            "specs/a.yaml:6:5: warning: a body on a HEAD request is unusual; servers and proxies may drop it")
    }

    /// GitHub's and Stripe's documents have DELETEs with bodies; a warning there is one the user of
    /// an imported spec cannot act on.
    func testABodyOnDeleteIsNoWarning() throws {
        let result = loadSpec("""
            service: Auth
            endpoints:
              remove:
                method: DELETE
                path: /items
                body: "[Int]"
            """)
        XCTAssertNotNil(result.module)
        XCTAssertEqual(render(result), "")
    }
}
