#if ImportSwift
import EndpointGenImport
import EndpointGenSpec
import EndpointGenSupport
import SwiftSyntax

/// What one case of a router becomes: its endpoint (nil when it is left out), the base URL its
/// `baseURL` gives, and whether a bodiless request lost a `Content-Type` header.
struct TranslatedCase {
    var endpoint: ImportedEndpoint?
    var baseURL: String?
    /// Where the base URL is written, for a warning about it.
    var baseURLNode: Syntax?
    var droppedContentType: Syntax?
    /// The layer's own `Task` enum the case's task is a case of (a home-grown Moya).
    var ownTaskType: TypeDecl?
}

/// Reads one case of a router into an endpoint: its members evaluated for the case (`switch
/// self` arms, locals, constants), then translated: the path with its parameters, the method,
/// what the task or parameters carry (query, body), the headers (constants, auth, parameters)
/// and the sample. What cannot be read is a warning at its place in the Swift file.
struct CaseTranslator {
    let context: ImportContext
    let types: TypeMapper
    let router: Router
    let request: Router.Request
    let evaluator: Evaluator

    var item: EnumCaseDecl { request.item }

    init(context: ImportContext, types: TypeMapper, router: Router, request: Router.Request) {
        self.context = context
        self.types = types
        self.router = router
        self.request = request
        evaluator = Evaluator(index: context.index, limits: context.limits, owner: request.owner, case: request.item, switches: context.switches)
        evaluator.instanceValues = request.instanceValues
    }

    /// The values read for the case, before any is translated (so the names the switches bind
    /// are all known when parameters are named).
    struct Members {
        var method: Value?
        var path: Value?
        var baseURL: Value?
        var task: Value?
        var parameters: Value?
        var encoding: Value?
        var headers: [Value] = []
        var request: Value?
        var sample: Value?
        /// A request type's `queryItems` and `body`.
        var queryItems: Value?
        var body: Value?
    }

    func translate() -> TranslatedCase {
        var members = Members()
        members.method = evaluator.property("method")
        members.path = evaluator.property("path")
        members.baseURL = ["baseURL", "baseUrl", "baseURLPath", "baseURLString", "baseUrlString"].lazy.compactMap { evaluator.property($0) }.first
        members.headers = ["headers", "header", "httpHeaders", "headerFields"].compactMap { evaluator.property($0) }
        members.sample = evaluator.property("sampleData")
        switch router.style {
        case .task:
            members.task = evaluator.property("task")
        case .parameters:
            if let name = Router.parametersProperty(of: router.type, in: context.index) { members.parameters = evaluator.property(name) }
            members.encoding = evaluator.property("encoding") ?? evaluator.property("parameterEncoding")
            if let function = context.index.function("asURLRequest", of: request.owner) { members.request = evaluator.call(function) }
        case .requestTypes:
            members.queryItems = evaluator.property("queryItems")
            members.body = evaluator.property("body") ?? evaluator.property("httpBody")
            members.parameters = evaluator.property("parameters")
        }
        for node in evaluator.unreadConditions {
            context.warn(.runTimeValues, "'\(item.name)' depends on a condition only known at run time ('\(Evaluator.excerpt(node))'): what both of its branches set is kept, as optional; check which requests it applies to", at: node)
        }
        return translate(members)
    }

    private func translate(_ members: Members) -> TranslatedCase {
        var result = TranslatedCase()
        let at = item.node
        guard let method = httpMethod(members.method) else {
            context.warn(.leftOutCases, "case '\(item.name)' is left out: its HTTP method is not one import-swift can read (\(describe(members.method))); write the endpoint by hand", at: members.method?.node ?? at)
            return result
        }
        let arguments = CaseArguments(item: item, bound: evaluator.boundNames, owner: request.owner, context: context, types: types)
        guard let path = pathTemplate(members.path, arguments: arguments) else { return result }
        var endpoint = ImportedEndpoint(name: SwiftNaming.legal(item.name), method: method, path: path.template)
        endpoint.params = path.parameters
        endpoint.location = context.location(of: at)
        var parts = RequestParts()
        switch router.style {
        case .task:
            readTask(members.task, method: method, arguments: arguments, into: &parts)
            result.ownTaskType = ownTaskType(members.task)
        case .parameters:
            readParameters(members, method: method, arguments: arguments, into: &parts)
        case .requestTypes:
            readRequestType(members, method: method, arguments: arguments, into: &parts)
        }
        endpoint.query = parts.query
        endpoint.body = parts.body
        endpoint.response = .type(.named(parts.isDownload ? "File" : "Data"))
        if !parts.isDownload, let response = responseType() { endpoint.response = response }
        if let auth = parts.auth { endpoint.auth = auth }
        endpoint.timeout = parts.timeout
        let headers = parts.headers.isEmpty ? members.headers : members.headers + [Value(.dictionary(parts.headers), at: at)]
        result.droppedContentType = readHeaders(headers, body: parts.body, arguments: arguments, into: &endpoint)
        readSample(members.sample, into: &endpoint, isDownload: parts.isDownload)
        if let base = members.baseURL {
            result.baseURL = urlText(base)
            result.baseURLNode = base.node
            if let text = urlText(base, keepingSlash: true), text.hasSuffix("/"), path.template.text.hasPrefix("/"), path.template.text != "/" {
                context.warn(.encodingDifferences, "the base URL of '\(item.name)' ends with '/' and its path starts with '/': code that joins them as text sends '//' (URL's appendingPathComponent does not); the spec sends one '/'", at: members.path?.node ?? at)
            }
            if result.baseURL == nil {
                context.warn(.baseURLs, "the base URL of '\(item.name)' is computed at run time (\(describe(base))): the spec has none for it, so the service's callers pass baseURL:", at: base.node)
            }
        }
        result.endpoint = endpoint
        return result
    }

    /// The enum of the layer's own that declares the task's case (`NetworkTask.requestJSONEncodable`):
    /// its provider, not Moya's rules, builds the request.
    private func ownTaskType(_ task: Value?) -> TypeDecl? {
        guard let name = task?.memberName else { return nil }
        let declared = context.index.property("task", of: request.owner)?.property.type.flatMap { TypeMapper.nameAndArguments($0).name }
        guard let declared, let type = context.index.type(named: declared, in: request.owner.qualifiedName), type.kind == .enumType,
              type.cases.contains(where: { $0.name == name }) else { return nil }
        return type
    }

    /// `.post`, `Moya.Method.post`, `HTTPMethod(rawValue: "POST")`, `.init(rawValue: "POST")` → `POST`.
    private func httpMethod(_ value: Value?) -> String? {
        guard let value else { return nil }
        var name = value.memberName
        if let (callee, _) = value.call, callee == "init" || callee == "HTTPMethod" || callee == "Method" {
            name = value.argument("rawValue", at: 0)?.constantText
        }
        if case .text = value.kind { name = value.constantText }
        guard let method = name?.uppercased(), ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "CONNECT"].contains(method) else { return nil }
        return method
    }

    /// The spec path of the case's path text: literals percent-encoded as Moya's
    /// `appendingPathComponent` sends them, each interpolated argument a path parameter.
    private func pathTemplate(_ value: Value?, arguments: CaseArguments) -> (template: PathTemplate, parameters: [ImportedField])? {
        guard let value, case .text(let pieces) = value.kind else {
            context.warn(.leftOutCases, "case '\(item.name)' is left out: its path is not text import-swift can read (\(describe(value))); write the endpoint by hand", at: value?.node ?? item.node)
            return nil
        }
        var components: [SpecPathComponent] = []
        var parameters: [ImportedField] = []
        var text = ""
        func flush() {
            guard !text.isEmpty else { return }
            components.append(.literal(PathTemplate.encodedLiteral(text)))
            text = ""
        }
        for piece in Self.flattened(pieces) {
            switch piece {
            case .literal(let literal):
                text += literal
            case .value(let inner):
                if let constant = inner.constantText {
                    text += constant
                    continue
                }
                guard let field = arguments.pathParameter(inner) else {
                    context.warn(.leftOutCases, "case '\(item.name)' is left out: a part of its path is computed at run time (\(describe(inner))); write the endpoint by hand", at: inner.node)
                    return nil
                }
                if components.isEmpty, !text.hasPrefix("/") { text = "/" + text }
                flush()
                components.append(.parameter(field.key))
                if !parameters.contains(where: { $0.key == field.key }) { parameters.append(field) }
            }
        }
        if components.isEmpty, text.isEmpty {
            context.warn(.encodingDifferences, "the path of '\(item.name)' is empty, so Moya sends the base URL itself: a spec path starts with '/', so the endpoint is sent to the base URL with a trailing slash; write the path the server expects", at: value.node)
        }
        if components.isEmpty, !text.hasPrefix("/") { text = "/" + text }
        flush()
        return (PathTemplate(components), parameters)
    }

    /// Text pieces with nested texts (`"/a" + "\(b)"`) spread out.
    static func flattened(_ pieces: [Value.TextPiece]) -> [Value.TextPiece] {
        pieces.flatMap { piece -> [Value.TextPiece] in
            if case .value(let inner) = piece, case .text(let nested) = inner.kind, inner.constantText == nil { return flattened(nested) }
            return [piece]
        }
    }

    /// The text of a base URL: `URL(string: X)!`, `X.asURL()` or a text.
    func urlText(_ value: Value, keepingSlash: Bool = false) -> String? {
        if let (name, _) = value.call {
            if name == "URL" || name == "init", let text = value.argument("string", at: 0) { return urlText(text, keepingSlash: keepingSlash) }
            if name == "asURL", case .call(let callee, _) = value.kind, case .member(let base?, _) = callee.kind { return urlText(base, keepingSlash: keepingSlash) }
        }
        guard var text = value.constantText, text.hasPrefix("http://") || text.hasPrefix("https://") else { return nil }
        while !keepingSlash, text.hasSuffix("/") { text.removeLast() }
        return text
    }

    func describe(_ value: Value?) -> String {
        guard let value else { return "none found" }
        if case .unknown(let reason) = value.kind { return reason }
        return "'" + Evaluator.excerpt(value.node) + "'"
    }
}

/// What a case's request carries, as read from its task or parameters.
struct RequestParts {
    var query: [ImportedField] = []
    var body: ImportedBody?
    /// Constant headers a task implies (`Content-Type` of raw data), as dictionary entries.
    var headers: [Value.Entry] = []
    var isDownload = false
    /// `apiKeyQuery(name)` of a key sent in the query.
    var auth: String?
    /// Seconds of `request.timeoutInterval = …` in `asURLRequest()`.
    var timeout: String?
}
#endif
