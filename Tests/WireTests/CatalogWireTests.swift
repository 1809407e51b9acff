import APITestSupport
import EndpointRuntime
import FlyingFox
import Foundation
import Generated
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// specs/catalog.yaml over the wire: `paginate:` by page number, offset, cursor and Link header.
/// Every page is a normal call (bearer token on each), the sequence stops by the scheme's end rule,
/// an error ends it typed, cancellation sends nothing more, and a link to another origin is refused.
final class CatalogWireTests: WireTestCase {
    private func service(_ server: WireServer, retryPolicy: RetryPolicy = .none, plugins: [any APIPlugin] = []) -> CatalogService {
        let client = APIClient(transport: transportUnderTest(),
                               authentication: Authentication(tokenProvider: TestTokens("catalog-token")),
                               plugins: plugins, retryPolicy: retryPolicy, configuration: .init(timeout: 5))
        return CatalogService(client: client, baseURL: server.baseURL)
    }

    /// `[{"id":1,"title":"Book 1"},…]` for ids `ids`.
    private static func books(_ ids: ClosedRange<Int>?) -> String {
        "[" + (ids.map { $0.map { #"{"id":\#($0),"title":"Book \#($0)"}"# } } ?? []).joined(separator: ",") + "]"
    }

    private static func int(_ request: ReceivedRequest, _ name: String) -> Int? {
        request.queryValues(name).first.flatMap(Int.init)
    }

    func testTheOnePageMethodsSendOneRequest() async throws {
        let server = try await serve(basePath: "/v1") { request in
            switch request.rawPath {
            case "/v1/books": return .json(#"{"books":[{"id":1,"title":"Dune"}],"total_pages":4}"#)
            case "/v1/authors": return .json(#"{"authors":[],"total":0}"#)
            case "/v1/books/3/reviews": return .json(#"{"data":[],"meta":{"next_cursor":"c9"}}"#)
            case "/v1/loans": return .json(#"{"data":[{"id":"loan_3","book_id":7}],"has_more":true}"#)
            default: return .json("[]", headers: [HTTPHeader("Link"): "</v1/editions?page=2>; rel=next"])
            }
        }
        let catalog = service(server)
        let books = try await catalog.listBooks(page: 2)
        XCTAssertEqual(books.totalPages, 4)
        let authors = try await catalog.listAuthors(offset: 5, limit: 5)
        XCTAssertEqual(authors.total, 0)
        let reviews = try await catalog.listReviews(bookId: 3, cursor: "c8")
        XCTAssertEqual(reviews.meta?.nextCursor, "c9")
        let editions = try await catalog.listEditions()
        XCTAssertEqual(editions, [])
        let loans = try await catalog.listLoans(startingAfter: "loan_2", limit: 1)
        XCTAssertEqual(loans.data.map(\.id), ["loan_3"])
        XCTAssertTrue(loans.hasMore)
        let requests = await server.requests
        XCTAssertEqual(requests.map(\.target), ["/v1/books?page=2&per_page=20", "/v1/authors?offset=5&limit=5",
                                                "/v1/books/3/reviews?cursor=c8", "/v1/editions",
                                                "/v1/loans?starting_after=loan_2&limit=1"])
    }

    /// Struct models in the query go field by field in their style: `deepObject` under the
    /// parameter's name (`published[gte]=1960`, brackets encoded), `form` at the top
    /// (`floor=2`); nil fields and nil objects send nothing; the paged sequence sends them too.
    func testQueryObjectsAreWrittenFieldByFieldInTheirStyle() async throws {
        let server = try await serve(basePath: "/v1") { _ in .json(#"{"books":[],"total_pages":1}"#) }
        let catalog = service(server)
        _ = try await catalog.listBooks(published: YearRange(gte: 1960, lt: 1970), shelf: ShelfFilter(floor: 2, section: "sci fi"))
        _ = try await catalog.listBooks(published: YearRange(gte: nil, lt: 2000), shelf: nil,
                                        eras: [YearRange(gte: 1900, lt: nil), YearRange(gte: nil, lt: 1950)])
        for try await _ in catalog.listBooksPages(published: YearRange(gte: 1, lt: nil)) {}
        let requests = await server.requests
        XCTAssertEqual(requests.map(\.target), [
            "/v1/books?published%5Bgte%5D=1960&published%5Blt%5D=1970&floor=2&section=sci%20fi&page=1&per_page=20",
            "/v1/books?published%5Blt%5D=2000&eras%5B0%5D%5Bgte%5D=1900&eras%5B1%5D%5Blt%5D=1950&page=1&per_page=20",
            "/v1/books?published%5Bgte%5D=1&page=1&per_page=20",
        ])
        XCTAssertEqual(requests[0].queryValues("published[gte]"), ["1960"])
        XCTAssertEqual(requests[0].queryValues("section"), ["sci fi"])
        XCTAssertEqual(requests[1].queryValues("eras[1][lt]"), ["1950"])
    }

    // MARK: - Page numbers

    func testPageNumbersGoOnUntilAShortPage() async throws {
        // Pages of 2; the fifth holds one book, so it is the last.
        let server = try await serve(basePath: "/v1") { request in
            let page = Self.int(request, "page") ?? 0
            return .json(#"{"books":\#(Self.books(page == 5 ? 9...9 : (2 * page - 1)...(2 * page)))}"#)
        }
        let titles = try await service(server).listBooksPages(genre: "sf", perPage: 2).items.collect().map(\.title)
        XCTAssertEqual(titles, (1...9).map { "Book \($0)" })
        let requests = await server.requests
        XCTAssertEqual(requests.map { Self.int($0, "page") }, [1, 2, 3, 4, 5])
        XCTAssertEqual(requests.map { $0.queryValues("genre") }, Array(repeating: ["sf"], count: 5), "the other arguments stay")
        XCTAssertEqual(requests.map { $0.header("Authorization") }, Array(repeating: "Bearer catalog-token", count: 5))
        XCTAssertEqual(requests.map(\.rawPath), Array(repeating: "/v1/books", count: 5))
    }

    func testPageNumbersStopAtAnEmptyPageAndAtTheTotalPages() async throws {
        let empty = try await serve(basePath: "/v1") { request in
            let page = Self.int(request, "page") ?? 0
            return .json(#"{"books":\#(Self.books(page < 3 ? (2 * page - 1)...(2 * page) : nil))}"#)
        }
        var pages: [BookPage] = []
        for try await page in service(empty).listBooksPages(perPage: 2) { pages.append(page) }
        XCTAssertEqual(pages.map(\.books.count), [2, 2, 0])
        let emptyRequests = await empty.requests
        XCTAssertEqual(emptyRequests.count, 3)

        // Full pages, but `total_pages: 3`; starting at page 2 asks for 2 and 3 only.
        let total = try await serve(basePath: "/v1") { request in
            let page = Self.int(request, "page") ?? 0
            return .json(#"{"books":\#(Self.books((2 * page - 1)...(2 * page))),"total_pages":3}"#)
        }
        let ids = try await service(total).listBooksPages(page: 2, perPage: 2).allItems().map(\.id)
        XCTAssertEqual(ids, [3, 4, 5, 6])
        let totalRequests = await total.requests
        XCTAssertEqual(totalRequests.map { Self.int($0, "page") }, [2, 3])
    }

    // MARK: - Offsets

    func testOffsetsGoOnUntilTheTotal() async throws {
        let server = try await serve(basePath: "/v1") { request in
            let offset = Self.int(request, "offset") ?? -1
            let authors = (offset + 1...offset + 2).map { #"{"id":\#($0),"name":"Author \#($0)"}"# }.joined(separator: ",")
            return .json(#"{"authors":[\#(authors)],"total":10}"#)
        }
        let ids = try await service(server).listAuthorsPages(limit: 2).items.collect().map(\.id)
        XCTAssertEqual(ids, Array(1...10))
        let requests = await server.requests
        XCTAssertEqual(requests.map { Self.int($0, "offset") }, [0, 2, 4, 6, 8], "no sixth request: 10 of 10 received")
        XCTAssertEqual(requests.map { Self.int($0, "limit") }, Array(repeating: 2, count: 5))
    }

    func testOffsetsStopWhenHasMoreIsFalse() async throws {
        let server = try await serve(basePath: "/v1") { request in
            let offset = Self.int(request, "offset") ?? -1
            return .json(#"{"authors":[{"id":\#(offset + 1),"name":"A"}],"has_more":\#(offset < 2)}"#)
        }
        // No limit: only `has_more` (and an empty page) can end it.
        let ids = try await service(server).listAuthorsPages().allItems().map(\.id)
        XCTAssertEqual(ids, [1, 2, 3])
        let requests = await server.requests
        XCTAssertEqual(requests.map { Self.int($0, "offset") }, [0, 1, 2], "the page at offset 2 says it is the last")
        XCTAssertEqual(requests.map { $0.queryValues("limit") }, Array(repeating: [], count: 3))
    }

    // MARK: - Cursors

    func testCursorsAreSentBackUntilNull() async throws {
        let server = try await serve(basePath: "/v1") { request in
            let cursor = request.queryValues("cursor").first
            let index = cursor.map { Int($0.dropFirst())! } ?? 0
            let next = index < 4 ? #""c\#(index + 1)""# : "null"
            return .json(#"{"data":[{"id":"r\#(index)","stars":\#(index + 1)}],"meta":{"next_cursor":\#(next)}}"#)
        }
        let ids = try await service(server).listReviewsPages(bookId: 7, limit: 1).items.collect().map(\.id)
        XCTAssertEqual(ids, ["r0", "r1", "r2", "r3", "r4"])
        let requests = await server.requests
        XCTAssertEqual(requests.map { $0.queryValues("cursor") }, [[], ["c1"], ["c2"], ["c3"], ["c4"]])
        XCTAssertEqual(requests.map(\.rawPath), Array(repeating: "/v1/books/7/reviews", count: 5))
    }

    func testACursorEndsWhenEmptyAbsentOrRepeated() async throws {
        for last in [#"{"next_cursor":""}"#, "null", "{}", #"{"next_cursor":"again"}"#] {
            let sent = Counter()
            let server = try await serve(basePath: "/v1") { request in
                // A failure instead of a sequence that never ends, should the end rule break.
                if sent.increment() > 3 { return .json("{}", status: .badRequest) }
                let first = request.queryValues("cursor").isEmpty
                return .json(#"{"data":[],"meta":\#(first ? #"{"next_cursor":"again"}"# : last)}"#)
            }
            var count = 0
            for try await _ in service(server).listReviewsPages(bookId: 1) { count += 1 }
            XCTAssertEqual(count, 2, last)
            let requests = await server.requests
            XCTAssertEqual(requests.count, 2, "\(last): the same cursor is not asked for again")
        }
    }

    // MARK: - The last item's id (Stripe)

    func testTheLastItemsIdIsSentBackUntilHasMoreIsFalse() async throws {
        let server = try await serve(basePath: "/v1") { request in
            let after = request.queryValues("starting_after").first.map { Int($0.dropFirst("loan_".count))! } ?? 0
            let loans = ((after + 1)...(after + 2)).map { #"{"id":"loan_\#($0)","book_id":\#($0 * 10)}"# }.joined(separator: ",")
            return .json(#"{"object":"list","data":[\#(loans)],"has_more":\#(after + 2 < 6)}"#)
        }
        let loans = try await service(server).listLoansPages(limit: 2).items.collect()
        XCTAssertEqual(loans.map(\.id), ["loan_1", "loan_2", "loan_3", "loan_4", "loan_5", "loan_6"])
        XCTAssertEqual(loans.map(\.bookId), [10, 20, 30, 40, 50, 60])
        let requests = await server.requests
        XCTAssertEqual(requests.map { $0.queryValues("starting_after") }, [[], ["loan_2"], ["loan_4"]])
        XCTAssertEqual(requests.map { $0.queryValues("limit") }, [["2"], ["2"], ["2"]])
    }

    func testTheLastItemsSequenceEndsOnAnEmptyPageOrARepeatedId() async throws {
        // An empty page that still says has_more: there is no last item to go on from.
        let empty = try await serve(basePath: "/v1") { request in
            request.queryValues("starting_after").isEmpty
                ? .json(#"{"data":[{"id":"loan_1","book_id":1}],"has_more":true}"#)
                : .json(#"{"data":[],"has_more":true}"#)
        }
        var pages = 0
        for try await _ in service(empty).listLoansPages() { pages += 1 }
        XCTAssertEqual(pages, 2)
        let emptyRequests = await empty.requests
        XCTAssertEqual(emptyRequests.count, 2)
        // A server that answers every page with the same items: the same request is not sent twice.
        let sent = Counter()
        let repeating = try await serve(basePath: "/v1") { _ in
            if sent.increment() > 3 { return .json("{}", status: .badRequest) }
            return .json(#"{"data":[{"id":"loan_1","book_id":1}],"has_more":true}"#)
        }
        let ids = try await service(repeating).listLoansPages().items.collect().map(\.id)
        XCTAssertEqual(ids, ["loan_1", "loan_1"])
        let repeatedRequests = await repeating.requests
        XCTAssertEqual(repeatedRequests.map { $0.queryValues("starting_after") }, [[], ["loan_1"]])
    }

    // MARK: - Link header

    func testLinksAreFollowedRelativeAndQuoted() async throws {
        let server = try await serve(basePath: "/v1") { request in
            let page = Self.int(request, "page") ?? 1
            let links: [Int: String] = [
                // Absolute on the same origin, among other links; the target holds a comma.
                1: #"<http://\#(request.header("Host")!)/v1/editions?page=2&x=a,b>; rel="next", </v1/editions?page=9>; rel="last""#,
                // Relative to the URL that answered; `rel` quoted with several types.
                2: #"<editions?page=3>; rel="prev next"; title="a, b; c""#,
                // A quoted parameter holding `rel="next"` does not count; the second link is next.
                3: #"</v1/editions?page=1>; title="rel=\"next\""; rel=prev, </v1/editions?page=4>; REL=Next"#,
                4: #"</v1/editions?page=5>;rel=next"#,
            ]
            var headers: [FlyingFox.HTTPHeader: String] = [:]
            if let link = links[page] { headers[HTTPHeader("Link")] = link }
            return .json(#"[{"isbn":"isbn-\#(page)","year":\#(2000 + page)}]"#, headers: headers)
        }
        let isbns = try await service(server).listEditionsPages(perPage: 1).items.collect().map(\.isbn)
        XCTAssertEqual(isbns, ["isbn-1", "isbn-2", "isbn-3", "isbn-4", "isbn-5"])
        let requests = await server.requests
        XCTAssertEqual(requests.map(\.target), ["/v1/editions?per_page=1", "/v1/editions?page=2&x=a,b", "/v1/editions?page=3",
                                                "/v1/editions?page=4", "/v1/editions?page=5"])
        XCTAssertEqual(requests.map { $0.header("Authorization") }, Array(repeating: "Bearer catalog-token", count: 5),
                       "the token goes with every page on the base URL's origin")
    }

    func testALinkToAnotherOriginIsRefusedAndNothingIsSentThere() async throws {
        let elsewhere = try await serve { _ in .json("[]") }
        let server = try await serve(basePath: "/v1") { _ in
            .json(#"[{"isbn":"1","year":2001}]"#,
                  headers: [HTTPHeader("Link"): "<\(elsewhere.baseURL.absoluteString)/editions?page=2>; rel=\"next\""])
        }
        var iterator = service(server).listEditionsPages().makeAsyncIterator()
        let first = try await iterator.next()
        XCTAssertEqual(first?.map(\.isbn), ["1"])
        let error = await expectError { () async throws(APIError) in try await iterator.next() }
        guard case .transport(.redirectRefused(let reason))? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertTrue(reason.contains("origin"), reason)
        let afterError = try await iterator.next()
        XCTAssertNil(afterError, "an error ends the sequence")
        let sentElsewhere = await elsewhere.requests
        XCTAssertEqual(sentElsewhere.count, 0)
    }

    // MARK: - Errors, retries, cancellation

    func testAnErrorMidSequenceIsTypedAndEndsIt() async throws {
        let server = try await serve(basePath: "/v1") { request in
            let page = Self.int(request, "page") ?? 0
            if page == 3 { return .json(#"{"error":{"message":"catalog is down"}}"#, status: .internalServerError) }
            return .json(#"{"books":\#(Self.books((2 * page - 1)...(2 * page)))}"#)
        }
        var received: [Int] = []
        var iterator = service(server).listBooksPages(perPage: 2).items.makeAsyncIterator()
        let error = await expectError { () async throws(APIError) in
            while let book = try await iterator.next() { received.append(book.id) }
        }
        guard case .server(let failure)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(failure.status, 500)
        XCTAssertEqual(failure.message, "catalog is down")
        XCTAssertEqual(received, [1, 2, 3, 4])
        let next = try await iterator.next()
        XCTAssertNil(next)
        let requests = await server.requests
        XCTAssertEqual(requests.map { Self.int($0, "page") }, [1, 2, 3])
    }

    func testEachPageIsRetriedByTheClientsPolicy() async throws {
        let failures = Counter()
        let server = try await serve(basePath: "/v1") { request in
            let page = Self.int(request, "page") ?? 0
            if page == 2, failures.increment() == 1 { return .json("{}", status: .serviceUnavailable) }
            return .json(#"{"books":\#(Self.books(page < 3 ? page...page : nil))}"#)
        }
        let ids = try await service(server, retryPolicy: RetryPolicy(maxAttempts: 2, initialDelay: 0))
            .listBooksPages(perPage: 1).allItems().map(\.id)
        XCTAssertEqual(ids, [1, 2])
        let requests = await server.requests
        XCTAssertEqual(requests.map { Self.int($0, "page") }, [1, 2, 2, 3])
    }

    func testEachPageGoesThroughThePluginsAndFollowsRedirects() async throws {
        let server = try await serve(basePath: "/v1") { request in
            // The second page has moved, on the same origin.
            if request.rawPath == "/v1/books", Self.int(request, "page") == 2 {
                return HTTPResponse(statusCode: .temporaryRedirect, headers: HTTPHeaders([.location: "/v1/moved-books?page=2&per_page=1"]))
            }
            let page = Self.int(request, "page") ?? 0
            return .json(#"{"books":\#(Self.books(page < 3 ? page...page : nil))}"#)
        }
        let plugin = SentURLs()
        let ids = try await service(server, plugins: [plugin]).listBooksPages(perPage: 1).allItems().map(\.id)
        XCTAssertEqual(ids, [1, 2])
        let requests = await server.requests
        XCTAssertEqual(requests.map(\.target), ["/v1/books?page=1&per_page=1", "/v1/books?page=2&per_page=1",
                                                "/v1/moved-books?page=2&per_page=1", "/v1/books?page=3&per_page=1"])
        XCTAssertEqual(requests.map { $0.header("Authorization") }, Array(repeating: "Bearer catalog-token", count: 4))
        XCTAssertEqual(plugin.paths, ["/v1/books", "/v1/books", "/v1/moved-books", "/v1/books"], "the plugin sees every hop of every page")
    }

    func testCancellingAfterTwoPagesSendsNothingMore() async throws {
        let server = try await serve(basePath: "/v1") { request in
            let page = Self.int(request, "page") ?? 0
            return .json(#"{"books":\#(Self.books((2 * page - 1)...(2 * page)))}"#)
        }
        let pages = service(server).listBooksPages(perPage: 2)
        let task = Task { () async throws -> Int in
            var count = 0
            for try await _ in pages {
                count += 1
                if count == 2 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return count
        }
        let result = await task.result
        guard case .failure(let error) = result, case .cancelled? = error as? APIError else { return XCTFail("\(result)") }
        let requests = await server.requests
        XCTAssertEqual(requests.map { Self.int($0, "page") }, [1, 2])
    }
}

/// A plugin recording the path of every request it sees sent.
private final class SentURLs: APIPlugin, @unchecked Sendable {
    private let lock = NSLock()
    private var sent: [String] = []

    var paths: [String] {
        lock.withLock { sent }
    }

    func willSend(_ request: URLRequest, endpoint: any Endpoint) async {
        lock.withLock { sent.append(request.url?.path ?? "") }
    }
}

/// A thread-safe counter for server handlers.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    /// The count after adding one.
    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}

private extension AsyncSequence where Failure == APIError {
    /// Every element, in order.
    func collect() async throws(APIError) -> [Element] {
        var result: [Element] = []
        for try await element in self { result.append(element) }
        return result
    }
}
