import EndpointRuntime
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GoldenHostile
import XCTest

/// The compiled golden output behaves as generated code must.
final class GeneratedBehaviourTests: XCTestCase {
    func testEnumsDecodeUnknownValuesAndEncodeThemBackUnchanged() throws {
        let decoded = try JSONDecoder().decode([Switch].self, from: Data(#"["case","-x","1","brand-new"]"#.utf8))
        XCTAssertEqual(decoded, [.case, .x, ._1, .unknown("brand-new")])
        XCTAssertEqual(String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self), #"["case","-x","1","brand-new"]"#)
        XCTAssertEqual(Switch(rawValue: "self"), .self_)
        XCTAssertEqual(Switch.type.parameterValue, "Type")
    }

    func testKeywordFieldsUseTheirWireNames() throws {
        let value = Extension(init_: "a", self_: 1, func: ["f"], _2fa: true)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? [String: Any]
        XCTAssertEqual(json?.keys.sorted(), ["2fa", "func", "hash_value", "init", "self"])
        let back = try JSONDecoder().decode(Extension.self, from: Data(#"{"init":"a","self":1,"func":["f"],"2fa":true,"Protocol":"p"}"#.utf8))
        XCTAssertEqual(back.protocol, "p")
        XCTAssertEqual(back.init_, "a")
    }

    func testWrittenOutEqualityComparesEveryStoredFieldAndAgreesWithHashing() {
        let base = Extension(init_: "a", self_: 1, func: ["f"], _2fa: true, protocol: "p", container: "c", decoder: 2,
                             lhs: false, fieldsEqual: 3)
        XCTAssertEqual(base, base)
        XCTAssertEqual(Set([base, base]).count, 1)
        // Each field on its own makes a difference, the ones named like the generated code's own names too.
        // One field different from `base` each.
        func variant(init_: String = "a", self_: Int = 1, func: [String] = ["f"], _2fa: Bool = true, protocol: String? = "p",
                     container: String? = "c", decoder: Int? = 2, lhs: Bool? = false, fieldsEqual: Int? = 3) -> Extension {
            Extension(init_: init_, self_: self_, func: `func`, _2fa: _2fa, protocol: `protocol`, container: container, decoder: decoder,
                      lhs: lhs, fieldsEqual: fieldsEqual)
        }
        XCTAssertEqual(variant(), base)
        let changes: [(String, Extension)] = [
            ("init", variant(init_: "b")), ("self", variant(self_: 2)), ("func", variant(func: [])), ("2fa", variant(_2fa: false)),
            ("Protocol", variant(protocol: nil)), ("container", variant(container: "d")), ("decoder", variant(decoder: nil)),
            ("lhs", variant(lhs: true)), ("fieldsEqual", variant(fieldsEqual: 4)),
        ]
        for (name, other) in changes {
            XCTAssertNotEqual(other, base, name)
            XCTAssertEqual(other, other, name)
            XCTAssertEqual(Set([base, other]).count, 2, name)
        }
        // Fields in private storage (boxed here) are compared through it.
        let leaf = TreeNode(name: "leaf", parent: TreeNode(name: "root"))
        XCTAssertEqual(leaf, TreeNode(name: "leaf", parent: TreeNode(name: "root")))
        XCTAssertNotEqual(leaf, TreeNode(name: "leaf", parent: TreeNode(name: "other root")))
        XCTAssertNotEqual(leaf, TreeNode(name: "leaf"))
    }

    func testWrittenOutDecodingNamesTheWireKeyInErrors() throws {
        let missing = Data(#"{"init":"a","self":1,"func":[]}"#.utf8)
        XCTAssertThrowsError(try JSONDecoder().decode(Extension.self, from: missing)) { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(key.stringValue, "2fa")
        }
        let mistyped = Data(#"{"init":"a","self":"one","func":[],"2fa":true}"#.utf8)
        XCTAssertThrowsError(try JSONDecoder().decode(Extension.self, from: mistyped)) { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["self"])
        }
        let nulls = Data(#"{"init":"a","self":1,"func":[],"2fa":true,"Protocol":null,"fieldsEqual":7}"#.utf8)
        let value = try JSONDecoder().decode(Extension.self, from: nulls)
        XCTAssertNil(value.protocol, "null decodes as nil")
        XCTAssertEqual(value.fieldsEqual, 7)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        XCTAssertEqual(String(decoding: try encoder.encode(value), as: UTF8.self),
                       #"{"2fa":true,"fieldsEqual":7,"func":[],"hash_value":0,"init":"a","self":1}"#, "nil is left out")
    }

    /// Without --mutable-models, model properties are read-only: stored ones `let`, boxed ones get-only.
    func testModelPropertiesAreReadOnly() {
        XCTAssertFalse((\Extension.func as AnyKeyPath) is WritableKeyPath<Extension, [String]>)
        XCTAssertFalse((\Extension.protocol as AnyKeyPath) is WritableKeyPath<Extension, String?>)
        XCTAssertFalse((\TreeNode.parent as AnyKeyPath) is WritableKeyPath<TreeNode, TreeNode?>)
        XCTAssertFalse((\TreeLink.target as AnyKeyPath) is WritableKeyPath<TreeLink, TreeNode>)
    }

    func testRouterBuildsEscapedPathsAndKeepsWireNames() {
        let route = HostileRouter.default(self_: "../a b", type: 3, in: ["x", "y"], xSelf: "me")
        XCTAssertEqual(route.path, "/self/%2E%2E%2Fa%20b/type/3")
        XCTAssertEqual(route.queryItems.map(\.name), ["protocol", "in", "in", "Protocol"])
        XCTAssertEqual(route.queryItems.first?.value, "\"\"\"*/\\(danger)")
        XCTAssertEqual(route.headers.map(\.name), ["X-Quote", "X-Self"])
        XCTAssertEqual(route.headers.first?.value, "say \"hi\" \\(x) \"\"\"")
    }

    /// A field named `hashValue` is a plain field: hashing still covers every field (a stored
    /// `hashValue` alone would witness Hashable's old requirement, and the synthesized
    /// `hash(into:)` would hash only it, with a deprecation warning).
    func testAFieldNamedHashValueDoesNotReplaceHashing() {
        let a = Extension(init_: "a", self_: 1, func: [], _2fa: true, hashValue: 7)
        let b = Extension(init_: "b", self_: 1, func: [], _2fa: true, hashValue: 7)
        XCTAssertEqual(a.hashValue, 7)
        var hashA = Hasher()
        a.hash(into: &hashA)
        var hashB = Hasher()
        b.hash(into: &hashB)
        XCTAssertNotEqual(hashA.finalize(), hashB.finalize())
        XCTAssertEqual(Set([a, b, a]).count, 2)
    }

    /// Parameters named like the getters' locals (`path`, `items`, `headers`): the locals step
    /// aside. With `var path` shadowing a path parameter `path`, the path used to repeat itself
    /// ("/files//files/") and still compile.
    func testParametersNamedLikeTheRoutersLocalsKeepTheirValues() {
        let route = HostileRouter.shadow(
            path: "a/b", items: [1, 2], client: "ios", baseURL: "x", value: 3, completion: true, headers: "h",
            body: ShadowRequest(path: "p"))
        XCTAssertEqual(route.path, "/files/a%2Fb")
        XCTAssertEqual(route.queryItems.map(\.name), ["items", "items", "client", "baseURL", "value", "completion"])
        XCTAssertEqual(route.queryItems.map(\.value), ["1", "2", "ios", "x", "3", "true"])
        XCTAssertEqual(route.headers.map(\.name), ["X-Quote", "headers"])
        XCTAssertEqual(route.headers.last?.value, "h")
    }

    /// A header of the endpoint replaces the service's header of the same name (compared
    /// without case); both used to be sent, and URLSession joined them into one `a, b` value.
    func testEndpointHeadersReplaceTheServicesHeaderOfTheSameName() {
        let service = "say \"hi\" \\(x) \"\"\""
        XCTAssertEqual(HostileRouter.plainQuote.headers.map(\.name), ["x-quote"])
        XCTAssertEqual(HostileRouter.plainQuote.headers.map(\.value), ["plain"])
        let given = HostileRouter.maybeQuote(xQuote: "mine", xQuotes: ["a", "b"])
        XCTAssertEqual(given.headers.map(\.name), ["X-QUOTE", "X-Quotes"])
        XCTAssertEqual(given.headers.map(\.value), ["mine", "a,b"])
        // Left out, the parameter sends the service's value under its own spelling.
        let omitted = HostileRouter.maybeQuote(xQuote: nil, xQuotes: nil)
        XCTAssertEqual(omitted.headers.map(\.name), ["X-QUOTE"])
        XCTAssertEqual(omitted.headers.map(\.value), [service])
        // Endpoints with nothing of their own keep the service's header.
        XCTAssertEqual(HostileRouter.return(body: ReturnRequest(var: "v", type: "t")).headers.map(\.value), [service])
    }

    func testSelfContainingModelsRoundTripAndKeepValueSemantics() throws {
        let json = #"{"name":"leaf","parent":{"name":"root","depth":0,"parent":null},"next":{"target":{"name":"other"}}}"#
        let node = try JSONDecoder().decode(TreeNode.self, from: Data(json.utf8))
        XCTAssertEqual(node.parent?.name, "root")
        XCTAssertNil(node.parent?.parent, "null decodes as nil")
        XCTAssertNil(node.children)
        XCTAssertEqual(node.next?.target.name, "other")
        XCTAssertNil(node.next?.label, "absent optional")
        XCTAssertEqual(node.next?.target.depth, 0, "default for a missing key")

        // nil indirect fields are left out, exactly as plain optionals are.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        XCTAssertEqual(String(decoding: try encoder.encode(node), as: UTF8.self),
                       #"{"depth":0,"name":"leaf","next":{"target":{"depth":0,"name":"other"}},"parent":{"depth":0,"name":"root"}}"#)

        let other = TreeNode(name: "leaf", parent: TreeNode(name: "changed"), next: node.next)
        XCTAssertNotEqual(other, node)
        XCTAssertEqual(Set([node, node, other]).count, 2, "Hashable sees through the boxes")
    }

    func testOneOfModelsChooseTheirCaseByTheDiscriminatorAndContainThemselves() throws {
        // `Extension.shape` holds a `Shape`, whose `default` case holds an `Extension` again.
        let json = #"{"@type":"default","init":"a","self":1,"func":[],"2fa":false,"shape":{"@type":"self-node","name":"n"}}"#
        let shape = try JSONDecoder().decode(Shape.self, from: Data(json.utf8))
        guard case .default(let outer) = shape, case .selfNode(let node)? = outer.shape else { return XCTFail("\(shape)") }
        XCTAssertEqual(outer.init_, "a")
        XCTAssertEqual(node.name, "n")

        // The value "unknown" is a case of its own (`unknown_`); an unknown value is kept as JSON.
        let link = try JSONDecoder().decode(Shape.self, from: Data(#"{"@type":"unknown","target":{"name":"t"}}"#.utf8))
        XCTAssertEqual(link, .unknown_(TreeLink(target: TreeNode(name: "t"))))
        let other = try JSONDecoder().decode(Shape.self, from: Data(#"{"@type":"circle","r":2}"#.utf8))
        XCTAssertEqual(other, .unknown(["@type": "circle", "r": 2]))

        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        XCTAssertEqual(String(decoding: try encoder.encode([link, other]), as: UTF8.self),
                       #"[{"@type":"unknown","target":{"depth":0,"name":"t"}},{"@type":"circle","r":2}]"#)
        XCTAssertEqual(try JSONDecoder().decode(Shape.self, from: encoder.encode(shape)), shape)
        XCTAssertEqual(Set([shape, shape, link]).count, 2)

        // A model that declares the discriminator itself (optional, as OpenAPI documents often
        // do) gets it on decoding; encoding writes the case's value whatever the field holds.
        let tagged = try JSONDecoder().decode(Shape.self, from: Data(#"{"@type":"tagged","note":"n"}"#.utf8))
        XCTAssertEqual(tagged, .tagged(Tagged(type: "tagged", note: "n")))
        XCTAssertEqual(String(decoding: try encoder.encode([Shape.tagged(Tagged(note: "n")), .tagged(Tagged(type: "default"))]), as: UTF8.self),
                       #"[{"@type":"tagged","note":"n"},{"@type":"tagged"}]"#)

        // Cases named in the long form carry their values both ways.
        let root = try JSONDecoder().decode(Shape.self, from: Data(#"{"@type":"\u221A","note":"r"}"#.utf8))
        XCTAssertEqual(root, .root(Tagged(type: "\u{221A}", note: "r")))
        XCTAssertEqual(String(decoding: try encoder.encode([Shape.root(Tagged(note: "r")), .self_(TreeLink(target: TreeNode(name: "t")))]), as: UTF8.self),
                       #"[{"@type":"\#u{221A}","note":"r"},{"@type":"2","target":{"depth":0,"name":"t"}}]"#)

        // No discriminator, or one that is not a string: a decoding error, not a guess.
        XCTAssertThrowsError(try JSONDecoder().decode(Shape.self, from: Data(#"{"name":"n"}"#.utf8)))
        XCTAssertThrowsError(try JSONDecoder().decode(Shape.self, from: Data(#"{"@type":1,"name":"n"}"#.utf8)))
    }

    /// `parameters:` of the service: given once, sent with every request (headers before the
    /// endpoint's, query items after).
    func testServiceParametersGoWithEveryRequest() async throws {
        let sent = Recorder()
        let service = HostileService(client: APIClient(transport: StubTransport { request in
            sent.append(request)
            return .sample()
        }), xTenantId: "tenant-1", clientValue: 7)
        _ = try await service.widgets(ids: [1], filter: [:])
        let request = try XCTUnwrap(sent.requests.first)
        XCTAssertEqual(request.value(forHTTPHeaderField: "X-Tenant-Id"), "tenant-1")
        XCTAssertEqual(request.url?.query(percentEncoded: true), "ids=1&api-version=2024-01-01&Client=7")
    }

    /// A model part of a multipart body goes as JSON with its content type, beside the file.
    func testMultipartJSONPartBesideTheFile() throws {
        let client = APIClient(transport: StubTransport.immediate, configuration: .init(multipartBoundary: { "B" }))
        let body = UploadWithAttributesRequest(attributes: Account(id: 9, name: "report"), file: File(data: Data("x".utf8), fileName: "r.txt", mimeType: "text/plain"))
        let request = try client.makeRequest(HostileRouter.uploadWithAttributes(body: body), baseURL: URL(string: "https://example.com")!)
        let text = String(decoding: try XCTUnwrap(request.httpBody), as: UTF8.self)
        XCTAssertEqual(text, "--B\r\nContent-Disposition: form-data; name=\"attributes\"\r\nContent-Type: application/json\r\n\r\n{\"name\":\"report\"}\r\n"
                       + "--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"r.txt\"\r\nContent-Type: text/plain\r\n\r\nx\r\n--B--\r\n")
    }

    /// `readOnly` is decoded but never sent; `writeOnly` is sent and may be absent in a response.
    func testReadOnlyAndWriteOnlyFields() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let account = Account(id: 5, password: "secret", name: "n")
        XCTAssertEqual(String(decoding: try encoder.encode(account), as: UTF8.self), #"{"name":"n","password":"secret"}"#)
        let decoded = try JSONDecoder().decode(Account.self, from: Data(#"{"id":1,"name":"n"}"#.utf8))
        XCTAssertEqual(decoded, Account(id: 1, name: "n"))
    }

    /// `EventStream<String>` and `JSONLines<Model>`: the service returns the stream at once; the stub
    /// transport sends the spec's sample as the server would (one event per value).
    func testStreamResponsesYieldTheSampleValues() async throws {
        let service = HostileService(client: APIClient(transport: StubTransport.immediate), xTenantId: "t")
        var texts: [String] = []
        for try await event in service.chat(body: ChatRequest(prompt: "hi")) {
            texts.append(event.value)
        }
        XCTAssertEqual(texts, ["hello", "two\nlines"])
        var count = 0
        for try await _ in service.changes() { count += 1 }
        XCTAssertEqual(count, 0, "no sample, no values")
    }

    /// `style:` of query parameters reaches the wire: comma lists, brackets, deepObject and form maps.
    func testQueryStylesAreSentAsDeclared() throws {
        let client = APIClient(transport: StubTransport.immediate)
        let request = try client.makeRequest(
            HostileRouter.widgets(ids: [1, 2], tags: ["a,b", "c"], filter: ["status": "open", "kind": "x y"], extra: ["n": 1]),
            baseURL: URL(string: "https://example.com/v1")!)
        XCTAssertEqual(request.url?.query(percentEncoded: true),
                       "ids=1,2&tags%5B%5D=a%2Cb&tags%5B%5D=c&filter%5Bkind%5D=x%20y&filter%5Bstatus%5D=open&n=1")
    }

    /// `dateEncoding:` (issue 30): the service's local date-times in Seoul, and each parameter's and
    /// field's own encoding, on the wire byte for byte; the sample reads back through the stub.
    func testDateEncodingsReachTheWire() async throws {
        let instant = Date(timeIntervalSince1970: 1_735_209_015.123)  // 2024-12-26T10:30:15.123Z, 19:30:15.123 in Seoul
        let whole = Date(timeIntervalSince1970: 1_735_209_015)
        let base = URL(string: "https://dates.example.com")!
        let client = APIClient(transport: StubTransport.immediate)
        let list = try client.makeRequest(
            DatesRouter.listEvents(day: Date(timeIntervalSince1970: 1_735_255_800), since: instant, until: instant, days: [whole], xAsOf: instant),
            baseURL: base)
        XCTAssertEqual(list.url?.absoluteString,
                       "https://dates.example.com/days/2024-12-27/events?since=2024-12-26T19%3A30%3A15.123&until=1735209015123&days=2024-12-26")
        XCTAssertEqual(list.value(forHTTPHeaderField: "X-As-Of"), "2024-12-26T10:30:15.123Z")

        let event = Event(id: 1, startsAt: instant, createdAt: whole, updatedAt: instant, day: whole, seenAt: [instant])
        let create = try client.makeRequest(DatesRouter.createEvent(body: event), baseURL: base)
        XCTAssertEqual(String(decoding: try XCTUnwrap(create.httpBody), as: UTF8.self),
                       #"{"createdAt":1735209015,"day":"2024-12-26","id":1,"seenAt":["2024-12-26T10:30:15.123Z"],"startsAt":"2024-12-26T19:30:15.123","updatedAt":1735209015123}"#)

        let remind = try client.makeRequest(
            DatesRouter.remind(body: Reminder(at: instant, snoozeUntil: whole, slots: [Slot(at: whole, day: whole)])), baseURL: base)
        XCTAssertEqual(String(decoding: try XCTUnwrap(remind.httpBody), as: UTF8.self),
                       "at=2024-12-26T19%3A30%3A15.123&snoozeUntil=1735209015&slots%5B0%5D%5Bat%5D=2024-12-26T19%3A30%3A15"
                       + "&slots%5B0%5D%5Bday%5D=2024-12-26")

        let attach = try APIClient(transport: StubTransport.immediate, configuration: .init(multipartBoundary: { "B" })).makeRequest(
            DatesRouter.attach(body: AttachRequest(file: File(data: Data("x".utf8), fileName: "a.txt"), event: event)), baseURL: base)
        let multipart = String(decoding: try XCTUnwrap(attach.httpBody), as: UTF8.self)
        XCTAssertTrue(multipart.contains(#""startsAt":"2024-12-26T19:30:15.123""#), multipart)
        XCTAssertTrue(multipart.contains(#""createdAt":1735209015"#), multipart)

        let events = try await DatesService(client: client).listEvents(day: whole)
        XCTAssertEqual(events.count, 1)
        XCTAssertEqual(events[0].startsAt.timeIntervalSince1970, instant.timeIntervalSince1970, accuracy: 0.000_001)
        XCTAssertEqual(events[0].createdAt, whole)
        XCTAssertEqual(events[0].updatedAt?.timeIntervalSince1970 ?? 0, instant.timeIntervalSince1970, accuracy: 0.000_001)
        XCTAssertEqual(events[0].day, Date(timeIntervalSince1970: 1_735_171_200 - 9 * 3600), "midnight in Seoul")
        XCTAssertEqual(events[0].seenAt, [whole])
    }

    /// Any method token, literals written percent-encoded and `{path...}` parameters (issue 30).
    func testMethodsAndPathsOfAnyKind() throws {
        let client = APIClient(transport: StubTransport.immediate)
        let base = URL(string: "https://paths.example.com")!
        XCTAssertEqual(try client.makeRequest(PathsRouter.purge(key: "k"), baseURL: base).httpMethod, "PURGE")
        XCTAssertEqual(try client.makeRequest(PathsRouter.traceRoot, baseURL: base).httpMethod, "TRACE")
        let propfind = try client.makeRequest(PathsRouter.propfind(id: 7), baseURL: base)
        XCTAssertEqual(propfind.httpMethod, "PROPFIND")
        XCTAssertEqual(propfind.url?.absoluteString, "https://paths.example.com/dav/%C3%A9t%C3%A9/a:b/%23tag%20x/7")
        let file = try client.makeRequest(PathsRouter.readFile(repo: "a/b", path: "src/main code/é.swift"), baseURL: base)
        XCTAssertEqual(file.url?.absoluteString, "https://paths.example.com/repos/a%2Fb/contents/src/main%20code/%C3%A9.swift/raw")
        XCTAssertThrowsError(try client.makeRequest(PathsRouter.readFile(repo: "r", path: "src/../../etc"), baseURL: base)) { error in
            guard case APIError.invalidRequest = error else { return XCTFail("\(error)") }
        }
    }

    /// A form body with nested fields (issue 30): Stripe's bracket convention and per-field styles.
    func testFormBodiesWithNestedFields() throws {
        let client = APIClient(transport: StubTransport.immediate)
        let form = SessionForm(mode: "payment", lineItems: [LineItem(price: "price_1", quantity: 2)], metadata: ["order": "A&1"],
                               expand: ["data.customer"], tags: ["a", "b"], shipping: Address(name: "Ann", city: "Seoul"),
                               extra: ["flag": true, "list": [1, 2]])
        let request = try client.makeRequest(FormsRouter.createSession(body: form), baseURL: URL(string: "https://forms.example.com")!)
        XCTAssertEqual(request.value(forHTTPHeaderField: "Content-Type"), "application/x-www-form-urlencoded")
        XCTAssertEqual(String(decoding: try XCTUnwrap(request.httpBody), as: UTF8.self),
                       "mode=payment&line_items%5B0%5D%5Bprice%5D=price_1&line_items%5B0%5D%5Bquantity%5D=2"
                       + "&metadata%5Border%5D=A%261&expand%5B%5D=data.customer&tags=a,b&city=Seoul&name=Ann"
                       + "&extra%5Bflag%5D=true&extra%5Blist%5D%5B0%5D=1&extra%5Blist%5D%5B1%5D=2")
        let bare = try client.makeRequest(FormsRouter.createSession(body: SessionForm(mode: "setup", lineItems: [])),
                                          baseURL: URL(string: "https://forms.example.com")!)
        XCTAssertEqual(String(decoding: try XCTUnwrap(bare.httpBody), as: UTF8.self), "mode=setup", "nil and empty lists send nothing")
    }

    /// `type: Int`: the tag is a JSON number both ways; the sample is sent as numbers too.
    func testOneOfModelsWithIntegerDiscriminatorsReadAndWriteNumbers() async throws {
        let widgets = try await HostileService(client: APIClient(transport: StubTransport.immediate), xTenantId: "t").widgets(ids: [], filter: [:])
        XCTAssertEqual(widgets, [
            .button(Button(type: .value1, label: "ok")), .legacyButton(Button(type: .valueMinus1, label: "old")),
            .treeNode(TreeNode(name: "n")),
        ])
        let decoded = try JSONDecoder().decode([Widget].self, from: Data(#"[{"type":2,"name":"t"},{"type":9,"x":true}]"#.utf8))
        XCTAssertEqual(decoded, [.treeNode(TreeNode(name: "t")), .unknown(["type": 9, "x": true])])

        // The case's value is written whatever the model's own field says.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        XCTAssertEqual(String(decoding: try encoder.encode([Widget.legacyButton(Button(type: .value1, label: "l")), .button(Button(label: "b"))] + decoded), as: UTF8.self),
                       #"[{"label":"l","type":-1},{"label":"b","type":1},{"depth":0,"name":"t","type":2},{"type":9,"x":true}]"#)

        // A string where the number belongs is a decoding error, not the case of that number.
        XCTAssertThrowsError(try JSONDecoder().decode(Widget.self, from: Data(#"{"type":"1","label":"s"}"#.utf8)))
    }

    /// A `oneOf` without a discriminator: the first case, in the spec's order, that decodes;
    /// encoded as the value alone.
    func testUnionsDecodeTheFirstCaseThatFitsAndEncodeTheValueAlone() async throws {
        let nested = try await HostileService(client: APIClient(transport: StubTransport.immediate), xTenantId: "t").nested(body: .int(1))
        XCTAssertEqual(nested, .nestedList([.default(1), .noCaseMatched("a"), .nestedList([.json(true)]), .tagged(Tagged(note: "n"))]))

        let json = #"[2,"b",[],{"@type":"x"},{"other":1},null,2.5]"#
        let decoded = try JSONDecoder().decode([Nested].self, from: Data(json.utf8))
        // Any object is a Tagged (its fields are all optional); 2.5 is no Int, so JSON takes it.
        XCTAssertEqual(decoded, [.default(2), .noCaseMatched("b"), .nestedList([]), .tagged(Tagged(type: "x")), .tagged(Tagged()), .json(nil), .json(2.5)])
        XCTAssertEqual(String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self), #"[2,"b",[],{"@type":"x"},{},null,2.5]"#)

        // `==` is written out: the same case holding equal values; hashing agrees.
        XCTAssertNotEqual(Nested.default(1), .json(1))
        XCTAssertNotEqual(Amount.int(1), .int(2))
        XCTAssertNotEqual(Widget.button(Button(label: "a")), .legacyButton(Button(label: "a")))
        XCTAssertEqual(Set([Amount.int(1), .int(1), .double(1), .intMap([:])]).count, 3)

        // Int before Double: 3 is an Int, 3.5 a Double; a value no case takes is a decoding error
        // at its place, naming the cases.
        XCTAssertEqual(try JSONDecoder().decode([Amount].self, from: Data(#"[3,3.5,{"a":1}]"#.utf8)), [.int(3), .double(3.5), .intMap(["a": 1])])
        XCTAssertThrowsError(try JSONDecoder().decode([Amount].self, from: Data(#"[1,"x"]"#.utf8))) { error in
            guard case DecodingError.typeMismatch(_, let context)? = error as? DecodingError else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.map(\.intValue), [1])
            XCTAssertEqual(context.debugDescription, "Expected one of Int, Double, [String: Int].")
            XCTAssertNil(context.underlyingError, "no case fit the value's shape: none is closer than another")
        }
        // A case that fits the shape but fails inside says why, at its place within the value.
        XCTAssertThrowsError(try JSONDecoder().decode([Amount].self, from: Data(#"[1,{"a":1,"b":"x"}]"#.utf8))) { error in
            guard case DecodingError.typeMismatch(_, let context)? = error as? DecodingError else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.map(\.intValue), [1])
            XCTAssertTrue(context.debugDescription.hasPrefix("Expected one of Int, Double, [String: Int]; as [String: Int]: Expected Int"), context.debugDescription)
            XCTAssertTrue(context.debugDescription.hasSuffix(" (at b)"), context.debugDescription)
            guard case DecodingError.typeMismatch(_, let inner)? = context.underlyingError as? DecodingError else {
                return XCTFail("\(String(describing: context.underlyingError))")
            }
            XCTAssertEqual(inner.codingPath.last?.stringValue, "b")
        }
        // A nested object where the map wants an Int: the map case fits the outer shape.
        XCTAssertThrowsError(try JSONDecoder().decode(Amount.self, from: Data(#"{"a":{"deep":1}}"#.utf8))) { error in
            guard case DecodingError.typeMismatch(_, let context)? = error as? DecodingError else { return XCTFail("\(error)") }
            XCTAssertTrue(context.debugDescription.contains("as [String: Int]: Expected Int"), context.debugDescription)
            XCTAssertTrue(context.debugDescription.hasSuffix(" (at a)"), context.debugDescription)
        }
    }
}

/// Requests a stub transport saw.
private final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [URLRequest] = []
    func append(_ request: URLRequest) { lock.lock(); stored.append(request); lock.unlock() }
    var requests: [URLRequest] { lock.lock(); defer { lock.unlock() }; return stored }
}
