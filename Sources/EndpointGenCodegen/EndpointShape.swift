import EndpointGenSpec

/// An endpoint's parameters as they appear on the router case and the service method:
/// path parameters in path order, query, header parameters, then `body`.
struct EndpointShape {
    enum Role {
        case path
        case query
        case header
        case body
    }

    struct Parameter {
        var role: Role
        var wireName: String
        var swiftName: String
        var type: String
        var defaultValue: String?
        var field: Field
    }

    var endpoint: Endpoint
    var caseName: String
    var parameters: [Parameter]
    /// The body's Swift type name when the body is a multipart struct generated for this endpoint.
    var multipartStructName: String?

    init(_ endpoint: Endpoint, context: inout Context) {
        self.endpoint = endpoint
        caseName = Naming.identifier(fromWire: endpoint.name)
        var fields: [(Role, Field)] = endpoint.pathParameters.map { (.path, $0) }
        fields += endpoint.query.map { (.query, $0) }
        fields += endpoint.headerParameters.map { (.header, $0) }
        var bodyType: String?
        switch endpoint.body {
        case .json(let type)?: bodyType = context.swiftType(type)
        case .form(let model)?: bodyType = Naming.typeName(model)
        case .multipart?:
            let name = Naming.upperCamel(endpoint.name) + "Request"
            multipartStructName = name
            bodyType = name
        case .raw?: bodyType = "Data"
        case nil: break
        }
        if bodyType != nil {
            fields.append((.body, Field(wireName: "body", type: .primitive(.string), location: endpoint.location)))
        }
        let names = context.fieldNames(fields.map(\.1), in: "the parameters of endpoint '\(endpoint.name)'")
        parameters = zip(fields, names).map { entry, swiftName in
            let (role, field) = entry
            if role == .body {
                return Parameter(role: role, wireName: "body", swiftName: swiftName, type: bodyType!, defaultValue: nil, field: field)
            }
            return Parameter(
                role: role, wireName: field.wireName, swiftName: swiftName, type: context.swiftType(field.type),
                defaultValue: context.parameterDefault(field), field: field
            )
        }
    }

    /// `label: Type = default, …` for declarations.
    var declarationList: String {
        parameters.map { parameter in
            var text = "\(Naming.escaped(parameter.swiftName)): \(parameter.type)"
            if let value = parameter.defaultValue { text += " = \(value)" }
            return text
        }.joined(separator: ", ")
    }

    /// `.name(label: label, …)` to build the case from same-named values.
    var constructor: String {
        guard !parameters.isEmpty else { return "." + Naming.member(caseName) }
        let arguments = parameters.map { "\(Naming.member($0.swiftName)): \(Naming.escaped($0.swiftName))" }
        return ".\(Naming.member(caseName))(\(arguments.joined(separator: ", ")))"
    }

    /// `case .name(let a, _, let c)` binding only what `used` names.
    func pattern(binding used: Set<String>) -> String {
        guard !parameters.isEmpty, !used.isEmpty else { return "." + Naming.member(caseName) }
        let bindings = parameters.map { used.contains($0.swiftName) ? "let \(Naming.escaped($0.swiftName))" : "_" }
        return ".\(Naming.member(caseName))(\(bindings.joined(separator: ", ")))"
    }
}
