import APITestSupport
import EndpointRuntime
import Foundation
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The runtime's parameter encodings against a strict OpenAPI validator nobody here wrote:
/// openapi-core (PyPI) behind Tests/Referee/openapi_referee.py parses each request by the styles
/// of Tests/Fixtures/openapi/referee.yaml and answers with what it parsed. The values must come
/// back exactly as they were sent. Started by the tests; without openapi-core the tests skip,
/// unless `ENDPOINTGEN_REQUIRE_HTTPBIN=1` (as `make test` sets) makes that a failure.
///
/// What the referee cannot tell apart is left out, and said here: it percent-decodes before it
/// splits, so a delimiter inside a value of a delimited list (`a,b` in a comma list, which the
/// runtime sends as `a%2Cb` by RFC 6570) reads as two values; it does not split `spaceDelimited`
/// lists; it cannot read an exploded free-form object (no property names to look for); and WSGI
/// decodes the path before routing, so `%2F`, `%2E` and `%2E%2E` (values `/`, `.`, `..`) reach it as
/// path syntax.
final class RefereeTests: XCTestCase {
    private static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    private static let referee = RefereeServer(
        name: "the OpenAPI referee", install: "pip install openapi-core",
        arguments: ["python3", repository.path + "/Tests/Referee/openapi_referee.py", repository.path + "/Tests/Fixtures/openapi/referee.yaml"])

    /// What the referee parsed from `endpoint`'s request.
    private func parsed(_ endpoint: ProbeEndpoint) async throws -> [String: Any] {
        let base = try Self.referee.url()
        let client = APIClient(transport: transportUnderTest(), configuration: .init(timeout: 10))
        let response = try await client.response(endpoint, baseURL: base)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: response.value) as? [String: Any])
    }

    private func query(_ build: (inout [QueryItem]) -> Void) -> [QueryItem] {
        var items: [QueryItem] = []
        build(&items)
        return items
    }

    func testArrayStylesParseBackToTheValuesSent() async throws {
        let words = ["plain", "two words", "질문", "100%", "a&b=c", "x+y", "slash/semi;"]
        let items = query { items in
            items.append(name: "repeated", words, style: .repeated)
            items.append(name: "comma", words, style: .comma)
            items.append(name: "pipe", words, style: .pipe)
            items.append(name: "numbers", [3, -1, 0], style: .comma)
        }
        var headers: [HTTPHeader] = []
        headers.append(name: "X-Tags", ["a", "b c", "d"])
        let result = try await parsed(ProbeEndpoint(path: "/v1/lists", queryItems: items, headers: headers))
        let query = try XCTUnwrap(result["query"] as? [String: Any])
        XCTAssertEqual(query["repeated"] as? [String], words)
        XCTAssertEqual(query["comma"] as? [String], words)
        XCTAssertEqual(query["pipe"] as? [String], words)
        XCTAssertEqual(query["numbers"] as? [Int], [3, -1, 0])
        XCTAssertEqual((result["header"] as? [String: Any])?["x-tags"] as? [String], ["a", "b c", "d"],
                       "OpenAPI's simple style: commas, no spaces")
    }

    func testDeepObjectMapsAndDatesParseBack() async throws {
        let filter = ["status": "open", "kind": "a b", "note": "[x]=y&z", "키": "값"]
        let items = query { $0.append(name: "filter", filter, style: .deepObject) }
        let result = try await parsed(ProbeEndpoint(path: "/v1/objects", queryItems: items))
        XCTAssertEqual((result["query"] as? [String: Any])?["filter"] as? [String: String], filter)

        let date = Date(timeIntervalSince1970: 1_704_164_645.25)
        let dated = try await parsed(ProbeEndpoint(path: "/v1/lists", queryItems: query { $0.append(name: "when", date) }))
        // openapi-core reads a date-time as the instant it names, fraction included.
        let text = try XCTUnwrap((dated["query"] as? [String: Any])?["when"] as? String)
        XCTAssertTrue(text.hasPrefix("2024-01-02 03:04:05.25") || text.hasPrefix("2024-01-02T03:04:05.25"), text)
    }

    /// Each `DateEncoding` reads back as the type its OpenAPI format names: a `format: date`, an
    /// ISO date-time with its offset and fraction, epoch integers and numbers.
    func testDateEncodingsParseBack() async throws {
        let instant = Date(timeIntervalSince1970: 1_735_255_815.125)  // 2024-12-26T23:30:15.125Z: the 27th in Seoul
        let items = query { items in
            items.append(name: "day", instant.encoded(.date(timeZone: "Asia/Seoul")))
            items.append(name: "when", instant.encoded(.iso8601))
            items.append(name: "since", instant.encoded(.epochMilliseconds))
            items.append(name: "seconds", instant.encoded(.epochSeconds))
        }
        let result = try await parsed(ProbeEndpoint(path: "/v1/lists", queryItems: items))
        let query = try XCTUnwrap(result["query"] as? [String: Any])
        XCTAssertEqual(query["day"] as? String, "2024-12-27")
        let when = try XCTUnwrap(query["when"] as? String)
        XCTAssertTrue(when.hasPrefix("2024-12-26 23:30:15.125") || when.hasPrefix("2024-12-26T23:30:15.125"), when)
        XCTAssertEqual(query["since"] as? Int, 1_735_255_815_125)
        XCTAssertEqual(query["seconds"] as? Double, 1_735_255_815.125)
    }

    func testPathValuesParseBack() async throws {
        for value in ["a b", "질문", "100%", "semi;colon", "x?y#z", "a.b"] {
            let result = try await parsed(ProbeEndpoint(path: "/v1/items/" + PathEncoding.segment(value)))
            XCTAssertEqual((result["path"] as? [String: Any])?["id"] as? String, value)
        }
    }
}
