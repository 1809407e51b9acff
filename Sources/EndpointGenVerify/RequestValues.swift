import EndpointGenSpec
import EndpointGenSupport
import EndpointGenYAML

/// The values verify fills requests with: from a values file (`--values`, YAML) and `--param`,
/// the latter winning. They are kept out of the spec on purpose: ids that exist on one server
/// and not on another, per environment, and never a credential.
///
/// ```yaml
/// Movie:                      # the service's shared parameters (its `parameters:`)
///   api-version: "2024-01-01"
/// Movie.getMovie:             # an endpoint's path, query and header parameters, by wire name
///   id: 550
/// Movie.getMovies:
///   with_genres: [12, 16]     # an array parameter
/// Movie.createList:
///   body: { name: Favourites }  # its JSON or form body (sent only with --allow-unsafe)
/// Account.signIn:             # a login's body: a credential is a reference to the environment
///   body: { email: "${ENDPOINTGEN_VERIFY_USER}", password: "${ENDPOINTGEN_VERIFY_PASSWORD}" }
/// ```
///
/// A body's string that is exactly `${NAME}` takes the value of environment variable `NAME`,
/// which must start with `ENDPOINTGEN_VERIFY_`: a login's credentials stay out of the file, and
/// the other variables of the environment stay out of requests.
public struct RequestValues: Sendable {
    /// A parameter's value: one text, or the elements of an array parameter.
    enum Value: Sendable, Equatable {
        case text(String)
        case list([String])
        /// A mapping (or a list that holds one) for a map or object parameter, sent field by field
        /// as the generated code sends it (`filter[status]=open`).
        case structured(JSONDocument)

        var texts: [String] {
            switch self {
            case .text(let text): return [text]
            case .list(let list): return list
            case .structured: return []
            }
        }
    }

    /// `Service` or `Service.endpoint` → wire name → value.
    var parameters: [String: [String: Value]] = [:]
    /// `Service.endpoint` → its body.
    var bodies: [String: JSONDocument] = [:]

    public init() {}

    /// The value of parameter `name` of `endpoint` (`Movie.getMovie`), else of its service.
    func value(_ name: String, endpoint: String, service: String) -> Value? {
        parameters[endpoint]?[name] ?? parameters[service]?[name]
    }

    /// Reads the values file (its path as shown in diagnostics, and its bytes) and the `--param`
    /// arguments, checked against the module: a service, endpoint or parameter it does not have is
    /// an error at its place (with a did-you-mean), so a typo never silently leaves a value out.
    public static func load(file: (path: String, bytes: [UInt8])?, params: [String], module: SpecModule,
                            environment: [String: String] = [:]) -> (RequestValues, [Diagnostic]) {
        var values = RequestValues()
        values.environment = environment
        var diagnostics = DiagnosticBag()
        let services = Dictionary(module.files.compactMap(\.service).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        if let file {
            values.read(file, services: services, diagnostics: &diagnostics)
        }
        for argument in params {
            values.read(param: argument, services: services, diagnostics: &diagnostics)
        }
        return (values, diagnostics.sorted)
    }

    // MARK: - The file

    private mutating func read(_ file: (path: String, bytes: [UInt8]), services: [String: Service], diagnostics: inout DiagnosticBag) {
        let yaml = YAMLLoader.load(file.bytes, file: file.path, options: .spec)
        diagnostics.append(contentsOf: yaml.diagnostics)
        guard !yaml.hasErrors, let root = yaml.documents.first else { return }
        if root.isPlainNull { return }
        guard let mapping = root.mapping else {
            diagnostics.error("a values file is a mapping of 'Service' and 'Service.endpoint' to values", at: root.mark.location(in: file.path))
            return
        }
        for pair in mapping {
            let at = pair.key.mark.location(in: file.path)
            guard let key = pair.key.scalar?.value else { continue }
            guard let target = Self.target(key, services: services, at: at, diagnostics: &diagnostics) else { continue }
            if pair.value.isPlainNull { continue }
            guard let entries = pair.value.mapping else {
                diagnostics.error("the values of '\(key)' must be a mapping of parameter names to values", at: pair.value.mark.location(in: file.path))
                continue
            }
            for entry in entries {
                let entryAt = entry.key.mark.location(in: file.path)
                guard let name = entry.key.scalar?.value else { continue }
                if let endpoint = target.endpoint, name == "body", endpoint.body != nil {
                    bodies[key] = body(entry.value, file: file.path, diagnostics: &diagnostics)
                    continue
                }
                guard Self.checkParameter(name, of: target, at: entryAt, diagnostics: &diagnostics) else { continue }
                if entry.value.isPlainNull { continue }
                if let scalar = entry.value.scalar {
                    parameters[key, default: [:]][name] = .text(scalar.value)
                } else if let sequence = entry.value.sequence, sequence.allSatisfy({ $0.scalar != nil }) {
                    parameters[key, default: [:]][name] = .list(sequence.map { $0.scalar!.value })
                } else {
                    parameters[key, default: [:]][name] = .structured(JSONDocument(json: entry.value))
                }
            }
        }
    }

    // MARK: - --param

    private mutating func read(param argument: String, services: [String: Service], diagnostics: inout DiagnosticBag) {
        let place = SourceLocation(file: "--param", line: 0, column: 0)
        guard let equals = argument.firstIndex(of: "=") else {
            diagnostics.error("'\(argument)' is not Service.endpoint.name=value (or Service.name=value for a shared parameter)", at: place)
            return
        }
        let name = argument[..<equals]
        let value = String(argument[argument.index(after: equals)...])
        let parts = name.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let service = services[String(parts[0])] else {
            let hint = DidYouMean.suggestion(for: String(parts[0]), among: Array(services.keys)).map { "; did you mean '\($0)'?" } ?? ""
            diagnostics.error("'\(name)' names no service of the specs\(hint)", at: place)
            return
        }
        // `Service.endpoint.name` when the second part is one of its endpoints, else `Service.name`.
        let rest = parts[1]
        var key = service.name
        var parameter = String(rest)
        var target = Target(service: service, endpoint: nil)
        if let dot = rest.firstIndex(of: "."), let endpoint = service.endpoints.first(where: { $0.name == rest[..<dot] }) {
            key = service.name + "." + endpoint.name
            parameter = String(rest[rest.index(after: dot)...])
            target.endpoint = endpoint
        }
        guard Self.checkParameter(parameter, of: target, at: place, diagnostics: &diagnostics) else { return }
        // The same name given again makes a list (an array parameter's elements).
        switch parameters[key]?[parameter] {
        case .text(let first)? where repeatedParams.contains(key + "\u{0}" + parameter):
            parameters[key, default: [:]][parameter] = .list([first, value])
        case .list(let list)? where repeatedParams.contains(key + "\u{0}" + parameter):
            parameters[key, default: [:]][parameter] = .list(list + [value])
        default:
            parameters[key, default: [:]][parameter] = .text(value)
        }
        repeatedParams.insert(key + "\u{0}" + parameter)
    }

    /// Parameters set by `--param` so far: a second `--param` of one adds an element, while the
    /// first replaces what the file gave.
    private var repeatedParams: Set<String> = []

    // MARK: - Names

    struct Target {
        var service: Service
        var endpoint: SpecEndpoint?
    }

    private static func target(_ key: String, services: [String: Service], at: SourceLocation, diagnostics: inout DiagnosticBag) -> Target? {
        let parts = key.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let service = services[parts[0]] else {
            let hint = DidYouMean.suggestion(for: parts[0], among: Array(services.keys)).map { "; did you mean '\($0)'?" } ?? ""
            diagnostics.error("'\(parts[0])' names no service of the specs\(hint)", at: at)
            return nil
        }
        guard parts.count == 2 else { return Target(service: service, endpoint: nil) }
        guard let endpoint = service.endpoints.first(where: { $0.name == parts[1] }) else {
            let hint = DidYouMean.suggestion(for: parts[1], among: service.endpoints.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
            diagnostics.error("'\(parts[1])' is no endpoint of \(service.name)\(hint)", at: at)
            return nil
        }
        return Target(service: service, endpoint: endpoint)
    }

    private static func checkParameter(_ name: String, of target: Target, at: SourceLocation, diagnostics: inout DiagnosticBag) -> Bool {
        var names = (target.service.sharedHeaders + target.service.sharedQuery).map(\.wireName)
        if let endpoint = target.endpoint {
            names = (endpoint.pathParameters + endpoint.query + endpoint.headerParameters).map(\.wireName)
            if endpoint.body != nil { names.append("body") }
        }
        // Wire names as the spec writes them (header names too), so a value is found by lookup.
        if names.contains(name) { return true }
        let owner = target.endpoint.map { "\(target.service.name).\($0.name)" } ?? "\(target.service.name) (its shared parameters)"
        let hint = DidYouMean.suggestion(for: name, among: names).map { "; did you mean '\($0)'?" }
            ?? (names.isEmpty ? "; it takes none" : "; it takes \(names.joined(separator: ", "))")
        diagnostics.error("'\(name)' is no parameter of \(owner)\(hint)", at: at)
        return false
    }

    /// The environment `${ENDPOINTGEN_VERIFY_…}` references read from (the process's, given by
    /// the caller).
    private var environment: [String: String] = [:]

    /// The prefix every environment variable a values file may name starts with.
    static let environmentPrefix = "ENDPOINTGEN_VERIFY_"

    /// A body's YAML as JSON (`JSONDocument(json:)`), with each string that is exactly `${NAME}` replaced by
    /// the environment's value; a name without the prefix, or one the environment does not set,
    /// is an error at its place.
    private func body(_ node: YAMLNode, file: String, diagnostics: inout DiagnosticBag) -> JSONDocument {
        switch node.content {
        case .scalar(let scalar):
            let text = scalar.value
            guard text.hasPrefix("${"), text.hasSuffix("}"), text.count > 3 else { return JSONDocument(json: node) }
            let name = String(text.dropFirst(2).dropLast())
            guard name.hasPrefix(Self.environmentPrefix), name.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber || $0 == "_") }) else {
                diagnostics.error("'\(text)' names no variable verify may read: only \(Self.environmentPrefix)… (uppercase letters, digits, _)",
                                  at: node.mark.location(in: file))
                return .null
            }
            guard let value = environment[name], !value.isEmpty else {
                diagnostics.error("the environment does not set \(name), which '\(text)' reads", at: node.mark.location(in: file))
                return .null
            }
            return .string(value)
        case .sequence(let sequence):
            return .array(sequence.map { body($0, file: file, diagnostics: &diagnostics) })
        case .mapping(let mapping):
            return .object(mapping.map { (key: $0.key.scalar?.value ?? "", value: body($0.value, file: file, diagnostics: &diagnostics)) })
        }
    }
}
