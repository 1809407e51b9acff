import Foundation
import XCTest
@testable import EndpointRuntime
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `ServerURLText`: the `Location` and `Link` text a server chose, made a valid RFC 3986 URI
/// reference before `URL` reads it, so that Linux and Apple platforms (whose `URL(string:)`
/// returns nil on iOS 16 / macOS 13 for text Linux encodes by itself) follow the same targets.
final class ServerURLTextTests: XCTestCase {
    private let base = URL(string: "https://api.example.com/v1/items?page=2")!

    func testTextURLStringRejectsOnOldApplePlatformsIsEncoded() {
        let cases: [(String, String)] = [
            ("/상품/1", "/%EC%83%81%ED%92%88/1"),
            ("/a b", "/a%20b"),
            ("/a|b", "/a%7Cb"),
            ("next?q=가 b&sort=a|b", "next?q=%EA%B0%80%20b&sort=a%7Cb"),
            ("/a?b#프 c", "/a?b#%ED%94%84%20c"),
            ("https://shop.example.com/상품?id=1#리뷰", "https://shop.example.com/%EC%83%81%ED%92%88?id=1#%EB%A6%AC%EB%B7%B0"),
            ("//cdn.example.com/a b", "//cdn.example.com/a%20b"),
            // Escapes the server made are kept; a `%` without two hex digits is a literal `%`.
            ("/a%2Fb%41", "/a%2Fb%41"),
            ("/a%zz%4", "/a%25zz%254"),
            ("/100%", "/100%25"),
            // Characters RFC 3986 allows nowhere in a path, or only in the host, or only once.
            ("/a\"<>^`{}[]b", "/a%22%3C%3E%5E%60%7B%7D%5B%5Db"),
            ("/a#b#c", "/a#b%23c"),
            // A backslash is a byte of the path, not the `/` browsers make of it (`//evil` would leave the host).
            ("/\\evil.example/x", "/%5Cevil.example/x"),
            ("/a\u{7F}\u{01}b", "/a%7F%01b"),
            // What is already valid is left alone; surrounding spaces and tabs are not part of it.
            ("  /v1/items?page=3&x=a,b;c=d:e@f!$'()*+~  ", "/v1/items?page=3&x=a,b;c=d:e@f!$'()*+~"),
            ("http://[::1]:8080/a b", "http://[::1]:8080/a%20b"),
            ("mailto:a b", "mailto:a%20b"),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(ServerURLText.encoded(text), expected, text)
        }
    }

    func testAnAuthorityThatIsNotPlainASCIIIsRefused() {
        // An internationalized host name would need IDNA, which the runtime does not do; a
        // percent-encoded one would not resolve. Refused on every platform alike.
        XCTAssertNil(ServerURLText.encoded("https://상품.example/a"))
        XCTAssertNil(ServerURLText.encoded("https://a b.example/a"))
        XCTAssertNil(ServerURLText.url("//evil|example/a", relativeTo: base))
    }

    func testEncodedTextIsAlwaysAValidURIReference() {
        // Every byte of the output is one RFC 3986 allows, and every `%` starts an escape: the
        // strict parser of iOS 16 / macOS 13 accepts such text, so platforms cannot differ.
        let hex = Set("0123456789ABCDEFabcdef".utf8)
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%".utf8)
        var inputs: [String] = []
        for scalar in (0x00...0x2FF).compactMap(Unicode.Scalar.init) {
            inputs.append("/p\(Character(scalar))q?x=\(Character(scalar))#\(Character(scalar))")
        }
        inputs += ["/%", "/%%%", "/%G1", "/%1", "/😀 🇰🇷", "?a=%E0%A4%A", "#%"]
        for input in inputs {
            guard let output = ServerURLText.encoded(input) else { return XCTFail("refused \(input.debugDescription)") }
            let bytes = Array(output.utf8)
            XCTAssertTrue(bytes.allSatisfy(allowed.contains), "\(input.debugDescription) → \(output)")
            for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "%") {
                XCTAssertTrue(index + 2 < bytes.count && hex.contains(bytes[index + 1]) && hex.contains(bytes[index + 2]),
                              "\(input.debugDescription) → \(output)")
            }
            XCTAssertEqual(output.filter { $0 == "#" }.count, min(1, input.filter { $0 == "#" }.count), output)
            XCTAssertNotNil(URL(string: output, relativeTo: base), output)
        }
    }

    func testTargetsResolveAgainstTheRequestURL() {
        XCTAssertEqual(ServerURLText.url("/상품/1", relativeTo: base)?.absoluteString,
                       "https://api.example.com/%EC%83%81%ED%92%88/1")
        XCTAssertEqual(ServerURLText.url("a b?c=d|e", relativeTo: base)?.absoluteString,
                       "https://api.example.com/v1/a%20b?c=d%7Ce")
        XCTAssertEqual(ServerURLText.url("https://other.example/x y", relativeTo: base)?.absoluteString,
                       "https://other.example/x%20y")
        XCTAssertEqual(ServerURLText.url("/a%zz", relativeTo: base)?.path, "/a%zz")
    }

    func testLinkTargetsAreReadTheSameWay() {
        let field = #"</v1/items?page=3&q=가 b|c>; rel="next", </v1/상품>; rel=last"#
        XCTAssertEqual(LinkHeader.target(ofRelation: "next", in: field, base: base)?.absoluteString,
                       "https://api.example.com/v1/items?page=3&q=%EA%B0%80%20b%7Cc")
        XCTAssertEqual(LinkHeader.target(ofRelation: "last", in: field, base: base)?.absoluteString,
                       "https://api.example.com/v1/%EC%83%81%ED%92%88")
    }

    func testRedirectTargetsAreReadTheSameWay() throws {
        let policy = RedirectPolicy.default
        var request = URLRequest(url: base)
        request.httpMethod = "GET"
        for (location, expected) in [("/상품/1", "https://api.example.com/%EC%83%81%ED%92%88/1"),
                                     ("/a b", "https://api.example.com/a%20b"),
                                     ("/a|b?x=1 2#f", "https://api.example.com/a%7Cb?x=1%202#f"),
                                     ("/a%zz", "https://api.example.com/a%25zz")] {
            let next = try policy.nextRequest(after: HTTPResponse(status: 302, headers: ["Location": location]), to: request, redirectsSoFar: 0)
            XCTAssertEqual(next?.url?.absoluteString, expected, location)
        }
        XCTAssertThrowsError(try policy.nextRequest(after: HTTPResponse(status: 302, headers: ["Location": "https://상품.example/"]),
                                                    to: request, redirectsSoFar: 0))
    }
}
