import AlamofireStandIn
import XCTest

/// AlamofireStandIn's `JSONEncoding` against Alamofire's documentation (Usage.md, "JSON-Encoded
/// Parameters", and the doc comment of `JSONEncoding`).
final class JSONEncodingTests: XCTestCase {
    private let post = try! URLRequest(url: "https://httpbin.org/post", method: .post)

    // Usage.md: "The JSONEncoding type creates a JSON representation of the parameters object,
    // which is set as the HTTP body of the request. The Content-Type HTTP header field of an encoded
    // request is set to application/json." Example: `["foo": [1,2,3], "bar": ["baz": "qux"]]` →
    // "HTTP body: {"foo": [1, 2, 3], "bar": {"baz": "qux"}}".
    func testTheDocumentedExample() throws {
        let parameters: Parameters = ["foo": [1, 2, 3], "bar": ["baz": "qux"]]
        for encoding in [JSONEncoding.default, JSONEncoding(options: [])] {
            let encoded = try encoding.encode(post, with: parameters)
            XCTAssertEqual(try jsonBody(encoded), try json(#"{"foo": [1, 2, 3], "bar": {"baz": "qux"}}"#))
            XCTAssertEqual(encoded.value(forHTTPHeaderField: "Content-Type"), "application/json")
            XCTAssertEqual(encoded.url, post.url)
        }
    }

    // JSONEncoding.encode: `if urlRequest.headers["Content-Type"] == nil` — a Content-Type the
    // request already has is kept.
    func testAnExistingContentTypeIsKept() throws {
        var request = post
        request.setValue("application/vnd.api+json", forHTTPHeaderField: "Content-Type")
        let encoded = try JSONEncoding.default.encode(request, with: ["a": 1])
        XCTAssertEqual(encoded.value(forHTTPHeaderField: "Content-Type"), "application/vnd.api+json")
        XCTAssertEqual(try jsonBody(encoded), try json(#"{"a": 1}"#))
    }

    // JSONEncoding.encode: `guard let parameters else { return urlRequest }` — no body and no
    // Content-Type without parameters, which is how a router's GET cases go through JSONEncoding.
    func testNilParametersLeaveTheRequestAsItIs() throws {
        let get = try URLRequest(url: "https://httpbin.org/get", method: .get)
        let encoded = try JSONEncoding.default.encode(get, with: nil)
        XCTAssertEqual(encoded, get)
        XCTAssertNil(encoded.httpBody)
        XCTAssertNil(encoded.value(forHTTPHeaderField: "Content-Type"))
    }

    // The body, not the query, whatever the method: JSONEncoding never touches the URL.
    func testAGETRequestGetsABodyToo() throws {
        let get = try URLRequest(url: "https://httpbin.org/get?x=1", method: .get)
        let encoded = try JSONEncoding.default.encode(get, with: ["page": 2, "tags": ["a"], "ok": true])
        XCTAssertEqual(encoded.url?.absoluteString, "https://httpbin.org/get?x=1")
        XCTAssertEqual(try jsonBody(encoded), try json(#"{"page": 2, "tags": ["a"], "ok": true}"#))
    }

    // JSONEncoding.prettyPrinted: "Returns a `JSONEncoding` instance with `.prettyPrinted` writing options."
    func testPrettyPrinted() throws {
        let encoded = try JSONEncoding.prettyPrinted.encode(post, with: ["a": ["b": 1]])
        XCTAssertTrue(try XCTUnwrap(bodyText(encoded)).contains("\n"))
        XCTAssertEqual(try jsonBody(encoded), try json(#"{"a": {"b": 1}}"#))
    }

    // JSONEncoding.Error.invalidJSONObject: "`JSONEncoding` attempted to encode an invalid JSON
    // object. Usually this means the value included types not representable in Objective-C."
    func testAValueJSONSerializationCannotWriteThrows() {
        XCTAssertThrowsError(try JSONEncoding.default.encode(post, with: ["when": Date()])) { error in
            guard case AFError.parameterEncodingFailed(reason: .jsonEncodingFailed) = error else {
                return XCTFail("unexpected \(error)")
            }
        }
    }

    // On Apple platforms an optional in the parameters is bridged to its value or to NSNull before
    // JSONSerialization sees it, so `nil` goes out as JSON null.
    func testOptionalsBecomeTheirValueOrNull() throws {
        let bio: String? = nil
        let name: String? = "kim"
        let encoded = try JSONEncoding.default.encode(post, with: ["bio": bio as Any, "name": name as Any])
        XCTAssertEqual(try jsonBody(encoded), try json(#"{"bio": null, "name": "kim"}"#))
    }
}
