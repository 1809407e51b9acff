import Foundation
import XCTest

/// Building the generator (the CLI, the plugins' tool) without libyaml's header: the first error
/// names the fix (Sources/CYaml/shim.h), for a Mac and for Linux, instead of only
/// "'yaml.h' file not found". Compiled with clang and no include paths, as a machine without
/// libyaml (or an Xcode that does not search /opt/homebrew) compiles it.
final class LibYAMLMessageTests: XCTestCase {
    private static let shim = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/CYaml/shim.h").path

    /// clang's diagnostics for the shim, compiled for `target` (nil: this machine).
    private func errors(target: String?, noIncludes: Bool) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["clang", "-fsyntax-only", "-x", "c"] + (noIncludes ? ["-nostdinc"] : [])
            + (target.map { ["-target", $0] } ?? []) + [Self.shim]
        let output = Pipe()
        process.standardError = output
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus == 127 { throw XCTSkip("no clang on PATH") }
        return text.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": fatal error: ") }.map(String.init)
    }

    func testOnAMacTheErrorSaysBrewInstallAndWhereXcodeLooks() throws {
        let errors = try errors(target: "arm64-apple-macos13", noIncludes: true)
        XCTAssertEqual(errors.count, 1, "\(errors)")
        let message = try XCTUnwrap(errors.first)
        XCTAssertTrue(message.contains("brew install libyaml"), message)
        XCTAssertTrue(message.contains("docs/xcode.md#libyaml"), message)
        XCTAssertTrue(message.contains("ci_scripts/ci_post_clone.sh"), message)
        XCTAssertFalse(message.contains("apt-get"), message)
    }

    func testOnLinuxTheErrorNamesThePackage() throws {
        let errors = try errors(target: "x86_64-unknown-linux-gnu", noIncludes: true)
        XCTAssertEqual(errors.count, 1, "\(errors)")
        XCTAssertTrue(errors.first?.contains("apt-get install -y libyaml-dev pkg-config") ?? false, "\(errors)")
    }

    func testWithLibYAMLInstalledTheShimIsQuiet() throws {
        #if os(Linux)
        guard FileManager.default.fileExists(atPath: "/usr/include/yaml.h") else { throw XCTSkip("libyaml-dev is not installed here") }
        XCTAssertEqual(try errors(target: nil, noIncludes: false), [])
        #else
        throw XCTSkip("checked where libyaml's header is at a known place (Linux)")
        #endif
    }
}
