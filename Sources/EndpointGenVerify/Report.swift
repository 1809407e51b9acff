import EndpointGenSupport

/// One way the server's answer disagrees with the spec, at the endpoint it concerns.
public struct Finding: Sendable, Hashable {
    public var severity: Severity
    /// `getMovies: 200 response: field 'results[0].poster_url' is missing (required in Movie, specs/movie.yaml:120:7)`.
    public var message: String
    /// The endpoint's place in its spec (its key): where the line is reported.
    public var location: SourceLocation
    /// Where the spec declares what was expected (the model field, the model, the status), when
    /// that is not the endpoint itself.
    public var declaration: SourceLocation?

    public init(_ severity: Severity, _ message: String, at location: SourceLocation, declaration: SourceLocation? = nil) {
        self.severity = severity
        self.message = message
        self.location = location
        self.declaration = declaration
    }

    /// The compiler-style line (`file:line:column: error: message`).
    public var diagnostic: Diagnostic { Diagnostic(severity, message, at: location) }
}

/// What became of one endpoint.
public struct EndpointReport: Sendable {
    public enum Outcome: String, Sendable {
        /// Sent; every answer agrees with the spec (warnings allowed).
        case agrees
        /// Sent; at least one error.
        case differs
        /// Not sent (`skipReason` says why).
        case skipped
    }

    /// Why an endpoint was not sent, as counted in the summary.
    public enum SkipKind: String, Sendable {
        /// POST, PUT, PATCH, DELETE or another method that may change the server, without `--allow-unsafe`.
        case unsafeMethod
        /// A path, query or header parameter, or a body, without a value.
        case missingValue
        /// The endpoint needs a credential the environment does not give.
        case missingCredential
        /// A stream or a download, whose body verify does not read.
        case unsupportedResponse
        /// A body verify cannot build (multipart, a file, raw bytes).
        case unsupportedBody
        /// No base URL for its service (no `--environment` of that name, no `--base-url`).
        case noBaseURL
    }

    /// `Movie.getMovies`.
    public var endpoint: String
    public var method: String
    /// The path as the spec writes it (`/movies/{id}`).
    public var path: String
    public var location: SourceLocation
    public var outcome: Outcome
    /// The URL sent to, with an API key in the query redacted; nil when skipped.
    public var url: String?
    /// The final status, for each request sent (pages after the first included).
    public var statuses: [Int] = []
    public var findings: [Finding] = []
    public var skipKind: SkipKind?
    public var skipReason: String?

    public var errorCount: Int { findings.filter { $0.severity == .error }.count }
    public var warningCount: Int { findings.filter { $0.severity == .warning }.count }
}

/// Everything a run found, in spec order.
public struct VerifyReport: Sendable {
    /// The base URLs requests went to, in the order first used.
    public var baseURLs: [String] = []
    public var endpoints: [EndpointReport] = []

    public init() {}

    public var errorCount: Int { endpoints.reduce(0) { $0 + $1.errorCount } }
    public var warningCount: Int { endpoints.reduce(0) { $0 + $1.warningCount } }
    public var hasErrors: Bool { errorCount > 0 }

    /// Every finding and every skip's note, as compiler-style diagnostics in spec order. Skips for
    /// unsafe methods are only counted (the summary names `--allow-unsafe`): a line each would bury
    /// the findings of a large API.
    public var diagnostics: [Diagnostic] {
        var result: [Diagnostic] = []
        for endpoint in endpoints {
            result += endpoint.findings.map(\.diagnostic)
            if endpoint.outcome == .skipped, endpoint.skipKind != .unsafeMethod, let reason = endpoint.skipReason {
                result.append(.note("\(endpoint.endpoint.split(separator: ".").last ?? ""): not verified: \(reason)", at: endpoint.location))
            }
        }
        return result
    }

    /// `Verified 7 endpoints against https://staging.example.com: 5 agree, 2 differ (3 errors, 1 warning); 4 skipped (unsafe methods; --allow-unsafe)`.
    public var summary: String {
        let sent = endpoints.filter { $0.outcome != .skipped }
        let agree = sent.filter { $0.outcome == .agrees }.count
        let against = baseURLs.count == 1 ? baseURLs[0] : baseURLs.isEmpty ? "no server" : "\(baseURLs.count) base URLs"
        var line = "Verified \(plural(sent.count, "endpoint")) against \(against): \(agree) agree, \(sent.count - agree) differ"
        line += " (\(plural(errorCount, "error")), \(plural(warningCount, "warning")))"
        let skipped = endpoints.filter { $0.outcome == .skipped }
        if !skipped.isEmpty {
            // One reason: as the issue of its kind says it; several: each counted.
            let kinds: [(EndpointReport.SkipKind, alone: String, counted: String)] = [
                (.unsafeMethod, "unsafe methods; --allow-unsafe", "unsafe, --allow-unsafe"),
                (.missingValue, "values missing; --values, --param", "without values, --values or --param"),
                (.missingCredential, "credentials missing; ENDPOINTGEN_VERIFY_*", "without credentials, ENDPOINTGEN_VERIFY_*"),
                (.unsupportedResponse, "streams and downloads", "streams or downloads"),
                (.unsupportedBody, "bodies verify cannot build", "with bodies verify cannot build"),
                (.noBaseURL, "no base URL; --environment, --base-url", "without a base URL, --base-url"),
            ]
            var reasons: [String] = []
            for (kind, alone, counted) in kinds {
                let count = skipped.filter { $0.skipKind == kind }.count
                guard count > 0 else { continue }
                reasons.append(count == skipped.count ? alone : "\(count) \(counted)")
            }
            line += "; \(skipped.count) skipped (\(reasons.joined(separator: "; ")))"
        }
        return line
    }
}

func plural(_ count: Int, _ word: String) -> String {
    "\(count) \(word)\(count == 1 ? "" : "s")"
}
