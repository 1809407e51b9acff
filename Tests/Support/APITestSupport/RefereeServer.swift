import Foundation
import XCTest

/// A server nobody here wrote (httpbin under gunicorn, openapi-core), used by the tests as a
/// referee on 127.0.0.1: started once per test process on first use, its address read from the
/// line it prints (`Listening at: http://127.0.0.1:PORT`), stopped when the process ends (it is
/// terminated at exit, and its standard input, which it may watch, closes). Missing, the tests
/// that need it skip, unless `ENDPOINTGEN_REQUIRE_HTTPBIN=1` (as `make test` sets) makes that a
/// failure.
public final class RefereeServer: @unchecked Sendable {
    private let name: String
    private let install: String
    private let arguments: [String]
    private let lock = NSLock()
    private var started: (process: Process, url: URL, lifeline: Pipe)?
    private var failure: String?

    private static let running = NSLock()
    nonisolated(unsafe) private static var processes: [Process] = []

    /// A referee run as `/usr/bin/env ARGUMENTS`; `install` says what it needs, for the skip message.
    public init(name: String, install: String, arguments: [String]) {
        self.name = name
        self.install = install
        self.arguments = arguments
    }

    /// Its base URL, starting it on first use.
    public func url() throws -> URL {
        lock.lock()
        defer { lock.unlock() }
        if let started { return started.url }
        if let failure { throw XCTSkip(failure) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        let lifeline = Pipe()
        process.standardInput = lifeline
        process.standardOutput = output
        process.standardError = output
        var text = ""
        do {
            try process.run()
        } catch {
            return try fail("\(name): python3 did not start: \(error)")
        }
        let handle = output.fileHandleForReading
        let deadline = Date().addingTimeInterval(30)
        var address: Range<String.Index>?
        while address == nil, Date() < deadline {
            let data = handle.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
            address = text.range(of: #"Listening at: http://127\.0\.0\.1:\d+"#, options: .regularExpression)
        }
        guard let address, let url = URL(string: String(text[address].dropFirst("Listening at: ".count))) else {
            process.terminate()
            return try fail("\(name) could not be started (\(install)): \(text.suffix(500))")
        }
        // Keep draining its output so that it never blocks on a full pipe.
        Thread { while !handle.availableData.isEmpty {} }.start()
        Self.running.lock()
        if Self.processes.isEmpty {
            atexit { RefereeServer.terminateAll() }
        }
        Self.processes.append(process)
        Self.running.unlock()
        started = (process, url, lifeline)
        return url
    }

    private func fail(_ message: String) throws -> URL {
        failure = message
        if ProcessInfo.processInfo.environment["ENDPOINTGEN_REQUIRE_HTTPBIN"] == "1" {
            XCTFail(message)
        }
        throw XCTSkip(message)
    }

    private static func terminateAll() {
        running.lock()
        defer { running.unlock() }
        for process in processes where process.isRunning {
            process.terminate()
        }
    }
}
