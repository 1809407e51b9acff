import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The status line and header fields of a response whose body is still arriving.
public struct HTTPResponseHead: Sendable, Hashable {
    /// The HTTP status code.
    public var status: Int
    /// The header fields (a field sent several times is one comma-joined value).
    public var headers: [String: String]
    /// The URL that answered.
    public var url: URL?

    /// Creates a head.
    public init(status: Int, headers: [String: String] = [:], url: URL? = nil) {
        self.status = status
        self.headers = headers
        self.url = url
    }

    /// The value of a header, looked up case-insensitively.
    public func header(_ name: String) -> String? {
        HTTPResponse.value(ofHeader: name, in: headers)
    }
}

/// A response body as it arrives, chunk by chunk.
public typealias HTTPBodyStream = AsyncThrowingStream<Data, any Error>

extension HTTPTransport {
    /// A transport that cannot stream reads the whole body (within the limits) and hands it over
    /// as one chunk. `CurlTransport` and `URLSessionTransport` hand over each chunk as it arrives.
    public func stream(_ request: URLRequest, context: TransportContext) async throws(APIError) -> (HTTPResponseHead, HTTPBodyStream) {
        let response = try await send(request, context: context)
        let body = HTTPBodyStream { continuation in
            if !response.body.isEmpty { continuation.yield(response.body) }
            continuation.finish()
        }
        return (HTTPResponseHead(status: response.status, headers: response.headers, url: response.url), body)
    }
}

/// The iterator of a transport's chunk stream, shared with the stream handed to the reader
/// (which calls `next` one at a time): the transports wrap it to count what the reader takes.
/// Package-wide, for the AsyncHTTPClient transport too.
package final class ChunkReader: @unchecked Sendable {
    private var iterator: HTTPBodyStream.AsyncIterator

    package init(_ iterator: HTTPBodyStream.AsyncIterator) {
        self.iterator = iterator
    }

    package func next() async throws -> Data? {
        try await iterator.next()
    }
}

/// The bytes handed to a stream's reader and not yet taken, against a bound in bytes (a chunk's
/// size is the network library's choice, so a bound in chunks bounds no memory), and the lock
/// that guards them: the counter of `WaitingBytes`, `StreamBacklog` and AsyncHTTPClient's
/// `ReaderGate`, whose own state the same lock guards.
package final class WaitingCount: @unchecked Sendable {
    /// The most bytes that may wait.
    package let limit: Int
    package let lock = NSLock()
    /// The bytes waiting. Under `lock`.
    package var bytes = 0

    package init(limit: Int) {
        self.limit = limit
    }

    /// The bytes waiting now.
    package var current: Int {
        lock.lock()
        defer { lock.unlock() }
        return bytes
    }

    /// Whether `count` more bytes may wait: always while none wait (what arrives then is in memory
    /// already). Under `lock`.
    package func fits(_ count: Int) -> Bool {
        bytes == 0 || bytes + count <= limit
    }
}

/// The bytes of a streamed body waiting for its reader (`WaitingCount`). A chunk that arrives
/// while nothing waits is always taken: it is in memory already.
///
/// With a `Pause`, the transfer is paused once `pauseAt` bytes wait and goes on when the reader
/// has brought them down to `resumeAt` (Darwin's URLSessionTransport suspends and resumes its
/// task); `limit` still bounds what arrives after the pause was asked for.
final class WaitingBytes: @unchecked Sendable {
    /// Where a transfer pauses for its reader, in bytes waiting, and what pauses it.
    struct Pause {
        var pauseAt: Int
        var resumeAt: Int
        /// Called with true to pause, false to go on, under the lock so that calls alternate in
        /// order; it must not call back into this object.
        var transfer: @Sendable (_ paused: Bool) -> Void
    }

    private let waiting: WaitingCount
    private var emptied = ContinuousClock.now
    private let pause: Pause?
    /// Whether the transfer is paused (under the lock).
    private var paused = false

    init(limit: Int, pause: Pause? = nil) {
        waiting = WaitingCount(limit: limit)
        self.pause = pause
    }

    /// The most bytes that may wait.
    var limit: Int { waiting.limit }
    /// The bytes waiting now.
    var count: Int { waiting.current }
    /// Whether the transfer is paused for the reader now.
    var isPaused: Bool {
        waiting.lock.lock()
        defer { waiting.lock.unlock() }
        return paused
    }

    /// Counts `count` more bytes waiting; false (counting nothing) when they would pass the limit.
    /// Pauses the transfer when they reach `pauseAt`.
    func admit(_ count: Int) -> Bool {
        waiting.lock.lock()
        defer { waiting.lock.unlock() }
        guard waiting.fits(count) else { return false }
        waiting.bytes += count
        if let pause, !paused, waiting.bytes >= pause.pauseAt {
            paused = true
            pause.transfer(true)
        }
        return true
    }

    /// The reader took `count` bytes; a paused transfer goes on once at most `resumeAt` wait.
    func taken(_ count: Int) {
        waiting.lock.lock()
        defer { waiting.lock.unlock() }
        waiting.bytes -= count
        if waiting.bytes == 0 { emptied = .now }
        if let pause, paused, waiting.bytes <= pause.resumeAt {
            paused = false
            pause.transfer(false)
        }
    }

    /// When the reader last took every waiting byte; nil while some wait.
    var caughtUp: ContinuousClock.Instant? {
        waiting.lock.lock()
        defer { waiting.lock.unlock() }
        return waiting.bytes == 0 ? emptied : nil
    }
}

/// One server-sent event (the WHATWG HTML standard's `text/event-stream`) with its `data`
/// decoded as `Value`.
public struct ServerSentEvent<Value: Sendable>: Sendable {
    /// The `event:` field; `message` when the server sent none.
    public var event: String
    /// The last `id:` the stream set, if any (what `Last-Event-ID` would resume from).
    public var id: String?
    /// The `retry:` the server asked for, in milliseconds, if this event carried one.
    public var retry: Int?
    /// The `data:` lines, joined with line feeds, decoded.
    public var value: Value

    /// Creates an event.
    public init(event: String = "message", id: String? = nil, retry: Int? = nil, value: Value) {
        self.event = event
        self.id = id
        self.retry = retry
        self.value = value
    }
}

/// The event stream parser of the WHATWG HTML standard (9.2.6): lines end with CRLF, LF or CR
/// (also split across chunks), `:` starts a comment, a blank line dispatches the event, an event
/// without data is dropped, and so is an unfinished one when the stream ends. Fed bytes, it
/// returns the events they complete.
/// What a streamed body is cut into pieces with, as its chunks arrive: events or lines.
protocol StreamParser {
    associatedtype Piece
    /// Bytes held for a piece not yet complete.
    var pendingCount: Int { get }
    /// The pieces `chunk` completes, in order.
    mutating func feed(_ chunk: Data) -> [Piece]
    /// The piece the end of the body completes, if any.
    mutating func finish() -> Piece?
}

struct ServerSentEventParser: StreamParser {
    private var pending: [UInt8] = []
    /// Bytes held for an event not yet complete: its data so far (each line with the line feed
    /// that joins it, so that endless empty `data:` lines count too) and the current line. Kept as
    /// a running count: summing the lines per chunk made a long event quadratic.
    var pendingCount: Int { pending.count + data.count }
    private var skippedBOM = false
    private var lastWasCR = false
    private var event = ""
    /// The event's `data:` lines so far, as UTF-8 joined with line feeds (one buffer, not a
    /// String per line: a line of no bytes still took a String's 16).
    private var data: [UInt8] = []
    private var hasData = false
    private var retry: Int?
    private(set) var lastID: String?

    /// None: an event the body's end leaves unfinished is dropped.
    mutating func finish() -> ServerSentEvent<String>? { nil }

    mutating func feed(_ chunk: Data) -> [ServerSentEvent<String>] {
        var events: [ServerSentEvent<String>] = []
        for byte in chunk {
            if lastWasCR {
                lastWasCR = false
                if byte == 0x0A { continue }
            }
            if byte == 0x0D || byte == 0x0A {
                lastWasCR = byte == 0x0D
                if let event = line(pending) { events.append(event) }
                pending.removeAll(keepingCapacity: true)
            } else {
                pending.append(byte)
            }
        }
        return events
    }

    private mutating func line(_ bytes: [UInt8]) -> ServerSentEvent<String>? {
        var bytes = bytes[...]
        if !skippedBOM {
            skippedBOM = true
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        }
        if bytes.isEmpty { return dispatch() }
        if bytes.first == 0x3A { return nil }
        let field: ArraySlice<UInt8>
        var value: ArraySlice<UInt8>
        if let colon = bytes.firstIndex(of: 0x3A) {
            field = bytes[..<colon]
            value = bytes[(colon + 1)...]
            if value.first == 0x20 { value = value.dropFirst() }
        } else {
            field = bytes
            value = []
        }
        switch String(decoding: field, as: UTF8.self) {
        case "event": event = String(decoding: value, as: UTF8.self)
        case "data":
            if hasData { data.append(0x0A) }
            hasData = true
            data.append(contentsOf: value)
        case "id" where !value.contains(0): lastID = String(decoding: value, as: UTF8.self)
        case "retry" where !value.isEmpty && value.allSatisfy({ (0x30...0x39).contains($0) }):
            retry = Int(String(decoding: value, as: UTF8.self))
        default: break
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent<String>? {
        defer {
            event = ""
            data.removeAll(keepingCapacity: false)
            hasData = false
            retry = nil
        }
        guard hasData else { return nil }
        return ServerSentEvent(event: event.isEmpty ? "message" : event, id: lastID, retry: retry,
                               value: String(decoding: data, as: UTF8.self))
    }
}

/// JSON Lines (`application/jsonl`, `application/x-ndjson`): one value per line; blank lines are
/// skipped; a last line without its line feed still counts when the stream ends.
struct JSONLinesParser: StreamParser {
    private var pending: [UInt8] = []
    /// Bytes of the line not yet complete.
    var pendingCount: Int { pending.count }

    mutating func feed(_ chunk: Data) -> [Data] {
        var lines: [Data] = []
        for byte in chunk {
            if byte == 0x0A {
                if let line = take() { lines.append(line) }
            } else {
                pending.append(byte)
            }
        }
        return lines
    }

    mutating func finish() -> Data? { take() }

    private mutating func take() -> Data? {
        defer { pending.removeAll(keepingCapacity: true) }
        var line = pending[...]
        if line.last == 0x0D { line = line.dropLast() }
        guard line.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return nil }
        return Data(line)
    }
}

/// Values of a streamed response, decoded as they arrive. Iterate it with `for try await`; the
/// error is always an `APIError`. Ending the iteration early (or cancelling its task) closes the
/// connection; a cancelled task's iteration ends with `.cancelled` on every transport.
public struct APIStream<Element: Sendable>: AsyncSequence, Sendable {
    /// Every error of the stream is an `APIError`.
    public typealias Failure = APIError
    let base: AsyncThrowingStream<Element, any Error>

    init(base: AsyncThrowingStream<Element, any Error>) {
        self.base = base
    }

    /// A stream of `values`, then `failure` if given (for fakes and previews).
    public init(_ values: [Element], failure: APIError? = nil) {
        base = AsyncThrowingStream { continuation in
            for value in values { continuation.yield(value) }
            continuation.finish(throwing: failure)
        }
    }

    /// A stream fed by `stream` (an error that is not an `APIError` arrives as `.cancelled` when it is
    /// cancellation, else as `.transport(.other)`).
    public init(_ stream: AsyncThrowingStream<Element, any Error>) {
        base = stream
    }

    /// Iterates the values.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<Element, any Error>.AsyncIterator

        /// The next value, nil at the end of the stream; `.cancelled` when the iterating task was
        /// cancelled (a stream cut short must not look complete).
        public mutating func next() async throws(APIError) -> Element? {
            let value: Element?
            do {
                value = try await base.next()
            } catch {
                throw APIClient.streamError(error)
            }
            // An async stream ends quietly when its consumer's task is cancelled.
            if value == nil, Task.isCancelled { throw .cancelled }
            return value
        }
    }

    /// The iterator; a stream is iterated once.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator())
    }
}
