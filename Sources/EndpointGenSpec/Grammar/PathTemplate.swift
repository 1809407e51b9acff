import EndpointGenSupport

/// An endpoint path as the spec format writes it: literal text and `{name}` or `{name...}`
/// parameters, `/members/{memberId}/avatar`.
///
/// The one grammar of paths. The decoder parses a spec's path with `parse`; the importer reads
/// an OpenAPI path's braces with `scan` (whose placeholders it renames) and builds a template
/// whose literals `encodedLiteral` made valid; the spec printer writes `text`.
public struct PathTemplate: Sendable, Hashable, CustomStringConvertible {
    /// Literals and parameters in path order; no literal is empty.
    public private(set) var components: [SpecPathComponent]

    /// `components` with empty literals left out.
    public init(_ components: [SpecPathComponent]) {
        self.components = components.filter { $0 != .literal("") }
    }

    /// The path as a spec writes it: `{name}` for a parameter, `{name...}` for one of several segments.
    public var text: String {
        var result = ""
        for component in components {
            switch component {
            case .literal(let literal): result += literal
            case .parameter(let name): result += "{" + name + "}"
            case .segments(let name): result += "{" + name + "...}"
            }
        }
        return result
    }

    public var description: String { text }

    /// The parameters' names in path order.
    public var parameterNames: [String] {
        components.compactMap { component in
            switch component {
            case .literal: return nil
            case .parameter(let name), .segments(let name): return name
            }
        }
    }
}

// MARK: - Braces

extension PathTemplate {
    /// A piece of path text as `scan` finds it, by UTF-8 offsets into the text.
    public enum Token: Sendable, Hashable {
        /// Text outside braces (never empty).
        case literal(Range<Int>)
        /// `{…}`: the text between the braces (perhaps empty) and the offset of its `{`.
        case placeholder(String, open: Int)
    }

    /// A brace that does not pair, at its UTF-8 offset.
    public enum BraceProblem: Sendable, Hashable {
        /// A `{` that meets the end, another `{` or a `/` before its `}`.
        case unclosed(Int)
        /// A `}` that closes no `{`.
        case unmatched(Int)
    }

    /// Splits path text into literal runs and `{…}` placeholders, left to right, up to the first
    /// brace that does not pair. What a placeholder may hold is left to the caller: the spec's
    /// identifiers and `...` (`parse`), or OpenAPI's names and `{+name}` (the importer).
    public static func scan(_ text: String) -> (tokens: [Token], problem: BraceProblem?) {
        let bytes = Array(text.utf8)
        var tokens: [Token] = []
        var literalStart = 0
        func closeLiteral(at end: Int) {
            if end > literalStart { tokens.append(.literal(literalStart..<end)) }
        }
        var i = 0
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "{"):
                closeLiteral(at: i)
                var end = i + 1
                while end < bytes.count, !"{}/".utf8.contains(bytes[end]) { end += 1 }
                guard end < bytes.count, bytes[end] == UInt8(ascii: "}") else { return (tokens, .unclosed(i)) }
                tokens.append(.placeholder(String(decoding: bytes[(i + 1)..<end], as: UTF8.self), open: i))
                i = end + 1
                literalStart = i
            case UInt8(ascii: "}"):
                closeLiteral(at: i)
                return (tokens, .unmatched(i))
            default:
                i += 1
            }
        }
        closeLiteral(at: bytes.count)
        return (tokens, nil)
    }
}

// MARK: - Literal text

extension PathTemplate {
    /// RFC 3986 path characters other than `%`: unreserved, sub-delimiters, `:`, `@`, `/` (what
    /// the runtime's path check accepts).
    static func isPathByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-._~!$&'()*+,;=:@/".utf8.contains(b)
        }
    }

    static func isHexDigit(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || (b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "f"))
    }

    /// `text` as a literal a spec path may hold: every byte that is not a path character or
    /// part of a `%XX` escape (`?`, `#`, spaces, non-ASCII, braces) percent-encoded.
    public static func encodedLiteral(_ text: some StringProtocol) -> String {
        let bytes = Array(text.utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for (i, b) in bytes.enumerated() {
            let escape = b == UInt8(ascii: "%") && i + 2 < bytes.count && isHexDigit(bytes[i + 1]) && isHexDigit(bytes[i + 2])
            if isPathByte(b) || escape {
                out.append(b)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(b >> 4)], hex[Int(b & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

// MARK: - A spec's path

extension PathTemplate {
    /// A parsed spec path and where each parameter's name is, for messages about `params`.
    public struct Parsed: Sendable {
        public var template: PathTemplate
        /// In path order.
        public var parameters: [(name: String, location: SourceLocation)]
    }

    /// Parses a spec's `path:` value whose first byte is at `base`. Reports malformed braces,
    /// empty or non-identifier parameter names, a name used twice, query or fragment parts,
    /// spaces and control characters, and characters the runtime would refuse to send, each at
    /// its column; nil when anything was reported.
    public static func parse(_ text: String, at base: SourceLocation, into diagnostics: inout DiagnosticBag) -> Parsed? {
        let bytes = Array(text.utf8)
        func at(_ offset: Int) -> SourceLocation {
            SourceLocation(file: base.file, line: base.line, column: base.column + offset)
        }
        guard bytes.first == UInt8(ascii: "/") else {
            diagnostics.error("path '\(text)' must start with '/'", at: base)
            return nil
        }
        let (tokens, problem) = scan(text)
        var components: [SpecPathComponent] = []
        var parameters: [(name: String, location: SourceLocation)] = []
        var valid = true
        for token in tokens {
            switch token {
            case .literal(let range):
                if let (message, offset) = literalProblem(bytes, range, path: text) {
                    diagnostics.error(message, at: at(offset))
                    return nil
                }
                components.append(.literal(String(decoding: bytes[range], as: UTF8.self)))
            case .placeholder(var name, let open):
                // `{path...}`: a parameter of several segments.
                let rest = name.hasSuffix("...")
                if rest { name.removeLast(3) }
                if name.isEmpty {
                    diagnostics.error("empty placeholder '{}' in path '\(text)'", at: at(open))
                    valid = false
                } else if !Lexical.isIdentifier(name) {
                    diagnostics.error(
                        "placeholder '{\(name)}' in path must be an identifier (letters, digits and '_')", at: at(open + 1))
                    valid = false
                } else if let first = parameters.first(where: { $0.name == name }) {
                    diagnostics.error(
                        "placeholder '{\(name)}' appears twice in path '\(text)'", at: at(open + 1),
                        notes: [.note("first used here", at: first.location)])
                    valid = false
                } else {
                    parameters.append((name, at(open + 1)))
                    components.append(rest ? .segments(name) : .parameter(name))
                }
            }
        }
        switch problem {
        case .unclosed(let offset)?:
            diagnostics.error("unclosed '{' in path '\(text)'", at: at(offset))
            return nil
        case .unmatched(let offset)?:
            diagnostics.error("unmatched '}' in path '\(text)'", at: at(offset))
            return nil
        case nil:
            return valid ? Parsed(template: PathTemplate(components), parameters: parameters) : nil
        }
    }

    /// The first byte of a literal the spec refuses, with the message: `?` and `#` (the path
    /// is only the path), spaces and control characters, a `%` that starts no escape, and any
    /// other character the runtime would refuse to send unencoded.
    private static func literalProblem(_ bytes: [UInt8], _ range: Range<Int>, path: String) -> (String, Int)? {
        var i = range.lowerBound
        while i < range.upperBound {
            let b = bytes[i]
            if b == UInt8(ascii: "?") || b == UInt8(ascii: "#") {
                let query = b == UInt8(ascii: "?")
                return ("path '\(path)' must not contain '\(Character(Unicode.Scalar(b)))'; "
                    + (query ? "declare query parameters under 'query'" : "fragments are not sent")
                    + " (a literal one is written '\(query ? "%3F" : "%23")')", i)
            }
            if b <= 0x20 || b == 0x7F {
                return ("path '\(path)' must not contain spaces or control characters", i)
            }
            if b == UInt8(ascii: "%") {
                guard i + 2 < range.upperBound, isHexDigit(bytes[i + 1]), isHexDigit(bytes[i + 2]) else {
                    return ("'%' in path '\(path)' must start a percent-escape such as '%20'", i)
                }
                i += 3
                continue
            }
            if !isPathByte(b) {
                var end = i + 1
                while end < range.upperBound, bytes[end] & 0xC0 == 0x80 { end += 1 }
                let character = String(decoding: bytes[i..<end], as: UTF8.self)
                let escaped = bytes[i..<end].map { "%" + String($0, radix: 16, uppercase: true) }.joined()
                return ("path '\(path)' must not contain '\(character)'; the runtime sends only percent-encoded paths: write '\(escaped)'", i)
            }
            i += 1
        }
        return nil
    }
}
