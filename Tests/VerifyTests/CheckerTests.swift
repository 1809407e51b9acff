import EndpointGenSpec
import EndpointRuntime
import EndpointGenSupport
@testable import EndpointGenVerify
import Foundation
import XCTest

/// The checker and the JSON reader alone: what the generated `Decodable` code accepts passes,
/// what it refuses is an error, what it reads as `.unknown` or ignores is a warning.
final class CheckerTests: XCTestCase {
    static let spec = """
    service: Shop
    dateEncoding: epochMilliseconds
    endpoints:
      getThing:
        method: GET
        path: /thing
        response: Thing
      getEvents:
        method: GET
        path: /events
        query:
          cursor: String?
          offset: Int?
          limit: Int = 2
        paginate: { cursor: meta.next, param: cursor, items: events }
        response: EventPage
      getOffsets:
        method: GET
        path: /offsets
        query:
          offset: Int?
          limit: Int = 2
        paginate: { offset: offset, limit: limit, total: total, items: events }
        response: EventPage
      getLinked:
        method: GET
        path: /linked
        paginate: { link: true }
        response: "[Event]"
    models:
      Thing:
        fields:
          count: Int32
          id: UUID
          at: Date
          day: { type: Date, dateEncoding: date }
          size: Int = 3
          secret: { type: String, readOnly: true }
          content: Content
          extra: JSON
          level: Level
      Level:
        # an integer enum: 4 is a value the spec does not list
        enum: { type: Int, values: { low: 1, middle: 2, high: 3 } }
      Content:
        oneOf:
          cases: [String, "[Part]"]
      Part:
        fields:
          text: String
      EventPage:
        fields:
          events: [Event]
          total: Int?
          meta: Meta?
      Meta:
        fields:
          next: String?
      Event:
        fields:
          name: String

    """

    static let module: SpecModule = {
        let loaded = SpecLoader.load([SourceFile(path: "specs/shop.yaml", bytes: Array(spec.utf8))])
        guard let module = loaded.module else { fatalError(loaded.diagnostics.map(\.rendered).joined(separator: "\n")) }
        return module
    }()

    func issues(_ json: String, _ type: TypeRef = .model("Thing")) throws -> [String] {
        guard case .success(let document) = JSONDocument.parse(Array(json.utf8)) else { throw XCTSkip("not JSON: \(json)") }
        var checker = ShapeChecker(models: Self.module.modelsByName, serviceDates: DateEncodingSetting(kind: .epochMilliseconds))
        checker.check(document, type, path: "")
        return checker.issues.map { "\($0.severity.rawValue): \($0.text)\($0.more > 0 ? " +\($0.more)" : "")" }
    }

    static let good = #"{"count": 5, "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "at": 1735209015123, "day": "2024-12-26", "content": "hi", "extra": null, "level": 2}"#

    func testWhatTheGeneratedCodeReadsPasses() throws {
        XCTAssertEqual(try issues(Self.good), [])
        // A default fills a missing or null value; a read-only field may be absent; a union's second case.
        XCTAssertEqual(try issues(#"{"count": 5, "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "at": "1735209015123", "day": "2024-12-26", "size": null, "content": [{"text": "a"}], "extra": [1], "level": 3}"#), [])
    }

    func testScalarsOutOfTheirTypes() throws {
        let found = try issues(#"{"count": 3000000000, "id": "nope", "at": "2024-12-26", "day": 20241226, "size": 1.5, "content": 7, "extra": 1, "level": 4}"#)
        XCTAssertEqual(found, [
            "error: field 'count' is 3000000000, out of Int32's range (in Thing, specs/shop.yaml:33:7)",
            "error: field 'id' is \"nope\", not a UUID (in Thing, specs/shop.yaml:34:7)",
            "error: field 'at' is \"2024-12-26\", not a date in epochMilliseconds (in Thing, specs/shop.yaml:35:7)",
            "error: field 'day' is a number, not a date in date (in Thing, specs/shop.yaml:36:7)",
            "error: field 'size' is 1.5, not an integer (Int, in Thing, specs/shop.yaml:37:7)",
            "error: field 'content' is a number, which none of Content's cases (String, [Part]) reads (in Thing, specs/shop.yaml:39:7)",
            "warning: field 'level' is 4, not a value of Level (1, 2, 3) (in Thing, specs/shop.yaml:41:7); the app reads it as .unknown",
        ])
    }

    func testTheSameDriftInEveryElementIsOneIssue() throws {
        XCTAssertEqual(try issues(#"[{"name": 1}, {"name": 2}, {"name": "c"}, {}]"#, .array(.model("Event"))), [
            "error: field '[0].name' is a number, expected String (in Event, specs/shop.yaml:61:7) +1",
            "error: field '[3].name' is missing (required in Event, specs/shop.yaml:61:7)",
        ])
    }

    func testJSONNumbersKeepTheirText() {
        XCTAssertEqual(JSONDocument.parse(Array(#"{"a": 1.0, "b": -0, "c": 12345678901234567890}"#.utf8)),
                       .success(.object([("a", .number("1.0")), ("b", .number("-0")), ("c", .number("12345678901234567890"))])))
        XCTAssertEqual(try issues(#"{"count": 1.0, "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "at": 1, "day": "2024-12-26", "content": "", "extra": 1, "level": 1}"#),
                       ["error: field 'count' is 1.0, not an integer (Int32, in Thing, specs/shop.yaml:33:7)"])
    }

    func testJSONReaderRefusesWhatIsNotJSON() {
        for text in ["", "{", "[1,]", "{\"a\" 1}", "01", "1.", "\"\\ud800\"", "\"a\u{01}\"", "nul", "{} x", "'a'"] {
            guard case .failure = JSONDocument.parse(Array(text.utf8)) else { return XCTFail("read \(text)") }
        }
        XCTAssertEqual(JSONDocument.parse(Array(#""\ud83d\ude00 \u00e9\n""#.utf8)), .success(.string("😀 é\n")))
        XCTAssertEqual(JSONDocument.parse([0xEF, 0xBB, 0xBF] + Array("[]".utf8)), .success(.array([])))
        // Nesting is bounded: the checker recurses over the document.
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        guard case .failure(let failure) = JSONDocument.parse(Array(deep.utf8)) else { return XCTFail("read a deep document") }
        XCTAssertEqual(failure.reason, "nested deeper than 256 levels")
    }

    // MARK: - Next pages

    func endpoint(_ name: String) -> SpecEndpoint {
        Self.module.files[0].service!.endpoints.first { $0.name == name }!
    }

    func step(_ name: String, query: [QueryItem], body: String, headers: [String: String] = [:]) throws -> NextPage.Step {
        let endpoint = endpoint(name)
        let request = PlannedRequest(method: .get, pathComponents: [.literal(endpoint.path)], queryItems: query, headers: [], body: .none,
                                     auth: .none, timeout: nil, followsRedirects: true, credentialHeaders: [])
        guard case .success(let payload) = JSONDocument.parse(Array(body.utf8)) else { throw XCTSkip("not JSON") }
        return NextPage(endpoint: endpoint, pagination: endpoint.pagination!)
            .step(after: request, base: URL(string: "http://127.0.0.1:8080/v1")!,
                  answer: RawAnswer(status: 200, headers: headers, body: Data(body.utf8)), payload: payload)
    }

    func describe(_ step: NextPage.Step) -> String {
        switch step {
        case .end(let why): return "end: \(why)"
        case .broken(let why, let severity): return "\(severity.rawValue): \(why)"
        case .next(let request, let base, let how):
            let query = request.queryItems.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
            return "next \(how): \(base.absoluteString) \(request.path)?\(query)"
        }
    }

    func testCursorPages() throws {
        let two = #"{"events": [{"name": "a"}, {"name": "b"}], "meta": {"next": "c2"}}"#
        XCTAssertEqual(describe(try step("getEvents", query: [QueryItem(name: "limit", value: "2")], body: two)),
                       "next cursor=c2: http://127.0.0.1:8080/v1 /events?limit=2&cursor=c2")
        XCTAssertEqual(describe(try step("getEvents", query: [QueryItem(name: "cursor", value: "c2")], body: two)),
                       "error: the page repeats the cursor it was asked with ('c2'): the app would stop here")
        XCTAssertEqual(describe(try step("getEvents", query: [], body: #"{"events": [], "meta": {"next": null}}"#)),
                       "end: the cursor 'meta.next' is null")
        XCTAssertEqual(describe(try step("getEvents", query: [], body: #"{"events": [{"name": "a"}], "meta": {"nextCursor": "x"}}"#)),
                       "warning: the cursor 'meta.next' is not in the page, so the app stops after it")
    }

    /// Stripe's lists: the next page starts after the last item's id; an empty page has no last item.
    func testLastItemPages() throws {
        let loaded = SpecLoader.load([SourceFile(path: "specs/list.yaml", bytes: Array("""
            service: List
            endpoints:
              getCharges:
                method: GET
                path: /charges
                query:
                  starting_after: String?
                paginate: { lastItem: id, param: starting_after, items: data, hasMore: has_more }
                response: ChargeList
            models:
              ChargeList: { fields: { data: "[Charge]", has_more: Bool } }
              Charge: { fields: { id: String } }
            """.utf8))])
        let endpoint = try XCTUnwrap(loaded.module?.files[0].service?.endpoints.first, loaded.diagnostics.map(\.rendered).joined())
        func step(_ query: [QueryItem], _ body: String) throws -> String {
            let request = PlannedRequest(method: .get, pathComponents: [.literal(endpoint.path)], queryItems: query, headers: [], body: .none,
                                         auth: .none, timeout: nil, followsRedirects: true, credentialHeaders: [])
            guard case .success(let payload) = JSONDocument.parse(Array(body.utf8)) else { throw XCTSkip("not JSON") }
            return describe(NextPage(endpoint: endpoint, pagination: try XCTUnwrap(endpoint.pagination))
                .step(after: request, base: URL(string: "http://127.0.0.1:8080/v1")!,
                      answer: RawAnswer(status: 200, headers: [:], body: Data(body.utf8)), payload: payload))
        }
        XCTAssertEqual(try step([], #"{"data": [{"id": "ch_1"}, {"id": "ch_2"}], "has_more": true}"#),
                       "next starting_after=ch_2: http://127.0.0.1:8080/v1 /charges?starting_after=ch_2")
        XCTAssertEqual(try step([], #"{"data": [{"id": "ch_1"}], "has_more": false}"#), "end: 'hasMore' is false")
        XCTAssertEqual(try step([], #"{"data": [], "has_more": true}"#), "end: the page is empty")
        XCTAssertEqual(try step([QueryItem(name: "starting_after", value: "ch_2")], #"{"data": [{"id": "ch_2"}], "has_more": true}"#),
                       "error: the page's last item repeats the cursor it was asked with ('ch_2'): the app would stop here")
        XCTAssertEqual(try step([], #"{"data": [{"name": "x"}], "has_more": true}"#),
                       "warning: the last item has no 'id', so the app stops after this page")
    }

    func testOffsetPages() throws {
        let query = [QueryItem(name: "limit", value: "2")]
        XCTAssertEqual(describe(try step("getOffsets", query: query, body: #"{"events": [{"name": "a"}, {"name": "b"}], "total": 5}"#)),
                       "next offset=2: http://127.0.0.1:8080/v1 /offsets?limit=2&offset=2")
        XCTAssertEqual(describe(try step("getOffsets", query: query, body: #"{"events": [{"name": "a"}, {"name": "b"}], "total": 2}"#)),
                       "end: the first page is the last")
        XCTAssertEqual(describe(try step("getOffsets", query: query, body: #"{"events": [{"name": "a"}], "total": 5}"#)),
                       "end: the first page is the last")
    }

    func testLinkPagesStayOnTheBaseURLsOrigin() throws {
        let body = #"[{"name": "a"}]"#
        XCTAssertEqual(describe(try step("getLinked", query: [], body: body, headers: ["Link": #"</v1/linked?after=a>; rel="next""#])),
                       #"next Link rel="next": http://127.0.0.1:8080 /v1/linked?after=a"#)
        XCTAssertEqual(describe(try step("getLinked", query: [], body: body, headers: ["Link": #"<http://evil.example/x>; rel="next""#])),
                       #"error: the Link rel="next" http://evil.example/x is not on the base URL's origin: the app refuses it"#)
        XCTAssertEqual(describe(try step("getLinked", query: [], body: body)), #"end: no Link rel="next""#)
    }
}
