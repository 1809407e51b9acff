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
/// - leaves cookies and credentials to the client (`httpShouldSetCookies` off, no cookie or
///   credential storage), and caching too unless the app's `Policy` asks for the configuration's;
/// - returns every 3xx as it came: the client follows redirects under its `RedirectPolicy`;
/// - sends the configuration's `httpAdditionalHeaders` itself, never on a hop after the call left
///   its first origin, and refuses background configurations (whose redirects URLSession follows
///   itself);
/// - pauses a stream's task while its reader lags (Darwin; on Linux the stream fails past a bound);
/// - answers an authentication challenge (401/407 with `WWW-Authenticate`) at once with the
///   response itself, leaving credentials to the client;
/// - answers TLS challenges with the app's `Policy` (pins, a client certificate), and rejects
///   every other challenge rather than letting the system answer it.
public final class URLSessionTransport: HTTPTransport {
    /// Every task but those the cache may answer.
    private let session: URLSession
    /// With `Caching.configuration`: the session with the app's cache, for requests it may answer.
    private let cachingSession: URLSession?
    private let tasks: TaskRegistry
    let policy: Policy
    /// The configuration's `httpAdditionalHeaders`, sent by the transport (`addingSessionHeaders`).
    let sessionHeaders: [(name: String, value: String)]

    /// A transport over a new session built from `configuration` (ephemeral by default), with the
    /// app's `policy` for pinning, client certificates, caching and metrics.
    ///
    /// The configuration's `httpAdditionalHeaders` are taken out of the session: the transport
    /// adds them to each request that lacks them, except on a redirect hop after the call left its
    /// first origin (URLSession would add them to every hop, and an `Authorization` or API key set
    /// there would follow a redirect to any host). Credentials belong in `Authentication`.
    ///
    /// - Precondition: `configuration` is not a background one (`identifier` is nil). URLSession
    ///   follows a background session's redirects itself, past the runtime's redirect rules, and
    ///   runs its data tasks only while the app is not suspended; see docs/apple-platforms.md.
    public init(configuration: URLSessionConfiguration = .ephemeral, policy: Policy = Policy()) {
        // Apple platforms only: FoundationNetworking has no background sessions.
        if let refusal = Self.refusal(ofSessionIdentifier: configuration.identifier) { fatalError(refusal) }
        // Copies: the caller's configuration object is left as it was.
        let (configuration, headers) = Self.runtimeConfiguration(from: configuration)
        let registry = TaskRegistry()
        self.tasks = registry
        self.policy = policy
        self.sessionHeaders = headers
        self.session = Self.makeSession(configuration, cached: false, registry: registry, policy: policy)
        self.cachingSession = policy.caching == .configuration
            ? Self.makeSession(configuration, cached: true, registry: registry, policy: policy) : nil
    }

    /// Why a configuration of this `identifier` cannot carry the runtime's requests: a background
    /// one (only those have an identifier) cannot; nil when it can.
    static func refusal(ofSessionIdentifier identifier: String?) -> String? {
        guard let identifier else { return nil }
        return "URLSessionTransport does not run on a background session ('\(identifier)'): there URLSession follows "
            + "redirects itself, past the runtime's rules on where credentials go, and runs data tasks only while the app "
            + "is not suspended. Use a default or ephemeral configuration; see docs/apple-platforms.md, \"URLSessionTransport on Darwin and on Linux\"."
    }

    /// `configuration` with the runtime's rules (no cookies, no credential storage, no session
    /// headers), and the session headers it had, sorted by name.
    private static func runtimeConfiguration(from configuration: URLSessionConfiguration)
        -> (URLSessionConfiguration, [(name: String, value: String)]) {
        let configuration = (configuration.copy() as? URLSessionConfiguration) ?? .ephemeral
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpCookieStorage = nil
        // Without a storage there is nothing to look up for a 401's challenge; with one, Linux's
        // URLSession waited on the lookup until the timeout (and would send what it found).
        configuration.urlCredentialStorage = nil
        var headers: [(name: String, value: String)] = []
        for (key, value) in configuration.httpAdditionalHeaders ?? [:] {
            // Apple documents string keys and values; a number is sent as its text, as URLSession does.
            guard let name = key.base as? String else { continue }
            headers.append((name, value as? String ?? "\(value)"))
        }
        configuration.httpAdditionalHeaders = nil
        return (configuration, headers.sorted { $0.name.lowercased() < $1.name.lowercased() })
    }

    /// `request` with the session headers it lacks, on a hop that may carry credentials.
    func addingSessionHeaders(to request: URLRequest, context: TransportContext) -> URLRequest {
        guard context.carriesCredentials, !sessionHeaders.isEmpty else { return request }
        var request = request
        for header in sessionHeaders where request.value(forHTTPHeaderField: header.name) == nil {
            request.setValue(header.value, forHTTPHeaderField: header.name)
        }
        return request
    }

    private static func makeSession(_ configuration: URLSessionConfiguration, cached: Bool, registry: TaskRegistry,
                                    policy: Policy) -> URLSession {
        let configuration = (configuration.copy() as? URLSessionConfiguration) ?? configuration
        if !cached {
            configuration.urlCache = nil
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        }
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "EndpointRuntime.URLSessionTransport"
        return URLSession(configuration: configuration, delegate: SessionDelegate(registry: registry, policy: policy),
                          delegateQueue: queue)
    }

    deinit {
        // A session keeps its delegate alive until invalidated.
        session.invalidateAndCancel()
        cachingSession?.invalidateAndCancel()
    }

    /// Sends `request`, reading the body within the deadline and size limit.
    public func send(_ request: URLRequest, context: TransportContext) async throws(APIError) -> HTTPResponse {
        try checkCancellation()
        var request = addingSessionHeaders(to: request, context: context)
        // URLSession's own (idle) timeout must not undercut our deadline: on Linux it is truncated
        // to whole seconds, so 0.8 s would become an immediate 0 s timeout. The deadline is ours.
        let timeout = context.boundedTimeout
        request.timeoutInterval = timeout.rounded(.up) + 1
        try checkPinning(request)
        let cached = cachingSession.flatMap { Caching.cacheMayAnswer(request) ? $0 : nil }
        let task = makeTask(request, context: context, in: cached ?? session)
        let exchange = Exchange(task: task, maxResponseSize: context.maxResponseSize,
                                discardsSuccessBody: context.discardsSuccessBody)
        exchange.uploadProgress = context.uploadProgress
        tasks.insert(exchange, for: task)

        let result: Result<HTTPResponse, APIError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                exchange.start(continuation: continuation, timeout: timeout)
            }
        } onCancel: {
            exchange.finish(.failure(.cancelled))
        }
        // Late delegate calls for a finished exchange (after a deadline, cancellation or size
        // failure) find nothing and are ignored; a task cancelled before it started is removed too.
        tasks.remove(task)
        return try result.get()
    }
}

extension URLSessionTransport {
    /// Refuses an https request that a server trust policy should cover where pins cannot be
    /// checked (FoundationNetworking: libcurl evaluates certificates without asking the
    /// delegate), rather than sending it unpinned.
    func checkPinning(_ request: URLRequest) throws(APIError) {
        #if !(canImport(Security) && canImport(CryptoKit))
        if policy.serverTrust != nil, request.url?.scheme?.lowercased() == "https" {
            throw .transport(.other(code: URLError.serverCertificateUntrusted.rawValue, description:
                "The transport has a server trust policy, and pins can be checked only on Apple platforms; nothing was sent."))
        }
        #endif
    }

    /// The delegate of the sessions, for tests that hand it events FoundationNetworking never sends.
    var sessionDelegate: SessionDelegate? { session.delegate as? SessionDelegate }

    /// A data task, or for a file body (`RequestBody.file`, still on this hop) an upload task
    /// from the file: URLSession reads it in pieces with its `Content-Length`, where a body stream
    /// would go out chunked on Linux.
    func makeTask(_ request: URLRequest, context: TransportContext, in session: URLSession) -> URLSessionDataTask {
        guard request.httpBodyStream != nil, case .file(let url, _) = context.endpoint.body else {
            return session.dataTask(with: request)
        }
        var request = request
        request.httpBodyStream = nil
        return session.uploadTask(with: request, fromFile: url)
    }

    /// Sends `request` and returns at the response head; the body follows as URLSession delivers
    /// it. `context.timeout` is the longest silence allowed; the consumer ending the iteration
    /// cancels the task. A reader that lags pauses the task on Darwin (`pauseAt`); on Linux, where
    /// `suspend()` drops the connection and `resume()` starts the request over, sending the body
    /// again from its first byte, the stream fails once `maxWaitingBytes` wait.
    public func stream(_ request: URLRequest, context: TransportContext) async throws(APIError) -> (HTTPResponseHead, HTTPBodyStream) {
        try checkCancellation()
        var request = addingSessionHeaders(to: request, context: context)
        // The idle timer below keeps the timeout; URLSession's own would end on Linux a body
        // that is never silent but takes longer (an event every 0.1 s, cut at timeout + 1 s).
        request.timeoutInterval = TransportContext.longestTimeout
        try checkPinning(request)
        // Never from the cache: a stream (events, a download) is the server's answer of now.
        let task = makeTask(request, context: context, in: session)
        // Unbounded in chunks: the exchange bounds the bytes waiting, counting what the reader takes.
        let (chunks, sink) = HTTPBodyStream.makeStream()
        let waiting = WaitingBytes(limit: Self.maxWaitingBytes, pause: Self.pause(task))
        let exchange = StreamExchange(task: task, sink: sink, idle: context.boundedTimeout, waiting: waiting)
        exchange.uploadProgress = context.uploadProgress
        sink.onTermination = { _ in exchange.cancel() }
        let reader = ChunkReader(chunks.makeAsyncIterator())
        let body = HTTPBodyStream {
            let chunk = try await reader.next()
            if let chunk { waiting.taken(chunk.count) }
            return chunk
        }
        tasks.insert(exchange, for: task)
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

    /// Whether a stream's task pauses for a reader that lags (Darwin), rather than failing once
    /// `maxWaitingBytes` wait (Linux).
    static var pausesForSlowReaders: Bool { pauseAt != nil }

    #if canImport(Darwin)
    /// Darwin: the task is suspended once 4 MiB wait and resumed at 1 MiB. Apple documents that a
    /// suspended task produces no network traffic; what was already on its way still arrives,
    /// within `maxWaitingBytes`.
    static let pauseAt: (pause: Int, resume: Int)? = (4 << 20, 1 << 20)
    #else
    /// Linux: no pause. FoundationNetworking's `suspend()` drops the connection and `resume()`
    /// sends the request again from its first byte, so a lagging reader fails the stream at
    /// `maxWaitingBytes` instead.
    static let pauseAt: (pause: Int, resume: Int)? = nil
    #endif

    /// The pause of `task` for a stream's waiting bytes, where URLSession can pause.
    static func pause(_ task: URLSessionDataTask) -> WaitingBytes.Pause? {
        guard let (pause, resume) = pauseAt else { return nil }
        return WaitingBytes.Pause(pauseAt: pause, resumeAt: resume) { paused in
            if paused { task.suspend() } else { task.resume() }
        }
    }
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

    func fail(_ error: APIError) {
        end(error)
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

/// What the session delegate reports a task's events to.
private protocol TaskExchange: AnyObject, Sendable {
    /// Headers arrived; returns false to stop the transfer.
    func receive(_ urlResponse: URLResponse) -> Bool
    func receive(_ data: Data)
    func complete(error: (any Error)?)
    /// Ends the exchange with `error` (a refused certificate), whatever the task reports after.
    func fail(_ error: APIError)
    /// Reports the request body sent so far (URLSession's `didSendBodyData`).
    var uploadProgress: TransferProgressHandler? { get }
}

/// Exchanges by task, for the session delegates. By the task object, not its `taskIdentifier`:
/// identifiers are per session, and a transport with `Caching.configuration` has two sessions.
private final class TaskRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var exchanges: [ObjectIdentifier: any TaskExchange] = [:]

    func insert(_ exchange: any TaskExchange, for task: URLSessionTask) {
        lock.lock()
        defer { lock.unlock() }
        exchanges[ObjectIdentifier(task)] = exchange
    }

    func exchange(for task: URLSessionTask) -> (any TaskExchange)? {
        lock.lock()
        defer { lock.unlock() }
        return exchanges[ObjectIdentifier(task)]
    }

    func remove(_ task: URLSessionTask) {
        lock.lock()
        defer { lock.unlock() }
        exchanges[ObjectIdentifier(task)] = nil
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

    func fail(_ error: APIError) {
        finish(.failure(error))
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
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let registry: TaskRegistry
    private let policy: URLSessionTransport.Policy

    fileprivate init(registry: TaskRegistry, policy: URLSessionTransport.Policy) {
        self.registry = registry
        self.policy = policy
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        let proceed = registry.exchange(for: dataTask)?.receive(response) ?? false
        completionHandler(proceed ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        registry.exchange(for: dataTask)?.receive(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64,
                    totalBytesSent: Int64, totalBytesExpectedToSend: Int64) {
        guard let progress = registry.exchange(for: task)?.uploadProgress else { return }
        progress(TransferProgress(completedBytes: totalBytesSent, totalBytes: totalBytesExpectedToSend >= 0 ? totalBytesExpectedToSend : nil))
    }

    /// Never follows: the client decides where each hop goes and what it carries.
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(nil)
    }

    /// Credentials are the client's: an HTTP challenge is answered by returning the 401/407
    /// itself. TLS challenges follow the app's `Policy`; anything else is rejected.
    func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        #if canImport(FoundationNetworking)
        // Linux asks once the whole 401 has arrived (its body was delivered before this call, on
        // the same serial queue); after `.performDefaultHandling` without a credential the task
        // never completes, and `.rejectProtectionSpace` cancels it. So the exchange ends here
        // with the response, and the task is cancelled.
        if let response = challenge.failureResponse as? HTTPURLResponse, response.statusCode == 401 || response.statusCode == 407,
           let exchange = registry.exchange(for: task) {
            exchange.complete(error: nil)
            completionHandler(.cancelAuthenticationChallenge, nil)
            return
        }
        #endif
        let (disposition, credential) = answer(challenge, task: task)
        completionHandler(disposition, credential)
    }

    #if canImport(FoundationNetworking)
    // FoundationNetworking marks Apple's constants unavailable; these are their values.
    static let serverTrustMethod = "NSURLAuthenticationMethodServerTrust"
    static let clientCertificateMethod = "NSURLAuthenticationMethodClientCertificate"
    #else
    static let serverTrustMethod = NSURLAuthenticationMethodServerTrust
    static let clientCertificateMethod = NSURLAuthenticationMethodClientCertificate
    #endif

    /// The answer to a challenge other than Linux's 401 (docs/security.md, "The URL session's policy").
    private func answer(_ challenge: URLAuthenticationChallenge, task: URLSessionTask) -> (URLSession.AuthChallengeDisposition, URLCredential?) {
        let space = challenge.protectionSpace
        switch space.authenticationMethod {
        case Self.serverTrustMethod:
            return answerServerTrust(challenge, task: task)
        case Self.clientCertificateMethod:
            // Without the app's credential, the handshake goes on without a certificate: never a
            // keychain identity the system would pick.
            guard let credential = policy.clientCertificate?(space) else { return (.rejectProtectionSpace, nil) }
            return (.useCredential, credential)
        default:
            // HTTP Basic, Digest, NTLM, Negotiate, a proxy's, forms: Darwin asks before delivering
            // the 401/407; rejecting every protection space delivers it, where the default
            // handling could answer NTLM or Negotiate with the system's own (single sign-on)
            // credentials. Credentials are `Authentication`'s, under the redirect rules.
            return (.rejectProtectionSpace, nil)
        }
    }

    private func answerServerTrust(_ challenge: URLAuthenticationChallenge, task: URLSessionTask) -> (URLSession.AuthChallengeDisposition, URLCredential?) {
        // No policy: the system's evaluation, as URLSession does without a delegate.
        guard let trustPolicy = policy.serverTrust else { return (.performDefaultHandling, nil) }
        let reason: String
        #if canImport(Security) && canImport(CryptoKit)
        guard let trust = challenge.protectionSpace.serverTrust else {
            return refuse(task, "The server's certificate chain was not given to evaluate.")
        }
        switch trustPolicy.evaluate(trust, host: challenge.protectionSpace.host) {
        case .systemEvaluation: return (.performDefaultHandling, nil)
        case .trusted: return (.useCredential, URLCredential(trust: trust))
        case .refused(let text): reason = text
        }
        #else
        // FoundationNetworking never asks (libcurl checks certificates itself, and `send` refuses
        // https with a policy); were it to, the chain could not be read here.
        _ = trustPolicy
        reason = "Server trust policies need Apple's Security framework."
        #endif
        return refuse(task, reason)
    }

    /// Ends the task's exchange with a certificate failure and cancels the challenge (never
    /// `.rejectProtectionSpace`, after which some servers' connections went on unchecked).
    private func refuse(_ task: URLSessionTask, _ reason: String) -> (URLSession.AuthChallengeDisposition, URLCredential?) {
        registry.exchange(for: task)?.fail(.transport(.other(code: URLError.serverCertificateUntrusted.rawValue, description: reason)))
        return (.cancelAuthenticationChallenge, nil)
    }

    /// Hands a task's metrics to the app (Apple platforms; FoundationNetworking never calls this).
    func urlSession(_ session: URLSession, task: URLSessionTask, didFinishCollecting metrics: URLSessionTaskMetrics) {
        guard let report = policy.metrics, let request = task.originalRequest else { return }
        report(request, metrics)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        registry.exchange(for: task)?.complete(error: error)
        registry.remove(task)
    }
}
