#if AsyncHTTPClient
import AsyncHTTPClient
import EndpointRuntimeAsyncHTTPClient
#endif
import EndpointRuntime
import Foundation

/// The transport the wire and transport suites run against: `ENDPOINTGEN_TEST_TRANSPORT=urlsession`,
/// `=curl` or `=ahc` (also `=asynchttpclient`), else the runtime's default (`CurlTransport` on
/// Linux). `make test` runs those suites once per transport. `=ahc` needs the package trait
/// AsyncHTTPClient (the Makefile turns it on); without it the process stops with that message.
public func transportUnderTest() -> any HTTPTransport {
    switch ProcessInfo.processInfo.environment["ENDPOINTGEN_TEST_TRANSPORT"] {
    case "urlsession": return URLSessionTransport()
    #if os(Linux)
    case "curl": return CurlTransport()
    #endif
    case "ahc", "asynchttpclient":
        #if AsyncHTTPClient
        return AsyncHTTPClientTransport(client: testHTTPClient)
        #else
        fatalError("ENDPOINTGEN_TEST_TRANSPORT=ahc: built without the package trait AsyncHTTPClient (swift test --traits AsyncHTTPClient, or make test)")
        #endif
    default: return APIClient.defaultTransport()
    }
}

/// Whether the transport under test is Linux's URLSession (FoundationNetworking, libcurl
/// underneath), whose own behaviour some tests allow for and say so; on Apple platforms
/// `URLSessionTransport` is Darwin's URLSession, held to the platform-neutral expectation or
/// skipped with why (docs/apple-platforms.md).
public var linuxURLSessionIsUnderTest: Bool {
    #if canImport(FoundationNetworking)
    transportUnderTest() is URLSessionTransport
    #else
    false
    #endif
}

#if AsyncHTTPClient

/// One client for the whole test process, as a server app would hold one: it lives as long as
/// the process (AsyncHTTPClient stops a debug process that releases a client not shut down).
/// One connection per request: the tests' servers stop and new ones start on ports the system
/// hands out again, so a connection pooled for a stopped server could be taken for the next
/// server on that port and fail as `.connectionLost` (seen once in CI); apps keep the pooling.
private let testHTTPClient: HTTPClient = {
    var configuration = AsyncHTTPClientTransport.configuration()
    configuration.maximumUsesPerConnection = 1
    return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
}()

/// Whether the suites run over `AsyncHTTPClientTransport`, for the expectations that differ by
/// transport (each says why).
public var asyncHTTPClientIsUnderTest: Bool {
    transportUnderTest() is AsyncHTTPClientTransport
}
#else
public var asyncHTTPClientIsUnderTest: Bool { false }
#endif

/// Whether `transport` is `CurlTransport`, which exists on Linux only.
public func isCurl(_ transport: any HTTPTransport) -> Bool {
    #if os(Linux)
    return transport is CurlTransport
    #else
    return false
    #endif
}
