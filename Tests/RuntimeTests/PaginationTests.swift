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
}
