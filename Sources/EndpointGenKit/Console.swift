import EndpointGenSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// When diagnostics are colored.
public enum ColorChoice: String, Sendable, CaseIterable {
    case auto, always, never
}

/// Prints diagnostics and summaries; color only where asked or on a terminal.
public struct Console: Sendable {
    public var useColor: Bool
    public var quiet: Bool

    public init(color: ColorChoice, quiet: Bool) {
        switch color {
        case .always: useColor = true
        case .never: useColor = false
        case .auto: useColor = isatty(STDERR_FILENO) == 1 && getenv("NO_COLOR") == nil
        }
        self.quiet = quiet
    }

    /// Diagnostics go to standard error, always (even with `--quiet`).
    public func report(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        var text = ""
        for diagnostic in diagnostics {
            text += line(diagnostic) + "\n"
            for note in diagnostic.notes {
                text += line(note) + "\n"
            }
        }
        FileSystem.writeStandardError(text)
    }

    /// Text as it is to standard error (lines already in `file:line:column: error:` form).
    public static func writeError(_ text: String) {
        FileSystem.writeStandardError(text)
    }

    public func error(_ message: String) {
        report([.error(message, at: nil)])
    }

    /// A summary or result line on standard output, unless quiet.
    public func info(_ message: String) {
        guard !quiet else { return }
        print(message)
    }

    func line(_ diagnostic: Diagnostic) -> String {
        let plain = Diagnostic(diagnostic.severity, diagnostic.message, at: diagnostic.location).rendered
        guard useColor else { return plain }
        let label = diagnostic.severity.rawValue + ":"
        let color: String
        switch diagnostic.severity {
        case .error: color = "\u{1B}[1;31m"
        case .warning: color = "\u{1B}[1;35m"
        case .note: color = "\u{1B}[1;90m"
        }
        guard let range = plain.firstRange(of: " " + label + " ") else { return plain }
        let place = String(plain[..<range.lowerBound])
        let message = String(plain[range.upperBound...])
        return "\u{1B}[1m\(place)\u{1B}[0m \(color)\(label)\u{1B}[0m \u{1B}[1m\(message)\u{1B}[0m"
    }
}
