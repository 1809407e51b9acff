/// Safe rendering of spec text into Swift source.
enum SwiftLiteral {
    /// A double-quoted Swift string literal: `\` and `"` escaped, everything outside
    /// printable ASCII written as `\u{…}`, so no spec text can become code.
    static func string(_ text: String) -> String {
        var text = text
        if text.withUTF8(isPlain) { return "\"" + text + "\"" }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case " "..."~": result.unicodeScalars.append(scalar)
            default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result + "\""
    }

    /// Printable ASCII without `\` or `"`: written between quotes as it is.
    static func isPlain(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        !utf8.contains { $0 < 0x20 || $0 > 0x7E || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") }
    }

    /// A multi-line raw string literal of `text` (which has no line breaks of its own but the
    /// ones between its lines), its lines indented four spaces past the statement: letters of any
    /// script are kept as they are, so a sample reads as the JSON it is; control, format
    /// (bidirectional) and separator characters are written as `\#u{…}` escapes, so nothing in a
    /// spec can change how the code reads. The number of `#` is the least the text allows.
    static func multiline(_ text: String) -> String {
        var hashes = "#"
        while text.contains("\\" + hashes) || text.contains("\"\"\"" + hashes) { hashes += "#" }
        var body = ""
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                body += "\n    "
            } else if isVisible(scalar) {
                body.unicodeScalars.append(scalar)
            } else {
                body += "\\" + hashes + "u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return hashes + "\"\"\"\n    " + body + "\n    \"\"\"" + hashes
    }

    /// Shown as itself in a literal: printable ASCII, and letters, marks, numbers, punctuation
    /// and symbols of other scripts (not controls, formatting, separators or private use).
    private static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        if (0x20...0x7E).contains(scalar.value) { return true }
        guard scalar.value > 0x7F else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber,
             .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }

    /// Printable ASCII without a trailing space: a doc comment line as it is, nothing to split
    /// or replace.
    static func isPlainDocLine(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in
            !utf8.contains { $0 < 0x20 || $0 > 0x7E } && utf8.last != UInt8(ascii: " ")
        }
    }

    /// Lines of a doc comment: split at line breaks, control and bidirectional-formatting
    /// characters replaced, trailing spaces removed.
    /// (`doc` writes plain text, the common case, without calling this.)
    static func docLines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        func flush() {
            var line = String(current)
            while line.hasSuffix(" ") { line.removeLast() }
            lines.append(line)
            current = String.UnicodeScalarView()
        }
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n", previousWasCR { previousWasCR = false; continue }
            previousWasCR = scalar == "\r"
            switch scalar.value {
            case 0x0A, 0x0D, 0x85, 0x2028, 0x2029:
                flush()
            case 0x09:
                current.append(" ")
            case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C, 0xFEFF:
                current.append("\u{FFFD}")
            default:
                current.append(scalar)
            }
        }
        flush()
        while lines.last == "" { lines.removeLast() }
        return lines
    }
}
