// Linux only, like the other Curl*.swift files: Apple platforms send with URLSessionTransport, and
// this code is not held to their versions (String(validating:as:) is macOS 15 / iOS 18; `make
// availability` checks the rest of the runtime against the package's platforms).
#if os(Linux)
import CEndpointCurl
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends requests with libcurl directly (Linux; the type exists only there): the transport whose
/// limits hold while the body is read.
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

    /// Whether libcurl (`libcurl.so.4`) could be loaded on this system.
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

#endif
