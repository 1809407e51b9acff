import FlyingFox
import Foundation

/// A FlyingFox HTTP server on 127.0.0.1 (free port) inside the test process. Every request is
/// recorded as it arrived on the wire and answered by the test's handler.
final class WireServer: Sendable {
    typealias Handler = @Sendable (ReceivedRequest) async throws -> HTTPResponse

    let baseURL: URL
    private let server: HTTPServer
    private let task: Task<Void, any Error>
    private let log: RequestLog

    private init(server: HTTPServer, task: Task<Void, any Error>, log: RequestLog, port: UInt16, basePath: String) {
        self.server = server
        self.task = task
        self.log = log
        self.baseURL = URL(string: "http://127.0.0.1:\(port)\(basePath)")!
    }

    /// Starts a server whose base URL ends in `basePath` (as the specs' base URLs often have a path).
    static func start(basePath: String = "", handler: @escaping Handler) async throws -> WireServer {
        let log = RequestLog()
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 30, logger: .disabled)
        await server.appendRoute("*") { request in
            let received = try await ReceivedRequest(request)
            await log.append(received)
            return try await handler(received)
        }
        let task = Task { try await server.run() }
        try await server.waitUntilListening(timeout: 10)
        guard case .ip4(_, let port)? = await server.listeningAddress else {
            task.cancel()
            throw WireServerError.noAddress
        }
        return WireServer(server: server, task: task, log: log, port: port, basePath: basePath)
    }

    /// Every request received so far, in arrival order.
    var requests: [ReceivedRequest] {
        get async { await log.requests }
    }

    /// The only request received; fails the caller's expectation by throwing if there were others.
    func onlyRequest() async throws -> ReceivedRequest {
        let all = await requests
        guard all.count == 1 else { throw WireServerError.requestCount(all.count) }
        return all[0]
    }

    func stop() async {
        await server.stop(timeout: 0)
        task.cancel()
    }
}

enum WireServerError: Error, CustomStringConvertible {
    case noAddress
    case requestCount(Int)
    case notAnObject(String)

    var description: String {
        switch self {
        case .noAddress: return "the server has no IPv4 listening address"
        case .requestCount(let count): return "expected exactly one request, received \(count)"
        case .notAnObject(let body): return "the body is not a JSON object: \(body)"
        }
    }
}

private actor RequestLog {
    private(set) var requests: [ReceivedRequest] = []

    func append(_ request: ReceivedRequest) {
        requests.append(request)
    }
}

/// A request as the server saw it: method, raw (still percent-encoded) path and query, headers
/// (names lowercased), body bytes.
struct ReceivedRequest: Sendable {
    var method: String
    /// The request target as sent, e.g. `/favorite/a%2Fb?x=1`.
    var target: String
    /// The path part of the target, percent-encoded as sent.
    var rawPath: String
    /// The query items, decoded, in wire order.
    var query: [(name: String, value: String)]
    var headers: [String: [String]]
    var body: Data

    init(_ request: HTTPRequest) async throws {
        method = request.method.rawValue
        target = request.target.rawValue
        rawPath = request.target.path()
        query = request.query.map { ($0.name, $0.value) }
        var headers: [String: [String]] = [:]
        for (name, value) in request.headers {
            headers[name.rawValue.lowercased(), default: []].append(value)
        }
        self.headers = headers
        body = try await request.bodyData
    }

    /// The value of header `name` (any case); repeated headers joined with `, `.
    func header(_ name: String) -> String? {
        headers[name.lowercased()].map { $0.joined(separator: ", ") }
    }

    /// The values of query item `name`, in order.
    func queryValues(_ name: String) -> [String] {
        query.filter { $0.name == name }.map(\.value)
    }

    /// The query item names in wire order.
    var queryNames: [String] { query.map(\.name) }

    /// The body as a JSON object.
    func jsonObject() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw WireServerError.notAnObject(String(decoding: body.prefix(200), as: UTF8.self))
        }
        return object
    }

    /// The body as `application/x-www-form-urlencoded` pairs, decoded (`+` is a space).
    func formItems() -> [(name: String, value: String)] {
        let text = String(decoding: body, as: UTF8.self)
        guard !text.isEmpty else { return [] }
        return text.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ part: Substring) -> String {
                String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(part)
            }
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    /// The body as `multipart/form-data` parts, split at the boundary named in `Content-Type`.
    func multipartParts() throws -> [MultipartPart] {
        guard let contentType = header("Content-Type"),
              let range = contentType.range(of: "boundary=") else { throw MultipartError.noBoundary }
        let boundary = String(contentType[range.upperBound...])
        return try MultipartPart.parse(body, boundary: boundary)
    }
}

/// One part of a multipart body as parsed on the server side.
struct MultipartPart: Sendable {
    var name: String
    var fileName: String?
    var contentType: String?
    var data: Data

    var text: String { String(decoding: data, as: UTF8.self) }

    static func parse(_ body: Data, boundary: String) throws -> [MultipartPart] {
        let delimiter = Data("--\(boundary)".utf8)
        let crlf = Data("\r\n".utf8)
        let headerEnd = Data("\r\n\r\n".utf8)
        var parts: [MultipartPart] = []
        guard var cursor = body.range(of: delimiter)?.upperBound else { throw MultipartError.malformed("no first boundary") }
        while true {
            // After a delimiter: "--" ends the body, CRLF starts a part.
            if body[cursor...].starts(with: Data("--".utf8)) { return parts }
            guard body[cursor...].starts(with: crlf) else { throw MultipartError.malformed("no CRLF after boundary") }
            cursor += 2
            guard let headEnd = body.range(of: headerEnd, in: cursor..<body.endIndex) else {
                throw MultipartError.malformed("no end of part headers")
            }
            let head = String(decoding: body[cursor..<headEnd.lowerBound], as: UTF8.self)
            guard let next = body.range(of: crlf + delimiter, in: headEnd.upperBound..<body.endIndex) else {
                throw MultipartError.malformed("part without closing boundary")
            }
            var part = MultipartPart(name: "", fileName: nil, contentType: nil, data: Data(body[headEnd.upperBound..<next.lowerBound]))
            for line in head.components(separatedBy: "\r\n") {
                let lower = line.lowercased()
                if lower.hasPrefix("content-disposition:") {
                    part.name = Self.parameter("name", in: line) ?? ""
                    part.fileName = Self.parameter("filename", in: line)
                } else if lower.hasPrefix("content-type:") {
                    part.contentType = line.dropFirst("content-type:".count).trimmingCharacters(in: .whitespaces)
                }
            }
            parts.append(part)
            cursor = next.upperBound
        }
    }

    private static func parameter(_ name: String, in line: String) -> String? {
        guard let range = line.range(of: "; \(name)=\"") else { return nil }
        let rest = line[range.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }
}

enum MultipartError: Error {
    case noBoundary
    case malformed(String)
}

// MARK: - Responses

extension HTTPResponse {
    /// A JSON response from literal text, so tests show the exact bytes a server sends.
    static func json(_ text: String, status: HTTPStatusCode = .ok, headers: [HTTPHeader: String] = [:]) -> HTTPResponse {
        var all = headers
        all[.contentType] = "application/json; charset=utf-8"
        return HTTPResponse(statusCode: status, headers: HTTPHeaders(all), body: Data(text.utf8))
    }

    /// A response with `Content-Type` `type` and `body`.
    static func text(_ body: String, type: String, status: HTTPStatusCode = .ok) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: [.contentType: type], body: Data(body.utf8))
    }

    /// A response without a body.
    static func empty(_ status: HTTPStatusCode = .noContent) -> HTTPResponse {
        HTTPResponse(statusCode: status)
    }
}
