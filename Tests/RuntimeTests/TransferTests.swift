import APITestSupport
@testable import EndpointRuntime
import Foundation
import RawHTTPServer
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Downloads to a file over real sockets on the transport under test: the bytes as sent, progress
/// that only grows and ends at the total, and no file (nor temporary file) after a failure,
/// a cancellation or a body over the limit.
final class TransferTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("endpointgen-transfers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    private func client(maxDownloadSize: Int = 4 << 30, redirects: RedirectPolicy = .default) -> APIClient {
        APIClient(transport: transportUnderTest(),
                  configuration: .init(timeout: 5, maxResponseSize: 1 << 20, redirects: redirects, maxDownloadSize: maxDownloadSize))
    }

    private func base(_ server: LocalServer) -> URL { URL(string: "http://127.0.0.1:\(server.port)")! }

    /// What the folder holds besides `except` (temporary files left behind show here).
    private func leftovers(except: String? = nil) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != except }.sorted()
    }

    /// `count` bytes that are not all alike, so that a misplaced chunk shows.
    private static func payload(_ count: Int) -> Data {
        var bytes = [UInt8](repeating: 0, count: count)
        var state: UInt32 = 2_463_534_242
        for index in 0..<count {
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            bytes[index] = UInt8(truncatingIfNeeded: state)
        }
        return Data(bytes)
    }

    private static func assertMonotonic(_ reports: [TransferProgress], endingAt total: Int64,
                                        file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(reports.isEmpty, "no progress reports", file: file, line: line)
        for (previous, next) in zip(reports, reports.dropFirst()) {
            XCTAssertLessThanOrEqual(previous.completedBytes, next.completedBytes, "progress went back", file: file, line: line)
        }
        XCTAssertEqual(reports.last?.completedBytes, total, file: file, line: line)
        XCTAssertEqual(reports.last?.totalBytes, total, file: file, line: line)
    }

    func testTenMegabytesArriveByteEqualWithProgressEndingAtTheTotal() async throws {
        let payload = Self.payload(10 << 20)
        let server = try localServer { _, connection in
            connection.respond(status: 200, headers: ["Content-Type": "application/octet-stream"], body: payload)
        }
        let destination = folder.appendingPathComponent("big.bin")
        let reports = Recorder<TransferProgress>()
        let response = try await client().download(ProbeEndpoint(path: "/big"), baseURL: base(server), to: destination) {
            reports.append($0)
        }
        XCTAssertEqual(response.value, destination)
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.header("content-type"), "application/octet-stream")
        XCTAssertEqual(try Data(contentsOf: destination), payload)
        Self.assertMonotonic(reports.values, endingAt: Int64(payload.count))
        XCTAssertGreaterThan(reports.count, 1, "progress came in steps")
        XCTAssertTrue(reports.values.allSatisfy { $0.totalBytes == Int64(payload.count) }, "Content-Length is the total from the start")
        XCTAssertEqual(try leftovers(except: "big.bin"), [])
    }

    func testChunkedBodyWithoutLengthEndsWithItsTotal() async throws {
        let server = try localServer { _, connection in
            connection.write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n")
            for _ in 0..<40 {
                connection.write("400\r\n" + String(repeating: "a", count: 1024) + "\r\n")
            }
            connection.write("0\r\n\r\n")
        }
        let destination = folder.appendingPathComponent("chunked.txt")
        let reports = Recorder<TransferProgress>()
        try await client().download(ProbeEndpoint(path: "/chunked"), baseURL: base(server), to: destination) { reports.append($0) }
        XCTAssertEqual(try Data(contentsOf: destination), Data(repeating: 0x61, count: 40 * 1024))
        Self.assertMonotonic(reports.values, endingAt: 40 * 1024)
        XCTAssertNil(reports.values.first?.totalBytes, "no Content-Length: the total is unknown until the end")
    }

    func testEmptyBodyGivesAnEmptyFileAndOneReport() async throws {
        let server = try localServer { _, connection in connection.respond(status: 200) }
        let destination = folder.appendingPathComponent("empty")
        let reports = Recorder<TransferProgress>()
        try await client().download(ProbeEndpoint(path: "/empty"), baseURL: base(server), to: destination) { reports.append($0) }
        XCTAssertEqual(try Data(contentsOf: destination), Data())
        XCTAssertEqual(reports.values, [TransferProgress(completedBytes: 0, totalBytes: 0)])
    }

    func testAnExistingFileIsReplacedOnlyOnSuccess() async throws {
        let destination = folder.appendingPathComponent("report.pdf")
        try Data("old".utf8).write(to: destination)
        let failing = try localServer { _, connection in connection.respond(status: 503, body: Data("busy".utf8)) }
        await failure({ () async throws(APIError) in try await client().download(ProbeEndpoint(path: "/r"), baseURL: base(failing), to: destination) }) { error in
            guard case .server(let server) = error else { return XCTFail("expected .server, got \(error)") }
            XCTAssertEqual(server.status, 503)
            XCTAssertEqual(server.body, Data("busy".utf8))
        }
        XCTAssertEqual(try Data(contentsOf: destination), Data("old".utf8))
        let working = try localServer { _, connection in connection.respond(status: 200, body: Data("new".utf8)) }
        try await client().download(ProbeEndpoint(path: "/r"), baseURL: base(working), to: destination)
        XCTAssertEqual(try Data(contentsOf: destination), Data("new".utf8))
        XCTAssertEqual(try leftovers(except: "report.pdf"), [])
    }

    func testServerErrorIsTypedAndLeavesNoFile() async throws {
        let server = try localServer { _, connection in
            connection.respond(status: 500, headers: ["Content-Type": "application/json"], body: Data(#"{"message":"boom"}"#.utf8))
        }
        let destination = folder.appendingPathComponent("never.bin")
        await failure({ () async throws(APIError) in try await client().download(ProbeEndpoint(path: "/fail"), baseURL: base(server), to: destination) }) { error in
            guard case .server(let server) = error else { return XCTFail("expected .server, got \(error)") }
            XCTAssertEqual(server.status, 500)
        }
        XCTAssertEqual(try leftovers(), [])
    }

    func testCancellationMidDownloadLeavesNoFile() async throws {
        let server = try localServer { _, connection in
            connection.write("HTTP/1.1 200 OK\r\nContent-Length: 100000000\r\nConnection: close\r\n\r\n")
            let block = Data(repeating: 0x62, count: 16_384)
            while connection.write(block) { Thread.sleep(forTimeInterval: 0.01) }
        }
        let destination = folder.appendingPathComponent("cancelled.bin")
        let reports = Recorder<TransferProgress>()
        let client = client()
        let url = base(server)
        let task = Task {
            try await client.download(ProbeEndpoint(path: "/slow"), baseURL: url, to: destination) { reports.append($0) }
        }
        let start = Date()
        while reports.count < 3, Date().timeIntervalSince(start) < 5 { try await Task.sleep(nanoseconds: 10_000_000) }
        XCTAssertGreaterThanOrEqual(reports.count, 3, "the download started")
        task.cancel()
        let result = await task.result
        guard case .failure(let error) = result, case .cancelled? = error as? APIError else {
            return XCTFail("expected .cancelled, got \(result)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        XCTAssertEqual(try leftovers(), [], "no file and no temporary file")
    }

    // MARK: - Time rules

    func testADownloadThatNeverFallsSilentOutlastsItsTimeout() async throws {
        // 20 s of 64 KiB every 0.1 s (a throttled link, never silent for 0.2 s) against a 5 s
        // timeout, which is the longest silence: it ended `.timedOut` at the timeout before.
        let blocks = 200
        let server = try localServer { _, connection in
            connection.write("HTTP/1.1 200 OK\r\nContent-Length: \(blocks * 65_536)\r\nConnection: close\r\n\r\n")
            let block = Data(repeating: 0x74, count: 65_536)
            for _ in 0..<blocks {
                guard connection.write(block) else { return }
                Thread.sleep(forTimeInterval: 0.1)
            }
        }
        let destination = folder.appendingPathComponent("throttled.bin")
        let start = Date()
        let response = try await client().download(ProbeEndpoint(path: "/throttled", timeout: 5), baseURL: base(server), to: destination)
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: destination.path)[.size] as? Int, blocks * 65_536)
        XCTAssertGreaterThan(Date().timeIntervalSince(start), 19)
    }

    func testAProgressHandlerThatBlocksIsNotTheServersSilence() async throws {
        // The handler blocks 2.4 s once, against a 1 s timeout: the transport pauses the network
        // (or holds what arrives) meanwhile; the server was never silent.
        let payload = Self.payload(8 << 20)
        let server = try localServer { _, connection in
            connection.respond(status: 200, headers: ["Content-Type": "application/octet-stream"], body: payload)
        }
        let destination = folder.appendingPathComponent("blocked.bin")
        let blocked = Recorder<Bool>()
        try await client().download(ProbeEndpoint(path: "/blocked", timeout: 1), baseURL: base(server), to: destination) { _ in
            if blocked.count == 0 {
                blocked.append(true)
                Thread.sleep(forTimeInterval: 2.4)
            }
        }
        XCTAssertEqual(try Data(contentsOf: destination), payload)
    }

    func testTheOptionalOverallLimitEndsATransferThatNeverFallsSilent() async throws {
        let server = try localServer { _, connection in
            connection.write("HTTP/1.1 200 OK\r\nContent-Length: 10000000\r\nConnection: close\r\n\r\n")
            while connection.write(Data(repeating: 0x6F, count: 16_384)) { Thread.sleep(forTimeInterval: 0.05) }
        }
        let client = APIClient(transport: transportUnderTest(), configuration: .init(timeout: 5, transferTimeout: 1.5))
        let destination = folder.appendingPathComponent("limited.bin")
        let start = Date()
        await failure({ () async throws(APIError) in
            try await client.download(ProbeEndpoint(path: "/limited"), baseURL: base(server), to: destination)
        }) { error in
            guard case .transport(.timedOut) = error else { return XCTFail("expected .timedOut, got \(error)") }
        }
        XCTAssertGreaterThan(Date().timeIntervalSince(start), 1.4)
        XCTAssertLessThan(Date().timeIntervalSince(start), 4)
        XCTAssertEqual(try leftovers(), [])
    }

    func testAServerSilentMidDownloadStillTimesOut() async throws {
        let server = try localServer { _, connection in
            connection.write("HTTP/1.1 200 OK\r\nContent-Length: 1000000\r\nConnection: close\r\n\r\n")
            connection.write(Data(repeating: 0x73, count: 100_000))
            Thread.sleep(forTimeInterval: 4)
        }
        let destination = folder.appendingPathComponent("silent.bin")
        let start = Date()
        await failure({ () async throws(APIError) in
            try await client().download(ProbeEndpoint(path: "/silent", timeout: 0.8), baseURL: base(server), to: destination)
        }) { error in
            guard case .transport(.timedOut) = error else { return XCTFail("expected .timedOut, got \(error)") }
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 3)
        XCTAssertEqual(try leftovers(), [])
    }

    func testBodyOverTheDownloadLimitLeavesNoFile() async throws {
        let server = try localServer { request, connection in
            if request.target == "/declared" {
                connection.respond(status: 200, body: Data(repeating: 0x63, count: 300_000))
            } else {
                connection.write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n")
                let chunk = "4000\r\n" + String(repeating: "c", count: 16_384) + "\r\n"
                while connection.write(chunk) {}
            }
        }
        for path in ["/declared", "/endless"] {
            let destination = folder.appendingPathComponent("limited.bin")
            await failure({ () async throws(APIError) in try await client(maxDownloadSize: 200_000).download(ProbeEndpoint(path: path), baseURL: base(server),
                                                                                  to: destination) }) { error in
                guard case .responseTooLarge(limit: 200_000) = error else { return XCTFail("\(path): expected .responseTooLarge, got \(error)") }
            }
            XCTAssertEqual(try leftovers(), [], path)
        }
    }

    func testTheDownloadLimitIsNotTheInMemoryLimit() async throws {
        // 2 MiB to a file with a 1 MiB maxResponseSize; `sendData` of the same body fails.
        let payload = Self.payload(2 << 20)
        let server = try localServer { _, connection in connection.respond(status: 200, body: payload) }
        let destination = folder.appendingPathComponent("two.bin")
        try await client().download(ProbeEndpoint(path: "/two"), baseURL: base(server), to: destination)
        XCTAssertEqual(try Data(contentsOf: destination), payload)
        await failure({ () async throws(APIError) in try await client().sendData(ProbeEndpoint(path: "/two"), baseURL: base(server)) }) { error in
            guard case .responseTooLarge = error else { return XCTFail("expected .responseTooLarge, got \(error)") }
        }
    }

    func testGzipBodyIsWrittenDecompressed() async throws {
        let text = String(repeating: "compressible line\n", count: 5000)
        let gzip = try XCTUnwrap(Self.gzip(Data(text.utf8)))
        let server = try localServer { _, connection in
            connection.respond(status: 200, headers: ["Content-Encoding": "gzip"], body: gzip)
        }
        let destination = folder.appendingPathComponent("text.txt")
        let reports = Recorder<TransferProgress>()
        try await client().download(ProbeEndpoint(path: "/gz"), baseURL: base(server), to: destination) { reports.append($0) }
        XCTAssertEqual(try String(contentsOf: destination, encoding: .utf8), text)
        Self.assertMonotonic(reports.values, endingAt: Int64(text.utf8.count))
    }

    func testRedirectsKeepThePolicy() async throws {
        let server = try localServer { request, connection in
            if request.target == "/moved" {
                connection.respond(status: 302, headers: ["Location": "/file"], body: Data("moved".utf8))
            } else {
                connection.respond(status: 200, body: Data("the file".utf8))
            }
        }
        let destination = folder.appendingPathComponent("moved.txt")
        let followed = try await client().download(ProbeEndpoint(path: "/moved"), baseURL: base(server), to: destination)
        XCTAssertEqual(try String(contentsOf: destination, encoding: .utf8), "the file")
        XCTAssertEqual(followed.status, 200)
        try FileManager.default.removeItem(at: destination)
        await failure({ () async throws(APIError) in try await client(redirects: .none).download(ProbeEndpoint(path: "/moved"), baseURL: base(server),
                                                                      to: destination) }) { error in
            guard case .server(let server) = error else { return XCTFail("expected .server, got \(error)") }
            XCTAssertEqual(server.status, 302)
        }
        XCTAssertEqual(try leftovers(), [])
    }

    func testASlowWriterPausesTheTransferInsteadOfFailing() async throws {
        // 1500 chunks of 16 KiB arrive at once; the writer takes 1 ms each. Without the pause the
        // stream's 1024 waiting chunks overflow ("read more slowly than it arrived").
        // AsyncHTTPClientTransport stops reading its backpressured body instead, as curl pauses,
        // and on Darwin URLSessionTransport suspends its task.
        let client = client()
        guard isCurl(client.transport) || asyncHTTPClientIsUnderTest || URLSessionTransport.pausesForSlowReaders else {
            throw XCTSkip("Linux's URLSession cannot pause (suspend() restarts the request): a writer this slow fails the download; the Mac runs this for URLSessionTransport (docs/apple-platforms.md)")
        }
        let payload = Self.payload(1500 * 16_384)
        let server = try localServer { _, connection in connection.respond(status: 200, body: payload) }
        let destination = folder.appendingPathComponent("slow.bin")
        try await client.download(ProbeEndpoint(path: "/slow"), baseURL: base(server), to: destination) { _ in
            Thread.sleep(forTimeInterval: 0.001)
        }
        XCTAssertTrue(try Data(contentsOf: destination) == payload)
    }

    func testASlowWriterFailsURLSessionOnceItsByteBoundWaits() async throws {
        // 3000 chunks of 16 KiB (47 MiB) arrive at once; the writer takes 1 ms each. URLSession
        // cannot pause the network (on Linux suspend() restarts the request), so the stream fails
        // once more than URLSessionTransport.maxWaitingBytes wait, leaving no file.
        let client = client()
        guard client.transport is URLSessionTransport, !URLSessionTransport.pausesForSlowReaders else {
            throw XCTSkip("Linux's URLSessionTransport alone fails: CurlTransport, AsyncHTTPClientTransport and Darwin's URLSessionTransport pause instead")
        }
        let payload = Self.payload(3000 * 16_384)
        let server = try localServer { _, connection in connection.respond(status: 200, body: payload) }
        let destination = folder.appendingPathComponent("slow.bin")
        await failure({ () async throws(APIError) in
            try await client.download(ProbeEndpoint(path: "/slow"), baseURL: base(server), to: destination) { _ in
                Thread.sleep(forTimeInterval: 0.001)
            }
        }) { error in
            guard case .transport(.other(_, let description)) = error else { return XCTFail("expected .transport(.other), got \(error)") }
            XCTAssertEqual(description, "The body was read more slowly than it arrived: 16 MiB were waiting.")
        }
        XCTAssertEqual(try leftovers(), [])
    }

    /// The Mac check of Darwin's backpressure (docs/apple-platforms.md): a 200 MiB download to a
    /// writer that takes 1 ms per chunk completes, the task suspended while 4 MiB wait, where on
    /// Linux URLSessionTransport fails at 16 MiB (the test above).
    func testASlowWriterOfA200MiBDownloadPausesURLSessionOnDarwin() async throws {
        guard URLSessionTransport.pausesForSlowReaders else {
            throw XCTSkip("Darwin only: Linux's URLSession cannot pause (suspend() restarts the request); `swift test` on a Mac runs it")
        }
        let payload = Self.payload(200 << 20)
        let server = try localServer { _, connection in connection.respond(status: 200, body: payload) }
        let client = APIClient(transport: URLSessionTransport(), configuration: .init(timeout: 30, maxResponseSize: 1 << 20))
        let destination = folder.appendingPathComponent("slow-200.bin")
        try await client.download(ProbeEndpoint(path: "/slow", timeout: 30), baseURL: base(server), to: destination) { _ in
            Thread.sleep(forTimeInterval: 0.001)
        }
        XCTAssertTrue(try Data(contentsOf: destination) == payload)
    }

    /// Where the transport pauses (Darwin's URLSessionTransport), the pause is asked for once at
    /// `pauseAt` waiting bytes and lifted once at `resumeAt`, alternating, and the byte bound
    /// still holds what arrives after the pause was asked for.
    func testThePauseAlternatesAtItsMarksAndTheBoundStillHolds() {
        let calls = Recorder<Bool>()
        let waiting = WaitingBytes(limit: 16 << 20, pause: .init(pauseAt: 4 << 20, resumeAt: 1 << 20) { calls.append($0) })
        for _ in 0..<3 { XCTAssertTrue(waiting.admit(1 << 20)) }
        XCTAssertEqual(calls.values, [])
        XCTAssertTrue(waiting.admit(1 << 20))
        XCTAssertEqual(calls.values, [true], "paused at 4 MiB")
        XCTAssertTrue(waiting.isPaused)
        for _ in 0..<12 { XCTAssertTrue(waiting.admit(1 << 20)) }
        XCTAssertFalse(waiting.admit(1), "what still arrives is bounded at 16 MiB")
        XCTAssertEqual(calls.values, [true], "asked once")
        for _ in 0..<14 { waiting.taken(1 << 20) }
        XCTAssertEqual(calls.values, [true], "2 MiB still wait")
        waiting.taken(1 << 20)
        XCTAssertEqual(calls.values, [true, false], "goes on at 1 MiB")
        waiting.taken(1 << 20)
        XCTAssertEqual(calls.values, [true, false])
        for _ in 0..<4 { XCTAssertTrue(waiting.admit(1 << 20)) }
        XCTAssertEqual(calls.values, [true, false, true])
        let plain = WaitingBytes(limit: 16 << 20)
        XCTAssertTrue(plain.admit(8 << 20))
        XCTAssertFalse(plain.isPaused, "no pause without one (Linux's URLSessionTransport)")
    }

    /// The bound on a lagging reader is in bytes, whatever the chunks' sizes.
    func testWaitingBytesAreBoundedInBytesNotChunks() {
        let waiting = WaitingBytes(limit: 16 << 20)
        XCTAssertTrue(waiting.admit(40 << 20), "a chunk arriving while nothing waits is in memory already")
        XCTAssertFalse(waiting.admit(1), "nothing more while 40 MiB wait")
        waiting.taken(40 << 20)
        XCTAssertTrue(waiting.admit(8 << 20))
        XCTAssertTrue(waiting.admit(8 << 20))
        XCTAssertFalse(waiting.admit(1), "16 MiB wait in two chunks")
        XCTAssertEqual(waiting.count, 16 << 20)
        waiting.taken(8 << 20)
        XCTAssertTrue(waiting.admit(8 << 20))
        for _ in 0..<2048 { waiting.taken(8 << 10) }
        XCTAssertEqual(waiting.count, 0)
        for _ in 0..<2048 { XCTAssertTrue(waiting.admit(8 << 10)) }
        XCTAssertFalse(waiting.admit(1), "2048 small chunks are the same 16 MiB")
    }

    func testA401IsRefreshedAndTheFileHoldsOnlyTheSecondAnswer() async throws {
        let server = try localServer { request, connection in
            guard request.header("Authorization") == "Bearer fresh" else {
                connection.respond(status: 401, headers: ["WWW-Authenticate": "Bearer"], body: Data("denied".utf8))
                return
            }
            connection.respond(status: 200, body: Data("secret file".utf8))
        }
        let refreshed = Recorder<Int>()
        let tokens = ClosureTokenProvider(token: { refreshed.count > 0 ? "fresh" : "stale" }, refresh: { refreshed.append(1) })
        let client = APIClient(transport: transportUnderTest(), authentication: Authentication(tokenProvider: tokens),
                               configuration: .init(timeout: 5))
        let destination = folder.appendingPathComponent("private.txt")
        try await client.download(ProbeEndpoint(path: "/private", auth: .bearer), baseURL: base(server), to: destination)
        XCTAssertEqual(try String(contentsOf: destination, encoding: .utf8), "secret file")
        XCTAssertEqual(refreshed.count, 1)
        XCTAssertEqual(server.requests.count, 2)
    }

    func testAFolderThatCannotTakeTheFileFailsBeforeSending() async throws {
        let server = try localServer { _, connection in connection.respond(status: 200, body: Data("x".utf8)) }
        let destination = folder.appendingPathComponent("missing/folder/file.bin")
        await failure({ () async throws(APIError) in
            try await client().download(ProbeEndpoint(path: "/x"), baseURL: base(server), to: destination)
        }) { error in
            guard case .transport(.other(let code, _)) = error else { return XCTFail("expected .transport(.other), got \(error)") }
            XCTAssertEqual(code, URLError.cannotWriteToFile.rawValue)
        }
        XCTAssertEqual(server.requests.count, 0, "nothing was sent")
    }

    // MARK: - Uploads

    func testUploadFromAFileArrivesByteEqualWithProgress() async throws {
        let payload = Self.payload(3 << 20)
        let file = folder.appendingPathComponent("report.pdf")
        try payload.write(to: file)
        let server = try localServer { _, connection in connection.respond(status: 200, body: Data("{}".utf8)) }
        let reports = Recorder<TransferProgress>()
        let client = client()
        let url = base(server)
        let endpoint = ProbeEndpoint(method: .put, path: "/upload", body: .file(file, contentType: "application/pdf"))
        try await client.withUploadProgress({ reports.append($0) }) { () async throws(APIError) in
            try await client.send(endpoint, baseURL: url)
        }
        let request = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(request.method, "PUT")
        XCTAssertEqual(request.header("content-type"), "application/pdf")
        XCTAssertEqual(request.header("content-length"), String(payload.count))
        XCTAssertTrue(request.body == payload, "the file arrived byte-equal (\(request.body.count) of \(payload.count) bytes)")
        Self.assertMonotonic(reports.values, endingAt: Int64(payload.count))
    }

    func testA307RedirectAndARetrySendTheWholeFileAgain() async throws {
        let payload = Self.payload(300_000)
        let file = folder.appendingPathComponent("data.bin")
        try payload.write(to: file)
        let server = try localServer { request, connection in
            switch request.target {
            case "/first": connection.respond(status: 307, headers: ["Location": "/second"])
            default: connection.respond(status: 200)
            }
        }
        let endpoint = ProbeEndpoint(method: .post, path: "/first", body: .file(file, contentType: "application/octet-stream"))
        try await client().send(endpoint, baseURL: base(server))
        XCTAssertEqual(server.requests.map(\.target), ["/first", "/second"])
        for request in server.requests {
            XCTAssertTrue(request.body == payload, "\(request.target): \(request.body.count) of \(payload.count) bytes")
        }
    }

    func testAMissingFileIsAnInvalidRequest() async throws {
        let endpoint = ProbeEndpoint(method: .post, path: "/x", body: .file(folder.appendingPathComponent("absent"), contentType: "text/plain"))
        await failure({ () async throws(APIError) in try await client().send(endpoint, baseURL: URL(string: "http://127.0.0.1:9")!) }) { error in
            guard case .invalidRequest(let reason) = error else { return XCTFail("expected .invalidRequest, got \(error)") }
            XCTAssertTrue(reason.contains("absent"), reason)
        }
    }

    /// Runs `body`, which must fail, and checks its error.
    private func failure<T>(_ body: () async throws(APIError) -> T, file: StaticString = #filePath, line: UInt = #line,
                            _ check: (APIError) -> Void) async {
        if let error = await expectError(body, file: file, line: line) { check(error) }
    }

    /// `data` gzip-compressed by python3's zlib (the test machines have it; Foundation has no gzip).
    private static func gzip(_ data: Data) throws -> Data? {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("gzip-\(UUID().uuidString)")
        try data.write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import gzip,sys; sys.stdout.buffer.write(gzip.compress(open(sys.argv[1],'rb').read()))", input.path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let result = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? result : nil
    }
}
