import APITestSupport
@_spi(Generated) import EndpointRuntime
import Foundation
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `APIClient.response(_:baseURL:cases:)` with a hand-written `StatusDecodable`, as a generated
/// one is: plugins and the retry policy see every response before the status is looked up, and
/// stubs answer the endpoint's listed statuses, also through `WithServiceParameters`.
final class StatusResponseTests: XCTestCase {
    private enum Lookup: StatusDecodable, Equatable {
        case ok(String)
        case notModified
        case notFound

        init?(_ response: ResponseReader) throws(APIError) {
            switch response.status {
            case 200: self = .ok(try response.json(String.self))
            case 304: self = .notModified
            case 404: self = .notFound
            default: return nil
            }
        }
    }

    private struct LookupEndpoint: Endpoint {
        var defaultBaseURL: URL? { nil }
        var method: HTTPMethod { .get }
        var pathComponents: [PathComponent] { [.literal("/lookup")] }
        var queryItems: [QueryItem] { [] }
        var headers: [HTTPHeader] { [] }
        var body: RequestBody { .none }
        var auth: AuthRequirement { .none }
        var timeout: TimeInterval? { 5 }
        var envelope: EnvelopeFormat? { nil }
        var errorFormat: ErrorBodyFormat { ErrorBodyFormat() }
        var sampleData: Data { Data(#""sample""#.utf8) }
        var sampleResponses: [SampleResponse] { [SampleResponse(status: 200, body: sampleData), SampleResponse(status: 304)] }
    }

    private let url = URL(string: "https://api.example.com")!

    func testPluginsAndRetriesSeeTheResponseBeforeItsCaseIsChosen() async throws {
        let log = Recorder<String>()
        let answers = Recorder<Int>()
        let client = APIClient(transport: StubTransport { _ in
            answers.append(0)
            return answers.values.count == 1 ? .response(status: 503) : .response(status: 404)
        }, plugins: [RecordingPlugin(name: "a", log: log)], retryPolicy: RetryPolicy(maxAttempts: 2, initialDelay: 0))
        let response = try await client.response(LookupEndpoint(), baseURL: url, cases: Lookup.self)
        XCTAssertEqual(response.value, .notFound)
        XCTAssertEqual(log.values.filter { $0.contains("didReceive") }, ["a.didReceive 503", "a.didReceive 404"])
    }

    func testStubsAnswerTheFirstListedStatusOrTheOneAskedFor() async throws {
        let first = try await APIClient(transport: StubTransport())
            .response(LookupEndpoint(), baseURL: url, cases: Lookup.self)
        XCTAssertEqual(first.value, .ok("sample"))
        let wrapped = WithServiceParameters(LookupEndpoint(), headers: [], queryItems: [])
        XCTAssertEqual(wrapped.sampleResponses, LookupEndpoint().sampleResponses, "the wrapper forwards the samples")
        let unchanged = try await APIClient(transport: StubTransport { _ in .sample(status: 304) })
            .response(wrapped, baseURL: url, cases: Lookup.self)
        XCTAssertEqual(unchanged.value, .notModified)
        XCTAssertEqual(unchanged.status, 304)
        // An endpoint without listed statuses: 200 and its sampleData, as before.
        let plain = try await APIClient(transport: StubTransport()).response(ProbeEndpoint(), baseURL: url)
        XCTAssertEqual(plain.status, 200)
    }

    func testAnUnlistedStatusIsAServerError() async {
        let client = APIClient(transport: StubTransport { _ in .json(status: 500, #"{"error":"x"}"#) })
        let error = await expectError { () async throws(APIError) in
            try await client.response(LookupEndpoint(), baseURL: url, cases: Lookup.self)
        }
        guard case .server(let failure)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(failure.status, 500)
    }
}
