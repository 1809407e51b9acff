/// The one place that decides Swift names: camel-casing wire names, making them legal
/// identifiers, and escaping or renaming Swift keywords.
enum Naming {
    /// Keywords that need backticks as identifiers.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw",
        "switch", "where", "while", "as", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        "Any", "Type", "Protocol", "await", "async", "some", "any", "consume", "borrowing", "consuming",
    ]

    /// Names that even backticks cannot make usable as members (`x.self`, `x.init`, `T.Type`).
    static let renamed: Set<String> = ["self", "Self", "init", "Type", "Protocol", "deinit", "subscript"]

    /// Words of a wire name: split at anything that is not a letter or digit, and at
    /// lower-to-upper case changes (`createdAt`, `X-Request-ID`, `page_no`).
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in text {
            guard character.isLetter || character.isNumber, character.isASCII else {
                if !current.isEmpty { words.append(current); current = "" }
                previous = nil
                continue
            }
            if let previous, previous.isLowercase || previous.isNumber, character.isUppercase, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(character)
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `page_no` → `pageNo`, `X-Request-ID` → `xRequestID`, `URLPath` → `urlPath`.
    static func lowerCamel(_ text: String) -> String {
        let parts = words(text)
        guard let first = parts.first else { return "" }
        var result = lowerFirstWord(first)
        for word in parts.dropFirst() {
            result += upperFirst(word)
        }
        return result
    }

    /// `upload_avatar` → `UploadAvatar`, `login` → `Login`.
    static func upperCamel(_ text: String) -> String {
        words(text).map(upperFirst).joined()
    }

    /// `URL` → `url`, `URLPath` → `urlPath`, `Name` → `name`.
    static func lowerFirstWord(_ word: String) -> String {
        let characters = Array(word)
        var upperRun = 0
        while upperRun < characters.count, characters[upperRun].isUppercase { upperRun += 1 }
        if upperRun == 0 { return word }
        if upperRun == characters.count { return word.lowercased() }
        // Keep the last capital of a run when lowercase letters follow ("URLPath" → "urlPath").
        let lowered = upperRun == 1 ? 1 : upperRun - 1
        return String(characters[..<lowered]).lowercased() + String(characters[lowered...])
    }

    static func upperFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    /// A legal Swift identifier for a value-level name (property, parameter, case).
    /// Leading digits get a `_`; names that cannot be members get a `_` suffix; other
    /// keywords are returned as they are and escaped with `escaped(_:)` where written.
    static func identifier(fromWire wire: String) -> String {
        var name = lowerCamel(wire)
        if name.isEmpty { name = "value" }
        return legal(name)
    }

    /// An explicit `name:` override, used as written but made legal.
    static func legal(_ name: String) -> String {
        var result = name
        if let first = result.first, first.isNumber { result = "_" + result }
        if renamed.contains(result) { result += "_" }
        return result
    }

    /// The identifier as written in declarations and patterns (backticks for keywords).
    static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// The identifier after a dot (`.default`, `x.class`): all keywords but the renamed ones are fine there.
    static func member(_ identifier: String) -> String {
        identifier
    }

    /// A type name made legal (`Type` → `Type_`, a leading digit prefixed).
    static func typeName(_ name: String) -> String {
        var result = name
        if let first = result.first, first.isNumber { result = "_" + result }
        if renamed.contains(result) || result == "Any" { result += "_" }
        return result
    }
}
