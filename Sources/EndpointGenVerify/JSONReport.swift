import EndpointGenSupport
import Foundation

extension VerifyReport {
    /// `--format json`: the report for tools, keys sorted, one document.
    ///
    /// ```json
    /// { "baseURLs": [...], "endpoints": [{ "endpoint": "Movie.getMovies", "outcome": "differs",
    ///   "findings": [{ "severity": "error", "message": "...", "file": "specs/movie.yaml", "line": 38,
    ///   "column": 5, "declaration": { "file": ..., "line": ..., "column": ... } }], ... }],
    ///   "summary": { "endpoints": 11, "agree": 5, "differ": 2, "skipped": 4, "errors": 3, "warnings": 1 } }
    /// ```
    public var json: String {
        let document = Document(
            baseURLs: baseURLs,
            endpoints: endpoints.map { entry in
                Document.Entry(
                    endpoint: entry.endpoint, method: entry.method, path: entry.path, file: entry.location.file,
                    line: entry.location.line, column: entry.location.column, outcome: entry.outcome.rawValue,
                    url: entry.url, statuses: entry.statuses, skipKind: entry.skipKind?.rawValue, skipReason: entry.skipReason,
                    findings: entry.findings.map { finding in
                        Document.Finding(
                            severity: finding.severity.rawValue, message: finding.message, file: finding.location.file,
                            line: finding.location.line, column: finding.location.column,
                            declaration: finding.declaration.map { Document.Place(file: $0.file, line: $0.line, column: $0.column) })
                    })
            },
            summary: Document.Summary(
                endpoints: endpoints.count, agree: endpoints.filter { $0.outcome == .agrees }.count,
                differ: endpoints.filter { $0.outcome == .differs }.count, skipped: endpoints.filter { $0.outcome == .skipped }.count,
                errors: errorCount, warnings: warningCount, line: summary))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private struct Document: Encodable {
        struct Place: Encodable {
            var file: String
            var line: Int
            var column: Int
        }

        struct Finding: Encodable {
            var severity: String
            var message: String
            var file: String
            var line: Int
            var column: Int
            var declaration: Place?
        }

        struct Entry: Encodable {
            var endpoint: String
            var method: String
            var path: String
            var file: String
            var line: Int
            var column: Int
            var outcome: String
            var url: String?
            var statuses: [Int]
            var skipKind: String?
            var skipReason: String?
            var findings: [Finding]
        }

        struct Summary: Encodable {
            var endpoints: Int
            var agree: Int
            var differ: Int
            var skipped: Int
            var errors: Int
            var warnings: Int
            var line: String
        }

        var baseURLs: [String]
        var endpoints: [Entry]
        var summary: Summary
    }
}
