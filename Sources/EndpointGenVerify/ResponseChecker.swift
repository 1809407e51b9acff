import EndpointGenSpec
import EndpointGenSupport
import EndpointRuntime
import Foundation

/// A final response as it came: what `APIClient` hands over after redirects, the 401 retry and
/// its limits, whatever the status.
struct RawAnswer: StatusDecodable {
    var status: Int
    var headers: [String: String]
    var body: Data
    /// The URL that answered (after redirects), set by the caller.
    var url: URL?

    init?(_ response: ResponseReader) throws(APIError) {
        status = response.status
        headers = response.headers
        body = response.body
    }

    init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    func header(_ name: String) -> String? {
        if let value = headers[name] { return value }
        return headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    /// `application/json` of `application/json; charset=utf-8`.
    var mediaType: String? {
        header("Content-Type").map { $0.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? "" }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    }
}

/// Judges one answer of an endpoint against the resolved spec: whether its status is declared,
/// its `Content-Type`, the envelope of a 2xx body and its `success` flag, and the body against
/// the response type (`ShapeChecker`). Every finding is reported at the endpoint's place.
struct ResponseChecker {
    let endpoint: SpecEndpoint
    let service: Service
    let models: [String: Model]
    /// HEAD answers have no body to check.
    var checksBody = true
    /// Which request of the endpoint this is, when not its first (`page 2 (page=2)`).
    var label: String?

    /// `getMovies: ` or `getMovies: page 2 (page=2): `, before every message.
    var prefix: String { label.map { "\(endpoint.name): \($0): " } ?? "\(endpoint.name): " }

    func check(_ answer: RawAnswer) -> [Finding] {
        var findings: [Finding] = []
        let status = answer.status
        let success = (200..<300).contains(status)
        let response: SpecResponse
        if endpoint.responses.isEmpty {
            if success || (!endpoint.followsRedirects && (300..<400).contains(status)) {
                response = endpoint.response
            } else {
                findings.append(error("status \(status) is not a success (response: \(Self.spelling(endpoint.response)))\(serverMessage(answer))"))
                findings += errorBodyFindings(answer)
                return findings
            }
        } else {
            guard let entry = Self.entry(for: status, in: endpoint.responses) else {
                let listed = endpoint.responses.map(\.status.spelling).joined(separator: ", ")
                findings.append(error("status \(status) is not declared (responses: \(listed))\(serverMessage(answer))",
                                      declaration: endpoint.responsesLocation))
                findings += errorBodyFindings(answer)
                return findings
            }
            response = entry.response
        }
        guard checksBody else { return findings }
        let envelope = success ? endpoint.envelope : nil
        switch response {
        case .empty:
            if let envelope, envelope.success != nil, !answer.body.isEmpty, case .success(let document)? = parsed(answer, into: &findings, quiet: true) {
                findings += envelopeFindings(document, envelope, payload: nil, status: status)
            }
        case .json(let type):
            guard let document = parse(answer, into: &findings, expecting: type.specSpelling) else { return findings }
            if let envelope {
                findings += envelopeFindings(document, envelope, payload: type, status: status)
            } else {
                findings += shapeFindings(document, type, path: "", status: status)
            }
        case .envelope(let type):
            guard let document = parse(answer, into: &findings, expecting: "Envelope<\(type.specSpelling)>") else { return findings }
            if let format = endpoint.envelope {
                findings += envelopeFindings(document, format, payload: type, status: status)
            }
        case .string:
            if String(data: answer.body, encoding: .utf8) == nil {
                findings.append(error("\(status) response: the body is not UTF-8 text (response: String)"))
            }
        case .data, .stream, .download:
            break
        }
        return findings
    }

    /// A 2xx body as the app's model sees it: unwrapped from the envelope when the endpoint has
    /// one; nil when it is not JSON, has no payload, or its envelope says it failed.
    func payload(of answer: RawAnswer) -> JSONDocument? {
        guard (200..<300).contains(answer.status), case .success(let document) = JSONDocument.parse(Array(answer.body)) else { return nil }
        guard let envelope = endpoint.envelope else { return document }
        // An envelope that says it failed is the app's `.envelope` error, not a page to follow.
        if let key = envelope.success, case .bool(false)? = document[key] { return nil }
        return document[envelope.payload]
    }

    /// The entry of `responses:` a status picks: its code, else its class, else `default`.
    static func entry(for status: Int, in responses: [StatusResponse]) -> StatusResponse? {
        responses.first { $0.status == .code(status) }
            ?? responses.first { $0.status == .range(status / 100) }
            ?? responses.first { $0.status == .other }
    }

    // MARK: - Parts

    /// The body as JSON, or a finding saying why it is not; a `Content-Type` that is not JSON is a
    /// warning when the body still reads (the app decodes it), an error with it when it does not.
    private func parsed(_ answer: RawAnswer, into findings: inout [Finding], expecting: String = "", quiet: Bool = false) -> Result<JSONDocument, JSONParseError>? {
        let status = answer.status
        let mediaType = answer.mediaType
        let isJSON = mediaType.map { $0 == "application/json" || $0 == "text/json" || $0.hasSuffix("+json") } ?? false
        let result = JSONDocument.parse(Array(answer.body))
        if quiet { return result }
        switch result {
        case .success:
            if !isJSON {
                let shown = answer.header("Content-Type").map { "is '\($0)'" } ?? "is missing"
                findings.append(warning("\(status) response: Content-Type \(shown), expected application/json"))
            }
            return result
        case .failure(let failure):
            if answer.body.isEmpty {
                findings.append(error("\(status) response: the body is empty, expected \(expecting)"))
            } else {
                let type = answer.header("Content-Type").map { " (Content-Type: \($0))" } ?? ""
                findings.append(error("\(status) response: the body is not JSON\(type): \(failure.reason) at byte \(failure.offset): \"\(BodyText.preview(answer.body))\""))
            }
            return nil
        }
    }

    /// Wraps `parse` for callers that only want the document.
    private func parse(_ answer: RawAnswer, into findings: inout [Finding], expecting: String) -> JSONDocument? {
        guard case .success(let document)? = parsed(answer, into: &findings, expecting: expecting, quiet: false) else { return nil }
        return document
    }

    /// The envelope's shape and flag as the runtime reads them, then the payload against `payload`.
    private func envelopeFindings(_ document: JSONDocument, _ format: SpecEnvelope, payload: TypeRef?, status: Int) -> [Finding] {
        guard case .object = document else {
            return [error("\(status) response: the body is \(document.kind), not the envelope (an object with '\(format.payload)')")]
        }
        var findings: [Finding] = []
        if let key = format.success {
            switch document[key] {
            case nil:
                findings.append(warning("\(status) response: the envelope has no '\(key)'"))
            case .bool(false)?:
                let code = format.code.flatMap { document[$0] }.map { " (\(format.code!): \($0.scalarText))" } ?? ""
                let message = format.message.flatMap { document[$0] }.map { ": \($0.scalarText)" } ?? ""
                findings.append(error("\(status) response: the envelope's '\(key)' is false\(code)\(message)"))
                return findings
            case .bool(true)?, .null?:
                break
            case let other?:
                findings.append(error("\(status) response: the envelope's '\(key)' is \(other.kind), expected a Boolean"))
            }
        }
        if let key = format.code, let value = document[key] {
            if case .object = value { findings.append(error("\(status) response: the envelope's '\(key)' is an object, expected a string or a number")) }
            if case .array = value { findings.append(error("\(status) response: the envelope's '\(key)' is an array, expected a string or a number")) }
        }
        if let key = format.message, let value = document[key], value != .null {
            if case .string = value {} else {
                findings.append(error("\(status) response: the envelope's '\(key)' is \(value.kind), expected a string"))
            }
        }
        guard let payload else { return findings }
        guard let value = document[format.payload] else {
            if !payload.isOptional {
                findings.append(error("\(status) response: field '\(format.payload)' is missing (the envelope's payload, \(payload.specSpelling))"))
            }
            return findings
        }
        return findings + shapeFindings(value, payload, path: format.payload, status: status)
    }

    private func shapeFindings(_ value: JSONDocument, _ type: TypeRef, path: String, status: Int) -> [Finding] {
        var checker = ShapeChecker(models: models, serviceDates: service.dateEncoding)
        checker.check(value, type, path: path)
        return checker.issues.map { issue in
            let more = issue.more > 0 ? "; and \(issue.more) more like it" : ""
            return Finding(issue.severity, "\(prefix)\(status) response: \(issue.text)\(more)", at: endpoint.location, declaration: issue.declaration)
        }
    }

    /// An undeclared or failed status's body against the service's `errorBody.model`.
    private func errorBodyFindings(_ answer: RawAnswer) -> [Finding] {
        guard checksBody, !answer.body.isEmpty, let model = service.errorBody?.model,
              case .success(let document) = JSONDocument.parse(Array(answer.body))
        else { return [] }
        return shapeFindings(document, .model(model), path: "", status: answer.status).map { finding in
            var finding = finding
            finding.message = finding.message.replacingOccurrences(of: "\(answer.status) response:", with: "\(answer.status) error body:")
            return finding
        }
    }

    /// `: "Not found"`: the server's own words, from `errorBody.message`, else the body's start.
    private func serverMessage(_ answer: RawAnswer) -> String {
        if let key = service.errorBody?.message, case .success(let document) = JSONDocument.parse(Array(answer.body)) {
            var current: JSONDocument? = document
            for part in key.split(separator: ".") { current = current?[String(part)] }
            if case .string(let text)? = current { return ": \"\(BodyText.preview(Data(text.utf8)))\"" }
        }
        return answer.body.isEmpty ? "" : ": \"\(BodyText.preview(answer.body))\""
    }

    private func error(_ text: String, declaration: SourceLocation? = nil) -> Finding {
        Finding(.error, prefix + text, at: endpoint.location, declaration: declaration)
    }

    private func warning(_ text: String) -> Finding {
        Finding(.warning, prefix + text, at: endpoint.location)
    }

    static func spelling(_ response: SpecResponse) -> String {
        switch response {
        case .empty: return "empty"
        case .json(let type): return type.specSpelling
        case .envelope(let type): return "Envelope<\(type.specSpelling)>"
        case .data: return "Data"
        case .string: return "String"
        case .stream(let format, let type): return "\(format.typeName)<\(type.specSpelling)>"
        case .download: return "File"
        }
    }
}

/// The start of a body for a message: at most 80 characters of its UTF-8 text, on one line.
enum BodyText {
    static func preview(_ body: Data, limit: Int = 80) -> String {
        let text = String(decoding: body.prefix(limit * 4), as: UTF8.self)
        let line = text.prefix(limit).map { $0.isNewline ? " " : String($0) }.joined()
        return (text.count > limit ? line + "…" : line).replacingOccurrences(of: "\"", with: "\\\"")
    }
}
