#if ImportSwift
import EndpointGenSupport
import SwiftSyntax

/// Types of the layer whose values are requests, recognised by their shape rather than their
/// protocol's name: an enum whose cases are requests, as Moya's `TargetType` and home-grown
/// copies of it (`path`, `method`, `task`) or an Alamofire router (`path`, `method`, and
/// `parameters` or `asURLRequest()`); or request types of one protocol, a struct per endpoint
/// (`struct WeatherRequest: BaseAPIRequest` with `path`, `method` and `typealias Response`).
struct Router {
    enum Style {
        /// `task` says what the request carries (`.requestParameters(…)`).
        case task
        /// `parameters` and an encoding (a property, or what `asURLRequest()` picks) say it.
        case parameters
        /// A struct per endpoint: its stored properties are the values, `queryItems`, `body` or
        /// `parameters` what it carries, `typealias Response` what it returns.
        case requestTypes
    }

    /// One request of a router: an enum case, or a request type read as one.
    struct Request {
        var item: EnumCaseDecl
        var owner: TypeDecl
        /// A request type's stored properties, by name → their position among the values.
        var instanceValues: [String: Int] = [:]
    }

    /// The enum, or for request types the first of them.
    var type: TypeDecl
    var style: Style
    /// The spec's service name (`AuthorizationEndpoints` → `Authorization`).
    var serviceName: String
    var requests: [Request]
    /// What the summary and messages call it: the enum, or the request types' protocol.
    var displayName: String

    /// Words routers' names end in that say nothing of the API (`GitHubAPI`, `UserRouter`).
    static let suffixes = ["TargetType", "Endpoints", "Endpoint", "Targets", "Target", "Routers", "Router", "Routes", "Route",
                           "APIs", "API", "Api", "Services", "Service", "Requests", "Request"]

    /// The routers among the index's enums, in declaration order.
    static func all(in index: SwiftIndex) -> [Router] {
        var routers: [Router] = []
        var taken: Set<String> = []
        for name in index.order {
            guard let type = index.types[name], type.kind == .enumType, !type.cases.isEmpty,
                  index.property("path", of: type) != nil, index.property("method", of: type) != nil else { continue }
            let style: Style
            if index.property("task", of: type) != nil {
                style = .task
            } else if index.function("asURLRequest", of: type) != nil || parametersProperty(of: type, in: index) != nil {
                style = .parameters
            } else {
                continue
            }
            var service = serviceName(for: type.name)
            while taken.contains(service) { service += "2" }
            taken.insert(service)
            let requests = type.cases.map { Request(item: $0, owner: type) }
            routers.append(Router(type: type, style: style, serviceName: service, requests: requests, displayName: type.qualifiedName))
        }
        for group in requestTypeGroups(in: index) {
            var service = serviceName(for: group.types.count == 1 ? group.types[0].name : group.name)
            while taken.contains(service) { service += "2" }
            taken.insert(service)
            routers.append(Router(type: group.types[0], style: .requestTypes, serviceName: service,
                                  requests: group.types.map(request(of:)), displayName: group.types.count == 1 ? group.types[0].qualifiedName : group.name))
        }
        return routers
    }

    /// Structs with a `path` and `method` they compute and a `Response` type, `queryItems`,
    /// `body` or `parameters`, grouped by the first protocol they conform to.
    private static func requestTypeGroups(in index: SwiftIndex) -> [(name: String, types: [TypeDecl])] {
        var groups: [(name: String, types: [TypeDecl])] = []
        for name in index.order {
            guard let type = index.types[name], type.kind == .structType || type.kind == .classType,
                  let path = index.property("path", of: type), !path.property.isStored || path.property.initializer != nil,
                  index.property("method", of: type) != nil,
                  type.typeAliases.contains(where: { $0.name == "Response" })
                    || ["queryItems", "body", "parameters"].contains(where: { index.property($0, of: type) != nil }) else { continue }
            let group = index.protocols(of: type).first?.name ?? type.name
            if let position = groups.firstIndex(where: { $0.name == group }) {
                groups[position].types.append(type)
            } else {
                groups.append((group, [type]))
            }
        }
        return groups
    }

    /// A request type as a case: its stored properties with a written type are its values
    /// (`let location: String`), named after them; the endpoint is named after the type
    /// (`WeatherRequest` → `weather`).
    private static func request(of type: TypeDecl) -> Request {
        var parameters: [EnumCaseDecl.Parameter] = []
        var positions: [String: Int] = [:]
        for property in type.properties where property.isStored && !property.isStatic {
            guard let written = property.type else { continue }
            positions[property.name] = parameters.count
            parameters.append(EnumCaseDecl.Parameter(label: property.name, type: written))
        }
        let name = SwiftNaming.lowerCamel(serviceName(for: type.name))
        let item = EnumCaseDecl(name: name.isEmpty ? "request" : name, parameters: parameters, rawValue: nil, node: type.node)
        return Request(item: item, owner: type, instanceValues: positions)
    }

    /// The property that holds an Alamofire router's parameters.
    static func parametersProperty(of type: TypeDecl, in index: SwiftIndex) -> String? {
        ["parameters", "params", "parameter", "bodyParameters", "queryParameters"].first { index.property($0, of: type) != nil }
    }

    static func serviceName(for typeName: String) -> String {
        var name = typeName
        for suffix in suffixes where name.hasSuffix(suffix) && name.count > suffix.count {
            name.removeLast(suffix.count)
            break
        }
        return SwiftNaming.typeName(SwiftNaming.upperCamel(name))
    }

    /// The spec file's name: the service's name in lower case (`GitHub` → `github.yaml`).
    static func fileName(for service: String) -> String {
        service.lowercased() + ".yaml"
    }
}
#endif
