@testable import EndpointRuntime
import Foundation
import XCTest

/// Each `ParameterStyle` byte for byte, and round trips through the rules servers parse with:
/// OpenAPI's delimited styles (split on the delimiter, then percent-decode each element) and the
/// bracket convention as Rack and PHP read it (`a[b][0]=v` → nested maps and lists).
final class ParameterStyleTests: XCTestCase {
    private func query(_ build: (inout [QueryItem]) throws -> Void) rethrows -> String {
        var items: [QueryItem] = []
        try build(&items)
        return PercentEncoding.formEncode(items)
    }

    func testArraysByteForByte() {
        let ids = [1, 2, 3]
        XCTAssertEqual(query { $0.append(name: "ids", ids, style: .repeated) }, "ids=1&ids=2&ids=3")
        XCTAssertEqual(query { $0.append(name: "ids", ids, style: .comma) }, "ids=1,2,3")
        XCTAssertEqual(query { $0.append(name: "ids", ids, style: .space) }, "ids=1%202%203")
        XCTAssertEqual(query { $0.append(name: "ids", ids, style: .pipe) }, "ids=1%7C2%7C3")
        XCTAssertEqual(query { $0.append(name: "ids", ids, style: .brackets) }, "ids%5B%5D=1&ids%5B%5D=2&ids%5B%5D=3")
        // A comma inside a value of a comma list is encoded; the delimiter is not.
        XCTAssertEqual(query { $0.append(name: "q", ["a,b", "c d", "é"], style: .comma) }, "q=a%2Cb,c%20d,%C3%A9")
        // Empty arrays: nothing in every style (`ids=` is one empty element to a server, `[""]`).
        for style in [ParameterStyle.repeated, .brackets, .comma, .space, .pipe] {
            XCTAssertEqual(query { $0.append(name: "ids", [Int](), style: style) }, "", "\(style)")
        }
        XCTAssertEqual(query { $0.append(name: "ids", [""], style: .comma) }, "ids=")
        XCTAssertEqual(query { $0.append(name: "ids", nil as [Int]?, style: .comma) }, "")
    }

    func testMapsAndObjectsByteForByte() throws {
        let filter = ["status": "open", "kind": "a b"]
        XCTAssertEqual(query { $0.append(name: "filter", filter, style: .deepObject) },
                       "filter%5Bkind%5D=a%20b&filter%5Bstatus%5D=open")
        XCTAssertEqual(query { $0.append(name: "filter", filter, style: .exploded) }, "kind=a%20b&status=open")

        struct Price: Encodable, Sendable { var price: String; var quantity: Int }
        struct Order: Encodable, Sendable { var items: [Price]; var metadata: [String: String]; var note: String?; var paid: Bool }
        let order = Order(items: [Price(price: "p_1", quantity: 2), Price(price: "p_2", quantity: 1)],
                          metadata: ["b": "2", "a": "1"], note: nil, paid: false)
        XCTAssertEqual(try query { try $0.append(name: "order", object: order, style: .deepObject) },
                       "order%5Bitems%5D%5B0%5D%5Bprice%5D=p_1&order%5Bitems%5D%5B0%5D%5Bquantity%5D=2"
                       + "&order%5Bitems%5D%5B1%5D%5Bprice%5D=p_2&order%5Bitems%5D%5B1%5D%5Bquantity%5D=1"
                       + "&order%5Bmetadata%5D%5Ba%5D=1&order%5Bmetadata%5D%5Bb%5D=2&order%5Bpaid%5D=false")
        // Stripe's form bodies: the object's keys at the top, nested ones in brackets.
        XCTAssertEqual(try query { try $0.append(name: "order", object: order, style: .exploded) },
                       "items%5B0%5D%5Bprice%5D=p_1&items%5B0%5D%5Bquantity%5D=2&items%5B1%5D%5Bprice%5D=p_2"
                       + "&items%5B1%5D%5Bquantity%5D=1&metadata%5Ba%5D=1&metadata%5Bb%5D=2&paid=false")
    }

    // MARK: - Round trips

    /// OpenAPI's delimited styles as a server reads them: split the raw value on the delimiter
    /// as sent, then percent-decode each element.
    private func parseDelimited(_ query: String, name: String, delimiter: String) -> [String]? {
        for pair in query.split(separator: "&", omittingEmptySubsequences: false) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0].removingPercentEncoding == name else { continue }
            if parts[1].isEmpty { return [] }
            return parts[1].components(separatedBy: delimiter).map { $0.removingPercentEncoding ?? "?" }
        }
        return nil
    }

    func testDelimitedArraysRoundTrip() {
        let samples: [[String]] = [["1", "2"], ["a,b", "c"], ["x y", "z|w", "100%"], ["질문", "🙂", "a&b=c"], ["single"], []]
        for style in [ParameterStyle.comma, .space, .pipe] {
            for values in samples {
                // Space and pipe lists cannot hold their own delimiter (it is sent encoded, as inside values).
                if style == .space, values.contains(where: { $0.contains(" ") }) { continue }
                if style == .pipe, values.contains(where: { $0.contains("|") }) { continue }
                let text = query { $0.append(name: "v", values, style: style) }
                // An empty list is sent as nothing: absent means empty.
                XCTAssertEqual(parseDelimited(text, name: "v", delimiter: style.delimiter!) ?? [], values, "\(style) \(values): \(text)")
            }
        }
    }

    /// A nested value as Rack and PHP build it from bracketed names.
    indirect enum Parsed: Equatable {
        case text(String)
        case list([Parsed])
        case map([String: Parsed])
    }

    /// Rack's `parse_nested_query`: `a[b][0][c]=v`, `a[]=v` (append), numeric keys as list indices here.
    private func parseBrackets(_ query: String) -> [String: Parsed] {
        var root: [String: Parsed] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = parts[0].removingPercentEncoding!
            let value = Parsed.text(parts.count > 1 ? parts[1].removingPercentEncoding! : "")
            var keys: [String] = []
            var head = name
            if let open = name.firstIndex(of: "[") {
                head = String(name[..<open])
                var rest = name[open...]
                while rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
                    keys.append(String(rest[rest.index(after: rest.startIndex)..<close]))
                    rest = rest[rest.index(after: close)...]
                }
            }
            root[head] = insert(value, at: keys[...], into: root[head])
        }
        return root
    }

    private func insert(_ value: Parsed, at keys: ArraySlice<String>, into existing: Parsed?) -> Parsed {
        guard let key = keys.first else { return value }
        if key.isEmpty || Int(key) != nil {
            var list: [Parsed] = []
            if case .list(let items)? = existing { list = items }
            if key.isEmpty {
                list.append(insert(value, at: keys.dropFirst(), into: nil))
            } else {
                let index = Int(key)!
                while list.count <= index { list.append(.map([:])) }
                list[index] = insert(value, at: keys.dropFirst(), into: list[index] == .map([:]) ? nil : list[index])
            }
            return .list(list)
        }
        var map: [String: Parsed] = [:]
        if case .map(let entries)? = existing { map = entries }
        map[key] = insert(value, at: keys.dropFirst(), into: map[key])
        return .map(map)
    }

    func testBracketsRoundTripThroughRackRules() throws {
        XCTAssertEqual(parseBrackets(query { $0.append(name: "ids", ["1", "a]b", "[x]"], style: .brackets) }),
                       ["ids": .list([.text("1"), .text("a]b"), .text("[x]")])])
        XCTAssertEqual(parseBrackets(query { $0.append(name: "filter", ["status": "open", "q": "a&b=c"], style: .deepObject) }),
                       ["filter": .map(["status": .text("open"), "q": .text("a&b=c")])])

        struct Line: Encodable, Sendable { var price: String; var tags: [String] }
        struct Cart: Encodable, Sendable { var lines: [Line]; var owner: [String: String] }
        let cart = Cart(lines: [Line(price: "p 1", tags: ["x", "y"]), Line(price: "질문", tags: [])], owner: ["name": "Ann"])
        let parsed = parseBrackets(try query { try $0.append(name: "cart", object: cart, style: .deepObject) })
        XCTAssertEqual(parsed, ["cart": .map([
            "lines": .list([.map(["price": .text("p 1"), "tags": .list([.text("x"), .text("y")])]),
                            .map(["price": .text("질문")])]),
            "owner": .map(["name": .text("Ann")]),
        ])])
    }

    /// Form fields of any shape (`append(name:fields:style:)`): Stripe's checkout session body byte
    /// for byte, and back through Rack's rules; a value that cannot be encoded fails the request.
    func testFormFieldsOfAnyShape() throws {
        struct LineItem: Encodable, Sendable { var price: String; var quantity: Int }
        var items: [QueryItem] = []
        items.append(name: "mode", "payment")
        items.append(name: "line_items", fields: [LineItem(price: "price_1", quantity: 2), LineItem(price: "p 2", quantity: 1)])
        items.append(name: "metadata", fields: ["order": "A&1", "note": "질문"])
        items.append(name: "expand", fields: ["data.customer", "x"], style: .brackets)
        items.append(name: "payment_method_types", fields: ["card", "ideal"], style: .repeated)
        items.append(name: "tags", fields: ["a", "b,c"], style: .comma)
        items.append(name: "shipping", fields: ["name": "Ann"], style: .exploded)
        items.append(name: "absent", fields: nil as [String: String]?)
        let body = PercentEncoding.formEncode(items)
        XCTAssertEqual(body, "mode=payment"
            + "&line_items%5B0%5D%5Bprice%5D=price_1&line_items%5B0%5D%5Bquantity%5D=2"
            + "&line_items%5B1%5D%5Bprice%5D=p%202&line_items%5B1%5D%5Bquantity%5D=1"
            + "&metadata%5Bnote%5D=%EC%A7%88%EB%AC%B8&metadata%5Border%5D=A%261"
            + "&expand%5B%5D=data.customer&expand%5B%5D=x"
            + "&payment_method_types=card&payment_method_types=ideal"
            + "&tags=a,b%2Cc&name=Ann")
        let parsed = parseBrackets(body)
        XCTAssertEqual(parsed["line_items"], .list([.map(["price": .text("price_1"), "quantity": .text("2")]),
                                                    .map(["price": .text("p 2"), "quantity": .text("1")])]))
        XCTAssertEqual(parsed["metadata"], .map(["order": .text("A&1"), "note": .text("질문")]))
        XCTAssertEqual(parsed["expand"], .list([.text("data.customer"), .text("x")]))
        XCTAssertEqual(parsed["name"], .text("Ann"))

        // A value JSON cannot hold (NaN) is not dropped: the request fails.
        var broken: [QueryItem] = []
        broken.append(name: "amount", fields: ["value": Double.nan])
        let client = APIClient(transport: StubTransport.immediate)
        var endpoint = ProbeEndpoint(method: .post)
        endpoint.body = .form(broken)
        XCTAssertThrowsError(try client.makeRequest(endpoint, baseURL: testBaseURL)) { error in
            guard case APIError.encoding(let description) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(description.hasPrefix("The amount field could not be encoded"), description)
        }
        endpoint.body = .none
        endpoint.queryItems = broken
        XCTAssertThrowsError(try client.makeRequest(endpoint, baseURL: testBaseURL))
    }
}
