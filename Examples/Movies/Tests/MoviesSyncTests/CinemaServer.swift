import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// cinema_server.py (python3, standard library only) in a process of its own on 127.0.0.1, on the
/// ephemeral port it prints; the requests it saw are read back from its log file.
final class CinemaServer {
    /// One line of the server's log: a request as it arrived, or an event such as "hung-up".
    struct Logged: Decodable, Equatable {
        var method: String?
        var path: String?
        var query: String?
        var ifNoneMatch: String?
        var reviewsKey: String?
        var event: String?
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let port: Int
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let logFile: URL

    init() throws {
        logFile = FileManager.default.temporaryDirectory.appendingPathComponent("cinema-server-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("cinema_server.py")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, logFile.path]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        guard let line = Self.readLine(output), let port = Int(line) else {
            process.terminate()
            throw Failure(description: "cinema_server.py printed no port (is python3 installed?)")
        }
        self.port = port
    }

    /// `path` on this server, e.g. `url("/api")`.
    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// Changes a film, so that its ETag changes; returns once the server has done it.
    func revise(filmId: Int) throws {
        try input.fileHandleForWriting.write(contentsOf: Data("revise \(filmId)\n".utf8))
        guard Self.readLine(output) == "revised \(filmId)" else { throw Failure(description: "the server did not revise film \(filmId)") }
    }

    /// What the server has logged so far, oldest first (a line still being written is left out).
    func log() throws -> [Logged] {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try String(decoding: Data(contentsOf: logFile), as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast()
            .map { try decoder.decode(Logged.self, from: Data($0.utf8)) }
    }

    /// The requests for `path`, oldest first.
    func requests(_ path: String) throws -> [Logged] {
        try log().filter { $0.method != nil && $0.path == path }
    }

    /// Polls the log until `entry` is in it, for at most `seconds`.
    func waitForLog(_ entry: Logged, seconds: Double) async throws -> Bool {
        let end = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < end {
            if try log().contains(entry) { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: logFile)
    }

    /// The poster the server sends for a film (cinema_server.py's `poster`).
    static func poster(filmId: Int) -> Data {
        Data((0..<(200_000 + filmId * 1_000)).map { UInt8(($0 * 7 + filmId) % 256) })
    }

    /// One line of the server's stdout, without its line feed; nil at its end.
    private static func readLine(_ pipe: Pipe) -> String? {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while read(pipe.fileHandleForReading.fileDescriptor, &byte, 1) == 1 {
            if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
        return nil
    }
}
