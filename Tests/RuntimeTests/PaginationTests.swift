import Foundation
import XCTest
@testable import EndpointRuntime

/// `APIPages` without a network: the `Link` header parser (RFC 8288), the end rules, and the
/// fixed pages fakes answer with. The wire suite (CatalogWireTests) sends real pages.
final class PaginationTests: XCTestCase {
    private let base = URL(string: "https://api.example.com/v1/items?page=2")!

    func testLinkHeaderFindsNextAmongSeveralLinks() {
        let field = #"<https://api.example.com/v1/items?page=1>; rel="prev first", <https://api.example.com/v1/items?page=3>; rel="next""#
        XCTAssertEqual(LinkHeader.target(ofRelation: "next", in: field, base: base)?.absoluteString,
                       "https://api.example.com/v1/items?page=3")
        XCTAssertEqual(LinkHeader.target(ofRelation: "first", in: field, base: base)?.absoluteString,
                       "https://api.example.com/v1/items?page=1")
    }

    func testLinkHeaderResolvesRelativeTargetsAgainstTheRequestURL() {
        XCTAssertEqual(LinkHeader.target(ofRelation: "next", in: "<items?page=3>; rel=next", base: base)?.absoluteString,
                       "https://api.example.com/v1/items?page=3")
        XCTAssertEqual(LinkHeader.target(ofRelation: "next", in: "</other?cursor=a%2Cb>; rel=next", base: base)?.absoluteString,
                       "https://api.example.com/other?cursor=a%2Cb")
    }

    func testLinkHeaderReadsQuotedParametersAndTheFirstRelOnly() {
        // A comma and a `rel=next` inside a quoted title are not a new link nor its relation;
        // a second `rel` is ignored (RFC 8288, 3.3); relation types compare without case.
        let field = #"</a>; title="x, rel=next"; rel=prev; rel=next, </b>;REL="Next""#
        XCTAssertEqual(LinkHeader.parse(field), [
            LinkHeader.Link(target: "/a", relations: ["prev"]),
            LinkHeader.Link(target: "/b", relations: ["next"]),
        ])
        XCTAssertEqual(LinkHeader.target(ofRelation: "next", in: field, base: base)?.path, "/b")
    }

    func testMalformedLinksAreSkipped() {
        XCTAssertEqual(LinkHeader.parse(#"garbage, <no-close; rel=next"#), [])
        XCTAssertEqual(LinkHeader.parse(#"junk; rel=next, </ok>; rel=next"#), [LinkHeader.Link(target: "/ok", relations: ["next"])])
        XCTAssertNil(LinkHeader.target(ofRelation: "next", in: "</a>; rel=last", base: base))
    }

    func testFixedPagesAndTheirItems() async throws {
        let pages = APIPages<[Int], Int>([[1, 2], [], [3]], items: { $0 })
        var all: [[Int]] = []
        for try await page in pages { all.append(page) }
        XCTAssertEqual(all, [[1, 2], [], [3]])
        let items = try await pages.allItems()
        XCTAssertEqual(items, [1, 2, 3])
        var iterator = APIPages<[Int], Int>([[1]], failure: .cancelled, items: { $0 }).items.makeAsyncIterator()
        let first = try await iterator.next()
        XCTAssertEqual(first, 1)
        do {
            _ = try await iterator.next()
            XCTFail("expected the failure")
        } catch {
            guard case .cancelled = error else { return XCTFail("\(error)") }
        }
    }

    func testEndRules() {
        func context(items: Int) -> PageContext<Int> {
            PageContext(response: APIResponse(value: 0, status: 200), requestURL: nil, baseURL: base, itemCount: items,
                        pageCount: 1, itemTotal: items)
        }
        XCTAssertTrue(context(items: 20).hasNext(page: 2, size: 20))
        XCTAssertFalse(context(items: 19).hasNext(page: 2, size: 20), "a short page is the last")
        XCTAssertFalse(context(items: 0).hasNext(page: 2, size: nil), "an empty page is the last")
        XCTAssertTrue(context(items: 3).hasNext(page: 2, size: nil))
        XCTAssertFalse(context(items: 20).hasNext(page: 2, size: 20, hasMore: false))
        XCTAssertTrue(context(items: 20).hasNext(page: 2, size: 20, totalPages: 2))
        XCTAssertFalse(context(items: 20).hasNext(page: 3, size: 20, totalPages: 2))
        XCTAssertTrue(context(items: 10).hasNext(offset: 10, size: 10, total: 11))
        XCTAssertFalse(context(items: 10).hasNext(offset: 10, size: 10, total: 10))
        XCTAssertNil(context(items: 1).nextCursor(""))
        XCTAssertNil(context(items: 1).nextCursor(String?.none))
        XCTAssertNil(context(items: 1).nextCursor("c", hasMore: false))
        XCTAssertEqual(context(items: 1).nextCursor("c"), "c")
        XCTAssertEqual(context(items: 1).nextCursor(7), 7)
    }

    // MARK: - Bounded work

    /// CPU seconds of this thread for `body` (wall time would count the machine's other load).
    private func cpuSeconds(_ body: () -> Void) -> Double {
        let start = threadCPUSeconds()
        body()
        return threadCPUSeconds() - start
    }

    func testAnUnclosedLinkHeaderCostsLinearTime() {
        // `<,` repeated, no `>` anywhere: each `<` searched the rest of the field for its `>`
        // (1.7 / 5.8 / 18.3 s of CPU for 10 / 20 / 40 KB before).
        var small = 0.0
        var large = 0.0
        var links: [LinkHeader.Link] = [LinkHeader.Link(target: "x", relations: [])]
        small = cpuSeconds { links = LinkHeader.parse(String(repeating: "<,", count: 5_000)) }
        XCTAssertEqual(links, [])
        large = cpuSeconds { links = LinkHeader.parse(String(repeating: "<,", count: 20_000)) }
        XCTAssertEqual(links, [])
        // The quadratic parser took 18.3 s; room for a sanitized build on a busy machine.
        XCTAssertLessThan(large, 5, "40 KB of `<,` in \(large) s")
        XCTAssertNil(LinkHeader.target(ofRelation: "next", in: String(repeating: "<,", count: 20_000), base: base))
        // Links before the unclosed rest still count.
        XCTAssertEqual(LinkHeader.parse("</a>; rel=next, " + String(repeating: "<,", count: 100)),
                       [LinkHeader.Link(target: "/a", relations: ["next"])])
        // Linear: four times the text, not sixteen times the time (a margin for a busy machine).
        if small > 0.01 { XCTAssertLessThan(large / small, 8, "\(small) s, then \(large) s") }
    }

    private struct CursorPage: Decodable, Sendable {
        var items: [Int]
        var next: String?
    }

    /// Pages of one item each whose `next` is what `next(cursor)` answers; the cursors asked for.
    private func cursorPages(method: HTTPMethod = .get, next: @escaping @Sendable (String) -> String?) async throws -> (pages: Int, sent: [String]) {
        let sent = Recorder<String>()
        let client = APIClient(transport: StubTransport { request in
            let cursor: String
            if method == .get {
                cursor = URLComponents(url: request.url!, resolvingAgainstBaseURL: false)?.queryItems?
                    .first { $0.name == "cursor" }?.value ?? ""
            } else {
                cursor = request.httpBody.flatMap { try? JSONDecoder().decode([String: String].self, from: $0)["cursor"] } ?? ""
            }
            sent.append(cursor)
            // A failure instead of a sequence that never ends, should the rule break.
            guard sent.count < 20 else { return .failure(.transport(.other(code: 0, description: "too many pages"))) }
            let following = next(cursor).map { "\"\($0)\"" } ?? "null"
            return .json(#"{"items":[\#(sent.count)],"next":\#(following)}"#)
        })
        @Sendable func endpoint(_ cursor: String?) -> ProbeEndpoint {
            var endpoint = ProbeEndpoint(method: method, path: "/list")
            if let cursor {
                if method == .get { endpoint.queryItems = [QueryItem(name: "cursor", value: cursor)] } else { endpoint.body = .json(["cursor": cursor]) }
            }
            return endpoint
        }
        let pages = APIPages<CursorPage, Int>(client: client, baseURL: testBaseURL, first: endpoint(nil), items: { $0.items }) { previous in
            guard let cursor = previous.nextCursor(previous.value.next) else { return nil }
            return .endpoint(endpoint(cursor))
        }
        var count = 0
        for try await _ in pages { count += 1 }
        return (count, sent.values)
    }

    func testACycleOfCursorsEndsTheSequence() async throws {
        // A, B, A: the page asked for twice ends the sequence at the page before it.
        let two = try await cursorPages { ["": "A", "A": "B", "B": "A"][$0] }
        XCTAssertEqual(two.sent, ["", "A", "B"])
        XCTAssertEqual(two.pages, 3)
        let three = try await cursorPages { ["": "A", "A": "B", "B": "C", "C": "A"][$0] }
        XCTAssertEqual(three.sent, ["", "A", "B", "C"])
        XCTAssertEqual(three.pages, 4)
        // A POST repeating its cursor: the same body to the same URL.
        let post = try await cursorPages(method: .post) { ["": "A", "A": "A"][$0] }
        XCTAssertEqual(post.sent, ["", "A"])
        XCTAssertEqual(post.pages, 2)
        // Different bodies to one URL are different pages.
        let moving = try await cursorPages(method: .post) { ["": "A", "A": "B", "B": "C"][$0] }
        XCTAssertEqual(moving.sent, ["", "A", "B", "C"])
    }
}
