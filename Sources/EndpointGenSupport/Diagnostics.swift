/// A position in a source file: 1-based line and column, columns counted in UTF-8 bytes
/// the way compilers count them, so editors jump to the right place.
public struct SourceLocation: Hashable, Sendable, Comparable {
    /// The file path as it is shown to the user (relative to the working directory when possible).
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        if lhs.line != rhs.line { return lhs.line < rhs.line }
        return lhs.column < rhs.column
    }
}

/// How serious a diagnostic is; rendered as `error:`, `warning:` or `note:`.
public enum Severity: String, Sendable, Hashable {
    case error
    case warning
    case note
}

/// One message about the input, in the compiler style `file:line:column: error: message`.
public struct Diagnostic: Hashable, Sendable {
    public var severity: Severity
    public var message: String
    /// Where the problem is; nil for problems without a place (a missing folder, say).
    public var location: SourceLocation?
    /// Follow-up `note:` lines, e.g. where a duplicate was first defined.
    public var notes: [Diagnostic]
    /// What sort of problem this is, for a summary that counts them (`skipped parameters`); a
    /// stable name, never rendered in the line itself. Nil when nobody counts them.
    public var kind: String?

    public init(_ severity: Severity, _ message: String, at location: SourceLocation?, notes: [Diagnostic] = []) {
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
    }

    public static func error(_ message: String, at location: SourceLocation?, notes: [Diagnostic] = []) -> Diagnostic {
        Diagnostic(.error, message, at: location, notes: notes)
    }

    public static func warning(_ message: String, at location: SourceLocation?, notes: [Diagnostic] = []) -> Diagnostic {
        Diagnostic(.warning, message, at: location, notes: notes)
    }

    public static func note(_ message: String, at location: SourceLocation?) -> Diagnostic {
        Diagnostic(.note, message, at: location)
    }

    /// The diagnostic and its notes, one line each, without colour.
    public var rendered: String {
        var lines: [String] = [Diagnostic.renderLine(severity, message, location)]
        for note in notes {
            lines.append(note.rendered)
        }
        return lines.joined(separator: "\n")
    }

    static func renderLine(_ severity: Severity, _ message: String, _ location: SourceLocation?) -> String {
        let message = oneLine(message)
        guard let location else { return "\(severity.rawValue): \(message)" }
        // Line 0: about a whole file or folder, no place in it.
        if location.line == 0 { return "\(oneLine(location.file)): \(severity.rawValue): \(message)" }
        return "\(oneLine(location.file)):\(location.line):\(location.column): \(severity.rawValue): \(message)"
    }

    /// `text` with line breaks, other control characters and bidirectional-formatting marks
    /// written as escapes (`\n`, `\u{202E}`): messages quote the input, and a newline in a quoted
    /// YAML string (`"[Questio\n]"`) must not split a diagnostic over two lines that editors and
    /// scripts read one at a time, nor a bidi mark reorder what the terminal shows.
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        QuotedText.append(text, to: &result) { scalar in
            switch scalar {
            case "\n": return "\\n"
            case "\r": return "\\r"
            case "\t": return "\\t"
            case _ where needsEscape(scalar): return "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: return nil
            }
        }
        return result
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C: return true
        default: return false
        }
    }
}

/// Collects diagnostics from every stage so that one run reports all problems it can find.
public struct DiagnosticBag: Sendable {
    public private(set) var all: [Diagnostic] = []

    public init() {}

    public var hasErrors: Bool { errorCount > 0 }
    /// How many of `all` are errors. A stage asks whether a part of its input had problems by
    /// comparing this before and after (`damaged` models): warnings never make a part damaged.
    public private(set) var errorCount = 0
    public var warningCount: Int { all.reduce(0) { $1.severity == .warning ? $0 + 1 : $0 } }

    public mutating func append(_ diagnostic: Diagnostic) {
        all.append(diagnostic)
        if diagnostic.severity == .error { errorCount += 1 }
    }

    /// Forgets the diagnostics after the first `count`: what a trial that failed reported (a
    /// sample tried against each case of a union).
    public mutating func removeAll(after count: Int) {
        errorCount -= all[count...].reduce(0) { $1.severity == .error ? $0 + 1 : $0 }
        all.removeSubrange(count...)
    }

    public mutating func append(contentsOf diagnostics: some Sequence<Diagnostic>) {
        for diagnostic in diagnostics { append(diagnostic) }
    }

    public mutating func error(_ message: String, at location: SourceLocation?, notes: [Diagnostic] = []) {
        append(.error(message, at: location, notes: notes))
    }

    public mutating func warning(_ message: String, at location: SourceLocation?, notes: [Diagnostic] = []) {
        append(.warning(message, at: location, notes: notes))
    }

    /// Diagnostics ordered by file, line and column (stable for equal places), as users read them.
    public var sorted: [Diagnostic] {
        all.enumerated().sorted { a, b in
            switch (a.element.location, b.element.location) {
            case let (l?, r?) where l != r: return l < r
            case (nil, _?): return true
            case (_?, nil): return false
            default: return a.offset < b.offset
            }
        }.map(\.element)
    }

    /// Every diagnostic rendered, one per line, sorted by place.
    public var rendered: String { sorted.map(\.rendered).joined(separator: "\n") }
}
