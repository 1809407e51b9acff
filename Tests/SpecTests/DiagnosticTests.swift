import EndpointGenSpec
import EndpointGenSupport
import XCTest

/// Bad specs: each asserts the exact rendered diagnostics (place, severity, text, notes).
final class DiagnosticTests: XCTestCase {
    // MARK: - Keys

    func testUnknownEndpointKeySuggestsTheRightOneAndIsNotAlsoMissing() {
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              login:
                metod: POST
                path: /login
            """),
            "specs/a.yaml:4:5: error: unknown key 'metod' in endpoint 'login'; did you mean 'method'?")
    }

    func testUnknownTopLevelKey() {
        XCTAssertEqual(diagnose("""
            servce: Auth
            endpoints:
              ping: { method: GET, path: /ping }
            """),
            "specs/a.yaml:1:1: error: unknown key 'servce' in the spec file; did you mean 'service'?")
    }

    func testUnknownKeyWithoutSuggestion() {
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              ping: { method: GET, path: /ping, colour: blue }
            """),
            "specs/a.yaml:3:37: error: unknown key 'colour' in endpoint 'ping'")
    }

    func testUnknownKeyInLongFormField() {
        XCTAssertEqual(diagnose("""
            models:
              Page:
                fields:
                  page_no: { tpye: Int, default: 1 }
            """),
            "specs/a.yaml:4:18: error: unknown key 'tpye' in field 'page_no' of model 'Page'; did you mean 'type'?")
    }

    func testMisspeltLongFormKeyIsNotADictionary() {
        XCTAssertEqual(diagnose("""
            models:
              A:
                fields:
                  size: { Type: Int }
            """),
            "specs/a.yaml:4:15: error: unknown key 'Type' in field 'size' of model 'A'; did you mean 'type'?")
    }

    func testMissingRequiredKeys() {
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              ping:
                summary: Nothing else.
            """),
            """
            specs/a.yaml:3:3: error: missing key 'method' in endpoint 'ping'
            specs/a.yaml:3:3: error: missing key 'path' in endpoint 'ping'
            """)
    }

    func testServiceWithoutEndpoints() {
        XCTAssertEqual(diagnose("""
            service: Auth
            baseURL: https://example.com
            """),
            "specs/a.yaml:1:1: error: missing key 'endpoints' in service 'Auth'")
    }

    func testServiceKeysWithoutService() {
        XCTAssertEqual(diagnose("""
            baseURL: https://example.com
            models:
              A: { fields: { id: Int } }
            """),
            "specs/a.yaml:1:1: error: missing key 'service': a file with 'baseURL' describes a service")
    }

    func testEmptyFile() {
        XCTAssertEqual(diagnose("# nothing here\n"),
            "specs/a.yaml:1:1: error: spec file is empty; expected 'service' and 'endpoints', or 'models'")
    }

    /// Found by `make fuzz` (seed 1357): a models-only file whose `models:` held nothing was
    /// accepted and generated no file at all. A service file may leave `models:` empty.
    func testAModelsOnlyFileWithoutModels() {
        XCTAssertEqual(diagnose("# shared models\n\nmodels:\n"),
            "specs/a.yaml:3:1: error: 'models' defines no models; a file without 'service' needs at least one")
        XCTAssertEqual(diagnose("models: {}\n"),
            "specs/a.yaml:1:1: error: 'models' defines no models; a file without 'service' needs at least one")
        XCTAssertEqual(diagnose("models: [A]\n"), "specs/a.yaml:1:9: error: expected a mapping for 'models', found a sequence")
        XCTAssertEqual(diagnose("""
            service: Ping
            baseURL: https://example.com
            endpoints:
              ping: { method: GET, path: /ping }
            models:
            """), "")
    }

    func testWrongKindOfNode() {
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              - ping
            """),
            "specs/a.yaml:3:3: error: expected a mapping for 'endpoints', found a sequence")
    }

    // MARK: - Names

    func testMethodNamesAreUppercase() {
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              ping:
                method: get
                path: /ping
              pong:
                method: FE TCH
                path: /pong
              purge: { method: PURGE, path: /purge }
              trace: { method: TRACE, path: /trace }
              typo: { method: POTS, path: /typo }
            """),
            """
            specs/a.yaml:4:13: error: unknown HTTP method 'get'; did you mean 'GET'?
            specs/a.yaml:7:13: error: HTTP method 'FE TCH' is not a token (letters, digits and !#$%&'*+-.^_`|~); expected GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, TRACE or another method name
            specs/a.yaml:11:19: warning: 'POTS' is not a standard HTTP method; it is sent as written (did you mean 'POST'?)
            """)
    }

    func testSeveralSegmentParametersAreStrings() {
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              a: { method: GET, path: "/files/{path...}", response: Data }
              b: { method: GET, path: "/items/{id...}", params: { id: Int }, response: Data }
              c: { method: GET, path: "/x/{...}", response: Data }
            """),
            """
            specs/a.yaml:4:55: error: path parameter 'id' holds several segments ('{id...}'); its type must be String, found 'Int'
            specs/a.yaml:5:31: error: empty placeholder '{}' in path '/x/{...}'
            """)
    }

    func testEndpointServiceAndModelNameCasing() {
        XCTAssertEqual(diagnose("""
            service: auth_api
            endpoints:
              get_question: { method: GET, path: /q }
            models:
              login_request: { fields: { id: Int } }
            """),
            """
            specs/a.yaml:1:10: error: service name 'auth_api' must be UpperCamelCase, like 'AuthApi'
            specs/a.yaml:3:3: error: endpoint name 'get_question' must be lowerCamelCase, like 'getQuestion'
            specs/a.yaml:5:3: error: model name 'login_request' must be UpperCamelCase, like 'LoginRequest'
            """)
    }

    func testReservedModelNames() {
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              ping: { method: GET, path: /ping }
            models:
              String: { fields: { a: Int } }
              APIClient: { fields: { a: Int } }
              AuthRouter: { fields: { a: Int } }
              Envelope: { fields: { a: Int } }
              Task: { fields: { a: Int } }
              Result: { enum: [ok, failed] }
              AuthServiceProtocol: { fields: { a: Int } }
              Uses: { fields: { a: AuthRouter, b: "[APIClient]", c: Task } }
            """),
            """
            specs/a.yaml:5:3: error: model name 'String' is reserved: it is a built-in type
            specs/a.yaml:6:3: error: model name 'APIClient' is reserved: the runtime library uses it
            specs/a.yaml:7:3: error: model name 'AuthRouter' is reserved: it is generated for service 'Auth'
            specs/a.yaml:8:3: error: model name 'Envelope' is reserved: the runtime library uses it
            specs/a.yaml:9:3: error: model name 'Task' is reserved: it would hide Swift's own 'Task' in the generated code and in every file that imports it (a model's name is never sent, so renaming it changes no request)
            specs/a.yaml:10:3: error: model name 'Result' is reserved: it would hide Swift's own 'Result' in the generated code and in every file that imports it (a model's name is never sent, so renaming it changes no request)
            specs/a.yaml:11:3: error: model name 'AuthServiceProtocol' is reserved: it is generated for service 'Auth'
            """)
    }

    func testModelsNamedLikeFoundationOrSwiftUITypesAreWarnedAbout() {
        // An app file importing Foundation (or SwiftUI) and the generated module could not write
        // `Notification` or `Image` any more: "ambiguous for type lookup".
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              ping: { method: GET, path: /ping, response: Notification }
            models:
              Notification: { fields: { id: Int, image: Image? } }
              Image: { fields: { url: URL } }
              Notice: { fields: { a: Int } }
              NotificationDTO: { fields: { a: Int } }
            """),
            """
            specs/a.yaml:5:3: warning: model 'Notification' has the name of Foundation's 'Notification': in app files that import Foundation and the generated module, 'Notification' is ambiguous unless qualified; a model's name is never sent, so renaming it (say 'NotificationDTO') changes no request
            specs/a.yaml:6:3: warning: model 'Image' has the name of SwiftUI's 'Image': in app files that import SwiftUI and the generated module, 'Image' is ambiguous unless qualified; a model's name is never sent, so renaming it (say 'ImageDTO') changes no request
            """)
    }

    func testModelDefinedTwiceAcrossFilesNamesBothPlaces() {
        let result = loadSpecs([
            ("specs/b.yaml", "models:\n  Member:\n    fields: { id: Int }\n"),
            ("specs/a.yaml", "models:\n  Other: { fields: { id: Int } }\n  Member:\n    enum: [a]\n"),
        ])
        XCTAssertNil(result.module)
        XCTAssertEqual(render(result), """
            specs/b.yaml:2:3: error: model 'Member' is defined twice
            specs/a.yaml:3:3: note: first defined here
            """)
    }

    func testInlineModelNameCollidesWithDeclaredModel() {
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              login:
                method: POST
                path: /login
                response:
                  fields: { token: String }
            models:
              LoginResponse: { fields: { id: Int } }
            """),
            """
            specs/a.yaml:7:7: error: the inline response of endpoint 'login' is generated as model 'LoginResponse', which is already defined
            specs/a.yaml:9:3: note: 'LoginResponse' is defined here
            """)
    }

    func testReservedEndpointAndEnvironmentNames() {
        XCTAssertEqual(diagnose("""
            service: Auth
            environments:
              url: https://example.com
            endpoints:
              path: { method: GET, path: /path }
            """),
            """
            specs/a.yaml:3:3: error: environment name 'url' is reserved: the generated environment type has a member 'url'
            specs/a.yaml:5:3: error: endpoint name 'path' is reserved: the generated router or service has a member 'path'
            """)
    }

    func testServiceDefinedTwice() {
        let result = loadSpecs([
            ("specs/a.yaml", "service: Auth\nendpoints:\n  a: { method: GET, path: /a }\n"),
            ("specs/b.yaml", "service: Auth\nendpoints:\n  b: { method: GET, path: /b }\n"),
        ])
        XCTAssertEqual(render(result), """
            specs/b.yaml:1:10: error: service 'Auth' is defined twice
            specs/a.yaml:1:10: note: first defined here
            """)
    }

    func testAFileThatCannotBeReadSilencesUnknownNamesElsewhere() {
        // b.yaml may define Member: reporting it unknown in a.yaml would be a cascade.
        let result = loadSpecs([
            ("specs/a.yaml", "service: Auth\nendpoints:\n  me: { method: GET, path: /me, response: Member }\n"),
            ("specs/b.yaml", "models:\n  Member: { fields: [ }\n"),
        ])
        XCTAssertNil(result.module)
        XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }.count, 1, render(result))
        XCTAssertEqual(result.diagnostics.first?.location?.file, "specs/b.yaml")
    }

    func testInlineBodiesOfTwoServicesCollide() {
        let result = loadSpecs([
            ("specs/a.yaml", "service: A\nendpoints:\n  login:\n    method: POST\n    path: /a\n    body: { json: { u: String } }\n"),
            ("specs/b.yaml", "service: B\nendpoints:\n  login:\n    method: POST\n    path: /b\n    body:\n      form: { u: String }\n"),
        ])
        XCTAssertEqual(render(result), """
            specs/b.yaml:7:7: error: the inline body of endpoint 'login' is generated as model 'LoginRequest', which is already defined
            specs/a.yaml:6:13: note: 'LoginRequest' is defined here
            """)
    }

    // MARK: - Paths and parameters

    func testPathMustStartWithSlash() {
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              ping: { method: GET, path: ping }
            """),
            "specs/a.yaml:3:30: error: path 'ping' must start with '/'")
    }

    func testMalformedBraces() {
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              a: { method: GET, path: "/a/{id" }
              b: { method: GET, path: "/b/id}" }
              c: { method: GET, path: "/c/{}" }
            """),
            """
            specs/a.yaml:3:31: error: unclosed '{' in path '/a/{id'
            specs/a.yaml:4:33: error: unmatched '}' in path '/b/id}'
            specs/a.yaml:5:31: error: empty placeholder '{}' in path '/c/{}'
            """)
    }

    func testDuplicatePlaceholder() {
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              a:
                method: GET
                path: /a/{id}/b/{id}
            """),
            """
            specs/a.yaml:5:22: error: placeholder '{id}' appears twice in path '/a/{id}/b/{id}'
            specs/a.yaml:5:15: note: first used here
            """)
    }

    func testParamsKeyMustAppearInPath() {
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              avatar:
                method: GET
                path: /members/{memberId}/avatar
                params:
                  userId: Int
            """),
            "specs/a.yaml:7:7: error: path parameter 'userId' does not appear in path '/members/{memberId}/avatar'")
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              avatar: { method: GET, path: /avatar, params: { userId: Int } }
            """),
            "specs/a.yaml:3:51: error: path parameter 'userId' does not appear in path '/avatar'; write it as {userId}")
    }

    /// A placeholder that names no parameter while a parameter with a close name names no
    /// placeholder: the error is at the placeholder's '{' in the path, with the parameter suggested;
    /// a parameter far from every placeholder is still reported at its key.
    func testPlaceholderWithoutItsParameterIsReportedInThePath() {
        XCTAssertEqual(diagnose("""
            service: Pets
            endpoints:
              toy:
                method: GET
                path: /pets/{petID}/toys/{toyId}
                params: { petId: Int, toyId: Int, ownerId: Int }
              quoted:
                method: GET
                path: "/owners/{ownerID}"
                params:
                  ownerId: Int
            """), """
            specs/a.yaml:5:17: error: placeholder '{petID}' names no parameter of 'params'; did you mean 'petId'?
            specs/a.yaml:6:39: error: path parameter 'ownerId' does not appear in path '/pets/{petID}/toys/{toyId}'
            specs/a.yaml:9:20: error: placeholder '{ownerID}' names no parameter of 'params'; did you mean 'ownerId'?
            """)
    }

    func testParamsAreNotCheckedAgainstABrokenPath() {
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              a:
                method: GET
                path: "/a/{id"
                params: { id: Int }
            """),
            "specs/a.yaml:5:15: error: unclosed '{' in path '/a/{id'")
    }

    func testQueryInPathIsRejected() {
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              a: { method: GET, path: /a?x=1 }
            """),
            "specs/a.yaml:3:29: error: path '/a?x=1' must not contain '?'; declare query parameters under 'query' (a literal one is written '%3F')")
    }

    func testOptionalPathParameter() {
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              a:
                method: GET
                path: /a/{id}
                params: { id: Int? }
            """),
            "specs/a.yaml:6:19: error: path parameter 'id' cannot be optional")
    }

    func testQueryParameterMustBeScalar() {
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              a:
                method: GET
                path: /a
                query:
                  filter: "[String: Filter]"
                  ok: "[Level]?"
            models:
              Filter: { fields: { q: String } }
              Level: { enum: [low, high] }
            """),
            "specs/a.yaml:7:25: error: query parameter 'filter' must be a scalar, an array of scalars, or (with a style) a map of scalars, a struct model or an array of them, found '[String: Filter]'")
    }

    /// A struct model in a query is an object (Stripe's `created[gte]=…`): written by its style,
    /// which must be one of objects.
    func testQueryObjectNeedsAStyleOfObjects() {
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              a:
                method: GET
                path: /a
                query:
                  created: Range?
                  window: { type: Range, style: comma }
                  fine: { type: Range?, style: deepObject }
                  flat: { type: Range?, style: form }
                  lines: "[Range]?"
                  items: { type: "[Range]", style: deepObject }
            models:
              Range: { fields: { gt: Int?, lte: Int? } }
            """),
            """
            specs/a.yaml:7:7: error: query parameter 'created' is an object: say how it is written with 'style: deepObject' (filter[key]=value) or 'style: form' (key=value)
            specs/a.yaml:8:37: error: 'style: comma' writes arrays; query parameter 'window' is an object: use deepObject or form
            specs/a.yaml:11:7: error: query parameter 'lines' is a list of objects: it is written with 'style: deepObject' (lines[0][key]=value)
            """)
    }

    /// The validator and the code generator share one naming rule: names that only clash after
    /// being made legal Swift (`self` → `self_`, `2fa` → `_2fa`) are reported here too.
    func testFieldsThatClashOnlyAfterLegalisation() {
        XCTAssertEqual(diagnose("""
            models:
              A:
                fields:
                  self: String
                  self_: String
                  2fa: Int
                  _2fa: Int
            """),
            """
            specs/a.yaml:5:7: error: fields 'self' and 'self_' of model 'A' both become 'self_' in Swift; give one another 'name:' in the long form
            specs/a.yaml:4:7: note: 'self' is here
            specs/a.yaml:7:7: error: fields '2fa' and '_2fa' of model 'A' both become '_2fa' in Swift; give one another 'name:' in the long form
            specs/a.yaml:6:7: note: '2fa' is here
            """)
    }

    func testParametersWithTheSameSwiftName() {
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              a:
                method: GET
                path: /a
                query:
                  page_no: Int
                  pageNo: Int
            """),
            """
            specs/a.yaml:8:7: error: parameters 'page_no' and 'pageNo' of endpoint 'a' both become 'pageNo' in Swift; give one another 'name:' in the long form
            specs/a.yaml:7:7: note: 'page_no' is here
            """)
    }

    /// The body is passed as `body:`; a parameter of that Swift name would repeat the label in
    /// the router case and the service method (the generator used to report it as a clash of
    /// 'body' with itself, at the endpoint's name).
    func testParameterNamedLikeTheBodyIsReportedAtTheParameter() {
        XCTAssertEqual(diagnose("""
            service: Items
            endpoints:
              create:
                method: POST
                path: /items
                query: { Body: String, body_size: Int }
                body: Item
              update:
                method: PUT
                path: /items
                headerParams: { X-Trace: { type: String, name: body } }
                body: Item
              list:
                method: GET
                path: /items
                query: { body: String }
            models:
              Item: { fields: { id: Int } }
            """),
            """
            specs/a.yaml:6:14: error: query parameter 'Body' of endpoint 'create' becomes 'body' in Swift, the label of the request body; give it another 'name:' in the long form
            specs/a.yaml:7:5: note: the body is here
            specs/a.yaml:11:21: error: header parameter 'X-Trace' of endpoint 'update' becomes 'body' in Swift, the label of the request body; give it another 'name:' in the long form
            specs/a.yaml:12:5: note: the body is here
            """)
    }

    // MARK: - Types

    func testMisspeltTypeSuggestsPrimitive() {
        XCTAssertEqual(diagnose("""
            models:
              A:
                fields:
                  name: Strng?
            """),
            "specs/a.yaml:4:13: error: unknown type 'Strng'; did you mean 'String'?")
    }

    func testUnknownModelIsReportedOnceAndSuggested() {
        XCTAssertEqual(diagnose("""
            service: Q
            endpoints:
              a:
                method: GET
                path: /a
                response: "[Questoin]"
            models:
              Question: { fields: { id: Int } }
              Page:
                fields:
                  first: Questoin
                  all: { type: "[String: Questoin]" }
            """),
            "specs/a.yaml:6:17: error: unknown type 'Questoin'; did you mean 'Question'?")
    }

    func testDictionaryKeysMustBeString() {
        XCTAssertEqual(diagnose("""
            models:
              A:
                fields:
                  quoted: "[Int: String]"
                  flow: {Int: String}
            """),
            """
            specs/a.yaml:4:17: error: invalid type '[Int: String]': dictionary keys must be String, found 'Int'
            specs/a.yaml:5:14: error: dictionary keys must be String, found 'Int'
            """)
    }

    func testMalformedTypeText() {
        XCTAssertEqual(diagnose("""
            models:
              A:
                fields:
                  tags: "[String"
                  twice: String??
                  junk: Int!
            """),
            """
            specs/a.yaml:4:21: error: invalid type '[String': expected ']' to close the array type, found end of text
            specs/a.yaml:5:21: error: invalid type 'String??': a type can be optional only once
            specs/a.yaml:6:16: error: invalid type 'Int!': unexpected '!'
            """)
    }

    func testArrayTypeNeedsOneElement() {
        XCTAssertEqual(diagnose("""
            models:
              A:
                fields:
                  pair: [String, Int]
            """),
            "specs/a.yaml:4:13: error: an array type has exactly one element type, like [String]; found 2")
    }

    func testFileOnlyInMultipart() {
        XCTAssertEqual(diagnose("""
            models:
              A:
                fields:
                  avatar: File
            """),
            "specs/a.yaml:4:15: error: 'File' is only allowed in multipart bodies and as a response (a download)")
    }

    func testEnvelopeOnlyAsResponse() {
        XCTAssertEqual(diagnose("""
            models:
              A:
                fields:
                  wrapped: Envelope<A>
            """),
            "specs/a.yaml:4:16: error: 'Envelope<T>' is only allowed as the response of an endpoint")
    }

    // MARK: - Defaults

    func testDefaultsAreCheckedAgainstTheirType() {
        XCTAssertEqual(diagnose("""
            models:
              A:
                fields:
                  size: Int = abc
                  small: Int32 = 3000000000
                  on: Bool = yes
                  tags: "[String] = [a]"
                  name: String = null
                  when: Date = now
            """),
            """
            specs/a.yaml:4:19: error: invalid default value 'abc' for type 'Int'
            specs/a.yaml:5:22: error: default value '3000000000' is out of range for Int32
            specs/a.yaml:6:18: error: invalid default value 'yes' for type 'Bool'
            specs/a.yaml:7:25: error: invalid default value '[a]' for type '[String]'; an array's default can only be []
            specs/a.yaml:8:22: error: default value 'null' needs an optional type; 'String' is not optional
            specs/a.yaml:9:20: error: type 'Date' cannot have a default value (only 'null' when optional)
            """)
    }

    /// Numbers the generated Swift could not hold: a `Decimal(string:)!` that is nil crashes when
    /// the default is used, an overflowing `Double` literal becomes infinity, and the compiler
    /// warns about an integer literal it must round.
    func testNumericDefaultsAndSamplesMustFitTheirType() {
        XCTAssertEqual(diagnose("""
            service: S
            endpoints:
              a:
                method: GET
                path: /a
                query:
                  price: { type: Decimal, default: 1e200 }
                  tiny: { type: Decimal, default: 1.5e-128 }
                  ratio: { type: Double, default: 1e999 }
                  scale: { type: Float, default: 1e39 }
                  big: { type: Double, default: 99999999999999999999999 }
                  fine: { type: Double, default: 99999999999999999999999.0 }
                  wide: { type: Decimal, default: 99999999999999999999999 }
                response: M
                sample: { x: 1e999, y: 1e200 }
            models:
              M: { fields: { x: Double, y: Decimal } }
            """),
            """
            specs/a.yaml:7:40: error: default value '1e200' is out of range for Decimal
            specs/a.yaml:8:39: error: default value '1.5e-128' is out of range for Decimal
            specs/a.yaml:9:39: error: default value '1e999' is out of range for Double
            specs/a.yaml:10:38: error: default value '1e39' is out of range for Float
            specs/a.yaml:11:37: error: default value '99999999999999999999999' is not exactly representable as Double; write it with a fraction or an exponent (like '1.5e20') to take the nearest value
            specs/a.yaml:15:18: error: sample value '1e999' at 'sample.x' is out of range for Double
            specs/a.yaml:15:28: error: sample value '1e200' at 'sample.y' is out of range for Decimal
            """)
    }

    func testEnumDefaultMustBeACase() {
        XCTAssertEqual(diagnose("""
            models:
              A:
                fields:
                  sort: SortOrder = olde
                  level: { type: Level, default: 3 }
              SortOrder:
                enum: { values: { newest: "-created_at", oldest: created_at } }
              Level:
                enum: { type: Int, values: [1, 2] }
            """),
            """
            specs/a.yaml:4:25: error: default value 'olde' is not a case of enum 'SortOrder'; did you mean 'oldest'?
            specs/a.yaml:5:38: error: default value '3' is not a case of enum 'Level'
            """)
    }

    func testDefaultGivenTwice() {
        XCTAssertEqual(diagnose("""
            models:
              A:
                fields:
                  size: { type: Int = 1, default: 2 }
            """),
            """
            specs/a.yaml:4:30: error: default value given twice for field 'size' of model 'A'
            specs/a.yaml:4:27: note: first given here
            """)
    }

    // MARK: - Enums

    func testEnumCasesThatBecomeTheSameSwiftName() {
        XCTAssertEqual(diagnose("""
            models:
              Sort:
                enum: [created_at, -created_at, unknown]
            """),
            """
            specs/a.yaml:3:24: error: values 'created_at' and '-created_at' of enum 'Sort' both become the case 'createdAt'; name them with the long form 'values: { name: value }'
            specs/a.yaml:3:12: note: 'created_at' is here
            specs/a.yaml:3:37: warning: value 'unknown' of enum 'Sort' becomes the case 'unknown_', since 'unknown' is the fallback case for values the spec does not list; name it with the long form 'values: { name: value }' to choose another
            """)
    }

    func testIntEnumValuesMustBeIntegers() {
        XCTAssertEqual(diagnose("""
            models:
              Level:
                enum: { type: Int, values: { low: 1, high: two } }
            """),
            "specs/a.yaml:3:48: error: value 'two' of enum 'Level' must be an integer")
    }

    // MARK: - Service settings

    func testBaseURLMustBeAbsoluteHTTP() {
        XCTAssertEqual(diagnose("""
            service: Auth
            baseURL: ftp://example.com
            endpoints:
              ping: { method: GET, path: /ping }
            """),
            "specs/a.yaml:2:10: error: 'baseURL' must be an absolute http or https URL, found 'ftp://example.com'")
    }

    func testBaseURLAndEnvironmentsTogether() {
        XCTAssertEqual(diagnose("""
            service: Auth
            baseURL: https://example.com
            environments:
              dev: https://dev.example.com
              prod: /relative
            endpoints:
              ping: { method: GET, path: /ping }
            """),
            """
            specs/a.yaml:3:1: error: 'baseURL' and 'environments' cannot be used together; the first environment is the default
            specs/a.yaml:2:1: note: 'baseURL' is set here
            """)
    }

    func testEnvironmentURLs() {
        XCTAssertEqual(diagnose("""
            service: Auth
            environments:
              dev: https://dev.example.com
              prod: /relative
            endpoints:
              ping: { method: GET, path: /ping }
            """),
            "specs/a.yaml:4:9: error: environment 'prod' must be an absolute http or https URL, found '/relative'")
    }

    func testHeaderNamesAndValues() {
        XCTAssertEqual(diagnose("""
            service: Auth
            headers:
              X Bad: yes
              Accept: { a: b }
              accept: text/plain
            endpoints:
              ping: { method: GET, path: /ping }
            """),
            """
            specs/a.yaml:3:3: error: invalid header name 'X Bad': use letters, digits and !#$%&'*+-.^_`|~
            specs/a.yaml:4:11: error: header 'Accept' must have a constant string value, found a mapping
            specs/a.yaml:5:3: error: header 'accept' is given twice (header names are case-insensitive)
            specs/a.yaml:4:3: note: first given here
            """)
    }

    func testHeaderValuesCannotBreakLines() {
        XCTAssertEqual(diagnose("""
            service: Auth
            headers:
              X-Note: "a\\r\\nX-Evil: 1"
            endpoints:
              ping: { method: GET, path: /ping }
            """),
            "specs/a.yaml:3:11: error: value of header 'X-Note' must not contain line breaks")
    }

    func testHeaderParameterCannotRepeatAConstantHeader() {
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              ping:
                method: GET
                path: /ping
                headers: { X-Trace: on }
                headerParams: { x-trace: String, "Bad Name": Int }
            """),
            """
            specs/a.yaml:7:21: error: header 'x-trace' is given twice (header names are case-insensitive)
            specs/a.yaml:6:16: note: first given here
            specs/a.yaml:7:38: error: invalid header name 'Bad Name': use letters, digits and !#$%&'*+-.^_`|~
            """)
    }

    func testHeadersTheClientSetsItselfAreErrors() {
        // Each of these was replaced when the request was built, so the spec's value never went out.
        XCTAssertEqual(diagnose("""
            service: Auth
            auth: bearer
            endpoints:
              me:
                method: GET
                path: /me
                headers: { authorization: Basic x }
              cookies:
                method: GET
                path: /cookies
                auth: cookie
                headerParams: { Cookie: String }
              keyed:
                method: GET
                path: /keyed
                auth: apiKey(X-Key)
                headerParams: { x-key: String? }
              token:
                method: POST
                path: /token
                auth: basic
                headerParams: { Authorization: String }
              upload:
                method: POST
                path: /upload
                auth: none
                headers: { Content-Type: multipart/mixed }
                body: { multipart: { file: File } }
              form:
                method: POST
                path: /form
                auth: none
                headerParams: { content-type: String }
                body: { form: { a: String } }
              raw:
                method: PUT
                path: /raw
                auth: none
                headers: { Content-Type: text/plain }
                body: { raw: image/png }
              json:
                method: PATCH
                path: /json
                auth: none
                headers: { Content-Type: application/merge-patch+json, Cookie: a=b, Authorization: Basic y }
                body: { json: { a: String? } }
            """),
            """
            specs/a.yaml:7:16: error: header 'authorization' of endpoint 'me' would never be sent: 'auth: bearer' sets it to the token
            specs/a.yaml:12:21: error: header parameter 'Cookie' of endpoint 'cookies' would never be sent: 'auth: cookie' sets it to the client's cookies
            specs/a.yaml:17:21: error: header parameter 'x-key' of endpoint 'keyed' would never be sent: 'auth: apiKey(X-Key)' sets it to the client's API key
            specs/a.yaml:22:21: error: header parameter 'Authorization' of endpoint 'token' would never be sent: 'auth: basic' sets it to the client's credentials
            specs/a.yaml:27:16: error: header 'Content-Type' of endpoint 'upload' would never be sent: the multipart body sets it, with the boundary of its parts
            specs/a.yaml:33:21: error: header parameter 'content-type' of endpoint 'form' would never be sent: the form body sets it
            specs/a.yaml:39:16: error: header 'Content-Type' of endpoint 'raw' would never be sent: the raw body sets it to 'image/png'
            """)
    }

    func testServiceHeaderEveryEndpointsAuthReplacesIsAnError() {
        // `Authorization` is replaced on both endpoints (bearer from the service, then from the
        // endpoint); `Accept` on none.
        XCTAssertEqual(diagnose("""
            service: Auth
            auth: bearer
            headers: { Authorization: Bearer abc, Accept: application/json }
            endpoints:
              me: { method: GET, path: /me }
              profile: { method: GET, path: /profile, auth: bearer }
            """),
            """
            specs/a.yaml:3:12: error: header 'Authorization' of service 'Auth' would never be sent: every endpoint's auth replaces it ('auth: bearer' sets it to the token)
            """)
        XCTAssertEqual(diagnose("""
            service: Auth
            auth: bearer
            headers: { Authorization: Basic abc, X-Key: k }
            endpoints:
              token: { method: POST, path: /token, auth: none }
              me: { method: GET, path: /me }
              keyed: { method: GET, path: /keyed, auth: "apiKey(x-key)" }
            """), "")
        // Each endpoint replaces it, each in its own way.
        XCTAssertEqual(diagnose("""
            service: Auth
            auth: cookie
            headers: { cookie: a=b }
            endpoints:
              me: { method: GET, path: /me }
              keyed: { method: GET, path: /keyed, auth: "apiKey(Cookie)" }
            """),
            """
            specs/a.yaml:3:12: error: header 'cookie' of service 'Auth' would never be sent: every endpoint's auth replaces it ('auth: cookie' sets it to the client's cookies)
            """)
    }

    func testEachDiagnosticIsOneLineWhateverItQuotes() {
        // Found by `make fuzz` (seed 777): a newline escaped in a quoted YAML string reached the
        // message as is and split the diagnostic over two lines. Control characters and bidi
        // marks are written as escapes; the file name too.
        XCTAssertEqual(diagnose(#"""
            service: Lines
            endpoints:
              a: { method: GET, path: /a, response: "[Questio\n]" }
              b: { method: GET, path: /b, response: "Model\u202E\t" }
            """#, path: "specs/a\nb.yaml"),
            #"""
            specs/a\nb.yaml:3:50: error: invalid type '[Questio\n]': expected ']' to close the array type, found '\n'
            specs/a\nb.yaml:4:47: error: invalid type 'Model\u{202E}\t': unexpected '\u{202E}'
            """#)
    }

    /// `type: Int`: the discriminator's values are integers (Discord's `"type": 1`).
    func testOneOfModelsWithIntegerDiscriminators() {
        XCTAssertEqual(diagnose("""
            service: Feed
            endpoints:
              home: { method: GET, path: /home, response: "[Item]" }
            models:
              Item:
                oneOf: { discriminator: type, type: Int, cases: { 1: Post, "2": Notice, 3: Post, x: Post, 01: Post } }
              Word:
                oneOf: { discriminator: kind, type: Integer, cases: { a: Post } }
              Zero:
                oneOf: { discriminator: type, type: Int, cases: { -0: Post, 0: { model: Notice, name: notice } } }
              Checked:
                oneOf: { discriminator: type, type: Int, cases: { 7: Notice } }
              Post:
                fields: { id: Int, type: Int64? }
              Notice:
                fields: { id: Int, type: String }
            """),
            """
            specs/a.yaml:6:64: error: case '2' of 'oneOf' of model 'Item' must be an integer, as its discriminator's type is Int
            specs/a.yaml:6:77: error: cases '1' and '3' of 'oneOf' of model 'Item' both become the case 'post'; name one with the long form '3: { model: Post, name: caseName }'
            specs/a.yaml:6:55: note: '1' is here
            specs/a.yaml:6:86: error: case 'x' of 'oneOf' of model 'Item' must be an integer, as its discriminator's type is Int
            specs/a.yaml:6:95: error: case '01' of 'oneOf' of model 'Item' must be an integer, as its discriminator's type is Int
            specs/a.yaml:8:41: error: the type of the discriminator values of 'oneOf' of model 'Word' must be String or Int, found 'Integer'
            specs/a.yaml:10:65: error: case '0' appears twice in 'oneOf' of model 'Zero'
            specs/a.yaml:10:55: note: first given here
            specs/a.yaml:16:24: error: field 'type' of model 'Notice' is the discriminator of model 'Checked' and must be an integer type or an Int enum, found 'String'
            """)
        // Samples carry the value as a number; a quoted one is a string on the wire.
        XCTAssertEqual(diagnose("""
            service: Feed
            endpoints:
              home: { method: GET, path: /home, response: "[Item]", sample: [{ type: 1, id: 2 }, { type: "1", id: 3 }, { type: 4 }] }
            models:
              Item:
                oneOf: { discriminator: type, type: Int, cases: { 1: Post } }
              Post:
                fields: { id: Int }
            """),
            """
            specs/a.yaml:3:86: error: sample value '1' at 'sample[1].type' must be an integer, one of 1
            specs/a.yaml:3:108: error: sample value '4' at 'sample[2].type' is not a case of model 'Item'
            """)
    }

    /// `oneOf` with a list of cases: types told apart by their JSON shape, tried in order.
    func testOneOfModelsWithoutDiscriminators() {
        XCTAssertEqual(diagnose("""
            service: Chat
            endpoints:
              send: { method: POST, path: /send, body: Content, query: { content: Content }, response: empty }
            models:
              Content:
                oneOf: { cases: [String, "[Part]", { type: Int, name: 1st }, { type: Int, nmae: x }, { name: y }] }
              Bad:
                oneOf: { discriminator: type, type: Int, cases: [JSON, String, "String?", String, File, Nope] }
              Shadowed:
                oneOf: { cases: [Double, Int, String, Date, Level, "[String]", "[UUID]", JSON] }
              Clash:
                oneOf: { cases: ["[Part]", PartList, {type: PartList, name: other}] }
              Empty:
                oneOf: { cases: [] }
              Level:
                enum: [low, high]
              Part:
                fields: { text: String }
              PartList:
                fields: { parts: "[Part]" }
            """),
            """
            specs/a.yaml:3:71: error: query parameter 'content' must be a scalar, an array of scalars, or (with a style) a map of scalars, a struct model or an array of them, found 'Content'
            specs/a.yaml:6:59: error: case name '1st' of 'oneOf' of model 'Content' must be a Swift identifier
            specs/a.yaml:6:79: error: unknown key 'nmae' in a case of 'oneOf' of model 'Content'; did you mean 'name'?
            specs/a.yaml:6:90: error: missing key 'type' in a case of 'oneOf' of model 'Content'
            specs/a.yaml:8:14: error: 'oneOf' of model 'Bad' lists its cases, so they are told apart by their JSON shape and 'discriminator' has nothing to name; give the cases as '{ value: Model, … }' to use a discriminator
            specs/a.yaml:8:35: error: 'oneOf' of model 'Bad' lists its cases, so they are told apart by their JSON shape and 'type' has nothing to name; give the cases as '{ value: Model, … }' to use a discriminator
            specs/a.yaml:8:54: error: case 'JSON' of 'oneOf' of model 'Bad' takes any value, so the cases after it would never be chosen; make it the last case
            specs/a.yaml:8:75: error: case 'String?' of 'oneOf' of model 'Bad' cannot be optional; make the field that holds the model optional
            specs/a.yaml:8:79: error: case 'String' appears twice in 'oneOf' of model 'Bad'
            specs/a.yaml:8:60: note: first given here
            specs/a.yaml:8:87: error: 'File' is only allowed in multipart bodies and as a response (a download)
            specs/a.yaml:8:93: error: unknown type 'Nope'
            specs/a.yaml:10:30: warning: case 'Int' of 'oneOf' of model 'Shadowed' is never chosen: 'Double' before it decodes every such value; list it first
            specs/a.yaml:10:43: warning: case 'Date' of 'oneOf' of model 'Shadowed' is never chosen: 'String' before it decodes every such value; list it first
            specs/a.yaml:10:49: warning: case 'Level' of 'oneOf' of model 'Shadowed' is never chosen: 'String' before it decodes every such value; list it first
            specs/a.yaml:10:68: warning: case '[UUID]' of 'oneOf' of model 'Shadowed' is never chosen: '[String]' before it decodes every such value; list it first
            specs/a.yaml:12:32: error: cases '[Part]' and 'PartList' of 'oneOf' of model 'Clash' both become the case 'partList'; name one with the long form '{ type: PartList, name: caseName }'
            specs/a.yaml:12:22: note: '[Part]' is here
            specs/a.yaml:12:42: error: case 'PartList' appears twice in 'oneOf' of model 'Clash'
            specs/a.yaml:12:32: note: first given here
            specs/a.yaml:14:21: error: 'oneOf' of model 'Empty' has no cases
            """)
    }

    /// Struct cases are tried in order too: one that needs no more than a later one (the same
    /// fields with the same types, or nothing at all) decodes every value of it.
    func testOneOfStructCasesAnEarlierOneAlwaysTakes() {
        XCTAssertEqual(diagnose("""
            service: Audio
            endpoints:
              transcribe: { method: POST, path: /t, response: Transcript }
            models:
              Transcript:
                oneOf: { cases: [Plain, Verbose, Loose, Diarized, "[String: String]", Other] }
              Plain:
                fields: { text: String, language: "String?" }
              Verbose:
                fields: { text: String, duration: Double, words: "[String]" }
              Loose:
                fields: { note: "String?", extra: { type: Int, default: 1 } }
              Diarized:
                fields: { text: Int, speakers: "[String]" }
              Other:
                fields: { kind: String }
            """),
            """
            specs/a.yaml:6:29: warning: case 'Verbose' of 'oneOf' of model 'Transcript' is never chosen: 'Plain' before it decodes every such value; list it first
            specs/a.yaml:6:45: warning: case 'Diarized' of 'oneOf' of model 'Transcript' is never chosen: 'Loose' before it decodes every such value; list it first
            specs/a.yaml:6:55: warning: case '[String: String]' of 'oneOf' of model 'Transcript' is never chosen: 'Loose' before it decodes every such value; list it first
            specs/a.yaml:6:75: warning: case 'Other' of 'oneOf' of model 'Transcript' is never chosen: 'Loose' before it decodes every such value; list it first
            """)
    }

    func testOneOfModels() {
        XCTAssertEqual(diagnose("""
            service: Feed
            endpoints:
              home: { method: GET, path: /home, response: "[Item]" }
            models:
              Item:
                oneOf: { discriminator: type, cases: { post: Post, notice: Notice, kind: Kind, poll: Pol } }
              Post:
                fields: { id: Int }
              Notice:
                fields: { id: Int, title: String?, type: "[String]?" }
              Kind:
                enum: [a, b]
              Both:
                fields: { id: Int }
                oneOf: { discriminator: type, cases: { post: Post } }
              NoKey:
                oneOf: { cases: { post: Post, nope: Nope } }
              Misspelt:
                oneOf: { discriminater: type, cases: { post: Post, gone: Gone } }
              Empty:
                oneOf: { discriminator: "", cases: {} }
              Clash:
                oneOf: { discriminator: kind, cases: { blog_post: Post, blogPost: Post, unknown: Post, unknown_: Post } }
              Named:
                oneOf:
                  discriminator: type
                  cases:
                    "é": { model: Post, name: accented }
                    "": { model: Post, name: accented }
                    x: { model: Post, name: 1bad }
                    y: { model: Post, name: unknown }
                    z: { name: zed }
                    w: { model: Post, nmae: w }
                    v: { model: Kind, name: vee }
            """),
            """
            specs/a.yaml:6:78: error: case 'kind' of 'oneOf' of model 'Item' must be a model with 'fields', found 'Kind'
            specs/a.yaml:6:90: error: unknown type 'Pol'
            specs/a.yaml:10:40: error: field 'type' of model 'Notice' is the discriminator of model 'Item' and must be a String or a String enum, found '[String]?'
            specs/a.yaml:15:5: error: model 'Both' can have only one of 'fields', 'enum' and 'oneOf', found 'fields' and 'oneOf'
            specs/a.yaml:17:12: error: missing key 'discriminator' in 'oneOf' of model 'NoKey': the wire key that names the case (e.g. 'type')
            specs/a.yaml:17:41: error: unknown type 'Nope'
            specs/a.yaml:19:14: error: unknown key 'discriminater' in 'oneOf' of model 'Misspelt'; did you mean 'discriminator'?
            specs/a.yaml:19:62: error: unknown type 'Gone'
            specs/a.yaml:21:29: error: the discriminator of 'oneOf' of model 'Empty' cannot be empty
            specs/a.yaml:21:40: error: 'oneOf' of model 'Empty' has no cases
            specs/a.yaml:23:61: error: cases 'blog_post' and 'blogPost' of 'oneOf' of model 'Clash' both become the case 'blogPost'; name one with the long form 'blogPost: { model: Post, name: caseName }'
            specs/a.yaml:23:44: note: 'blog_post' is here
            specs/a.yaml:23:77: warning: value 'unknown' of 'oneOf' of model 'Clash' becomes the case 'unknown_', since 'unknown' is the fallback case for values the spec does not list; name it with the long form 'unknown: { model: Post, name: caseName }' to choose another
            specs/a.yaml:23:92: warning: value 'unknown_' of 'oneOf' of model 'Clash' becomes the case 'unknown_', since 'unknown' is the fallback case for values the spec does not list; name it with the long form 'unknown_: { model: Post, name: caseName }' to choose another
            specs/a.yaml:23:92: error: cases 'unknown' and 'unknown_' of 'oneOf' of model 'Clash' both become the case 'unknown_'; name one with the long form 'unknown_: { model: Post, name: caseName }'
            specs/a.yaml:23:77: note: 'unknown' is here
            specs/a.yaml:29:34: error: cases 'é' and '' of 'oneOf' of model 'Named' both become the case 'accented'; give one another 'name'
            specs/a.yaml:28:36: note: 'é' is here
            specs/a.yaml:30:33: error: case name '1bad' of 'oneOf' of model 'Named' must be a Swift identifier
            specs/a.yaml:31:33: error: case name 'unknown' of 'oneOf' of model 'Named' is the fallback case for values the spec does not list; choose another
            specs/a.yaml:32:12: error: missing key 'model' in case 'z' of 'oneOf' of model 'Named': the model this case decodes as
            specs/a.yaml:33:27: error: unknown key 'nmae' in case 'w' of 'oneOf' of model 'Named'; did you mean 'name'?
            specs/a.yaml:34:21: error: case 'v' of 'oneOf' of model 'Named' must be a model with 'fields', found 'Kind'
            """)
    }

    func testSamplesOfOneOfModelsFollowTheirDiscriminator() {
        // The discriminator is allowed beside the variant's fields; the rest is checked against the variant.
        XCTAssertEqual(diagnose("""
            service: Feed
            endpoints:
              home:
                method: GET
                path: /home
                response: "[Item]"
                sample: [{ type: post, id: 1 }, { id: 2 }, { type: pol, id: 3 }, { type: notice, id: 4, titel: x }]
            models:
              Item:
                oneOf: { discriminator: type, cases: { post: Post, notice: Notice, poll: Poll } }
              Post:
                fields: { id: Int }
              Notice:
                fields: { id: Int, title: String? }
              Poll:
                fields: { id: Int, type: String }
            """),
            """
            specs/a.yaml:7:37: error: sample at 'sample[1]' needs the discriminator 'type' of model 'Item' (one of 'post', 'notice', 'poll')
            specs/a.yaml:7:48: error: sample value 'pol' at 'sample[2].type' is not a case of model 'Item'; did you mean 'poll'?
            specs/a.yaml:7:93: error: unknown field 'titel' at 'sample[3]' for model 'Notice'; did you mean 'title'?
            """)
    }

    func testAuthKinds() {
        XCTAssertEqual(diagnose("""
            service: Auth
            auth: beare
            endpoints:
              a: { method: GET, path: /a, auth: "apiKey(Bad Header)" }
              b: { method: GET, path: /b, auth: oauth }
              c: { method: GET, path: /c, auth: "apiKeyQuery(app id)" }
              d: { method: GET, path: /d, auth: basci }
              e: { method: GET, path: /e, auth: basic }
            """),
            """
            specs/a.yaml:2:7: error: unknown auth 'beare'; did you mean 'bearer'?
            specs/a.yaml:4:37: error: invalid header name 'Bad Header' in 'apiKey(Bad Header)': use letters, digits and !#$%&'*+-.^_`|~
            specs/a.yaml:5:37: error: unknown auth 'oauth'; expected none, bearer, cookie, basic, apiKey(Header-Name) or apiKeyQuery(name)
            specs/a.yaml:6:37: error: invalid query parameter name 'app id' in 'apiKeyQuery(app id)': use letters, digits and !#$%&'*+-.^_`|~
            specs/a.yaml:7:37: error: unknown auth 'basci'; did you mean 'basic'?
            """)
    }

    func testQueryParameterCannotRepeatTheAPIKeyOfTheQuery() {
        // The client adds `appid`; a parameter of that name would go out twice. Other names, and
        // the same name on an endpoint with other auth, are fine.
        XCTAssertEqual(diagnose("""
            service: Weather
            auth: apiKeyQuery(appid)
            endpoints:
              current: { method: GET, path: /weather, query: { q: String, appid: String, units: String? } }
              open: { method: GET, path: /open, auth: none, query: { appid: String } }
            """),
            """
            specs/a.yaml:4:63: error: query parameter 'appid' of endpoint 'current' repeats the API key that 'auth: apiKeyQuery(appid)' adds; leave the parameter out
            """)
    }

    func testEnvelopeNeedsPayload() {
        XCTAssertEqual(diagnose("""
            service: Auth
            envelope:
              success: ok
            endpoints:
              ping: { method: GET, path: /ping }
            """),
            "specs/a.yaml:3:3: error: missing key 'payload' in 'envelope': the key that holds the response")
    }

    func testEnvelopeResponseNeedsAnEnvelope() {
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              a:
                method: GET
                path: /a
                response: Envelope<Item>
                envelope: true
            models:
              Item: { fields: { id: Int } }
            """),
            """
            specs/a.yaml:6:15: error: response 'Envelope<Item>' needs an envelope, but service 'Auth' has no 'envelope'
            specs/a.yaml:7:15: error: endpoint 'a' sets 'envelope: true', but service 'Auth' has no 'envelope'
            """)
    }

    func testErrorBodyModelMustExist() {
        XCTAssertEqual(diagnose("""
            service: Auth
            errorBody:
              model: ErrorRespose
            endpoints:
              ping: { method: GET, path: /ping }
            models:
              ErrorResponse: { fields: { message: String } }
            """),
            "specs/a.yaml:3:10: error: unknown type 'ErrorRespose'; did you mean 'ErrorResponse'?")
    }

    // MARK: - Endpoint settings

    func testTimeoutMustBePositive() {
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              a: { method: GET, path: /a, timeout: 0 }
              b: { method: GET, path: /b, timeout: soon }
            """),
            """
            specs/a.yaml:3:40: error: 'timeout' must be a positive number of seconds, found '0'
            specs/a.yaml:4:40: error: 'timeout' must be a positive number of seconds, found 'soon'
            """)
    }

    func testRedirectsAndCredentialMarks() {
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              a: { method: GET, path: /a, redirects: never }
              b:
                method: GET
                path: /b
                headerParams:
                  X-Token: { type: String, credential: maybe }
              c:
                method: GET
                path: /c
                query:
                  q: { type: String, credential: true }
            """),
            """
            specs/a.yaml:3:42: error: 'redirects' must be 'follow' or 'none', found 'never'
            specs/a.yaml:8:44: error: expected true or false for 'credential' of header parameter 'X-Token', found 'maybe'
            specs/a.yaml:13:26: error: unknown key 'credential' in query parameter 'q'
            """)
    }

    func testCookieSessionRefreshAndCSRF() {
        XCTAssertEqual(diagnose("""
            service: Auth
            cookieSession:
              refresh: reissueTokn
              csrf: { header: "X XSRF" }
            endpoints:
              reissueToken: { method: POST, path: /reissue, auth: cookie }
            """),
            """
            specs/a.yaml:3:12: error: 'cookieSession.refresh' names no endpoint of service 'Auth': 'reissueTokn'; did you mean 'reissueToken'?
            specs/a.yaml:4:20: error: 'cookieSession.csrf.header' must be an HTTP token (letters, digits and !#$%&'*+-.^_`|~), found 'X XSRF'
            """)
        XCTAssertEqual(diagnose("""
            service: Auth
            cookieSession: { refresh: Other.reissue }
            endpoints:
              me: { method: GET, path: /me, auth: cookie }
              reissue: { method: POST, path: /reissue, auth: cookie }
            """),
            """
            specs/a.yaml:2:27: error: 'cookieSession.refresh' must name an endpoint ('reissueToken', or 'Auth.reissueToken' of another service), found 'Other.reissue'
            """)
        XCTAssertEqual(diagnose("""
            service: Auth
            cookieSession: { refresh: reissue }
            endpoints:
              reissue:
                method: POST
                path: /reissue/{device}
                auth: cookie
            """),
            """
            specs/a.yaml:2:27: error: 'cookieSession.refresh' names endpoint 'reissue', which takes parameters or a body; the client sends it by itself, so it can take none
            """)
        XCTAssertEqual(diagnose("""
            service: Auth
            cookieSession: { csrf: true }
            endpoints:
              me: { method: GET, path: /me }
            """),
            """
            specs/a.yaml:2:1: error: 'cookieSession' of service 'Auth' needs endpoints with 'auth: cookie', but there are none
            """)
    }

    func testQueryStylesFitTheirTypes() {
        XCTAssertEqual(diagnose("""
            service: Auth
            arrayStyle: deepObject
            endpoints:
              a:
                method: GET
                path: /a
                query:
                  ids: { type: "[Int]", style: comas }
                  map: "[String: String]"
                  deep: { type: "[String: Int]", style: comma }
                  list: { type: "[Int]", style: form }
                  one: { type: Int, style: pipe }
            """),
            """
            specs/a.yaml:2:13: error: 'arrayStyle' must be one of repeat, comma, space, pipe, brackets (a style of arrays), found 'deepObject'
            specs/a.yaml:8:36: error: 'style' of query parameter 'ids' must be one of repeat, comma, space, pipe, brackets, deepObject, form, found 'comas'
            specs/a.yaml:9:7: error: query parameter 'map' is a map: say how it is written with 'style: deepObject' (filter[key]=value) or 'style: form' (key=value)
            specs/a.yaml:10:45: error: 'style: comma' writes arrays; query parameter 'deep' is a map: use deepObject or form
            specs/a.yaml:11:37: error: 'style: form' writes maps; query parameter 'list' is an array: use repeat, comma, space, pipe or brackets
            specs/a.yaml:12:32: error: 'style' applies to arrays and maps; query parameter 'one' is neither
            """)
    }

    func testDateEncodingsAreCheckedWhereWritten() {
        XCTAssertEqual(diagnose("""
            service: Auth
            dateEncoding: epoch
            timeZone: Asia Seoul
            endpoints:
              a:
                method: GET
                path: /a/{day}
                params: { day: { type: String, dateEncoding: date } }
                query:
                  since: { type: Date?, dateEncoding: localTime }
                  days: { type: "[Date]", dateEncoding: date }
                response: M
                sample: { at: "2024-01-02T03:04:05Z", n: 1700000000.5, d: "2024-01-02T00:00:00Z" }
            models:
              M:
                fields:
                  at: Date
                  n: { type: Date, dateEncoding: epochMilliseconds }
                  d: { type: Date, dateEncoding: date }
            """),
            """
            specs/a.yaml:2:15: error: 'dateEncoding' must be one of iso8601, date, epochSeconds, epochMilliseconds, local, found 'epoch'
            specs/a.yaml:3:11: error: unknown time zone 'Asia Seoul'; 'timeZone' is an IANA zone name like 'Asia/Seoul' or 'UTC'; did you mean 'Asia/Seoul'?
            specs/a.yaml:8:50: error: 'dateEncoding' applies to Date and [Date]; 'day' is 'String'
            specs/a.yaml:10:43: error: 'dateEncoding' of query parameter 'since' must be one of iso8601, date, epochSeconds, epochMilliseconds, local, found 'localTime'
            specs/a.yaml:13:46: error: sample value '1700000000.5' at 'sample.n' is not an integer of milliseconds since 1970 (dateEncoding: epochMilliseconds)
            specs/a.yaml:13:63: error: sample value '2024-01-02T00:00:00Z' at 'sample.d' is not a date like '2024-01-02' (dateEncoding: date)
            """)
        // A service's encoding is the samples' too; a models file may set the time zone.
        XCTAssertEqual(diagnose("""
            service: Auth
            dateEncoding: local
            endpoints:
              a: { method: GET, path: /a, response: M, sample: { at: "2024-01-02T03:04:05Z" } }
            models:
              M: { fields: { at: Date } }
            """),
            """
            specs/a.yaml:4:58: error: sample value '2024-01-02T03:04:05Z' at 'sample.at' is not a local date-time without an offset like '2024-01-02T03:04:05' (dateEncoding: local)
            """)
        XCTAssertEqual(diagnose("""
            timeZone: Europe/Berlin
            models:
              M: { fields: { at: { type: Date, dateEncoding: local } } }
            """), "")
    }

    /// A zone the list does not have would be UTC at run time: an error at the value, with the
    /// zone it was probably meant to be, or the `Etc/GMT` zone of a whole-hour offset.
    func testUnknownTimeZonesAreErrorsWithAHint() {
        func zone(_ name: String) -> String {
            diagnose("timeZone: \"\(name)\"\nmodels:\n  M: { fields: { at: { type: Date, dateEncoding: local } } }\n")
        }
        let prefix = "specs/a.yaml:1:11: error: unknown time zone"
        let rule = "'timeZone' is an IANA zone name like 'Asia/Seoul' or 'UTC'"
        XCTAssertEqual(zone("Asia/Seol"), "\(prefix) 'Asia/Seol'; \(rule); did you mean 'Asia/Seoul'?")
        XCTAssertEqual(zone("asia/seoul"), "\(prefix) 'asia/seoul'; \(rule); did you mean 'Asia/Seoul'?", "names are case-sensitive at run time")
        XCTAssertEqual(zone("America/Sao_Paolo"), "\(prefix) 'America/Sao_Paolo'; \(rule); did you mean 'America/Sao_Paulo'?")
        XCTAssertEqual(zone("Mars/Olympus_Mons"), "\(prefix) 'Mars/Olympus_Mons'; \(rule)")
        XCTAssertEqual(zone("+09:00"), "\(prefix) '+09:00'; \(rule); the fixed offset +09:00 is 'Etc/GMT-9' (its sign is inverted, as POSIX has it)")
        XCTAssertEqual(zone("UTC-5"), "\(prefix) 'UTC-5'; \(rule); the fixed offset UTC-5 is 'Etc/GMT+5' (its sign is inverted, as POSIX has it)")
        XCTAssertEqual(zone("+00:00"), "\(prefix) '+00:00'; \(rule); the fixed offset +00:00 is 'UTC'")
        XCTAssertEqual(zone("GMT+05:30"), "\(prefix) 'GMT+05:30'; \(rule); IANA names fixed offsets of whole hours only (Etc/GMT-9): name the place's zone instead")
        XCTAssertTrue(zone(String(repeating: "Asia/Seoul", count: 1000)).hasSuffix("'; " + rule), "no hint for a long value")
        for name in ["UTC", "Etc/GMT-9", "Asia/Seoul", "America/Argentina/Buenos_Aires", "US/Pacific", "Europe/Kyiv", "Europe/Kiev"] {
            XCTAssertEqual(zone(name), "", name)
        }
    }

    func testFormFieldStylesFitTheirTypes() {
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              a: { method: POST, path: /a, body: { form: F }, response: empty }
              b: { method: POST, path: /b, body: { json: F }, response: empty }
            models:
              F:
                fields:
                  ok: { type: "[String: Int]", style: form }
                  list: { type: "[Int]", style: deepObject }
                  one: { type: Int, style: comma }
                  nested: { type: "[G]", style: pipe }
                  bad: { type: "[Int]", style: csv }
              G:
                fields:
                  x: { type: Int, style: comma }
            """),
            """
            specs/a.yaml:9:37: error: 'style: deepObject' writes objects; form field 'list' is a list of scalars: use repeat, comma, space, pipe or brackets
            specs/a.yaml:10:32: error: 'style' applies to lists and objects; form field 'one' is neither
            specs/a.yaml:11:37: error: 'style: pipe' writes lists of scalars; form field 'nested' is '[G]': use deepObject (name[key]=value) or form (key=value)
            specs/a.yaml:12:36: error: 'style' of field 'bad' of model 'F' must be one of repeat, comma, space, pipe, brackets, deepObject, form, found 'csv'
            specs/a.yaml:15:30: error: 'style' applies to query parameters and the fields of form bodies; 'x' is neither
            """)
    }

    func testStreamsAreResponsesOnly() {
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              a: { method: GET, path: /a, query: { q: "EventStream<String>" }, response: "JSONLines<String>?" }
              b: { method: GET, path: /b, response: "Stream<String>" }
            """),
            """
            specs/a.yaml:3:44: error: 'EventStream<T>' is only allowed as the response of an endpoint
            specs/a.yaml:3:79: error: response 'JSONLines<String>?' cannot be optional: a stream is always there (it may hold no values)
            specs/a.yaml:4:42: error: invalid type 'Stream<String>': only 'Envelope', 'EventStream' and 'JSONLines' take a type argument
            """)
    }

    func testDownloadsAreTheRawBodyAndTheOnlyResponse() {
        XCTAssertEqual(diagnose("""
            service: Files
            envelope: { payload: data }
            endpoints:
              a: { method: GET, path: /a, response: File }
              b: { method: GET, path: /b, envelope: false, response: "File?" }
              c: { method: GET, path: /c, envelope: false, responses: { 200: File, 404: empty } }
              d: { method: GET, path: /d, envelope: false, response: File, sample: { pages: 2 } }
              e: { method: GET, path: /e, envelope: false, response: File, query: { f: File } }
            """),
            """
            specs/a.yaml:4:41: error: response 'File' writes the body to a file as it arrives, so it cannot be unwrapped from an envelope; add 'envelope: false' to endpoint 'a'
            specs/a.yaml:5:63: error: response 'File?' cannot be optional: a download always writes its file (empty for an empty body)
            specs/a.yaml:6:66: error: a download cannot be one of several responses; 'File' needs 'response:' instead of 'responses:'
            specs/a.yaml:7:72: error: sample of endpoint 'd' must be text for a File response, found a mapping
            specs/a.yaml:8:76: error: 'File' is only allowed in multipart bodies and as a response (a download)
            """)
    }

    func testFileBodiesNeedAMediaType() {
        XCTAssertEqual(diagnose("""
            service: Files
            endpoints:
              a: { method: PUT, path: /a, body: { file: pdf } }
              b: { method: PUT, path: /b, body: { file: image/png, raw: image/png } }
            """),
            """
            specs/a.yaml:3:45: error: invalid MIME type 'pdf' for a file body; expected 'type/subtype', like 'application/octet-stream'
            specs/a.yaml:4:56: error: the body of endpoint 'b' can have only one of 'json', 'form', 'multipart', 'raw' or 'file'; 'file' is already given
            """)
    }

    func testReadOnlyAndWriteOnlyAreForModelFields() {
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              a:
                method: GET
                path: /a
                query: { q: { type: String, readOnly: true } }
            models:
              User:
                fields:
                  id: { type: Int, readOnly: true, writeOnly: true }
                  pw: { type: String, writeOnly: maybe }
            """),
            """
            specs/a.yaml:6:33: error: unknown key 'readOnly' in query parameter 'q'
            specs/a.yaml:10:40: error: field 'id' of model 'User' cannot be both 'readOnly' and 'writeOnly'
            specs/a.yaml:11:38: error: expected true or false for 'writeOnly' of field 'pw' of model 'User', found 'maybe'
            """)
    }

    func testServiceParametersDoNotClashWithEndpoints() {
        XCTAssertEqual(diagnose("""
            service: Auth
            parameters:
              headers: { X-Tenant: String }
              query: { version: String, map: "[String: String]" }
              cookies: {}
            endpoints:
              a: { method: GET, path: /a, headerParams: { x-tenant: String }, query: { version: Int } }
            """),
            """
            specs/a.yaml:3:14: error: service header parameter 'X-Tenant' is also a header of endpoint 'a'; one of them must go
            specs/a.yaml:7:3: note: endpoint 'a' is here
            specs/a.yaml:4:12: error: service query parameter 'version' is also a query parameter of endpoint 'a'; one of them must go
            specs/a.yaml:7:3: note: endpoint 'a' is here
            specs/a.yaml:4:29: error: service query parameter 'map' must be a scalar or an array of scalars
            specs/a.yaml:5:3: error: unknown key 'cookies' in 'parameters'
            """)
    }

    /// libyaml's messages get the fix when the cause is a common one.
    func testYAMLErrorsSayTheFixForTabsAndUnquotedTypes() {
        XCTAssertEqual(diagnose("service: A\nendpoints:\n  a:\n    method: GET\n    path: /a\n    query:\n      tags: [String]?\n"),
                       "specs/a.yaml:7:21: error: mapping keys are not allowed in this context; a type such as [String]? or [String: Int] must be quoted in YAML: \"[String]?\"")
        XCTAssertEqual(diagnose("service: A\nendpoints:\n  a:\n\tmethod: GET\n"),
                       """
                       specs/a.yaml:4:1: error: found character that cannot start any token; a tab cannot indent YAML or start a value: use spaces
                       specs/a.yaml:4:1: note: while scanning for the next token
                       """)
    }

    /// A misspelt `response` key leaves the endpoint without one: its sample is told so, not that
    /// a response the author never wrote is empty.
    func testASampleWithoutResponseAfterATypo() {
        XCTAssertEqual(diagnose("service: A\nendpoints:\n  a:\n    method: GET\n    path: /a\n    respnse: Int\n    sample: 4\n"),
                       """
                       specs/a.yaml:6:5: error: unknown key 'respnse' in endpoint 'a'; did you mean 'response'?
                       specs/a.yaml:7:5: error: endpoint 'a' has a sample but no 'response' to check it against
                       """)
    }

    /// Names generated code takes from Swift are reserved too: a model named `Actor` would break
    /// every `isolated (any Actor)?` overload of its module.
    func testModelsCannotHideNamesGeneratedCodeUses() {
        XCTAssertEqual(diagnose("service: A\nendpoints:\n  a: { method: GET, path: /a, response: Actor }\nmodels:\n  Actor: { fields: { login: String } }\n"),
                       "specs/a.yaml:5:3: error: model name 'Actor' is reserved: it would hide Swift's own 'Actor' in the generated code and in every file that imports it (a model's name is never sent, so renaming it changes no request)")
    }

    func testDeprecatedMustBeBoolOrMessage() {
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              a:
                method: GET
                path: /a
                deprecated: [yes]
            """),
            "specs/a.yaml:6:17: error: expected true, false or a message for 'deprecated', found a sequence")
    }

    // MARK: - Bodies

    func testBodyOnGetIsAWarning() {
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              a:
                method: GET
                path: /a
                body: { json: { q: String } }
            """),
            "specs/a.yaml:6:5: warning: a body on a GET request is unusual; servers and proxies may drop it")
    }

    func testBodyFormsAreExclusive() {
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              a:
                method: POST
                path: /a
                body: { json: { q: String }, raw: text/plain }
            """),
            "specs/a.yaml:6:34: error: the body of endpoint 'a' can have only one of 'json', 'form', 'multipart', 'raw' or 'file'; 'json' is already given")
    }

    /// Form fields may be objects, maps and lists of them (the bracket convention), not files.
    func testMultipartPartsMustBeSimpleAndFormFieldsMayNest() {
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              upload:
                method: POST
                path: /upload
                body:
                  multipart:
                    images: "[File]"
                    meta: Meta
                    weird: "[String: File]"
              login:
                method: POST
                path: /login
                body:
                  form:
                    user: String
                    meta: Meta
                    avatar: File
              save:
                method: POST
                path: /save
                body: { form: Meta }
            models:
              Meta: { fields: { tags: "[String: String]" } }
            """),
            """
            specs/a.yaml:10:26: error: multipart part 'weird' must be a scalar, a File, a model or JSON (sent as a JSON part), or an array of them, found '[String: File]'
            specs/a.yaml:18:17: error: 'File' is only allowed in multipart bodies and as a response (a download)
            """)
    }

    func testFormBodyMustNameAModel() {
        XCTAssertEqual(diagnose("""
            service: Auth
            envelope: { payload: data }
            endpoints:
              a:
                method: POST
                path: /a
                body: { form: "[String]" }
                response: Envelope<String>?
            """),
            """
            specs/a.yaml:7:20: error: a form body must be a fields map or a model name, found '[String]'
            specs/a.yaml:8:15: error: response 'Envelope<String>?' cannot be optional: an envelope is always there
            """)
    }

    func testRawBodyNeedsAMIMEType() {
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              a:
                method: PUT
                path: /a
                body: { raw: png }
            """),
            "specs/a.yaml:6:18: error: invalid MIME type 'png' for a raw body; expected 'type/subtype', like 'application/octet-stream'")
    }

    func testUnknownBodyKind() {
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              a:
                method: POST
                path: /a
                body: { mulitpart: { f: File } }
            """),
            "specs/a.yaml:6:13: error: unknown key 'mulitpart' in the body of endpoint 'a'; did you mean 'multipart'?")
    }

    // MARK: - Samples

    func testEmptyResponseCannotHaveASample() {
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              logout:
                method: POST
                path: /logout
                response: empty
                sample: { ok: true }
            """),
            "specs/a.yaml:7:5: error: endpoint 'logout' has response 'empty', so it cannot have a sample")
    }

    func testSampleValuesAreCheckedByType() {
        XCTAssertEqual(diagnose("""
            service: Q
            endpoints:
              get:
                method: GET
                path: /q
                response: "[Question]"
                sample:
                  - index: "1"
                    created_at: 2024-01-02
                    state: pending
                    tags: [a, b]
                    score: 1.5x
                  - index: 2
                    created_at: 2024-01-02T03:04:05Z
                    state: open
                    tagz: []
            models:
              Question:
                fields:
                  index: Int
                  created_at: Date
                  state: OrderState
                  tags: "[String]?"
                  score: Double = 0
              OrderState:
                enum: [open, closed]
            """),
            """
            specs/a.yaml:8:16: error: sample value '1' at 'sample[0].index' is not an integer (Int)
            specs/a.yaml:9:21: error: sample value '2024-01-02' at 'sample[0].created_at' is not an ISO 8601 date-time like '2024-01-02T03:04:05Z'
            specs/a.yaml:10:16: error: sample value 'pending' at 'sample[0].state' is not a case of enum 'OrderState'
            specs/a.yaml:12:16: error: sample value '1.5x' at 'sample[0].score' is not a number (Double)
            specs/a.yaml:16:9: error: unknown field 'tagz' at 'sample[1]' for model 'Question'; did you mean 'tags'?
            """)
    }

    func testSampleMissingAndUnknownFields() {
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              login:
                method: POST
                path: /login
                response: LoginResponse
                sample:
                  acess_token: abc
            models:
              LoginResponse:
                fields:
                  access_token: String
                  expires_in: Int
                  refresh: String?
            """),
            """
            specs/a.yaml:8:7: error: unknown field 'acess_token' at 'sample' for model 'LoginResponse'; did you mean 'access_token'?
            specs/a.yaml:8:7: error: sample at 'sample' is missing required field 'expires_in' of model 'LoginResponse'
            """)
    }

    func testSampleNullForRequiredAndWrongKind() {
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              me:
                method: GET
                path: /me
                response: { fields: { id: Int, names: "[String: Int]", on: Bool } }
                sample: { id: null, names: [a], on: "true" }
            """),
            """
            specs/a.yaml:7:19: error: sample value at 'sample.id' is null, but its type 'Int' is not optional
            specs/a.yaml:7:32: error: sample value at 'sample.names' must be a mapping for type '[String: Int]', found a sequence
            specs/a.yaml:7:41: error: sample value 'true' at 'sample.on' is not true or false
            """)
    }

    func testSampleOfAModelWithABadFieldIsNotCheckedAgain() {
        XCTAssertEqual(diagnose("""
            service: Q
            endpoints:
              get:
                method: GET
                path: /q
                response: Question
                sample: { id: 1, state: open }
            models:
              Question:
                fields:
                  id: Int
                  state: QuestionStat
              QuestionState:
                enum: [open, closed]
            """),
            "specs/a.yaml:12:14: error: unknown type 'QuestionStat'; did you mean 'QuestionState'?")
    }

    func testSampleOfABadModelFromAnotherFileIsNotCheckedAgain() {
        // Files are resolved in parallel: what one file learns about its models (a field was
        // dropped) must reach the samples of every other file, whichever file resolves first.
        var files: [(path: String, text: String)] = [("specs/a.yaml", """
            models:
              Question:
                fields:
                  id: Int
                  state: QuestionStat
            """), ("specs/b.yaml", """
            models:
              Answer:
                fields:
                  id: Int
                  body: Strin
            """)]
        for index in 0..<8 {
            files.append(("specs/s\(index).yaml", """
                service: S\(index)
                endpoints:
                  get:
                    method: GET
                    path: /q
                    response: Question
                    sample: { id: 1, state: open }
                  answer:
                    method: GET
                    path: /a
                    response: Answer
                    sample: { id: 1, body: text }
                """))
        }
        XCTAssertEqual(render(loadSpecs(files)), """
            specs/a.yaml:5:14: error: unknown type 'QuestionStat'
            specs/b.yaml:5:13: error: unknown type 'Strin'; did you mean 'String'?
            """)
    }

    func testSampleOfAnEnumWithABadValueIsNotCheckedAgain() {
        // `high` was left out of the enum after its error: the sample is not blamed for it.
        XCTAssertEqual(diagnose("""
            service: Q
            endpoints:
              get:
                method: GET
                path: /q
                response: "[Level]"
                sample: [1, 2]
            models:
              Level:
                enum: { type: Int, values: { low: 1, high: two } }
            """),
            "specs/a.yaml:10:48: error: value 'two' of enum 'Level' must be an integer")
    }

    // MARK: - Many mistakes at once

    func testFiveMistakesInOneFileGiveFiveDiagnosticsInOrder() {
        let result = loadSpec("""
            service: Auth
            baseURL: api.example.com
            endpoints:
              login:
                method: POST
                path: /login
                body: LoginRequst
                respone: LoginResponse
              getQuestion:
                method: GET
                path: /questions/{index}
                params:
                  indx: Int
            models:
              LoginRequest:
                fields:
                  username: String
                  attempts: Int = many
            """)
        XCTAssertNil(result.module)
        XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }.count, 5)
        XCTAssertEqual(render(result), """
            specs/a.yaml:2:10: error: 'baseURL' must be an absolute http or https URL, found 'api.example.com'
            specs/a.yaml:7:11: error: unknown type 'LoginRequst'; did you mean 'LoginRequest'?
            specs/a.yaml:8:5: error: unknown key 'respone' in endpoint 'login'; did you mean 'response'?
            specs/a.yaml:11:22: error: placeholder '{index}' names no parameter of 'params'; did you mean 'indx'?
            specs/a.yaml:18:23: error: invalid default value 'many' for type 'Int'
            """)
    }

    func testDiagnosticsOfSeveralFilesAreSortedByPlace() {
        let result = loadSpecs([
            ("specs/b.yaml", "service: B\nendpoints:\n  x: { method: GET, path: /x, response: Nope }\n"),
            ("specs/a.yaml", "service: A\nendpoints:\n  y: { method: Get, path: /y }\n"),
        ])
        XCTAssertEqual(render(result), """
            specs/a.yaml:3:16: error: unknown HTTP method 'Get'; did you mean 'GET'?
            specs/b.yaml:3:41: error: unknown type 'Nope'
            """)
    }

    // MARK: - Values the runtime always rejects (issue 28)

    func testHeaderParameterDefaultWithALineBreakIsRejectedAtItsLine() {
        for escape in ["\\n", "\\r", "\\r\\n", "\\0"] {
            XCTAssertEqual(diagnose("""
                service: Auth
                endpoints:
                  ping:
                    method: GET
                    path: /ping
                    headerParams:
                      X-Mode: { type: String, default: "a\(escape)b" }
                """),
                "specs/a.yaml:7:41: error: default of header parameter 'X-Mode' must not contain line breaks (CR, LF) or NUL; the runtime refuses to send such a header",
                escape)
        }
        // In the short form too.
        XCTAssertEqual(diagnose("""
            service: Auth
            endpoints:
              ping:
                method: GET
                path: /ping
                headerParams:
                  X-Mode: "String = \\"a\\nb\\""
            """).isEmpty, false)
    }

    func testPathLiteralsTheRuntimeRejectsAreErrorsAtTheirColumn() {
        func path(_ literal: String) -> String {
            diagnose("service: Auth\nendpoints:\n  ping:\n    method: GET\n    path: '\(literal)'\n")
        }
        XCTAssertEqual(path("/a\"b"), #"specs/a.yaml:5:14: error: path '/a"b' must not contain '"'; the runtime sends only percent-encoded paths: write '%22'"#)
        XCTAssertEqual(path("/a\\b/{id}"), #"specs/a.yaml:5:14: error: path '/a\b/{id}' must not contain '\'; the runtime sends only percent-encoded paths: write '%5C'"#)
        XCTAssertEqual(path("/caf\u{E9}"), "specs/a.yaml:5:16: error: path '/caf\u{E9}' must not contain '\u{E9}'; the runtime sends only percent-encoded paths: write '%C3%A9'")
        XCTAssertEqual(path("/a|b"), "specs/a.yaml:5:14: error: path '/a|b' must not contain '|'; the runtime sends only percent-encoded paths: write '%7C'")
        XCTAssertEqual(path("/100%"), "specs/a.yaml:5:16: error: '%' in path '/100%' must start a percent-escape such as '%20'")
        // What the runtime accepts stays accepted.
        XCTAssertEqual(path("/a%20b/~x/-._!$&()*+,;=:@/{id}"), "")
        XCTAssertEqual(path("/a%20b/~x/-._!$&()*+,;=:@"), "")
    }

    /// The longest output name is the fake's, reserved with fakes off too: a name that only
    /// `--fakes` made too long used to pass `lint` and fail `generate --fakes` without a place.
    func testOverLongServiceNameIsAnErrorAtTheName() {
        let name = "A" + String(repeating: "b", count: 183)
        XCTAssertEqual(diagnose("service: \(name)\nendpoints:\n  ping: { method: GET, path: /ping }\n"),
                       "specs/a.yaml:1:10: error: service name is 184 characters long; at most 183, so that '<name>ServiceFake.swift' stays within 200 bytes")
        XCTAssertEqual(diagnose("service: \(name.dropLast())\nendpoints:\n  ping: { method: GET, path: /ping }\n"), "")
    }

    func testModelsFileWhoseNameMakesTooLongAnOutputNameIsAnError() {
        let stem = String(repeating: "m", count: 189)
        XCTAssertEqual(diagnose("models:\n  A: { fields: { x: Int } }\n", path: "specs/\(stem).yaml"),
                       "specs/\(stem).yaml:1:1: error: the file name makes the output name 'Mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm…Models.swift' longer than 200 bytes; shorten the file name")
    }
}
