import APITestSupport
import EndpointRuntime
import Foundation
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fails every request with the `URLError` code written as the last path component
/// (`http://fail.test/-1009`), so the transport's mapping can be checked code by code.
final class FailingURLProtocol: URLProtocol {
    override class func canInit(with request: URLRequest) -> Bool { request.url?.host == "fail.test" }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let code = Int(request.url?.lastPathComponent ?? "") ?? URLError.unknown.rawValue
        client?.urlProtocol(self, didFailWithError: URLError(URLError.Code(rawValue: code) ?? .unknown))
    }

    override func stopLoading() {}
}

final class URLErrorMappingTests: XCTestCase {
    private struct Failing: Endpoint {
        var code: URLError.Code
        var defaultBaseURL: URL? { nil }
        var method: HTTPMethod { .get }
        var pathComponents: [PathComponent] { [.literal("/"), .value(String(code.rawValue))] }
        var queryItems: [QueryItem] { [] }
        var headers: [HTTPHeader] { [] }
        var body: RequestBody { .none }
        var auth: AuthRequirement { .none }
        var timeout: TimeInterval? { nil }
        var envelope: EnvelopeFormat? { nil }
        var errorFormat: ErrorBodyFormat { ErrorBodyFormat() }
        var sampleData: Data { Data() }
    }

    func testURLErrorCodesMapToTransportFailures() async {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [FailingURLProtocol.self]
        let client = APIClient(transport: URLSessionTransport(configuration: configuration))
        let cases: [(URLError.Code, APIError)] = [
            (.notConnectedToInternet, .transport(.notConnected)),
            (.cannotConnectToHost, .transport(.cannotConnect)),
            (.cannotFindHost, .transport(.cannotConnect)),
            (.dnsLookupFailed, .transport(.cannotConnect)),
            (.timedOut, .transport(.timedOut)),
            (.networkConnectionLost, .transport(.connectionLost)),
            (.httpTooManyRedirects, .transport(.tooManyRedirects)),
            (.cancelled, .cancelled),
            (.secureConnectionFailed, .transport(.other(code: URLError.secureConnectionFailed.rawValue, description: ""))),
        ]
        for (code, expected) in cases {
            let error = await expectError { () async throws(APIError) in
                try await client.send(Failing(code: code), baseURL: URL(string: "http://fail.test")!)
            }
            switch (error, expected) {
            case (.transport(.other(let received, _))?, .transport(.other(let wanted, _))):
                XCTAssertEqual(received, wanted)
            case (.transport(let received)?, .transport(let wanted)):
                XCTAssertEqual(received, wanted, "\(code.rawValue)")
            case (.cancelled?, .cancelled):
                break
            default:
                XCTFail("\(code.rawValue): \(String(describing: error))")
            }
        }
    }
}
