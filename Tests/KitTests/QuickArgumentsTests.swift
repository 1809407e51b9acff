import EndpointGenCodegen
import XCTest
@testable import EndpointGenKit

/// The everyday command lines are read without ArgumentParser; everything else must be left to it.
final class QuickArgumentsTests: XCTestCase {
    private func parse(_ line: String) -> (command: QuickArguments.Command, options: RunOptions)? {
        QuickArguments.parse(line.split(separator: " ").map(String.init))
    }

    func testEverydayLines() throws {
        let plain = try XCTUnwrap(parse(""))
        XCTAssertEqual(plain.command, .generate)
        XCTAssertEqual(plain.options, RunOptions())

        let check = try XCTUnwrap(parse("check --specs api --output=Sources/API -q"))
        XCTAssertEqual(check.command, .check)
        var expected = RunOptions()
        expected.specs = "api"
        expected.output = "Sources/API"
        expected.quiet = true
        XCTAssertEqual(check.options, expected)

        let all = try XCTUnwrap(parse("generate --access-level=internal --completion-handlers --mutable-models --color never --quiet"))
        XCTAssertEqual(all.command, .generate)
        XCTAssertEqual(all.options.accessLevel, .internal)
        XCTAssertTrue(all.options.completionHandlers)
        XCTAssertTrue(all.options.mutableModels)
        XCTAssertEqual(all.options.color, .never)
        XCTAssertTrue(all.options.quiet)

        XCTAssertEqual(parse("lint --specs=specs")?.command, .lint)
        XCTAssertEqual(parse("--specs x")?.options.specs, "x", "options without a command are generate's")
    }

    func testEverythingElseIsLeftToArgumentParser() {
        for line in [
            "--help", "-h", "help", "--version", "init", "generate --help", "check -h",
            "generate generate", "check lint", "build", "--specs", "--specs --output x", "--specs -x",
            "--specs=", "--quiet --quiet", "-q --quiet", "--specs a --specs b", "--access-level private",
            "--color sometimes", "--quiet=yes", "-qq", "--", "--spec x", "-s x", "generate x",
        ] {
            XCTAssertNil(parse(line), line)
        }
    }
}
