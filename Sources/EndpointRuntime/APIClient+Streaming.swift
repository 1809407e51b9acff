import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension APIClient {
    /// The bytes of decoded values that may wait for the app (what they were decoded from, plus
    /// `streamValueOverhead` each): past it the stream stops reading its body until the app takes
    /// a value, so a slow reader slows the connection where the transport can pause it
    /// (`CurlTransport`, `AsyncHTTPClientTransport`) and meets the transport's own bound in bytes
    /// where it cannot (`URLSessionTransport.maxWaitingBytes`). A value larger than this still
    /// passes when nothing waits.
    public static let streamWaitingBytes = 1 << 20

    /// What each waiting value counts besides its bytes: an empty event costs memory too.
    static let streamValueOverhead = 64

    /// Sends `endpoint` and returns its server-sent events (`text/event-stream`) as they arrive,
    /// each event's `data` decoded as `type` (`String` keeps the text as it came). A `data: [DONE]`
    /// ends the stream, as OpenAI-style APIs mark the end.
    ///
    /// Everything before the first byte of the body is as `send` does it: credentials, plugins,
    /// redirects, one refresh after a 401, the retry policy; a non-2xx answer fails the stream with
    /// `.server`. After it, the endpoint's timeout is the longest silence allowed between chunks
    /// (an idle timeout, not a deadline for the whole stream), nothing is retried, and ending the
    /// iteration (or cancelling its task) closes the connection. Errors arrive from the iteration.
    public func events<Value: Decodable & Sendable>(_ endpoint: some Endpoint, baseURL: URL, as type: Value.Type) -> APIStream<ServerSentEvent<Value>> {
        let decoder = decoder(dates: endpoint.dateEncoding)
        let limit = configuration.maxResponseSize
        return makeStream(endpoint, baseURL: baseURL) { body, sink throws(APIError) in
            try await Self.readPieces(of: body, with: ServerSentEventParser(), limit: limit) { raw throws(APIError) in
                if raw.value == "[DONE]" { return false }
                let value = try Self.decodeStreamed(Value.self, from: raw.value, decoder: decoder)
                await sink.yield(ServerSentEvent(event: raw.event, id: raw.id, retry: raw.retry, value: value),
                                 bytes: raw.value.utf8.count + raw.event.utf8.count)
                return true
            }
        }
    }

    /// Sends `endpoint` and returns its JSON Lines body (`application/jsonl`, `application/x-ndjson`):
    /// one value per line, decoded as `type` as each line arrives. Before and after the first byte,
    /// as `events(_:baseURL:as:)`.
    public func jsonLines<Value: Decodable & Sendable>(_ endpoint: some Endpoint, baseURL: URL, as type: Value.Type) -> APIStream<Value> {
        let decoder = decoder(dates: endpoint.dateEncoding)
        let limit = configuration.maxResponseSize
        return makeStream(endpoint, baseURL: baseURL) { body, sink throws(APIError) in
            try await Self.readPieces(of: body, with: JSONLinesParser(), limit: limit) { line throws(APIError) in
                await sink.yield(try Self.decodeLine(Value.self, from: line, decoder: decoder), bytes: line.count)
                return true
            }
        }
    }

    /// Feeds `body`'s chunks to `parser` and hands each piece to `handle` as soon as a chunk
    /// completes it, and the one the body's end completes (`finish`); stops when `handle` answers
    /// false. More than `limit` bytes held for one piece fail with `.responseTooLarge`; every
    /// error is the runtime's (`streamError`).
    private static func readPieces<Parser: StreamParser>(
        of body: HTTPBodyStream, with parser: Parser, limit: Int, _ handle: (Parser.Piece) async throws(APIError) -> Bool
    ) async throws(APIError) {
        var parser = parser
        do {
            for try await chunk in body {
                for piece in parser.feed(chunk) {
                    guard try await handle(piece) else { return }
                }
                if parser.pendingCount > limit { throw APIError.responseTooLarge(limit: limit) }
            }
            if let piece = parser.finish() { _ = try await handle(piece) }
        } catch {
            throw streamError(error)
        }
    }

    /// Runs `produce` on the opened body in a task of its own, feeding the returned stream; the
    /// values waiting for the app are bounded in bytes (`streamWaitingBytes`).
    private func makeStream<Element: Sendable>(
        _ endpoint: some Endpoint, baseURL: URL,
        produce: @escaping @Sendable (HTTPBodyStream, StreamSink<Element>) async throws(APIError) -> Void
    ) -> APIStream<Element> {
        // Unbounded in values: the backlog bounds their bytes, and makes the producer wait.
        let (values, continuation) = AsyncThrowingStream<(Element, Int), any Error>.makeStream()
        let backlog = StreamBacklog(limit: Self.streamWaitingBytes)
        let sink = StreamSink(continuation: continuation, backlog: backlog)
        let limit = configuration.transferTimeout
        let task = Task {
            do throws(APIError) {
                try await Self.within(transferTimeout: limit) { () throws(APIError) in
                    let (_, body) = try await openStream(endpoint, baseURL: baseURL)
                    try await produce(body, sink)
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in
            task.cancel()
            backlog.close()
        }
        let reader = ValueReader(values.makeAsyncIterator())
        return APIStream(base: AsyncThrowingStream {
            guard let (value, bytes) = try await reader.next() else { return nil }
            backlog.taken(bytes)
            return value
        })
    }

    /// `operation`, or `.transport(.timedOut)` (its task cancelled, which closes its connection)
    /// when `transferTimeout` seconds pass first; `operation` alone when nil.
    static func within<T: Sendable>(transferTimeout seconds: TimeInterval?,
                                    _ operation: @escaping @Sendable () async throws(APIError) -> T) async throws(APIError) -> T {
        guard let seconds else { return try await operation() }
        let bounded = seconds.isFinite ? min(max(seconds, 0.001), TransportContext.longestTimeout) : TransportContext.longestTimeout
        do {
            return try await withThrowingTaskGroup(of: T?.self) { group in
                group.addTask { try await operation() }
                group.addTask {
                    try await Task.sleep(nanoseconds: UInt64(bounded * 1e9))
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let value = first else { throw APIError.transport(.timedOut) }
                return value
            }
        } catch {
            throw streamError(error)
        }
    }

    /// An error of a stream as the runtime's: an `APIError` as it is, cancellation as
    /// `.cancelled`, anything else as `.transport(.other)`.
    static func streamError(_ error: any Error) -> APIError {
        if let error = error as? APIError { return error }
        if error is CancellationError { return .cancelled }
        return .transport(.other(code: URLError.unknown.rawValue, description: String(describing: error)))
    }

    private static func decodeStreamed<Value: Decodable>(_ type: Value.Type, from text: String, decoder: JSONDecoder) throws(APIError) -> Value {
        if let text = text as? Value, Value.self == String.self { return text }
        return try decodeLine(Value.self, from: Data(text.utf8), decoder: decoder)
    }

    private static func decodeLine<Value: Decodable>(_ type: Value.Type, from data: Data, decoder: JSONDecoder) throws(APIError) -> Value {
        do {
            return try decoder.decode(Value.self, from: data)
        } catch {
            throw .decoding(DecodingFailure(error, typeName: String(describing: Value.self), body: data))
        }
    }

    /// Sends `endpoint` until a 2xx head arrives, through the attempt loop `execute` uses:
    /// credentials, plugins, redirects (each 3xx body read and dropped), one refresh after a 401,
    /// retries. A non-2xx answer is read whole (within the size limit) and thrown as `.server`.
    func openStream(_ endpoint: some Endpoint, baseURL: URL) async throws(APIError) -> (HTTPResponseHead, HTTPBodyStream) {
        try await attempts(endpoint, baseURL: baseURL) { request, _, credentialed throws(APIError) in
            // The timeout is the longest silence: it bounds the head too, and each wait for a chunk.
            var context = TransportContext(endpoint: endpoint, timeout: endpoint.timeout ?? configuration.timeout,
                                           maxResponseSize: configuration.maxResponseSize)
            context.carriesCredentials = credentialed
            context.uploadProgress = UploadProgress.handler
            let (head, body) = try await transport.stream(request, context: context)
            let url = head.url ?? request.url
            guard (200..<300).contains(head.status) else {
                return .answered(try await Self.collect(body, head: head, url: url, limit: configuration.maxResponseSize))
            }
            let response = HTTPResponse(status: head.status, headers: head.headers, url: url)
            await authentication.storeCookies(from: response, url: request.url)
            for plugin in plugins {
                await plugin.didReceive(.success(response), request: request, endpoint: endpoint)
            }
            return .finished((head, body))
        } accept: { response throws(APIError) in
            throw .server(serverError(from: response, format: endpoint.errorFormat, dates: endpoint.dateEncoding))
        }
    }

    /// A streamed body read whole, within `limit` bytes.
    private static func collect(_ body: HTTPBodyStream, head: HTTPResponseHead, url: URL?, limit: Int) async throws(APIError) -> HTTPResponse {
        var data = Data()
        do {
            for try await chunk in body {
                guard data.count + chunk.count <= limit else { throw APIError.responseTooLarge(limit: limit) }
                data.append(chunk)
            }
        } catch {
            throw streamError(error)
        }
        return HTTPResponse(status: head.status, headers: head.headers, body: data, url: url)
    }
}

/// Where a stream's producer hands its values: they wait for the app within `StreamBacklog`'s bound.
struct StreamSink<Element: Sendable>: Sendable {
    let continuation: AsyncThrowingStream<(Element, Int), any Error>.Continuation
    let backlog: StreamBacklog

    /// Hands `value`, decoded from `bytes` bytes, to the app; waits first while the values already
    /// waiting fill the bound.
    func yield(_ value: Element, bytes: Int) async {
        let counted = bytes + APIClient.streamValueOverhead
        await backlog.admit(counted)
        continuation.yield((value, counted))
    }
}

/// The bytes of values waiting for a stream's reader, against a bound: the producer waits while
/// they fill it (so it stops reading the body, and the transport pauses). A value that arrives
/// while nothing waits is always admitted.
final class StreamBacklog: @unchecked Sendable {
    /// Its lock guards `closed` and `producer` too.
    private let waiting: WaitingCount
    private var closed = false
    private var producer: CheckedContinuation<Void, Never>?

    init(limit: Int) {
        waiting = WaitingCount(limit: limit)
    }

    /// Counts `count` more bytes once they fit; returns at once after `close()` or cancellation.
    func admit(_ count: Int) async {
        while !tryAdmit(count) {
            await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    self.waiting.lock.lock()
                    if self.closed || self.waiting.fits(count) {
                        self.waiting.lock.unlock()
                        continuation.resume()
                        return
                    }
                    self.producer = continuation
                    self.waiting.lock.unlock()
                }
            } onCancel: {
                self.close()
            }
        }
    }

    private func tryAdmit(_ count: Int) -> Bool {
        waiting.lock.lock()
        defer { waiting.lock.unlock() }
        guard closed || waiting.fits(count) else { return false }
        waiting.bytes += count
        return true
    }

    /// The reader took a value counted as `count` bytes.
    func taken(_ count: Int) {
        waiting.lock.lock()
        waiting.bytes -= count
        let producer = self.producer
        self.producer = nil
        waiting.lock.unlock()
        producer?.resume()
    }

    /// Nothing more will be read: a waiting producer goes on (to find its task cancelled).
    func close() {
        waiting.lock.lock()
        closed = true
        let producer = self.producer
        self.producer = nil
        waiting.lock.unlock()
        producer?.resume()
    }
}

/// The iterator of a stream's values, shared with the stream handed to the app (which calls
/// `next` one at a time).
private final class ValueReader<Element: Sendable>: @unchecked Sendable {
    private var iterator: AsyncThrowingStream<(Element, Int), any Error>.AsyncIterator

    init(_ iterator: AsyncThrowingStream<(Element, Int), any Error>.AsyncIterator) {
        self.iterator = iterator
    }

    func next() async throws -> (Element, Int)? {
        try await iterator.next()
    }
}
