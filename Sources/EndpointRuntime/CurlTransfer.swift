// Linux only, like the other Curl*.swift files: Apple platforms send with URLSessionTransport, and
// this code is not held to their versions (String(validating:as:) is macOS 15 / iOS 18; `make
// availability` checks the rest of the runtime against the package's platforms).
#if os(Linux)
import CEndpointCurl
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One exchange on its own thread. Curl calls back on that thread only; `cancel()` comes from
/// others and is guarded by `lock`.
final class CurlTransfer: @unchecked Sendable {
    private let request: URLRequest
    private let context: TransportContext
    private let pool: HandlePool
    private let deadline: ContinuousClock.Instant

    private let lock = NSLock()
    private var cancelled = false
    private var activeMulti: UnsafeMutableRawPointer?

    /// Streaming: where body chunks go, and who waits for the head (resumed once, from this
    /// transfer's thread). The deadline then bounds the head only; the body has an idle timeout
    /// that runs while the reader has taken every chunk (a reader that lags, or curl paused for
    /// it, is the app's time, not the server's silence), from the later of the last byte received
    /// and the moment the reader caught up.
    /// Curl pauses when `pauseAt` chunks (at most 16 KiB each) wait for the reader, and resumes
    /// when they are down to `resumeAt`; `streamChunks` is the stream's hard bound.
    static let streamChunks = 1024
    static let pauseAt = 256
    static let resumeAt = 64
    /// Chunks handed to the stream and not yet taken by its reader; whether curl is paused (under `lock`).
    private var waitingChunks = 0
    private var paused = false
    /// When the reader last took the last waiting chunk (under `lock`).
    private var readerCaughtUp = ContinuousClock.now
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
        if waitingChunks == 0 { readerCaughtUp = .now }
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

    /// The instant a streamed body's idle timeout ends, nil while the reader is behind (chunks
    /// wait for it, or curl is paused for it).
    private func idleLimit() -> ContinuousClock.Instant? {
        lock.lock()
        defer { lock.unlock() }
        guard waitingChunks == 0, !paused else { return nil }
        return max(lastActivity, readerCaughtUp) + .milliseconds(Int64((context.boundedTimeout * 1000).rounded(.up)))
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
        _ = ecurl_setopt_pointer(easy, CurlOption.httpHeader, headerList)

        return result(of: perform(pair), errorBuffer: errorBuffer)
    }

    /// The options every exchange sets on the (reused) handle: the URL, HTTP(S) only, no
    /// redirects or signals, the path as written, decompression, and the callbacks into `me`.
    private func setOptions(
        _ easy: UnsafeMutableRawPointer, url: String, errorBuffer: UnsafeMutablePointer<CChar>, me: UnsafeMutableRawPointer
    ) {
        _ = ecurl_setopt_pointer(easy, CurlOption.url, url)
        if ecurl_setopt_pointer(easy, CurlOption.protocolsString, "http,https") != 0 {
            // libcurl before 7.85: the bit mask (HTTP | HTTPS).
            _ = ecurl_setopt_long(easy, CurlOption.protocols, 3)
        }
        _ = ecurl_setopt_long(easy, CurlOption.followLocation, 0)
        _ = ecurl_setopt_long(easy, CurlOption.noSignal, 1)
        _ = ecurl_setopt_long(easy, CurlOption.pathAsIs, 1)
        _ = ecurl_setopt_pointer(easy, CurlOption.acceptEncoding, "")
        _ = ecurl_setopt_pointer(easy, CurlOption.errorBuffer, errorBuffer)
        // A backstop only; the loop below keeps the deadline. None for a stream: its body may
        // take any time while bytes flow (a handle reused from an exchange must lose its value).
        _ = ecurl_setopt_long(easy, CurlOption.timeoutMilliseconds,
                              stream == nil ? Int((context.boundedTimeout * 1000).rounded(.up)) + 1000 : 0)
        _ = ecurl_setopt_callback(easy, CurlOption.writeFunction, curlWrite)
        _ = ecurl_setopt_pointer(easy, CurlOption.writeData, me)
        _ = ecurl_setopt_callback(easy, CurlOption.headerFunction, curlHeader)
        _ = ecurl_setopt_pointer(easy, CurlOption.headerData, me)
    }

    /// The method and the body: in memory (copied by curl) or `upload`, read as it is sent.
    private func setMethodAndBody(_ easy: UnsafeMutableRawPointer, errorBuffer: UnsafeMutablePointer<CChar>, me: UnsafeMutableRawPointer) {
        // Methods are case-sensitive: a custom one goes out as written.
        let written = request.httpMethod ?? "GET"
        let method = written.uppercased()
        let payload = request.httpBody
        switch method {
        case "GET" where payload == nil && upload == nil:
            _ = ecurl_setopt_long(easy, CurlOption.httpGet, 1)
        case "HEAD":
            _ = ecurl_setopt_long(easy, CurlOption.noBody, 1)
        default:
            if method == "POST" {
                _ = ecurl_setopt_long(easy, CurlOption.post, 1)
            } else {
                _ = ecurl_setopt_pointer(easy, CurlOption.customRequest, written)
            }
            if upload != nil {
                // A body read as it is sent (a file): POST mode with curl's read callback; the
                // method is the custom request above when it is not POST.
                _ = ecurl_setopt_long(easy, CurlOption.post, 1)
                _ = ecurl_setopt_offset(easy, CurlOption.postFieldSize, uploadSize ?? -1)
                _ = ecurl_setopt_callback(easy, CurlOption.readFunction, curlRead)
                _ = ecurl_setopt_pointer(easy, CurlOption.readData, me)
            } else if payload != nil || method == "POST" || method == "PUT" || method == "PATCH" {
                // PUT and PATCH without a body still say `Content-Length: 0`, as URLSession does.
                let bytes = payload ?? Data()
                _ = ecurl_setopt_offset(easy, CurlOption.postFieldSize, Int64(bytes.count))
                bytes.withUnsafeBytes { raw in
                    // Copied by curl; the size above allows NUL bytes in it.
                    _ = ecurl_setopt_pointer(easy, CurlOption.copyPostFields, raw.baseAddress ?? UnsafeRawPointer(errorBuffer))
                }
            }
        }
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
            // An exchange's timeout covers it whole, a stream's its head; then the body's idle
            // timeout, which does not run while the reader is behind.
            let limit: ContinuousClock.Instant
            if stream == nil || headWaiter != nil {
                limit = deadline
            } else if let idle = idleLimit() {
                limit = idle
            } else {
                // Woken by `consumed()` when the reader catches up; the poll is bounded anyway.
                limit = .now + .seconds(1)
            }
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

#endif
