import Foundation
import XCTest

/// `generate` killed (SIGKILL, as `kill -9`) at many points of a run of about 190 files over the
/// synthetic N = 600 specs of the benchmarks: afterwards the folder is the old generation (with at most
/// temporary files or a journal beside it), and the next run leaves exactly one whole generation.
final class InterruptedRunTests: XCTestCase {
    private var folder: String!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "endpointgen-interrupted-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every entry of a folder (hidden ones too) with its bytes.
    private func snapshot(_ path: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: path) {
            result[name] = try Data(contentsOf: URL(fileURLWithPath: path + "/" + name))
        }
        return result
    }

    private func assertSame(_ actual: [String: Data], _ expected: [String: Data], _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(actual.keys.sorted(), expected.keys.sorted(), message, file: file, line: line)
        let differing = expected.keys.filter { actual[$0] != nil && actual[$0] != expected[$0] }.sorted()
        XCTAssertEqual(differing, [], message, file: file, line: line)
    }

    /// Runs the CLI in `folder`; `killAt` makes it kill itself at that step, `killAfter` kills it
    /// from here after that many milliseconds. Returns the exit status and whether it was killed.
    private func generate(_ arguments: [String], killAt: Int? = nil, killAfter: Int? = nil) throws -> (status: Int32, killed: Bool, stderr: String) {
        let process = Process()
        process.executableURL = CLITests.binary
        process.arguments = ["generate", "-q"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        if let killAt { environment["ENDPOINTGEN_TEST_KILL_AT_STEP"] = String(killAt) }
        process.environment = environment
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        if let killAfter {
            usleep(useconds_t(killAfter * 1000))
            kill(process.processIdentifier, SIGKILL)
        }
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let killed = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
        return (process.terminationStatus, killed, String(decoding: stderr, as: UTF8.self))
    }

    func testKilledRunsLeaveOneWholeGeneration() throws {
        // Old generation A: the N = 600 specs, public. New generation B: one spec fewer
        // (3 files to remove) and package access (every other file changes).
        let synth = Process()
        synth.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        synth.arguments = ["python3", Self.root.appendingPathComponent("Benchmarks/synth_spec.py").path, "600", folder + "/specsA"]
        synth.standardOutput = FileHandle.nullDevice
        try synth.run()
        synth.waitUntilExit()
        XCTAssertEqual(synth.terminationStatus, 0, "python3 Benchmarks/synth_spec.py failed")
        try FileManager.default.copyItem(atPath: folder + "/specsA", toPath: folder + "/specsB")
        let dropped = try FileManager.default.contentsOfDirectory(atPath: folder + "/specsB").filter { $0.hasPrefix("svc") }.sorted().last!
        try FileManager.default.removeItem(atPath: folder + "/specsB/" + dropped)
        let a = ["--specs", "specsA", "--access-level", "public"]
        let b = ["--specs", "specsB", "--access-level", "package"]
        XCTAssertEqual(try generate(a + ["--output", "refA"]).status, 0)
        XCTAssertEqual(try generate(b + ["--output", "refB"]).status, 0)
        let refA = try snapshot(folder + "/refA")
        let refB = try snapshot(folder + "/refB")
        // The dropped spec's Router, Service and Models; how many files the others make depends on
        // how the models files are cut, which this test does not pin.
        XCTAssertEqual(refA.count - refB.count, 3)
        XCTAssertGreaterThan(refB.count, 150)
        let changes = refB.count
        // Steps: 1...changes temporary files written, changes + 1 the journal, then `changes`
        // renames and the 3 removals.
        let lastStep = changes + 1 + changes + 3
        // The first writes, a sixteenth, a quarter, half and three quarters of them, the last ones,
        // around the journal, through the renames, the last renames and removals.
        let writes = [1, 2, changes / 16, changes / 4, changes / 2, changes * 3 / 4, changes - 3, changes - 2]
        let renames = [1, 2, 3, 1 + changes / 6, 1 + changes / 3, 1 + changes / 2, 1 + changes * 2 / 3, 1 + changes * 5 / 6, 1 + changes * 9 / 10]
            .map { changes + $0 }
        let steps = writes + renames + [2 * changes - 4, 2 * changes - 3, 2 * changes - 2, 2 * changes - 1, lastStep]
        // And killed from outside at moments of a run (~0.1 s in a debug build).
        let delays = [15, 50, 85, 120]
        var killedBeforeJournal = 0
        var killedAfterJournal = 0
        var points: [(step: Int?, delay: Int?)] = steps.map { ($0, nil) } + delays.map { (nil, $0) }
        // Under ThreadSanitizer (`make tsan`) every run is several times slower: a third of the
        // points there, all of them in `make test`.
        let sanitized = ProcessInfo.processInfo.environment["TSAN_OPTIONS"] != nil
        if sanitized { points = points.enumerated().filter { $0.offset % 3 == 0 }.map(\.element) }
        for (index, point) in points.enumerated() {
            let label = point.step.map { "killed at step \($0)" } ?? "killed after \(point.delay!) ms"
            let output = folder + "/Out"
            try? FileManager.default.removeItem(atPath: output)
            try FileManager.default.copyItem(atPath: folder + "/refA", toPath: output)
            let run = try generate(b + ["--output", "Out"], killAt: point.step, killAfter: point.delay)
            if point.step != nil { XCTAssertTrue(run.killed, "\(label): \(run.status) \(run.stderr)") }
            let after = try snapshot(output)
            if after[".endpointgen-journal"] == nil {
                if run.killed || run.status != 0 {
                    // Before the journal: the old generation untouched, temporary files beside it.
                    if run.killed { killedBeforeJournal += 1 }
                    assertSame(after.filter { !$0.key.hasPrefix(".endpointgen-") }, refA, label)
                } else {
                    assertSame(after, refB, label)
                }
            } else {
                killedAfterJournal += 1
            }
            // The next run, to either generation, leaves exactly that generation.
            let next = index % 2 == 0 ? b : a
            let repaired = try generate(next + ["--output", "Out"])
            XCTAssertEqual(repaired.status, 0, "\(label): \(repaired.stderr)")
            assertSame(try snapshot(output), index % 2 == 0 ? refB : refA, label + ", then regenerated")
            if !after.keys.filter({ $0.hasPrefix(".endpointgen-") }).isEmpty {
                XCTAssertTrue(repaired.stderr.contains("Out: warning: "), "\(label): \(repaired.stderr)")
            }
        }
        XCTAssertGreaterThanOrEqual(killedBeforeJournal, sanitized ? 3 : 8)
        XCTAssertGreaterThanOrEqual(killedAfterJournal, sanitized ? 4 : 12)
    }

    func testCheckReportsAnInterruptedRun() throws {
        try FileManager.default.createDirectory(atPath: folder + "/specs", withIntermediateDirectories: true)
        try "service: Pets\nbaseURL: https://example.com\nendpoints:\n  list: { method: GET, path: /pets }\n"
            .write(toFile: folder + "/specs/pets.yaml", atomically: true, encoding: .utf8)
        XCTAssertEqual(try generate([]).status, 0)
        let killed = try generate(["--access-level", "package"], killAt: 3)
        XCTAssertTrue(killed.killed)
        XCTAssertNotNil(FileManager.default.contents(atPath: folder + "/Generated/.endpointgen-journal"))
        let check = try CLITests.runCLI(["check", "--access-level", "package"], in: folder)
        XCTAssertEqual(check.status, 1)
        XCTAssertTrue(check.stderr.contains("Generated: error: 'Generated' holds an interrupted generation (.endpointgen-journal): 2 file(s) still to move into place, 0 to remove"), check.stderr)
        let repaired = try CLITests.runCLI(["generate", "--access-level", "package"], in: folder)
        XCTAssertEqual(repaired.status, 0)
        XCTAssertTrue(repaired.stderr.contains("Generated: warning: completed the interrupted generation in 'Generated' (2 file(s) moved into place, 0 removed)"), repaired.stderr)
        XCTAssertEqual(try CLITests.runCLI(["check", "--access-level", "package"], in: folder).status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/Generated").sorted(), ["PetsRouter.swift", "PetsService.swift"])
    }

    func testKilledFirstRunLeavesNoOutputFolderAndItsHiddenFolderIsRemoved() throws {
        try FileManager.default.createDirectory(atPath: folder + "/specs", withIntermediateDirectories: true)
        try "service: Pets\nbaseURL: https://example.com\nendpoints:\n  list: { method: GET, path: /pets }\n"
            .write(toFile: folder + "/specs/pets.yaml", atomically: true, encoding: .utf8)
        let killed = try generate([], killAt: 1)
        XCTAssertTrue(killed.killed)
        let hidden = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".Generated.endpointgen-") }
        XCTAssertEqual(hidden.count, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/Generated"))
        let check = try CLITests.runCLI(["check"], in: folder)
        XCTAssertEqual(check.status, 1)
        XCTAssertTrue(check.stderr.contains("Generated: error: '\(hidden[0])' is a new output folder an interrupted run did not finish"), check.stderr)
        let next = try CLITests.runCLI(["generate"], in: folder)
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertTrue(next.stderr.contains("Generated: warning: removed '\(hidden[0])', a new output folder an interrupted run did not finish"), next.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), ["Generated", "specs"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/Generated").sorted(), ["PetsRouter.swift", "PetsService.swift"])
    }
}
