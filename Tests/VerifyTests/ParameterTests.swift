import EndpointGenSpec
import EndpointGenSupport
@testable import EndpointGenVerify
import Foundation
import RawHTTPServer
import XCTest

/// Map and object query parameters (`deepObject`) from the values file, sent field by field as
/// the generated code sends them, to a server of the test's own on 127.0.0.1.
final class ParameterTests: XCTestCase {
    static let specText = """
        service: Search
        baseURL: http://127.0.0.1:9
        endpoints:
          search:
            method: GET
            path: /search
            query:
              filter: { type: "[String: String]", style: deepObject }
              created: { type: "Range?", style: deepObject }
            response: "[Int]"
        models:
          Range:
            fields:
              gte: Int?
              lte: Int?

        """

    func verify(values: String) throws -> (VerifyCommand.Outcome, [String]) {
        let server = try LocalServer { _, connection in
            connection.respond(status: 200, headers: ["Content-Type": "application/json"], body: Data("[1]".utf8))
        }
        defer { server.stop() }
        let file = NSTemporaryDirectory() + "endpointgen-values-\(UUID().uuidString).yaml"
        try values.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        var options = VerifyOptions()
        options.baseURL = "http://127.0.0.1:\(server.port)"
        options.timeout = 10
        let outcome = VerifyCommand.run(sources: [SourceFile(path: "specs/search.yaml", bytes: Array(Self.specText.utf8))],
                                        valuesFile: file, params: [], credentials: VerifyCredentials(), options: options)
        return (outcome, server.requests.map(\.target))
    }

    func testMapsAndObjectsAreSentFieldByField() throws {
        let (outcome, targets) = try verify(values: """
            Search.search:
              filter: { status: open, kind: a }
              created: { gte: 1700000000 }

            """)
        XCTAssertEqual(outcome.diagnostics.map(\.rendered), [])
        XCTAssertEqual(outcome.report?.endpoints.map(\.outcome), [.agrees])
        XCTAssertEqual(targets, ["/search?filter%5Bkind%5D=a&filter%5Bstatus%5D=open&created%5Bgte%5D=1700000000"])
    }

    func testAMapWithoutAValueSkipsTheEndpointSayingHowToGiveIt() throws {
        let (outcome, targets) = try verify(values: "Search.search:\n  created: { lte: 5 }\n")
        XCTAssertEqual(outcome.report?.endpoints.first?.skipReason,
                       "no value for query parameter 'filter', a map: give a mapping under Search.search in the values file")
        XCTAssertEqual(targets, [])
    }
}
