import EndpointGenSupport

// The resolved spec: what the validator hands to the code generator. Everything here has
// been checked: names are legal identifiers in spec terms, types resolve, defaults fit their
// types, path placeholders match params, samples match responses. Order is spec order.
// Swift naming (keywords, camel-casing, collisions) is decided by the `Namer` (Naming/).

/// Every spec file of one run; together they make one generated module.
public struct SpecModule: Sendable {
    /// Files sorted by path, so output does not depend on directory listing order.
    public var files: [SpecFile]
    /// The Swift name of everything the module declares (`Namer`), filled in by `SpecLoader`.
    public var names = NameTable()

    /// Every model of the module (declared and inline), by name. Names are unique module-wide.
    public var modelsByName: [String: Model] {
        var result: [String: Model] = [:]
        for file in files {
            for model in file.models { result[model.name] = model }
        }
        return result
    }
}

/// One `specs/*.yaml`: a service with its models, or a models-only file.
public struct SpecFile: Sendable {
    /// The path as shown in diagnostics and in the generated header, e.g. `specs/auth.yaml`.
    public var path: String
    /// The file name without extension, e.g. `auth`.
    public var stem: String
    /// nil for a models-only file.
    public var service: Service?
    /// Declared models in spec order, followed by inline request/response models in endpoint order.
    public var models: [Model]
}
