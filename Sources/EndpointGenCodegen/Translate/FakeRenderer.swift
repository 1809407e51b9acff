import EndpointGenSpec

/// Renders `<Service>ServiceFake` (with `--fakes`): a `<Service>ServiceProtocol` for tests of app
/// code, with a settable handler per method, every call recorded, and the spec's samples as the
/// answer of a method without a handler — so a test sets only what it is about.
struct FakeRenderer {
    let context: Context
    let service: Service
    let shapes: [EndpointShape]
    let calls: [ServiceRenderer.Call]
    /// Per shape, its pages method when it is paginated.
    let pages: [ServiceRenderer.Pages?]

    var typeName: String { service.name + "ServiceFake" }

    /// The class: `Call`, the state behind one lock, per endpoint its handlers and methods (its
    /// part: a big fake moves them to extensions in other files, as a Service's), and the helpers.
    func declarations() -> [Declaration] {
        var members = [callEnum] + state
        for index in shapes.indices {
            members += handlers(index)
        }
        for index in shapes.indices {
            members += methods(index)
        }
        members += helpers
        return [Declaration(
            doc: ["A test double of `\(service.name)ServiceProtocol` for tests of app code: each method answers with its handler when one is set, else with the spec's sample (as `StubTransport` does); every call is recorded in `calls`."],
            access: .written(context.typeModifiers), "final class \(typeName): \(service.name)ServiceProtocol, @unchecked Sendable",
            body: .members(members), extensionSignature: "extension \(typeName)")]
    }

    /// `enum Call`: a case per method (and pages method) with its arguments.
    private var callEnum: Declaration {
        var cases: [Declaration] = []
        for (shape, pages) in zip(shapes, pages) {
            for name in [shape.escapedCaseName] + (pages.map { [Naming.escaped($0.name)] } ?? []) {
                cases.append(Declaration("case \(name)\(parenthesized: shape.declarations(.requirement))", tight: true))
            }
        }
        return Declaration(doc: ["A call the fake received, with its arguments."], access: .written(context.access),
                           "enum Call: Hashable, Sendable", body: .members(cases))
    }

    /// The stored state (behind one lock: tests call the fake from many tasks at once), the
    /// initializer and `calls`.
    private var state: [Declaration] {
        let api = Declaration.Access.written(context.access)
        var members = [
            Declaration(access: .typePrivate, "let lock = NSLock()"),
            Declaration(access: .typePrivate, "var recorded: [Call] = []", tight: true),
        ]
        for (index, shape) in shapes.enumerated() {
            members.append(Declaration(access: .typePrivate, "var \(storageName(shape)): (\(handlerType(shape, calls[index])))?", tight: true))
            if let pages = pages[index] {
                members.append(Declaration(access: .typePrivate, "var \(storageName(shape, pages)): (\(handlerType(shape, pages)))?", tight: true))
            }
        }
        // The samples come from the router through a stub transport, as a real service's
        // calls would go, without the service's own parameters.
        members.append(Declaration(access: .typePrivate, "let samples = APIClient(transport: StubTransport())", tight: true))
        members.append(Declaration(access: .typePrivate, "static let sampleURL = URL(string: \"https://fake.invalid\")!", tight: true))
        members.append(Declaration(doc: ["A fake whose methods answer with the spec's samples until handlers are set."], access: api, "init() {}"))
        members.append(Declaration(doc: ["Every call so far, in order."], access: api, "var calls: [Call] { locked { recorded } }"))
        return members
    }

    /// The settable handler of an endpoint, and of its pages method.
    private func handlers(_ index: Int) -> [Declaration] {
        let shape = shapes[index]
        var members = [handler(
            doc: "Answers `\(shape.caseName)` instead of the sample, with the call's arguments.", name: handlerName(shape),
            storage: storageName(shape), type: handlerType(shape, calls[index])).inPart(shape.caseName)]
        if let pages = pages[index] {
            members.append(handler(
                doc: "Answers `\(pages.name)` instead of one page holding the sample, with the call's arguments.",
                name: handlerName(shape, pages), storage: storageName(shape, pages), type: handlerType(shape, pages)).inPart(shape.caseName))
        }
        return members
    }

    private func handler(doc: String, name: String, storage: String, type: String) -> Declaration {
        Declaration(doc: [doc], access: .written(context.access), "var \(name): (\(type))?", body: .statements { p in
            p.line("get { locked { \(storage) } }")
            p.line("set { locked { \(storage) = newValue } }")
        })
    }

    /// The method of an endpoint, and its pages method.
    private func methods(_ index: Int) -> [Declaration] {
        let shape = shapes[index]
        var members = [method(shape, call: calls[index]).inPart(shape.caseName)]
        if let pages = pages[index] {
            members.append(pagesMethod(shape, pages).inPart(shape.caseName))
        }
        return members
    }

    /// `answer` (a handler's errors as `APIError`) and `locked`.
    private var helpers: [Declaration] {
        [
            Declaration(
                doc: ["A handler's result; an error that is not an `APIError` becomes `.transport(.other)`, cancellation `.cancelled`."],
                access: .typePrivate, "static func answer<Value>(_ handler: () async throws -> Value) async throws(APIError) -> Value",
                body: .statements { p in
                    p.chain([
                        ("do", { p in p.line("return try await handler()") }),
                        ("catch let error as APIError", { p in p.line("throw error") }),
                        ("catch is CancellationError", { p in p.line("throw .cancelled") }),
                        ("catch", { p in p.line("throw .transport(.other(code: -1, description: String(describing: error)))") }),
                    ])
                }),
            Declaration(access: .typePrivate, "func locked<Value>(_ body: () -> Value) -> Value", body: .statements { p in
                p.line("lock.lock()")
                p.line("defer { lock.unlock() }")
                p.line("return body()")
            }),
        ]
    }

    private func handlerName(_ shape: EndpointShape) -> String {
        Naming.member(shape.caseName + "Handler")
    }

    private func storageName(_ shape: EndpointShape) -> String {
        "_" + shape.caseName + "Handler"
    }

    private func handlerName(_ shape: EndpointShape, _ pages: ServiceRenderer.Pages) -> String {
        Naming.member(pages.name + "Handler")
    }

    private func storageName(_ shape: EndpointShape, _ pages: ServiceRenderer.Pages) -> String {
        "_" + pages.name + "Handler"
    }

    /// A pages handler returns the sequence, as a stream's does (`APIPages([page1, page2], items: { $0.data })`).
    private func handlerType(_ shape: EndpointShape, _ pages: ServiceRenderer.Pages) -> String {
        "@Sendable (\(shape.parameters.map(\.type).joined(separator: ", "))) -> \(pages.returns)"
    }

    /// Records the call; answers with the handler, else with one page: the sample, read through the
    /// stub transport as the one-page method reads it.
    private func pagesMethod(_ shape: EndpointShape, _ pages: ServiceRenderer.Pages) -> Declaration {
        Declaration(access: .written(context.access), "func \(Naming.escaped(pages.name))(\(shape.declarations(.requirement))) -> \(pages.returns)", body: .statements { p in
            renderRecordAndHandler(shape, call: pages.name, handler: handlerName(shape, pages),
                                   arguments: shape.parameters.map(\.escapedName), awaits: false, into: &p)
            let items = ServiceRenderer.items(pages.pagination, names: context.names)
            p.line("return APIPages(client: self.samples, baseURL: Self.sampleURL, first: \(service.name)Router\(shape.constructor), items: { \(items) }) { _ in nil }")
        })
    }

    /// Records the call as `.name(…)`; answers with `handler` when it is set, passing it `arguments`
    /// (with `awaits`, through `answer`).
    private func renderRecordAndHandler(_ shape: EndpointShape, call name: String, handler property: String,
                                        arguments: [String], awaits: Bool, into p: inout CodePrinter) {
        // Members through `self`: a parameter may be named like one.
        p.line("self.locked { self.recorded.append(.\(Naming.member(name))\(parenthesized: shape.arguments())) }")
        let handler = shape.local("handler")
        if awaits {
            p.line("if let \(handler) = self.\(property) { return try await Self.answer { try await \(handler)(\(joined: arguments)) } }")
        } else {
            p.line("if let \(handler) = self.\(property) { return \(handler)(\(joined: arguments)) }")
        }
    }

    /// `@Sendable (A, B) async throws -> R`: untyped, so that a test writes `{ throw .server(…) }`
    /// without annotating the closure (Swift does not infer a closure's thrown type yet).
    private func handlerType(_ shape: EndpointShape, _ call: ServiceRenderer.Call) -> String {
        let parameters = shape.methodParameterTypes.joined(separator: ", ")
        if call.isStream { return "@Sendable (\(parameters)) -> \(call.returns ?? "Void")" }
        return "@Sendable (\(parameters)) async throws -> \(call.returns ?? "Void")"
    }

    private func method(_ shape: EndpointShape, call: ServiceRenderer.Call) -> Declaration {
        Declaration(access: .written(context.access), "func \(shape.escapedCaseName)(\(shape.declarations(.requirement, transfer: true)))\(call.effects)", body: .statements { p in
            renderRecordAndHandler(shape, call: shape.caseName, handler: handlerName(shape),
                                   arguments: shape.methodParameterNames, awaits: !call.isStream, into: &p)
            // A download without a handler writes the sample to the destination.
            p.line("return \(if: !call.isStream, "try await ")self.samples.\(call.method)(\(service.name)Router\(shape.constructor), baseURL: Self.sampleURL\(call.trailingArguments(shape)))\(if: call.isDownload, ".value")")
        })
    }
}
