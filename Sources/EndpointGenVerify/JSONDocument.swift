import EndpointGenSpec

/// A JSON value as the server wrote it: numbers as their text (so `1.0` for an `Int`, or an
/// `Int64` beyond a `Double`'s precision, are seen as they are) and object members in their
/// order, duplicates included. The runtime's `JSONValue` keeps neither, and the checker needs both;
/// the spec's `SampleValue` keeps both, and a request's values are read into it from YAML the way
/// the spec reads a `JSON` sample (`SampleValue(json:)`).
typealias JSONDocument = SampleValue

extension JSONDocument {
    /// The member `key` of an object (the first of that name).
    subscript(key: String) -> JSONDocument? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// What the value is, for messages: `a string`, `null`, `an object`.
    var kind: String {
        switch self {
        case .null: return "null"
        case .bool: return "a Boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// Deepest nesting accepted: a server's answer is hostile input, and the checker recurses.
    static let maxDepth = 256

    /// Parses `bytes` (RFC 8259, UTF-8); nil with the reason when they are not one JSON value.
    static func parse(_ bytes: [UInt8]) -> Result<JSONDocument, JSONParseError> {
        var parser = JSONParser(bytes: bytes)
        return parser.document()
    }
}

/// Why a body is not JSON, with the byte offset where reading stopped.
struct JSONParseError: Error, Sendable, Equatable {
    var offset: Int
    var reason: String
}

private struct JSONParser {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
        // A UTF-8 byte order mark is tolerated, as Foundation's decoder tolerates it.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    mutating func document() -> Result<JSONDocument, JSONParseError> {
        do throws(JSONParseError) {
            skipSpace()
            let value = try parseValue(depth: 0)
            skipSpace()
            guard index == bytes.count else { throw fail("text after the JSON value") }
            return .success(value)
        } catch {
            return .failure(error)
        }
    }

    func fail(_ reason: String) -> JSONParseError {
        JSONParseError(offset: index, reason: reason)
    }

    mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONDocument {
        guard depth < JSONDocument.maxDepth else { throw fail("nested deeper than \(JSONDocument.maxDepth) levels") }
        guard index < bytes.count else { throw fail("the body ends where a value was expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw fail("unexpected character")
        }
    }

    mutating func literal(_ word: String) throws(JSONParseError) {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw fail("unexpected character")
        }
        index += expected.count
    }

    mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONDocument {
        index += 1
        var members: [(key: String, value: JSONDocument)] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a member name") }
            let key = try parseString()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            index += 1
            skipSpace()
            members.append((key, try parseValue(depth: depth + 1)))
            skipSpace()
            guard index < bytes.count else { throw fail("the body ends inside an object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw fail("expected ',' or '}'") }
            index += 1
            return .object(members)
        }
    }

    mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONDocument {
        index += 1
        var elements: [JSONDocument] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipSpace()
            elements.append(try parseValue(depth: depth + 1))
            skipSpace()
            guard index < bytes.count else { throw fail("the body ends inside an array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw fail("expected ',' or ']'") }
            index += 1
            return .array(elements)
        }
    }

    mutating func parseNumber() throws(JSONParseError) -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw fail("a number needs a digit") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("a fraction needs a digit") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("an exponent needs a digit") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flush(_ end: Int) throws(JSONParseError) {
            guard runStart < end else { return }
            // UTF8's own decoder: String(validating:as:) is macOS 15 / iOS 18, newer than the package's platforms.
            var iterator = bytes[runStart..<end].makeIterator()
            var decoder = UTF8()
            while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): scalars.append(scalar)
                case .emptyInput: return
                case .error: throw JSONParseError(offset: runStart, reason: "a string is not valid UTF-8")
                }
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                try flush(index)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw fail("a control character inside a string") }
            if byte == UInt8(ascii: "\\") {
                try flush(index)
                index += 1
                scalars.append(try parseEscape())
                runStart = index
                continue
            }
            index += 1
        }
        throw fail("the body ends inside a string")
    }

    mutating func parseEscape() throws(JSONParseError) -> Unicode.Scalar {
        guard index < bytes.count else { throw fail("the body ends inside an escape") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let first = try hex4()
            if (0xD800..<0xDC00).contains(first) {
                guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw fail("a lone surrogate in a string")
                }
                index += 2
                let second = try hex4()
                guard (0xDC00..<0xE000).contains(second) else { throw fail("a lone surrogate in a string") }
                return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(first) else { throw fail("a lone surrogate in a string") }
            return scalar
        default:
            throw fail("an unknown escape in a string")
        }
    }

    mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw fail("a \\u escape needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - 0x30)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - 0x61 + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - 0x41 + 10)
            default: throw fail("a \\u escape needs four hex digits")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
