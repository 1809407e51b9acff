import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The pages of a paginated endpoint (the spec's `paginate:`), fetched one at a time as they are
/// iterated: `for try await page in service.listPetsPages()`. Each page is a normal call of the
/// endpoint (credentials, plugins, retries, redirects, typed `APIError`); the sequence ends when
/// the spec's end rule says so, and after an error. A cancelled task sends nothing more: the next
/// page fails with `.cancelled`. `items` iterates the items of every page instead.
///
/// Generated code drives it with the first request and a closure that builds the request after a
/// page (`nil`: that page was the last).
public struct APIPages<Page: Decodable & Sendable, Item: Sendable>: AsyncSequence, Sendable {
    /// A page: the decoded response of one call.
    public typealias Element = Page
    /// Every error of the sequence is an `APIError`.
    public typealias Failure = APIError
    /// Builds the request for the page after `page`, or nil when `page` is the last.
    public typealias Next = @Sendable (_ page: PageContext<Page>) throws(APIError) -> PageRequest?

    private enum Source: Sendable {
        case client(APIClient, baseURL: URL, first: any Endpoint, next: Next)
        case fixed([Page], failure: APIError?)
    }

    private let source: Source
    /// A page's items.
    let itemsOf: @Sendable (Page) -> [Item]

    /// Pages fetched with `client`: `first`, then what `next` builds from each page received.
    /// `items` reads a page's items (for `items` and the end rules).
    public init(client: APIClient, baseURL: URL, first: some Endpoint,
                items: @escaping @Sendable (Page) -> [Item], next: @escaping Next) {
        source = .client(client, baseURL: baseURL, first: first, next: next)
        itemsOf = items
    }

    /// These pages, then `failure` if given (for fakes and previews).
    public init(_ pages: [Page], failure: APIError? = nil, items: @escaping @Sendable (Page) -> [Item]) {
        source = .fixed(pages, failure: failure)
        itemsOf = items
    }

    /// The items of every page, in order, fetched page by page as they are iterated.
    public var items: APIPageItems<Page, Item> { APIPageItems(pages: self) }

    /// All pages' items at once (every page is fetched).
    public func allItems() async throws(APIError) -> [Item] {
        var result: [Item] = []
        var iterator = makeAsyncIterator()
        while let page = try await iterator.next() {
            result += itemsOf(page)
        }
        return result
    }

    /// Iterates the pages.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private enum State {
            /// `previous` is the page last returned (nil before the first): the request after it is
            /// built when the next page is asked for, so that an error about it (a refused link)
            /// comes after that page, not instead of it.
            case client(APIClient, baseURL: URL, first: any Endpoint, previous: PageContext<Page>?, next: Next)
            case fixed(IndexingIterator<[Page]>, failure: APIError?)
            case finished
        }

        private var state: State
        private let itemsOf: @Sendable (Page) -> [Item]
        private var pageCount = 0
        private var itemCount = 0
        /// The requests sent so far in this sequence (method, URL and body), to end a cycle.
        private var sent: Set<SentRequest> = []

        fileprivate init(_ pages: APIPages) {
            switch pages.source {
            case .client(let client, let baseURL, let first, let next):
                state = .client(client, baseURL: baseURL, first: first, previous: nil, next: next)
            case .fixed(let values, let failure):
                state = .fixed(values.makeIterator(), failure: failure)
            }
            itemsOf = pages.itemsOf
        }

        /// The next page, nil after the last; an error ends the sequence.
        public mutating func next() async throws(APIError) -> Page? {
            switch state {
            case .finished:
                return nil
            case .fixed(var iterator, let failure):
                if let page = iterator.next() {
                    state = .fixed(iterator, failure: failure)
                    return page
                }
                state = .finished
                if let failure { throw failure }
                return nil
            case .client(let client, let baseURL, let first, let previous, let next):
                // Whatever happens below, nothing more is sent unless this page succeeds.
                state = .finished
                let request: PageRequest
                if let previous {
                    guard let following = try next(previous) else { return nil }
                    request = following
                } else {
                    request = .endpoint(first)
                }
                // `response` checks too, but after building the request: a cancelled task builds nothing.
                guard !Task.isCancelled else { throw .cancelled }
                let (endpointURL, endpoint) = try request.resolved(baseURL: baseURL, first: first)
                let built = try client.makeRequest(endpoint, baseURL: endpointURL)
                let sentURL = built.url
                // A server that names a page already fetched as the next one (a repeated cursor or
                // link, or a cycle A, B, A) would be asked for pages forever: the sequence ends
                // at the page before (as when it names no next page).
                guard sent.insert(SentRequest(built)).inserted else { return nil }
                let response = try await client.response(endpoint, baseURL: endpointURL, as: Page.self)
                let count = itemsOf(response.value).count
                pageCount += 1
                itemCount += count
                let context = PageContext(response: response, requestURL: sentURL, baseURL: baseURL, itemCount: count,
                                          pageCount: pageCount, itemTotal: itemCount)
                state = .client(client, baseURL: baseURL, first: first, previous: context, next: next)
                return response.value
            }
        }
    }

    /// An iterator that fetches the first page when first asked.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(self)
    }
}

/// What makes two page requests the same: method, URL and body bytes (a body read from a file
/// counts by its URL only).
private struct SentRequest: Hashable {
    let method: String?
    let url: URL?
    let body: Data?

    init(_ request: URLRequest) {
        method = request.httpMethod
        url = request.url
        body = request.httpBody
    }
}

/// The items of every page of an `APIPages`, in order; pages are fetched as the items run out.
public struct APIPageItems<Page: Decodable & Sendable, Item: Sendable>: AsyncSequence, Sendable {
    /// An item of a page.
    public typealias Element = Item
    /// Every error of the sequence is an `APIError`.
    public typealias Failure = APIError

    let pages: APIPages<Page, Item>

    /// Iterates the items.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var pages: APIPages<Page, Item>.AsyncIterator
        let itemsOf: @Sendable (Page) -> [Item]
        var buffer: IndexingIterator<[Item]> = [].makeIterator()

        /// The next item, nil after the last page's last item.
        public mutating func next() async throws(APIError) -> Item? {
            while true {
                if let item = buffer.next() { return item }
                guard let page = try await pages.next() else { return nil }
                buffer = itemsOf(page).makeIterator()
            }
        }
    }

    /// An iterator that fetches the first page when first asked.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(pages: pages.makeAsyncIterator(), itemsOf: pages.itemsOf)
    }
}

/// The request for a page: an endpoint (the paginated one with another page number, offset or
/// cursor), or the URL of a `Link: <…>; rel="next"` header.
public struct PageRequest: Sendable {
    fileprivate enum Kind: Sendable {
        case endpoint(any Endpoint)
        /// The sequence's first endpoint sent to this URL (on the base URL's origin, checked).
        case link(URL)
    }

    fileprivate let kind: Kind

    /// The request for this endpoint.
    public static func endpoint(_ endpoint: some Endpoint) -> PageRequest {
        PageRequest(kind: .endpoint(endpoint))
    }

    /// The endpoint to send and the base URL to send it to.
    fileprivate func resolved(baseURL: URL, first: any Endpoint) throws(APIError) -> (URL, any Endpoint) {
        switch kind {
        case .endpoint(let endpoint): return (baseURL, endpoint)
        case .link(let url): return try LinkedPage.request(first, url: url)
        }
    }
}

/// What the closure building the next request knows about the page just received.
public struct PageContext<Page: Sendable>: Sendable {
    /// The page with its status and header fields.
    public let response: APIResponse<Page>
    /// The URL the page was requested from (before redirects).
    public let requestURL: URL?
    /// The sequence's base URL: a `Link` must stay on its origin.
    public let baseURL: URL
    /// The number of items on this page.
    public let itemCount: Int
    /// Pages received so far, this one included (1 for the first page).
    public let pageCount: Int
    /// Items received so far, this page's included.
    public let itemTotal: Int

    init(response: APIResponse<Page>, requestURL: URL?, baseURL: URL, itemCount: Int, pageCount: Int,
                     itemTotal: Int) {
        self.response = response
        self.requestURL = requestURL
        self.baseURL = baseURL
        self.itemCount = itemCount
        self.pageCount = pageCount
        self.itemTotal = itemTotal
    }

    /// The decoded page.
    public var value: Page { response.value }

    /// Whether a page-numbered sequence goes on to page `next`: not after an empty page, a page
    /// shorter than `size`, `hasMore` false, or when `next` is beyond `totalPages`.
    public func hasNext(page next: Int, size: Int?, hasMore: Bool? = nil, totalPages: Int? = nil) -> Bool {
        continues(size: size, hasMore: hasMore) && (totalPages.map { next <= $0 } ?? true)
    }

    /// Whether an offset sequence goes on at offset `next`: not after an empty page, a page
    /// shorter than `size`, `hasMore` false, or when `next` reaches `total` items.
    public func hasNext(offset next: Int, size: Int?, hasMore: Bool? = nil, total: Int? = nil) -> Bool {
        continues(size: size, hasMore: hasMore) && (total.map { next < $0 } ?? true)
    }

    /// The cursor of the next page: nil (the end) when absent or empty, or when `hasMore` is false.
    public func nextCursor(_ cursor: String?, hasMore: Bool? = nil) -> String? {
        guard hasMore != false, let cursor, !cursor.isEmpty else { return nil }
        return cursor
    }

    /// The cursor of the next page: nil (the end) when absent, or when `hasMore` is false.
    public func nextCursor(_ cursor: Int?, hasMore: Bool? = nil) -> Int? {
        hasMore == false ? nil : cursor
    }

    /// The request for the target of the response's `Link: <…>; rel="next"` (RFC 8288), resolved
    /// against the URL that answered; nil when there is none. A target on another origin than the
    /// base URL fails with `.transport(.redirectRefused)`: the endpoint's credentials go nowhere else.
    public func nextLink() throws(APIError) -> PageRequest? {
        guard let header = response.header("Link"),
              let target = LinkHeader.target(ofRelation: "next", in: header, base: response.url ?? requestURL ?? baseURL)
        else { return nil }
        guard let origin = Origin(target), origin == Origin(baseURL) else {
            throw .transport(.redirectRefused(
                reason: "The next page's link \(target.absoluteString) is not on the origin of the base URL \(baseURL.textWithoutPassword)."))
        }
        return PageRequest(kind: .link(target))
    }

    private func continues(size: Int?, hasMore: Bool?) -> Bool {
        itemCount > 0 && (size.map { itemCount >= $0 } ?? true) && hasMore != false
    }
}

/// The first endpoint of a Link-paginated sequence, sent to a linked URL: the link's path and
/// query replace the endpoint's (they already carry the page's parameters); method, headers, body,
/// credentials and error format stay the endpoint's.
struct LinkedPage: Endpoint {
    let base: any Endpoint
    let pathComponents: [PathComponent]

    /// The endpoint and the base URL (the link's origin and query) that together send `url`.
    static func request(_ base: any Endpoint, url: URL) throws(APIError) -> (URL, any Endpoint) {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
            throw .invalidRequest(reason: "The next page's link \(url.absoluteString) is not a URL.")
        }
        let path = components.percentEncodedPath
        components.percentEncodedPath = ""
        components.fragment = nil
        guard let origin = components.url else {
            throw .invalidRequest(reason: "The next page's link \(url.absoluteString) is not a URL.")
        }
        return (origin, LinkedPage(base: base, pathComponents: path.isEmpty ? [] : [.literal(path)]))
    }

    var defaultBaseURL: URL? { base.defaultBaseURL }
    var method: HTTPMethod { base.method }
    var queryItems: [QueryItem] { [] }
    var headers: [HTTPHeader] { base.headers }
    var body: RequestBody { base.body }
    var auth: AuthRequirement { base.auth }
    var timeout: TimeInterval? { base.timeout }
    var envelope: EnvelopeFormat? { base.envelope }
    var errorFormat: ErrorBodyFormat { base.errorFormat }
    var sampleData: Data { base.sampleData }
    var followsRedirects: Bool { base.followsRedirects }
    var credentialHeaders: [String] { base.credentialHeaders }
    var cookieSession: CookieSession? { base.cookieSession }
}

/// The `Link` header field of RFC 8288: comma-separated `<target>; param=value` links, values
/// quoted or not, `rel` a space-separated list of relation types compared case-insensitively.
/// Package-visible: `endpointgen verify` finds a next page as the pages sequence does.
package enum LinkHeader {
    struct Link: Equatable {
        var target: String
        var relations: [String]
    }

    /// The first link whose relations include `relation`, resolved against `base` (its text made a
    /// valid URI reference by `ServerURLText`, as every platform then reads it alike).
    package static func target(ofRelation relation: String, in field: String, base: URL) -> URL? {
        let wanted = relation.lowercased()
        guard let link = parse(field).first(where: { $0.relations.contains(wanted) }) else { return nil }
        return ServerURLText.url(link.target, relativeTo: base)
    }

    /// The links of a field value, in order; malformed links are skipped.
    static func parse(_ field: String) -> [Link] {
        var links: [Link] = []
        var scanner = Substring(field)
        while true {
            scanner = scanner.drop { $0 == " " || $0 == "\t" || $0 == "," }
            guard scanner.first == "<" else {
                // Not a link: skip to the next comma outside quotes.
                guard !scanner.isEmpty else { return links }
                scanner = skipPastComma(scanner)
                continue
            }
            // No `>` in the rest: no link can follow either. (Going on to the next comma and
            // searching again made `<,<,<,…` quadratic: 18 s of CPU for 40 KB.)
            guard let close = scanner.firstIndex(of: ">") else { return links }
            let target = String(scanner[scanner.index(after: scanner.startIndex)..<close])
            scanner = scanner[scanner.index(after: close)...]
            var relations: [String] = []
            // Parameters: `; name=value` or `; name="quoted \" value"`, up to a comma.
            while true {
                scanner = scanner.drop { $0 == " " || $0 == "\t" }
                guard scanner.first == ";" else { break }
                scanner = scanner.dropFirst().drop { $0 == " " || $0 == "\t" }
                let name = scanner.prefix { $0 != "=" && $0 != ";" && $0 != "," && $0 != " " && $0 != "\t" }
                scanner = scanner[name.endIndex...].drop { $0 == " " || $0 == "\t" }
                var value = ""
                if scanner.first == "=" {
                    scanner = scanner.dropFirst().drop { $0 == " " || $0 == "\t" }
                    if scanner.first == "\"" {
                        scanner = scanner.dropFirst()
                        while let character = scanner.first, character != "\"" {
                            scanner = scanner.dropFirst()
                            if character == "\\", let escaped = scanner.first {
                                value.append(escaped)
                                scanner = scanner.dropFirst()
                            } else {
                                value.append(character)
                            }
                        }
                        scanner = scanner.dropFirst()
                    } else {
                        let token = scanner.prefix { $0 != ";" && $0 != "," && $0 != " " && $0 != "\t" }
                        value = String(token)
                        scanner = scanner[token.endIndex...]
                    }
                }
                // The first `rel` counts; later ones are ignored (RFC 8288, 3.3).
                if name.lowercased() == "rel", relations.isEmpty {
                    relations = value.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                }
            }
            links.append(Link(target: target, relations: relations))
            scanner = skipPastComma(scanner)
        }
    }

    private static func skipPastComma(_ text: Substring) -> Substring {
        var inQuotes = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "\"" { inQuotes.toggle() }
            if character == ",", !inQuotes { return text[text.index(after: index)...] }
            index = text.index(after: index)
        }
        return text[text.endIndex...]
    }
}
