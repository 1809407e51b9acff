import APITestSupport
import EndpointRuntime
import Foundation
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A spec folder exported by the CLI of this build and served by a referee nobody here wrote
/// (Tests/Referee/export_referee.py: openapi-core checks every raw request against the document;
/// hypothesis-jsonschema generates each answer from the operation's response schema, and
/// openapi-core accepts it as a response of that operation). Shared by the export fidelity tests of
/// `specs/` and of the fixtures.
final class ExportReferee: Sendable {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The exported document, or why there is none.
    let document: Result<URL, Failure>
    private let server: RefereeServer?

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// `folder` (relative to the repository) exported into a folder of this process, then served.
    init(specs folder: String) {
        let name = folder.replacingOccurrences(of: "/", with: "-")
        let output = FileManager.default.temporaryDirectory
            .appendingPathComponent("export-fidelity-\(ProcessInfo.processInfo.processIdentifier)")
            .appendingPathComponent(name)
        document = Self.export(Self.repository.appendingPathComponent(folder), into: output)
        if case .success(let document) = document {
            server = RefereeServer(name: "the export referee of \(folder)", install: "pip install openapi-core hypothesis-jsonschema",
                                   arguments: ["python3", Self.repository.path + "/Tests/Referee/export_referee.py", document.path])
        } else {
            server = nil
        }
    }

    private static func export(_ specs: URL, into folder: URL) -> Result<URL, Failure> {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let output = folder.appendingPathComponent("openapi.json")
        let process = Process()
        process.executableURL = productsFolder().appendingPathComponent("endpointgen")
        process.arguments = ["export-openapi", "--specs", specs.path, "--output", output.path, "--quiet"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do {
            try process.run()
        } catch {
            return .failure(Failure(message: "endpointgen did not start: \(error)"))
        }
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return .failure(Failure(message: "export-openapi failed: \(text)")) }
        return .success(output)
    }

    /// Where the test bundle and the CLI were built.
    private static func productsFolder() -> URL {
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    }

    /// The referee's base URL once it has generated its answers (a call must not spend its
    /// timeout on that), and a folder for the files calls write.
    func start() async throws -> (base: URL, files: URL) {
        let document = try document.get()
        let base = try XCTUnwrap(server).url()
        var request = URLRequest(url: base.appendingPathComponent("__referee/ready"))
        request.timeoutInterval = 900
        let (data, _) = try await URLSession.shared.data(for: request)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"ready": true}"#, "the referee generated its answers")
        return (base, document.deletingLastPathComponent())
    }

    /// One service method called with the values a real app would send.
    typealias Call = @Sendable (URL) async throws(APIError) -> Void

    /// What the calls showed: requests refused, conforming answers the client could not read,
    /// responses the referee could not answer conformingly, and the operations reached.
    private struct Report {
        var refused: [String] = []
        var unread: [String] = []
        var unanswered: [String] = []
        var answered = Set<String>()
    }

    /// Calls each method `rounds` times, so that each declared response is answered in turn with
    /// different bodies. What a conforming answer may cost a call: a declared error status
    /// (`APIError.server`), an envelope that says it failed (`.envelope`), a 401 the test's
    /// credentials cannot renew (`.authentication`). What it must never cost: `.decoding`,
    /// `.unexpectedContentType`, a transport error or a request the client would not build.
    private func run(_ calls: [(name: String, call: Call)], rounds: Int, base: URL) async throws -> Report {
        var report = Report()
        for (name, call) in calls {
            for round in 0..<rounds {
                var failure: APIError?
                do {
                    try await call(base)
                } catch {
                    failure = error
                }
                let seen = try await verdicts(base)
                XCTAssertFalse(seen.isEmpty, "\(name): no request reached the referee: \(failure.map { "\($0)" } ?? "no error")")
                for verdict in seen {
                    for error in verdict.requestErrors ?? [] {
                        report.refused.append("\(name) (\(verdict.method) \(verdict.target)): \(error)")
                    }
                    if verdict.conforms == false {
                        report.unanswered.append("\(name) \(verdict.status.map(String.init) ?? "?"): \((verdict.answerErrors ?? []).joined(separator: "; "))")
                    }
                    if let operation = verdict.operation { report.answered.insert(operation) }
                }
                guard let failure, seen.allSatisfy({ $0.conforms == true }) else { continue }
                switch failure {
                case .server, .envelope, .authentication:
                    continue  // a declared failure, read as one
                default:
                    let answer = seen.last.map { "\($0.status ?? 0) \($0.body ?? "")" } ?? ""
                    report.unread.append("\(name), round \(round): \(failure) after the conforming answer \(answer)")
                }
            }
        }
        return report
    }

    /// `run`, then what must hold: no request refused, every conforming answer read, every
    /// response answered conformingly, `methods` calls made and `operations` operations reached.
    func check(_ calls: [(name: String, call: Call)], rounds: Int, base: URL, methods: Int, operations: Int,
               file: StaticString = #filePath, line: UInt = #line) async throws {
        let report = try await run(calls, rounds: rounds, base: base)
        XCTAssertEqual(report.refused, [], "requests the export refuses", file: file, line: line)
        XCTAssertEqual(report.unread, [], "conforming answers the client could not read", file: file, line: line)
        XCTAssertEqual(report.unanswered, [], "responses the referee could not generate a conforming answer for", file: file, line: line)
        XCTAssertEqual(calls.count, methods, "every service method", file: file, line: line)
        XCTAssertEqual(report.answered.count, operations, "every operation of the export was called", file: file, line: line)
    }

    /// One verdict of the referee: a request it received and what it answered.
    private struct Verdict: Decodable {
        var method: String
        var target: String
        var operation: String?
        var requestErrors: [String]?
        var status: Int?
        var conforms: Bool?
        var answerErrors: [String]?
        var body: String?
    }

    private func verdicts(_ base: URL) async throws -> [Verdict] {
        let (data, _) = try await URLSession.shared.data(from: base.appendingPathComponent("__referee/verdicts"))
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode([Verdict].self, from: data)
    }
}

/// Reads at most three elements of a sequence of pages or of a stream: enough to show that each
/// is requested and read.
func firstElements<S: AsyncSequence>(_ sequence: S) async throws(APIError) where S.Failure == APIError {
    var count = 0
    var iterator = sequence.makeAsyncIterator()
    while count < 3, try await iterator.next(isolation: #isolation) != nil {
        count += 1
    }
}
