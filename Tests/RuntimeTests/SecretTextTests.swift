import APITestSupport
import EndpointRuntime
import Foundation
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Credential values never appear in error texts or in `LoggingPlugin`'s lines, also when they
/// are malformed (a CR/LF in a token is refused, and the refusal must not quote it).
final class SecretTextTests: XCTestCase {
    private static let secret = "s3cr3t-VALUE"

    func testRefusedCredentialsAreNotQuoted() async {
        let bad = "\(Self.secret)\r\nX-Injected: 1"
        let cases: [(Authentication, TestRouter)] = [
            (Authentication(tokenProvider: ClosureTokenProvider(token: { bad }, refresh: {})), .profile),
            (Authentication(apiKey: bad), .keyed),
            (Authentication(cookies: .header({ _ in "session=\(bad)" })), .cookieProfile),
        ]
        for (authentication, endpoint) in cases {
            let lines = Recorder<String>()
            let client = stubClient(authentication: authentication, plugins: [LoggingPlugin(bodyLimit: 1000) { lines.append($0) }])
            let error = await expectError { () async throws(APIError) in try await client.sendData(endpoint, baseURL: testBaseURL) }
            guard case .invalidRequest? = error else { XCTFail("\(endpoint): \(String(describing: error))"); continue }
            let texts = [error.map { String(describing: $0) }, error.map { String(reflecting: $0) }, error?.errorDescription].compactMap { $0 }
                + lines.values
            for text in texts {
                XCTAssertFalse(text.contains(Self.secret), "\(endpoint): \(text)")
            }
        }
    }

    func testLoggingRedactsEveryCredentialOfAnAttempt() async throws {
        let lines = Recorder<String>()
        let client = stubClient({ _ in .json(#"{"index":1}"#, headers: ["Set-Cookie": "session=" + Self.secret]) },
                                authentication: Authentication(tokenProvider: ClosureTokenProvider(token: { Self.secret }, refresh: {}),
                                                               cookies: .header({ _ in "session=\(Self.secret)" }), apiKey: Self.secret),
                                plugins: [LoggingPlugin { lines.append($0) }])
        for endpoint in [TestRouter.profile, .cookieProfile, .keyed] {
            _ = try await client.sendData(endpoint, baseURL: testBaseURL)
        }
        XCTAssertEqual(lines.count, 6)
        for line in lines.values {
            XCTAssertFalse(line.contains(Self.secret), line)
        }
    }

    /// A password in the base URL's user-info (`https://user:pass@host`, which curl and
    /// URLSession send as Basic credentials) is a credential too: never logged, never quoted.
    func testAPasswordInTheBaseURLIsNeitherLoggedNorQuoted() async throws {
        let lines = Recorder<String>()
        let client = stubClient({ _ in .response(status: 500) }, plugins: [LoggingPlugin { lines.append($0) }])
        let base = try XCTUnwrap(URL(string: "https://user:\(Self.secret)@api.example.com/v1"))
        let error = await expectError { () async throws(APIError) in try await client.sendData(TestRouter.bytes, baseURL: base) }
        XCTAssertEqual(lines.count, 2, String(describing: error))
        XCTAssertTrue(lines.values.first?.hasPrefix("→ GET https://user:<redacted>@api.example.com/v1/bytes") ?? false, lines.values.first ?? "")
        // A base URL refused for its scheme is quoted without the password too.
        let refused = await expectError { () async throws(APIError) in
            try await client.sendData(TestRouter.profile, baseURL: URL(string: "ftp://user:\(Self.secret)@api.example.com/v1")!)
        }
        guard case .invalidRequest(let reason)? = refused else { return XCTFail(String(describing: refused)) }
        XCTAssertTrue(reason.contains("ftp://user:<redacted>@api.example.com/v1"), reason)
        for text in lines.values + [String(describing: error), String(describing: refused)] {
            XCTAssertFalse(text.contains(Self.secret), text)
        }
    }
}
