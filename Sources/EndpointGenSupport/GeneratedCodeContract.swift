/// The names generated code takes from EndpointRuntime: the contract between the generator and
/// the runtime, in one list. The spec stage reserves them (a model named `Endpoint` would hide the
/// runtime's in the generated module), and `ContractTests` checks the list against the runtime's
/// public declarations and against every name the committed outputs use, so that neither side
/// can drift without a failing test.
public enum GeneratedCodeContract {
    /// Runtime types and protocols generated code names.
    public static let runtimeTypes: [String] = [
        "APIClient", "APIError", "APIPages", "APIResponse", "APIStream", "AuthRequirement", "CookieSession", "CSRFToken", "DateEncoding", "Endpoint", "Envelope",
        "EnvelopeFormat", "ErrorBodyFormat", "FieldwiseEquatable", "File", "HTTPHeader", "HTTPMethod", "Indirect", "JSONValue", "MultipartPart",
        "ParameterValue", "PathComponent", "QueryItem", "RequestBody", "ResponseReader", "SampleResponse", "ServerSentEvent", "StatusDecodable",
        "StubTransport", "TransferProgressHandler", "WireKey", "RuntimeContract",
        "WithServiceParameters",
    ]

    /// Runtime functions generated code calls unqualified.
    public static let runtimeFunctions: [String] = ["fieldsEqual", "noCaseMatched"]

    /// The runtime module's own name.
    public static let runtimeModule = "EndpointRuntime"

    /// The runtime contract generated code needs: every generated file names
    /// `EndpointRuntime.RuntimeContract.Version<version>`, which a runtime of another contract
    /// lacks (or marks unavailable with what to do), so a mismatch fails with one clear message.
    /// Raised when generated code starts to need runtime API that older runtimes lack.
    public static let version = 1

    /// The line of each generated file that names the contract, after its comment.
    public static var contractLines: [String] {
        ["// The runtime contract this file was generated for: with an EndpointRuntime that lacks it, regenerate.",
         "private typealias RuntimeContract = \(runtimeModule).RuntimeContract.Version\(version)"]
    }

    /// Swift's own types that generated code names (`Task`, `Result`, `Never` in completion
    /// handlers, the Codable protocols and containers) or that app code uses everywhere: a
    /// public type of the generated module hides the standard one in every file that imports
    /// the module, so a model named `Task` or `Error` would break `Task { }` or `any Error` there.
    public static let standardTypes: [String] = [
        "Task", "Result", "Error", "Optional", "Void", "Never", "Array", "Dictionary", "Set", "Character",
        "Substring", "Codable", "Encodable", "Decodable", "Encoder", "Decoder", "KeyedDecodingContainer",
        "KeyedEncodingContainer", "Hashable", "Hasher", "Equatable", "Comparable", "Identifiable", "Sendable",
        "RawRepresentable", "CaseIterable", "TimeInterval", "MainActor", "Swift", "Foundation",
        // Also named by generated code: `isolated (any Actor)?` in the overloads with defaults, the
        // single-value containers of `oneOf` coding, the fakes' lock (GitHub's `actor` schema
        // broke every overload of its module).
        "Actor", "SingleValueDecodingContainer", "SingleValueEncodingContainer", "NSLock", "CancellationError",
    ]

    /// Members of a generated `<Service>Router` (the `Endpoint` protocol's requirements and
    /// helpers) and `<Service>Service` (its `client`, `baseURL`, `init`): an endpoint's case or
    /// method of the same name would not compile.
    public static let routerAndServiceMembers: [String] = [
        "defaultBaseURL", "method", "path", "queryItems", "headers", "body", "auth", "timeout", "envelope",
        "errorFormat", "sampleData", "client", "baseURL", "init", "followsRedirects", "credentialHeaders",
    ]

    /// Members of a generated `<Service>Environment` enum (`url`, and `RawRepresentable`'s and
    /// `CaseIterable`'s): an environment of the same name would not compile.
    public static let environmentMembers: [String] = ["url", "rawValue", "allCases", "init"]

    /// Stored properties of a generated `<Service>Service` besides its shared parameters: a
    /// shared parameter of that Swift name gets `Value` appended.
    public static let serviceProperties: [String] = ["client", "baseURL"]

    /// The label of the environment in the initializer of a service with `environments`: a shared
    /// parameter of that Swift name gets `Value` appended there too (two parameters of one name
    /// would not compile).
    public static let environmentLabel = "environment"

    /// The fallback case of every generated enum and `oneOf` (`unknown(String)`,
    /// `unknown(JSONValue)`): no other case may take its name.
    public static let fallbackCase = "unknown"

    /// The label of an endpoint's request body in the router case and the service method.
    public static let bodyLabel = "body"
}
