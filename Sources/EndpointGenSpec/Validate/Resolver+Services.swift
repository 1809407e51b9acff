import EndpointGenSupport
import EndpointGenYAML

// Services: shared parameters, query styles, cookie sessions.
extension Resolver {
    // MARK: - Services and endpoints

    mutating func resolveService(_ syntax: ServiceSyntax) -> Service {
        if let model = syntax.errorBody?.model, let location = syntax.errorModelLocation {
            if let type = resolveType(.name(model, location), allowFile: false), case .primitive = type {
                diagnostics.error("'errorBody.model' must name a model, found '\(model)'", at: location)
            }
        }
        checkServiceHeadersTheClientSets(syntax)
        let dates = syntax.dateEncoding.map { DateEncodingSetting(kind: $0.kind, timeZone: fileTimeZone) }
        sampleDates = dates
        var endpoints: [SpecEndpoint] = []
        endpoints.reserveCapacity(syntax.endpoints.count)
        // By index: iterating would copy every endpoint's syntax (a large struct) first.
        for index in syntax.endpoints.indices {
            endpoints.append(resolveEndpoint(syntax.endpoints[index], service: syntax))
        }
        checkPagesMethodNames(syntax, endpoints: endpoints)
        var service = Service(
            name: syntax.name, summary: syntax.summary, baseURL: syntax.baseURL, headers: syntax.headers,
            auth: syntax.auth, envelope: syntax.envelope, errorBody: syntax.errorBody, endpoints: endpoints,
            location: syntax.location)
        service.cookieSession = resolveCookieSession(syntax, endpoints: endpoints)
        service.dateEncoding = dates
        (service.sharedHeaders, service.sharedQuery) = resolveSharedParameters(syntax, endpoints: endpoints)
        return service
    }

    /// A paginated endpoint's `<name>Pages` method must not be another endpoint's method.
    private mutating func checkPagesMethodNames(_ syntax: ServiceSyntax, endpoints: [SpecEndpoint]) {
        for endpoint in endpoints where endpoint.pagination != nil {
            let pagesName = endpoint.name + "Pages"
            if let other = endpoints.first(where: { $0.name == pagesName }) {
                diagnostics.error(
                    "endpoint '\(endpoint.name)' is paginated, so the service has a method '\(pagesName)', the name of another endpoint",
                    at: other.location, notes: [.note("'\(endpoint.name)' is here", at: endpoint.location)])
            }
        }
    }

    /// `parameters:`: scalars or arrays, whose names no endpoint uses for its own (a header
    /// compared without case), and whose Swift names are not the service's `client` or `baseURL`.
    private mutating func resolveSharedParameters(_ syntax: ServiceSyntax, endpoints: [SpecEndpoint]) -> ([Field], [Field]) {
        var headers: [Field] = []
        var query: [Field] = []
        for field in syntax.sharedHeaders {
            guard let resolved = resolveField(field, context: .headerParameter) else { continue }
            let lowered = field.wireName.lowercased()
            if let endpoint = endpoints.first(where: { endpoint in
                endpoint.headers.contains { $0.name.lowercased() == lowered } || endpoint.headerParameters.contains { $0.wireName.lowercased() == lowered }
            }) {
                diagnostics.error(
                    "service header parameter '\(field.wireName)' is also a header of endpoint '\(endpoint.name)'; one of them must go",
                    at: field.location, notes: [.note("endpoint '\(endpoint.name)' is here", at: endpoint.location)])
                continue
            }
            headers.append(resolved)
        }
        for field in syntax.sharedQuery {
            guard let resolved = resolveField(field, context: .query) else { continue }
            if case .dictionary = resolved.type.unwrapped {
                diagnostics.error("service query parameter '\(field.wireName)' must be a scalar or an array of scalars", at: field.location)
                continue
            }
            if let endpoint = endpoints.first(where: { $0.query.contains { $0.wireName == field.wireName } }) {
                diagnostics.error(
                    "service query parameter '\(field.wireName)' is also a query parameter of endpoint '\(endpoint.name)'; one of them must go",
                    at: field.location, notes: [.note("endpoint '\(endpoint.name)' is here", at: endpoint.location)])
                continue
            }
            query.append(resolved)
        }
        return (headers, query)
    }

    /// Each array query parameter's style (its own, else the service's `arrayStyle`, else
    /// repeated items); a map needs `deepObject` or `form`; a style fits its type.
    mutating func resolveQueryStyles(_ syntax: EndpointSyntax, query: [Field], service: ServiceSyntax) -> [String: QueryStyle] {
        var styles: [String: QueryStyle] = [:]
        for field in query {
            let type = field.type.unwrapped
            let given = syntax.queryStyles[field.wireName]
            var isMap = false
            if case .dictionary = type { isMap = true }
            switch type {
            case _ where isStructList(type):
                guard let given, given.style == .deepObject else {
                    diagnostics.error(
                        "query parameter '\(field.wireName)' is a list of objects: it is written with 'style: deepObject' (\(field.wireName)[0][key]=value)",
                        at: given?.location ?? field.location)
                    continue
                }
                styles[field.wireName] = given.style
            case _ where isMap || isStructModel(type):
                let what = isMap ? "a map" : "an object"
                guard let given else {
                    diagnostics.error(
                        "query parameter '\(field.wireName)' is \(what): say how it is written with 'style: deepObject' (filter[key]=value) or 'style: form' (key=value)",
                        at: field.location)
                    continue
                }
                guard !given.style.isArrayStyle else {
                    diagnostics.error(
                        "'style: \(given.style.rawValue)' writes arrays; query parameter '\(field.wireName)' is \(what): use deepObject or form",
                        at: given.location)
                    continue
                }
                styles[field.wireName] = given.style
            case .array:
                if let given, !given.style.isArrayStyle {
                    diagnostics.error(
                        "'style: \(given.style.rawValue)' writes maps; query parameter '\(field.wireName)' is an array: use repeat, comma, space, pipe or brackets",
                        at: given.location)
                    continue
                }
                let style = given?.style ?? service.arrayStyle?.style ?? .repeat
                if style != .repeat { styles[field.wireName] = style }
            default:
                if let given {
                    diagnostics.error(
                        "'style' applies to arrays and maps; query parameter '\(field.wireName)' is neither",
                        at: given.location)
                }
            }
        }
        return styles
    }

    /// `cookieSession:` needs cookie endpoints of its own service; its `refresh` is checked with
    /// every service in view (`checkCookieSessionRefreshes`).
    private mutating func resolveCookieSession(_ syntax: ServiceSyntax, endpoints: [SpecEndpoint]) -> CookieSessionSetting? {
        guard let session = syntax.cookieSession, let sessionLocation = syntax.cookieSessionLocation else { return nil }
        if !endpoints.contains(where: { $0.auth == .cookie }) {
            diagnostics.error(
                "'cookieSession' of service '\(syntax.name)' needs endpoints with 'auth: cookie', but there are none",
                at: sessionLocation)
            return nil
        }
        return session
    }

    /// Each `cookieSession.refresh` names an endpoint without parameters or body: `name` of the
    /// same service, or `Service.name` of another. Unresolved, the session keeps no refresh.
    mutating func checkCookieSessionRefreshes(_ specFiles: inout [SpecFile]) {
        var endpointsByService: [String: [SpecEndpoint]] = [:]
        for file in specFiles {
            if let service = file.service { endpointsByService[service.name] = service.endpoints }
        }
        for index in specFiles.indices {
            guard let syntax = files[index].service, let written = syntax.cookieSessionRefresh,
                  let location = syntax.cookieSessionRefreshLocation, specFiles[index].service?.cookieSession != nil
            else { continue }
            let parts = written.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            let serviceName = parts.count == 2 ? parts[0] : syntax.name
            let endpointName = parts.count == 2 ? parts[1] : written
            guard parts.count <= 2, let endpoints = endpointsByService[serviceName] else {
                diagnostics.error(
                    "'cookieSession.refresh' must name an endpoint ('reissueToken', or 'Auth.reissueToken' of another service), found '\(written)'"
                        + DidYouMean.hint(for: serviceName, among: endpointsByService.keys.sorted()),
                    at: location)
                continue
            }
            guard let endpoint = endpoints.first(where: { $0.name == endpointName }) else {
                diagnostics.error(
                    "'cookieSession.refresh' names no endpoint of service '\(serviceName)': '\(endpointName)'"
                        + DidYouMean.hint(for: endpointName, among: endpoints.map(\.name)),
                    at: location)
                continue
            }
            if !endpoint.pathParameters.isEmpty || !endpoint.query.isEmpty || !endpoint.headerParameters.isEmpty || endpoint.body != nil {
                diagnostics.error(
                    "'cookieSession.refresh' names endpoint '\(written)', which takes parameters or a body; the client sends it by itself, so it can take none",
                    at: location)
                continue
            }
            specFiles[index].service?.cookieSession?.refresh = (serviceName, endpointName)
        }
    }
}
