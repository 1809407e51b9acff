// Only with the package trait Verify (on by default; off in the static release CLI, which has no networking).
#if Verify
import ArgumentParser
import EndpointGenKit
import EndpointGenSupport
import EndpointGenVerify
import Foundation

/// How `verify` prints its report.
enum VerifyFormat: String, ExpressibleByArgument, CaseIterable {
    /// Compiler-style lines on standard error, the summary on standard output.
    case text
    /// One JSON document on standard output.
    case json
}

struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Send the specs' requests to a server and report where its answers disagree with the specs.",
        discussion: """
        Each selected endpoint is sent once, through the runtime's client (its redirect and credential rules, deadline and body limit), and its answer is checked against the resolved spec: the status is declared, the Content-Type is JSON, the envelope and its success flag, every model field (missing, null, type, integer range, date encoding, enum values, oneOf discriminators, arrays and maps) and fields the model does not declare (warnings). Findings are reported at the endpoint's line in its spec, with the model field's place in the message (docs/verify.md).

        Parameters come from --values (a YAML file: 'Service.endpoint: { name: value }', 'Service: { shared parameter: value }', 'body:' for a body) and --param, else from the spec's defaults; an endpoint with a required parameter without a value is skipped with a note. Only GET, HEAD and OPTIONS are sent unless --allow-unsafe.

        Credentials come from the environment, never from a file: ENDPOINTGEN_VERIFY_TOKEN (bearer), ENDPOINTGEN_VERIFY_API_KEY (apiKey, apiKeyQuery), ENDPOINTGEN_VERIFY_USER and ENDPOINTGEN_VERIFY_PASSWORD (basic), ENDPOINTGEN_VERIFY_COOKIE (cookie: the Cookie header value), or --login naming the endpoint that signs in, whose body's values in --values may read ENDPOINTGEN_VERIFY_* variables ("${ENDPOINTGEN_VERIFY_PASSWORD}"). They go only to the base URL's origin and are printed nowhere; an endpoint whose credential is not set is skipped.

        Exit codes: 0 the server agrees (warnings allowed); 1 a finding is an error, or a spec, values or option error; 2 a file could not be read.
        """
    )

    @OptionGroup var specs: SpecsOption

    @Option(name: .long, help: ArgumentHelp("The environment of each service's 'environments:' to verify (default: each service's first).", valueName: "name"))
    var environment: String?

    @Option(name: .customLong("base-url"), help: ArgumentHelp("One base URL for every service, instead of their environments.", valueName: "url"))
    var baseURL: String?

    @Option(name: .long, help: ArgumentHelp("Only this service or endpoint (Movie, Movie.getMovies; repeatable).", valueName: "name"))
    var only: [String] = []

    @Option(name: .long, help: ArgumentHelp("A YAML file of parameter values and bodies (docs/verify.md).", valueName: "file"))
    var values: String?

    @Option(name: .long, help: ArgumentHelp("A parameter value, Service.endpoint.name=value or Service.name=value for a shared one (repeatable; again for an array's next element); wins over --values.", valueName: "assignment"))
    var param: [String] = []

    @Option(name: .long, help: ArgumentHelp("The endpoint that signs in (Service.endpoint), sent first whatever its method; its cookies are the session of auth: cookie endpoints. Its body from --values, credentials as \"${ENDPOINTGEN_VERIFY_…}\".", valueName: "endpoint"))
    var login: String?

    @Flag(name: .customLong("allow-unsafe"), help: "Also send POST, PUT, PATCH, DELETE and other methods that may change the server.")
    var allowUnsafe = false

    @Option(name: .long, help: ArgumentHelp("Write each raw answer to DIR/<Service.endpoint>.http, credential headers redacted.", valueName: "dir"))
    var record: String?

    @Option(name: .long, help: ArgumentHelp("Seconds per request, unless the endpoint sets its own timeout (default: 30).", valueName: "seconds"))
    var timeout: Double = 30

    @Option(name: .long, help: ArgumentHelp("text (compiler-style lines and a summary, the default) or json (one document on standard output).", valueName: "format"))
    var format: VerifyFormat = .text

    @OptionGroup var reporting: ReportingOptions

    func validate() throws {
        guard timeout > 0, timeout.isFinite else { throw ValidationError("--timeout must be a positive number of seconds.") }
        if environment != nil, baseURL != nil { throw ValidationError("Give --environment or --base-url, not both.") }
    }

    func run() throws {
        let options = try runOptions(specs, nil, reporting)
        let console = options.console
        let (sources, readDiagnostics) = Pipeline.readSpecs(in: options.specs)
        if !readDiagnostics.isEmpty {
            console.report(readDiagnostics)
            throw ExitCode(Exit.io)
        }
        var verifyOptions = VerifyOptions()
        verifyOptions.environment = environment
        verifyOptions.baseURL = baseURL
        verifyOptions.only = only
        verifyOptions.allowsUnsafe = allowUnsafe
        verifyOptions.recordDirectory = record
        verifyOptions.timeout = timeout
        verifyOptions.login = login
        let environment = ProcessInfo.processInfo.environment
        let outcome = VerifyCommand.run(
            sources: sources, valuesFile: values, params: param,
            credentials: VerifyCredentials.from(environment: environment), options: verifyOptions, environment: environment)
        console.report(outcome.diagnostics)
        if outcome.couldNotRead { throw ExitCode(Exit.io) }
        guard let report = outcome.report else { throw ExitCode(Exit.failure) }
        switch format {
        case .json:
            print(report.json, terminator: "")
        case .text:
            console.report(report.diagnostics)
            console.info(report.summary)
        }
        try finish(outcome.hasErrors ? Exit.failure : Exit.success)
    }
}
#endif
