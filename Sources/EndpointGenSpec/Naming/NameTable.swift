import EndpointGenSupport

/// One Swift identifier the generated code declares, and the spec place it comes from.
public struct SwiftName: Sendable, Hashable {
    /// The identifier, legal but not escaped (`class`, not `` `class` ``): renderers escape it
    /// where they declare it (`SwiftNaming.escaped`).
    public var name: String
    public var location: SourceLocation

    init(_ name: String, at location: SourceLocation) {
        self.name = name
        self.location = location
    }
}

/// A stable id of a spec element that gets a Swift name: what a renderer looks a name up by.
/// Services and models are named by their spec names (unique module-wide), their parts by
/// position in spec order.
public enum NameID: Hashable, Sendable {
    /// The type declared for a model.
    case type(model: String)
    /// A field of a struct model, or a case of an enum, `oneOf` or union model.
    case member(model: String, index: Int)
    /// An endpoint's router case and service method.
    case endpoint(service: String, index: Int)
    /// A parameter of an endpoint: path, query and header parameters in order, then the body.
    case parameter(service: String, endpoint: Int, index: Int)
    /// The struct generated for an endpoint's multipart body.
    case multipartType(service: String, endpoint: Int)
    /// A part of an endpoint's multipart body.
    case part(service: String, endpoint: Int, index: Int)
    /// A case of a service's environment enum.
    case environment(service: String, index: Int)
    /// A property of a service for a shared parameter (headers, then query).
    case sharedParameter(service: String, index: Int)
    /// The enum of an endpoint's per-status responses.
    case responsesType(service: String, endpoint: Int)
    /// A case of that enum, one per entry of `responses:` in spec order.
    case responseCase(service: String, endpoint: Int, index: Int)
}

/// The names of a model: its type, and its members (fields, or cases) in spec order.
public struct ModelNames: Sendable {
    public var type: SwiftName
    public var members: [SwiftName]
}

/// The names of one endpoint.
public struct EndpointNames: Sendable {
    /// The router case and service method.
    public var caseName: SwiftName
    /// Path, query and header parameters in order, then the body (label `body`) when there is one.
    public var parameters: [SwiftName]
    /// The struct of a multipart body, and its parts.
    public var multipartType: SwiftName?
    public var parts: [SwiftName]
    /// The enum of per-status responses, and its cases (one per entry of `responses:`, in order).
    public var responsesType: SwiftName?
    public var responseCases: [SwiftName] = []
}

/// The names of one service.
public struct ServiceNames: Sendable {
    public var endpoints: [EndpointNames]
    /// Each endpoint's index by its spec name (to name an endpoint of another service).
    public var endpointIndex: [String: Int]
    public var environments: [SwiftName]
    /// The service's stored properties for `parameters:` (headers, then query).
    public var sharedParameters: [SwiftName]
}

/// The output files of one spec file (before a long Models file is cut).
public struct FileNames: Sendable {
    /// `<Service>Router.swift`, `<Service>Service.swift`, `<Service>ServiceFake.swift` (only
    /// written with fakes on, but reserved always, so turning fakes on cannot make a clash).
    public var router: String?
    public var service: String?
    public var fake: String?
    /// What a Models file's name starts with: the service's name, or the upper-camel-cased file
    /// stem of a models-only spec (`<Stem>Models.swift`, `<Stem>Models-<First>.swift`).
    public var modelsStem: String
    public var location: SourceLocation
}

/// Every Swift identifier and file name the generated code will have, decided once by the
/// `Namer`, with the spec place behind each. Renderers look names up here; they never derive one.
public struct NameTable: Sendable {
    /// By spec model name.
    public internal(set) var models: [String: ModelNames] = [:]
    /// By service name.
    public internal(set) var services: [String: ServiceNames] = [:]
    /// By spec path.
    public internal(set) var files: [String: FileNames] = [:]

    init() {}

    /// The name of one element, or nil when the module has no such element.
    public subscript(id: NameID) -> SwiftName? {
        switch id {
        case .type(let model): return models[model]?.type
        case .member(let model, let index): return models[model]?.members.element(index)
        case .endpoint(let service, let index): return services[service]?.endpoints.element(index)?.caseName
        case .parameter(let service, let endpoint, let index):
            return services[service]?.endpoints.element(endpoint)?.parameters.element(index)
        case .multipartType(let service, let endpoint): return services[service]?.endpoints.element(endpoint)?.multipartType
        case .part(let service, let endpoint, let index): return services[service]?.endpoints.element(endpoint)?.parts.element(index)
        case .environment(let service, let index): return services[service]?.environments.element(index)
        case .sharedParameter(let service, let index): return services[service]?.sharedParameters.element(index)
        case .responsesType(let service, let endpoint): return services[service]?.endpoints.element(endpoint)?.responsesType
        case .responseCase(let service, let endpoint, let index):
            return services[service]?.endpoints.element(endpoint)?.responseCases.element(index)
        }
    }

    /// The Swift type name of a model (`Type` → `Type_`); the spec name when the table has no
    /// entry for it (a hand-built module in tests).
    public func typeName(_ model: String) -> String {
        models[model]?.type.name ?? Namer.typeName(model)
    }

    /// The case name of endpoint `endpoint` of service `service`, found by their spec names.
    public func caseName(ofEndpoint endpoint: String, inService service: String) -> String? {
        guard let names = services[service], let index = names.endpointIndex[endpoint] else { return nil }
        return names.endpoints[index].caseName.name
    }

    /// The member names of a model, in spec order (empty for an unknown model).
    public func memberNames(_ model: String) -> [String] {
        models[model]?.members.map(\.name) ?? []
    }

    /// The Swift name of a field wherever it is reached without its owner (a pagination path):
    /// fields are named by their own `name:` or wire name alone, so this is the table's name.
    public func fieldName(_ field: Field) -> String {
        Namer.memberName(override: field.swiftNameOverride, wire: field.wireName)
    }
}

extension Array {
    fileprivate func element(_ index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
