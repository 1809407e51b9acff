import EndpointGenSpec

/// An endpoint's parameters as they appear on the router case and the service method:
/// path parameters in path order, query, header parameters, then `body`.
///
/// Names are escaped once here; the parameter lists are pieces of a line (`CodeLine`), written
/// for every endpoint up to six times. A class: renderers pass shapes around in loops, and a copy
/// of a struct holding a whole `SpecEndpoint` costs a retain per member.
final class EndpointShape {
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
        /// `swiftName` as written in declarations and patterns (backticks for keywords).
        var escapedName: String
        var type: String
        var defaultValue: String?
        /// The type is optional: the argument may be nil, and nothing is sent then.
        var optional: Bool
        /// How a `Date` or `[Date]` value is written when not as ISO 8601 through `ParameterValue`:
        /// the parameter's `dateEncoding:`, else the service's.
        var dates: DateEncodingSetting? = nil
        /// The dates are a list (`[Date]`).
        var isDateList = false
        /// A struct model in the query: written field by field in its style (`created[gte]=1`).
        var isObject = false
        /// The argument label when it is not the name (`to destination: URL`).
        var label: String? = nil
        /// The spec's `summary` of the parameter, listed in the method's doc comment.
        var summary: String? = nil

        /// The value as generated code passes it to the runtime: dates in their encoding.
        var valueExpression: String {
            guard let dates else { return escapedName }
            return DateRendering.value(escapedName, optional: optional, list: isDateList, dates)
        }

        /// `label name: Type = default` in a declaration (the default when asked and there is one).
        func declaration(withDefault: Bool) -> CodeLine {
            let declared: CodeLine = "\(escapedName): \(type)\(prefix: " = ", withDefault ? defaultValue : nil)"
            guard let label else { return declared }
            return "\(label) \(declared)"
        }
    }

    let endpoint: SpecEndpoint
    let caseName: String
    let escapedCaseName: String
    let parameters: [Parameter]
    /// What a download's method takes after the router's parameters: `to destination: URL,
    /// progress: TransferProgressHandler? = nil`; an upload's (a file body): `progress:` (not part
    /// of the router case, nor of a fake's call record).
    let transfer: [Parameter]
    /// The body's Swift type name when the body is a multipart struct generated for this endpoint.
    let multipartStructName: String?

    /// The names of the endpoint and its parameters, from the name table.
    let names: EndpointNames

    init(_ endpoint: SpecEndpoint, names: EndpointNames, serviceDates: DateEncodingSetting? = nil, context: Context) {
        self.endpoint = endpoint
        self.names = names
        caseName = names.caseName.name
        escapedCaseName = Naming.escaped(caseName)
        var bodyType: String?
        switch endpoint.body {
        case .json(let type)?: bodyType = context.swiftType(type)
        case .form(let model)?: bodyType = context.names.typeName(model)
        case .multipart?: bodyType = names.multipartType?.name
        case .raw?: bodyType = "Data"
        case .file?: bodyType = "URL"
        case nil: break
        }
        multipartStructName = names.multipartType?.name
        var fields: [Field] = []
        fields.reserveCapacity(endpoint.pathParameters.count + endpoint.query.count + endpoint.headerParameters.count + 1)
        fields += endpoint.pathParameters
        fields += endpoint.query
        fields += endpoint.headerParameters
        if bodyType != nil {
            fields.append(Field(wireName: "body", type: .primitive(.string), location: endpoint.location))
        }
        let queryStart = endpoint.pathParameters.count
        let headerStart = queryStart + endpoint.query.count
        let bodyIndex = headerStart + endpoint.headerParameters.count
        var parameters: [Parameter] = []
        parameters.reserveCapacity(fields.count)
        for index in fields.indices {
            let swiftName = names.parameters[index].name
            if index == bodyIndex {
                parameters.append(Parameter(
                    role: .body, wireName: "body", swiftName: swiftName, escapedName: Naming.escaped(swiftName),
                    type: bodyType!, defaultValue: nil, optional: false))
                continue
            }
            let role: Role = index < queryStart ? .path : index < headerStart ? .query : .header
            parameters.append(Parameter(
                role: role, wireName: fields[index].wireName, swiftName: swiftName, escapedName: Naming.escaped(swiftName),
                type: context.swiftType(fields[index].type), defaultValue: context.parameterDefault(fields[index]),
                optional: fields[index].type.isOptional,
                dates: DateRendering.encoding(of: fields[index], serviceDates: serviceDates),
                isDateList: fields[index].type.unwrapped != .primitive(.date),
                isObject: role == .query && context.isStructModel(fields[index].type.unwrapped, orListOfThem: true),
                summary: fields[index].summary))
        }
        self.parameters = parameters
        if endpoint.response == .download {
            func unused(_ preferred: String) -> String {
                Naming.unused(preferred) { name in parameters.contains { $0.swiftName == name } }
            }
            let destination = unused("destination")
            let progress = unused("progress")
            transfer = [
                Parameter(role: .body, wireName: "", swiftName: destination, escapedName: Naming.escaped(destination),
                          type: "URL", defaultValue: nil, optional: false, label: "to"),
                Parameter(role: .body, wireName: "", swiftName: progress, escapedName: Naming.escaped(progress),
                          type: "TransferProgressHandler?", defaultValue: "nil", optional: true,
                          label: progress == "progress" ? nil : "progress"),
            ]
        } else if case .file? = endpoint.body {
            let progress = Naming.unused("progress") { name in parameters.contains { $0.swiftName == name } }
            transfer = [
                Parameter(role: .body, wireName: "", swiftName: progress, escapedName: Naming.escaped(progress),
                          type: "TransferProgressHandler?", defaultValue: "nil", optional: true,
                          label: progress == "progress" ? nil : "progress"),
            ]
        } else {
            transfer = []
        }
    }

    func has(_ role: Role) -> Bool {
        parameters.contains { $0.role == role }
    }

    /// A name for a local of generated code that no parameter in scope shadows or is shadowed
    /// by: all parameters, or only those of `role` (the ones a `switch` case binds).
    func local(_ preferred: String, among role: Role? = nil) -> String {
        Naming.unused(preferred) { name in
            parameters.contains { (role == nil || $0.role == role) && $0.swiftName == name }
                || (role == nil && transfer.contains { $0.swiftName == name })
        }
    }

    /// Whether some parameter has a default (an optional's `nil` or the spec's `default`).
    var hasDefaults: Bool {
        parameters.contains { $0.defaultValue != nil } || transfer.contains { $0.defaultValue != nil }
    }

    /// The types of the method's parameters, transfer ones included, for a fake's handler.
    var methodParameterTypes: [String] { (parameters + transfer).map(\.type) }

    /// The names of the method's parameters, transfer ones included.
    var methodParameterNames: [String] { (parameters + transfer).map(\.escapedName) }

    /// Which parameters a declaration lists, and how.
    enum DeclarationStyle {
        /// `label: Type = default` for every parameter: the service method.
        case withDefaults
        /// `label: Type` for every parameter: a protocol requirement (which cannot have defaults).
        case requirement
    }

    /// `label: Type = default, …` for declarations; a method's (`transfer`) ends with a download's
    /// destination and progress handler.
    func declarations(_ style: DeclarationStyle = .withDefaults, transfer includesTransfer: Bool = false) -> CodeLine {
        "\(includesTransfer ? parameters + transfer : parameters, each: { $0.declaration(withDefault: style == .withDefaults) })"
    }

    /// `label: label, …`: the arguments passing same-named values on; with `transfer`, a
    /// download's destination and progress handler too (a method's arguments, not the router case's).
    func arguments(transfer includesTransfer: Bool = false) -> CodeLine {
        "\(includesTransfer ? parameters + transfer : parameters, each: { "\($0.label ?? Naming.member($0.swiftName)): \($0.escapedName)" })"
    }

    /// `.name(label: label, …)` to build the case from same-named values.
    var constructor: CodeLine { ".\(Naming.member(caseName))\(parenthesized: arguments())" }

    /// `.name(let a, _, let c)` binding the parameters of one role (`.name` when it has none).
    func pattern(binding role: Role) -> CodeLine {
        guard has(role) else { return ".\(Naming.member(caseName))" }
        return ".\(Naming.member(caseName))(\(parameters, each: { $0.role == role ? "let \($0.escapedName)" : "_" }))"
    }
}
