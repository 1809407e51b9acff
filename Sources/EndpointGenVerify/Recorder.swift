import EndpointRuntime
import Foundation

/// `--record DIR`: each answer as it came, one file per request (`Movie.getMovies.http`): the
/// request line, the status, the header fields with credentials redacted as `LoggingPlugin`
/// redacts them, and the body, so that a drift can be reviewed and turned into a sample.
final class Recorder: @unchecked Sendable {
    let directory: String
    /// Why the last answer could not be written, if it could not.
    private(set) var failure: String?

    init(directory: String) {
        self.directory = directory
    }

    func record(_ answer: RawAnswer, request: PlannedRequest, name: String, url: String?) {
        failure = nil
        var redacted = LoggingPlugin.defaultRedactedHeaders
        if case .apiKey(let header) = request.auth { redacted.insert(header.lowercased()) }
        for header in request.credentialHeaders { redacted.insert(header.lowercased()) }
        var text = "\(request.method.rawValue) \(url ?? "")\nHTTP \(answer.status)\n"
        for (field, value) in answer.headers.sorted(by: { $0.key.lowercased() < $1.key.lowercased() }) {
            text += "\(field): \(redacted.contains(field.lowercased()) ? "<redacted>" : value)\n"
        }
        var data = Data((text + "\n").utf8)
        data.append(answer.body)
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: directory).appendingPathComponent(name + ".http"), options: .atomic)
        } catch {
            failure = "cannot write into '\(directory)': \(error.localizedDescription)"
        }
    }
}
