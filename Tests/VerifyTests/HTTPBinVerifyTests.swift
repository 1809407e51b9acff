import APITestSupport
import EndpointGenSpec
import EndpointGenSupport
@testable import EndpointGenVerify
import Foundation
import RawHTTPServer
import XCTest

/// `verify` against httpbin under gunicorn on 127.0.0.1, a server nobody here wrote, for the
/// request side (path, query and array values, HEAD, bearer and basic credentials from the
/// environment, a JSON body with --allow-unsafe): a spec of its endpoints verifies clean. And
/// hostile answers: bodies past the limit, an endless body, a redirect to another origin.
final class HTTPBinVerifyTests: XCTestCase {
    private static let httpbin = RefereeServer(
        name: "httpbin", install: "pip install httpbin gunicorn",
        arguments: ["python3", "-m", "gunicorn", "--bind", "127.0.0.1:0", "--threads", "8", "--graceful-timeout", "1",
                    "--control-socket", NSTemporaryDirectory() + "endpointgen-verify-gunicorn-\(UUID().uuidString).ctl", "httpbin:app"])

    static let specPath = "specs/httpbin.yaml"
    static let specText: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/verify/httpbin/httpbin.yaml")
        return try! String(contentsOf: url, encoding: .utf8)
    }()

    static let values = """
    HTTPBin.getAnything:
      thing: "a b/c"
      colour: blue
      sizes: [1, 2]
    HTTPBin.getBasic:
      user: ada
      password: lovelace
    HTTPBin.getBytes:
      count: 64
    HTTPBin.postAnything:
      body: { name: Ada }

    """

    private var folder: String!

    private func place(_ text: String) -> String {
        DriftTests.place(text, in: Self.specText, path: Self.specPath)
    }

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "endpointgen-verify-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.values.write(toFile: folder + "/values.yaml", atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func verify(spec: String = specText, base: URL, credentials: VerifyCredentials, configure: (inout VerifyOptions) -> Void = { _ in })
        -> VerifyCommand.Outcome {
        var options = VerifyOptions()
        options.baseURL = base.absoluteString
        options.timeout = 10
        configure(&options)
        return VerifyCommand.run(sources: [SourceFile(path: Self.specPath, bytes: Array(spec.utf8))], valuesFile: folder + "/values.yaml",
                                 params: [], credentials: credentials, options: options)
    }

    func testHTTPBinsEndpointsVerifyClean() throws {
        let base = try Self.httpbin.url()
        let outcome = verify(base: base, credentials: VerifyCredentials(token: "t0k3n", user: "ada", password: "lovelace")) {
            $0.allowsUnsafe = true
            $0.recordDirectory = self.folder + "/recorded"
        }
        XCTAssertEqual(outcome.diagnostics.map(\.rendered), [])
        let report = try XCTUnwrap(outcome.report)
        XCTAssertEqual(report.diagnostics.map(\.rendered), [])
        XCTAssertEqual(report.summary, "Verified 9 endpoints against \(base.absoluteString): 9 agree, 0 differ (0 errors, 0 warnings)")
        // The request side as httpbin saw it: the path value one segment, the array repeated.
        let anything = try XCTUnwrap(report.endpoints.first { $0.endpoint == "HTTPBin.getAnything" })
        XCTAssertEqual(anything.url, base.absoluteString + "/anything/a%20b%2Fc?colour=blue&sizes=1&sizes=2")
        let teapot = try XCTUnwrap(report.endpoints.first { $0.endpoint == "HTTPBin.getTeapot" })
        XCTAssertEqual(teapot.statuses, [418])
        // Recorded answers never show a credential httpbin echoes in a header it sets.
        let recorded = try String(contentsOfFile: folder + "/recorded/HTTPBin.getBearer.http", encoding: .utf8)
        XCTAssertTrue(recorded.hasPrefix("GET \(base.absoluteString)/bearer\nHTTP 200\n"), recorded)
    }

    func testEndpointsWithoutTheirCredentialAreSkippedWithANote() throws {
        let base = try Self.httpbin.url()
        let outcome = verify(base: base, credentials: VerifyCredentials())
        let report = try XCTUnwrap(outcome.report)
        let notes = report.diagnostics.map(\.rendered)
        XCTAssertEqual(notes, [
            "\(place("getBearer:")): note: getBearer: not verified: its auth needs ENDPOINTGEN_VERIFY_TOKEN in the environment",
            "\(place("getBasic:")): note: getBasic: not verified: its auth needs ENDPOINTGEN_VERIFY_USER and ENDPOINTGEN_VERIFY_PASSWORD in the environment",
        ])
        XCTAssertEqual(report.summary, "Verified 6 endpoints against \(base.absoluteString): 6 agree, 0 differ (0 errors, 0 warnings); 3 skipped (1 unsafe, --allow-unsafe; 2 without credentials, ENDPOINTGEN_VERIFY_*)")
        XCTAssertFalse(outcome.hasErrors)
    }

    func testAWrongTokenIsAFindingNotARetryLoop() throws {
        let spec = """
        service: Bin
        endpoints:
          getStatus:
            method: GET
            path: /status/401
            auth: bearer
            response: empty

        """
        let base = try Self.httpbin.url()
        var options = VerifyOptions()
        options.baseURL = base.absoluteString
        // No values file: the suite's names HTTPBin's endpoints, which this spec does not have.
        let outcome = VerifyCommand.run(sources: [SourceFile(path: Self.specPath, bytes: Array(spec.utf8))], valuesFile: nil,
                                        params: [], credentials: VerifyCredentials(token: "wrong"), options: options)
        XCTAssertEqual(outcome.diagnostics.map(\.rendered), [])
        XCTAssertEqual(try XCTUnwrap(outcome.report).diagnostics.map(\.rendered),
                       ["\(Self.specPath):3:3: error: getStatus: status 401 is not a success (response: empty)"])
    }

    func testARedirectToAnotherOriginCarriesNoCredential() throws {
        let other = try LocalServer { _, connection in
            connection.respond(status: 200, headers: ["Content-Type": "application/json"], body: Data("{\"ok\": true}".utf8))
        }
        defer { other.stop() }
        let spec = """
        service: Bin
        endpoints:
          away:
            method: GET
            path: /redirect-to
            auth: bearer
            query:
              url: String
            response: { fields: { ok: Bool } }

        """
        let base = try Self.httpbin.url()
        var options = VerifyOptions()
        options.baseURL = base.absoluteString
        let direct = VerifyCommand.run(sources: [SourceFile(path: Self.specPath, bytes: Array(spec.utf8))], valuesFile: nil,
                                       params: ["Bin.away.url=http://127.0.0.1:\(other.port)/landing"],
                                       credentials: VerifyCredentials(token: "t0k3n"), options: options)
        XCTAssertEqual(try XCTUnwrap(direct.report).diagnostics.map(\.rendered), [])
        XCTAssertEqual(other.requests.map(\.target), ["/landing"])
        XCTAssertNil(other.requests.first?.header("Authorization"))
    }

    func testABodyPastTheLimitFailsAsTheRuntimeFailsIt() throws {
        let base = try Self.httpbin.url()
        let outcome = verify(base: base, credentials: VerifyCredentials()) {
            $0.only = ["HTTPBin.getBytes"]
            $0.maxResponseSize = 32
        }
        XCTAssertEqual(try XCTUnwrap(outcome.report).diagnostics.map(\.rendered),
                       ["\(place("getBytes:")): error: getBytes: the request failed: responseTooLarge(limit: 32 bytes)"])
    }

    func testAnEndlessBodyEndsAtTheLimit() throws {
        let endless = try LocalServer { _, connection in
            connection.write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
            let chunk = String(repeating: "[", count: 4096)
            while connection.write("1000\r\n\(chunk)\r\n") {}
        }
        defer { endless.stop() }
        let spec = """
        service: Bin
        endpoints:
          forever:
            method: GET
            path: /forever
            response: JSON

        """
        var options = VerifyOptions()
        options.baseURL = "http://127.0.0.1:\(endless.port)"
        options.maxResponseSize = 1 << 20
        let start = ContinuousClock.now
        let outcome = VerifyCommand.run(sources: [SourceFile(path: Self.specPath, bytes: Array(spec.utf8))], valuesFile: nil,
                                        params: [], credentials: VerifyCredentials(), options: options)
        XCTAssertEqual(try XCTUnwrap(outcome.report).diagnostics.map(\.rendered),
                       ["\(Self.specPath):3:3: error: forever: the request failed: responseTooLarge(limit: 1048576 bytes)"])
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(10))
    }
}
