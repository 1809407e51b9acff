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
        "StubTransport", "TransferProgressHandler", "WireKey",
        "WithServiceParameters",
    ]

    /// Runtime functions generated code calls unqualified.
    public static let runtimeFunctions: [String] = ["fieldsEqual", "noCaseMatched"]

    /// The runtime module's own name.
    public static let runtimeModule = "EndpointRuntime"
}
