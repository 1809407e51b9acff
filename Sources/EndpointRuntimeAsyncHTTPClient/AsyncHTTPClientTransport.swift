// Built with the package trait AsyncHTTPClient only (Package.swift); without it, WithoutTheTrait.swift.
#if AsyncHTTPClient
import AsyncHTTPClient
import EndpointRuntime
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// Sends requests with AsyncHTTPClient (SwiftNIO): the transport for server apps (Vapor,
/// Hummingbird) that already run NIO, as an alternative to `CurlTransport` and
/// `URLSessionTransport` on Linux.
///
/// Like the runtime's other transports it
/// - never follows redirects (the `APIClient` does, under its `RedirectPolicy`) and never answers
///   an authentication challenge: every response is returned as it came;
/// - keeps to `TransportContext.timeout` for the whole exchange (head and body), and closes the
///   connection at once on cancellation or at the deadline;
/// - enforces `TransportContext.maxResponseSize` while reading, on the decoded bytes: it offers
///   `gzip, deflate` and inflates them itself (zlib) in 64 KiB pieces, so a compression bomb or an
///   endless body fails with `.responseTooLarge` within about the limit. Other encodings (`br`,
///   `zstd`) are not offered; a body sent in one anyway fails with `.transport(.badResponse)`;
/// - sends no cookies of its own (the client's cookie source decides).
///
/// The `HTTPClient` must not follow redirects nor decompress (its configuration is not readable,
/// so this cannot be checked beforehand): make it with `AsyncHTTPClientTransport.configuration(_:)`.
/// `HTTPClient.shared` follows redirects and decompresses, so it cannot be used. A redirect the
/// client followed anyway fails the call.
///
/// ```swift
/// // A client owned by the app, shut down with it:
/// let http = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup,
///                       configuration: AsyncHTTPClientTransport.configuration())
/// let api = APIClient(transport: AsyncHTTPClientTransport(client: http))
/// // …
/// try await http.shutdown()
///
/// // Or the transport owns one (on the process-wide event loop group, which is never shut down):
/// let transport = AsyncHTTPClientTransport()
/// // …
/// try await transport.shutdown()  // else its deinit shuts it down
/// ```
public final class AsyncHTTPClientTransport: HTTPTransport {
    /// The client that sends the requests.
    public let client: HTTPClient
    private let owned: OwnedClient?

    /// A transport over `client`, which the caller owns (and shuts down). It must be made with
    /// `AsyncHTTPClientTransport.configuration(_:)`: no redirects, no decompression.
    public init(client: HTTPClient) {
        self.client = client
        owned = nil
    }

    /// A transport with a client of its own on `eventLoopGroup` (by default the process-wide
    /// group `HTTPClient.defaultEventLoopGroup`, which is never shut down), made from
    /// `configuration` with redirects and decompression turned off. Call `shutdown()` when done;
    /// a transport released without it shuts its client down in the background.
    public convenience init(configuration: HTTPClient.Configuration = .init(),
                            eventLoopGroup: any EventLoopGroup = HTTPClient.defaultEventLoopGroup) {
        let client = HTTPClient(eventLoopGroup: eventLoopGroup, configuration: Self.configuration(configuration))
        self.init(owning: client)
    }

    private init(owning client: HTTPClient) {
        self.client = client
        owned = OwnedClient()
    }

    deinit {
        // Without a shutdown the client's connections and pool would leak (and a debug build of
        // AsyncHTTPClient stops the process); nothing can await here, so it goes in the background.
        if let owned, owned.takeShutdown() {
            client.shutdown { _ in }
        }
    }

    /// Shuts down the client this transport made (a no-op for a client passed in, which its owner
    /// shuts down). Calls after this fail with `.transport(.other)`.
    public func shutdown() async throws {
        guard let owned, owned.takeShutdown() else { return }
        try await client.shutdown()
    }

    /// `base` with what this transport needs: no redirects (the `APIClient` follows them under its
    /// `RedirectPolicy`, with credentials only for their own origin), no decompression (the
    /// transport inflates under each request's size limit), and no retried connection attempts
    /// (a refused connection fails at once; the `APIClient`'s `RetryPolicy` decides on retries).
    public static func configuration(_ base: HTTPClient.Configuration = .init()) -> HTTPClient.Configuration {
        var configuration = base
        configuration.redirectConfiguration = .disallow
        configuration.decompression = .disabled
        configuration.connectionPool.retryConnectionEstablishment = false
        return configuration
    }

    // MARK: - Sending

    /// Sends `request`, reading the body within the deadline and size limit.
    public func send(_ request: URLRequest, context: TransportContext) async throws(APIError) -> EndpointRuntime.HTTPResponse {
        if Task.isCancelled { throw .cancelled }
        let outgoing = try Self.request(from: request, uploadProgress: context.uploadProgress)
        let client = self.client
        let seconds = context.boundedTimeout
        let url = request.url
        do {
            return try await Self.within(seconds: seconds) {
                let response = try await client.execute(outgoing, deadline: Self.backstop(seconds), logger: nil)
                return try await Self.read(response, url: url, context: context)
            }
        } catch {
            throw Self.map(error)
        }
    }

    /// Sends `request` and returns at the response head; the body follows chunk by chunk
    /// (decoded). `context.timeout` is the longest silence allowed; the consumer ending the
    /// iteration closes the connection. A reader that lags slows the connection: the transport
    /// stops reading from it while `maxWaitingBytes` wait for the reader (AsyncHTTPClient's body
    /// sequence is backpressured, so the server's sending then waits on TCP), as `CurlTransport`
    /// pauses curl.
    public func stream(_ request: URLRequest, context: TransportContext) async throws(APIError) -> (EndpointRuntime.HTTPResponseHead, HTTPBodyStream) {
        if Task.isCancelled { throw .cancelled }
        let outgoing = try Self.request(from: request, uploadProgress: context.uploadProgress)
        let client = self.client
        let seconds = context.boundedTimeout
        let response: HTTPClientResponse
        do {
            response = try await Self.within(seconds: seconds) {
                let response = try await client.execute(outgoing, deadline: Self.backstop(seconds), logger: nil)
                try Self.checkNotRedirected(response)
                return response
            }
        } catch {
            throw Self.map(error)
        }
        let head = EndpointRuntime.HTTPResponseHead(status: Int(response.status.code), headers: Self.headers(of: response.headers), url: request.url)
        // Unbounded in chunks: the pump bounds the bytes waiting, counting what the reader takes.
        let (chunks, sink) = HTTPBodyStream.makeStream()
        let gate = ReaderGate(limit: Self.maxWaitingBytes)
        let pump = BodyPump(idle: seconds, gate: gate)
        // The pump holds this transport until the body ends: an owned client is not shut down under it.
        pump.start(response.body, contentEncoding: response.headers.first(name: "Content-Encoding"), sink: sink, keepAlive: self)
        sink.onTermination = { _ in pump.stop() }
        let reader = ChunkReader(chunks.makeAsyncIterator())
        let body = HTTPBodyStream {
            let chunk = try await reader.next()
            if let chunk { gate.taken(chunk.count) }
            return chunk
        }
        return (head, body)
    }

    /// The decoded bytes of a stream that may wait for its reader (4 MiB, as CurlTransport's 256
    /// chunks of 16 KiB) before the transport stops reading the connection until the reader has
    /// taken half of them. One network read is always decoded whole, so a compressed read may add
    /// its inflated size (64 KiB pieces) beyond this.
    public static let maxWaitingBytes = 4 << 20

    // MARK: - Request and response

    /// The `URLRequest` as AsyncHTTPClient's request; `Accept-Encoding` offers what `BodyDecoder`
    /// inflates unless the caller chose one.
    static func request(from request: URLRequest, uploadProgress: TransferProgressHandler? = nil) throws(APIError) -> HTTPClientRequest {
        guard let url = request.url, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw .transport(.other(code: URLError.unsupportedURL.rawValue, description: "Only http and https URLs are sent."))
        }
        var outgoing = HTTPClientRequest(url: url.absoluteString)
        // Sent as written: method tokens are case-sensitive (RFC 9110), and an extension method
        // such as `mkcol` is not `MKCOL`.
        let method = request.httpMethod ?? "GET"
        outgoing.method = NIOHTTP1.HTTPMethod(rawValue: method)
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key.lowercased() < $1.key.lowercased() }) {
            outgoing.headers.add(name: name, value: value)
        }
        if !outgoing.headers.contains(name: "Accept-Encoding") {
            outgoing.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
        }
        if let payload = request.httpBody {
            outgoing.body = .bytes(ByteBuffer(bytes: payload))
        } else if let stream = request.httpBodyStream {
            // A file body (`RequestBody.file`): read in pieces as the connection takes them, its
            // length the Content-Length the request builder set from the file's size.
            let length = request.value(forHTTPHeaderField: "Content-Length").flatMap { Int64($0) }
            let source = UploadSource(stream, total: length, progress: uploadProgress)
            outgoing.body = .stream(source, length: length.map { .known($0) } ?? .unknown)
        } else if method == "POST" || method == "PUT" || method == "PATCH" {
            // `Content-Length: 0`, as URLSession and CurlTransport send.
            outgoing.body = .bytes(ByteBuffer())
        }
        return outgoing
    }

    /// The whole body within the size limit (a discarded 2xx body is drained, not kept).
    static func read(_ response: HTTPClientResponse, url: URL?, context: TransportContext) async throws -> EndpointRuntime.HTTPResponse {
        try checkNotRedirected(response)
        let status = Int(response.status.code)
        let headers = headers(of: response.headers)
        // A discarded body is never held in memory, so the size limit does not apply to it.
        let discarding = context.discardsSuccessBody && (200..<300).contains(status)
        let limit = context.maxResponseSize
        if !discarding, let length = response.headers.first(name: "Content-Length").flatMap({ Int64($0) }), length > Int64(limit) {
            throw APIError.responseTooLarge(limit: limit)
        }
        var body = Data()
        if discarding {
            for try await _ in response.body {}
        } else {
            let decoder = BodyDecoder(contentEncoding: response.headers.first(name: "Content-Encoding"))
            for try await buffer in response.body {
                try decoder.feed(buffer) { piece throws(APIError) in
                    guard body.count + piece.count <= limit else { throw .responseTooLarge(limit: limit) }
                    body.append(contentsOf: piece)
                }
            }
            try decoder.finish()
        }
        return EndpointRuntime.HTTPResponse(status: status, headers: headers, body: body, url: url)
    }

    /// A client that followed a redirect itself has already sent the next hop, outside the
    /// `RedirectPolicy`; the call fails so that the misconfiguration is seen.
    static func checkNotRedirected(_ response: HTTPClientResponse) throws(APIError) {
        guard response.history.count <= 1 else {
            throw .transport(.other(code: URLError.unknown.rawValue, description:
                "The HTTPClient followed a redirect itself; make it with AsyncHTTPClientTransport.configuration(_:)."))
        }
    }

    /// Header fields; a field sent several times is one comma-joined value, named as first sent.
    /// The values are joined once per name (joining per field would copy the value so far each time).
    static func headers(of fields: HTTPHeaders) -> [String: String] {
        var values: [String: [String]] = [:]
        var names: [String: String] = [:]
        for (name, value) in fields {
            let lowered = name.lowercased()
            let first = names[lowered] ?? name
            names[lowered] = first
            values[first, default: []].append(value)
        }
        return values.mapValues { $0.joined(separator: ", ") }
    }

    // MARK: - Deadline and errors

    /// AsyncHTTPClient's own deadline covers only the head; a second later than ours, as a backstop.
    static func backstop(_ seconds: TimeInterval) -> NIODeadline {
        .now() + .milliseconds(Int64((seconds * 1000).rounded(.up)) + 1000)
    }

    private struct DeadlinePassed: Error {}

    /// `operation`, cancelled (which closes its connection) when `seconds` pass first.
    static func within<T: Sendable>(seconds: TimeInterval, _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(for: .milliseconds(Int64((seconds * 1000).rounded(.up))))
                throw DeadlinePassed()
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw DeadlinePassed() }
            return first
        }
    }

    /// AsyncHTTPClient's and SwiftNIO's failures as the runtime's (the table of
    /// docs/architecture.md's transports: the same cases as `CurlTransport` and `URLSessionTransport`).
    static func map(_ error: any Error) -> APIError {
        switch error {
        case let error as APIError:
            return error
        case is DeadlinePassed:
            return .transport(.timedOut)
        case is CancellationError:
            return .cancelled
        case let error as HTTPClientError:
            return map(error)
        case is NIOConnectionError:
            return .transport(.cannotConnect)
        case let error as IOError:
            switch error.errnoCode {
            case ECONNREFUSED, EHOSTUNREACH, ENETUNREACH, EADDRNOTAVAIL: return .transport(.cannotConnect)
            case ECONNRESET, EPIPE, ECONNABORTED: return .transport(.connectionLost)
            case ETIMEDOUT: return .transport(.timedOut)
            default: return .transport(.other(code: URLError.unknown.rawValue, description: "\(error)"))
            }
        case let error as ChannelError:
            switch error {
            case .connectTimeout: return .transport(.timedOut)
            case .eof, .ioOnClosedChannel, .alreadyClosed, .outputClosed, .inputClosed: return .transport(.connectionLost)
            default: return .transport(.other(code: URLError.unknown.rawValue, description: "\(error)"))
            }
        case let error as HTTPParserError:
            // The connection ended inside a body (short of its Content-Length, or mid-chunk).
            if error == .invalidEOFState { return .transport(.connectionLost) }
            return .transport(.badResponse(reason: "The server's response is not valid HTTP (\(error))."))
        case is NIOSSLError, is BoringSSLError:
            return .transport(.other(code: URLError.secureConnectionFailed.rawValue, description: "\(error)"))
        default:
            return .transport(.other(code: URLError.unknown.rawValue, description: "\(error)"))
        }
    }

    private static func map(_ error: HTTPClientError) -> APIError {
        switch error {
        case .cancelled:
            return .cancelled
        case .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .getConnectionFromPoolTimeout, .tlsHandshakeTimeout:
            return .transport(.timedOut)
        case .remoteConnectionClosed, .bodyLengthMismatch:
            return .transport(.connectionLost)
        case .invalidURL, .emptyHost, .emptyScheme:
            return .transport(.other(code: URLError.unsupportedURL.rawValue, description: "\(error)"))
        case .redirectLimitReached, .redirectCycleDetected:
            return .transport(.tooManyRedirects)
        default:
            if "\(error)".contains("unsupportedScheme") {
                return .transport(.other(code: URLError.unsupportedURL.rawValue, description: "\(error)"))
            }
            return .transport(.other(code: URLError.unknown.rawValue, description: "\(error)"))
        }
    }
}

/// Whether the transport's own client is still to be shut down (once, by `shutdown()` or deinit).
private final class OwnedClient: @unchecked Sendable {
    private let lock = NSLock()
    private var shutDown = false

    func takeShutdown() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !shutDown else { return false }
        shutDown = true
        return true
    }
}

/// The decoded bytes handed to a stream's reader and not yet taken. The pump waits here while
/// `limit` or more wait, and goes on once the reader has taken them down to half the limit, or
/// once the stream is stopped.
final class ReaderGate: @unchecked Sendable {
    /// Its lock guards `pump` and `closed` too.
    private let waiting: WaitingCount
    private var pump: CheckedContinuation<Void, Never>?
    private var closed = false

    init(limit: Int) {
        waiting = WaitingCount(limit: limit)
    }

    var limit: Int { waiting.limit }
    /// The bytes waiting now.
    var count: Int { waiting.current }

    /// Whether the pump is waiting for the reader (time that is the reader's, not the server's silence).
    var isHolding: Bool {
        waiting.lock.lock()
        defer { waiting.lock.unlock() }
        return pump != nil
    }

    /// The pump handed `count` bytes to the reader.
    func handed(_ count: Int) {
        waiting.lock.lock()
        waiting.bytes += count
        waiting.lock.unlock()
    }

    /// The reader took `count` bytes.
    func taken(_ count: Int) {
        waiting.lock.lock()
        waiting.bytes -= count
        let resumed = waiting.bytes <= limit / 2 ? pump : nil
        if resumed != nil { pump = nil }
        waiting.lock.unlock()
        resumed?.resume()
    }

    /// Returns at once when fewer than `limit` bytes wait or the gate is closed, else once the
    /// reader has taken them down to half the limit (or the stream stops).
    func waitForReader() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            waiting.lock.lock()
            guard !closed, waiting.bytes >= limit else {
                waiting.lock.unlock()
                continuation.resume()
                return
            }
            pump = continuation
            waiting.lock.unlock()
        }
    }

    /// Lets a waiting pump go, now and from now on: the stream has stopped.
    func close() {
        waiting.lock.lock()
        closed = true
        let resumed = pump
        pump = nil
        waiting.lock.unlock()
        resumed?.resume()
    }
}

/// A streamed body: chunks go to the stream as they arrive (decoded) while the reader keeps up
/// (`gate`); a watchdog ends it after `idle` seconds of the server's silence. Stopping (consumer
/// gone, deadline) cancels the reading task, which closes the connection.
private final class BodyPump: @unchecked Sendable {
    private let lock = NSLock()
    private let idle: TimeInterval
    private let gate: ReaderGate
    private var lastActivity = ContinuousClock.now
    private var reader: Task<Void, Never>?
    private var watchdog: Task<Void, Never>?
    private var stopped = false
    private var timedOut = false

    init(idle: TimeInterval, gate: ReaderGate) {
        self.idle = idle
        self.gate = gate
    }

    func start(_ body: HTTPClientResponse.Body, contentEncoding: String?, sink: HTTPBodyStream.Continuation,
               keepAlive: AsyncHTTPClientTransport) {
        let idle = Duration.milliseconds(Int64((self.idle * 1000).rounded(.up)))
        let reader = Task {
            defer { withExtendedLifetime(keepAlive) {} }
            let decoder = BodyDecoder(contentEncoding: contentEncoding)
            do {
                for try await buffer in body {
                    self.touch()
                    try decoder.feed(buffer) { piece throws(APIError) in
                        self.gate.handed(piece.count)
                        sink.yield(Data(piece))
                    }
                    // Not reading the body stops AsyncHTTPClient reading the socket: backpressure.
                    if self.gate.count >= self.gate.limit {
                        await self.gate.waitForReader()
                        self.touch()
                    }
                }
                try decoder.finish()
                sink.finish()
            } catch {
                sink.finish(throwing: self.isTimedOut ? APIError.transport(.timedOut) : AsyncHTTPClientTransport.map(error))
            }
            self.stop()
        }
        let watchdog = Task {
            while !Task.isCancelled {
                // Time the reader has bytes it has not taken is the reader's, not the server's
                // silence: AsyncHTTPClient delivers little more (seen: ~300 KB) until the reader
                // takes some, so waiting for the pump to hold was not enough (a 1 s idle timeout
                // failed a reader that paused 2 s in 6 of 10 runs).
                if self.gate.isHolding || self.gate.count > 0 { self.touch() }
                let due = self.lastSeen + idle
                if ContinuousClock.now >= due {
                    self.expire()
                    return
                }
                try? await Task.sleep(until: due, clock: .continuous)
            }
        }
        lock.lock()
        self.reader = reader
        self.watchdog = watchdog
        let alreadyStopped = stopped
        lock.unlock()
        if alreadyStopped {
            reader.cancel()
            watchdog.cancel()
        }
    }

    private func touch() {
        lock.lock()
        lastActivity = .now
        lock.unlock()
    }

    private var lastSeen: ContinuousClock.Instant {
        lock.lock()
        defer { lock.unlock() }
        return lastActivity
    }

    private var isTimedOut: Bool {
        lock.lock()
        defer { lock.unlock() }
        return timedOut
    }

    private func expire() {
        lock.lock()
        timedOut = !stopped
        lock.unlock()
        stop()
    }

    func stop() {
        lock.lock()
        stopped = true
        let reader = self.reader
        let watchdog = self.watchdog
        lock.unlock()
        gate.close()
        reader?.cancel()
        watchdog?.cancel()
    }
}

/// A request body read from an `InputStream` in 64 KiB pieces, reporting upload progress as each
/// piece is handed over. AsyncHTTPClient iterates it once, from one task at a time, which is why
/// the stream (not `Sendable`) may live in it.
final class UploadSource: AsyncSequence, @unchecked Sendable {
    typealias Element = ByteBuffer

    private let stream: InputStream
    private let total: Int64?
    private let progress: TransferProgressHandler?
    private var sent: Int64 = 0
    private var opened = false

    init(_ stream: InputStream, total: Int64?, progress: TransferProgressHandler?) {
        self.stream = stream
        self.total = total
        self.progress = progress
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        let source: UploadSource

        mutating func next() async throws -> ByteBuffer? {
            try source.nextPiece()
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(source: self)
    }

    fileprivate func nextPiece() throws -> ByteBuffer? {
        if !opened {
            stream.open()
            opened = true
        }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = stream.read(&buffer, maxLength: buffer.count)
        if count < 0 {
            stream.close()
            throw stream.streamError ?? APIError.invalidRequest(reason: "The body's file could not be read.")
        }
        if count == 0 {
            stream.close()
            return nil
        }
        sent += Int64(count)
        progress?(TransferProgress(completedBytes: sent, totalBytes: total))
        return ByteBuffer(bytes: buffer[0..<count])
    }
}
#endif
