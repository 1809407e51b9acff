import Foundation
import RawHTTPServer
import ToolRunner
import XCTest

/// The peak memory of one call against hostile bodies, measured in a child process (the runtime's
/// default transport, then `AsyncHTTPClientTransport`; `runtime-memory-probe`) against a 1 MiB `maxResponseSize`: compression bombs
/// that inflate to 1 GB and bodies that never end. Each must fail with `.responseTooLarge` and
/// add less than 2 x the limit + 50 MB to the process's peak RSS (beside a 1-byte response).
final class MemoryTests: XCTestCase {
    private static let limit = 1 << 20
    private static let budgetKiB = (2 * limit + 50_000_000) / 1024

    /// The probe sits next to the test bundle in the build folder.
    static var probe: URL { ToolRunner.executable("runtime-memory-probe") }

    /// 1 GiB of zeros compressed in each encoding (python3's zlib; brotli when its module is there).
    private static let bombs: [String: Data] = {
        let folder = NSTemporaryDirectory() + "endpointgen-bombs-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = """
        import sys, zlib
        folder = sys.argv[1]
        block = bytes(1 << 24)
        z = zlib.compressobj(9)
        g = zlib.compressobj(9, zlib.DEFLATED, 31)
        zo, go = [], []
        for _ in range(64):
            zo.append(z.compress(block)); go.append(g.compress(block))
        open(folder + "/deflate", "wb").write(b"".join(zo) + z.flush())
        open(folder + "/gzip", "wb").write(b"".join(go) + g.flush())
        try:
            try:
                import brotli
            except ImportError:
                import brotlicffi as brotli
            c = brotli.Compressor(quality=5)
            open(folder + "/br", "wb").write(b"".join(c.process(block) for _ in range(64)) + c.finish())
        except ImportError:
            pass
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, folder]
        try? process.run()
        process.waitUntilExit()
        var bombs: [String: Data] = [:]
        for encoding in ["gzip", "deflate", "br"] {
            bombs[encoding] = FileManager.default.contents(atPath: folder + "/" + encoding)
        }
        return bombs
    }()

    private var server: LocalServer!

    override func setUpWithError() throws {
        #if !os(Linux)
        throw XCTSkip("peak RSS is measured on Linux")
        #endif
        let bombs = Self.bombs
        server = try LocalServer { request, connection in
            let path = String(request.target.dropFirst())
            if let bomb = bombs[path] {
                connection.write("HTTP/1.1 200 OK\r\nContent-Encoding: \(path)\r\nContent-Length: \(bomb.count)\r\nConnection: close\r\n\r\n")
                connection.write(bomb)
            } else if path == "chunked" {
                connection.write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n")
                let chunk = Data("10000\r\n".utf8) + Data(repeating: 0x61, count: 65_536) + Data("\r\n".utf8)
                while connection.write(chunk) {}
            } else if path == "close" {
                connection.write("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n")
                let block = Data(repeating: 0x61, count: 65_536)
                while connection.write(block) {}
            } else if path == "upload" {
                // The body was read (and dropped) by the server; only the probe's memory matters.
                connection.respond(status: 204)
            } else if path.hasPrefix("download/"), let mebibytes = Int(path.dropFirst("download/".count)) {
                // `mebibytes` MiB with a Content-Length, for a download to a file.
                connection.write("HTTP/1.1 200 OK\r\nContent-Length: \(mebibytes << 20)\r\nConnection: close\r\n\r\n")
                let block = Data(repeating: 0x64, count: 1 << 20)
                for _ in 0..<mebibytes where connection.write(block) {}
            } else if path == "redirect" {
                // A redirect whose body never ends.
                connection.write("HTTP/1.1 302 Found\r\nLocation: /tiny\r\nConnection: close\r\n\r\n")
                let block = Data(repeating: 0x61, count: 65_536)
                while connection.write(block) {}
            } else {
                connection.respond(status: 200, body: Data("x".utf8))
            }
        }
    }

    override func tearDown() {
        server?.stop()
        super.tearDown()
    }

    private struct Run {
        var result: String
        var seconds: Double
        var peakKiB: Int
    }

    private func fetch(_ path: String, transport: String = "default", downloadTo file: URL? = nil, slowly: Bool = false,
                       upload: URL? = nil) throws -> Run {
        let process = Process()
        process.executableURL = Self.probe
        process.arguments = ["http://127.0.0.1:\(server.port)/\(path)", String(Self.limit), "30", transport]
            + (file.map { [(slowly ? "slow=" : "") + $0.path] } ?? [])
            + (upload.map { ["upload=" + $0.path] } ?? [])
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var fields: [String: String] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        return Run(result: fields["result"] ?? output, seconds: Double(fields["seconds"] ?? "") ?? -1,
                   peakKiB: Int(fields["peak_rss_kib"] ?? "") ?? -1)
    }

    func testHostileBodiesStayWithinTheLimit() throws {
        try checkHostileBodies(transport: "default")
    }

    /// AsyncHTTPClientTransport offers only gzip and deflate (it inflates them itself, piece by
    /// piece); a br body sent anyway is refused at its first byte, as unreadable.
    func testHostileBodiesStayWithinTheLimitOverAsyncHTTPClient() throws {
        #if AsyncHTTPClient
        try checkHostileBodies(transport: "ahc", expected: ["br": "transport(badResponse:"])
        #else
        throw XCTSkip("built without the package trait AsyncHTTPClient (make test turns it on)")
        #endif
    }

    private func checkHostileBodies(transport: String, expected: [String: String] = [:]) throws {
        let baseline = try fetch("tiny", transport: transport)
        XCTAssertEqual(baseline.result, "ok 1 bytes")
        var paths = ["gzip", "deflate", "chunked", "close", "redirect"]
        if Self.bombs["br"] != nil {
            paths.insert("br", at: 2)
        } else {
            print("MemoryTests: no brotli module for python3; the br bomb is skipped")
        }
        XCTAssertNotNil(Self.bombs["gzip"], "python3 made the bombs")
        for path in paths {
            let run = try fetch(path, transport: transport)
            print("MemoryTests (\(transport)): \(path): \(run.result) in \(run.seconds) s, peak \(run.peakKiB) KiB (baseline \(baseline.peakKiB) KiB)")
            if let prefix = expected[path] {
                XCTAssertTrue(run.result.hasPrefix(prefix), "\(path): \(run.result)")
            } else {
                XCTAssertEqual(run.result, "responseTooLarge(limit: \(Self.limit) bytes)", path)
            }
            XCTAssertLessThan(run.peakKiB - baseline.peakKiB, Self.budgetKiB, path)
            XCTAssertLessThan(run.seconds, 10, path)
        }
    }

    /// What a transfer may add to the probe's peak. The transports' stream buffers are bounded
    /// in bytes (URLSessionTransport.maxWaitingBytes, 16 MiB; CurlTransport pauses at 256 chunks
    /// of at most 16 KiB): twice the bound, plus 32 MiB for what the libraries and the allocator
    /// keep beside it, is 64 MiB. Under load FoundationNetworking's queue of chunks for its
    /// delegate (which nothing bounds, docs/security.md) was seen to add more; curl's check that
    /// does not depend on load is `sizeIndependenceKiB`. This budget stays far below a body held
    /// whole. (`make tsan` skips these tests: under ThreadSanitizer every heap byte has shadow memory.)
    static let transferBudgetKiB = 96 * 1024

    /// How much more a 200 MiB download over CurlTransport may add than a 50 MiB one: the buffers
    /// are the same, so only noise; a body held whole would add 150 MiB more.
    static let sizeIndependenceKiB = 40 * 1024

    /// Downloads of 50 and 200 MiB to a file on each transport: the body goes to disk chunk by
    /// chunk, so the peak RSS grows by far less than the body, and by as much for either size.
    func testDownloadToAFileKeepsMemoryFlat() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("endpointgen-download-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for transport in ["curl", "urlsession"] {
            let baseline = try fetch("tiny", transport: transport)
            var growthKiB: [Int: Int] = [:]
            for mebibytes in [50, 200] {
                let file = folder.appendingPathComponent("\(transport).bin")
                let run = try fetch("download/\(mebibytes)", transport: transport, downloadTo: file)
                print("MemoryTests: \(mebibytes) MiB download via \(transport): \(run.result) in \(run.seconds) s, peak \(run.peakKiB) KiB (baseline \(baseline.peakKiB) KiB)")
                // URLSessionTransport cannot pause the network for a slow writer (CurlTransport
                // pauses curl): on a loaded machine (CI beside compilers) 16 MiB can come to
                // wait, and the download then fails with that typed error (docs/security.md).
                // Memory stays bounded either way, which is what this test measures.
                let slowWriter = transport == "urlsession" && run.result.contains("read more slowly than it arrived")
                if !slowWriter { XCTAssertEqual(run.result, "ok \(mebibytes << 20) bytes", transport) }
                growthKiB[mebibytes] = run.peakKiB - baseline.peakKiB
                // Over URLSession, FoundationNetworking's own queue (below) grows with the load:
                // +125 MiB for 200 MiB beside four other builds (2026-11-26). What that
                // transport can be held to is not keeping the body whole: three quarters of it.
                let budgetKiB = transport == "curl" ? Self.transferBudgetKiB : max(Self.transferBudgetKiB, (mebibytes << 10) * 3 / 4)
                XCTAssertLessThan(run.peakKiB - baseline.peakKiB, budgetKiB, "\(transport): RSS grew by \(budgetKiB / 1024) MiB or more for a \(mebibytes) MiB download")
                try? FileManager.default.removeItem(at: file)
            }
            // Only curl's growth is ours alone: FoundationNetworking queues chunks for its
            // delegate without bound when the process falls behind the socket, and then a longer
            // body queues more (under ThreadSanitizer in CI, 2026-11-26: +28 MiB for 50 MiB, +143
            // MiB for 200 MiB). For URLSession the budget above is the check: below a body held whole.
            if transport == "curl" {
                XCTAssertLessThan((growthKiB[200] ?? 0) - (growthKiB[50] ?? 0), Self.sizeIndependenceKiB,
                                  "\(transport): a 200 MiB download took \(Self.sizeIndependenceKiB / 1024) MiB or more beyond a 50 MiB one")
            }
        }
    }

    /// What a slow writer may add over CurlTransport, which pauses at 256 waiting chunks and
    /// fails past 1024 (of at most 16 KiB), or AsyncHTTPClientTransport, which stops reading while
    /// 4 MiB wait: 24 MiB, below the 64 MiB body.
    static let slowWriterBudgetKiB = 24 * 1024

    /// A 64 MiB download to a writer that pauses 1 ms after each chunk (a 16 KiB chunk then
    /// arrives far faster than it is written). CurlTransport pauses curl, AsyncHTTPClientTransport
    /// stops reading its backpressured body, and both write the whole body within the budget.
    /// URLSessionTransport cannot pause the network: once `maxWaitingBytes`
    /// (16 MiB) wait it fails with the typed error. Its memory is not asserted: after that failure
    /// FoundationNetworking still takes in the rest of the body (measured +30 to +70 MB for 64 MiB,
    /// +103 to +177 MB for 160 MiB, docs/security.md), which no bound of the runtime reaches.
    func testASlowWriterKeepsMemoryBounded() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("endpointgen-slow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for transport in ["curl", "ahc", "urlsession"] {
            #if !AsyncHTTPClient
            if transport == "ahc" { continue }  // built without the package trait AsyncHTTPClient
            #endif
            let baseline = try fetch("tiny", transport: transport)
            let file = folder.appendingPathComponent("\(transport).bin")
            let run = try fetch("download/64", transport: transport, downloadTo: file, slowly: true)
            print("MemoryTests: slow writer via \(transport): \(run.result) in \(run.seconds) s, peak \(run.peakKiB) KiB (baseline \(baseline.peakKiB) KiB)")
            if transport != "urlsession" {
                XCTAssertEqual(run.result, "ok \(64 << 20) bytes", transport)
                XCTAssertLessThan(run.peakKiB - baseline.peakKiB, Self.slowWriterBudgetKiB,
                                  "\(transport): RSS grew by \(Self.slowWriterBudgetKiB / 1024) MiB or more for a slow writer")
            } else if run.result != "ok \(64 << 20) bytes" {
                // Whole only when the machine is so loaded that the network side lagged as well.
                XCTAssertTrue(run.result.contains("read more slowly than it arrived: 16 MiB were waiting"), run.result)
            }
        }
    }

    /// A 100 MiB file uploaded on each transport: read as it is sent, so the probe's peak RSS
    /// grows by far less than the file.
    func testUploadFromAFileKeepsMemoryFlat() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("endpointgen-upload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("upload.bin")
        XCTAssertTrue(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        for _ in 0..<100 { try handle.write(contentsOf: Data(repeating: 0x75, count: 1 << 20)) }
        try handle.close()
        for transport in ["curl", "urlsession"] {
            let baseline = try fetch("tiny", transport: transport)
            let run = try fetch("upload", transport: transport, upload: file)
            print("MemoryTests: upload via \(transport): \(run.result) in \(run.seconds) s, peak \(run.peakKiB) KiB (baseline \(baseline.peakKiB) KiB)")
            XCTAssertEqual(run.result, "ok uploaded", transport)
            XCTAssertLessThan(run.peakKiB - baseline.peakKiB, Self.transferBudgetKiB, "\(transport): RSS grew by \(Self.transferBudgetKiB / 1024) MiB or more for a 100 MiB upload")
        }
    }
}
