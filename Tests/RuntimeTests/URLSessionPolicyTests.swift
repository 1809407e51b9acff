import APITestSupport
import Foundation
import RawHTTPServer
import XCTest
@testable import EndpointRuntime
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `URLSessionTransport.Policy` as far as FoundationNetworking can exercise it: the challenges it
/// delivers (a 401's), the ones only Apple platforms deliver handed to the delegate directly,
/// the configuration's URL cache, metrics, and the platform-neutral half of pinning (which pins
/// a host gets, the `SubjectPublicKeyInfo` read from certificates openssl made, chain matching).
/// The Apple-only lines (`SecTrust` evaluation) are reviewed in docs/security.md.
final class URLSessionPolicyTests: XCTestCase {
    // MARK: - Challenges

    /// A server asking for HTTP credentials gets none: not from the configuration's credential
    /// storage (which holds one for exactly that protection space), not by the system. The 401
    /// is the answer, at once.
    func testHTTPChallengesGetNoStoredCredentialAndThe401IsTheAnswer() async throws {
        for scheme in ["Basic realm=\"shop\"", "Digest realm=\"shop\", nonce=\"n\"", "NTLM", "Negotiate"] {
            let server = try localServer { _, connection in
                connection.respond(status: 401, headers: ["WWW-Authenticate": scheme], body: Data("who?".utf8))
            }
            let storage = URLCredentialStorage.shared
            for method in [NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest, NSURLAuthenticationMethodNTLM,
                           NSURLAuthenticationMethodNegotiate, NSURLAuthenticationMethodDefault] {
                let space = URLProtectionSpace(host: "127.0.0.1", port: Int(server.port), protocol: "http", realm: "shop",
                                               authenticationMethod: method)
                storage.setDefaultCredential(URLCredential(user: "stored", password: "stored-secret", persistence: .forSession), for: space)
            }
            let configuration = URLSessionConfiguration.ephemeral
            configuration.urlCredentialStorage = storage
            let client = APIClient(transport: URLSessionTransport(configuration: configuration), configuration: .init(timeout: 20))
            let start = Date()
            let error = await expectError { () async throws(APIError) in try await client.sendData(ProbeEndpoint(), baseURL: server.baseURL) }
            guard case .server(let failure)? = error else { XCTFail("\(scheme): \(String(describing: error))"); continue }
            XCTAssertEqual(failure.status, 401, scheme)
            XCTAssertEqual(failure.body, Data("who?".utf8), scheme)
            XCTAssertLessThan(Date().timeIntervalSince(start), 5, scheme)
            XCTAssertEqual(server.requests.count, 1, "\(scheme): not retried with a credential")
            XCTAssertNil(server.requests.first?.header("Authorization"), scheme)
        }
    }

    /// The challenges FoundationNetworking never delivers (TLS, NTLM before the response, forms)
    /// handed to the delegate as Apple's URLSession would: only the server's certificate keeps
    /// the system's handling; a client certificate is the app's or none; the rest is rejected.
    func testChallengesOtherThanTheServersCertificateAreRejectedUnlessThePolicyAnswers() throws {
        func answer(_ method: String, policy: URLSessionTransport.Policy = .init()) throws -> (URLSession.AuthChallengeDisposition, URLCredential?) {
            let transport = URLSessionTransport(policy: policy)
            let delegate = try XCTUnwrap(transport.sessionDelegate)
            let session = URLSession(configuration: .ephemeral)
            defer { session.invalidateAndCancel() }
            let task = session.dataTask(with: URL(string: "https://api.example.com/v1")!)
            let space = URLProtectionSpace(host: "api.example.com", port: 443, protocol: "https", realm: nil, authenticationMethod: method)
            let challenge = URLAuthenticationChallenge(protectionSpace: space, proposedCredential: nil, previousFailureCount: 0,
                                                       failureResponse: nil, error: nil, sender: IgnoringSender())
            let result = Recorder<(URLSession.AuthChallengeDisposition, URLCredential?)>()
            delegate.urlSession(session, task: task, didReceive: challenge) { result.append(($0, $1)) }
            return try XCTUnwrap(result.values.first)
        }
        for method in [NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest, NSURLAuthenticationMethodNTLM,
                       NSURLAuthenticationMethodNegotiate, NSURLAuthenticationMethodHTMLForm, NSURLAuthenticationMethodDefault,
                       SessionDelegate.clientCertificateMethod] {
            let (disposition, credential) = try answer(method)
            XCTAssertEqual(disposition, .rejectProtectionSpace, method)
            XCTAssertNil(credential, method)
        }
        XCTAssertEqual(try answer(SessionDelegate.serverTrustMethod).0, .performDefaultHandling)

        let asked = Recorder<String>()
        let certificate = URLCredential(user: "stands-for-an-identity", password: "", persistence: .forSession)
        let (disposition, credential) = try answer(SessionDelegate.clientCertificateMethod, policy: .init(clientCertificate: { space in
            asked.append(space.host)
            return certificate
        }))
        XCTAssertEqual(disposition, .useCredential)
        XCTAssertTrue(credential === certificate)
        XCTAssertEqual(asked.values, ["api.example.com"])
        XCTAssertEqual(try answer(SessionDelegate.clientCertificateMethod, policy: .init(clientCertificate: { _ in nil })).0,
                       .rejectProtectionSpace)
        // A client-certificate hook answers nothing else.
        XCTAssertEqual(try answer(NSURLAuthenticationMethodNTLM, policy: .init(clientCertificate: { _ in certificate })).0,
                       .rejectProtectionSpace)

        #if !canImport(Security)
        // Where pins cannot be checked, a server-trust challenge under a policy is refused, not waved through.
        let pinned = URLSessionTransport.Policy(serverTrust: ServerTrustPolicy(pins: ["api.example.com": [.publicKeySHA256(Self.zeroPin)]]))
        XCTAssertEqual(try answer(SessionDelegate.serverTrustMethod, policy: pinned).0, .cancelAuthenticationChallenge)
        #endif
    }

    #if !canImport(Security)
    /// FoundationNetworking's libcurl checks certificates without asking the delegate, so a
    /// transport with pins refuses https there rather than sending unpinned; http is not pinned
    /// on any platform (there is no certificate).
    func testWherePinsCannotBeCheckedHTTPSIsRefusedUnsent() async throws {
        let server = try localServer { _, connection in connection.respond(status: 200, body: Data("ok".utf8)) }
        let transport = URLSessionTransport(policy: .init(serverTrust: ServerTrustPolicy(pins: ["127.0.0.1": [.publicKeySHA256(Self.zeroPin)]])))
        let client = APIClient(transport: transport, configuration: .init(timeout: 5))
        let https = try XCTUnwrap(URL(string: "https://127.0.0.1:\(server.port)/v1"))
        let error = await expectError { () async throws(APIError) in try await client.sendData(ProbeEndpoint(), baseURL: https) }
        guard case .transport(.other(let code, _))? = error else { return XCTFail(String(describing: error)) }
        XCTAssertEqual(code, URLError.serverCertificateUntrusted.rawValue)
        XCTAssertEqual(server.requests.count, 0)
        let data = try await client.sendData(ProbeEndpoint(), baseURL: server.baseURL)
        XCTAssertEqual(data, Data("ok".utf8))
    }
    #endif

    // MARK: - Caching

    /// A response the app's URL cache holds, fresh, for the request's URL.
    private func cacheHolding(_ body: String, for url: URL) throws -> URLCache {
        let cache = URLCache(memoryCapacity: 1 << 20, diskCapacity: 0, diskPath: nil)
        let response = try XCTUnwrap(HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1",
                                                     headerFields: ["Cache-Control": "max-age=600", "ETag": "\"v1\"", "Content-Type": "text/plain"]))
        cache.storeCachedResponse(CachedURLResponse(response: response, data: Data(body.utf8), userInfo: nil, storagePolicy: .allowedInMemoryOnly),
                                  for: URLRequest(url: url))
        return cache
    }

    private func configuration(cache: URLCache) -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = cache
        configuration.requestCachePolicy = .useProtocolCachePolicy
        return configuration
    }

    /// With `Caching.configuration` the app's URL cache answers a GET it holds fresh, without the
    /// network; by default (`Caching.none`) the same configuration's cache is not used.
    func testTheConfigurationsCacheAnswersOnlyWhenThePolicySaysSo() async throws {
        let server = try localServer { _, connection in
            connection.respond(status: 200, headers: ["Content-Type": "text/plain"], body: Data("network".utf8))
        }
        let url = server.baseURL.appendingPathComponent("start")
        let cache = try cacheHolding("cached", for: url)

        let uncached = APIClient(transport: URLSessionTransport(configuration: configuration(cache: cache)), configuration: .init(timeout: 5))
        let fresh = try await uncached.sendString(ProbeEndpoint(), baseURL: server.baseURL)
        XCTAssertEqual(fresh, "network")
        XCTAssertEqual(server.requests.count, 1)

        let cached = APIClient(transport: URLSessionTransport(configuration: configuration(cache: cache), policy: .init(caching: .configuration)),
                               configuration: .init(timeout: 5))
        let answer = try await cached.response(ProbeEndpoint(), baseURL: server.baseURL)
        XCTAssertEqual(answer.value, Data("cached".utf8))
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(answer.header("ETag"), "\"v1\"")
        XCTAssertEqual(server.requests.count, 1, "answered from the cache")
    }

    /// What a per-status endpoint sees under the cache: the app's own validator goes past the
    /// cache to the server and its 304 comes back as `notModified`; a POST and a stream never
    /// come from the cache.
    func testARequestWithItsOwnValidatorGoesPastTheCacheAndGetsThe304() async throws {
        let server = try localServer { request, connection in
            if request.header("If-None-Match") == "\"v1\"" {
                connection.respond(status: 304, headers: ["ETag": "\"v1\""])
            } else {
                connection.respond(status: 200, headers: ["Content-Type": "text/plain"], body: Data("network".utf8))
            }
        }
        let cache = try cacheHolding("cached", for: server.baseURL.appendingPathComponent("start"))
        let client = APIClient(transport: URLSessionTransport(configuration: configuration(cache: cache), policy: .init(caching: .configuration)),
                               configuration: .init(timeout: 5))

        let conditional = ProbeEndpoint(headers: [HTTPHeader(name: "If-None-Match", value: "\"v1\"")])
        let revalidated = try await client.response(conditional, baseURL: server.baseURL, cases: CachedCases.self)
        XCTAssertEqual(revalidated.value, .notModified)
        XCTAssertEqual(server.requests.last?.header("If-None-Match"), "\"v1\"")
        XCTAssertEqual(server.requests.count, 1)

        let plain = try await client.response(ProbeEndpoint(), baseURL: server.baseURL, cases: CachedCases.self)
        XCTAssertEqual(plain.value, .ok("cached"), "the cache's 200 is the ok case")
        XCTAssertEqual(server.requests.count, 1)

        let posted = try await client.sendString(ProbeEndpoint(method: .post), baseURL: server.baseURL)
        XCTAssertEqual(posted, "network")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try await client.download(ProbeEndpoint(), baseURL: server.baseURL, to: file)
        XCTAssertEqual(try Data(contentsOf: file), Data("network".utf8), "a download (a stream) is never the cache's")
        XCTAssertEqual(server.requests.count, 3)
    }

    func testOnlyUnconditionalGETAndHEADMayComeFromTheCache() {
        func request(_ method: String, _ headers: [String: String] = [:]) -> URLRequest {
            var request = URLRequest(url: URL(string: "https://api.example.com/v1")!)
            request.httpMethod = method
            for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
            return request
        }
        XCTAssertTrue(URLSessionTransport.Caching.cacheMayAnswer(request("GET")))
        XCTAssertTrue(URLSessionTransport.Caching.cacheMayAnswer(request("HEAD", ["Accept": "application/json"])))
        for method in ["POST", "PUT", "PATCH", "DELETE"] {
            XCTAssertFalse(URLSessionTransport.Caching.cacheMayAnswer(request(method)), method)
        }
        for name in URLSessionTransport.Caching.ownValidationHeaders {
            XCTAssertFalse(URLSessionTransport.Caching.cacheMayAnswer(request("GET", [name.lowercased(): "x"])), name)
        }
    }

    // MARK: - Metrics

    /// FoundationNetworking collects no metrics; handed some as Apple's URLSession would, the
    /// delegate gives them to the app's hook with the request the task sent.
    func testMetricsReachTheAppsHookWithTheRequest() throws {
        #if canImport(FoundationNetworking)
        let seen = Recorder<(URLRequest, URLSessionTaskMetrics)>()
        let transport = URLSessionTransport(policy: .init(metrics: { seen.append(($0, $1)) }))
        let delegate = try XCTUnwrap(transport.sessionDelegate)
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        var request = URLRequest(url: URL(string: "https://api.example.com/v1/items")!)
        request.httpMethod = "PUT"
        let task = session.dataTask(with: request)
        let metrics = URLSessionTaskMetrics()
        delegate.urlSession(session, task: task, didFinishCollecting: metrics)
        XCTAssertEqual(seen.values.first?.0.url, request.url)
        XCTAssertEqual(seen.values.first?.0.httpMethod, "PUT")
        XCTAssertTrue(seen.values.first?.1 === metrics)
        // Without a hook nothing is called, and nothing fails.
        try XCTUnwrap(URLSessionTransport().sessionDelegate).urlSession(session, task: task, didFinishCollecting: metrics)
        XCTAssertEqual(seen.count, 1)
        #else
        throw XCTSkip("Apple's URLSession delivers metrics itself.")
        #endif
    }

    // MARK: - Pinning, the platform-neutral half

    static let zeroPin = Data(count: 32).base64EncodedString()

    func testPinsAreChosenByHostExactFirstThenTheLongestWildcard() {
        let a = ServerTrustPolicy.Pin.publicKeySHA256("A"), b = ServerTrustPolicy.Pin.publicKeySHA256("B")
        let c = ServerTrustPolicy.Pin.publicKeySHA256("C")
        let policy = ServerTrustPolicy(pins: ["API.example.com": [a], "*.example.com": [b], "*.cdn.example.com": [c], "empty.example.com": []])
        XCTAssertEqual(policy.decision(forHost: "api.example.com"), .pinned([a]))
        XCTAssertEqual(policy.decision(forHost: "api.EXAMPLE.com."), .pinned([a]))
        XCTAssertEqual(policy.decision(forHost: "www.example.com"), .pinned([b]))
        XCTAssertEqual(policy.decision(forHost: "img.cdn.example.com"), .pinned([c]))
        XCTAssertEqual(policy.decision(forHost: "a.b.example.com"), .pinned([b]))
        XCTAssertEqual(policy.decision(forHost: "example.com"), .systemEvaluation, "a wildcard covers subdomains only")
        XCTAssertEqual(policy.decision(forHost: "evil-example.com"), .systemEvaluation)
        guard case .refused = policy.decision(forHost: "empty.example.com") else { return XCTFail("an empty set of pins refuses") }
        let strict = ServerTrustPolicy(pins: ["api.example.com": [a]], unlistedHosts: .refused)
        guard case .refused = strict.decision(forHost: "example.com") else { return XCTFail("unlisted hosts are refused") }
    }

    /// The `SubjectPublicKeyInfo` read from a certificate is byte for byte what openssl exports
    /// as the public key, for every key type and for a version 1 certificate (no version field).
    func testSubjectPublicKeyInfoIsReadFromCertificatesOfEveryKeyType() throws {
        let openssl = try OpenSSL()
        for key in ["rsa:2048", "rsa:3072", "ec:P-256", "ec:P-384", "ec:P-521", "ed25519", "v1"] {
            let certificate = try openssl.certificate(key)
            XCTAssertEqual(X509.subjectPublicKeyInfo(ofCertificate: certificate.der), certificate.publicKeyDER, key)
            XCTAssertEqual(X509.der(fromDEROrPEM: certificate.pem), certificate.der, key)
            XCTAssertEqual(X509.der(fromDEROrPEM: certificate.der), certificate.der, key)
        }
        let der = try openssl.certificate("ec:P-256").der
        XCTAssertNil(X509.subjectPublicKeyInfo(ofCertificate: der.dropLast()), "cut short")
        XCTAssertNil(X509.subjectPublicKeyInfo(ofCertificate: der + Data([0])), "trailing bytes")
        XCTAssertNil(X509.subjectPublicKeyInfo(ofCertificate: Data("not a certificate".utf8)))
        XCTAssertNil(X509.subjectPublicKeyInfo(ofCertificate: Data([0x30, 0x84, 0xFF, 0xFF, 0xFF, 0xFF])))
        XCTAssertNil(X509.subjectPublicKeyInfo(ofCertificate: Data()))
    }

    /// A chain matches when one of its certificates carries a pinned key (the HPKP pin openssl's
    /// pipeline prints) or is a pinned certificate; nothing else matches, malformed pins never.
    func testPinsMatchAnyCertificateOfTheChainAndNothingElse() throws {
        let openssl = try OpenSSL()
        let (leaf, intermediate) = try openssl.chain()
        let other = try openssl.certificate("ec:P-256")
        let chain = [leaf.der, intermediate.der]
        let sha256 = { (data: Data) in (try? openssl.sha256(data)) ?? Data() }
        func matches(_ pins: Set<ServerTrustPolicy.Pin>) -> Bool { ServerTrustPolicy.chain(chain, matchesAnyOf: pins, sha256: sha256) }

        XCTAssertTrue(matches([.publicKeySHA256(try openssl.pin(of: leaf))]))
        XCTAssertTrue(matches([.publicKeySHA256(try openssl.pin(of: intermediate))]), "a key of the chain above the leaf")
        XCTAssertTrue(matches([.publicKeySHA256(try openssl.pin(of: other)), .publicKeySHA256(try openssl.pin(of: leaf))]), "a backup pin beside")
        XCTAssertFalse(matches([.publicKeySHA256(try openssl.pin(of: other))]))
        XCTAssertTrue(matches([.certificate(leaf.der)]))
        XCTAssertTrue(matches([.certificate(intermediate.pem)]))
        XCTAssertFalse(matches([.certificate(other.der)]))
        XCTAssertFalse(matches([.publicKeySHA256("not base64!"), .publicKeySHA256(Data(count: 20).base64EncodedString()),
                                .publicKeySHA256(Self.zeroPin), .certificate(Data("junk".utf8))]))
        XCTAssertFalse(matches([]))
        XCTAssertFalse(ServerTrustPolicy.chain([], matchesAnyOf: [.certificate(leaf.der)], sha256: sha256))
    }
}

/// The statuses `ProbeEndpoint` is read with in the cache tests, as a generated per-status enum.
private enum CachedCases: StatusDecodable, Equatable {
    case ok(String)
    case notModified

    init?(_ response: ResponseReader) throws(APIError) {
        switch response.status {
        case 200: self = .ok(try response.text())
        case 304: self = .notModified
        default: return nil
        }
    }
}

/// A challenge's sender the delegate never uses (URLSession takes the completion handler's answer).
private final class IgnoringSender: NSObject, URLAuthenticationChallengeSender, @unchecked Sendable {
    func use(_ credential: URLCredential, for challenge: URLAuthenticationChallenge) {}
    func continueWithoutCredential(for challenge: URLAuthenticationChallenge) {}
    func cancel(_ challenge: URLAuthenticationChallenge) {}
    func performDefaultHandling(for challenge: URLAuthenticationChallenge) {}
    func rejectProtectionSpaceAndContinue(with challenge: URLAuthenticationChallenge) {}
}

/// Certificates and pins made by the openssl command, the reference the pinning code is checked against.
private struct OpenSSL {
    struct Certificate {
        var der: Data
        var pem: Data
        /// `openssl x509 -pubkey | openssl pkey -pubin -outform der`: the certificate's SubjectPublicKeyInfo.
        var publicKeyDER: Data
        var file: URL
        var keyFile: URL
    }

    let folder: URL

    init() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") else { throw XCTSkip("openssl is not installed") }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pins-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    @discardableResult
    func run(_ arguments: [String], input: Data? = nil) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let output = Pipe(), inputPipe = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = inputPipe
        try process.run()
        if let input { inputPipe.fileHandleForWriting.write(input) }
        inputPipe.fileHandleForWriting.closeFile()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw POSIXError(.EIO) }
        return data
    }

    /// A self-signed certificate with a new key (`rsa:2048`, `ec:P-256`, `ed25519`), or `v1`: a
    /// version 1 certificate (no version field), or one signed by `issuer`.
    func certificate(_ key: String, issuer: Certificate? = nil, name: String = UUID().uuidString) throws -> Certificate {
        let keyFile = folder.appendingPathComponent("\(name).key"), file = folder.appendingPathComponent("\(name).pem")
        var keyOptions: [String]
        switch key {
        case let rsa where rsa.hasPrefix("rsa:"): keyOptions = ["-newkey", rsa]
        case let ec where ec.hasPrefix("ec:"): keyOptions = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:\(ec.dropFirst(3))"]
        case "v1": keyOptions = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256"]
        default: keyOptions = ["-newkey", key]
        }
        if key == "v1" || issuer != nil {
            let request = folder.appendingPathComponent("\(name).csr").path
            try run(["req", "-new", "-nodes", "-keyout", keyFile.path, "-out", request, "-subj", "/CN=\(name)"] + keyOptions)
            var signing = ["x509", "-req", "-in", request, "-out", file.path, "-days", "1"]
            if let issuer {
                signing += ["-CA", issuer.file.path, "-CAkey", issuer.keyFile.path, "-set_serial", "7"]
            } else {
                signing += ["-signkey", keyFile.path]
            }
            try run(signing)
        } else {
            try run(["req", "-x509", "-nodes", "-keyout", keyFile.path, "-out", file.path, "-subj", "/CN=\(name)", "-days", "1"] + keyOptions)
        }
        let der = try run(["x509", "-in", file.path, "-outform", "DER"])
        let publicKeyPEM = try run(["x509", "-in", file.path, "-pubkey", "-noout"])
        let publicKeyDER = try run(["pkey", "-pubin", "-outform", "DER"], input: publicKeyPEM)
        return Certificate(der: der, pem: try Data(contentsOf: file), publicKeyDER: publicKeyDER, file: file, keyFile: keyFile)
    }

    /// An EC leaf signed by an RSA intermediate CA.
    func chain() throws -> (leaf: Certificate, intermediate: Certificate) {
        let intermediate = try certificate("rsa:2048")
        return (try certificate("ec:P-256", issuer: intermediate), intermediate)
    }

    /// The certificate's HPKP pin by openssl alone: public key → DER → SHA-256 → base64.
    func pin(of certificate: Certificate) throws -> String {
        try sha256(certificate.publicKeyDER).base64EncodedString()
    }

    func sha256(_ data: Data) throws -> Data {
        try run(["dgst", "-sha256", "-binary"], input: data)
    }
}
