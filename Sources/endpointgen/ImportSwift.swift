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

    @OptionGroup var options: ImportOptions

    @Flag(name: .shortAndLong, help: "Also print what was carried in another form (a Bearer header as 'auth: bearer', a body built from the case's values).")
    var verbose: Bool = false

    func run() throws {
        let console = options.console
        let result = ImportSwiftCommand.run(paths: paths, output: options.output)
        var shown = DiagnosticBag()
        shown.append(contentsOf: result.imported.diagnostics)
        if verbose { shown.append(contentsOf: result.imported.notes) }
        console.report(shown.sorted)
        if let summary = result.imported.warningSummary { console.info(summary) }
        if !result.imported.routers.isEmpty { console.info(result.imported.summary) }
        try options.finish("import-swift", failure: result.failure, conflicts: result.conflicts, written: result.written)
        if !result.succeeded { throw ExitCode(Exit.failure) }
    }
}
#endif
