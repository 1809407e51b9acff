/// The one place that decides Swift names: camel-casing wire names, making them legal
/// identifiers, and escaping or renaming Swift keywords.
///
/// The validator uses it to report two spec names that become one Swift name, and the code
/// generator uses it to write them, so the two can never disagree. Words are runs of ASCII
/// letters and digits, also split where a lowercase letter or digit meets a capital; everything
/// else separates words. It works on UTF-8 bytes: it runs on every name of every spec.
public enum SwiftNaming {
    /// Keywords that need backticks as identifiers.
    public static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw",
        "switch", "where", "while", "as", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        "Any", "Type", "Protocol", "await", "async", "some", "any", "consume", "borrowing", "consuming",
    ]

    /// Names that even backticks cannot make usable as members (`x.self`, `x.init`, `T.Type`).
    public static let renamed: Set<String> = ["self", "Self", "init", "Type", "Protocol", "deinit", "subscript"]

    /// One bit per (length, first letter) and per (length, last letter) of the keywords and
    /// renamed names: almost every name is ruled out by two loads, before a `Set` lookup that
    /// hashes the whole string (names like `code` or `self_id` share a first letter and length
    /// with a keyword often enough that one table let a third of all names through).
    /// `shapes[length]` holds the first letters, `shapes[longest + 1 + length]` the last ones.
    private static let shapes: [UInt64] = {
        var table = [UInt64](repeating: 0, count: 2 * (longest + 1))
        for word in keywords.union(renamed) + ["Any"] {
            table[word.utf8.count] |= 1 << UInt64(word.utf8.first! - 0x41)
            table[longest + 1 + word.utf8.count] |= 1 << UInt64(word.utf8.last! - 0x41)
        }
        return table
    }()

    private static let longest = 16

    @inline(__always) private static func mayBeReserved(_ name: String) -> Bool {
        let utf8 = name.utf8
        let count = utf8.count
        guard count <= longest, let first = utf8.first, first &- 0x41 < 64,
            shapes[count] & (1 << UInt64(first - 0x41)) != 0
        else { return false }
        let last = utf8[utf8.index(before: utf8.endIndex)]
        return last &- 0x41 < 64 && shapes[longest + 1 + count] & (1 << UInt64(last - 0x41)) != 0
    }

    @inline(__always) static func isLower(_ b: UInt8) -> Bool { b &- 0x61 < 26 }
    @inline(__always) static func isUpper(_ b: UInt8) -> Bool { b &- 0x41 < 26 }
    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }
    @inline(__always) static func isAlnum(_ b: UInt8) -> Bool { isLower(b) || isUpper(b) || isDigit(b) }

    /// Words of a wire name: `createdAt` → [created, At], `X-Request-ID` → [X, Request, ID].
    public static func words(_ text: String) -> [String] {
        var text = text
        return text.withUTF8 { bytes in
            var result: [String] = []
            forEachWord(in: bytes) { word in result.append(String(decoding: bytes[word], as: UTF8.self)) }
            return result
        }
    }

    /// Calls `body` with the range of each word in `bytes`, in order: the one word rule.
    /// Always inlined, so that camel-casing, which runs for every name, pays no closure call
    /// per word.
    @inline(__always)
    private static func forEachWord(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Void) {
        var start = -1
        for i in 0..<bytes.count {
            let b = bytes[i]
            if !isAlnum(b) {
                if start >= 0 { body(start..<i); start = -1 }
                continue
            }
            if start < 0 {
                start = i
            } else if isUpper(b), isLower(bytes[i - 1]) || isDigit(bytes[i - 1]) {
                body(start..<i)
                start = i
            }
        }
        if start >= 0 { body(start..<bytes.count) }
    }

    /// The acronyms Swift's own APIs write in capitals after the first word (`userID`, `baseURL`,
    /// `fileUUID`); in SCREAMING_SNAKE_CASE they stay capitals, other words do not.
    public static let acronyms: Set<String> = ["ID", "URL", "URI", "UUID", "API", "HTTP", "HTTPS", "JSON", "XML", "HTML", "IP"]

    private static func isAcronym(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        word.count <= 5 && acronyms.contains(String(decoding: word, as: UTF8.self))
    }

    /// `page_no` → `pageNo`, `X-Request-ID` → `xRequestID`, `URLPath` → `urlPath`,
    /// `IN_PROGRESS` → `inProgress`, `USER_ID` → `userID`.
    public static func lowerCamel(_ text: String) -> String {
        camel(text, upperFirst: false)
    }

    /// `upload_avatar` → `UploadAvatar`, `login` → `Login`, `IN_PROGRESS` → `InProgress`.
    public static func upperCamel(_ text: String) -> String {
        camel(text, upperFirst: true)
    }

    private static func camel(_ text: String, upperFirst: Bool) -> String {
        // Written straight into the string's storage: the result is never longer than the text
        // (separators are dropped, letters only change case), and a short result (most names)
        // is stored inline, with no allocation at all.
        let capacity = text.utf8.count
        guard capacity > 0 else { return "" }
        var text = text
        return text.withUTF8 { bytes in
            // SCREAMING_SNAKE_CASE (several words, no lowercase letter: Java's enum constants,
            // environment-style keys) has no case to keep: `IN_PROGRESS` is `inProgress`, not
            // `inPROGRESS`, but `USER_ID` is `userID` (`acronyms`). A single capitalised word
            // stays as it is (`URL`).
            var screaming = false
            if !bytes.contains(where: isLower) {
                var words = 0
                forEachWord(in: bytes) { _ in words += 1 }
                screaming = words > 1
            }
            return String(unsafeUninitializedCapacity: capacity) { output in
                var count = 0
                var isFirst = true
                forEachWord(in: bytes) { word in
                    if isFirst && !upperFirst {
                        // Lowercase the leading capitals, keeping the last of a run when lowercase
                        // letters follow ("URLPath" → "urlPath", "URL" → "url", "Name" → "name").
                        var run = word.lowerBound
                        while run < word.upperBound, isUpper(bytes[run]) { run += 1 }
                        let lowered = screaming ? word.upperBound : run == word.upperBound || run - word.lowerBound <= 1 ? run : run - 1
                        for i in word {
                            output[count] = i < lowered ? bytes[i] | 0x20 : bytes[i]
                            count += 1
                        }
                    } else {
                        output[count] = isLower(bytes[word.lowerBound]) ? bytes[word.lowerBound] & ~0x20 : bytes[word.lowerBound]
                        count += 1
                        // An acronym Swift writes in capitals keeps them (`USER_ID` → `userID`).
                        let lower = screaming && !isAcronym(UnsafeBufferPointer(rebasing: bytes[word]))
                        for i in (word.lowerBound + 1)..<word.upperBound {
                            output[count] = lower && isUpper(bytes[i]) ? bytes[i] | 0x20 : bytes[i]
                            count += 1
                        }
                    }
                    isFirst = false
                }
                return count
            }
        }
    }

    /// A legal Swift identifier for a value-level name (property, parameter, case).
    /// Leading digits get a `_`; names that cannot be members get a `_` suffix; other
    /// keywords are returned as they are and escaped with `escaped(_:)` where written.
    public static func identifier(fromWire wire: String) -> String {
        var name = lowerCamel(wire)
        if name.isEmpty { name = "value" }
        return legal(name)
    }

    /// An explicit `name:` override, used as written but made legal.
    public static func legal(_ name: String) -> String {
        var result = name
        if let first = result.utf8.first, isDigit(first) { result = "_" + result }
        if mayBeReserved(result), renamed.contains(result) { result += "_" }
        return result
    }

    /// The name of a local variable or inner parameter of generated code: `preferred`, with `_`
    /// appended while `isTaken` says a parameter in the same scope has it (a path parameter
    /// named `path` meets the router's `var path`, a query parameter `client` the service's
    /// `client`).
    public static func unused(_ preferred: String, isTaken: (String) -> Bool) -> String {
        var name = preferred
        while isTaken(name) { name += "_" }
        return name
    }

    /// The identifier as written in declarations and patterns (backticks for keywords).
    public static func escaped(_ identifier: String) -> String {
        mayBeReserved(identifier) && keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// The identifier after a dot (`.default`, `x.class`): all keywords but the renamed ones are fine there.
    public static func member(_ identifier: String) -> String {
        identifier
    }

    /// A type name made legal (`Type` → `Type_`, a leading digit prefixed).
    public static func typeName(_ name: String) -> String {
        var result = name
        if let first = result.utf8.first, isDigit(first) { result = "_" + result }
        if mayBeReserved(result), renamed.contains(result) || result == "Any" { result += "_" }
        return result
    }
}
