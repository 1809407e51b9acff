import EndpointGenSpec
import EndpointGenSupport
@testable import EndpointGenVerify
import Foundation
import RawHTTPServer
import XCTest

/// `verify --login`: the endpoint that signs in is sent first (a POST, without `--allow-unsafe`),
/// its body's credentials read from the environment through the values file, and the cookie it
/// sets is the session of the `auth: cookie` endpoints; a failed login is reported at its line and
/// skips them. The server is the test's own on 127.0.0.1.
final class LoginTests: XCTestCase {
    static let specPath = "specs/account.yaml"
    static let specText = """
        service: Account
        baseURL: http://127.0.0.1:9
        endpoints:
          signIn:
            method: POST
            path: /login
            body: Credentials
            response: Session
          me:
            method: GET
            path: /me
            auth: cookie
            response: Profile
        models:
          Credentials:
            fields:
              email: String
              password: String
          Session:
            fields:
              user_id: Int
          Profile:
            fields:
              name: String

        """

    static let valuesPath = "verify-values.yaml"
    static let values = """
        Account.signIn:
          body: { email: "${ENDPOINTGEN_VERIFY_USER}", password: "${ENDPOINTGEN_VERIFY_PASSWORD}" }

        """

    /// Signs in `a@example.com` with `pw` (a session cookie, and another cookie the server deletes
    /// at once); `/me` answers only that session.
    static func server() throws -> LocalServer {
        try LocalServer { request, connection in
            let json = ["Content-Type": "application/json"]
            switch (request.method, request.target) {
            case ("POST", "/login"):
                let body = (try? JSONSerialization.jsonObject(with: request.body)) as? [String: String]
                guard body == ["email": "a@example.com", "password": "pw"] else {
                    connection.respond(status: 401, headers: json, body: Data("{}".utf8))
                    return
                }
                connection.write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 13\r\nConnection: close\r\n"
                                 + "Set-Cookie: SESSION=s3ss10n; Path=/; HttpOnly\r\nSet-Cookie: old=1; Max-Age=0; Path=/\r\n\r\n"
                                 + "{\"user_id\":1}")
            case ("GET", "/me"):
                if request.header("Cookie") == "SESSION=s3ss10n" {
                    connection.respond(status: 200, headers: json, body: Data("{\"name\":\"A\"}".utf8))
                } else {
                    connection.respond(status: 401, headers: json, body: Data("{}".utf8))
                }
            default:
                connection.respond(status: 404, headers: json, body: Data("{}".utf8))
            }
        }
    }

    static func verify(_ server: LocalServer, login: String? = "Account.signIn", values: String = values,
                       environment: [String: String] = ["ENDPOINTGEN_VERIFY_USER": "a@example.com", "ENDPOINTGEN_VERIFY_PASSWORD": "pw"])
        throws -> VerifyCommand.Outcome {
        let folder = NSTemporaryDirectory() + "endpointgen-login-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let valuesFile = folder + "/" + valuesPath
        try values.write(toFile: valuesFile, atomically: true, encoding: .utf8)
        var options = VerifyOptions()
        options.baseURL = "http://127.0.0.1:\(server.port)"
        options.timeout = 10
        options.login = login
        var outcome = VerifyCommand.run(sources: [SourceFile(path: specPath, bytes: Array(specText.utf8))], valuesFile: valuesFile,
                                        params: [], credentials: VerifyCredentials.from(environment: environment), options: options,
                                        environment: environment)
        // The file's place as a user sees it, not the temporary folder's.
        outcome.diagnostics = outcome.diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            if diagnostic.location?.file == valuesFile { diagnostic.location?.file = valuesPath }
            return diagnostic
        }
        return outcome
    }

    func testTheLoginsCookieIsTheSessionOfTheCookieEndpoints() throws {
        let server = try Self.server()
        defer { server.stop() }
        let outcome = try Self.verify(server)
        XCTAssertEqual(outcome.diagnostics.map(\.rendered), [])
        let report = try XCTUnwrap(outcome.report)
        XCTAssertEqual(report.endpoints.map(\.endpoint), ["Account.signIn", "Account.me"])
        XCTAssertEqual(report.endpoints.map(\.outcome), [.agrees, .agrees], report.diagnostics.map(\.rendered).joined(separator: "\n"))
        XCTAssertEqual(server.requests.map { "\($0.method) \($0.target) \($0.header("Cookie") ?? "-")" },
                       ["POST /login -", "GET /me SESSION=s3ss10n"], "the deleted cookie is not sent")
        // The password is printed nowhere.
        XCTAssertFalse(report.json.contains("pw\""), report.json)
        XCTAssertFalse((report.diagnostics.map(\.rendered) + [report.summary]).joined().contains("s3ss10n"))
    }

    func testAFailedLoginIsAnErrorAtItsLineAndSkipsTheCookieEndpoints() throws {
        let server = try Self.server()
        defer { server.stop() }
        let outcome = try Self.verify(server, environment: ["ENDPOINTGEN_VERIFY_USER": "a@example.com", "ENDPOINTGEN_VERIFY_PASSWORD": "wrong"])
        let report = try XCTUnwrap(outcome.report)
        XCTAssertEqual(report.endpoints.map(\.outcome), [.differs, .skipped])
        XCTAssertTrue(report.diagnostics.map(\.rendered).contains("specs/account.yaml:4:3: error: signIn: the login answered 401: the auth: cookie endpoints are skipped"),
                      report.diagnostics.map(\.rendered).joined(separator: "\n"))
        XCTAssertEqual(report.endpoints[1].skipReason, "the login (Account.signIn) answered 401, so there is no session to send")
        XCTAssertEqual(server.requests.map(\.target), ["/login"])
    }

    func testWithoutALoginTheCookieEndpointsAreSkippedSayingWhatToGive() throws {
        let server = try Self.server()
        defer { server.stop() }
        let report = try XCTUnwrap(try Self.verify(server, login: nil).report)
        XCTAssertEqual(report.endpoints.map(\.outcome), [.skipped, .skipped])
        XCTAssertEqual(report.endpoints[0].skipKind, .unsafeMethod, "a POST is sent only as the login or with --allow-unsafe")
        XCTAssertEqual(report.endpoints[1].skipReason,
                       "its auth needs ENDPOINTGEN_VERIFY_COOKIE in the environment, or --login naming the endpoint that signs in")
        XCTAssertEqual(server.requests.count, 0)
    }

    func testTheValuesFileReadsOnlyVerifysVariablesAndOnlyThoseSet() throws {
        let server = try Self.server()
        defer { server.stop() }
        let values = """
            Account.signIn:
              body: { email: "${HOME}", password: "${ENDPOINTGEN_VERIFY_SECRET}" }

            """
        let outcome = try Self.verify(server, values: values)
        XCTAssertEqual(outcome.diagnostics.map(\.rendered), [
            "verify-values.yaml:2:18: error: '${HOME}' names no variable verify may read: only ENDPOINTGEN_VERIFY_… (uppercase letters, digits, _)",
            "verify-values.yaml:2:39: error: the environment does not set ENDPOINTGEN_VERIFY_SECRET, which '${ENDPOINTGEN_VERIFY_SECRET}' reads",
        ])
        XCTAssertNil(outcome.report, "nothing is sent")
        XCTAssertEqual(server.requests.count, 0)
    }

    func testALoginThatNamesNoEndpointIsAnError() throws {
        let server = try Self.server()
        defer { server.stop() }
        let outcome = try Self.verify(server, login: "Account.signin")
        XCTAssertEqual(outcome.diagnostics.map(\.rendered),
                       ["error: --login 'Account.signin' names no endpoint of the specs (Service.endpoint); did you mean 'Account.signIn'?"])
        XCTAssertEqual(server.requests.count, 0)
    }
}
