import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 over raw sockets, for testing `URLSessionTransport`
/// against real connections: each connection is handed to a handler that writes whatever bytes
/// (and delays, resets) the test needs. One request per connection.
public final class LocalServer: @unchecked Sendable {
    /// A request as it arrived: method, raw request target, headers (names lowercased), body.
    public struct Request: Sendable {
        public var method: String
        public var target: String
        public var headers: [String: String]
        public var body: Data

        /// The value of header `name` (any case); repeated headers are joined with `, `.
        public func header(_ name: String) -> String? { headers[name.lowercased()] }
    }

    /// Answers one request on its connection; the connection is closed when it returns.
    public typealias Handler = @Sendable (Request, Connection) -> Void

    /// The port it listens on.
    public let port: UInt16
    private let listener: Int32
    private let handler: Handler
    private let lock = NSLock()
    private var stopped = false
    private var received: [Request] = []
    /// The connections still open, shut down by `stop()`.
    private let open = OpenConnections()

    /// Listens on 127.0.0.1 on a free port; each connection is served on its own thread.
    public init(handler: @escaping Handler) throws {
        self.handler = handler
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 128) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        listener = fd
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// `http://127.0.0.1:<port>/v1`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/v1")! }

    /// Every request received so far, in arrival order.
    public var requests: [Request] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    /// Closes the listening socket, and shuts down the connections still open: a handler still
    /// running (asleep, or writing forever) must not answer a client that reuses its kept-alive
    /// connection once the port belongs to another test's server.
    ///
    /// The listening socket is only shut down here (accept fails from then on); the accept loop
    /// closes it as it ends. Closed here, its number could pass to the next test's listener
    /// before the loop called accept again, and the loop would take that server's connections.
    public func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
        shutdown(listener, Int32(SHUT_RDWR))
        open.shutDownAll()
    }

    /// A port nothing listens on (bound, then closed).
    public static func closedPort() throws -> UInt16 {
        let server = try LocalServer { _, connection in connection.close() }
        server.stop()
        return server.port
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            lock.lock()
            let done = stopped
            lock.unlock()
            if done {
                if client >= 0 { close(client) }
                close(listener)
                return
            }
            if client < 0 { continue }
            DispatchQueue.global().async { [self] in
                let connection = Connection(fd: client, registry: open)
                guard let request = connection.readRequest() else {
                    connection.close()
                    return
                }
                lock.lock()
                received.append(request)
                lock.unlock()
                handler(request, connection)
                connection.close()
            }
        }
    }
}

/// One accepted connection, written to by a handler.
public final class Connection: @unchecked Sendable {
    private let fd: Int32
    private let registry: OpenConnections
    private let lock = NSLock()
    private var closed = false

    init(fd: Int32, registry: OpenConnections) {
        self.fd = fd
        self.registry = registry
        registry.insert(fd)
    }

    /// Reads one request head and its `Content-Length` body.
    func readRequest() -> LocalServer.Request? {
        var buffer = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let separator = Data("\r\n\r\n".utf8)
        var headerEnd: Range<Data.Index>?
        while headerEnd == nil {
            let count = recv(fd, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            buffer.append(contentsOf: chunk[0..<count])
            headerEnd = buffer.range(of: separator)
        }
        let head = String(decoding: buffer[..<headerEnd!.lowerBound], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { $0 + ", " + value } ?? value
        }
        var body = Data(buffer[headerEnd!.upperBound...])
        let expected = Int(headers["content-length"] ?? "0") ?? 0
        while body.count < expected {
            let count = recv(fd, &chunk, chunk.count, 0)
            guard count > 0 else { break }
            body.append(contentsOf: chunk[0..<count])
        }
        return LocalServer.Request(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: body)
    }

    /// Writes bytes; false once the peer is gone.
    @discardableResult
    public func write(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                #if canImport(Glibc)
                let sent = send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                #else
                let sent = send(fd, raw.baseAddress! + offset, raw.count - offset, 0)
                #endif
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }

    /// Writes UTF-8 text.
    @discardableResult
    public func write(_ text: String) -> Bool { write(Data(text.utf8)) }

    /// A complete response with `Content-Length` and `Connection: close`.
    public func respond(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        var head = "HTTP/1.1 \(status) Status\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            head += "\(name): \(value)\r\n"
        }
        write(head + "\r\n")
        write(body)
    }

    /// Closes with an RST instead of a FIN.
    public func reset() {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        close()
    }

    /// Closes with a FIN (once).
    public func close() {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return }
        closed = true
        // Out of the registry first, under its lock: its number may be reused once closed.
        registry.remove(fd)
        #if canImport(Glibc)
        Glibc.close(fd)
        #else
        Darwin.close(fd)
        #endif
    }
}

/// A server's open connection sockets. `remove` comes before the socket is closed, and
/// `shutDownAll` holds the same lock, so a number reused by another socket is never shut down.
final class OpenConnections: @unchecked Sendable {
    private let lock = NSLock()
    private var sockets: Set<Int32> = []
    private var shutDown = false

    func insert(_ fd: Int32) {
        lock.lock()
        defer { lock.unlock() }
        sockets.insert(fd)
        // Accepted as the server stopped: no handler answers on it either.
        if shutDown { Self.shutdownSocket(fd) }
    }

    func remove(_ fd: Int32) {
        lock.lock()
        defer { lock.unlock() }
        sockets.remove(fd)
    }

    func shutDownAll() {
        lock.lock()
        defer { lock.unlock() }
        shutDown = true
        for fd in sockets { Self.shutdownSocket(fd) }
    }

    private static func shutdownSocket(_ fd: Int32) {
        #if canImport(Glibc)
        _ = Glibc.shutdown(fd, Int32(SHUT_RDWR))
        #else
        _ = Darwin.shutdown(fd, SHUT_RDWR)
        #endif
    }
}
