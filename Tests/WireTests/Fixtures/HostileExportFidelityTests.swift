import EndpointRuntime
import Foundation
import GoldenHostile
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// export-openapi of the hostile fixture (Tests/Fixtures/hostile: names that break generators,
/// dates in every encoding, nested form bodies, unions, streams, methods OpenAPI 3.1 has no field
/// for) says what its generated client (`GoldenHostile`) does: the export is served by the export
/// referee, and every service method is called with the values a real app would send.
final class HostileExportFidelityTests: WireTestCase {
    private static let referee = ExportReferee(specs: "Tests/Fixtures/hostile")

    private typealias Call = ExportReferee.Call

    /// Every service method of the fixture.
    private func calls(_ client: APIClient) -> [(name: String, call: Call)] {
        let day = Date(timeIntervalSince1970: 1_735_171_200)  // 2024-12-26
        let event = Event(id: 1, startsAt: day.addingTimeInterval(37_815.123), createdAt: day, updatedAt: day.addingTimeInterval(60),
                          day: day, seenAt: [day.addingTimeInterval(3_600)])
        let photo = File(data: Data([0xFF, 0xD8, 0xFF]), fileName: "사진.jpg", mimeType: "image/jpeg")
        @Sendable func dates(_ base: URL) -> DatesService { DatesService(client: client, baseURL: base) }
        @Sendable func hostile(_ base: URL) -> HostileService { HostileService(client: client, baseURL: base, xTenantId: "tenant 1", clientValue: 3) }
        @Sendable func paths(_ base: URL) -> PathsService { PathsService(client: client, baseURL: base) }
        return [
            ("listEvents", { base throws(APIError) in
                _ = try await dates(base).listEvents(day: day, since: day, until: day.addingTimeInterval(86_400), days: [day, day.addingTimeInterval(86_400)], xAsOf: day)
            }),
            ("createEvent", { base throws(APIError) in _ = try await dates(base).createEvent(body: event) }),
            ("remind", { base throws(APIError) in
                try await dates(base).remind(body: Reminder(at: day, snoozeUntil: day.addingTimeInterval(600), slots: [Slot(at: day, day: day), Slot(at: day)]))
            }),
            ("attach", { base throws(APIError) in try await dates(base).attach(body: AttachRequest(file: photo, event: event)) }),

            ("createSession", { base throws(APIError) in
                try await FormsService(client: client, baseURL: base).createSession(body: SessionForm(
                    mode: "payment", lineItems: [LineItem(price: "price_1", quantity: 2), LineItem(price: "price 2&3", quantity: 1)],
                    metadata: ["order": "A&B=1"], expand: ["line_items"], tags: ["a", "b,c"], shipping: Address(name: "홍길동", city: "Seoul"),
                    extra: ["gift": true]))
            }),

            ("default", { base throws(APIError) in
                _ = try await hostile(base).default(self_: "me", type: 2, class: "first", _1st: 1, in: ["a", "b c"], Self_: true, xSelf: "x-self")
            }),
            ("return", { base throws(APIError) in try await hostile(base).return(body: ReturnRequest(var: "v", let: 1, type: "T")) }),
            ("shadow", { base throws(APIError) in
                _ = try await hostile(base).shadow(path: "notes.txt", items: [1, 2], client: "ios", baseURL: "https://example.com", value: 1,
                                                   completion: true, isolation: "main", headers: "secret", body: ShadowRequest(path: "a/b"))
            }),
            ("plainQuote", { base throws(APIError) in try await hostile(base).plainQuote() }),
            ("maybeQuote", { base throws(APIError) in try await hostile(base).maybeQuote(xQuote: "q", xQuotes: ["a", "b"]) }),
            ("widgets", { base throws(APIError) in
                _ = try await hostile(base).widgets(ids: [1, 2], tags: ["x", "y,z"], filter: ["color": "red"], extra: ["min": 1])
            }),
            ("chat", { base throws(APIError) in try await firstElements(hostile(base).chat(body: ChatRequest(prompt: "안녕"))) }),
            ("changes", { base throws(APIError) in try await firstElements(hostile(base).changes(since: 5)) }),
            ("createAccount", { base throws(APIError) in _ = try await hostile(base).createAccount(body: Account(password: "pw 1", name: "n")) }),
            ("uploadWithAttributes", { base throws(APIError) in
                try await hostile(base).uploadWithAttributes(body: UploadWithAttributesRequest(
                    attributes: Account(name: "box"), file: photo, more: [File(data: Data("two".utf8), fileName: "2.txt", mimeType: "text/plain")]))
            }),
            ("nested", { base throws(APIError) in _ = try await hostile(base).nested(body: .int(5)) }),

            ("purge", { base throws(APIError) in try await paths(base).purge(key: "k 1") }),
            ("traceRoot", { base throws(APIError) in try await paths(base).traceRoot() }),
            ("propfind", { base throws(APIError) in try await paths(base).propfind(id: 3) }),
            ("readFile", { base throws(APIError) in _ = try await paths(base).readFile(repo: "endpointgen", path: "docs/read me.md") }),
        ]
    }

    func testTheExportAcceptsWhatTheClientSendsAndTheClientReadsWhatTheExportAllows() async throws {
        let (base, _) = try await Self.referee.start()
        let calls = calls(client(timeout: 30))
        // Each operation declares one response: three rounds answer it with different bodies.
        try await Self.referee.check(calls, rounds: 3, base: base, methods: 20, operations: 20)
    }
}
