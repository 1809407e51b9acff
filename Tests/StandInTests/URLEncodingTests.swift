import AlamofireStandIn
import XCTest

/// AlamofireStandIn's `URLEncoding` against Alamofire's documentation: Documentation/Usage.md
/// ("URL-Encoded Parameters") and the doc comments of `URLEncoding` in ParameterEncoding.swift.
final class URLEncodingTests: XCTestCase {
    private let getRequest = URLRequest(url: URL(string: "https://httpbin.org/get")!)

    private func request(_ method: HTTPMethod, _ url: String = "https://httpbin.org/anything") throws -> URLRequest {
        try URLRequest(url: url, method: method)
    }

    /// The documented example's parameters.
    private let documented: Parameters = ["foo": "bar", "baz": ["a", 1], "qux": ["x": 1, "y": 2, "z": 3]]

    // Usage.md: "GET Request With URL-Encoded Parameters … // All three of these calls are
    // equivalent … encoding defaults to `URLEncoding.default` … // https://httpbin.org/get?foo=bar"
    func testGETWithTheDefaultEncodingPutsTheParametersInTheQuery() throws {
        for encoding in [URLEncoding.default, URLEncoding(destination: .methodDependent)] {
            let encoded = try encoding.encode(getRequest, with: ["foo": "bar"])
            XCTAssertEqual(encoded.url?.absoluteString, "https://httpbin.org/get?foo=bar")
            XCTAssertNil(encoded.httpBody)
            XCTAssertNil(encoded.value(forHTTPHeaderField: "Content-Type"))
        }
    }

    // Usage.md: "POST Request With URL-Encoded Parameters … // HTTP body:
    // foo=bar&baz[]=a&baz[]=1&qux[x]=1&qux[y]=2&qux[z]=3". The page writes the pairs in the
    // literal's order and brackets unescaped; the encoder sorts the top-level keys and escapes
    // brackets (both tested on their own below), so the pairs are compared here decoded and as a set.
    func testTheDocumentedPOSTExampleBecomesTheDocumentedBody() throws {
        for encoding in [URLEncoding.default, URLEncoding.httpBody] {
            let encoded = try encoding.encode(try request(.post, "https://httpbin.org/post"), with: documented)
            let pairs = try XCTUnwrap(bodyText(encoded)).split(separator: "&").map { $0.removingPercentEncoding }
            XCTAssertEqual(Set(pairs.compactMap { $0 }), Set("foo=bar&baz[]=a&baz[]=1&qux[x]=1&qux[y]=2&qux[z]=3".split(separator: "&").map(String.init)))
            XCTAssertEqual(pairs.count, 6)
            XCTAssertEqual(encoded.url?.absoluteString, "https://httpbin.org/post", "a POST body leaves the URL alone")
        }
    }

    // ParameterEncoding.swift, URLEncoding.query: `for key in parameters.keys.sorted(by: <)` — the
    // top-level keys in ascending order, so the documented example is sent as below (brackets
    // escaped: "[" and "]" are general delimiters, see testReservedCharactersAreEscapedButNotQuestionMarkOrSlash).
    func testTopLevelKeysAreSortedAndBracketsEscaped() throws {
        let encoded = try URLEncoding.httpBody.encode(try request(.post), with: documented)
        XCTAssertEqual(bodyText(encoded), "baz%5B%5D=a&baz%5B%5D=1&foo=bar&qux%5Bx%5D=1&qux%5By%5D=2&qux%5Bz%5D=3")

        let query = try URLEncoding.queryString.encode(getRequest, with: ["b": 1, "a": 2, "c": 3, "B": 4])
        XCTAssertEqual(percentEncodedQuery(query), "B=4&a=2&b=1&c=3")
    }

    // URLEncoding.Destination: ".methodDependent — Applies encoded query string result to existing
    // query string for `GET`, `HEAD` and `DELETE` requests and sets as the HTTP body for requests
    // with any other HTTP method."
    func testMethodDependentUsesTheQueryForGETHEADDELETEAndTheBodyOtherwise() throws {
        for method in [HTTPMethod.get, .head, .delete] {
            let encoded = try URLEncoding.default.encode(try request(method), with: ["q": "swift"])
            XCTAssertEqual(percentEncodedQuery(encoded), "q=swift", method.rawValue)
            XCTAssertNil(encoded.httpBody, method.rawValue)
        }
        for method in [HTTPMethod.post, .put, .patch, .options, HTTPMethod(rawValue: "PROPFIND")] {
            let encoded = try URLEncoding.default.encode(try request(method), with: ["q": "swift"])
            XCTAssertNil(percentEncodedQuery(encoded), method.rawValue)
            XCTAssertEqual(bodyText(encoded), "q=swift", method.rawValue)
        }
    }

    // URLEncoding.Destination: ".queryString — Sets or appends encoded query string result to
    // existing query string."
    func testQueryStringForcesTheQueryAndAppendsToAnExistingOne() throws {
        let post = try URLEncoding.queryString.encode(try request(.post), with: ["page": 2])
        XCTAssertEqual(percentEncodedQuery(post), "page=2")
        XCTAssertNil(post.httpBody)

        let existing = try URLEncoding.queryString.encode(try request(.get, "https://httpbin.org/get?lang=ko"), with: ["page": 2])
        XCTAssertEqual(existing.url?.absoluteString, "https://httpbin.org/get?lang=ko&page=2")
    }

    // URLEncoding.Destination: ".httpBody — Sets encoded query string result as the HTTP body of
    // the URL request." Usage.md: "The Content-Type HTTP header field of an encoded request with
    // HTTP body is set to application/x-www-form-urlencoded; charset=utf-8."
    func testHTTPBodyForcesTheBodyWithTheFormContentType() throws {
        let encoded = try URLEncoding.httpBody.encode(getRequest, with: ["foo": "bar"])
        XCTAssertEqual(encoded.url?.absoluteString, "https://httpbin.org/get")
        XCTAssertEqual(bodyText(encoded), "foo=bar")
        XCTAssertEqual(encoded.value(forHTTPHeaderField: "Content-Type"), "application/x-www-form-urlencoded; charset=utf-8")
    }

    // ParameterEncoding.swift, URLEncoding.encode: `if urlRequest.headers["Content-Type"] == nil`
    // — a Content-Type already on the request (in any letter case) is kept.
    func testAnExistingContentTypeIsKept() throws {
        var json = try request(.post)
        json.setValue("application/json", forHTTPHeaderField: "content-type")
        let encoded = try URLEncoding.default.encode(json, with: ["foo": "bar"])
        XCTAssertEqual(encoded.value(forHTTPHeaderField: "Content-Type"), "application/json")
        XCTAssertEqual(bodyText(encoded), "foo=bar")
    }

    // URLEncoding: "the convention of appending `[]` to the key for array values
    // (`foo[]=1&foo[]=2`), and appending the key surrounded by square brackets for nested
    // dictionary values (`foo[bar]=baz`) is used."
    func testArraysAndNestedDictionaries() throws {
        let encoded = try URLEncoding.queryString.encode(getRequest, with: ["foo": [1, 2], "user": ["name": "kim", "tags": ["a"], "address": ["city": "Seoul"]]])
        XCTAssertEqual(percentEncodedQuery(encoded)?.removingPercentEncoding,
                       "foo[]=1&foo[]=2&user[address][city]=Seoul&user[name]=kim&user[tags][]=a")
    }

    // URLEncoding.ArrayEncoding: ".brackets — An empty set of square brackets is appended to the key
    // for every value. This is the default behavior." ".noBrackets — No brackets are appended. The
    // key is encoded as is." ".indexInBrackets — Brackets containing the item index are appended."
    func testArrayEncodings() throws {
        let parameters: Parameters = ["id": [3, 5]]
        let expected: [(URLEncoding.ArrayEncoding, String)] = [
            (.brackets, "id%5B%5D=3&id%5B%5D=5"), (.noBrackets, "id=3&id=5"), (.indexInBrackets, "id%5B0%5D=3&id%5B1%5D=5"),
        ]
        for (arrayEncoding, query) in expected {
            let encoded = try URLEncoding(destination: .queryString, arrayEncoding: arrayEncoding).encode(getRequest, with: parameters)
            XCTAssertEqual(percentEncodedQuery(encoded), query, "\(arrayEncoding)")
        }
        XCTAssertEqual(percentEncodedQuery(try URLEncoding.queryString.encode(getRequest, with: parameters)), "id%5B%5D=3&id%5B%5D=5")
    }

    // URLEncoding: "`BoolEncoding` can be used to configure how boolean values are encoded. The
    // default behavior is to encode `true` as 1 and `false` as 0." BoolEncoding: ".literal — Encode
    // `true` and `false` as string literals."
    func testBoolEncodings() throws {
        let parameters: Parameters = ["on": true, "off": false, "flags": [true]]
        XCTAssertEqual(percentEncodedQuery(try URLEncoding.default.encode(getRequest, with: parameters)), "flags%5B%5D=1&off=0&on=1")
        let literal = URLEncoding(boolEncoding: .literal)
        XCTAssertEqual(percentEncodedQuery(try literal.encode(getRequest, with: parameters)), "flags%5B%5D=true&off=false&on=true")
        // A number is not a Bool: 1 and 0 stay numbers under .literal.
        XCTAssertEqual(percentEncodedQuery(try literal.encode(getRequest, with: ["n": 1, "z": 0])), "n=1&z=0")
    }

    // URLEncoding.escape: "Creates a percent-escaped string following RFC 3986 for a query string key
    // or value." (CharacterSet.afURLQueryAllowed:) "RFC 3986 states that the following characters are
    // "reserved" characters. - General Delimiters: ":", "#", "[", "]", "@", "?", "/" - Sub-Delimiters:
    // "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=" In RFC 3986 - Section 3.4, it states that
    // the "?" and "/" characters should not be escaped to allow query strings to include a URL.
    // Therefore, all "reserved" characters with the exception of "?" and "/" should be
    // percent-escaped in the query string."
    func testReservedCharactersAreEscapedButNotQuestionMarkOrSlash() throws {
        let encoding = URLEncoding.default
        XCTAssertEqual(encoding.escape(":#[]@"), "%3A%23%5B%5D%40")
        XCTAssertEqual(encoding.escape("!$&'()*+,;="), "%21%24%26%27%28%29%2A%2B%2C%3B%3D")
        XCTAssertEqual(encoding.escape("?/"), "?/")
        XCTAssertEqual(encoding.escape("AZaz09-._~"), "AZaz09-._~", "RFC 3986 unreserved characters")
        XCTAssertEqual(encoding.escape("a b%"), "a%20b%25")
        XCTAssertEqual(encoding.escape("서울 é"), "%EC%84%9C%EC%9A%B8%20%C3%A9", "UTF-8 bytes, upper-case hex")

        let encoded = try URLEncoding.queryString.encode(getRequest, with: ["redirect": "https://a.example/b?c=d&e", "q[k]": "x y"])
        XCTAssertEqual(percentEncodedQuery(encoded), "q%5Bk%5D=x%20y&redirect=https%3A//a.example/b?c%3Dd%26e")
    }

    // ParameterEncoding.encode: "Creates a `URLRequest` by encoding parameters and applying them on
    // the passed request." With no parameters there is nothing to apply (`guard let parameters
    // else { return urlRequest }`); empty parameters add no `?` to the URL.
    func testNilParametersLeaveTheRequestAlone() throws {
        let post = try request(.post)
        XCTAssertEqual(try URLEncoding.default.encode(post, with: nil), post)
        XCTAssertEqual(try URLEncoding.queryString.encode(getRequest, with: [:]).url?.absoluteString, "https://httpbin.org/get")
    }

    // Alamofire writes a number with string interpolation of the NSNumber it arrives as on Apple
    // platforms; NSNumber's `description(withLocale:)` is documented to format a double with
    // `%0.16g` and a float with `%0.7g`. So 1.0 goes out as "1" and 0.1 + 0.2 as "0.3".
    func testNumbersAreWrittenAsFoundationOnApplePlatformsDescribesThem() throws {
        let parameters: Parameters = ["a": 1.0, "b": 2.5, "c": 0.1 + 0.2, "d": Float(0.1), "e": 42, "f": -7, "g": Int64.max]
        let encoded = try URLEncoding.queryString.encode(getRequest, with: parameters)
        XCTAssertEqual(percentEncodedQuery(encoded), "a=1&b=2.5&c=0.3&d=0.1&e=42&f=-7&g=9223372036854775807")
    }

    // Values that are neither numbers, Bools nor collections are written with string
    // interpolation: an optional left in a `[String: Any]` literal is sent as "Optional(…)" — the
    // mistake the fixtures avoid with `compactMapValues` and `if let`, kept so that it shows.
    func testAnOptionalStringValueIsWrittenAsOptional() throws {
        let name: String? = "kim"
        let encoded = try URLEncoding.queryString.encode(getRequest, with: ["name": name as Any])
        XCTAssertEqual(percentEncodedQuery(encoded), "name=Optional%28%22kim%22%29")
    }
}
