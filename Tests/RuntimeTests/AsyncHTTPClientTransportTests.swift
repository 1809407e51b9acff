// Built with the package trait AsyncHTTPClient only (make test turns it on).
#if AsyncHTTPClient
import APITestSupport
import AsyncHTTPClient
import EndpointRuntime
@testable import EndpointRuntimeAsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import RawHTTPServer
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What is particular to `AsyncHTTPClientTransport` (the transport suites run over it with
/// `ENDPOINTGEN_TEST_TRANSPORT=ahc`): its own inflating of gzip and deflate, its error table, the
/// client it may own, and the refusal of a client that follows redirects itself.
final class AsyncHTTPClientTransportTests: XCTestCase {
    private static let text = Data(String(repeating: #"{"index":1,"title":"Wire é"}"#, count: 50).utf8)
    // `text` compressed by python3's zlib: gzip, zlib-wrapped deflate, raw deflate.
    private static let gzip = Data(base64Encoded: "H4sIAAAAAAACA6tWysxLSa1QsjLUUSrJLMlJVbJSCs8sSlU4vFKptnpUclRyVHJUclRy4CUBkuDpx6oFAAA=")!
    private static let zlib = Data(base64Encoded: "eNqrVsrMS0mtULIy1FEqySzJSVWyUgrPLEpVOLxSqbZ6VHJUclRyVHJUcuAlAVho8VQ=")!
    private static let rawDeflate = Data(base64Encoded: "q1bKzEtJrVCyMtRRKsksyUlVslIKzyxKVTi8Uqm2elRyVHJUclRyVHLgJQE=")!

    /// `data` decoded by a `BodyDecoder`, fed `step` bytes at a time; the size of every piece.
    private func decode(_ data: Data, encoding: String?, step: Int) throws(APIError) -> (Data, [Int]) {
        let decoder = BodyDecoder(contentEncoding: encoding)
        var out = Data()
        var pieces: [Int] = []
        var offset = 0
        while offset < data.count {
            let chunk = data[data.startIndex + offset..<data.startIndex + min(offset + step, data.count)]
            try decoder.feed(ByteBuffer(bytes: chunk)) { piece throws(APIError) in
                pieces.append(piece.count)
                out.append(contentsOf: piece)
            }
            offset += step
        }
        try decoder.finish()
        return (out, pieces)
    }

    func testGzipAndDeflateAreInflatedWhateverTheChunking() throws {
        for step in [1, 7, 1000] {
            XCTAssertEqual(try decode(Self.gzip, encoding: "gzip", step: step).0, Self.text, "gzip, \(step)")
            XCTAssertEqual(try decode(Self.gzip, encoding: "x-gzip", step: step).0, Self.text, "x-gzip, \(step)")
            XCTAssertEqual(try decode(Self.zlib, encoding: "deflate", step: step).0, Self.text, "deflate, \(step)")
        }
        // Raw deflate (no zlib header), as some servers send `deflate`.
        XCTAssertEqual(try decode(Self.rawDeflate, encoding: "deflate", step: 1000).0, Self.text)
        XCTAssertEqual(try decode(Self.text, encoding: nil, step: 100).0, Self.text)
        XCTAssertEqual(try decode(Self.text, encoding: "identity", step: 100).0, Self.text)
    }

    func testCutShortOrCorruptCompressedBodiesAreBadResponses() {
        for (data, encoding) in [(Self.gzip.prefix(30), "gzip"), (Data("not gzip at all".utf8), "gzip"), (Self.zlib.prefix(20), "deflate")] {
            do {
                _ = try decode(Data(data), encoding: encoding, step: 1000)
                XCTFail("\(encoding) \(data.count) bytes decoded")
            } catch {
                guard case .transport(.badResponse(let reason)) = error else { XCTFail("\(error)"); continue }
                XCTAssertTrue(reason.hasPrefix("The body's content encoding is corrupt"), reason)
            }
        }
    }

    func testAnEncodingNotOfferedFailsAtTheFirstByteOnly() throws {
        XCTAssertEqual(try decode(Data(), encoding: "br", step: 1).0, Data(), "no body (a HEAD, a 304): nothing to decode")
        do {
            _ = try decode(Data([1, 2, 3]), encoding: "br", step: 1)
            XCTFail("br decoded")
        } catch {
            guard case .transport(.badResponse(let reason)) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("\"br\""), reason)
        }
    }

    /// A bomb is inflated in pieces of at most 64 KiB, each handed over before the next is made,
    /// so the caller's limit stops it after about the limit.
    func testABombIsInflatedInBoundedPiecesAndStopsAtTheLimit() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import sys, zlib; g = zlib.compressobj(9, zlib.DEFLATED, 31); "
                             + "sys.stdout.buffer.write(g.compress(bytes(8 << 20)) + g.flush())"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let bomb = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertLessThan(bomb.count, 10_000)

        let (inflated, pieces) = try decode(bomb, encoding: "gzip", step: bomb.count)
        XCTAssertEqual(inflated.count, 8 << 20)
        XCTAssertEqual(pieces.max(), 64 * 1024)

        let decoder = BodyDecoder(contentEncoding: "gzip")
        var kept = 0
        do {
            try decoder.feed(ByteBuffer(bytes: bomb)) { piece throws(APIError) in
                guard kept + piece.count <= 100_000 else { throw .responseTooLarge(limit: 100_000) }
                kept += piece.count
            }
            XCTFail("the limit did not stop it")
        } catch {
            guard case .responseTooLarge(100_000) = error else { return XCTFail("\(error)") }
            XCTAssertLessThanOrEqual(kept, 100_000)
        }
    }

    /// A streamed body is inflated too, chunk by chunk as it arrives.
    func testAStreamedGzipBodyArrivesInflated() async throws {
        let gzip = Self.gzip
        let server = try localServer { _, connection in
            connection.write("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n")
            for part in [gzip.prefix(20), gzip.dropFirst(20)] {
                connection.write(String(format: "%x\r\n", part.count))
                connection.write(Data(part))
                connection.write("\r\n")
                Thread.sleep(forTimeInterval: 0.05)
            }
            connection.write("0\r\n\r\n")
        }
        let transport = AsyncHTTPClientTransport()
        let request = URLRequest(url: server.baseURL.appendingPathComponent("events"))
        let context = TransportContext(endpoint: ProbeEndpoint(path: "/events"), timeout: 5, maxResponseSize: 1 << 20)
        let (head, body) = try await transport.stream(request, context: context)
        XCTAssertEqual(head.status, 200)
        var received = Data()
        for try await chunk in body { received.append(chunk) }
        XCTAssertEqual(received, Self.text)
        try await transport.shutdown()
    }

    /// A reader that lags slows the connection instead of failing the stream or holding the body:
    /// the transport stops reading AsyncHTTPClient's backpressured body while
    /// `maxWaitingBytes` wait, so the server's writes wait on TCP. The time the reader keeps the
    /// stream waiting is not the server's silence: the idle timeout (1 s) does not end it.
    func testALaggingReaderSlowsTheConnectionInsteadOfFailingOrBuffering() async throws {
        let mebibytes = 96
        let sent = Recorder<Int>()
        let server = try localServer { _, connection in
            connection.write("HTTP/1.1 200 OK\r\nContent-Length: \(mebibytes << 20)\r\nConnection: close\r\n\r\n")
            let piece = Data(repeating: 0x61, count: 1 << 20)
            for _ in 0..<mebibytes {
                guard connection.write(piece) else { return }
                sent.append(1)
            }
        }
        let transport = AsyncHTTPClientTransport()
        let request = URLRequest(url: server.baseURL.appendingPathComponent("large"))
        let context = TransportContext(endpoint: ProbeEndpoint(path: "/large"), timeout: 1, maxResponseSize: 1 << 20)
        let (head, body) = try await transport.stream(request, context: context)
        XCTAssertEqual(head.status, 200)
        try await Task.sleep(for: .seconds(2))
        // Socket buffers (a few MiB on loopback), NIO's and the transport's 4 MiB: far below the body.
        XCTAssertLessThan(sent.count, 40, "MiB the server could send while the reader took nothing")
        var received = 0
        var pieces = 0
        for try await chunk in body {
            received += chunk.count
            pieces += 1
            if pieces % 64 == 0 { try await Task.sleep(for: .milliseconds(1)) }
        }
        XCTAssertEqual(received, mebibytes << 20)
        try await transport.shutdown()
    }

    /// A field sent several times is one value, joined in the order sent, named as first sent.
    func testRepeatedHeaderFieldsAreJoinedInOrder() {
        let fields = HTTPHeaders([("Vary", "Accept"), ("X-One", "1"), ("vary", "Origin"), ("VARY", "Cookie")])
        XCTAssertEqual(AsyncHTTPClientTransport.headers(of: fields), ["Vary": "Accept, Origin, Cookie", "X-One": "1"])
    }

    /// The table that maps AsyncHTTPClient's and SwiftNIO's failures, case by case, onto the
    /// runtime's (the same cases `CurlTransport` and `URLSessionTransport` give).
    func testFailuresMapToTheRuntimesCases() {
        let cases: [(any Error, String)] = [
            (HTTPClientError.remoteConnectionClosed, "transport(connectionLost)"),
            (HTTPClientError.readTimeout, "transport(timedOut)"),
            (HTTPClientError.deadlineExceeded, "transport(timedOut)"),
            (HTTPClientError.connectTimeout, "transport(timedOut)"),
            (HTTPClientError.cancelled, "cancelled"),
            (HTTPClientError.redirectLimitReached, "transport(tooManyRedirects)"),
            (CancellationError(), "cancelled"),
            (IOError(errnoCode: ECONNREFUSED, reason: "connect"), "transport(cannotConnect)"),
            (IOError(errnoCode: ECONNRESET, reason: "read"), "transport(connectionLost)"),
            (IOError(errnoCode: EPIPE, reason: "write"), "transport(connectionLost)"),
            (ChannelError.eof, "transport(connectionLost)"),
            (ChannelError.ioOnClosedChannel, "transport(connectionLost)"),
            (HTTPParserError.invalidEOFState, "transport(connectionLost)"),
            (APIError.responseTooLarge(limit: 5), "responseTooLarge(limit: 5 bytes)"),
        ]
        for (error, wanted) in cases {
            XCTAssertEqual(String(describing: AsyncHTTPClientTransport.map(error)), wanted, "\(error)")
        }
        guard case .transport(.badResponse) = AsyncHTTPClientTransport.map(HTTPParserError.invalidHeaderToken) else {
            return XCTFail("a malformed response is a bad response")
        }
        guard case .transport(.other(URLError.unsupportedURL.rawValue, _)) = AsyncHTTPClientTransport.map(HTTPClientError.invalidURL) else {
            return XCTFail("an invalid URL is unsupportedURL")
        }
    }

    /// A client that follows redirects itself sent the next hop outside the `RedirectPolicy`: the
    /// call fails rather than pass that off as the first hop's answer.
    func testAClientThatFollowsRedirectsIsRefused() async throws {
        let server = try localServer { request, connection in
            if request.target == "/moved" {
                connection.respond(status: 200, body: Data("moved".utf8))
            } else {
                connection.respond(status: 302, headers: ["Location": "/moved"])
            }
        }
        let following = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup,
                                   configuration: HTTPClient.Configuration(redirectConfiguration: .follow(max: 5, allowCycles: false)))
        let client = APIClient(transport: AsyncHTTPClientTransport(client: following))
        let error = await expectError { () async throws(APIError) in _ = try await client.response(ProbeEndpoint(path: "/start"), baseURL: server.baseURL) }
        try await following.shutdown()
        guard case .transport(.other(_, let description))? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertTrue(description.contains("followed a redirect itself"), description)

        // The same server through a client made with `configuration(_:)`: the runtime follows.
        let owned = AsyncHTTPClientTransport()
        let response = try await APIClient(transport: owned).response(ProbeEndpoint(path: "/start"), baseURL: server.baseURL)
        XCTAssertEqual(response.value, Data("moved".utf8))
        XCTAssertEqual(server.requests.map(\.target), ["/v1/start", "/moved", "/v1/start", "/moved"])
        try await owned.shutdown()
        try await owned.shutdown()  // a second call does nothing
        let late = await expectError { () async throws(APIError) in _ = try await APIClient(transport: owned).response(ProbeEndpoint(path: "/start"), baseURL: server.baseURL) }
        guard case .transport(.other)? = late else { return XCTFail("after shutdown: \(String(describing: late))") }
        XCTAssertEqual(server.requests.count, 4, "nothing sent after shutdown")
    }

    /// A transport that owns its client and is released without `shutdown()` shuts it down
    /// (AsyncHTTPClient stops a debug process whose client is released while running).
    func testAnOwnedClientIsShutDownWhenTheTransportGoes() async throws {
        let server = try localServer { _, connection in connection.respond(status: 200, body: Data("x".utf8)) }
        weak var released: HTTPClient?
        do {
            let transport = AsyncHTTPClientTransport()
            released = transport.client
            let data = try await APIClient(transport: transport).sendData(ProbeEndpoint(path: "/x"), baseURL: server.baseURL)
            XCTAssertEqual(data, Data("x".utf8))
        }
        let deadline = Date().addingTimeInterval(5)
        while released != nil, Date() < deadline { try await Task.sleep(nanoseconds: 20_000_000) }
        XCTAssertNil(released, "the client was shut down and released")
    }
}
#endif
