#if ImportSwift
import EndpointGenSupport
import SwiftDiagnostics
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

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

/// The depth of `(`, `[` and `{` in Swift text, outside string literals and comments, in one
/// pass. An interpolation's brackets are read as the string's (not counted): only a depth past
/// the limit matters, and the parser checks what this lets through.
enum NestingScan {
    /// Where the bracket that goes past `limit` opens, nil when none does.
    static func firstTooDeep(_ bytes: [UInt8], limit: Int) -> (line: Int, column: Int)? {
        var depth = 0, line = 1, lineStart = 0, index = 0
        let count = bytes.count
        func at(_ offset: Int) -> UInt8 { offset < count ? bytes[offset] : 0 }
        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                lineStart = index + 1
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > limit { return (line, index - lineStart + 1) }
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth = max(0, depth - 1)
            case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "/"):
                while index < count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "*"):
                var comments = 0
                repeat {
                    if at(index) == UInt8(ascii: "/"), at(index + 1) == UInt8(ascii: "*") { comments += 1; index += 2; continue }
                    if at(index) == UInt8(ascii: "*"), at(index + 1) == UInt8(ascii: "/") { comments -= 1; index += 2; continue }
                    if at(index) == UInt8(ascii: "\n") { line += 1; lineStart = index + 1 }
                    index += 1
                } while comments > 0 && index < count
                continue
            case UInt8(ascii: "\""):
                let triple = at(index + 1) == UInt8(ascii: "\"") && at(index + 2) == UInt8(ascii: "\"")
                index += triple ? 3 : 1
                while index < count {
                    let inner = bytes[index]
                    if inner == UInt8(ascii: "\\") { index += 2; continue }
                    if inner == UInt8(ascii: "\n") {
                        line += 1
                        lineStart = index + 1
                        if !triple { break }
                    }
                    if inner == UInt8(ascii: "\""), !triple || (at(index + 1) == UInt8(ascii: "\"") && at(index + 2) == UInt8(ascii: "\"")) {
                        index += triple ? 3 : 1
                        break
                    }
                    index += 1
                }
                continue
            default:
                break
            }
            index += 1
        }
        return nil
    }
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
    static func parse(_ sources: [SourceFile], limits: SwiftImportLimits, diagnostics: inout DiagnosticBag) -> ParsedSources {
        var parsed = ParsedSources()
        for source in sources {
            // Past the limit the parser recovers token by token (about 7 µs a byte): a file nested
            // that deep is refused after one pass over its bytes instead.
            if let deep = NestingScan.firstTooDeep(source.bytes, limit: limits.maxNesting) {
                diagnostics.error("code nested deeper than \(limits.maxNesting) brackets: the file is not imported",
                                  at: SourceLocation(file: source.path, line: deep.line, column: deep.column))
                continue
            }
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
