#if ImportSwift
import ArgumentParser
import EndpointGenImportSwift
import EndpointGenKit
import EndpointGenSupport

/// `endpointgen import-swift`: only with the package trait ImportSwift (swift-syntax).
struct ImportSwift: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-swift",
        abstract: "Write specs from an app's Swift networking layer: Moya TargetType enums and Alamofire routers.",
        discussion: """
        Reads the Swift files and folders given (nothing is compiled or run) and writes one spec per router enum: an enum with 'path' and 'method' and either 'task' (Moya's TargetType, or a home-grown copy of it) or 'parameters'/'asURLRequest()' (Alamofire's URLRequestConvertible). Each case becomes an endpoint named after it, its associated values parameters named after their labels (or the names the switches bind), and the Encodable structs it sends models. What cannot be read (a dictionary built by a helper, a custom ParameterEncoding, a path computed at run time) is a warning at its file:line:column that says what to write by hand; the last line counts the cases carried whole, with warnings and left out. A file that does not parse is an error, and the rest still imports. Every spec is checked to load before anything is written; an existing file is never replaced (exit code 1, nothing written). See docs/import-swift.md.
        """
    )

    @Argument(help: ArgumentHelp("Swift files or folders (searched for *.swift).", valueName: "path"))
    var paths: [String]

    @Option(name: .long, help: ArgumentHelp("The folder to write the specs into (created when missing).", valueName: "dir"))
    var output: String = "specs"

    @Flag(name: .shortAndLong, help: "Print only problems, no summary.")
    var quiet: Bool = false

    @Flag(name: .shortAndLong, help: "Also print what was carried in another form (a Bearer header as 'auth: bearer', a body built from the case's values).")
    var verbose: Bool = false

    @Option(name: .long, help: ArgumentHelp("Colored diagnostics: auto (on a terminal), always or never.", valueName: "when"))
    var color: ColorChoice = .auto

    func run() throws {
        let console = Console(color: color, quiet: quiet)
        let result = ImportSwiftCommand.run(paths: paths, output: output)
        var shown = DiagnosticBag()
        shown.append(contentsOf: result.imported.diagnostics)
        if verbose { shown.append(contentsOf: result.imported.notes) }
        console.report(shown.sorted)
        if let summary = result.imported.warningSummary { console.info(summary) }
        if !result.imported.routers.isEmpty { console.info(result.imported.summary) }
        if let failure = result.failure {
            console.error(failure)
            throw ExitCode(Exit.io)
        }
        if !result.conflicts.isEmpty {
            Console.writeError(result.conflicts.map { "\($0): error: file already exists\n" }.joined())
            console.info("Nothing written: import-swift never replaces an existing file.")
            throw ExitCode(Exit.failure)
        }
        if result.written.isEmpty {
            console.info("Nothing written.")
            throw ExitCode(Exit.failure)
        }
        console.info("Wrote \(result.written.joined(separator: ", ")). Next: review them, then 'endpointgen generate'.")
        if !result.succeeded { throw ExitCode(Exit.failure) }
    }
}
#endif
