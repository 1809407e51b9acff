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

    func render(into p: inout CodePrinter) {
        render(split: false, into: &p)
    }

    /// With `split`, the head alone: the class with `Call`, its stored properties and helpers,
    /// internal rather than private since the handlers and methods that use them go to extensions
    /// in other files (`parts`, cut as a Service is: `EndpointFiles`).
    func renderHead(into p: inout CodePrinter) {
        render(split: true, into: &p)
    }

    private func render(split: Bool, into p: inout CodePrinter) {
        p.doc(
            "A test double of `\(service.name)ServiceProtocol` for tests of app code: each method answers with its handler when one is set, else with the spec's sample (as `StubTransport` does); every call is recorded in `calls`.")
        p.block("\(context.typeModifiers)final class \(typeName): \(service.name)ServiceProtocol, @unchecked Sendable") { p in
            renderCallEnum(into: &p)
            p.blank()
            renderState(hidden: split ? "" : "private ", into: &p)
            if !split {
                for index in shapes.indices {
                    p.blank()
                    renderHandlers(index, into: &p)
                }
                for index in shapes.indices {
                    p.blank()
                    renderMethods(index, into: &p)
                }
            }
            p.blank()
            renderHelpers(hidden: split ? "" : "private ", into: &p)
        }
    }

    /// Per endpoint, what `renderHead` leaves out: its handler properties and methods, for an
    /// extension (`layout`).
    func parts() -> [EndpointFiles.Part] {
        var p = CodePrinter()
        var parts: [EndpointFiles.Part] = []
        p.block("extension \(typeName)") { p in
            for index in shapes.indices {
                p.blank()
                let start = p.offset
                renderHandlers(index, into: &p)
                p.blank()
                renderMethods(index, into: &p)
                parts.append(EndpointFiles.Part(name: shapes[index].caseName, sections: [p.text(in: start..<p.offset)]))
            }
        }
        return parts
    }

    var layout: EndpointFiles.Layout {
        EndpointFiles.Layout(sections: ["extension \(typeName)"])
    }

    /// `enum Call`: a case per method (and pages method) with its arguments.
    private func renderCallEnum(into p: inout CodePrinter) {
        p.doc("A call the fake received, with its arguments.")
        p.block("\(context.access)enum Call: Hashable, Sendable") { p in
            for (shape, pages) in zip(shapes, pages) {
                for name in [shape.escapedCaseName] + (pages.map { [Naming.escaped($0.name)] } ?? []) {
                    p.line("case \(name)\(parenthesized: shape.declarations(.requirement))")
                }
            }
        }
    }

    /// The stored state (behind one lock), the initializer and `calls`; `hidden` is the access
    /// of the state.
    private func renderState(hidden: String, into p: inout CodePrinter) {
        let access = context.access
        // All state behind one lock: tests call the fake from many tasks at once.
        p.line("\(hidden)let lock = NSLock()")
        p.line("\(hidden)var recorded: [Call] = []")
        for (index, shape) in shapes.enumerated() {
            p.line("\(hidden)var \(storageName(shape)): (\(handlerType(shape, calls[index])))?")
            if let pages = pages[index] {
                p.line("\(hidden)var \(storageName(shape, pages)): (\(handlerType(shape, pages)))?")
            }
        }
        // The samples come from the router through a stub transport, as a real service's
        // calls would go, without the service's own parameters.
        p.line("\(hidden)let samples = APIClient(transport: StubTransport())")
        p.line("\(hidden)static let sampleURL = URL(string: \"https://fake.invalid\")!")
        p.blank()
        p.doc("A fake whose methods answer with the spec's samples until handlers are set.")
        p.line("\(access)init() {}")
        p.blank()
        p.doc("Every call so far, in order.")
        p.line("\(access)var calls: [Call] { locked { recorded } }")
    }

    /// The settable handler of an endpoint, and of its pages method.
    private func renderHandlers(_ index: Int, into p: inout CodePrinter) {
        let access = context.access
        let shape = shapes[index]
        p.doc("Answers `\(shape.caseName)` instead of the sample, with the call's arguments.")
        p.block("\(access)var \(handlerName(shape)): (\(handlerType(shape, calls[index])))?") { p in
            p.line("get { locked { \(storageName(shape)) } }")
            p.line("set { locked { \(storageName(shape)) = newValue } }")
        }
        if let pages = pages[index] {
            p.blank()
            p.doc("Answers `\(pages.name)` instead of one page holding the sample, with the call's arguments.")
            p.block("\(access)var \(handlerName(shape, pages)): (\(handlerType(shape, pages)))?") { p in
                p.line("get { locked { \(storageName(shape, pages)) } }")
                p.line("set { locked { \(storageName(shape, pages)) = newValue } }")
            }
        }
    }

    /// The method of an endpoint, and its pages method.
    private func renderMethods(_ index: Int, into p: inout CodePrinter) {
        renderMethod(shapes[index], call: calls[index], into: &p)
        if let pages = pages[index] {
            p.blank()
            renderPagesMethod(shapes[index], pages, into: &p)
        }
    }

    /// `answer` (a handler's errors as `APIError`) and `locked`, of access `hidden`.
    private func renderHelpers(hidden: String, into p: inout CodePrinter) {
        p.doc("A handler's result; an error that is not an `APIError` becomes `.transport(.other)`, cancellation `.cancelled`.")
        p.block("\(hidden)static func answer<Value>(_ handler: () async throws -> Value) async throws(APIError) -> Value") { p in
            p.chain([
                ("do", { p in p.line("return try await handler()") }),
                ("catch let error as APIError", { p in p.line("throw error") }),
                ("catch is CancellationError", { p in p.line("throw .cancelled") }),
                ("catch", { p in p.line("throw .transport(.other(code: -1, description: String(describing: error)))") }),
            ])
        }
        p.blank()
        p.block("\(hidden)func locked<Value>(_ body: () -> Value) -> Value") { p in
            p.line("lock.lock()")
            p.line("defer { lock.unlock() }")
            p.line("return body()")
        }
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
    private func renderPagesMethod(_ shape: EndpointShape, _ pages: ServiceRenderer.Pages, into p: inout CodePrinter) {
        p.block("\(context.access)func \(Naming.escaped(pages.name))(\(shape.declarations(.requirement))) -> \(pages.returns)") { p in
            renderRecordAndHandler(shape, call: pages.name, handler: handlerName(shape, pages),
                                   arguments: shape.parameters.map(\.escapedName), awaits: false, into: &p)
            let items = ServiceRenderer.items(pages.pagination, names: context.names)
            p.line("return APIPages(client: self.samples, baseURL: Self.sampleURL, first: \(service.name)Router\(shape.constructor), items: { \(items) }) { _ in nil }")
        }
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

    private func renderMethod(_ shape: EndpointShape, call: ServiceRenderer.Call, into p: inout CodePrinter) {
        p.block("\(context.access)func \(shape.escapedCaseName)(\(shape.declarations(.requirement, transfer: true)))\(call.effects)") { p in
            renderRecordAndHandler(shape, call: shape.caseName, handler: handlerName(shape),
                                   arguments: shape.methodParameterNames, awaits: !call.isStream, into: &p)
            // A download without a handler writes the sample to the destination.
            p.line("return \(if: !call.isStream, "try await ")self.samples.\(call.method)(\(service.name)Router\(shape.constructor), baseURL: Self.sampleURL\(call.trailingArguments(shape)))\(if: call.isDownload, ".value")")
        }
    }
}
