import EndpointRuntime
import Foundation

/// The transport the wire and transport suites run against: `ENDPOINTGEN_TEST_TRANSPORT=urlsession`
/// or `=curl`, else the runtime's default (`CurlTransport` on Linux). `make test` runs those
/// suites once per transport.
public func transportUnderTest() -> any HTTPTransport {
    switch ProcessInfo.processInfo.environment["ENDPOINTGEN_TEST_TRANSPORT"] {
    case "urlsession": return URLSessionTransport()
    case "curl": return CurlTransport()
    default: return APIClient.defaultTransport()
    }
}
