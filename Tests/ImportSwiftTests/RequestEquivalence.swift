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
        /// `name=value` items, percent-decoded, by name (as `query`).
        case form([String])
        case multipart([MultipartParts.Part])
        case raw(Data)
    }

    var method: String
    /// Scheme, host and the path as sent (percent-encoded).
    var url: String
    /// Query items, percent-decoded (`+` is a space only in forms), by name: items of one name
    /// keep the order sent (a list's order), items of different names are read by name, as servers
    /// read them (import-swift orders parameters as the case declares its values, for call sites,
    /// where Alamofire's URLEncoding sorts them).
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
        query = Self.byName((components.queryItems ?? []).map { "\($0.name)=\($0.value ?? "")" })
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

    /// `name=value` items ordered by name, items of one name in the order sent.
    static func byName(_ items: [String]) -> [String] {
        items.enumerated().sorted { a, b in
            let (first, second) = (a.element.prefix { $0 != "=" }, b.element.prefix { $0 != "=" })
            return first != second ? first < second : a.offset < b.offset
        }.map(\.element)
    }

    /// JSON with its keys sorted and no spaces.
    static func canonicalJSON(data bytes: Data) throws -> String {
        let value = try JSONSerialization.jsonObject(with: bytes, options: [.fragmentsAllowed])
        let canonical = try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
        return String(decoding: canonical, as: UTF8.self)
    }

    static func mediaType(_ value: String) -> String {
        String(value.split(separator: ";").first ?? "").trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// `value` as canonical JSON: keys sorted, no spaces.
    static func canonicalJSON(_ value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
    }

    fileprivate static func body(_ bytes: Data, contentType: String) throws -> Body {
        guard !bytes.isEmpty else { return .none }
        switch mediaType(contentType) {
        case "application/json":
            // A body that is not JSON under a JSON Content-Type (ShopAPI's text under its base
            // header) is compared by its bytes.
            guard let value = try? JSONSerialization.jsonObject(with: bytes, options: [.fragmentsAllowed]) else { return .raw(bytes) }
            return .json(try canonicalJSON(value))
        case "application/x-www-form-urlencoded":
            let text = String(decoding: bytes, as: UTF8.self)
            return .form(byName(text.split(separator: "&").map { item in
                String(item).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(item)
            }))
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
    /// A parameter whose value the original computes at run time, which the spec leaves out: a
    /// query or form item, or a top-level key of a JSON body, by name. Announced by the warning
    /// "the value of '…' in '…' is computed at run time (…): it is left out".
    case leftOut(String)
    /// Multipart parts the original builds at run time, which the spec leaves out: the generated
    /// body has only the parts import-swift could read, and no body (nor Content-Type) when there
    /// are none. Announced by the warning "the parts of '…' are built at run time (…): the parts
    /// import-swift could read are kept".
    case partsLeftOut
    /// A key of a JSON body that the original's own JSONEncoder writes under its key strategy
    /// (`original`, e.g. `state_reason`) and the spec's model under its wire name (`spec`).
    /// Announced by the warning "'…' encodes its body with its own JSONEncoder (…): the spec's
    /// JSON uses the models' wire names …; check its key and date strategies against them".
    case encoderKey(original: String, spec: String)
    /// The original sends its body under the Content-Type its target sets on every request
    /// (`application/json` on a form), the generated code under the body's own. Announced by the
    /// warning "'…' sets Content-Type '…', but its body is sent as … with that Content-Type by the
    /// runtime".
    case contentType
    /// A home-grown provider (seed 003's) sends its JSON body without a Content-Type, the
    /// generated code as `application/json`: the same JSON. Announced by the warning "'…' sends
    /// the layer's own '…', which the layer's own code turns into requests: … check what that
    /// code really sends".
    case ownProviderBody
}

/// One case of a layer: the request its own code builds and the call of the generated code
/// with the same values. `original` may be async: for SeedSpecRequestTests it is the request the
/// hand-written spec's generated code sends.
struct RequestCase {
    var name: String
    var original: () async throws -> URLRequest
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
            var original = try WireRequest(try await item.original())
            var generated = try WireRequest(sent)
            try apply(item.differences, &original, &generated)
            XCTAssertEqual(generated, original, "\(item.name)", file: file, line: line)
        }
    }

    private func apply(_ differences: Set<ExpectedDifference>, _ original: inout WireRequest, _ generated: inout WireRequest) throws {
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
            case .ownProviderBody:
                guard case .raw(let bytes) = original.body, original.headers["content-type"] == nil,
                      let json = try? WireRequest.canonicalJSON(data: bytes) else {
                    XCTFail("expected difference: the original's body is no JSON without a Content-Type")
                    continue
                }
                original.body = .json(json)
                original.headers["content-type"] = generated.headers["content-type"]
            case .leftOut(let name):
                let sentBy = { (item: String) in item.hasPrefix(name + "=") || item.hasPrefix(name + "[") }
                var found = original.query.contains(where: sentBy)
                original.query.removeAll(where: sentBy)
                if case .form(let items) = original.body, items.contains(where: sentBy) {
                    found = true
                    original.body = .form(items.filter { !sentBy($0) })
                }
                if case .json(let text) = original.body, var object = try jsonObject(text), object.removeValue(forKey: name) != nil {
                    found = true
                    original.body = .json(try WireRequest.canonicalJSON(object))
                }
                XCTAssertTrue(found, "expected difference: the original sends no '\(name)'")
            case .partsLeftOut:
                guard case .multipart(let parts) = original.body else {
                    XCTFail("expected difference: the original sends no multipart body")
                    continue
                }
                var kept: [String?] = []
                if case .multipart(let other) = generated.body { kept = other.map(\.name) }
                let remaining = parts.filter { kept.contains($0.name) }
                XCTAssertNotEqual(remaining.count, parts.count, "expected difference: the generated code sends every part")
                if remaining.isEmpty && generated.body == .none {
                    original.body = .none
                    original.headers["content-type"] = generated.headers["content-type"]
                } else {
                    original.body = .multipart(remaining)
                }
            case .encoderKey(let key, let specKey):
                guard case .json(let text) = original.body, var object = try jsonObject(text), let value = object.removeValue(forKey: key) else {
                    XCTFail("expected difference: the original's JSON body has no '\(key)'")
                    continue
                }
                object[specKey] = value
                original.body = .json(try WireRequest.canonicalJSON(object))
            case .contentType:
                XCTAssertNotEqual(original.headers["content-type"], generated.headers["content-type"], "expected difference: the Content-Types are the same")
                original.headers["content-type"] = generated.headers["content-type"]
                if case .raw(let bytes) = original.body, let type = generated.headers["content-type"] {
                    original.body = try WireRequest.body(bytes, contentType: type)
                }
            }
        }
    }

    /// A JSON body's top-level object; nil for any other value.
    private func jsonObject(_ text: String) throws -> [String: Any]? {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) as? [String: Any]
    }
}

/// The session cookie seed 000's layer copies from `HTTPCookieStorage.shared` into two requests
/// (and `auth: cookie` sends), stored for a test and removed after it. The seed copies every
/// cookie of the storage, whatever its domain, so the storage holds only this one during a test:
/// what other tests (or, on Linux, the storage's file under ~/.local/share) left there is put
/// aside and put back after.
enum DrinkigSession {
    static let url = URL(string: "https://api.drinkig.example.com/")!
    nonisolated(unsafe) private static var putAside: [HTTPCookie] = []

    static func store() {
        let storage = HTTPCookieStorage.shared
        putAside = storage.cookies ?? []
        for cookie in putAside { storage.deleteCookie(cookie) }
        let cookie = HTTPCookie(properties: [.name: "SESSION", .value: "s3ss10n", .domain: "api.drinkig.example.com", .path: "/"])!
        storage.setCookie(cookie)
    }

    static func remove() {
        let storage = HTTPCookieStorage.shared
        for cookie in storage.cookies ?? [] { storage.deleteCookie(cookie) }
        for cookie in putAside { storage.setCookie(cookie) }
        putAside = []
    }
}
