import EndpointGenSupport

/// The sorts of warnings an import gives, for the summary line that counts them. The raw values
/// are the names users read and scripts may match: change none, add new ones.
package enum WarningKind: String, CaseIterable {
    case skippedPaths = "skipped paths"
    case skippedOperations = "skipped operations"
    case skippedParameters = "skipped parameters"
    /// Header parameters the client sets itself (`Authorization`, `Cookie`, `Content-Type`, …).
    case clientHeaders = "client-set headers"
    case simplifiedParameters = "simplified parameters"
    case parameterStyles = "parameter styles"
    case skippedBodies = "skipped bodies"
    case skippedFormFields = "skipped form fields"
    /// Properties no spec field can stand for (an empty name).
    case skippedProperties = "skipped properties"
    case unionsAsJSON = "unions as JSON"
    case impliedDiscriminators = "implied discriminators"
    case unionCases = "union cases"
    case flattenedSubtypes = "flattened subtypes"
    case valuesAsJSON = "values as JSON"
    case droppedDefaults = "dropped defaults"
    /// `enum` values specs cannot write (a mapping, a list), or an `enum` left with none.
    case droppedEnumValues = "dropped enum values"
    /// Dates where only a type can be written (a map's values, a oneOf's case): kept as their wire type.
    case datesAsWireValues = "dates kept as wire values"
    /// Dates of one spec file exported in different time zones: read in the file's one zone.
    case timeZones = "time zones"
    case unresolvedReferences = "unresolved references"
    case security = "unsupported security"
    case servers = "relative servers"
    /// An operation's (or path item's) servers that differ from its service's.
    case operationServers = "operation servers"
    /// What the spec loader says about the written specs, located at the operation or schema.
    case specChecks = "spec checks"
    case skippedPagination = "skipped pagination"
    case skippedSamples = "skipped samples"
    /// Warnings nobody gave a kind.
    case other = "other"
}

extension DiagnosticBag {
    /// A warning of `kind` at its place in the document.
    mutating func warning(_ kind: WarningKind, _ message: String, at location: SourceLocation?, notes: [Diagnostic] = []) {
        var diagnostic = Diagnostic.warning(message, at: location, notes: notes)
        diagnostic.kind = kind.rawValue
        append(diagnostic)
    }

    /// A name the import changed (`schema 'basic-error' becomes model 'BasicError'`): nothing is
    /// lost, so it is a note that `--verbose` shows, not a warning.
    mutating func rename(_ message: String, at location: SourceLocation?) {
        append(.note(message, at: location))
    }
}

extension OpenAPIImportResult {
    /// `warning summary: 12 skipped parameters, 3 unions as JSON`: the warnings counted by kind,
    /// most frequent first (then by name); nil without warnings.
    public var warningSummary: String? {
        WarningKind.summary(of: diagnostics)
    }
}

extension WarningKind {
    /// `warning summary: 12 skipped parameters, 3 unions as JSON`: the warnings counted by kind
    /// (`other` for none), most frequent first, then by name; nil without warnings. Shared by
    /// import-openapi and import-swift, whose kinds are their own.
    package static func summary(of diagnostics: [Diagnostic]) -> String? {
        var counts: [String: Int] = [:]
        for diagnostic in diagnostics where diagnostic.severity == .warning {
            counts[diagnostic.kind ?? WarningKind.other.rawValue, default: 0] += 1
        }
        guard !counts.isEmpty else { return nil }
        let ordered = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        return "warning summary: " + ordered.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
    }
}
