/// The contract between this runtime and the code `endpointgen` generates for it. Every generated
/// file names the contract it was generated for
/// (`private typealias RuntimeContract = EndpointRuntime.RuntimeContract.Version1`), so that
/// generated code and a runtime of another contract fail to compile with one message that says
/// so, rather than with a wall of missing members:
///
/// - an older runtime has no `VersionN` for newer code: "'Version2' is not a member type of enum
///   'EndpointRuntime.RuntimeContract'", on the line whose comment says to regenerate;
/// - a newer runtime keeps each contract it dropped as an unavailable type whose message names
///   both contracts and the command to run.
///
/// The number is `GeneratedCodeContract.version` on the generator's side (EndpointGenSupport);
/// `ContractTests` checks that the two agree. It changes only when generated code needs runtime
/// API that older runtimes lack, or stops compiling against the current one.
@_spi(Generated)
public enum RuntimeContract {
    /// Contract 1: generated code of endpointgen 0.1 (`@_spi(Generated) import EndpointRuntime`,
    /// `WireKey` coding, `FieldwiseEquatable` models, service parameters).
    public enum Version1 {}
}
