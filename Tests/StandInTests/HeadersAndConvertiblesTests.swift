import AlamofireStandIn
import XCTest

/// `HTTPHeaders`, `HTTPMethod` and the URL / request convertibles against Alamofire's doc comments.
final class HeadersAndConvertiblesTests: XCTestCase {
    // HTTPHeaders: "An order-preserving and case-insensitive representation of HTTP headers."
    // add(name:value:): "Case-insensitively updates or appends an `HTTPHeader` into the instance".
    func testHeadersAreOrderPreservingAndCaseInsensitive() {
        var headers: HTTPHeaders = ["Accept": "application/json", "Content-Type": "text/plain"]
        headers.add(name: "content-type", value: "application/json")
        headers.add(.authorization(bearerToken: "t0k"))
        XCTAssertEqual(headers.map(\.name), ["Accept", "content-type", "Authorization"])
        XCTAssertEqual(headers["CONTENT-TYPE"], "application/json")
        XCTAssertEqual(headers.dictionary, ["Accept": "application/json", "content-type": "application/json", "Authorization": "Bearer t0k"])
        headers["accept"] = nil
        XCTAssertEqual(headers.count, 2)
    }

    // HTTPHeader.authorization(bearerToken:): "Returns a `Bearer` `Authorization` header using the
    // `bearerToken` provided." (and the Basic, Accept and Content-Type helpers).
    func testHeaderHelpers() {
        XCTAssertEqual(HTTPHeader.authorization(bearerToken: "abc"), HTTPHeader(name: "Authorization", value: "Bearer abc"))
        XCTAssertEqual(HTTPHeader.authorization(username: "user", password: "pass").value, "Basic dXNlcjpwYXNz")
        XCTAssertEqual(HTTPHeader.contentType("application/json"), HTTPHeader(name: "Content-Type", value: "application/json"))
        XCTAssertEqual(HTTPHeader.accept("text/html"), HTTPHeader(name: "Accept", value: "text/html"))
        XCTAssertEqual(HTTPHeaders(["X-A": "1"]).dictionary, ["X-A": "1"])
    }

    // URLRequest.init(url:method:headers:): "Creates an instance with the specified `url`, `method`,
    // and `headers`." `headers`: "Returns `allHTTPHeaderFields` as `HTTPHeaders`." `method`: "Returns
    // the `httpMethod` as Alamofire's `HTTPMethod` type."
    func testRequestInitializerAndAccessors() throws {
        var request = try URLRequest(url: "https://api.example.com/v1/users", method: .patch, headers: [.accept("application/json")])
        XCTAssertEqual(request.url?.absoluteString, "https://api.example.com/v1/users")
        XCTAssertEqual(request.httpMethod, "PATCH")
        XCTAssertEqual(request.method, .patch)
        XCTAssertEqual(request.value(forHTTPHeaderField: "Accept"), "application/json")

        request.method = .delete
        request.headers = [.authorization(bearerToken: "x")]
        XCTAssertEqual(request.httpMethod, "DELETE")
        XCTAssertEqual(request.allHTTPHeaderFields, ["Authorization": "Bearer x"], "setting headers replaces them all")
        XCTAssertEqual(try request.asURLRequest(), request)
        XCTAssertEqual(request.urlRequest, request)
    }

    // String.asURL: "Returns a `URL` if `self` can be used to initialize a `URL` instance, otherwise
    // throws. … - Throws: An `AFError.invalidURL` instance."
    func testURLConvertibles() throws {
        XCTAssertEqual(try "https://a.example/b".asURL(), URL(string: "https://a.example/b"))
        XCTAssertEqual(try URL(string: "https://a.example")!.asURL().absoluteString, "https://a.example")
        var components = URLComponents()
        components.scheme = "https"
        components.host = "a.example"
        components.path = "/c"
        XCTAssertEqual(try components.asURL().absoluteString, "https://a.example/c")
        for text in ["http://[not a url", ""] {
            XCTAssertThrowsError(try text.asURL()) { error in
                guard case AFError.invalidURL(url: text) = error else { return XCTFail("unexpected \(error)") }
            }
        }
    }

    // AFError.URLRequestValidationFailureReason.bodyDataInGETRequest: "URLRequest with GET method had
    // body data." Alamofire's session validates every request before sending it.
    func testAGETWithABodyFailsValidation() throws {
        let get = try JSONEncoding.default.encode(try URLRequest(url: "https://a.example", method: .get), with: ["a": 1])
        XCTAssertThrowsError(try get.validate()) { error in
            guard case AFError.urlRequestValidationFailed(reason: .bodyDataInGETRequest) = error else { return XCTFail("unexpected \(error)") }
        }
        XCTAssertNoThrow(try URLRequest(url: "https://a.example", method: .get).validate())
        var post = get
        post.method = .post
        XCTAssertNoThrow(try post.validate())
    }

    // HTTPMethod: the RFC 7231 methods (and PATCH) by name; `Alamofire.HTTPMethod` is the same type.
    func testMethodsAndTheAlamofireNamespace() {
        let methods: [HTTPMethod] = [.get, .post, .put, .patch, .delete, .head, .options, .connect, .trace]
        XCTAssertEqual(methods.map(\.rawValue), ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "CONNECT", "TRACE"])
        let qualified: Alamofire.HTTPMethod = .post
        XCTAssertEqual(qualified, HTTPMethod.post)
        let encoding: Alamofire.ParameterEncoding = Alamofire.URLEncoding.queryString
        XCTAssertEqual((encoding as? URLEncoding)?.destination, .queryString)
    }
}
