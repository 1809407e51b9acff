import EndpointGenSpec
import EndpointGenSupport
import XCTest

/// `paginate:` of endpoints and services: its shape (decoder) and its fit with the endpoint's
/// query parameters and response model (resolver), each error where it was written.
final class PaginationSpecTests: XCTestCase {
    private static let models = """
        models:
          Item: { fields: { id: Int } }
          Meta: { fields: { next: String?, total: Int?, more: Bool, count: String } }
          Page: { fields: { data: "[Item]", meta: Meta?, label: String } }
        """

    func testShapeErrors() {
        XCTAssertEqual(diagnose("""
            service: Shop
            paginate: { items: data }
            endpoints:
              a: { method: GET, path: /a, response: Page, paginate: { page: p, cursor: meta.next } }
              b: { method: GET, path: /b, response: Page, paginate: { offset: o, size: s, items: data } }
              c: { method: GET, path: /c, response: Page, paginate: { cursor: meta.next, items: data } }
              d: { method: GET, path: /d, response: Page, paginate: { link: false } }
              e: { method: GET, path: /e, response: Page, paginate: { page: .p, items: data } }
              f: { method: GET, path: /f, response: Page, paginate: yes }
              g: { method: GET, path: /g, response: Page, paginate: { pgae: p } }
            \(Self.models)
            """),
            """
            specs/a.yaml:2:1: error: 'paginate' of service 'Shop' needs a scheme: 'page', 'offset', 'cursor', 'lastItem' or 'link'
            specs/a.yaml:4:68: error: 'paginate' of endpoint 'a' has two schemes, 'page' and 'cursor'; give one
            specs/a.yaml:5:70: error: 'size' does not apply to the 'offset' scheme of 'paginate' of endpoint 'b' (it belongs to 'page')
            specs/a.yaml:6:47: error: missing key 'param' in 'paginate' of endpoint 'c': the query parameter the cursor is sent back in
            specs/a.yaml:7:65: error: 'link' of 'paginate' of endpoint 'd' must be true (the Link header's rel="next")
            specs/a.yaml:8:65: error: 'page' of 'paginate' of endpoint 'e' must be a name or a dotted path, found '.p'
            specs/a.yaml:9:57: error: expected true or false for 'paginate' of endpoint 'f' (a scheme, or true for the service's), found 'yes'
            specs/a.yaml:10:47: error: 'paginate' of endpoint 'g' needs a scheme: 'page', 'offset', 'cursor', 'lastItem' or 'link'
            specs/a.yaml:10:59: error: unknown key 'pgae' in 'paginate' of endpoint 'g'; did you mean 'page'?
            """)
    }

    func testParametersAndPathsMustFitTheEndpoint() {
        XCTAssertEqual(diagnose("""
            service: Shop
            endpoints:
              a:
                method: GET
                path: /a
                query: { p: String, size: Int?, cursor: Int? }
                response: Page
                paginate: { page: p, size: sise, items: data, totalPages: meta.count }
              b:
                method: GET
                path: /b
                query: { cursor: Int? }
                response: Page
                paginate: { cursor: meta.next, param: cursor, items: meta, hasMore: meta.more }
              c:
                method: GET
                path: /c
                response: Page
                paginate: { cursor: meta.nxt, param: cursor, items: label.x }
              d: { method: GET, path: /d, response: Page, paginate: { link: true } }
              e: { method: GET, path: /e, response: String, paginate: { link: true } }
              f: { method: GET, path: /f, response: "[Item]", paginate: { link: true } }
              fPages: { method: GET, path: /f2, response: "[Item]" }
              h: { method: GET, path: /h, response: Page, paginate: true }
            \(Self.models)
            """),
            """
            specs/a.yaml:8:23: error: 'page' of 'paginate' of endpoint 'a' names query parameter 'p' of type 'String'; it must be Int or Int?
            specs/a.yaml:8:32: error: 'size' of 'paginate' of endpoint 'a' names 'sise', which is not a query parameter of the endpoint; did you mean 'size'?
            specs/a.yaml:8:63: error: 'totalPages' of 'paginate' of endpoint 'a' must lead to an Int, found 'meta.count' of type 'String'
            specs/a.yaml:14:43: error: 'param' of 'paginate' of endpoint 'b' names query parameter 'cursor' of type 'Int?'; it must be String or String?
            specs/a.yaml:14:58: error: 'items' of 'paginate' of endpoint 'b' must lead to an array, found 'meta' of type 'Meta?'
            specs/a.yaml:19:25: error: 'cursor' of 'paginate' of endpoint 'c': model 'Meta' has no field 'nxt'; did you mean 'next'?
            specs/a.yaml:19:57: error: 'items' of 'paginate' of endpoint 'c': 'label.x' goes through 'String', which is not a struct model
            specs/a.yaml:20:47: error: 'paginate' of endpoint 'd' needs 'items', the path of the items' array in 'Page'
            specs/a.yaml:21:49: error: 'paginate' of endpoint 'e' needs a JSON response (a model or an array), found 'String'
            specs/a.yaml:23:3: error: endpoint 'f' is paginated, so the service has a method 'fPages', the name of another endpoint
            specs/a.yaml:22:3: note: 'f' is here
            specs/a.yaml:24:57: error: endpoint 'h' says 'paginate: true', but service 'Shop' has no 'paginate'
            """)
    }

    func testTheServicesSchemeIsCheckedWhereAnEndpointUsesIt() {
        XCTAssertEqual(diagnose("""
            service: Shop
            paginate: { cursor: meta.next, param: after, items: data }
            endpoints:
              a: { method: GET, path: /a, query: { after: String? }, response: Page, paginate: true }
              b: { method: GET, path: /b, query: { cursor: String? }, response: Page, paginate: true }
            \(Self.models)
            """),
            """
            specs/a.yaml:5:85: error: 'param' of 'paginate' of endpoint 'b' names 'after', which is not a query parameter of the endpoint
            specs/a.yaml:2:1: note: the service's 'paginate' is here
            """)
    }

    /// `lastItem`: a path into the item model (Stripe's `id`), sent back in `param`.
    func testTheLastItemsCursor() throws {
        XCTAssertEqual(diagnose("""
            service: Shop
            endpoints:
              a: { method: GET, path: /a, query: { after: String? }, response: Page, paginate: { lastItem: ident, param: after, items: data } }
              b: { method: GET, path: /b, query: { after: String? }, response: Page, paginate: { lastItem: id, param: after, items: data } }
              c: { method: GET, path: /c, query: { after: String? }, response: "[String]", paginate: { lastItem: id, param: after } }
              d: { method: GET, path: /d, query: { after: Int? }, response: Page, paginate: { lastItem: id, items: data } }
            \(Self.models)
            """),
            """
            specs/a.yaml:3:96: error: 'lastItem' of 'paginate' of endpoint 'a': model 'Item' has no field 'ident'
            specs/a.yaml:4:107: error: 'param' of 'paginate' of endpoint 'b' names query parameter 'after' of type 'String?'; it must be Int or Int?
            specs/a.yaml:5:102: error: 'lastItem' of 'paginate' of endpoint 'c': 'id' goes through 'String', which is not a struct model
            specs/a.yaml:6:71: error: missing key 'param' in 'paginate' of endpoint 'd': the query parameter the cursor is sent back in
            """)
        let module = try module([(path: "specs/a.yaml", text: """
            service: Shop
            endpoints:
              a: { method: GET, path: /a, query: { after: Int? }, response: Page, paginate: { lastItem: id, param: after, items: data, hasMore: meta.more } }
            \(Self.models)
            """)])
        let a = try XCTUnwrap(module.endpoint("a")?.pagination)
        guard case .lastItem(let cursor, let parameter) = a.scheme else { return XCTFail("\(a.scheme)") }
        XCTAssertEqual(cursor.fields.map(\.wireName), ["id"])
        XCTAssertEqual(parameter, "after")
        XCTAssertEqual(a.itemType, .model("Item"))
    }

    func testResolvedSchemes() throws {
        let module = try module([(path: "specs/a.yaml", text: """
            service: Shop
            paginate: { cursor: meta.next, param: after, items: data, hasMore: meta.more }
            endpoints:
              a: { method: GET, path: /a, query: { after: String? }, response: Page, paginate: true }
              b: { method: GET, path: /b, query: { page: Int = 1, size: Int? }, response: Page,
                   paginate: { page: page, size: size, items: data, totalPages: meta.total } }
              c: { method: GET, path: /c, response: "[Item]", paginate: { link: true } }
              d: { method: GET, path: /d, response: Page, paginate: false }
            \(Self.models)
            """)])
        let a = try XCTUnwrap(module.endpoint("a")?.pagination)
        guard case .cursor(let cursor, let parameter) = a.scheme else { return XCTFail("\(a.scheme)") }
        XCTAssertEqual(cursor.fields.map(\.wireName), ["meta", "next"])
        XCTAssertEqual(parameter, "after")
        XCTAssertEqual(a.items?.fields.map(\.wireName), ["data"])
        XCTAssertEqual(a.hasMore?.fields.map(\.wireName), ["meta", "more"])
        XCTAssertEqual(a.itemType, .model("Item"))
        let b = try XCTUnwrap(module.endpoint("b")?.pagination)
        guard case .page("page", "size", let total?) = b.scheme else { return XCTFail("\(b.scheme)") }
        XCTAssertEqual(total.type, .optional(.primitive(.int)))
        let c = try XCTUnwrap(module.endpoint("c")?.pagination)
        guard case .link = c.scheme else { return XCTFail("\(c.scheme)") }
        XCTAssertNil(c.items)
        XCTAssertEqual(c.itemType, .model("Item"))
        XCTAssertNil(module.endpoint("d")?.pagination)
    }
}
