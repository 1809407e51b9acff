import EndpointGenSpec

/// Renders `<Service>Service` (one async method per endpoint) and `<Service>Environment`.
struct ServiceRenderer {
    let context: Context
    let service: Service
    let shapes: [EndpointShape]

    /// The environment enum, the protocol and its extension, the class, and the per-status
    /// response enums. Each endpoint's members of the extension and the class, and its response
    /// enum, are its part: a big Service keeps its head and moves those to other files.
    func declarations() -> [Declaration] {
        var declarations: [Declaration] = []
        if case .environments(let environments) = service.baseURL {
            declarations.append(environment(environments))
        }
        // Each endpoint's return type, spelled once for the requirement, the overload with defaults and the method.
        let calls = shapes.map { call($0) }
        declarations.append(protocolDeclaration(calls: calls))
        declarations.append(protocolExtension(calls: calls))
        declarations.append(serviceClass(calls: calls))
        let cases = ResponseCasesRenderer(context: context)
        for shape in shapes {
            guard let name = shape.names.responsesType?.name else { continue }
            declarations.append(cases.declaration(shape.endpoint, named: name, cases: shape.names.responseCases.map(\.name)).inPart(shape.caseName))
        }
        return declarations
    }

    /// The class: the client, the base URL and the service's parameters, its initializers, and
    /// per endpoint its method and pages method.
    private func serviceClass(calls: [Call]) -> Declaration {
        let api = Declaration.Access.written(context.access)
        let router = service.name + "Router"
        var members: [Declaration] = [
            Declaration(access: api, "let client: APIClient"),
            Declaration(access: api, "let baseURL: URL", tight: true),
        ]
        let shared = sharedParameters
        for parameter in shared {
            members.append(Declaration(
                doc: ["Sent as \(parameter.isHeader ? "header" : "query item") `\(parameter.field.wireName)` with every request of this service."],
                access: api, "let \(parameter.name): \(parameter.type)", tight: true))
        }
        // `, tenantId: String, apiVersion: String = "2024-01-01"` and their assignments.
        let sharedDeclarations = shared.map { ", \($0.name): \($0.type)" + ($0.defaultValue.map { " = " + $0 } ?? "") }.joined()
        let sharedArguments = shared.map { ", \($0.name): \($0.name)" }.joined()
        let assignments: (inout CodePrinter) -> Void = { p in
            p.line("self.client = client")
            p.line("self.baseURL = baseURL")
            for parameter in shared {
                p.line("self.\(parameter.name) = \(parameter.name)")
            }
        }
        switch service.baseURL {
        case .none, .environments:
            members.append(Declaration(access: api, "init(client: APIClient, baseURL: URL\(sharedDeclarations))", body: .statements(assignments)))
        case .url(let url):
            members.append(Declaration(
                access: api, "init(client: APIClient, baseURL: URL = URL(string: \(literal: url))!\(sharedDeclarations))", body: .statements(assignments)))
        }
        if case .environments = service.baseURL {
            let first = Naming.member(environmentNames.first ?? "")
            members.append(Declaration(
                access: api, "convenience init(client: APIClient, environment: \(service.name)Environment = .\(first)\(sharedDeclarations))",
                body: .statements { p in p.line("self.init(client: client, baseURL: environment.url\(sharedArguments))") }))
        }
        if !shared.isEmpty {
            members.append(withParameters(shared))
        }
        for index in shapes.indices {
            let shape = shapes[index]
            members.append(method(shape, call: calls[index], router: router).inPart(shape.caseName))
            if let pages = pages(shape) {
                members.append(pagesMethod(shape, pages, router: router).inPart(shape.caseName))
            }
        }
        return Declaration(
            doc: [service.summary], access: .written(context.typeModifiers), "final class \(service.name)Service: \(protocolName)",
            body: .members(members), extensionSignature: "extension \(service.name)Service")
    }

    /// `withParameters(_:)`: an endpoint with the service's parameters, for the methods (seen
    /// only by the class, but by its extensions too when the layout moves them to other files).
    private func withParameters(_ shared: [SharedParameter]) -> Declaration {
        Declaration(
            doc: ["`endpoint` with this service's parameters."], access: .typePrivate,
            "func withParameters<Base: Endpoint>(_ endpoint: Base) -> WithServiceParameters<Base>", body: .statements { p in
                // `let` for a list nothing is appended to: generated code compiles without warnings.
                p.line(shared.contains(where: \.isHeader) ? "var headers: [HTTPHeader] = []" : "let headers: [HTTPHeader] = []")
                for parameter in shared where parameter.isHeader {
                    p.line("headers.append(name: \(literal: parameter.field.wireName), \(sharedValue(parameter)))")
                }
                p.line(shared.contains(where: { !$0.isHeader }) ? "var items: [QueryItem] = []" : "let items: [QueryItem] = []")
                for parameter in shared where !parameter.isHeader {
                    p.line("items.append(name: \(literal: parameter.field.wireName), \(sharedValue(parameter)))")
                }
                p.line("return WithServiceParameters(endpoint, headers: headers, queryItems: items)")
            })
    }

    var protocolName: String { service.name + "ServiceProtocol" }

    /// `self.name`, dates in the parameter's or the service's encoding.
    func sharedValue(_ parameter: SharedParameter) -> String {
        let value = "self.\(parameter.name)"
        guard let dates = DateRendering.encoding(of: parameter.field, serviceDates: service.dateEncoding) else { return value }
        let type = parameter.field.type
        return DateRendering.value(value, optional: type.isOptional, list: type.unwrapped != .primitive(.date), dates)
    }

    /// A parameter of the service itself (`parameters:`), as its stored property.
    struct SharedParameter {
        var field: Field
        var isHeader: Bool
        var name: String
        var type: String
        var defaultValue: String?
    }

    /// The service's parameters: headers, then query items. Their Swift names are lowerCamelCase
    /// of the wire names, never `client` or `baseURL` (those get `Value` appended).
    var sharedParameters: [SharedParameter] {
        let fields = service.sharedHeaders + service.sharedQuery
        guard !fields.isEmpty else { return [] }
        let names = context.names.services[service.name]?.sharedParameters ?? []
        return zip(fields.indices, names).map { index, name in
            SharedParameter(field: fields[index], isHeader: index < service.sharedHeaders.count, name: Naming.escaped(name.name),
                                   type: context.swiftType(fields[index].type), defaultValue: context.parameterDefault(fields[index]))
        }
    }

    /// `<Service>ServiceProtocol`: the service's methods as requirements, so that code calling the
    /// API can take `some`/`any` of it and tests can pass a fake with no network and no JSON. A
    /// requirement cannot have default arguments, so an extension adds, for each method with
    /// defaults, an overload with them (`protocolExtension`).
    func protocolDeclaration(calls: [Call]) -> Declaration {
        var requirements: [Declaration] = []
        for index in shapes.indices {
            let shape = shapes[index]
            requirements.append(Declaration(
                doc: methodDoc(shape), attributes: Attributes.deprecation(shape.endpoint.deprecation),
                "func \(shape.escapedCaseName)(\(shape.declarations(.requirement, transfer: true)))\(calls[index].effects)"))
            if let pages = pages(shape) {
                requirements.append(Declaration(
                    doc: [pagesDoc(shape)], attributes: Attributes.deprecation(shape.endpoint.deprecation),
                    "func \(Naming.escaped(pages.name))(\(shape.declarations(.requirement, transfer: true))) -> \(pages.returns)"))
            }
        }
        return Declaration(
            doc: ["The methods of `\(service.name)Service`: take `some \(protocolName)` (or `any`) where the API is called, and pass a fake in tests."],
            access: .written(context.typeModifiers), "protocol \(protocolName): Sendable", body: .members(requirements))
    }

    /// The protocol's extension: per endpoint, the overloads with defaults, and with
    /// `--completion-handlers` the callback variant, which wraps the requirement and so works
    /// for fakes too. (Not printed when it has no members.)
    func protocolExtension(calls: [Call]) -> Declaration {
        var members: [Declaration] = []
        for index in shapes.indices {
            let shape = shapes[index]
            if shape.hasDefaults {
                members.append(defaultsOverload(shape, call: calls[index]).inPart(shape.caseName))
                if let pages = pages(shape) {
                    members.append(defaultsOverload(shape, call: Call(returns: pages.returns, method: "", metatype: nil, isStream: true),
                                                    name: pages.name).inPart(shape.caseName))
                }
            }
            // A stream is already a value to iterate: no callback variant.
            if context.options.completionHandlers, !calls[index].isStream {
                members.append(completionMethod(shape, returns: calls[index].returns).inPart(shape.caseName))
            }
        }
        let signature = "nonisolated extension \(protocolName)"
        return Declaration("\(signature)", body: .members(members), extensionSignature: signature, isExtension: true)
    }

    /// The method with the service's defaults, so that a call through the protocol leaves out
    /// what a call on the service can (`getPosts(page: 2)`). Its last parameter, `isolation`, is
    /// filled in by the compiler and never written by callers; it makes this a different function
    /// from the requirement. An overload with exactly the requirement's parameters would be taken as
    /// its default implementation: a fake that forgot the method would compile, and call itself
    /// forever. (It also runs the few lines here on the caller's actor, without a hop.)
    ///
    /// Outside the module it is `@_alwaysEmitIntoClient`: compiled where it is called instead of
    /// here. An async function isolated to its caller is split into more parts than the method
    /// itself; compiled here for every method with defaults, these overloads made the debug build
    /// of the module 3.3% slower (Benchmarks/NOTES.md, service protocols), while an app calls a few of
    /// them through the protocol.
    private func defaultsOverload(_ shape: EndpointShape, call: Call, name: String? = nil) -> Declaration {
        var attributes = Attributes.deprecation(shape.endpoint.deprecation)
        if context.options.accessLevel != .internal { attributes.append("@_alwaysEmitIntoClient") }
        let function = name.map(Naming.escaped) ?? shape.escapedCaseName
        let isolation = shape.local("isolation")
        let requirement = requirementCall(shape, awaits: !call.isStream, name: name)
        return Declaration(
            doc: ["`\(name ?? shape.caseName)` with the spec's defaults, as on `\(service.name)Service`."], attributes: attributes,
            access: .written(context.access),
            "func \(function)(\(shape.declarations(transfer: true)), \(isolation): isolated (any Actor)? = #isolation)\(call.effects)",
            body: .statements { p in p.line(requirement) })
    }

    /// The doc comment of a service method and of its requirement: the request it sends, as the
    /// API's documentation writes it, is what a reader (and Quick Help) looks for first, and
    /// otherwise only found in the router's switches.
    private func methodDoc(_ shape: EndpointShape) -> [String?] {
        [shape.endpoint.summary, shape.endpoint.description, "`\(shape.endpoint.method.rawValue) \(shape.endpoint.path)`", parameterList(shape)]
    }

    /// The spec's summaries of the method's parameters as Quick Help's `- Parameters:` list (the
    /// Swift names, each on one line); nil when none has one.
    private func parameterList(_ shape: EndpointShape) -> String? {
        let items = shape.parameters.compactMap { parameter -> String? in
            guard let summary = parameter.summary.map(Self.oneLine), !summary.isEmpty else { return nil }
            return "  - \(parameter.swiftName): \(summary)"
        }
        return items.isEmpty ? nil : (["- Parameters:"] + items).joined(separator: "\n")
    }

    /// A summary on one line: a list item's text ends at its line break.
    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { line in
            line.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()
        }.filter { !$0.isEmpty }.map { String($0) }.joined(separator: " ")
    }

    /// The environment enum's case names, from the name table.
    var environmentNames: [String] {
        context.names.services[service.name]?.environments.map(\.name) ?? []
    }

    func environment(_ environments: [Environment]) -> Declaration {
        var members: [Declaration] = []
        for (environment, name) in zip(environments, environmentNames) {
            members.append(Declaration(
                name == environment.name ? "case \(Naming.escaped(name))" : "case \(Naming.escaped(name)) = \(literal: environment.name)", tight: true))
        }
        members.append(Declaration(access: .written(context.access), "var url: URL", body: .statements { p in
            p.switchBlock("self") { p in
                for (environment, name) in zip(environments, environmentNames) {
                    p.line("case .\(Naming.member(name)): return URL(string: \(literal: environment.url))!")
                }
            }
        }))
        return Declaration(
            doc: ["The servers \(service.name) can talk to; the first is the default."], access: .written(context.typeModifiers),
            "enum \(service.name)Environment: String, CaseIterable, Sendable", body: .members(members))
    }

    /// An endpoint's response as the service method sees it: the return type, the client
    /// method that sends it, and the metatype to decode (`as:`).
    struct Call {
        var returns: String?
        var method: StaticString
        var metatype: String?
        /// A streamed response: the method returns an `APIStream` at once.
        var isStream = false
        /// The label of `metatype`.
        var label: StaticString = "as"
        /// A download: the client method takes the destination and progress handler, and its
        /// `APIResponse<URL>` is returned as the URL.
        var isDownload = false

        /// ` async throws(APIError) -> Returns` after the parameter list of every async method; a
        /// stream is returned at once (` -> APIStream<…>`), its errors come from iterating it.
        var effects: CodeLine { "\(if: !isStream, " async throws(APIError)")\(prefix: " -> ", returns)" }

        /// The client call's arguments after the request and base URL: `, as: Post.self`, and a
        /// download's own `, to: destination, progress: progress`.
        func trailingArguments(_ shape: EndpointShape) -> CodeLine {
            let result: CodeLine = metatype.map { ", \(label): \($0)" } ?? ""
            guard isDownload, shape.transfer.count == 2 else { return result }
            return "\(result), to: \(shape.transfer[0].escapedName), progress: \(shape.transfer[1].escapedName)"
        }
    }

    func call(_ shape: EndpointShape) -> Call {
        if let cases = shape.names.responsesType?.name {
            return Call(returns: "APIResponse<\(cases)>", method: "response", metatype: cases + ".self", label: "cases")
        }
        switch shape.endpoint.response {
        case .empty:
            return Call(returns: nil, method: "send", metatype: nil)
        case .data:
            return Call(returns: "Data", method: "sendData", metatype: nil)
        case .string:
            return Call(returns: "String", method: "sendString", metatype: nil)
        case .json(let type):
            return Call(returns: context.swiftType(type), method: "send", metatype: context.metatype(type))
        case .envelope(let type):
            return Call(returns: "Envelope<\(context.swiftType(type))>", method: "sendEnvelope", metatype: context.metatype(type))
        case .stream(.events, let type):
            return Call(returns: "APIStream<ServerSentEvent<\(context.swiftType(type))>>", method: "events",
                        metatype: context.metatype(type), isStream: true)
        case .stream(.lines, let type):
            return Call(returns: "APIStream<\(context.swiftType(type))>", method: "jsonLines", metatype: context.metatype(type),
                        isStream: true)
        case .download:
            return Call(returns: "URL", method: "download", metatype: nil, isDownload: true)
        }
    }


    /// `try await self.name(a: a, b: b)`: the requirement called with the same-named parameters
    /// (`self.`: a parameter may have the method's name).
    private func requirementCall(_ shape: EndpointShape, awaits: Bool = true, name: String? = nil) -> CodeLine {
        "\(if: awaits, "try await ")self.\(Naming.member(name ?? shape.caseName))(\(shape.arguments(transfer: name == nil)))"
    }

    func method(_ shape: EndpointShape, call: Call, router: String) -> Declaration {
        Declaration(
            doc: methodDoc(shape), attributes: Attributes.deprecation(shape.endpoint.deprecation), access: .written(context.access),
            "func \(shape.escapedCaseName)(\(shape.declarations(transfer: true)))\(call.effects)", body: .statements { p in
            // An upload (a file body) reports its progress through the client's task-local handler;
            // inside its closure, members are reached through `self`; elsewhere a parameter named
            // like a stored property hides it: the property is then reached through `self` too.
            let uploads = !call.isDownload && shape.transfer.count == 1
            let client: StaticString = !uploads && shape.local("client") == "client" ? "client" : "self.client"
            let baseURL: StaticString = !uploads && shape.local("baseURL") == "baseURL" ? "baseURL" : "self.baseURL"
            let shared = !service.sharedHeaders.isEmpty || !service.sharedQuery.isEmpty
            let request: CodeLine = shared ? "self.withParameters(\(router)\(shape.constructor))" : "\(router)\(shape.constructor)"
            let send: CodeLine = "\(if: !call.isStream, "try await ")\(client).\(call.method)(\(request), baseURL: \(baseURL)\(call.trailingArguments(shape)))\(if: call.isDownload, ".value")"
            if uploads {
                p.line("try await self.client.withUploadProgress(\(shape.transfer[0].escapedName)) { () async throws(APIError)\(prefix: " -> ", call.returns) in")
                p.indented { p in p.line(send) }
                p.line("}")
            } else {
                p.line(send)
            }
        })
    }

    /// The pages method of a paginated endpoint: its name and return type.
    struct Pages {
        var name: String
        var returns: String
        var pagination: Pagination
    }

    func pages(_ shape: EndpointShape) -> Pages? {
        guard let pagination = shape.endpoint.pagination, case .json(let pageType) = shape.endpoint.response else { return nil }
        return Pages(name: shape.caseName + "Pages",
                     returns: "APIPages<\(context.swiftType(pageType)), \(context.swiftType(pagination.itemType))>",
                     pagination: pagination)
    }

    private func pagesDoc(_ shape: EndpointShape) -> String {
        "The pages of `\(shape.caseName)`, fetched one by one as they are iterated, from the one its arguments ask for; `.items` iterates their items."
    }

    /// `previous.value.meta?.nextCursor`: a dotted path read from the page, optional-chained
    /// after an optional field. Also says whether the result is optional.
    static func access(_ path: FieldPath, from base: String, names: NameTable) -> (expression: String, optional: Bool) {
        var expression = base
        var optional = false
        for field in path.fields {
            expression += optional ? "?." : "."
            expression += Naming.member(names.fieldName(field))
            optional = optional || field.type.isOptional
        }
        return (expression, optional)
    }

    /// `$0.data`: the items of page `$0`.
    static func items(_ pagination: Pagination, names: NameTable) -> String {
        guard let path = pagination.items else { return "$0" }
        let access = Self.access(path, from: "$0", names: names)
        return access.optional ? access.expression + " ?? []" : access.expression
    }

    /// The pages method: an `APIPages` with the endpoint's first request and a closure that builds
    /// the next one from the page received, by the endpoint's scheme.
    func pagesMethod(_ shape: EndpointShape, _ pages: Pages, router: String) -> Declaration {
        let pagination = pages.pagination
        let shared = !service.sharedHeaders.isEmpty || !service.sharedQuery.isEmpty
        let previous = shape.local("previous")
        let next = shape.local("next")
        // The router case with one argument replaced (the page number, offset or cursor).
        func request(replacing wireName: String? = nil, with value: String = "") -> String {
            var text = shared ? "self.withParameters(\(router)." : "\(router)."
            text += Naming.member(shape.caseName)
            if !shape.parameters.isEmpty {
                text += "(" + shape.parameters.map { parameter in
                    let argument = parameter.role == .query && parameter.wireName == wireName ? value : parameter.escapedName
                    return Naming.member(parameter.swiftName) + ": " + argument
                }.joined(separator: ", ") + ")"
            }
            return shared ? text + ")" : text
        }
        func parameter(_ wireName: String?) -> EndpointShape.Parameter? {
            wireName.flatMap { name in shape.parameters.first { $0.role == .query && $0.wireName == name } }
        }
        func read(_ path: FieldPath?) -> String {
            path.map { Self.access($0, from: previous + ".value", names: context.names).expression } ?? "nil"
        }
        let items = Self.items(pagination, names: context.names)
        return Declaration(
            doc: [pagesDoc(shape)], attributes: Attributes.deprecation(shape.endpoint.deprecation), access: .written(context.access),
            "func \(Naming.escaped(pages.name))(\(shape.declarations(transfer: true))) -> \(pages.returns)", body: .statements { p in
            let start = "APIPages(client: self.client, baseURL: self.baseURL, first: \(request()), items: { \(items) })"
            switch pagination.scheme {
            case .link:
                p.line("\(start) { \(previous) throws(APIError) in")
                p.indented { p in p.line("try \(previous).nextLink()") }
                p.line("}")
            case .page(let page, let size, let totalPages), .offset(let page, let size, let totalPages):
                let isPage: Bool
                if case .page = pagination.scheme { isPage = true } else { isPage = false }
                guard let counter = parameter(page) else { break }
                p.line("\(start) { \(previous) in")
                p.indented { p in
                    let first = counter.optional ? "(\(counter.escapedName) ?? \(isPage ? 1 : 0))" : counter.escapedName
                    p.line("let \(next) = \(first) + \(previous).\(isPage ? "pageCount" : "itemTotal")")
                    var arguments = "\(isPage ? "page" : "offset"): \(next), size: \(parameter(size)?.escapedName ?? "nil")"
                    if let hasMore = pagination.hasMore { arguments += ", hasMore: \(read(hasMore))" }
                    if let totalPages { arguments += ", \(isPage ? "totalPages" : "total"): \(read(totalPages))" }
                    p.line("guard \(previous).hasNext(\(arguments)) else { return nil }")
                    p.line("return .endpoint(\(request(replacing: page, with: next)))")
                }
                p.line("}")
            case .cursor(let cursor, let parameterName), .lastItem(let cursor, let parameterName):
                var value = read(cursor)
                if case .lastItem = pagination.scheme {
                    // The last item's cursor: `previous.value.data.last?.id` (nil on an empty page).
                    var last = "\(previous).value"
                    if let path = pagination.items {
                        let access = Self.access(path, from: last, names: context.names)
                        last = access.expression + (access.optional ? "?" : "")
                    }
                    value = Self.access(cursor, from: last + ".last?", names: context.names).expression
                }
                p.line("\(start) { \(previous) in")
                p.indented { p in
                    let hasMore = pagination.hasMore.map { ", hasMore: \(read($0))" } ?? ""
                    p.line("guard let \(next) = \(previous).nextCursor(\(value)\(hasMore)) else { return nil }")
                    p.line("return .endpoint(\(request(replacing: parameterName, with: next)))")
                }
                p.line("}")
            }
        })
    }

    func completionMethod(_ shape: EndpointShape, returns: String?) -> Declaration {
        let call = requirementCall(shape)
        // The handler's label is always `completion:`; inside, it and the result take names no
        // parameter has.
        let handler = shape.local("completion")
        let value = shape.local("value")
        var attributes = Attributes.deprecation(shape.endpoint.deprecation)
        attributes.append("@discardableResult")
        // As the defaults overloads: each variant's `Task` closure is an async function split in
        // parts, and compiled here for every endpoint they were half of the module's debug
        // compile (21.3 → 11.4 G instructions at N = 30, Benchmarks/NOTES.md, service protocols), while
        // an app calls some of them.
        if context.options.accessLevel != .internal { attributes.append("@_alwaysEmitIntoClient") }
        let parameters = shape.declarations(transfer: true)
        let label: CodeLine = handler == "completion" ? "completion" : "completion \(handler)"
        return Declaration(
            doc: ["Calls `\(shape.caseName)` and reports the result to `completion`; cancel the returned task to cancel the request."],
            attributes: attributes, access: .written(context.access),
            "func \(shape.escapedCaseName)(\(parameters)\(if: !parameters.isEmpty, ", ")\(label): @escaping @Sendable (Result<\(returns ?? "Void"), APIError>) -> Void) -> Task<Void, Never>",
            body: .statements { p in
                p.block("Task") { p in
                    p.chain([
                        ("do throws(APIError)", { p in
                            if let returns {
                                p.line("let \(value): \(returns) = \(call)")
                                p.line("\(handler)(.success(\(value)))")
                            } else {
                                p.line(call)
                                p.line("\(handler)(.success(()))")
                            }
                        }),
                        ("catch", { p in p.line("\(handler)(.failure(error))") }),
                    ])
                }
            })
    }
}
