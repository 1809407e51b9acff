import EndpointGenSpec

/// Renders `<Service>Service` (one async method per endpoint) and `<Service>Environment`.
struct ServiceRenderer {
    let context: Context
    let service: Service
    let shapes: [EndpointShape]

    func render(into p: inout CodePrinter) {
        let access = context.access
        let router = service.name + "Router"
        if case .environments(let environments) = service.baseURL {
            renderEnvironment(environments, into: &p)
            p.blank()
        }
        p.doc(service.summary)
        p.block("\(context.typeModifiers)final class \(service.name)Service: Sendable") { p in
            p.line("\(access)let client: APIClient")
            p.line("\(access)let baseURL: URL")
            p.blank()
            switch service.baseURL {
            case .none:
                p.block("\(access)init(client: APIClient, baseURL: URL)") { p in
                    p.line("self.client = client")
                    p.line("self.baseURL = baseURL")
                }
            case .url(let url):
                p.block("\(access)init(client: APIClient, baseURL: URL = URL(string: \(SwiftLiteral.string(url)))!)") { p in
                    p.line("self.client = client")
                    p.line("self.baseURL = baseURL")
                }
            case .environments(let environments):
                p.block("\(access)init(client: APIClient, baseURL: URL)") { p in
                    p.line("self.client = client")
                    p.line("self.baseURL = baseURL")
                }
                p.blank()
                let first = Naming.member(Naming.identifier(fromWire: environments[0].name))
                p.block("\(access)convenience init(client: APIClient, environment: \(service.name)Environment = .\(first))") { p in
                    p.line("self.init(client: client, baseURL: environment.url)")
                }
            }
            for shape in shapes {
                p.blank()
                renderMethod(shape, router: router, into: &p)
                if context.options.completionHandlers {
                    p.blank()
                    renderCompletionMethod(shape, into: &p)
                }
            }
        }
    }

    func renderEnvironment(_ environments: [Environment], into p: inout CodePrinter) {
        let access = context.access
        p.doc("The servers \(service.name) can talk to; the first is the default.")
        p.block("\(context.typeModifiers)enum \(service.name)Environment: String, CaseIterable, Sendable") { p in
            for environment in environments {
                let name = Naming.identifier(fromWire: environment.name)
                if name == environment.name {
                    p.line("case \(Naming.escaped(name))")
                } else {
                    p.line("case \(Naming.escaped(name)) = \(SwiftLiteral.string(environment.name))")
                }
            }
            p.blank()
            p.block("\(access)var url: URL") { p in
                p.switchBlock("self") { p in
                    for environment in environments {
                        let name = Naming.member(Naming.identifier(fromWire: environment.name))
                        p.line("case .\(name): return URL(string: \(SwiftLiteral.string(environment.url)))!")
                    }
                }
            }
        }
    }

    /// The return type and the client call for an endpoint's response.
    func call(_ shape: EndpointShape, router: String) -> (returns: String?, expression: String) {
        let endpoint = "\(router)\(shape.constructor)"
        switch shape.endpoint.response {
        case .empty:
            return (nil, "try await client.send(\(endpoint), baseURL: baseURL)")
        case .data:
            return ("Data", "try await client.sendData(\(endpoint), baseURL: baseURL)")
        case .string:
            return ("String", "try await client.sendString(\(endpoint), baseURL: baseURL)")
        case .json(let type):
            return (context.swiftType(type), "try await client.send(\(endpoint), baseURL: baseURL, as: \(context.metatype(type)))")
        case .envelope(let type):
            return ("Envelope<\(context.swiftType(type))>", "try await client.sendEnvelope(\(endpoint), baseURL: baseURL, as: \(context.metatype(type)))")
        }
    }

    func deprecation(_ shape: EndpointShape) -> String? {
        switch shape.endpoint.deprecation {
        case nil: return nil
        case .deprecated?: return "@available(*, deprecated)"
        case .message(let message)?: return "@available(*, deprecated, message: \(SwiftLiteral.string(message)))"
        }
    }

    func renderMethod(_ shape: EndpointShape, router: String, into p: inout CodePrinter) {
        let (returns, expression) = call(shape, router: router)
        p.doc(shape.endpoint.summary, shape.endpoint.description)
        if let attribute = deprecation(shape) { p.line(text: attribute) }
        let signature = "\(context.access)func \(Naming.escaped(shape.caseName))(\(shape.declarationList)) async throws(APIError)"
        p.block(CodeLine(returns.map { "\(signature) -> \($0)" } ?? signature)) { p in
            p.line(text: expression)
        }
    }

    func renderCompletionMethod(_ shape: EndpointShape, into p: inout CodePrinter) {
        let (returns, _) = call(shape, router: "")
        let result = "Result<\(returns ?? "Void"), APIError>"
        var parameters = shape.declarationList
        parameters += (parameters.isEmpty ? "" : ", ") + "completion: @escaping @Sendable (\(result)) -> Void"
        let arguments = shape.parameters.map { "\(Naming.member($0.swiftName)): \(Naming.escaped($0.swiftName))" }.joined(separator: ", ")
        let call = "try await self.\(Naming.member(shape.caseName))(\(arguments))"
        p.doc("Calls `\(shape.caseName)` and reports the result to `completion`; cancel the returned task to cancel the request.")
        if let attribute = deprecation(shape) { p.line(text: attribute) }
        p.line("@discardableResult")
        p.block("\(context.access)func \(Naming.escaped(shape.caseName))(\(parameters)) -> Task<Void, Never>") { p in
            p.block("Task") { p in
                p.chain([
                    ("do throws(APIError)", { p in
                        if let returns {
                            p.line("let value: \(returns) = \(call)")
                            p.line("completion(.success(value))")
                        } else {
                            p.line(text: call)
                            p.line("completion(.success(()))")
                        }
                    }),
                    ("catch", { p in p.line("completion(.failure(error))") }),
                ])
            }
        }
    }
}
