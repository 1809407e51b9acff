import EndpointRuntime
import Foundation
import MoyaStandIn
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request as a server reads it: what the comparisons of import-swift's tests look at.
struct WireRequest: Equatable, CustomStringConvertible {
    enum Body: Equatable {
        case none
        /// Canonical JSON: keys sorted, no spaces.
        case json(String)
        /// `name=value` items, percent-decoded, in order.
        case form([String])
        case multipart([MultipartParts.Part])
        case raw(Data)
    }

    var method: String
    /// Scheme, host and the path as sent (percent-encoded).
    var url: String
    /// Query items, percent-decoded (`+` is a space only in forms), in the order sent.
    var query: [String]
    /// Header names in lower case → value; `content-type` only as a media type (no parameters).
    var headers: [String: String]
    var body: Body

    var description: String {
        "\(method) \(url)?\(query.joined(separator: "&")) \(headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }) \(body)"
    }

    /// Reads a `URLRequest`; headers the comparison never looks at are left out (`ignoring`,
    /// in lower case).
    init(_ request: URLRequest, ignoring: Set<String> = WireRequest.transportHeaders) throws {
        method = request.httpMethod ?? "GET"
        let url = try XCTUnwrap(request.url)
        let components = try XCTUnwrap(URLComponents(url: url, resolvingAgainstBaseURL: false))
        self.url = "\(components.scheme ?? "")://\(components.host ?? "")\(components.port.map { ":\($0)" } ?? "")\(components.percentEncodedPath)"
        query = (components.queryItems ?? []).map { "\($0.name)=\($0.value ?? "")" }
        var headers: [String: String] = [:]
        for (name, value) in request.allHTTPHeaderFields ?? [:] where !ignoring.contains(name.lowercased()) {
            headers[name.lowercased()] = name.lowercased() == "content-type" ? Self.mediaType(value) : value
        }
        let bodyBytes = request.httpBody ?? Data()
        let contentType = (request.allHTTPHeaderFields ?? [:]).first { $0.key.lowercased() == "content-type" }?.value ?? ""
        body = try Self.body(bodyBytes, contentType: contentType)
        self.headers = headers
    }

    /// Headers of the transport and runtime, not of the endpoint.
    static let transportHeaders: Set<String> = ["user-agent", "accept-encoding", "content-length", "accept-language"]

    static func mediaType(_ value: String) -> String {
        String(value.split(separator: ";").first ?? "").trimmingCharacters(in: .whitespaces).lowercased()
    }

    private static func body(_ bytes: Data, contentType: String) throws -> Body {
        guard !bytes.isEmpty else { return .none }
        switch mediaType(contentType) {
        case "application/json":
            let value = try JSONSerialization.jsonObject(with: bytes, options: [.fragmentsAllowed])
            let canonical = try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
            return .json(String(decoding: canonical, as: UTF8.self))
        case "application/x-www-form-urlencoded":
            let text = String(decoding: bytes, as: UTF8.self)
            return .form(text.split(separator: "&").map { item in
                String(item).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(item)
            })
        case "multipart/form-data":
            return .multipart(try MultipartParts.parse(body: bytes, contentType: contentType))
        default:
            return .raw(bytes)
        }
    }
}

/// A transport that keeps the request it is given and answers 200 with `answer`.
final class CapturingTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var requests: [URLRequest] = []
    let answer: Data

    init(answer: Data = Data("{}".utf8)) {
        self.answer = answer
    }

    func send(_ request: URLRequest, context: TransportContext) async throws(APIError) -> HTTPResponse {
        lock.withLock { requests.append(request) }
        return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: answer, url: request.url)
    }

    var last: URLRequest? { lock.withLock { requests.last } }

    func reset() {
        lock.withLock { requests.removeAll() }
    }
}

/// What a request of the generated code may differ in from the original's, each announced by a
/// warning of import-swift (or a rule of the runtime docs/import-swift.md lists).
enum ExpectedDifference: Hashable {
    /// A header the original sets that the generated code does not send (lower case), with why.
    case headerNotSent(String)
    /// The original's URL differs (an empty path gets a trailing slash; `//` from string joining).
    case url
    /// A query or form item the original writes in another form (`1` for a Bool), by name.
    case value(String)
    /// A multipart part's file name or type, which the caller now passes in `File`.
    case partFileDetails
}

/// One case of a layer: the request its own code builds and the call of the generated code
/// with the same values.
struct RequestCase {
    var name: String
    var original: () throws -> URLRequest
    var generated: (APIClient) async throws -> Void
    var differences: Set<ExpectedDifference> = []
}

extension XCTestCase {
    /// Compares each case's two requests; `client` is made with the capturing transport.
    func assertSameRequests(_ cases: [RequestCase], client makeClient: (CapturingTransport) -> APIClient,
                            file: StaticString = #filePath, line: UInt = #line) async throws {
        for item in cases {
            let transport = CapturingTransport()
            let client = makeClient(transport)
            do {
                try await item.generated(client)
            } catch {
                // Only the request matters; the answer may not be the response's type.
            }
            guard let sent = transport.last else {
                XCTFail("\(item.name): the generated code sent nothing", file: file, line: line)
                continue
            }
            var original = try WireRequest(try item.original())
            var generated = try WireRequest(sent)
            apply(item.differences, &original, &generated)
            XCTAssertEqual(generated, original, "\(item.name)", file: file, line: line)
        }
    }

    private func apply(_ differences: Set<ExpectedDifference>, _ original: inout WireRequest, _ generated: inout WireRequest) {
        for difference in differences {
            switch difference {
            case .headerNotSent(let name):
                XCTAssertNotNil(original.headers[name], "expected difference: the original sends no '\(name)'")
                original.headers[name] = nil
            case .url:
                XCTAssertNotEqual(original.url, generated.url, "expected difference: the URLs are the same")
                original.url = generated.url
            case .value(let name):
                let prefix = name + "="
                original.query = original.query.map { $0.hasPrefix(prefix) ? generated.query.first { $0.hasPrefix(prefix) } ?? $0 : $0 }
                if case .form(let items) = original.body, case .form(let other) = generated.body {
                    original.body = .form(items.map { $0.hasPrefix(prefix) ? other.first { $0.hasPrefix(prefix) } ?? $0 : $0 })
                }
            case .partFileDetails:
                if case .multipart(let parts) = original.body, case .multipart(let other) = generated.body {
                    original.body = .multipart(zip(parts, other).map { MultipartParts.Part(name: $0.name, fileName: $1.fileName, mimeType: $1.mimeType, data: $0.data) })
                }
            }
        }
    }
}
