import CEndpointCurl
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends requests with libcurl directly (Linux): the transport whose limits hold while the body
/// is read.
///
/// FoundationNetworking's URLSession on Linux is built on the same libcurl, but it queues every
/// decoded chunk for its delegate without bound and cannot stop curl mid-read: a 1 MB gzip body
/// that inflates to 1 GB took 1.1 GB of memory before a 1 MiB limit failed it, and an endless body
/// 6 GB. Here the body arrives in curl's own write callback, which refuses the first byte past
/// `maxResponseSize`, so memory stays within about twice the limit whatever the encoding (gzip,
/// deflate, br, zstd) or framing (Content-Length, chunked, close-delimited). It also:
/// - never follows redirects (the client does, under its `RedirectPolicy`) and never waits on an
///   authentication challenge: a 401 is returned as it came;
/// - keeps to `TransportContext.timeout` for the whole exchange, and stops at once on cancellation;
/// - reads header values that are not UTF-8 as ISO 8859-1 (RFC 9110 5.5's obs-text) instead of
///   losing the response;
/// - sends no cookies of its own (curl's cookie engine stays off).
///
/// libcurl is loaded at run time (`libcurl.so.4`, already loaded by FoundationNetworking), so
/// building needs no curl headers. `APIClient()` uses this transport on Linux when libcurl loads.
public final class CurlTransport: HTTPTransport {
    private let pool = HandlePool()

    /// A transport with its own connection pool.
    public init() {}

    /// Whether libcurl could be loaded on this system (always false off Linux).
    public static var isAvailable: Bool { ecurl_load() == 0 }

    /// Fails with the loader's reason when libcurl is not there.
    private static func requireLibcurl() throws(APIError) {
        guard ecurl_load() == 0 else {
            let reason = ecurl_load_error().map { String(cString: $0) } ?? "libcurl could not be loaded"
            throw .transport(.other(code: URLError.unknown.rawValue, description: reason))
        }
    }

    /// Sends `request`, reading the body within the deadline and size limit.
    public func send(_ request: URLRequest, context: TransportContext) async throws(APIError) -> HTTPResponse {
        try checkCancellation()
        try Self.requireLibcurl()
        let transfer = CurlTransfer(request: request, context: context, pool: pool)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<HTTPResponse, APIError>, Never>) in
                // A thread of its own: the transfer blocks in curl's poll, which must not hold a
                // thread of Swift's cooperative pool.
                let thread = Thread { continuation.resume(returning: transfer.run()) }
                thread.name = "EndpointRuntime.CurlTransport"
                thread.start()
            }
        } onCancel: {
            transfer.cancel()
        }
        return try result.get()
    }

    /// Sends `request` and returns at the response head; the body follows chunk by chunk as curl
    /// reads it. `context.timeout` is the longest silence allowed; the body's consumer ending the
    /// iteration closes the connection.
    public func stream(_ request: URLRequest, context: TransportContext) async throws(APIError) -> (HTTPResponseHead, HTTPBodyStream) {
        try checkCancellation()
        try Self.requireLibcurl()
        let (chunks, sink) = HTTPBodyStream.makeStream(bufferingPolicy: .bufferingOldest(CurlTransfer.streamChunks))
        let transfer = CurlTransfer(request: request, context: context, pool: pool, stream: sink)
        sink.onTermination = { _ in transfer.cancel() }
        // Each chunk taken by the reader is counted, so that curl pauses while the reader lags
        // (backpressure down to TCP) instead of buffering without bound.
        let reader = ChunkReader(chunks.makeAsyncIterator())
        let body = HTTPBodyStream {
            let chunk = try await reader.next()
            if chunk != nil { transfer.consumed() }
            return chunk
        }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<HTTPResponseHead, APIError>, Never>) in
                transfer.headWaiter = continuation
                let thread = Thread { transfer.runStreaming() }
                thread.name = "EndpointRuntime.CurlTransport.stream"
                thread.start()
            }
        } onCancel: {
            transfer.cancel()
        }
        return (try result.get(), body)
    }
}

/// libcurl's option and info numbers used here (its stable ABI, `curl/curl.h`).
private enum Option {
    static let url: Int32 = 10_002
    static let errorBuffer: Int32 = 10_010
    static let httpHeader: Int32 = 10_023
    static let writeData: Int32 = 10_001
    static let readData: Int32 = 10_009
    static let readFunction: Int32 = 20_012
    static let headerData: Int32 = 10_029
    static let customRequest: Int32 = 10_036
    static let acceptEncoding: Int32 = 10_102
    static let copyPostFields: Int32 = 10_165
    static let protocolsString: Int32 = 10_318
    static let writeFunction: Int32 = 20_011
    static let headerFunction: Int32 = 20_079
    static let noBody: Int32 = 44
    static let post: Int32 = 47
    static let followLocation: Int32 = 52
    static let httpGet: Int32 = 80
    static let noSignal: Int32 = 99
    static let timeoutMilliseconds: Int32 = 155
    static let protocols: Int32 = 181
    static let pathAsIs: Int32 = 234
    static let postFieldSize: Int32 = 30_120
    static let responseCodeInfo: Int32 = 0x200002
}

/// Pairs of a multi handle (which owns the connection cache) and an easy handle, reused so that
/// connections and DNS answers are reused across requests.
private final class HandlePool: @unchecked Sendable {
    struct Pair {
        let multi: UnsafeMutableRawPointer
        let easy: UnsafeMutableRawPointer
    }

    private let lock = NSLock()
    private var idle: [Pair] = []
    private static let maxIdle = 8

    func take() -> Pair? {
        lock.lock()
        if let pair = idle.popLast() {
            lock.unlock()
            return pair
        }
        lock.unlock()
        guard let multi = ecurl_multi_init() else { return nil }
        guard let easy = ecurl_easy_init() else {
            ecurl_multi_cleanup(multi)
            return nil
        }
        return Pair(multi: multi, easy: easy)
    }

    func give(_ pair: Pair) {
        ecurl_easy_reset(pair.easy)
        lock.lock()
        if idle.count < Self.maxIdle {
            idle.append(pair)
            lock.unlock()
            return
        }
        lock.unlock()
        Self.destroy(pair)
    }

    static func destroy(_ pair: Pair) {
        ecurl_easy_cleanup(pair.easy)
        ecurl_multi_cleanup(pair.multi)
    }

    deinit {
        idle.forEach(Self.destroy)
    }
}

/// One exchange on its own thread. Curl calls back on that thread only; `cancel()` comes from
/// others and is guarded by `lock`.
private final class CurlTransfer: @unchecked Sendable {
    private let request: URLRequest
    private let context: TransportContext
    private let pool: HandlePool
    private let deadline: ContinuousClock.Instant

    private let lock = NSLock()
    private var cancelled = false
    private var activeMulti: UnsafeMutableRawPointer?

    /// Streaming: where body chunks go, and who waits for the head (resumed once, from this
    /// transfer's thread). The deadline is then an idle timeout from the last byte received.
    /// Curl pauses when `pauseAt` chunks (at most 16 KiB each) wait for the reader, and resumes
    /// when they are down to `resumeAt`; `streamChunks` is the stream's hard bound.
    static let streamChunks = 1024
    static let pauseAt = 256
    static let resumeAt = 64
    /// Chunks handed to the stream and not yet taken by its reader; whether curl is paused (under `lock`).
    private var waitingChunks = 0
    private var paused = false
    private let stream: HTTPBodyStream.Continuation?
    var headWaiter: CheckedContinuation<Result<HTTPResponseHead, APIError>, Never>?
    private var lastActivity = ContinuousClock.now
    private var slowReader = false

    // Written by curl's callbacks, on the transfer's thread.
    /// A body read as it is sent, its size, and the bytes handed to curl so far.
    private var upload: InputStream?
    private var uploadSize: Int64?
    private var uploadedBytes: Int64 = 0
    private var status = 0
    private var headers: [String: String] = [:]
    /// `headers`' names by lowercased name: no scan per field (40,000 fields took minutes).
    private var headerNames: [String: String] = [:]
    private var headersComplete = false
    private var discarding = false
    private var body = Data()
    private var tooLarge = false

    init(request: URLRequest, context: TransportContext, pool: HandlePool, stream: HTTPBodyStream.Continuation? = nil) {
        self.request = request
        self.context = context
        self.pool = pool
        self.stream = stream
        deadline = .now + .milliseconds(Int64((context.boundedTimeout * 1000).rounded(.up)))
    }

    /// The streaming transfer: the head goes to `headWaiter`, the body to `stream`, the end or
    /// the failure to whichever is still waiting.
    func runStreaming() {
        let result = run()
        let failure: APIError?
        switch result {
        case .success: failure = nil
        case .failure(let error): failure = error
        }
        if let waiter = headWaiter {
            headWaiter = nil
            waiter.resume(returning: .failure(failure ?? .transport(.badResponse(reason: "The server sent no status line."))))
            stream?.finish()
            return
        }
        if let failure {
            stream?.finish(throwing: failure)
        } else {
            stream?.finish()
        }
    }

    /// Hands the head to the waiter when a final status's header section is complete.
    private func deliverHead() {
        guard let waiter = headWaiter else { return }
        headWaiter = nil
        waiter.resume(returning: .success(HTTPResponseHead(status: status, headers: headers, url: request.url)))
    }

    func cancel() {
        lock.lock()
        cancelled = true
        if let activeMulti {
            _ = ecurl_multi_wakeup(activeMulti)
        }
        lock.unlock()
    }

    /// The reader took a chunk; wakes the transfer's loop to resume a paused transfer.
    func consumed() {
        lock.lock()
        waitingChunks -= 1
        if paused, waitingChunks <= Self.resumeAt, let activeMulti {
            _ = ecurl_multi_wakeup(activeMulti)
        }
        lock.unlock()
    }

    /// Whether a paused transfer may go on (the reader has caught up); clears the pause if so.
    private func takeResume() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard paused, waitingChunks <= Self.resumeAt else { return false }
        paused = false
        return true
    }

    private var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    func run() -> Result<HTTPResponse, APIError> {
        guard let url = request.url?.absoluteString else {
            return .failure(.invalidRequest(reason: "The request has no URL."))
        }
        guard let pair = pool.take() else {
            return .failure(.transport(.other(code: URLError.unknown.rawValue, description: "libcurl could not create a handle.")))
        }
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: 256)
        errorBuffer.initialize(repeating: 0, count: 256)
        var headerList: UnsafeMutableRawPointer?
        defer {
            errorBuffer.deallocate()
            ecurl_slist_free_all(headerList)
            pool.give(pair)
        }
        let easy = pair.easy
        let me = Unmanaged.passUnretained(self).toOpaque()

        setOptions(easy, url: url, errorBuffer: errorBuffer, me: me)
        if let stream = request.httpBodyStream {
            upload = stream
            uploadSize = request.value(forHTTPHeaderField: "Content-Length").flatMap { Int64($0) }
            stream.open()
        }
        defer { upload?.close() }
        setMethodAndBody(easy, errorBuffer: errorBuffer, me: me)
        headerList = Self.headerList(of: request)
        _ = ecurl_setopt_pointer(easy, Option.httpHeader, headerList)

        return result(of: perform(pair), errorBuffer: errorBuffer)
    }

    /// The options every exchange sets on the (reused) handle: the URL, HTTP(S) only, no
    /// redirects or signals, the path as written, decompression, and the callbacks into `me`.
    private func setOptions(
        _ easy: UnsafeMutableRawPointer, url: String, errorBuffer: UnsafeMutablePointer<CChar>, me: UnsafeMutableRawPointer
    ) {
        _ = ecurl_setopt_pointer(easy, Option.url, url)
        if ecurl_setopt_pointer(easy, Option.protocolsString, "http,https") != 0 {
            // libcurl before 7.85: the bit mask (HTTP | HTTPS).
            _ = ecurl_setopt_long(easy, Option.protocols, 3)
        }
        _ = ecurl_setopt_long(easy, Option.followLocation, 0)
        _ = ecurl_setopt_long(easy, Option.noSignal, 1)
        _ = ecurl_setopt_long(easy, Option.pathAsIs, 1)
        _ = ecurl_setopt_pointer(easy, Option.acceptEncoding, "")
        _ = ecurl_setopt_pointer(easy, Option.errorBuffer, errorBuffer)
        // A backstop only; the loop below keeps the deadline.
        _ = ecurl_setopt_long(easy, Option.timeoutMilliseconds, Int((context.boundedTimeout * 1000).rounded(.up)) + 1000)
        _ = ecurl_setopt_callback(easy, Option.writeFunction, curlWrite)
        _ = ecurl_setopt_pointer(easy, Option.writeData, me)
        _ = ecurl_setopt_callback(easy, Option.headerFunction, curlHeader)
        _ = ecurl_setopt_pointer(easy, Option.headerData, me)
    }

    /// The method and the body: in memory (copied by curl) or `upload`, read as it is sent.
    private func setMethodAndBody(_ easy: UnsafeMutableRawPointer, errorBuffer: UnsafeMutablePointer<CChar>, me: UnsafeMutableRawPointer) {
        // Methods are case-sensitive: a custom one goes out as written.
        let written = request.httpMethod ?? "GET"
        let method = written.uppercased()
        let payload = request.httpBody
        switch method {
        case "GET" where payload == nil && upload == nil:
            _ = ecurl_setopt_long(easy, Option.httpGet, 1)
        case "HEAD":
            _ = ecurl_setopt_long(easy, Option.noBody, 1)
        default:
            if method == "POST" {
                _ = ecurl_setopt_long(easy, Option.post, 1)
            } else {
                _ = ecurl_setopt_pointer(easy, Option.customRequest, written)
            }
            if upload != nil {
                // A body read as it is sent (a file): POST mode with curl's read callback; the
                // method is the custom request above when it is not POST.
                _ = ecurl_setopt_long(easy, Option.post, 1)
                _ = ecurl_setopt_offset(easy, Option.postFieldSize, uploadSize ?? -1)
                _ = ecurl_setopt_callback(easy, Option.readFunction, curlRead)
                _ = ecurl_setopt_pointer(easy, Option.readData, me)
            } else if payload != nil || method == "POST" || method == "PUT" || method == "PATCH" {
                // PUT and PATCH without a body still say `Content-Length: 0`, as URLSession does.
                let bytes = payload ?? Data()
                _ = ecurl_setopt_offset(easy, Option.postFieldSize, Int64(bytes.count))
                bytes.withUnsafeBytes { raw in
                    // Copied by curl; the size above allows NUL bytes in it.
                    _ = ecurl_setopt_pointer(easy, Option.copyPostFields, raw.baseAddress ?? UnsafeRawPointer(errorBuffer))
                }
            }
        }
    }

    /// The request's header fields as a curl list (the caller frees it after the transfer).
    private static func headerList(of request: URLRequest) -> UnsafeMutableRawPointer? {
        // Sorted for a stable order on the wire; `Expect:` turns off curl's 100-continue wait.
        var fields = (request.allHTTPHeaderFields ?? [:]).sorted { $0.key.lowercased() < $1.key.lowercased() }
            .map { $0.value.isEmpty ? "\($0.key);" : "\($0.key): \($0.value)" }
        fields.append("Expect:")
        var list: UnsafeMutableRawPointer?
        for field in fields {
            list = ecurl_slist_append(list, field)
        }
        return list
    }

    /// What the finished loop and the callbacks' flags make of the exchange.
    private func result(of code: Outcome, errorBuffer: UnsafeMutablePointer<CChar>) -> Result<HTTPResponse, APIError> {
        if tooLarge {
            return .failure(.responseTooLarge(limit: context.maxResponseSize))
        }
        if slowReader {
            return .failure(.transport(.other(code: URLError.unknown.rawValue, description:
                "The body was read more slowly than it arrived: \(Self.streamChunks) chunks were waiting.")))
        }
        switch code {
        case .cancelled:
            return .failure(.cancelled)
        case .timedOut:
            return .failure(.transport(.timedOut))
        case .finished(0):
            guard status > 0 else {
                return .failure(.transport(.badResponse(reason: "The server sent no status line.")))
            }
            return .success(HTTPResponse(status: status, headers: headers, body: body, url: request.url))
        case .finished(let curlCode):
            let detail = String(cString: errorBuffer)
            let text = detail.isEmpty ? ecurl_strerror(curlCode).map { String(cString: $0) } ?? "" : detail
            return .failure(Self.map(curlCode, description: text))
        }
    }

    private enum Outcome {
        case finished(Int32)
        case cancelled
        case timedOut
    }

    /// Drives the transfer until it ends, is cancelled, or the deadline passes.
    private func perform(_ pair: HandlePool.Pair) -> Outcome {
        lock.lock()
        if cancelled {
            lock.unlock()
            return .cancelled
        }
        activeMulti = pair.multi
        lock.unlock()
        defer {
            lock.lock()
            activeMulti = nil
            lock.unlock()
            _ = ecurl_multi_remove(pair.multi, pair.easy)
        }
        guard ecurl_multi_add(pair.multi, pair.easy) == 0 else {
            return .finished(2)  // CURLE_FAILED_INIT
        }
        while true {
            var running: Int32 = 0
            let code = ecurl_multi_perform(pair.multi, &running)
            if code != 0 { return .finished(2) }
            if running == 0 {
                let result = ecurl_multi_result(pair.multi)
                return .finished(result < 0 ? 2 : result)
            }
            if isCancelled { return .cancelled }
            if takeResume() {
                // Time spent paused is the reader's, not the server's silence.
                lastActivity = .now
                _ = ecurl_easy_unpause(pair.easy)
                continue
            }
            // A stream's timeout is the longest silence; an exchange's covers it whole.
            let limit = stream == nil ? deadline : lastActivity + .milliseconds(Int64((context.boundedTimeout * 1000).rounded(.up)))
            let left = ContinuousClock.now.duration(to: limit)
            if left <= .zero { return .timedOut }
            let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1
            _ = ecurl_multi_poll(pair.multi, Int32(min(milliseconds, 1000)))
        }
    }

    /// Body bytes from curl (already decoded); 0 stops the transfer.
    fileprivate func receive(_ bytes: UnsafeRawBufferPointer) -> Int {
        lastActivity = .now
        if let stream, headWaiter == nil {
            lock.lock()
            if waitingChunks >= Self.pauseAt {
                paused = true
                lock.unlock()
                return curlWritePause
            }
            waitingChunks += 1
            lock.unlock()
            if case .dropped = stream.yield(Data(bytes)) {
                slowReader = true
                return 0
            }
            return bytes.count
        }
        if discarding { return bytes.count }
        if body.count + bytes.count > context.maxResponseSize {
            tooLarge = true
            return 0
        }
        body.append(contentsOf: bytes)
        return bytes.count
    }

    /// Request body bytes for curl, read from the body's stream; reports upload progress.
    fileprivate func send(into buffer: UnsafeMutableRawPointer, capacity: Int) -> Int {
        guard let upload, capacity > 0 else { return 0 }
        let count = upload.read(buffer.assumingMemoryBound(to: UInt8.self), maxLength: capacity)
        guard count >= 0 else { return curlReadAbort }
        if count > 0 {
            uploadedBytes += Int64(count)
            context.uploadProgress?(TransferProgress(completedBytes: uploadedBytes, totalBytes: uploadSize))
        }
        return count
    }

    /// One header line from curl (status lines of interim responses included); 0 stops the transfer.
    fileprivate func receiveHeader(_ bytes: UnsafeRawBufferPointer) -> Int {
        lastActivity = .now
        var line = Array(bytes)
        while let last = line.last, last == 0x0A || last == 0x0D {
            line.removeLast()
        }
        if line.starts(with: Array("HTTP/".utf8)) {
            // A new response (after a 1xx): its status line.
            let parts = line.split(separator: 0x20, maxSplits: 2, omittingEmptySubsequences: true)
            status = parts.count >= 2 ? Int(String(decoding: parts[1], as: UTF8.self)) ?? 0 : 0
            headers = [:]
            headerNames = [:]
            headersComplete = false
            return bytes.count
        }
        if line.isEmpty {
            headersComplete = true
            guard status >= 200 else { return bytes.count }
            if stream != nil {
                deliverHead()
                return bytes.count
            }
            // A discarded body is never held in memory, so the size limit does not apply to it.
            discarding = context.discardsSuccessBody && (200..<300).contains(status)
            if !discarding, let length = HTTPResponse.value(ofHeader: "Content-Length", in: headers).flatMap({ Int64($0) }),
               length > Int64(context.maxResponseSize) {
                tooLarge = true
                return 0
            }
            return bytes.count
        }
        // Trailers of a chunked body come after the header section: not headers of the response.
        guard !headersComplete, let colon = line.firstIndex(of: 0x3A) else { return bytes.count }
        let name = Self.text(line[..<colon]).trimmingCharacters(in: .whitespaces)
        let value = Self.text(line[(colon + 1)...]).trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return bytes.count }
        if let first = headerNames[name.lowercased()] {
            headers[first, default: ""] += ", " + value  // in place: a copy each time is quadratic
        } else {
            headerNames[name.lowercased()] = name
            headers[name] = value
        }
        return bytes.count
    }

    /// UTF-8, or ISO 8859-1 for bytes that are not (RFC 9110 5.5: obs-text).
    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return String(bytes.map { Character(Unicode.Scalar($0)) })
    }

    /// libcurl's result codes as the runtime's failures.
    static func map(_ code: Int32, description: String) -> APIError {
        switch code {
        case 5, 6, 7:  // could not resolve proxy or host, could not connect
            return .transport(.cannotConnect)
        case 28:  // operation timed out
            return .transport(.timedOut)
        case 18, 52, 55, 56:  // partial body, nothing received, send or receive failure
            return .transport(.connectionLost)
        case 8:  // weird server reply
            return .transport(.badResponse(reason: "The server's response is not valid HTTP (\(description))."))
        case 61:  // bad content encoding
            return .transport(.badResponse(reason: "The body's content encoding is corrupt (\(description))."))
        case 35, 51, 53, 54, 58, 59, 60, 64, 66, 77, 80, 83, 90, 91:  // TLS
            return .transport(.other(code: URLError.secureConnectionFailed.rawValue, description: description))
        case 1, 3:  // unsupported protocol, malformed URL
            return .transport(.other(code: URLError.unsupportedURL.rawValue, description: description))
        default:
            return .transport(.other(code: URLError.unknown.rawValue, description: description))
        }
    }
}

/// CURL_READFUNC_ABORT: the body could not be read; the transfer fails.
private let curlReadAbort = 0x1000_0000

private let curlRead: ecurl_data_callback = { bytes, size, count, context in
    guard let context, let bytes else { return curlReadAbort }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.send(into: UnsafeMutableRawPointer(bytes), capacity: size * count)
}

/// CURL_WRITEFUNC_PAUSE: curl keeps the chunk and offers it again once unpaused.
private let curlWritePause = 0x1000_0001

private let curlWrite: ecurl_data_callback = { bytes, size, count, context in
    guard let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.receive(UnsafeRawBufferPointer(start: bytes, count: size * count))
}

private let curlHeader: ecurl_data_callback = { bytes, size, count, context in
    guard let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.receiveHeader(UnsafeRawBufferPointer(start: bytes, count: size * count))
}
