import EndpointRuntime
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The requests a stub client sent, for assertions on what went out (or that nothing did).
final class RequestRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var requests: [URLRequest] = []

    func record(_ request: URLRequest) {
        lock.withLock { requests.append(request) }
    }

    var urls: [URL] { lock.withLock { requests.compactMap(\.url) } }
}

/// A client with a bearer token (most endpoints of specs/ need one) whose stub transport records
/// each request in `recorder` and answers with `answer`.
func recordingClient(_ recorder: RequestRecorder, answer: @escaping @Sendable (URLRequest) -> StubResponse) -> APIClient {
    APIClient(transport: StubTransport { request in
        recorder.record(request)
        return answer(request)
    }, authentication: Authentication(tokenProvider: ClosureTokenProvider(token: { "t" }, refresh: {})))
}
