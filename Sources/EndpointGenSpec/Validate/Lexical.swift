// Byte-level checks of small spec words (identifiers, URLs, header names, MIME types, numbers,
// dates). They run on every name of every spec, so they walk UTF-8 bytes: no regexes, no Foundation.

enum Lexical {
    /// Runs `body` on the UTF-8 bytes of `s` without copying them (native strings are contiguous).
    @inline(__always) static func withBytes<R>(_ s: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = s.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(s.utf8).withUnsafeBufferPointer(body)
    }

    @inline(__always) static func isLower(_ b: UInt8) -> Bool { b >= 0x61 && b <= 0x7A }
    @inline(__always) static func isUpper(_ b: UInt8) -> Bool { b >= 0x41 && b <= 0x5A }
    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    @inline(__always) static func isLetter(_ b: UInt8) -> Bool { isLower(b) || isUpper(b) }
    @inline(__always) static func isAlnum(_ b: UInt8) -> Bool { isLetter(b) || isDigit(b) }
    @inline(__always) static func isHex(_ b: UInt8) -> Bool {
        isDigit(b) || (b >= 0x61 && b <= 0x66) || (b >= 0x41 && b <= 0x46)
    }

    /// `getQuestion`: a lowercase ASCII letter, then ASCII letters and digits.
    static func isLowerCamelCase(_ s: String) -> Bool {
        withBytes(s) { bytes in
            guard let first = bytes.first, isLower(first) else { return false }
            for b in bytes.dropFirst() where !isAlnum(b) { return false }
            return true
        }
    }

    /// `Question`: an uppercase ASCII letter, then ASCII letters and digits.
    static func isUpperCamelCase(_ s: String) -> Bool {
        withBytes(s) { bytes in
            guard let first = bytes.first, isUpper(first) else { return false }
            for b in bytes.dropFirst() where !isAlnum(b) { return false }
            return true
        }
    }

    /// An ASCII identifier: a letter or `_`, then letters, digits and `_`.
    static func isIdentifier(_ s: String) -> Bool {
        withBytes(s) { bytes in
            guard let first = bytes.first, isLetter(first) || first == 0x5F else { return false }
            for b in bytes.dropFirst() where !(isAlnum(b) || b == 0x5F) { return false }
            return true
        }
    }

    /// RFC 9110 `tchar`.
    @inline(__always) static func isTokenByte(_ b: UInt8) -> Bool {
        if isAlnum(b) { return true }
        switch b {
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// An HTTP field name: one or more token characters.
    static func isToken(_ s: Substring) -> Bool {
        !s.isEmpty && s.utf8.allSatisfy(isTokenByte)
    }

    static func isToken(_ s: String) -> Bool { isToken(s[...]) }

    /// `s` with ASCII letters uppercased (no Foundation, no locale).
    static func asciiUppercased(_ s: String) -> String {
        String(decoding: s.utf8.map { isLower($0) ? $0 - 0x20 : $0 }, as: UTF8.self)
    }

    /// A header value that can be sent as is: no CR, LF or NUL.
    static func isValidHeaderValue(_ s: String) -> Bool {
        !s.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0 }
    }

    /// `type/subtype` with optional `; name=value` parameters (value a token or a quoted string).
    static func isMIMEType(_ s: String) -> Bool {
        withBytes(s) { bytes in
            var i = 0
            func token() -> Bool {
                let start = i
                while i < bytes.count, isTokenByte(bytes[i]) { i += 1 }
                return i > start
            }
            func spaces() { while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 } }
            guard token(), i < bytes.count, bytes[i] == UInt8(ascii: "/") else { return false }
            i += 1
            guard token() else { return false }
            while true {
                spaces()
                if i == bytes.count { return true }
                guard bytes[i] == UInt8(ascii: ";") else { return false }
                i += 1
                spaces()
                guard token(), i < bytes.count, bytes[i] == UInt8(ascii: "=") else { return false }
                i += 1
                if i < bytes.count, bytes[i] == UInt8(ascii: "\"") {
                    i += 1
                    while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
                        if bytes[i] == UInt8(ascii: "\\") { i += 1 }
                        if i < bytes.count, bytes[i] < 0x20 { return false }
                        i += 1
                    }
                    guard i < bytes.count else { return false }
                    i += 1
                } else if !token() {
                    return false
                }
            }
        }
    }

    /// An absolute `http` or `https` URL with a host and no spaces or control characters.
    static func isAbsoluteHTTPURL(_ s: String) -> Bool {
        withBytes(s) { bytes in
            guard !bytes.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else { return false }
            let lowered = bytes.prefix(8).map { isUpper($0) ? $0 + 0x20 : $0 }
            let schemeLength: Int
            if lowered.starts(with: Array("https://".utf8)) {
                schemeLength = 8
            } else if lowered.starts(with: Array("http://".utf8)) {
                schemeLength = 7
            } else {
                return false
            }
            var hostLength = 0
            var i = schemeLength
            while i < bytes.count, bytes[i] != UInt8(ascii: "/"), bytes[i] != UInt8(ascii: "?"), bytes[i] != UInt8(ascii: "#") {
                hostLength += 1
                i += 1
            }
            return hostLength > 0
        }
    }

    /// A JSON integer: `-?(0|[1-9][0-9]*)`.
    static func isInteger(_ s: String) -> Bool {
        var bytes = Substring(s).utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        guard let first = bytes.first, isDigit(first) else { return false }
        if first == UInt8(ascii: "0") && bytes.count > 1 { return false }
        return bytes.allSatisfy(isDigit)
    }

    /// A JSON number: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    static func isNumber(_ s: String) -> Bool {
        withBytes(s) { bytes in
            var i = 0
            if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard i < bytes.count, isDigit(bytes[i]) else { return false }
            if bytes[i] == UInt8(ascii: "0") {
                i += 1
            } else {
                while i < bytes.count, isDigit(bytes[i]) { i += 1 }
            }
            if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
                i += 1
                let start = i
                while i < bytes.count, isDigit(bytes[i]) { i += 1 }
                guard i > start else { return false }
            }
            if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
                i += 1
                if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
                let start = i
                while i < bytes.count, isDigit(bytes[i]) { i += 1 }
                guard i > start else { return false }
            }
            return i == bytes.count
        }
    }

    /// Whether a number (see `isNumber`) written for a `Double`, `Float` or `Decimal` keeps a
    /// value there (`floatingFits`, `decimalFits`); defaults and samples share this rule.
    static func numberFits(_ s: String, _ primitive: PrimitiveType) -> Bool {
        switch primitive {
        case .decimal: return decimalFits(s)
        case .float: return floatingFits(s, bits: 32)
        default: return floatingFits(s, bits: 64)
        }
    }

    /// Whether a number (see `isNumber`) stays finite as a `Double` (`bits` 64) or `Float` (32):
    /// `1e999` would become infinity, and the compiler warns about such a literal.
    static func floatingFits(_ s: String, bits: Int) -> Bool {
        bits == 32 ? Float(s)?.isFinite ?? false : Double(s)?.isFinite ?? false
    }

    /// Whether an integer written for a `Double` (`bits` 64) or `Float` (32) has that exact
    /// value there: the compiler warns about an integer literal it has to round.
    static func integerIsExact(_ s: String, bits: Int) -> Bool {
        guard let value = Int64(s) else { return false }
        return bits == 32 ? Float(exactly: value) != nil : Double(exactly: value) != nil
    }

    /// Whether a number (see `isNumber`) is one `Decimal(string:)` reads: at most 38 significant
    /// digits, and the exponent as written and after the fraction's digits within -128...127
    /// (`1e128` and `1.5e-128` give nil, which a generated `Decimal(string:)!` would crash on).
    static func decimalFits(_ s: String) -> Bool {
        withBytes(s) { bytes in
            var i = 0
            if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
            var digits: [UInt8] = []
            var fractionDigits = 0
            var inFraction = false
            while i < bytes.count, bytes[i] != UInt8(ascii: "e"), bytes[i] != UInt8(ascii: "E") {
                if bytes[i] == UInt8(ascii: ".") {
                    inFraction = true
                } else {
                    digits.append(bytes[i])
                    if inFraction { fractionDigits += 1 }
                }
                i += 1
            }
            var exponent = 0
            if i < bytes.count {
                i += 1
                var negative = false
                if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
                    negative = bytes[i] == UInt8(ascii: "-")
                    i += 1
                }
                while i < bytes.count, isDigit(bytes[i]) {
                    exponent = exponent * 10 + Int(bytes[i] - UInt8(ascii: "0"))
                    guard exponent <= 1000 else { return false }
                    i += 1
                }
                if negative { exponent = -exponent }
            }
            let significant = digits.drop { $0 == UInt8(ascii: "0") }.reversed().drop { $0 == UInt8(ascii: "0") }
            let range = -128...127
            return significant.count <= 38 && range.contains(exponent) && range.contains(exponent - fractionDigits)
        }
    }

    /// Whether an integer literal (see `isInteger`) fits in `bits` signed bits.
    static func integerFits(_ s: String, bits: Int) -> Bool {
        if bits == 64 { return Int64(s) != nil }
        guard let value = Int64(s) else { return false }
        return value >= Int64(Int32.min) && value <= Int64(Int32.max)
    }

    /// `8-4-4-4-12` hexadecimal digits.
    static func isUUID(_ s: String) -> Bool {
        withBytes(s) { bytes in
            guard bytes.count == 36 else { return false }
            for (i, b) in bytes.enumerated() {
                if i == 8 || i == 13 || i == 18 || i == 23 {
                    guard b == UInt8(ascii: "-") else { return false }
                } else if !isHex(b) {
                    return false
                }
            }
            return true
        }
    }

    /// Standard base64 with padding (what `JSONDecoder` reads for `Data`).
    static func isBase64(_ s: String) -> Bool {
        withBytes(s) { bytes in
            guard bytes.count % 4 == 0 else { return false }
            var padding = 0
            for (i, b) in bytes.enumerated() {
                if b == UInt8(ascii: "=") {
                    guard i >= bytes.count - 2 else { return false }
                    padding += 1
                } else {
                    guard padding == 0, isAlnum(b) || b == UInt8(ascii: "+") || b == UInt8(ascii: "/") else { return false }
                }
            }
            return true
        }
    }

    /// An ISO 8601 / RFC 3339 date-time: `2024-01-02T03:04:05Z`, optional fraction, `Z` or `±hh:mm`;
    /// when `local`, a wall time without an offset whose seconds are optional (`2024-01-02T03:04`).
    static func isISO8601DateTime(_ s: String, local: Bool = false) -> Bool {
        withBytes(s) { b in
            var i = 0
            func number(_ digits: Int, _ low: Int, _ high: Int) -> Bool {
                guard i + digits <= b.count else { return false }
                var value = 0
                for k in i..<(i + digits) {
                    guard isDigit(b[k]) else { return false }
                    value = value * 10 + Int(b[k] - 0x30)
                }
                i += digits
                return value >= low && value <= high
            }
            func literal(_ c: Unicode.Scalar) -> Bool {
                guard i < b.count, b[i] == UInt8(ascii: c) else { return false }
                i += 1
                return true
            }
            guard number(4, 0, 9999), literal("-"), number(2, 1, 12), literal("-"), number(2, 1, 31) else { return false }
            guard i < b.count, b[i] == UInt8(ascii: "T") || b[i] == UInt8(ascii: "t") else { return false }
            i += 1
            guard number(2, 0, 23), literal(":"), number(2, 0, 59) else { return false }
            if local, i == b.count { return true }
            guard literal(":"), number(2, 0, 60) else { return false }
            if i < b.count, b[i] == UInt8(ascii: ".") {
                i += 1
                let start = i
                while i < b.count, isDigit(b[i]) { i += 1 }
                guard i > start else { return false }
            }
            if local { return i == b.count }
            guard i < b.count else { return false }
            if b[i] == UInt8(ascii: "Z") || b[i] == UInt8(ascii: "z") {
                i += 1
            } else if b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
                i += 1
                guard number(2, 0, 23), literal(":"), number(2, 0, 59) else { return false }
            } else {
                return false
            }
            return i == b.count
        }
    }

    /// A calendar date `2024-01-02`.
    static func isISODate(_ s: String) -> Bool {
        let b = Array(s.utf8)
        guard b.count == 10, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-") else { return false }
        for k in [0, 1, 2, 3, 5, 6, 8, 9] where !isDigit(b[k]) { return false }
        let month = Int(b[5] - 0x30) * 10 + Int(b[6] - 0x30)
        let day = Int(b[8] - 0x30) * 10 + Int(b[9] - 0x30)
        return (1...12).contains(month) && (1...31).contains(day)
    }
}
