import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends requests with `URLSession`.
///
/// Beyond what URLSession does by itself it:
/// - enforces `TransportContext.timeout` for the WHOLE exchange (URLSession's own timeout is an
///   idle timeout, and on Linux it does not fire on a body that trickles in forever);
/// - stops reading and fails with `.responseTooLarge` as soon as the body passes the limit;
/// - cancels the URL session task when the Swift task is cancelled;
/// - maps `URLError` codes to `TransportFailure`;
/// - leaves cookies and caching to the client (`httpShouldSetCookies` off, no URL cache);
/// - returns every 3xx as it came: the client follows redirects under its `RedirectPolicy`;
/// - answers an authentication challenge (401/407 with `WWW-Authenticate`) at once with the
///   response itself, leaving credentials to the client (no credential storage).
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let tasks: TaskRegistry

    /// A transport over a new session built from `configuration` (ephemeral by default).
    public init(configuration: URLSessionConfiguration = .ephemeral) {
        // A copy: the caller's configuration object is left as it was.
        let configuration = (configuration.copy() as? URLSessionConfiguration) ?? .ephemeral
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        // Without a storage there is nothing to look up for a 401's challenge; with one, Linux's
        // URLSession waited on the lookup until the timeout.
        configuration.urlCredentialStorage = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let registry = TaskRegistry()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "EndpointRuntime.URLSessionTransport"
        self.tasks = registry
        self.session = URLSession(configuration: configuration, delegate: SessionDelegate(registry: registry), delegateQueue: queue)
    }

    deinit {
        // The session keeps its delegate alive until invalidated.
        session.invalidateAndCancel()
    }

    /// Sends `request`, reading the body within the deadline and size limit.
    public func send(_ request: URLRequest, context: TransportContext) async throws(APIError) -> HTTPResponse {
        try checkCancellation()
        var request = request
        // URLSession's own (idle) timeout must not undercut our deadline: on Linux it is truncated
        // to whole seconds, so 0.8 s would become an immediate 0 s timeout. The deadline is ours.
        let timeout = context.boundedTimeout
        request.timeoutInterval = timeout.rounded(.up) + 1
        let task = makeTask(request, context: context)
        let exchange = Exchange(task: task, maxResponseSize: context.maxResponseSize,
                                discardsSuccessBody: context.discardsSuccessBody)
        exchange.uploadProgress = context.uploadProgress
        tasks.insert(exchange, for: task.taskIdentifier)

        let result: Result<HTTPResponse, APIError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                exchange.start(continuation: continuation, timeout: timeout)
            }
        } onCancel: {
            exchange.finish(.failure(.cancelled))
        }
        // Late delegate calls for a finished exchange (after a deadline, cancellation or size
        // failure) find nothing and are ignored; a task cancelled before it started is removed too.
        tasks.remove(task.taskIdentifier)
        return try result.get()
    }
}

extension URLSessionTransport {
    /// A data task, or for a file body (`RequestBody.file`, still on this hop) an upload task
    /// from the file: URLSession reads it in pieces with its `Content-Length`, where a body stream
    /// would go out chunked on Linux.
    func makeTask(_ request: URLRequest, context: TransportContext) -> URLSessionDataTask {
        guard request.httpBodyStream != nil, case .file(let url, _) = context.endpoint.body else {
            return session.dataTask(with: request)
        }
        var request = request
        request.httpBodyStream = nil
        return session.uploadTask(with: request, fromFile: url)
    }

    /// Sends `request` and returns at the response head; the body follows as URLSession delivers
    /// it. `context.timeout` is the longest silence allowed; the consumer ending the iteration
    /// cancels the task. At most `maxWaitingBytes` may wait for a reader that lags: URLSession
    /// cannot pause the network (on Linux `suspend()` drops the connection and `resume()` starts
    /// the request over, sending the body again from its first byte), so the stream then fails.
    public func stream(_ request: URLRequest, context: TransportContext) async throws(APIError) -> (HTTPResponseHead, HTTPBodyStream) {
        try checkCancellation()
        var request = request
        // The idle timer below keeps the timeout; URLSession's own would end on Linux a body
        // that is never silent but takes longer (an event every 0.1 s, cut at timeout + 1 s).
        request.timeoutInterval = TransportContext.longestTimeout
        let task = makeTask(request, context: context)
        // Unbounded in chunks: the exchange bounds the bytes waiting, counting what the reader takes.
        let (chunks, sink) = HTTPBodyStream.makeStream()
        let waiting = WaitingBytes(limit: Self.maxWaitingBytes)
        let exchange = StreamExchange(task: task, sink: sink, idle: context.boundedTimeout, waiting: waiting)
        exchange.uploadProgress = context.uploadProgress
        sink.onTermination = { _ in exchange.cancel() }
        let reader = ChunkReader(chunks.makeAsyncIterator())
        let body = HTTPBodyStream {
            let chunk = try await reader.next()
            if let chunk { waiting.taken(chunk.count) }
            return chunk
        }
        tasks.insert(exchange, for: task.taskIdentifier)
        let head = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                exchange.start(continuation)
            }
        } onCancel: {
            exchange.cancel()
        }
        return (try head.get(), body)
    }
}

extension URLSessionTransport {
    /// The most body bytes of a stream that wait for its reader (16 MiB, CurlTransport's hard
    /// bound too); past it the stream fails with `.transport(.other)` "read more slowly than it
    /// arrived". FoundationNetworking's own queue of chunks for the delegate is not counted.
    public static let maxWaitingBytes = 16 << 20
}

/// A streamed response: the head resumes the caller, chunks go to the body stream as they
/// arrive while `waiting` admits them, an idle timer ends a silent stream. State behind `lock`.
private final class StreamExchange: TaskExchange, @unchecked Sendable {
    /// Set before the task starts, read on the delegate queue.
    var uploadProgress: TransferProgressHandler?
    private let lock = NSLock()
    private let task: URLSessionDataTask
    private let sink: HTTPBodyStream.Continuation
    private let idle: TimeInterval
    private let waiting: WaitingBytes
    private var headWaiter: CheckedContinuation<Result<HTTPResponseHead, APIError>, Never>?
    private var response: HTTPURLResponse?
    private var receivedBytes = 0
    private var timer: DispatchWorkItem?
    private var ended = false

    init(task: URLSessionDataTask, sink: HTTPBodyStream.Continuation, idle: TimeInterval, waiting: WaitingBytes) {
        self.task = task
        self.sink = sink
        self.idle = idle
        self.waiting = waiting
    }

    func start(_ continuation: CheckedContinuation<Result<HTTPResponseHead, APIError>, Never>) {
        lock.lock()
        if ended {
            lock.unlock()
            continuation.resume(returning: .failure(.cancelled))
            return
        }
        headWaiter = continuation
        lock.unlock()
        armTimer()
        task.resume()
    }

    /// (Re)starts the idle timer: the stream ends if nothing arrives for `idle` seconds while the
    /// reader has taken every byte (time the reader is behind is the app's, not the server's).
    private func armTimer(after seconds: TimeInterval? = nil) {
        let item = DispatchWorkItem { [weak self] in self?.idleTimerFired() }
        lock.lock()
        timer?.cancel()
        timer = ended ? nil : item
        lock.unlock()
        if !item.isCancelled { DispatchQueue.global().asyncAfter(deadline: .now() + (seconds ?? idle), execute: item) }
    }

    private func idleTimerFired() {
        lock.lock()
        let started = response != nil
        lock.unlock()
        // The head has the whole timeout; the body's silence counts from the reader catching up.
        if started, let caughtUp = waiting.caughtUp {
            let silent = caughtUp.duration(to: .now)
            let left = idle - (Double(silent.components.seconds) + Double(silent.components.attoseconds) / 1e18)
            if left > 0 { return armTimer(after: left) }
        } else if started {
            return armTimer()
        }
        end(.transport(.timedOut))
    }

    func receive(_ urlResponse: URLResponse) -> Bool {
        armTimer()
        guard let http = urlResponse as? HTTPURLResponse else {
            end(.transport(.other(code: URLError.badServerResponse.rawValue, description: "The response is not HTTP.")))
            return false
        }
        lock.lock()
        response = http
        let waiter = headWaiter
        headWaiter = nil
        lock.unlock()
        waiter?.resume(returning: .success(HTTPResponseHead(status: http.statusCode, headers: Exchange.headers(of: http), url: http.url)))
        return true
    }

    func receive(_ data: Data) {
        armTimer()
        lock.lock()
        receivedBytes += data.count
        let done = ended
        lock.unlock()
        guard !done else { return }
        guard waiting.admit(data.count) else {
            end(.transport(.other(code: URLError.unknown.rawValue, description:
                "The body was read more slowly than it arrived: \(waiting.limit >> 20) MiB were waiting.")))
            return
        }
        sink.yield(data)
    }

    func complete(error: (any Error)?) {
        lock.lock()
        let http = response
        let received = receivedBytes
        lock.unlock()
        if let error {
            end(Exchange.map(error, response: http, receivedBytes: received))
        } else if http == nil {
            end(.transport(.other(code: URLError.badServerResponse.rawValue, description: "No response.")))
        } else {
            end(nil)
        }
    }

    func cancel() {
        end(.cancelled)
    }

    /// Ends the stream once: the head waiter (if still waiting) or the body gets `failure`.
    private func end(_ failure: APIError?) {
        lock.lock()
        guard !ended else {
            lock.unlock()
            return
        }
        ended = true
        let waiter = headWaiter
        headWaiter = nil
        timer?.cancel()
        timer = nil
        lock.unlock()
        // The waiter first, as in `Exchange.finish`: `cancel()` may wait on a busy session queue.
        if let waiter {
            waiter.resume(returning: .failure(failure ?? .transport(.other(code: URLError.badServerResponse.rawValue, description: "No response."))))
            sink.finish()
        } else if let failure {
            sink.finish(throwing: failure)
        } else {
            sink.finish()
        }
        if failure != nil { task.cancel() }
    }
}

/// Exchanges by URL session task identifier, for the session delegate.
/// What the session delegate reports a task's events to.
private protocol TaskExchange: AnyObject, Sendable {
    /// Headers arrived; returns false to stop the transfer.
    func receive(_ urlResponse: URLResponse) -> Bool
    func receive(_ data: Data)
    func complete(error: (any Error)?)
    /// Reports the request body sent so far (URLSession's `didSendBodyData`).
    var uploadProgress: TransferProgressHandler? { get }
}

private final class TaskRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var exchanges: [Int: any TaskExchange] = [:]

    func insert(_ exchange: any TaskExchange, for identifier: Int) {
        lock.lock()
        defer { lock.unlock() }
        exchanges[identifier] = exchange
    }

    func exchange(for identifier: Int) -> (any TaskExchange)? {
        lock.lock()
        defer { lock.unlock() }
        return exchanges[identifier]
    }

    func remove(_ identifier: Int) {
        lock.lock()
        defer { lock.unlock() }
        exchanges[identifier] = nil
    }
}

/// One request in flight: collects the response and resumes the waiting task exactly once,
/// whichever comes first of completion, deadline, size limit or cancellation.
private final class Exchange: TaskExchange, @unchecked Sendable {
    // All mutable state is guarded by `lock`; URLSession calls arrive on the delegate queue,
    // cancellation and the deadline on other threads.
    private let lock = NSLock()
    private let task: URLSessionDataTask
    /// Set before the task starts, read on the delegate queue.
    var uploadProgress: TransferProgressHandler?
    private let maxResponseSize: Int
    private let discardsSuccessBody: Bool
    private var continuation: CheckedContinuation<Result<HTTPResponse, APIError>, Never>?
    private var outcome: Result<HTTPResponse, APIError>?
    private var deadline: DispatchWorkItem?
    private var response: HTTPURLResponse?
    private var body = Data()
    private var discarding = false
    private var receivedBytes = 0

    init(task: URLSessionDataTask, maxResponseSize: Int, discardsSuccessBody: Bool) {
        self.task = task
        self.maxResponseSize = maxResponseSize
        self.discardsSuccessBody = discardsSuccessBody
    }

    func start(continuation: CheckedContinuation<Result<HTTPResponse, APIError>, Never>, timeout: TimeInterval) {
        lock.lock()
        if let outcome {
            // Cancelled before it started.
            lock.unlock()
            continuation.resume(returning: outcome)
            return
        }
        self.continuation = continuation
        let deadline = DispatchWorkItem { [weak self] in
            self?.finish(.failure(.transport(.timedOut)))
        }
        self.deadline = deadline
        lock.unlock()
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: deadline)
        task.resume()
    }

    /// Ends the exchange with `result` unless it already ended; cancels the URL task if it still runs.
    func finish(_ result: Result<HTTPResponse, APIError>) {
        lock.lock()
        guard outcome == nil else {
            lock.unlock()
            return
        }
        outcome = result
        let continuation = self.continuation
        self.continuation = nil
        let deadline = self.deadline
        self.deadline = nil
        lock.unlock()

        deadline?.cancel()
        // The waiter first: on Linux `cancel()` waits for the session's queue, which can be busy
        // for a long time (parsing a 300 KB header section took 40 s), past the deadline.
        // The waiter first: on Linux `cancel()` waits for the session's queue, which may be busy
        // far past the deadline (FoundationNetworking parsed a 280 KB header section for 40 s).
        continuation?.resume(returning: result)
        if case .failure = result {
            task.cancel()
        }
    }

    /// Headers arrived; returns false to stop the transfer.
    func receive(_ urlResponse: URLResponse) -> Bool {
        guard let http = urlResponse as? HTTPURLResponse else {
            finish(.failure(.transport(.other(code: URLError.badServerResponse.rawValue,
                                              description: "The response is not HTTP."))))
            return false
        }
        // A discarded body is never held in memory, so the size limit does not apply to it.
        let discards = discardsSuccessBody && (200..<300).contains(http.statusCode)
        if !discards, http.expectedContentLength > Int64(maxResponseSize) {
            finish(.failure(.responseTooLarge(limit: maxResponseSize)))
            return false
        }
        lock.lock()
        response = http
        discarding = discards
        lock.unlock()
        return true
    }

    func receive(_ data: Data) {
        lock.lock()
        receivedBytes += data.count
        guard outcome == nil, !discarding else {
            lock.unlock()
            return
        }
        if body.count + data.count > maxResponseSize {
            lock.unlock()
            finish(.failure(.responseTooLarge(limit: maxResponseSize)))
            return
        }
        body.append(data)
        lock.unlock()
    }

    func complete(error: (any Error)?) {
        lock.lock()
        let http = response
        let data = body
        let receivedBytes = self.receivedBytes
        lock.unlock()
        if let error {
            finish(.failure(Self.map(error, response: http, receivedBytes: receivedBytes)))
            return
        }
        guard let http else {
            finish(.failure(.transport(.other(code: URLError.badServerResponse.rawValue, description: "No response."))))
            return
        }
        finish(.success(HTTPResponse(status: http.statusCode, headers: Self.headers(of: http), body: data, url: http.url)))
    }

    static func headers(of http: HTTPURLResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String {
                headers[key] = value
            }
        }
        return headers
    }

    /// A task's failure as the runtime's error, with what Linux reports only by curl's text.
    static func map(_ error: any Error, response http: HTTPURLResponse?, receivedBytes: Int) -> APIError {
        var mapped = Self.map(error)
        // Linux reports a body cut short of its Content-Length as an unknown error (curl's
        // "transfer closed with N bytes remaining"); it is a dropped connection.
        if case .transport(.other) = mapped, let http, http.expectedContentLength > Int64(receivedBytes) {
            mapped = .transport(.connectionLost)
        }
        // Linux reports other failures only by curl's text, with the unknown code (-1): a
        // chunked or close-delimited body cut short is "transfer closed with outstanding read
        // data remaining" (a dropped connection, as above), and a header that is not UTF-8
        // text is "Failed writing header" (the response cannot be read at all).
        if case .transport(.other(let code, let description)) = mapped, code == URLError.unknown.rawValue {
            if description.hasPrefix("transfer closed with") || description.hasPrefix("Recv failure") {
                mapped = .transport(.connectionLost)
            } else if description == "Failed writing header" {
                mapped = .transport(.badResponse(reason: "A response header is not UTF-8 text, or the status line is malformed."))
            }
        }
        // A connection closed or reset before any response arrived is, on Linux, sometimes
        // curl's "Empty reply from server", reported as a bad server response (-1011): which
        // of the two the client sees depends on timing. Apple's URLSession reports a lost
        // connection there, as Linux does for the reset it notices.
        if case .transport(.other(let code, _)) = mapped, code == URLError.badServerResponse.rawValue, http == nil,
            receivedBytes == 0 {
            mapped = .transport(.connectionLost)
        }
        return mapped
    }

    static func map(_ error: any Error) -> APIError {
        guard let urlError = error as? URLError else {
            let nsError = error as NSError
            return .transport(.other(code: nsError.code, description: nsError.localizedDescription))
        }
        switch urlError.code {
        case .notConnectedToInternet, .dataNotAllowed, .internationalRoamingOff:
            return .transport(.notConnected)
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed:
            return .transport(.cannotConnect)
        case .timedOut:
            return .transport(.timedOut)
        case .networkConnectionLost:
            return .transport(.connectionLost)
        case .httpTooManyRedirects, .redirectToNonExistentLocation:
            return .transport(.tooManyRedirects)
        case .cancelled:
            return .cancelled
        default:
            return .transport(.other(code: urlError.errorCode, description: urlError.localizedDescription))
        }
    }
}

/// Routes URLSession delegate calls to the exchange of each task.
private final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let registry: TaskRegistry

    init(registry: TaskRegistry) {
        self.registry = registry
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        let proceed = registry.exchange(for: dataTask.taskIdentifier)?.receive(response) ?? false
        completionHandler(proceed ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        registry.exchange(for: dataTask.taskIdentifier)?.receive(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64,
                    totalBytesSent: Int64, totalBytesExpectedToSend: Int64) {
        guard let progress = registry.exchange(for: task.taskIdentifier)?.uploadProgress else { return }
        progress(TransferProgress(completedBytes: totalBytesSent, totalBytes: totalBytesExpectedToSend >= 0 ? totalBytesExpectedToSend : nil))
    }

    /// Never follows: the client decides where each hop goes and what it carries.
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(nil)
    }

    /// Credentials are the client's: a challenge is answered by returning the 401/407 itself.
    func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        #if canImport(FoundationNetworking)
        // Linux asks once the whole 401 has arrived (its body was delivered before this call, on
        // the same serial queue); after `.performDefaultHandling` without a credential the task
        // never completes. So the exchange ends here with the response, and the task is cancelled.
        if let response = challenge.failureResponse as? HTTPURLResponse, response.statusCode == 401 || response.statusCode == 407,
           let exchange = registry.exchange(for: task.taskIdentifier) {
            exchange.complete(error: nil)
            completionHandler(.cancelAuthenticationChallenge, nil)
            return
        }
        #endif
        // Darwin asks before delivering the 401; without a credential storage the default is to deliver it.
        completionHandler(.performDefaultHandling, nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let identifier = task.taskIdentifier
        registry.exchange(for: identifier)?.complete(error: error)
        registry.remove(identifier)
    }
}
