import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension APIClient {
    /// How many decoded values may wait for the app before the stream fails: the bound on the
    /// memory a slow reader lets a fast server take.
    static let streamBuffer = 4096

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
        return makeStream(endpoint, baseURL: baseURL) { body, continuation throws(APIError) in
            var parser = ServerSentEventParser()
            do {
                for try await chunk in body {
                    for raw in parser.feed(chunk) {
                        if raw.value == "[DONE]" { return }
                        let value = try Self.decodeStreamed(Value.self, from: raw.value, decoder: decoder)
                        try Self.yield(ServerSentEvent(event: raw.event, id: raw.id, retry: raw.retry, value: value), to: continuation)
                    }
                    if parser.pendingCount > limit { throw APIError.responseTooLarge(limit: limit) }
                }
            } catch {
                throw Self.streamError(error)
            }
        }
    }

    /// Sends `endpoint` and returns its JSON Lines body (`application/jsonl`, `application/x-ndjson`):
    /// one value per line, decoded as `type` as each line arrives. Before and after the first byte,
    /// as `events(_:baseURL:as:)`.
    public func jsonLines<Value: Decodable & Sendable>(_ endpoint: some Endpoint, baseURL: URL, as type: Value.Type) -> APIStream<Value> {
        let decoder = decoder(dates: endpoint.dateEncoding)
        let limit = configuration.maxResponseSize
        return makeStream(endpoint, baseURL: baseURL) { body, continuation throws(APIError) in
            var parser = JSONLinesParser()
            do {
                for try await chunk in body {
                    for line in parser.feed(chunk) {
                        try Self.yield(try Self.decodeLine(Value.self, from: line, decoder: decoder), to: continuation)
                    }
                    if parser.pendingCount > limit { throw APIError.responseTooLarge(limit: limit) }
                }
                if let line = parser.finish() {
                    try Self.yield(try Self.decodeLine(Value.self, from: line, decoder: decoder), to: continuation)
                }
            } catch {
                throw Self.streamError(error)
            }
        }
    }

    /// Runs `produce` on the opened body in a task of its own, feeding the returned stream.
    private func makeStream<Element: Sendable>(
        _ endpoint: some Endpoint, baseURL: URL,
        produce: @escaping @Sendable (HTTPBodyStream, AsyncThrowingStream<Element, any Error>.Continuation) async throws(APIError) -> Void
    ) -> APIStream<Element> {
        let (stream, continuation) = AsyncThrowingStream<Element, any Error>.makeStream(
            bufferingPolicy: .bufferingOldest(Self.streamBuffer))
        let task = Task {
            do throws(APIError) {
                let (_, body) = try await openStream(endpoint, baseURL: baseURL)
                try await produce(body, continuation)
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return APIStream(base: stream)
    }

    private static func yield<Element: Sendable>(_ value: Element, to continuation: AsyncThrowingStream<Element, any Error>.Continuation) throws(APIError) {
        if case .dropped = continuation.yield(value) {
            throw .transport(.other(code: URLError.unknown.rawValue, description:
                "The app read the stream more slowly than it arrived: \(streamBuffer) values were waiting."))
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
        try await attempts(endpoint, baseURL: baseURL) { request, _ throws(APIError) in
            // The timeout is the longest silence: it bounds the head too, and each wait for a chunk.
            var context = TransportContext(endpoint: endpoint, timeout: endpoint.timeout ?? configuration.timeout,
                                           maxResponseSize: configuration.maxResponseSize)
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
