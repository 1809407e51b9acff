import EndpointGenCodegen

/// The options of `generate`, `check` and `lint`, as plain values; the defaults here are the
/// CLI's defaults (ArgumentParser's options take them from `defaults`).
public struct RunOptions: Sendable, Equatable {
    public static let defaults = RunOptions()

    public var specs = "specs"
    public var output = "Generated"
    public var accessLevel: AccessLevel = .public
    public var completionHandlers = false
    public var mutableModels = false
    public var fakes = false
    public var storageClasses = false
    public var quiet = false
    public var color: ColorChoice = .auto

    public init() {}

    /// What the code generator is given: the CLI's and the build tool's one translation.
    public var codegen: CodegenOptions {
        CodegenOptions(
            accessLevel: accessLevel, completionHandlers: completionHandlers, mutableModels: mutableModels, fakes: fakes,
            storageClasses: storageClasses)
    }
}
