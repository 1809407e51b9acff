import EndpointGenSpec
import EndpointGenSupport
import EndpointRuntime
import Foundation

/// What `endpointgen verify` is asked to do.
public struct VerifyOptions: Sendable {
    /// The environment of each service (`environments:`); nil takes each service's first.
    public var environment: String?
    /// One base URL for every service, instead of their environments.
    public var baseURL: String?
    /// `Service` or `Service.endpoint` names; empty for all.
    public var only: [String] = []
    /// Sends POST, PUT, PATCH, DELETE and other methods too.
    public var allowsUnsafe = false
    /// A folder the raw answers are written to (headers with credentials redacted).
    public var recordDirectory: String?
    /// Seconds per request (an endpoint's own `timeout:` wins).
    public var timeout: Double = 30
    /// The largest body read, in bytes: larger ones fail as the runtime fails them.
    public var maxResponseSize = 8 << 20
    /// The transport (tests); nil uses the runtime's default one.
    public var transport: (any HTTPTransport)?
    /// `Service.endpoint` that signs in (`--login`): sent first, whatever its method, with its
    /// values; the cookies it sets are the session of the `auth: cookie` endpoints (unless
    /// `ENDPOINTGEN_VERIFY_COOKIE` gives one).
    public var login: String?

    public init() {}
}

/// Sends the specs' requests to a server and reports, per endpoint, where its answers disagree
/// with the spec. Requests go one at a time, in spec order, through the runtime's `APIClient`:
/// its transport, redirect and credential rules, deadline and body limit.
public enum Verifier {
    /// Problems with the options before anything is sent: `--only` names that match nothing,
    /// an `--environment` a service does not have, a `--base-url` that is not one.
    public static func validate(_ module: SpecModule, options: VerifyOptions) -> [Diagnostic] {
        var diagnostics = DiagnosticBag()
        let services = module.files.compactMap(\.service)
        let names = services.map(\.name) + services.flatMap { service in service.endpoints.map { "\(service.name).\($0.name)" } }
        if let login = options.login, endpoint(named: login, in: services) == nil {
            let endpoints = services.flatMap { service in service.endpoints.map { "\(service.name).\($0.name)" } }
            let hint = DidYouMean.suggestion(for: login, among: endpoints).map { "; did you mean '\($0)'?" } ?? ""
            diagnostics.error("--login '\(login)' names no endpoint of the specs (Service.endpoint)\(hint)", at: nil)
        }
        for name in options.only where !names.contains(name) {
            let hint = DidYouMean.suggestion(for: name, among: names).map { "; did you mean '\($0)'?" } ?? ""
            diagnostics.error("--only '\(name)' names no service or endpoint of the specs\(hint)", at: nil)
        }
        if let base = options.baseURL {
            if URL(string: base)?.host == nil || !(base.hasPrefix("http://") || base.hasPrefix("https://")) {
                diagnostics.error("--base-url '\(base)' is not an http or https URL", at: nil)
            }
        } else if let environment = options.environment {
            for service in selected(services, options.only) {
                guard case .environments(let environments) = service.baseURL, !environments.contains(where: { $0.name == environment }) else { continue }
                let known = environments.map(\.name)
                let hint = DidYouMean.suggestion(for: environment, among: known).map { "did you mean '\($0)'? " } ?? ""
                diagnostics.error("\(service.name) has no environment '\(environment)' (\(hint)it has \(known.joined(separator: ", ")))", at: service.location)
            }
        }
        return diagnostics.sorted
    }

    /// Verifies every selected endpoint; `log` gets a line as each one is sent (for `--verbose`).
    public static func run(_ module: SpecModule, values: RequestValues, credentials: VerifyCredentials, options: VerifyOptions) async -> VerifyReport {
        var report = VerifyReport()
        // A login's cookies, unless the environment gives the session itself.
        let jar = options.login != nil && credentials.cookie == nil ? LoginJar() : nil
        let client = APIClient(
            transport: options.transport ?? APIClient.defaultTransport(),
            authentication: credentials.authentication(jar: jar),
            configuration: APIClient.Configuration(timeout: options.timeout, maxResponseSize: options.maxResponseSize))
        var planner = RequestPlanner(values: values, credentials: credentials, allowsUnsafe: options.allowsUnsafe)
        let recorder = options.recordDirectory.map(Recorder.init)
        let models = module.modelsByName
        let services = module.files.compactMap(\.service)
        var loginReport: EndpointReport?
        if let login = options.login, let (service, endpoint) = endpoint(named: login, in: services) {
            var entry = EndpointReport(endpoint: login, method: endpoint.method.rawValue, path: endpoint.path, location: endpoint.location, outcome: .skipped)
            if let base = baseURL(of: service, options) {
                let plan = planner.plan(endpoint, of: service, isLogin: true)
                await exchange(plan, endpoint: endpoint, service: service, base: base, client: client, models: models,
                               recorder: recorder, report: &report, into: &entry)
            } else {
                entry.skipKind = .noBaseURL
                entry.skipReason = "\(service.name) has no base URL (give --base-url)"
            }
            let status = entry.statuses.first
            if entry.outcome == .skipped {
                planner.loginFailure = "the login (\(login)) was not sent: \(entry.skipReason ?? "")"
            } else if let status, (200..<300).contains(status), !(jar?.isEmpty ?? false) {
                planner.signedIn = true
            } else {
                let what = status.map { (200..<300).contains($0) ? "set no cookie" : "answered \($0)" } ?? "failed"
                planner.loginFailure = "the login (\(login)) \(what), so there is no session to send"
                entry.findings.append(Finding(.error, "\(endpoint.name): the login \(what): the auth: cookie endpoints are skipped", at: endpoint.location))
                entry.outcome = .differs
            }
            loginReport = entry
            // Reported first when --only leaves it out; else at its place in the spec.
            if !isSelected(service, endpoint, options.only) { report.endpoints.append(entry) }
        }
        for service in selected(services, options.only) {
            let base = baseURL(of: service, options)
            for endpoint in service.endpoints where isSelected(service, endpoint, options.only) {
                if let loginReport, loginReport.endpoint == "\(service.name).\(endpoint.name)" {
                    report.endpoints.append(loginReport)
                    continue
                }
                var entry = EndpointReport(endpoint: "\(service.name).\(endpoint.name)", method: endpoint.method.rawValue,
                                           path: endpoint.path, location: endpoint.location, outcome: .skipped)
                guard let base else {
                    entry.skipKind = .noBaseURL
                    entry.skipReason = "\(service.name) has no base URL (give --base-url)"
                    report.endpoints.append(entry)
                    continue
                }
                await exchange(planner.plan(endpoint, of: service), endpoint: endpoint, service: service, base: base, client: client,
                               models: models, recorder: recorder, report: &report, into: &entry)
                report.endpoints.append(entry)
            }
        }
        return report
    }

    /// Sends a planned request (or records why it is not sent) and checks its answer, and the
    /// next page of a paginated endpoint, into `entry`.
    static func exchange(_ plan: Result<PlannedRequest, Skip>, endpoint: SpecEndpoint, service: Service, base: URL, client: APIClient,
                         models: [String: Model], recorder: Recorder?, report: inout VerifyReport, into entry: inout EndpointReport) async {
        let request: PlannedRequest
        switch plan {
        case .failure(let skip):
            entry.skipKind = skip.kind
            entry.skipReason = skip.reason
            return
        case .success(let planned):
            request = planned
        }
        if !report.baseURLs.contains(base.absoluteString) { report.baseURLs.append(base.absoluteString) }
        entry.url = (try? client.makeRequest(request, baseURL: base))?.url?.absoluteString
        let checker = ResponseChecker(endpoint: endpoint, service: service, models: models, checksBody: endpoint.method != .head)
        do throws(APIError) {
            let response = try await client.response(request, baseURL: base, cases: RawAnswer.self)
            var answer = response.value
            answer.url = response.url
            entry.statuses.append(answer.status)
            entry.findings += checker.check(answer)
            recorder?.record(answer, request: request, name: entry.endpoint, url: entry.url)
            if let pagination = endpoint.pagination, let payload = checker.payload(of: answer) {
                await followPage(NextPage(endpoint: endpoint, pagination: pagination), after: request, base: base, answer: answer,
                                 payload: payload, checker: checker, client: client, recorder: recorder, into: &entry)
            }
        } catch {
            entry.findings.append(Finding(.error, "\(endpoint.name): the request failed: \(error.description)", at: endpoint.location))
        }
        entry.outcome = entry.errorCount > 0 ? .differs : .agrees
        if let failure = recorder?.failure {
            entry.findings.append(Finding(.warning, "\(endpoint.name): the answer was not recorded: \(failure)", at: endpoint.location))
        }
    }

    /// The service and endpoint of `Service.endpoint`.
    static func endpoint(named name: String, in services: [Service]) -> (Service, SpecEndpoint)? {
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2, let service = services.first(where: { $0.name == parts[0] }),
              let endpoint = service.endpoints.first(where: { $0.name == parts[1] }) else { return nil }
        return (service, endpoint)
    }

    /// The second page of a paginated endpoint, found as `paginate:` declares it and checked as
    /// the first was; what the first page already showed is not repeated.
    static func followPage(_ pages: NextPage, after request: PlannedRequest, base: URL, answer: RawAnswer, payload: JSONDocument,
                           checker: ResponseChecker, client: APIClient, recorder: Recorder?, into entry: inout EndpointReport) async {
        let endpoint = pages.endpoint
        let declaration = pages.pagination.location
        switch pages.step(after: request, base: base, answer: answer, payload: payload) {
        case .end:
            return
        case .broken(let reason, let severity):
            entry.findings.append(Finding(severity, "\(endpoint.name): pagination: \(reason)", at: endpoint.location, declaration: declaration))
        case .next(let next, let nextBase, let how):
            var pageChecker = checker
            pageChecker.label = "page 2 (\(how))"
            do throws(APIError) {
                let response = try await client.response(next, baseURL: nextBase, cases: RawAnswer.self)
                var second = response.value
                second.url = response.url
                entry.statuses.append(second.status)
                let seen = Set(entry.findings.map { comparable($0.message, prefix: checker.prefix) })
                entry.findings += pageChecker.check(second).filter { !seen.contains(comparable($0.message, prefix: pageChecker.prefix)) }
                let url = (try? client.makeRequest(next, baseURL: nextBase))?.url?.absoluteString
                recorder?.record(second, request: next, name: entry.endpoint + ".page2", url: url)
                if let nextPayload = pageChecker.payload(of: second), let items = pages.items(of: payload), !items.isEmpty,
                   pages.items(of: nextPayload) == items {
                    entry.findings.append(Finding(.error, "\(endpoint.name): pagination: page 2 (\(how)) has the first page's items again: the server does not page as declared",
                                                  at: endpoint.location, declaration: declaration))
                }
            } catch {
                entry.findings.append(Finding(.error, "\(endpoint.name): page 2 (\(how)): the request failed: \(error.description)",
                                              at: endpoint.location, declaration: declaration))
            }
        }
    }

    /// A message without its endpoint prefix and repeat count, to tell whether page 2 shows
    /// something new.
    static func comparable(_ message: String, prefix: String) -> String {
        var text = message.hasPrefix(prefix) ? String(message.dropFirst(prefix.count)) : message
        if let more = text.range(of: "; and ", options: .backwards), text.hasSuffix(" more like it") {
            text = String(text[..<more.lowerBound])
        }
        return text
    }

    static func selected(_ services: [Service], _ only: [String]) -> [Service] {
        guard !only.isEmpty else { return services }
        return services.filter { service in only.contains { $0 == service.name || $0.hasPrefix(service.name + ".") } }
    }

    static func isSelected(_ service: Service, _ endpoint: SpecEndpoint, _ only: [String]) -> Bool {
        only.isEmpty || only.contains(service.name) || only.contains("\(service.name).\(endpoint.name)")
    }

    /// `--base-url`, else the service's environment of that name (its first without one), else its `baseURL`.
    static func baseURL(of service: Service, _ options: VerifyOptions) -> URL? {
        if let base = options.baseURL { return URL(string: base) }
        switch service.baseURL {
        case .none: return nil
        case .url(let url): return URL(string: url)
        case .environments(let environments):
            let chosen = options.environment.flatMap { name in environments.first { $0.name == name } } ?? environments.first
            return chosen.flatMap { URL(string: $0.url) }
        }
    }

    /// Runs `operation` to its end from synchronous code (the command line's `run()`).
    public static func runBlocking<Value: Sendable>(_ operation: @escaping @Sendable () async -> Value) -> Value {
        let box = ResultBox<Value>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            box.value = await operation()
            done.signal()
        }
        done.wait()
        return box.value!
    }
}

private final class ResultBox<Value>: @unchecked Sendable {
    var value: Value?
}
