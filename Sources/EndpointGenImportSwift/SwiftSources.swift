#if ImportSwift
import EndpointGenSupport
import SwiftDiagnostics
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// One Swift file given to import-swift: its display path and bytes.
public struct SwiftSource: Sendable {
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}

/// The limits that keep a hostile or huge input bounded in memory and time. Every walk of the
/// importer follows the syntax tree, whose depth the parser bounds, or counts its steps.
public struct SwiftImportLimits: Sendable {
    /// Bytes of one file; a larger one is an error at its path and is not read.
    public var maxFileSize = 4 << 20
    /// Bytes of all files together.
    public var maxTotalSize = 64 << 20
    /// Files read from the folders given.
    public var maxFiles = 20_000
    /// Brackets (`(`, `[`, `{`) open at once; deeper code is a located error of the parser, so
    /// no walk of a tree can exhaust the stack.
    public var maxNesting = 128
    /// Constants followed from one use to its value (`Constants.API.baseURL` → `Server.host` → …).
    public var maxConstantHops = 32

    public init() {}
}

/// A parsed file: its tree and the converter from positions to `line:column`.
struct ParsedFile {
    var path: String
    var tree: SourceFileSyntax
    var converter: SourceLocationConverter

    func location(of node: some SyntaxProtocol) -> SourceLocation {
        let place = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        return SourceLocation(file: path, line: place.line, column: place.column)
    }
}

/// The parsed files, and where any syntax node of them is.
struct ParsedSources {
    var files: [ParsedFile] = []
    /// Each tree's root, for finding the file of a node.
    private var fileOfRoot: [SyntaxIdentifier: Int] = [:]

    /// Parses every file; one with syntax errors is an error at its first problem (with the
    /// others as notes) and is left out, so the rest still imports.
    static func parse(_ sources: [SwiftSource], limits: SwiftImportLimits, diagnostics: inout DiagnosticBag) -> ParsedSources {
        var parsed = ParsedSources()
        for source in sources {
            let tree = source.bytes.withUnsafeBufferPointer { buffer in
                Parser.parse(source: buffer, maximumNestingLevel: limits.maxNesting)
            }
            let converter = SourceLocationConverter(fileName: source.path, tree: tree)
            let file = ParsedFile(path: source.path, tree: tree, converter: converter)
            if tree.hasError {
                let problems = ParseDiagnosticsGenerator.diagnostics(for: tree).filter { $0.diagMessage.severity == .error }
                let located = problems.prefix(10).map { problem in
                    (problem.diagMessage.message, file.location(of: problem.node))
                }
                let first = located.first ?? ("it does not parse as Swift", SourceLocation(file: source.path, line: 1, column: 1))
                diagnostics.error(
                    "\(first.0): the file is not imported (it does not parse as Swift)", at: first.1,
                    notes: located.dropFirst().map { .note($0.0, at: $0.1) })
                continue
            }
            parsed.fileOfRoot[tree.id] = parsed.files.count
            parsed.files.append(file)
        }
        return parsed
    }

    /// Where `node` is, as `file:line:column`.
    func location(of node: some SyntaxProtocol) -> SourceLocation {
        guard let index = fileOfRoot[node.root.id] else { return SourceLocation(file: "<unknown>", line: 1, column: 1) }
        return files[index].location(of: node)
    }
}
#endif
