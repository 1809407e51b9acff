import EndpointGenSupport
import EndpointGenYAML

// Endpoints: responses, samples, headers the client sets, bodies.
extension Resolver {
    mutating func resolveEndpoint(_ syntax: EndpointSyntax, service: ServiceSyntax) -> SpecEndpoint {
        checkValuesTheClientSets(syntax, auth: syntax.auth ?? service.auth)
        let pathParameters = syntax.pathParameters.compactMap { resolveField($0, context: .pathParameter) }
        checkSegmentParameters(syntax, pathParameters: pathParameters)
        let query = syntax.query.compactMap { resolveField($0, context: .query) }
        let headerParameters = syntax.headerParameters.compactMap { resolveField($0, context: .headerParameter) }

        let envelope = resolveEnvelope(syntax, service: service)
        let body = resolveEndpointBody(syntax)
        let (response, sample, responses) = resolveEndpointResponse(syntax, envelope: envelope, service: service)

        var endpoint = SpecEndpoint(
            name: syntax.name, method: syntax.method, path: syntax.path.text, pathComponents: syntax.path.components,
            summary: syntax.summary, description: syntax.description, deprecation: syntax.deprecation,
            auth: syntax.auth ?? service.auth, pathParameters: pathParameters, query: query, headers: syntax.headers,
            headerParameters: headerParameters, body: body, response: response, envelope: envelope, sample: sample,
            timeout: syntax.timeout, location: syntax.location)
        endpoint.responses = responses
        endpoint.responsesTypeName = syntax.responses == nil ? nil : syntax.responsesTypeName
        endpoint.typePrefix = syntax.typePrefix
        endpoint.responsesLocation = syntax.responsesLocation
        endpoint.bodyLocation = syntax.bodyLocation
        endpoint.queryStyles = resolveQueryStyles(syntax, query: query, service: service)
        endpoint.followsRedirects = syntax.followsRedirects
        endpoint.credentialHeaders = syntax.credentialHeaders
        endpoint.pagination = resolvePagination(syntax, service: service, query: query, response: response)
        return endpoint
    }

    /// A `{name...}` placeholder (several segments) must be a String parameter.
    private mutating func checkSegmentParameters(_ syntax: EndpointSyntax, pathParameters: [Field]) {
        for component in syntax.path.components {
            guard case .segments(let name) = component,
                  let field = pathParameters.first(where: { $0.wireName == name }), field.type != .primitive(.string)
            else { continue }
            diagnostics.error(
                "path parameter '\(name)' holds several segments ('{\(name)...}'); its type must be String, found '\(field.type.specSpelling)'",
                at: field.location)
        }
    }

    /// The service's envelope, unless `envelope: false`; `envelope: true` needs the service to have one.
    private mutating func resolveEnvelope(_ syntax: EndpointSyntax, service: ServiceSyntax) -> SpecEnvelope? {
        func what() -> String { "endpoint '\(syntax.name)'" }
        var envelope = service.envelope
        if let flag = syntax.envelopeFlag, let flagLocation = syntax.envelopeFlagLocation {
            if !flag {
                envelope = nil
            } else if service.envelope == nil {
                diagnostics.error(
                    "\(what()) sets 'envelope: true', but service '\(service.name)' has no 'envelope'", at: flagLocation)
            }
        }
        return envelope
    }

    /// The body, with a warning for one on GET or HEAD (RFC 9110 gives it no meaning there). A
    /// DELETE with a body is left alone: it has no defined meaning either, but real APIs (GitHub,
    /// Stripe) take one, so an imported spec would warn where its user cannot act.
    private mutating func resolveEndpointBody(_ syntax: EndpointSyntax) -> Body? {
        var body: Body?
        if let bodySyntax = syntax.body {
            body = resolveBody(bodySyntax, endpoint: syntax.name)
            if let location = syntax.bodyLocation, [.get, .head].contains(syntax.method) {
                diagnostics.warning(
                    "a body on a \(syntax.method.rawValue) request is unusual; servers and proxies may drop it",
                    at: location)
            }
        }
        return body
    }

    /// `responses:` by status (the first success's sample), else `response:` and its checked `sample`.
    private mutating func resolveEndpointResponse(
        _ syntax: EndpointSyntax, envelope: SpecEnvelope?, service: ServiceSyntax
    ) -> (response: SpecResponse, sample: SampleValue?, responses: [StatusResponse]) {
        func what() -> String { "endpoint '\(syntax.name)'" }
        var response = SpecResponse.empty
        var sample: SampleValue?
        var responses: [StatusResponse] = []
        if let entries = syntax.responses {
            responses = resolveResponses(entries, syntax: syntax, envelope: envelope, service: service)
            sample = responses.first(where: { $0.status.isSuccess })?.sample
        } else {
            response = resolveResponse(syntax.response, envelope: envelope, endpoint: syntax, service: service)
            if let node = syntax.sample, let keyLocation = syntax.sampleKeyLocation {
                if case .empty = response {
                    if case .empty = syntax.response {
                        // Without `response:` (often a misspelt key, reported already) the sample is
                        // what is out of place, not an empty response the author never wrote.
                        diagnostics.error(
                            syntax.responseWritten
                                ? "\(what()) has response 'empty', so it cannot have a sample"
                                : "\(what()) has a sample but no 'response' to check it against",
                            at: keyLocation)
                    }
                } else {
                    sample = resolveSample(node, keyLocation: keyLocation, response: response, owner: what())
                }
            }
        }
        return (response, sample, responses)
    }

    /// What one response (`response:`, or an entry of `responses:`) decodes to.
    private mutating func resolveResponse(
        _ syntax: ResponseSyntax, envelope: SpecEnvelope?, endpoint: EndpointSyntax, service: ServiceSyntax
    ) -> SpecResponse {
        switch syntax {
        case .empty:
            return .empty
        case .inline(let name):
            return .json(.model(name))
        case .type(let expr):
            switch expr {
            case .name("Data", _):
                return .data
            case .name("String", _):
                return .string
            case .name("File", let location):
                // The body as it comes, to a file: an envelope could not be unwrapped from it.
                if envelope != nil {
                    let fix = service.envelope == nil ? "" : "; add 'envelope: false' to endpoint '\(endpoint.name)'"
                    diagnostics.error(
                        "response 'File' writes the body to a file as it arrives, so it cannot be unwrapped from an envelope\(fix)",
                        at: location)
                    return .empty
                }
                return .download
            case .optional(.name("File", _), let location):
                diagnostics.error(
                    "response 'File?' cannot be optional: a download always writes its file (empty for an empty body)", at: location)
            case .envelope(let payload, let location):
                if envelope == nil {
                    let reason =
                        service.envelope == nil
                        ? "service '\(service.name)' has no 'envelope'" : "endpoint '\(endpoint.name)' sets 'envelope: false'"
                    diagnostics.error("response '\(expr.spelling)' needs an envelope, but \(reason)", at: location)
                } else if let type = resolveType(payload, allowFile: false) {
                    return .envelope(type)
                }
            case .optional(.envelope(_, let location), _):
                diagnostics.error(
                    "response '\(expr.spelling)' cannot be optional: an envelope is always there", at: location)
            case .stream(let format, let element, _):
                if let type = resolveType(element, allowFile: false) { return .stream(format, type) }
            case .optional(.stream(_, _, let location), _):
                diagnostics.error(
                    "response '\(expr.spelling)' cannot be optional: a stream is always there (it may hold no values)", at: location)
            default:
                if let type = resolveType(expr, allowFile: false) { return .json(type) }
            }
            return .empty
        }
    }

    /// A sample checked against a response with a body.
    private mutating func resolveSample(
        _ node: YAMLNode, keyLocation: SourceLocation, response: SpecResponse, owner: @autoclosure () -> String
    ) -> SampleValue? {
        switch response {
        case .empty:
            return nil
        case .data, .string, .download:
            if let scalar = node.scalar { return .string(scalar.value) }
            let kind = response == .data ? "Data" : response == .download ? "File" : "String"
            diagnostics.error(
                "sample of \(owner()) must be text for a \(kind) response, found \(node.kindDescription)",
                at: node.mark.location(in: keyLocation.file))
            return nil
        case .json(let type), .envelope(let type):
            samplePath.removeAll(keepingCapacity: true)
            return convertSample(node, type: type, file: keyLocation.file)
        case .stream(_, let type):
            // The values the stream sends, in order.
            samplePath.removeAll(keepingCapacity: true)
            return convertSample(node, type: .array(type), file: keyLocation.file)
        }
    }

    /// Statuses that the client follows as redirects unless the endpoint says `redirects: none`.
    static let followedRedirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// `responses:`: each status's response and sample. The endpoint's own `sample` belongs to its
    /// first success status.
    private mutating func resolveResponses(
        _ entries: [StatusResponseSyntax], syntax: EndpointSyntax, envelope: SpecEnvelope?, service: ServiceSyntax
    ) -> [StatusResponse] {
        func what() -> String { "endpoint '\(syntax.name)'" }
        var result: [StatusResponse] = []
        result.reserveCapacity(entries.count)
        for entry in entries {
            var response = resolveResponse(entry.response, envelope: envelope, endpoint: syntax, service: service)
            if case .stream = response, case .type(let expr) = entry.response {
                diagnostics.error(
                    "a stream cannot be one of several responses; '\(expr.spelling)' needs 'response:' instead of 'responses:'",
                    at: expr.location)
                response = .empty
            }
            if response == .download, case .type(let expr) = entry.response {
                diagnostics.error(
                    "a download cannot be one of several responses; 'File' needs 'response:' instead of 'responses:'",
                    at: expr.location)
                response = .empty
            }
            if case .code(let code) = entry.status {
                if code == 204 || code == 205 || code == 304, response != .empty {
                    diagnostics.error(
                        "status \(code) has no body; write '\(code): empty'", at: entry.location)
                    response = .empty
                }
                if Self.followedRedirectStatuses.contains(code), syntax.followsRedirects {
                    diagnostics.error(
                        "status \(code) is a redirect the client follows, so it never reaches the caller; add 'redirects: none' to \(what()) to receive it",
                        at: entry.location)
                }
            }
            var sample: SampleValue?
            if let node = entry.sample, let keyLocation = entry.sampleKeyLocation {
                if response == .empty {
                    if case .empty = entry.response {
                        diagnostics.error(
                            "status \(entry.status.spelling) of \(what()) has no body, so it cannot have a sample", at: keyLocation)
                    }
                } else {
                    sample = resolveSample(
                        node, keyLocation: keyLocation, response: response,
                        owner: "status \(entry.status.spelling) of \(what())")
                }
            }
            result.append(StatusResponse(
                status: entry.status, response: response, sample: sample, summary: entry.summary, location: entry.location))
        }
        guard let first = result.firstIndex(where: { $0.status.isSuccess }) else {
            if let location = syntax.responsesLocation, !result.isEmpty {
                diagnostics.error(
                    "'responses' of \(what()) lists no success status (2xx, 3xx, 2XX, 3XX or default); every call would fail",
                    at: location)
            }
            return result
        }
        if let node = syntax.sample, let keyLocation = syntax.sampleKeyLocation {
            let status = result[first].status.spelling
            if entries[first].sample != nil {
                diagnostics.error(
                    "\(what()) has a 'sample' and status \(status) has one too; the endpoint's sample is the one of its first success status, \(status)",
                    at: keyLocation)
            } else if result[first].response == .empty {
                if case .empty = entries[first].response {
                    diagnostics.error(
                        "the sample of \(what()) is for its first success status, \(status), which has no body; give samples per status in the long form ('\(status): { type: T, sample: … }')",
                        at: keyLocation)
                }
            } else {
                result[first].sample = resolveSample(node, keyLocation: keyLocation, response: result[first].response, owner: what())
            }
        }
        return result
    }

    /// The header an endpoint's auth sets (lowercased), and how, for the checks below.
    private static func headerSet(by auth: Auth) -> (name: String, by: String)? {
        switch auth {
        case .none, .apiKeyQuery: return nil
        case .bearer: return ("authorization", "'auth: bearer' sets it to the token")
        case .basic: return ("authorization", "'auth: basic' sets it to the client's credentials")
        case .cookie: return ("cookie", "'auth: cookie' sets it to the client's cookies")
        case .apiKey(let header): return (header.lowercased(), "'auth: apiKey(\(header))' sets it to the client's API key")
        }
    }

    /// A service header that the auth of every endpoint replaces is never sent (a token pasted
    /// into `headers` beside `auth: bearer`). One that only some endpoints replace is sent by
    /// the others, which may be the point (a client credential for the token endpoint).
    mutating func checkServiceHeadersTheClientSets(_ syntax: ServiceSyntax) {
        guard !syntax.headers.isEmpty, !syntax.endpoints.isEmpty else { return }
        func setter(_ index: Int) -> (name: String, by: String)? {
            Self.headerSet(by: syntax.endpoints[index].auth ?? syntax.auth)
        }
        for header in syntax.headers {
            let lowered = header.name.lowercased()
            guard syntax.endpoints.indices.allSatisfy({ setter($0)?.name == lowered }), let first = setter(0) else { continue }
            // The first endpoint's reason stands for all (`apiKey(Cookie)` beside `cookie` differ in how).
            diagnostics.error(
                "header '\(header.name)' of service '\(syntax.name)' would never be sent: every endpoint's auth replaces it (\(first.by))",
                at: header.location)
        }
    }

    /// A header the client sets itself replaces the spec's of the same name, so its value would
    /// be dropped without a word: the credential of the endpoint's auth, and the content type of
    /// a form, multipart (with its boundary) or raw body. A JSON body's `application/json` is the
    /// exception: an endpoint header gives the JSON media type (`application/merge-patch+json`).
    /// A query parameter named like the API key of `apiKeyQuery(name)` would go out twice.
    private mutating func checkValuesTheClientSets(_ syntax: EndpointSyntax, auth: Auth) {
        if case .apiKeyQuery(let name) = auth {
            for parameter in syntax.query where parameter.wireName == name {
                diagnostics.error(
                    "query parameter '\(name)' of endpoint '\(syntax.name)' repeats the API key that 'auth: apiKeyQuery(\(name))' adds; leave the parameter out",
                    at: parameter.location)
            }
        }
        guard !syntax.headers.isEmpty || !syntax.headerParameters.isEmpty else { return }
        var setters: [(name: String, by: String)] = []
        if let set = Self.headerSet(by: auth) { setters.append(set) }
        switch syntax.body {
        case .inlineForm?, .formModel?: setters.append(("content-type", "the form body sets it"))
        case .multipart?: setters.append(("content-type", "the multipart body sets it, with the boundary of its parts"))
        case .raw(let type)?: setters.append(("content-type", "the raw body sets it to '\(type)'"))
        case .file(let type)?: setters.append(("content-type", "the file body sets it to '\(type)'"))
        case .json?, .inlineJSON?, nil: break
        }
        guard !setters.isEmpty else { return }
        func check(_ name: String, _ kind: String, at location: SourceLocation) {
            let lowered = name.lowercased()
            guard let setter = setters.first(where: { $0.name == lowered }) else { return }
            diagnostics.error(
                "\(kind) '\(name)' of endpoint '\(syntax.name)' would never be sent: \(setter.by)", at: location)
        }
        for header in syntax.headers { check(header.name, "header", at: header.location) }
        for parameter in syntax.headerParameters { check(parameter.wireName, "header parameter", at: parameter.location) }
    }

    private mutating func resolveBody(_ syntax: BodySyntax, endpoint endpointName: String) -> Body? {
        func what() -> String { "endpoint '\(endpointName)'" }
        switch syntax {
        case .json(let expr):
            guard let type = resolveType(expr, allowFile: false) else { return nil }
            if type.isOptional {
                diagnostics.error("the body of \(what()) cannot be optional; leave 'body' out instead", at: expr.location)
                return nil
            }
            return .json(type)
        case .inlineJSON(let name):
            return .json(.model(name))
        case .inlineForm(let name):
            return .form(modelName: name)
        case .formModel(let name, let location):
            guard let type = resolveType(.name(name, location), allowFile: false) else { return nil }
            // Its fields are checked as form fields where the model is resolved.
            guard case .model = type, let entry = table[name], case .structure = self.syntax(of: entry).kind else {
                diagnostics.error(
                    "a form body must be a fields map or a struct model, found '\(name)'", at: location)
                return nil
            }
            return .form(modelName: name)
        case .multipart(let fields):
            return .multipart(parts: fields.compactMap { resolveField($0, context: .multipart) })
        case .raw(let contentType):
            return .raw(contentType: contentType)
        case .file(let contentType):
            return .file(contentType: contentType)
        }
    }
}
