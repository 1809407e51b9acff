import Foundation
import XCTest

/// Keeps the promise of this target: every endpoint of every spec is called over the wire. An
/// endpoint added to specs/ fails this test until a wire test calls its service method.
final class EndpointCoverageTests: XCTestCase {
    func testEveryGeneratedServiceMethodIsCalledByAWireTest() throws {
        let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let generated = testsFolder.appendingPathComponent("../../Generated").standardizedFileURL
        let serviceFiles = try FileManager.default.contentsOfDirectory(atPath: generated.path)
            .filter { $0.hasSuffix("Service.swift") }.sorted()
        XCTAssertEqual(serviceFiles.count, 7, "one service file per spec with endpoints")

        let testSources = try FileManager.default.contentsOfDirectory(atPath: testsFolder.path)
            .filter { $0.hasSuffix("WireTests.swift") }
            .map { try String(contentsOf: testsFolder.appendingPathComponent($0), encoding: .utf8) }
            .joined(separator: "\n")

        var methods: [String] = []
        for file in serviceFiles {
            let text = try String(contentsOf: generated.appendingPathComponent(file), encoding: .utf8)
            // The requirements of `<Service>ServiceProtocol`: one per endpoint, without the
            // shorthand overloads of its extension (those are `public func`).
            for line in text.split(separator: "\n") where line.hasPrefix("    func ") {
                let name = line.dropFirst("    func ".count).prefix { $0 != "(" }
                methods.append(String(name))
            }
        }
        XCTAssertEqual(methods.count, 58, "the endpoints of specs/ and the pages methods of the paginated ones")
        let uncalled = methods.filter { !testSources.contains(".\($0)(") }
        XCTAssertEqual(uncalled, [], "service methods no wire test calls")
    }
}
