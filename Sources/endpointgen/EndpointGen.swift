import ArgumentParser
import EndpointGenCodegen
import EndpointGenKit
import EndpointGenSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Exit codes, documented in `--help` and the README.
enum Exit {
    static let success: Int32 = 0
    /// Spec errors, or `check` found Generated/ out of date.
    static let failure: Int32 = 1
    /// The specs or output folder could not be read or written.
    static let io: Int32 = 2
}

@main
struct EndpointGen: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "endpointgen",
        abstract: "Generate a Swift networking layer (routers, models, services) from YAML API specs.",
        discussion: discussion,
        version: version,
        subcommands: commands,
        defaultSubcommand: Generate.self
    )

    /// The top-level help; the `verify` example only where the command exists.
    static var discussion: String {
        var examples = """
        Reads every *.yaml file of the specs folder (format: docs/spec-format.md) and writes one Router, Service and Models file per spec into the output folder, on the EndpointRuntime library. The folders and options come from endpointgen.yml (in the working folder or above it, up to the package root; see 'endpointgen init') when there is one, and command-line flags override it; without one, run from the repository root, the defaults need no arguments.

        Examples:
          endpointgen                  # same as 'endpointgen generate'
          endpointgen check            # fail if Generated/ is stale (CI)
          endpointgen lint --specs api # validate only
          endpointgen init             # endpointgen.yml, a spec, endpointgen.mk
          endpointgen import-openapi openapi.yaml --output specs
                                       # specs from an OpenAPI 3 document
          endpointgen import-swift Sources/Networking --output specs
                                       # specs from a Moya/Alamofire layer
          endpointgen export-openapi --output openapi.yaml
                                       # an OpenAPI 3.1 document of the specs
        """
        #if Verify
        examples += """

              endpointgen verify --environment staging
                                           # does the server agree with the specs?
            """
        #endif
        return examples + """


        Exit codes: 0 success; 1 spec errors, or 'check' found differences; 2 a folder or file could not be read or written; 64 invalid command-line usage.
        """
    }

    /// The commands; `verify` only with the package trait Verify (not in the static release CLI).
    static var commands: [any ParsableCommand.Type] {
        var commands: [any ParsableCommand.Type] = [Generate.self, Check.self, Lint.self, Init.self, ImportOpenAPI.self, ExportOpenAPI.self]
        #if ImportSwift
        commands.insert(ImportSwift.self, at: commands.firstIndex { $0 == ExportOpenAPI.self } ?? commands.count)
        #else
        commands.insert(ImportSwiftNeedsTheTrait.self, at: commands.firstIndex { $0 == ExportOpenAPI.self } ?? commands.count)
        #endif
        #if Verify
        commands.append(Verify.self)
        #endif
        return commands
    }

    /// ArgumentParser reads every command line. Two usage errors it would let through are
    /// caught first: a mistyped command (`endpointgen chekc`, otherwise read as `generate` with a
    /// stray argument) gets a suggestion, and `help` with an unknown command fails instead of
    /// printing the top-level help; both exit 64 as ArgumentParser's own usage errors do.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let error = unknownCommand(in: arguments) {
            exit(withError: error)
        }
        main(arguments)
    }

    static let commandNames = configuration.subcommands.map { $0.configuration.commandName ?? "" }

    /// The usage error of a first argument that is not a command, or of `help <unknown>`.
    static func unknownCommand(in arguments: [String]) -> ValidationError? {
        guard let first = arguments.first, !first.hasPrefix("-"), !commandNames.contains(first) else { return nil }
        var name = first
        var candidates = commandNames + ["help"]
        if first == "help" {
            guard let command = arguments.dropFirst().first, !command.hasPrefix("-"), !candidates.contains(command) else { return nil }
            name = command
            candidates = commandNames
        }
        guard let match = DidYouMean.suggestion(for: name, among: candidates) else {
            return ValidationError("Unknown command '\(name)'. The commands are \(commandNames.joined(separator: ", ")).")
        }
        return ValidationError("Unknown command '\(name)'. Did you mean '\(match)'?")
    }
}

/// `--specs` and `--config`, which every command that reads specs takes.
struct SpecsOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Folder of *.yaml spec files (default: the configuration's 'specs', else specs).", valueName: "dir"))
    var specs: String?

    @Option(name: .long, help: ArgumentHelp("The configuration file (default: \(ProjectConfiguration.fileName) in this folder or above it, up to the package root).", valueName: "file"))
    var config: String?
}

/// What only `generate` and `check` use: where the code goes and how it is generated. Each one,
/// when given, overrides the configuration file (`RunOptions.resolve`); the defaults are
/// `RunOptions.defaults`.
struct GenerationOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Folder of generated Swift files (default: the configuration's 'output', else Generated).", valueName: "dir"))
    var output: String?

    @Option(name: .customLong("access-level"), help: ArgumentHelp("Access level of generated declarations: public (default), package or internal.", valueName: "level"))
    var accessLevel: AccessLevel?

    @Flag(name: .customLong("completion-handlers"), inversion: .prefixedNo, help: "Also generate completion-handler variants of service methods (default: off).")
    var completionHandlers: Bool?

    @Flag(name: .customLong("mutable-models"), inversion: .prefixedNo, help: "Model properties are 'var' instead of 'let' (default: off).")
    var mutableModels: Bool?

    @Flag(name: .customLong("fakes"), inversion: .prefixedNo, help: "Also generate <Service>ServiceFake, a test double of each service protocol (default: off).")
    var fakes: Bool?

    @Flag(name: .customLong("storage-classes"), inversion: .prefixedNo, help: "Models of 4 or more fields keep them in one private class: smaller release builds of very large APIs (default: off).")
    var storageClasses: Bool?
}

/// How results are printed.
struct ReportingOptions: ParsableArguments {
    @Flag(name: .shortAndLong, help: "Print only diagnostics, no summary line.")
    var quiet: Bool = false

    @Option(name: .long, help: ArgumentHelp("Colored diagnostics: auto (on a terminal), always or never.", valueName: "when"))
    var color: ColorChoice = RunOptions.defaults.color
}

/// The options of `import-openapi` and `import-swift` besides their input and `--verbose`.
struct ImportOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The folder to write the specs into (created when missing).", valueName: "dir"))
    var output: String = "specs"

    @OptionGroup var reporting: ReportingOptions

    var console: Console { Console(color: reporting.color, quiet: reporting.quiet) }

    /// The end of an import: what was written, or why nothing was (no file is ever replaced).
    /// `written` is empty when an error was reported; `note` follows the list of files written.
    func finish(_ command: String, failure: String?, conflicts: [String], written: [String], note: String = "") throws {
        if let failure {
            console.error(failure)
            throw ExitCode(Exit.io)
        }
        if !conflicts.isEmpty {
            Console.writeError(conflicts.map { "\($0): error: file already exists\n" }.joined())
            console.info("Nothing written: \(command) never replaces an existing file.")
            throw ExitCode(Exit.failure)
        }
        guard !written.isEmpty else {
            console.info("Nothing written.")
            throw ExitCode(Exit.failure)
        }
        console.info("Wrote \(written.joined(separator: ", "))\(note). Next: review them, then 'endpointgen generate'.")
    }
}

/// The options of one run: the command line's over the configuration file's over the defaults
/// (`RunOptions.resolve`; lint: no generation options on its command line). A configuration with
/// errors ends the command after reporting them all.
func runOptions(_ specs: SpecsOption, _ generation: GenerationOptions?, _ reporting: ReportingOptions) throws -> RunOptions {
    var commandLine = GenerationSettings(specs: specs.specs)
    if let generation {
        commandLine.output = generation.output
        commandLine.accessLevel = generation.accessLevel
        commandLine.completionHandlers = generation.completionHandlers
        commandLine.mutableModels = generation.mutableModels
        commandLine.fakes = generation.fakes
        commandLine.storageClasses = generation.storageClasses
    }
    let resolved = RunOptions.resolve(commandLine, configuration: specs.config)
    Console(color: reporting.color, quiet: reporting.quiet).report(resolved.diagnostics)
    guard var options = resolved.options else {
        // An unreadable file is an I/O problem (line 0: no place in it); anything else an input error.
        let unreadable = resolved.diagnostics.contains { $0.severity == .error && $0.location?.line == 0 }
        throw ExitCode(unreadable ? Exit.io : Exit.failure)
    }
    options.quiet = reporting.quiet
    options.color = reporting.color
    return options
}

/// The command line of `generate` and `check`, which take the same options.
struct GenerateCheckOptions: ParsableArguments {
    @OptionGroup var specs: SpecsOption
    @OptionGroup var generation: GenerationOptions
    @OptionGroup var reporting: ReportingOptions

    func resolve() throws -> RunOptions {
        try runOptions(specs, generation, reporting)
    }
}

extension RunOptions {
    var pipelineOptions: PipelineOptions {
        // One run per process: let the OS reclaim the large intermediate structures at exit.
        ProcessLifetime.enableKeepingUntilExit()
        // Huge pages for the heap: page faults were a third of a large run's CPU time.
        AllocatorTuning.enableForShortRun()
        return PipelineOptions(
            specsDirectory: specs,
            outputDirectory: output,
            codegen: codegen
        )
    }

    var console: Console { Console(color: color, quiet: quiet) }
}

extension AccessLevel: ExpressibleByArgument {}
extension ColorChoice: ExpressibleByArgument {}

extension ParsableCommand {
    /// Ends `run()` with a command's exit code: ArgumentParser exits with the code of a thrown `ExitCode`.
    func finish(_ code: Int32) throws {
        if code != Exit.success { throw ExitCode(code) }
    }
}

/// Milliseconds since `start`, for summary lines.
func elapsedMilliseconds(since start: ContinuousClock.Instant) -> Int {
    let elapsed = ContinuousClock.now - start
    return Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
}

func plural(_ count: Int, _ word: String) -> String {
    "\(count) \(word)\(count == 1 ? "" : "s")"
}

struct Generate: ParsableCommand {
    // Every command spells its name: without it ArgumentParser derives each name from the type
    // at every start (`String(describing:)` on the metatype: demangling and dynamic casts, 2.7 M
    // instructions of argument parsing; 2.5% of a whole run on a 100-endpoint spec folder).
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate Swift code from the specs (the default command).",
        discussion: "Writes only files whose content changed and removes generated files no spec produces any more. When any spec has an error, nothing is written."
    )

    @OptionGroup var options: GenerateCheckOptions

    func run() throws {
        try finish(Commands.generate(options.resolve()))
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Fail with a diff when the output folder is not what the specs produce.",
        discussion: "Writes nothing. Exit code 0 when current, 1 with a unified diff when stale, so CI can run it."
    )

    @OptionGroup var options: GenerateCheckOptions

    func run() throws {
        try finish(Commands.check(options.resolve()))
    }
}

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check the specs as generate does, without writing anything.",
        discussion: "Prints every error and warning; exit code 1 when any error was found."
    )

    @OptionGroup var specs: SpecsOption
    @OptionGroup var reporting: ReportingOptions

    func run() throws {
        try finish(Commands.lint(runOptions(specs, nil, reporting)))
    }
}

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Start a project: the configuration, a commented starter spec, a Makefile snippet and the folders.",
        discussion: """
        Writes endpointgen.yml (the folders and generation options, which generate, check, lint, the SwiftPM plugins and endpointgen.mk read), specs/example.yaml (lints clean and generates), endpointgen.mk (targets endpoints-generate, endpoints-check, endpoints-lint; include it from your Makefile) and creates specs/ and Generated/. Never replaces anything: when any of these files exists, each one is reported and nothing is written (exit code 1).
        """
    )

    @Option(name: .long, help: ArgumentHelp("The project folder (created when missing).", valueName: "dir"))
    var directory: String = "."

    @Flag(name: .shortAndLong, help: "Print only problems, no summary.")
    var quiet: Bool = false

    func run() throws {
        let console = Console(color: .auto, quiet: quiet)
        let result = ProjectInitializer.run(in: directory)
        if !result.conflicts.isEmpty {
            let lines = result.conflicts.map { "\($0.path): error: \($0.message)\n" }.joined()
            Console.writeError(lines)
            console.info("Nothing written: endpointgen init never replaces an existing file or folder.")
            throw ExitCode(Exit.failure)
        }
        if let failure = result.failure {
            console.error(failure)
            throw ExitCode(Exit.io)
        }
        let created = result.createdDirectories.map { $0 + "/" } + result.written
        let make = result.directory == "." ? "make -f endpointgen.mk" : "make -C \(result.directory) -f endpointgen.mk"
        console.info("""
        Created \(created.joined(separator: ", ")).
        Folders and generation options: endpointgen.yml (flags override it).
        Next:
          1. \(make) endpoints-generate   (or add 'include endpointgen.mk' to your Makefile)
          2. in Package.swift, a target on the output folder:
             .target(name: "API", dependencies: [.product(name: "EndpointRuntime", package: "EndpointGen")], path: "Generated")
        """)
    }
}

struct ImportOpenAPI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-openapi",
        abstract: "Write specs from an OpenAPI 3.0 or 3.1 document (YAML or JSON): one per tag, and schemas.yaml.",
        discussion: """
        A start for an API that already has an OpenAPI document (springdoc's /v3/api-docs, a Swagger UI's source): one spec per tag with its endpoints, parameters, bodies, responses and auth, and schemas.yaml with the component schemas as models. A response wrapper most responses share becomes the service's 'envelope:', the shared error response its 'errorBody:'. What specs cannot express (oneOf/anyOf without a discriminator, cookie parameters, object-valued query parameters, ...) is a warning at its place in the document. Every file is checked to load as a spec before anything is written; an existing file is never replaced (exit code 1, nothing written).
        """
    )

    @Argument(help: ArgumentHelp("The OpenAPI document (.yaml, .yml or .json).", valueName: "document"))
    var document: String

    @OptionGroup var options: ImportOptions

    @Flag(name: .shortAndLong, help: "Also print the names the import changed (schema 'basic-error' becomes model 'BasicError') and the operations paginated by their shape.")
    var verbose: Bool = false

    @Flag(inversion: .prefixedNo, help: "Paginate list operations by their shape: a Link header, page and per_page, a next cursor, Stripe's starting_after (default: on).")
    var detectPagination: Bool = true

    func run() throws {
        let console = options.console
        let result = ImportCommand.run(document: document, output: options.output, recognizesPagination: detectPagination)
        var shown = DiagnosticBag()
        shown.append(contentsOf: result.diagnostics)
        if verbose { shown.append(contentsOf: result.renames) }
        console.report(shown.sorted)
        if let summary = result.warningSummary { console.info(summary) }
        if !result.recognizedPagination.isEmpty {
            let rules = result.recognizedPagination.map { "\($0.count) by \($0.rule)" }.joined(separator: ", ")
            let total = result.recognizedPagination.reduce(0) { $0 + $1.count }
            console.info("Paginated \(total) list operation\(total == 1 ? "" : "s") by their shape (\(rules)); --verbose names them, --no-detect-pagination leaves them unpaginated.")
        }
        let warnings = result.diagnostics.filter { $0.severity == .warning }.count
        try options.finish(
            "import-openapi", failure: result.failure, conflicts: result.conflicts, written: result.succeeded ? result.written : [],
            note: warnings > 0 ? " (\(warnings) warning\(warnings == 1 ? "" : "s") above)" : "")
        if let advice = result.storageClassesAdvice { console.info(advice) }
    }
}

struct ExportOpenAPI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-openapi",
        abstract: "Write an OpenAPI 3.1 document of the specs (YAML, or JSON for a .json output).",
        discussion: """
        The specs are read and checked as 'lint' reads them; the document describes the resolved module: services as tags, endpoints as operations, models as components/schemas, auth as security schemes. What OpenAPI cannot say (envelope keys, timeouts, redirects, cookie sessions, ...) goes into x-endpointgen-* extensions that import-openapi reads back, and a warning names each part OpenAPI cannot express exactly. '--output -' writes to standard output. Nothing is written when a spec has an error.
        """
    )

    @OptionGroup var specs: SpecsOption

    @Option(name: .long, help: ArgumentHelp("The document to write: a .yaml, .yml or .json file, or - for standard output.", valueName: "file"))
    var output: String = "openapi.yaml"

    @Option(name: .long, help: ArgumentHelp("Only this service's endpoints (repeatable; every model is kept). For services with the same routes on different base URLs, which one document cannot hold.", valueName: "name"))
    var service: [String] = []

    @OptionGroup var reporting: ReportingOptions

    func run() throws {
        let console = Console(color: reporting.color, quiet: reporting.quiet || output == "-")
        // The specs folder as generate finds it: --specs, else the configuration's, else specs.
        let options = try runOptions(specs, nil, reporting)
        let result = ExportCommand.run(specs: options.specs, output: output, services: service)
        // Diagnostics go to standard error; with '-' standard output holds only the document.
        console.report(result.diagnostics)
        if result.couldNotReadSpecs { throw ExitCode(Exit.io) }
        if let failure = result.failure {
            console.error(failure)
            throw ExitCode(Exit.io)
        }
        guard result.succeeded else {
            console.info("Nothing written.")
            throw ExitCode(Exit.failure)
        }
        console.info("Wrote \(output).")
    }
}

/// The work of `generate`, `check` and `lint`; each returns the process's exit code.
enum Commands {
    static func generate(_ options: RunOptions) -> Int32 {
        let start = ContinuousClock.now
        let console = options.console
        let result = Pipeline.run(options.pipelineOptions)
        console.report(result.diagnostics)
        if result.couldNotReadSpecs { return Exit.io }
        guard !result.hasErrors else {
            console.info("No files written: \(plural(result.diagnostics.filter { $0.severity == .error }.count, "error")).")
            return Exit.failure
        }
        do {
            // One writer at a time; a run killed before finishes first (its journal completed,
            // its temporary files removed), so the plan compares against one whole generation.
            let lock = OutputWriter.lock(options.output, exclusive: true)
            defer { withExtendedLifetime(lock) {} }
            for repaired in try OutputWriter.repair(options.output) {
                console.report([.warning(repaired, at: SourceLocation(file: options.output, line: 0, column: 0))])
            }
            let plan = try OutputWriter.plan(result.files, in: options.output)
            StageTimes.mark("compare with output folder")
            try OutputWriter.apply(plan)
            StageTimes.mark("write")
            let created = plan.changes.filter { $0.old == nil }.count
            var details = ["\(plan.changes.count) changed"]
            if created > 0 { details.append("\(created) new") }
            if !plan.stale.isEmpty { details.append("\(plan.stale.count) removed") }
            console.info("Generated \(plural(result.files.count, "file")) (\(details.joined(separator: ", "))) from \(plural(result.specCount, "spec")) in \(elapsedMilliseconds(since: start)) ms")
        } catch {
            console.error(error.description)
            return Exit.io
        }
        return Exit.success
    }

    static func check(_ options: RunOptions) -> Int32 {
        let console = options.console
        let result = Pipeline.run(options.pipelineOptions)
        console.report(result.diagnostics)
        if result.couldNotReadSpecs { return Exit.io }
        guard !result.hasErrors else { return Exit.failure }
        let plan: OutputPlan
        let leftovers: OutputWriter.Leftovers
        do {
            let lock = OutputWriter.lock(options.output, exclusive: false)
            defer { withExtendedLifetime(lock) {} }
            leftovers = try OutputWriter.leftovers(in: options.output)
            plan = try OutputWriter.plan(result.files, in: options.output)
        } catch {
            console.error(error.description)
            return Exit.io
        }
        if !leftovers.isEmpty {
            console.report(leftovers.describe(options.output).map { .error($0, at: SourceLocation(file: options.output, line: 0, column: 0)) })
        }
        if plan.isUpToDate, leftovers.isEmpty {
            console.info("\(options.output) is up to date (\(plural(result.files.count, "file")) from \(plural(result.specCount, "spec"))).")
            return Exit.success
        }
        var diff = ""
        for change in plan.changes {
            let path = options.output + "/" + change.file.name
            diff += LineDiff.unified(
                old: change.old ?? "", new: change.file.contents,
                oldName: change.old == nil ? "/dev/null" : "a/" + path, newName: "b/" + path
            )
        }
        for stale in plan.stale {
            let path = options.output + "/" + stale.name
            diff += LineDiff.unified(old: stale.old, new: "", oldName: "a/" + path, newName: "/dev/null")
        }
        print(diff, terminator: "")
        let missing = plan.changes.filter { $0.old == nil }.count
        var parts: [String] = []
        if plan.changes.count - missing > 0 { parts.append("\(plan.changes.count - missing) changed") }
        if missing > 0 { parts.append("\(missing) missing") }
        if !plan.stale.isEmpty { parts.append("\(plan.stale.count) stale") }
        if !leftovers.isEmpty { parts.append("an interrupted run to complete") }
        console.error("\(options.output) is out of date (\(parts.joined(separator: ", "))); run 'endpointgen generate' (make generate) and commit the result")
        return Exit.failure
    }

    static func lint(_ options: RunOptions) -> Int32 {
        let console = options.console
        let result = Pipeline.run(options.pipelineOptions, diagnosticsOnly: true)
        console.report(result.diagnostics)
        if result.couldNotReadSpecs { return Exit.io }
        let errors = result.diagnostics.filter { $0.severity == .error }.count
        let warnings = result.diagnostics.filter { $0.severity == .warning }.count
        if errors == 0, warnings == 0 {
            console.info("Checked \(plural(result.specCount, "spec")): no problems.")
        } else {
            console.info("Checked \(plural(result.specCount, "spec")): \(plural(errors, "error")), \(plural(warnings, "warning")).")
        }
        return errors > 0 ? Exit.failure : Exit.success
    }
}

#if !ImportSwift
/// `import-swift` in a CLI built without the package trait ImportSwift (the plugins', the static
/// release CLI's without it): it says how to get the command instead of "Unknown command".
struct ImportSwiftNeedsTheTrait: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-swift",
        abstract: "Write specs from an app's Moya or Alamofire layer (needs the package trait ImportSwift; see docs/import-swift.md)."
    )

    @Argument(parsing: .captureForPassthrough)
    var arguments: [String] = []

    func run() throws {
        Console.writeError("error: this endpointgen was built without the package trait ImportSwift, which brings import-swift (swift-syntax): run it with 'swift run --package-path <EndpointGen> --traits default,ImportSwift endpointgen import-swift …' (docs/import-swift.md)\n")
        throw ExitCode(Exit.failure)
    }
}
#endif
