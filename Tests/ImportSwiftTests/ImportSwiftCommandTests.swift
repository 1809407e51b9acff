#if ImportSwift
import EndpointGenImportSwift
import Foundation
import XCTest

/// `endpointgen import-swift` on disk: folders searched for Swift files, specs written into a
/// new folder, nothing ever replaced, a file that does not parse reported while the rest is written.
final class ImportSwiftCommandTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-swift-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Layer/Nested"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Layer/.hidden"), withIntermediateDirectories: true)
        try write("Layer/API.swift", """
        import Moya
        enum PingAPI { case ping }
        """)
        try write("Layer/Nested/API+Target.swift", """
        extension PingAPI: TargetType {
            var baseURL: URL { URL(string: "https://api.example.com")! }
            var path: String { "/ping" }
            var method: Moya.Method { .get }
            var task: Task { .requestPlain }
            var headers: [String: String]? { nil }
        }
        """)
        // Hidden folders are not read: this would not parse.
        try write("Layer/.hidden/Broken.swift", "enum {")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent(path))
    }

    func testFoldersAreSearchedAndTheSpecIsWrittenIntoANewFolder() throws {
        let result = ImportSwiftCommand.run(paths: [folder.appendingPathComponent("Layer").path], output: folder.appendingPathComponent("specs").path)
        XCTAssertTrue(result.succeeded, "\(result.imported.diagnostics.map(\.rendered)) \(result.failure ?? "")")
        XCTAssertEqual(result.written.map { ($0 as NSString).lastPathComponent }, ["ping.yaml"])
        let text = try String(contentsOf: folder.appendingPathComponent("specs/ping.yaml"), encoding: .utf8)
        XCTAssertTrue(text.contains("path: /ping"), text)
    }

    func testAnExistingFileIsNeverReplaced() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write("specs/ping.yaml", "mine\n")
        let result = ImportSwiftCommand.run(paths: [folder.appendingPathComponent("Layer").path], output: folder.appendingPathComponent("specs").path)
        XCTAssertFalse(result.succeeded)
        XCTAssertEqual(result.conflicts.count, 1)
        XCTAssertEqual(result.written, [])
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("specs/ping.yaml"), encoding: .utf8), "mine\n")
    }

    func testAFileThatDoesNotParseFailsTheRunButTheRestIsWritten() throws {
        try write("Layer/Broken.swift", "enum Broken {\n")
        let result = ImportSwiftCommand.run(paths: [folder.appendingPathComponent("Layer").path], output: folder.appendingPathComponent("specs").path)
        XCTAssertFalse(result.succeeded)
        XCTAssertEqual(result.written.count, 1)
        XCTAssertEqual(result.imported.diagnostics.filter { $0.severity == .error }.compactMap { $0.location.map { ($0.file as NSString).lastPathComponent } }, ["Broken.swift"])
    }

    func testNoSwiftFilesIsAFailureAndFileLimitsAreErrors() throws {
        let empty = folder.appendingPathComponent("Empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        XCTAssertEqual(ImportSwiftCommand.run(paths: [empty.path], output: folder.appendingPathComponent("out").path).failure,
                       "no Swift files in '\(empty.path)'")
        var limits = SwiftImportLimits()
        limits.maxFileSize = 16
        limits.maxFiles = 1
        let limited = ImportSwiftCommand.run(paths: [folder.appendingPathComponent("Layer").path], output: folder.appendingPathComponent("out").path, limits: limits)
        let messages = limited.imported.diagnostics.map(\.message)
        XCTAssertTrue(messages.contains { $0.hasPrefix("more than 1 Swift files: this one and the ones after it are not read") }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("larger than the limit of") }, "\(messages)")
    }
}
#endif
