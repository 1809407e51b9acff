import EndpointGenSupport

/// Parses type text (`[String: Int]?`, `Envelope<Question>`, `Int = 20`) into a `TypeExpr`
/// and an optional default. Works on UTF-8 bytes; positions in messages point into the text.
struct TypeParser {
    /// What a scalar type text holds: the type and the text after ` = `.
    struct Result {
        var type: TypeExpr
        var defaultValue: DefaultLiteral?
    }

    private let bytes: [UInt8]
    private let text: String
    private let base: SourceLocation
    private var index = 0

    /// `base` is the location of the text's first byte.
    init(text: String, base: SourceLocation) {
        self.text = text
        self.bytes = Array(text.utf8)
        self.base = base
    }

    private func location(at offset: Int) -> SourceLocation {
        SourceLocation(file: base.file, line: base.line, column: base.column + offset)
    }

    /// Parses the whole text; on failure reports one error and returns nil.
    mutating func parse(allowDefault: Bool, into diagnostics: inout DiagnosticBag) -> Result? {
        do {
            skipSpaces()
            let type = try parseType()
            skipSpaces()
            var literal: DefaultLiteral?
            if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                guard allowDefault else {
                    throw ParseError(message: "a default value is not allowed here", offset: index)
                }
                index += 1
                skipSpaces()
                guard index < bytes.count else {
                    throw ParseError(message: "missing default value after '=' in '\(text)'", offset: index - 1)
                }
                literal = defaultLiteral(from: index)
                index = bytes.count
            }
            guard index == bytes.count else {
                throw ParseError(message: "invalid type '\(text)': unexpected '\(character(at: index))'", offset: index)
            }
            return Result(type: type, defaultValue: literal)
        } catch let error as ParseError {
            diagnostics.error(error.message, at: location(at: error.offset))
            return nil
        } catch {
            return nil
        }
    }

    private struct ParseError: Error {
        var message: String
        var offset: Int
    }

    private func character(at offset: Int) -> String {
        // Decode the whole scalar at `offset` so non-ASCII text is shown intact.
        var end = offset + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[offset..<end], as: UTF8.self)
    }

    private mutating func skipSpaces() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
    }

    private mutating func expect(_ byte: UInt8, after what: String) throws {
        skipSpaces()
        guard index < bytes.count, bytes[index] == byte else {
            let found = index < bytes.count ? "'\(character(at: index))'" : "end of text"
            throw ParseError(
                message: "invalid type '\(text)': expected '\(Character(Unicode.Scalar(byte)))' \(what), found \(found)",
                offset: index)
        }
        index += 1
    }

    private mutating func parseType() throws -> TypeExpr {
        var type = try parsePrimary()
        while true {
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "?") else { break }
            if case .optional = type {
                throw ParseError(message: "invalid type '\(text)': a type can be optional only once", offset: index)
            }
            type = .optional(type, location(at: index))
            index += 1
        }
        return type
    }

    private mutating func parsePrimary() throws -> TypeExpr {
        skipSpaces()
        guard index < bytes.count else {
            throw ParseError(
                message: text.isEmpty ? "missing type" : "invalid type '\(text)': missing type",
                offset: max(0, min(index, bytes.count - 1)))
        }
        let start = index
        if bytes[index] == UInt8(ascii: "[") {
            index += 1
            let first = try parseType()
            skipSpaces()
            if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
                index += 1
                guard case .name("String", _) = first else {
                    throw ParseError(
                        message: "invalid type '\(text)': dictionary keys must be String, found '\(first.spelling)'",
                        offset: start + 1 + leadingSpaces(from: start + 1))
                }
                let value = try parseType()
                try expect(UInt8(ascii: "]"), after: "to close the dictionary type")
                return .dictionary(value)
            }
            try expect(UInt8(ascii: "]"), after: "to close the array type")
            return .array(first)
        }
        guard Lexical.isLetter(bytes[index]) || bytes[index] == UInt8(ascii: "_") else {
            throw ParseError(message: "invalid type '\(text)': unexpected '\(character(at: index))'", offset: index)
        }
        while index < bytes.count, Lexical.isAlnum(bytes[index]) || bytes[index] == UInt8(ascii: "_") { index += 1 }
        let name = String(decoding: bytes[start..<index], as: UTF8.self)
        if index < bytes.count, bytes[index] == UInt8(ascii: "<") {
            let stream: StreamFormat? = name == "EventStream" ? .events : name == "JSONLines" ? .lines : nil
            guard name == "Envelope" || stream != nil else {
                throw ParseError(
                    message: "invalid type '\(text)': only 'Envelope', 'EventStream' and 'JSONLines' take a type argument",
                    offset: start)
            }
            index += 1
            let payload = try parseType()
            try expect(UInt8(ascii: ">"), after: "to close '\(name)<'")
            if let stream { return .stream(stream, payload, location(at: start)) }
            return .envelope(payload, location(at: start))
        }
        return .name(name, location(at: start))
    }

    private func leadingSpaces(from offset: Int) -> Int {
        var count = 0
        while offset + count < bytes.count, bytes[offset + count] == 0x20 { count += 1 }
        return count
    }

    /// The text after ` = `: quoted strings lose their quotes, `[]` and `{}` are empty collections.
    private func defaultLiteral(from offset: Int) -> DefaultLiteral {
        var end = bytes.count
        while end > offset, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        let raw = Array(bytes[offset..<end])
        let where_ = location(at: offset)
        if raw == Array("[]".utf8) { return DefaultLiteral(form: .emptySequence, location: where_) }
        if raw == Array("{}".utf8) { return DefaultLiteral(form: .emptyMapping, location: where_) }
        if raw.count >= 2, let quote = raw.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'"),
            raw.last == quote
        {
            var unquoted: [UInt8] = []
            var i = 1
            while i < raw.count - 1 {
                // Keep escapes simple: `\"` and `\\` in double quotes, `''` in single quotes.
                if quote == UInt8(ascii: "\""), raw[i] == UInt8(ascii: "\\"), i + 1 < raw.count - 1 {
                    unquoted.append(raw[i + 1])
                    i += 2
                } else if quote == UInt8(ascii: "'"), raw[i] == quote, i + 1 < raw.count - 1, raw[i + 1] == quote {
                    unquoted.append(quote)
                    i += 2
                } else {
                    unquoted.append(raw[i])
                    i += 1
                }
            }
            return DefaultLiteral(form: .quoted(String(decoding: unquoted, as: UTF8.self)), location: where_)
        }
        return DefaultLiteral(form: .plain(String(decoding: raw, as: UTF8.self)), location: where_)
    }
}
