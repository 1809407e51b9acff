import EndpointGenSpec
import EndpointGenSupport
import Foundation

/// `endpointgen verify` without its command line: the specs through the spec stages (as `lint`
/// reads them), the values, the checks of the options, then the requests.
public enum VerifyCommand {
    /// What a run produced: problems that stopped it before anything was sent, or the report.
    public struct Outcome: Sendable {
        /// Spec, values-file and option problems (errors stop the run).
        public var diagnostics: [Diagnostic] = []
        /// The values file could not be read.
        public var couldNotRead = false
        public var report: VerifyReport?

        public var hasErrors: Bool {
            diagnostics.contains { $0.severity == .error } || (report?.hasErrors ?? false)
        }
    }

    /// The largest values file read.
    static let valuesLimit = 4 << 20

    /// Loads `sources` (read by the caller, as `Pipeline.readSpecs` reads them), then verifies.
    /// `environment` gives the values file's `${ENDPOINTGEN_VERIFY_…}` references (a login's body).
    public static func run(sources: [SourceFile], valuesFile: String?, params: [String], credentials: VerifyCredentials,
                           options: VerifyOptions, environment: [String: String] = [:]) -> Outcome {
        var outcome = Outcome()
        let loaded = SpecLoader.load(sources)
        outcome.diagnostics = loaded.diagnostics
        guard let module = loaded.module, !loaded.diagnostics.contains(where: { $0.severity == .error }) else { return outcome }
        var file: (path: String, bytes: [UInt8])?
        if let valuesFile {
            guard let handle = FileHandle(forReadingAtPath: valuesFile) else {
                outcome.diagnostics.append(.error("cannot read the values file", at: SourceLocation(file: valuesFile, line: 0, column: 0)))
                outcome.couldNotRead = true
                return outcome
            }
            defer { try? handle.close() }
            let data = (try? handle.read(upToCount: valuesLimit + 1)) ?? Data()
            guard data.count <= valuesLimit else {
                outcome.diagnostics.append(.error("the values file is larger than \(valuesLimit >> 20) MiB", at: SourceLocation(file: valuesFile, line: 0, column: 0)))
                return outcome
            }
            file = (valuesFile, Array(data))
        }
        let (values, valueDiagnostics) = RequestValues.load(file: file, params: params, module: module, environment: environment)
        var bag = DiagnosticBag()
        bag.append(contentsOf: outcome.diagnostics + valueDiagnostics + Verifier.validate(module, options: options))
        outcome.diagnostics = bag.sorted
        guard !outcome.diagnostics.contains(where: { $0.severity == .error }) else { return outcome }
        outcome.report = Verifier.runBlocking {
            await Verifier.run(module, values: values, credentials: credentials, options: options)
        }
        return outcome
    }
}
