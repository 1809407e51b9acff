import EndpointGenSpec
@testable import EndpointGenVerify
import Foundation
import RawHTTPServer
import ToolRunner
import XCTest

/// `endpointgen verify` as users and CI run it: the built binary in a folder with specs/, against
/// the drift server; exit status, lines, summary, `--format json`, `--record`, values and options.
final class VerifyCLITests: XCTestCase {
    private var folder: String!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "endpointgen-verify-cli-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/specs", withIntermediateDirectories: true)
        try DriftTests.specText.write(toFile: folder + "/specs/catalog.yaml", atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    typealias Run = ToolRunner.Run

    /// The binary sits next to the test bundle in the build folder.
    static var binary: URL { ToolRunner.executable("endpointgen") }

    /// `endpointgen verify` with `arguments`, without the `ENDPOINTGEN_VERIFY_` variables of this process.
    private func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Run {
        try ToolRunner.run(Self.binary, ["verify"] + arguments, in: folder,
                           environment: ToolRunner.environment(removing: ["ENDPOINTGEN_VERIFY_"], extra: extra))
    }

    func testDriftFailsWithCompilerStyleLinesAndASummary() throws {
        let server = try DriftTests.server(.undeclaredStatus)
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        let result = try run(["--base-url", base, "--param", "Catalog.getMovie.id=7"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stderr, "\(DriftTests.place("getMovie:")): error: getMovie: status 202 is not declared (responses: 200, 304, 404): \"queued\"\n")
        XCTAssertEqual(result.stdout, "Verified 4 endpoints against \(base): 3 agree, 1 differ (1 error, 0 warnings); 2 skipped (unsafe methods; --allow-unsafe)\n")
    }

    func testTheAgreeingServerExitsZeroAndAPathWithoutAValueIsANote() throws {
        let server = try DriftTests.server(.none)
        defer { server.stop() }
        let result = try run(["--base-url", "http://127.0.0.1:\(server.port)"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "\(DriftTests.place("getMovie:")): note: getMovie: not verified: no value for path parameter 'id' (--values, or --param Catalog.getMovie.id=…)\n")
        XCTAssertTrue(result.stdout.hasSuffix("3 agree, 0 differ (0 errors, 0 warnings); 3 skipped (2 unsafe, --allow-unsafe; 1 without values, --values or --param)\n"), result.stdout)
    }

    func testJSONFormatAndRecordedAnswers() throws {
        let server = try DriftTests.server(.renamed)
        defer { server.stop() }
        try "Catalog.getMovie:\n  id: 7\n".write(toFile: folder + "/values.yaml", atomically: true, encoding: .utf8)
        let result = try run(["--base-url", "http://127.0.0.1:\(server.port)", "--values", "values.yaml", "--format", "json",
                              "--record", "answers", "--only", "Catalog.listMovies", "--only", "Catalog.getTags"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stderr, "")
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let endpoints = try XCTUnwrap(document["endpoints"] as? [[String: Any]])
        XCTAssertEqual(endpoints.map { $0["endpoint"] as? String }, ["Catalog.listMovies", "Catalog.getTags"])
        XCTAssertEqual(endpoints.map { $0["outcome"] as? String }, ["differs", "agrees"])
        let finding = try XCTUnwrap((endpoints[0]["findings"] as? [[String: Any]])?.first)
        XCTAssertEqual(finding["line"] as? Int, 15)
        XCTAssertEqual(finding["column"] as? Int, 3)
        XCTAssertEqual(finding["severity"] as? String, "error")
        let declaration = try XCTUnwrap(finding["declaration"] as? [String: Any])
        XCTAssertEqual(declaration["line"] as? Int, 61)
        XCTAssertEqual((document["summary"] as? [String: Any])?["errors"] as? Int, 1)
        // The raw answer, its cookie redacted.
        let recorded = try String(contentsOfFile: folder + "/answers/Catalog.getTags.http", encoding: .utf8)
        XCTAssertEqual(recorded, """
        GET http://127.0.0.1:\(server.port)/tags
        HTTP 200
        Connection: close
        Content-Length: 25
        Content-Type: application/json
        Set-Cookie: <redacted>

        {"family": 3, "space": 1}
        """)
    }

    func testOptionsAndValuesThatNameNothingAreErrorsBeforeAnythingIsSent() throws {
        let server = try DriftTests.server(.none)
        defer { server.stop() }
        try "Catalog.getMovei:\n  id: 7\nCatalog.listMovies:\n  pgae: 2\n".write(toFile: folder + "/values.yaml", atomically: true, encoding: .utf8)
        let result = try run(["--base-url", "http://127.0.0.1:\(server.port)", "--values", "values.yaml", "--only", "Catalog.listMovie",
                              "--param", "Catalg.getMovie.id=1"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, """
        error: --only 'Catalog.listMovie' names no service or endpoint of the specs; did you mean 'Catalog.listMovies'?
        --param: error: 'Catalg.getMovie.id' names no service of the specs; did you mean 'Catalog'?
        values.yaml:1:1: error: 'getMovei' is no endpoint of Catalog; did you mean 'getMovie'?
        values.yaml:4:3: error: 'pgae' is no parameter of Catalog.listMovies; did you mean 'page'?

        """)
        XCTAssertEqual(server.requests.count, 0)
        XCTAssertEqual(result.stdout, "")
    }

    func testAnUnknownEnvironmentIsAnErrorWithTheKnownOnes() throws {
        let result = try run(["--environment", "stagin"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "specs/catalog.yaml:3:10: error: Catalog has no environment 'stagin' (did you mean 'staging'? it has local, staging)\n")
    }

    func testHelpNamesEveryOptionAndTheCredentialVariables() throws {
        let result = try run(["--help"])
        XCTAssertEqual(result.status, 0)
        for option in ["--environment", "--base-url", "--only", "--values", "--param", "--allow-unsafe", "--record", "--timeout", "--format"] {
            XCTAssertTrue(result.stdout.contains(option), option)
        }
        for variable in VerifyCredentials.variables {
            XCTAssertTrue(result.stdout.contains(variable), variable)
        }
    }
}
