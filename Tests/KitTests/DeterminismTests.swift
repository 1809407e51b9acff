import Foundation
import XCTest

/// The same input gives the same bytes in separate processes: each run of the CLI hashes with its
/// own random seed (Swift's default), so `Dictionary` or `Set` order reaching the output would show
/// here, where two runs in one process would share a seed and agree by accident.
final class DeterminismTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private var folder: String!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "endpointgen-determinism-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Every file below `path`, by relative name.
    private func contents(of path: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: path)
        while let name = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[name] = FileManager.default.contents(atPath: path + "/" + name)
            }
        }
        return files
    }

    private func run(_ arguments: [String]) throws {
        // Hashing stays randomly seeded: SWIFT_DETERMINISTIC_HASHING is removed if the caller set it.
        let result = try CLITests.runCLI(arguments, in: folder, environment: ["SWIFT_DETERMINISTIC_HASHING": ""])
        XCTAssertTrue(result.status == 0 || result.status == 1, "\(arguments): \(result.stderr)")
    }

    func testGenerateGivesTheSameBytesInSeparateProcesses() throws {
        let root = Self.repository.path
        let inputs = [(root + "/specs", [String]()), (root + "/Tests/Fixtures/hostile", ["--completion-handlers", "--mutable-models"]),
                      (root + "/Tests/Fixtures/features", ["--access-level", "internal"])]
        for (specs, options) in inputs {
            var outputs: [[String: Data]] = []
            for run in 0..<2 {
                let output = folder + "/out-\(run)"
                try self.run(["generate", "--specs", specs, "--output", output, "--quiet"] + options)
                outputs.append(try contents(of: output))
            }
            XCTAssertFalse(outputs[0].isEmpty, specs)
            XCTAssertEqual(outputs[0].keys.sorted(), outputs[1].keys.sorted(), specs)
            for (name, data) in outputs[0] {
                XCTAssertEqual(data, outputs[1][name], "\(specs): \(name) differs between two processes")
            }
            try? FileManager.default.removeItem(atPath: folder + "/out-0")
            try? FileManager.default.removeItem(atPath: folder + "/out-1")
        }
    }

    /// `ENDPOINTGEN_FSYNC=1` flushes every file and folder: the same bytes, just on the disk.
    func testFlushedGenerationWritesTheSameFiles() throws {
        let specs = Self.repository.path + "/specs"
        var outputs: [[String: Data]] = []
        for flush in ["0", "1"] {
            let output = folder + "/flush-\(flush)"
            let result = try CLITests.runCLI(["generate", "--specs", specs, "--output", output, "--quiet"], in: folder,
                                             environment: ["ENDPOINTGEN_FSYNC": flush])
            XCTAssertEqual(result.status, 0, result.stderr)
            // A second run into the existing folder changes nothing, flushed or not.
            let again = try CLITests.runCLI(["generate", "--specs", specs, "--output", output, "--quiet"], in: folder,
                                            environment: ["ENDPOINTGEN_FSYNC": flush])
            XCTAssertEqual(again.status, 0, again.stderr)
            outputs.append(try contents(of: output))
        }
        XCTAssertFalse(outputs[0].isEmpty)
        XCTAssertEqual(outputs[0], outputs[1])
    }

    func testImportGivesTheSameSpecsInSeparateProcesses() throws {
        let document = Self.repository.path + "/Tests/Fixtures/openapi/shop.yaml"
        var outputs: [[String: Data]] = []
        for run in 0..<2 {
            let output = folder + "/specs-\(run)"
            try self.run(["import-openapi", document, "--output", output])
            outputs.append(try contents(of: output))
        }
        XCTAssertFalse(outputs[0].isEmpty)
        XCTAssertEqual(outputs[0], outputs[1])
    }
}
