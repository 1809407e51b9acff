import EndpointGenSpec

/// Renders the enum of an endpoint with `responses:` (`<Endpoint>Response`): a case per listed
/// status and the one initializer `APIClient.response(_:baseURL:cases:)` calls, a `switch` on the
/// status. Kept to that switch on purpose: big APIs have thousands of endpoints, and everything
/// else (redirects, retries, errors, envelopes) is the runtime's, once.
struct ResponseCasesRenderer {
    let context: Context

    /// `name` and `caseNames` (one per entry of `responses:`): the enum's names from the name table.
    func declaration(_ endpoint: SpecEndpoint, named name: String, cases caseNames: [String]) -> Declaration {
        var members: [Declaration] = []
        for (entry, caseName) in zip(endpoint.responses, caseNames) {
            members.append(Declaration(
                doc: ["Status \(entry.status.spelling)." + (entry.summary.map { " " + $0 } ?? "")],
                "case \(Naming.escaped(caseName))\(parenthesized: payloadType(entry.response))", tight: true))
        }
        members.append(Declaration(access: .written(context.access), "init?(_ response: ResponseReader) throws(APIError)", body: .statements { p in
            putSwitch(endpoint, caseNames: caseNames, into: &p)
        }))
        return Declaration(
            doc: ["What `\(endpoint.name)` answers, by status; a status not listed fails with `APIError.server`."],
            access: .written(context.typeModifiers), "enum \(name): StatusDecodable, Hashable", body: .members(members))
    }

    /// `switch response.status`: codes first, then classes, then `default`, as a switch takes the first match.
    private func putSwitch(_ endpoint: SpecEndpoint, caseNames: [String], into p: inout CodePrinter) {
        let checksEnvelope = endpoint.envelope?.success != nil
        p.switchBlock("response.status") { p in
            let named = Array(zip(endpoint.responses, caseNames))
            let ordered = named.filter { if case .code = $0.0.status { return true } else { return false } }
                + named.filter { if case .range = $0.0.status { return true } else { return false } }
                + named.filter { $0.0.status == .other }
            for (entry, caseName) in ordered {
                let pattern: String
                switch entry.status {
                case .code(let code): pattern = "case \(code)"
                case .range(let digit): pattern = "case \(digit)00..<\(digit + 1)00"
                case .other: pattern = "default"
                }
                let member = "." + Naming.member(caseName)
                if let read = readExpression(entry.response) {
                    p.line("\(pattern): self = \(member)(\(read))")
                } else if checksEnvelope, entry.status.isEnveloped {
                    // As `send` does for `empty`: an envelope saying `success: false` fails.
                    p.line("\(pattern):")
                    p.indented { p in
                        p.line("try response.checkEnvelope()")
                        p.line("self = \(member)")
                    }
                } else {
                    p.line("\(pattern): self = \(member)")
                }
            }
            if !endpoint.responses.contains(where: { $0.status == .other }) {
                p.line("default: return nil")
            }
        }
    }

    /// The case's associated type; nil for a status without a body.
    private func payloadType(_ response: SpecResponse) -> String? {
        switch response {
        case .empty, .stream, .download: return nil
        case .json(let type): return context.swiftType(type)
        case .envelope(let type): return "Envelope<\(context.swiftType(type))>"
        case .data: return "Data"
        case .string: return "String"
        }
    }

    /// How the body is read for the case (`try` where reading can fail).
    private func readExpression(_ response: SpecResponse) -> String? {
        switch response {
        case .empty, .stream, .download: return nil
        case .json(let type): return "try response.json(\(context.metatype(type)))"
        case .envelope(let type): return "try response.envelope(\(context.metatype(type)))"
        case .data: return "response.body"
        case .string: return "try response.text()"
        }
    }
}
