import EndpointGenSupport

extension NamerPass {
    /// A service's endpoints (cases and methods, their parameters, multipart structs),
    /// environments and shared parameters.
    mutating func name(_ service: Service) {
        var endpoints: [EndpointNames] = []
        endpoints.reserveCapacity(service.endpoints.count)
        for endpoint in service.endpoints {
            endpoints.append(names(of: endpoint, in: service))
        }
        var environments: [SwiftName] = []
        if case .environments(let list) = service.baseURL {
            for environment in list {
                if Namer.environmentMembers.contains(environment.name) {
                    diagnostics.error(
                        "environment name '\(environment.name)' is reserved: the generated environment type has a member '\(environment.name)'",
                        at: environment.location)
                }
                environments.append(SwiftName(SwiftNaming.identifier(fromWire: environment.name), at: environment.location))
            }
        }
        var index: [String: Int] = [:]
        for (position, endpoint) in service.endpoints.enumerated() { index[endpoint.name] = position }
        table.services[service.name] = ServiceNames(
            endpoints: endpoints, endpointIndex: index, environments: environments, sharedParameters: sharedParameterNames(service))
    }

    private mutating func names(of endpoint: SpecEndpoint, in service: Service) -> EndpointNames {
        func what() -> String { "endpoint '\(endpoint.name)'" }
        if Namer.endpointMembers.contains(endpoint.name) {
            diagnostics.error(
                "endpoint name '\(endpoint.name)' is reserved: the generated router or service has a member '\(endpoint.name)'",
                at: endpoint.location)
        }
        var parameters = fieldNames(endpoint.pathParameters + endpoint.query + endpoint.headerParameters, kind: "parameters", owner: what())
        var multipartType: SwiftName?
        var parts: [SwiftName] = []
        if let body = endpoint.body {
            let bodyLocation = endpoint.bodyLocation ?? endpoint.location
            let lists = [("path parameter", endpoint.pathParameters), ("query parameter", endpoint.query), ("header parameter", endpoint.headerParameters)]
            for (kind, list) in lists {
                for field in list where Namer.memberName(override: field.swiftNameOverride, wire: field.wireName) == GeneratedCodeContract.bodyLabel {
                    diagnostics.error(
                        "\(kind) '\(field.wireName)' of \(what()) becomes 'body' in Swift, the label of the request body; give it another 'name:' in the long form",
                        at: field.location, notes: [.note("the body is here", at: bodyLocation)])
                }
            }
            parameters.append(SwiftName(GeneratedCodeContract.bodyLabel, at: bodyLocation))
            if case .multipart(let fields) = body {
                let name = endpoint.typePrefix.map { $0 + "Request" } ?? Namer.endpointTypeName(endpoint.name, "Request")
                if let model = table.models[name] {
                    diagnostics.error(
                        "endpoint '\(endpoint.name)' has a multipart body whose type would be named '\(name)', but a model has that name",
                        at: endpoint.location, notes: [.note("model '\(name)' is defined here", at: model.type.location)])
                } else if let other = multipartTypes[name] {
                    diagnostics.error(
                        "endpoint '\(endpoint.name)' has a multipart body whose type would be named '\(name)', as does endpoint '\(other.endpoint)' of service '\(other.service)'; rename one or give it a 'typePrefix'",
                        at: endpoint.location, notes: [.note("endpoint '\(other.endpoint)' is here", at: other.location)])
                } else if let reason = reservedTypes[name] {
                    diagnostics.error(
                        "endpoint '\(endpoint.name)' has a multipart body whose type would be named '\(name)', a reserved name: \(reason); rename the endpoint or give it another 'typePrefix'",
                        at: endpoint.location)
                } else {
                    multipartTypes[name] = (endpoint.name, service.name, endpoint.location)
                }
                multipartType = SwiftName(name, at: bodyLocation)
                parts = fieldNames(fields, kind: "parts", owner: "the multipart body of \(what())")
                checkStorageNames(fields, parts, owner: name) { _ in false }
            }
        }
        let responses = endpoint.responsesTypeName.map { SwiftName(Namer.typeName($0), at: endpoint.responsesLocation ?? endpoint.location) }
        return EndpointNames(
            caseName: SwiftName(SwiftNaming.identifier(fromWire: endpoint.name), at: endpoint.location),
            parameters: parameters, multipartType: multipartType, parts: parts, responsesType: responses,
            responseCases: endpoint.responses.map { SwiftName(Namer.responseCaseName($0.status), at: $0.location) })
    }

    /// The service's properties for `parameters:`: headers, then query items, never the
    /// service's own `client` or `baseURL`, nor with `environments` the initializer's
    /// `environment` (those get `Value` appended, which must be no other parameter's name).
    private mutating func sharedParameterNames(_ service: Service) -> [SwiftName] {
        let fields = service.sharedHeaders + service.sharedQuery
        var names = fieldNames(fields, kind: "parameters", owner: "service '\(service.name)'")
        var reserved = GeneratedCodeContract.serviceProperties
        if case .environments = service.baseURL { reserved.append(GeneratedCodeContract.environmentLabel) }
        for index in names.indices where reserved.contains(names[index].name) {
            let own = names[index].name
            names[index].name += "Value"
            guard let other = names.indices.first(where: { $0 != index && names[$0].name == names[index].name }) else { continue }
            let whose = own == GeneratedCodeContract.environmentLabel ? "the initializer's" : "the service's own"
            diagnostics.error(
                "parameter '\(fields[index].wireName)' of service '\(service.name)' becomes '\(names[index].name)' in Swift (not \(whose) '\(own)'), as does parameter '\(fields[other].wireName)'; give one another 'name:' in the long form",
                at: fields[index].location, notes: [.note("'\(fields[other].wireName)' is here", at: fields[other].location)])
        }
        return names
    }
}
