/// The YAML scalars endpointgen writes (the specs `import-openapi` prints, the document
/// `export-openapi` prints): plain only when YAML reads the text back as the same string and
/// nothing else, otherwise double-quoted with every line break (LF, CR, U+0085, U+2028, U+2029)
/// and control character escaped. So no text from a document or a spec can end a line, start a
/// key or write a merge key (`<<`) of the file it is printed into.
public enum YAMLText {
    /// `text` plain when YAML reads it back as the same string, else double-quoted.
    public static func scalar(_ text: String) -> String {
        isPlainSafe(text) ? text : quoted(text)
    }

    public static func isPlainSafe(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        if " \t-?:,[]{}#&*!|>'\"%@`=<".unicodeScalars.contains(first) { return false }
        if last == " " || last == ":" { return false }
        // One pass over the scalars (the importer prints every description through here: String's
        // `contains(": ")` was a third of Stripe's import). Scalars, not Characters: a space that a
        // combining mark follows still ends a key for a YAML reader.
        var previous: Unicode.Scalar = first
        for scalar in text.unicodeScalars.dropFirst() {
            if needsEscape(scalar) || (previous == ":" && scalar == " ") || (previous == " " && scalar == "#") {
                return false
            }
            previous = scalar
        }
        if needsEscape(first) { return false }
        // YAML 1.1 reads these as null, booleans or numbers. Lowercasing never shortens a text, so
        // only a text of up to five scalars can be one of the words.
        if text.utf8.count <= 20, text.unicodeScalars.count <= 5,
           ["null", "~", "true", "false", "yes", "no", "on", "off", "y", "n"].contains(text.lowercased()) {
            return false
        }
        return !looksNumeric(first == "." ? text.lowercased() : text)
    }

    /// Plain inside `[…]` as well: no flow indicators.
    public static func isFlowSafe(_ text: String) -> Bool {
        isPlainSafe(text) && !text.contains(where: { ",[]{}".contains($0) })
    }

    /// `text` inside a flow collection (`{ model: A }`): plain when flow-safe, else quoted.
    public static func flowScalar(_ text: String) -> String {
        isFlowSafe(text) ? text : quoted(text)
    }

    /// A number or boolean the importer checked (`20`, `-1.5`, `true`) as written; anything
    /// else, which should never come here, quoted rather than trusted.
    public static func literal(_ text: String) -> String {
        if text == "true" || text == "false" || text == "null" { return text }
        var bytes = Substring(text).utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let allowed = Set("0123456789.eE+-".utf8)
        guard let first = bytes.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9"), bytes.allSatisfy(allowed.contains) else {
            return quoted(text)
        }
        return text
    }

    /// Text for a comment line: as it is when it holds no line break or control character,
    /// else the quoted scalar (so the comment still ends where the line does).
    public static func comment(_ text: String) -> String {
        text.unicodeScalars.contains(where: needsEscape) ? quoted(text) : text
    }

    /// Line breaks as YAML knows them (LF, CR, NEL U+0085, LS U+2028, PS U+2029), other
    /// control characters, and the byte-order mark: never written as they are.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || (scalar.value >= 0x80 && scalar.value < 0xA0)
            || scalar == "\u{FEFF}" || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    static func looksNumeric(_ text: String) -> Bool {
        guard let first = text.utf8.first else { return false }
        if first == UInt8(ascii: ".") { return text.hasPrefix(".inf") || text.hasPrefix(".nan") || text.dropFirst().first?.isNumber == true }
        if first == UInt8(ascii: "+") { return true }
        guard first >= 0x30, first <= 0x39 else { return false }
        // Digits first: an integer, a float, a date, a time or sexagesimal number to some reader.
        return true
    }

    /// A text of several lines as a literal block (`|-`, then each line indented by `indent`
    /// spaces), which YAML reads back as exactly `text`; nil when a block cannot say it (a control
    /// character, a line break other than LF, a first line that starts with a space or is empty,
    /// a line of blanks only, a trailing line break), and `quoted` must.
    public static func block(_ text: String, indent: Int) -> [String]? {
        guard text.contains("\n"), !text.hasSuffix("\n") else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first, let start = first.unicodeScalars.first, start != " ", start != "\t" else { return nil }
        let margin = String(repeating: " ", count: indent)
        var result = ["|-"]
        for line in lines {
            guard !line.unicodeScalars.contains(where: { needsEscape($0) && $0 != "\t" }) else { return nil }
            if line.isEmpty {
                result.append("")
            } else {
                // Blanks alone would be read as part of the indentation.
                guard line.unicodeScalars.contains(where: { $0 != " " && $0 != "\t" }) else { return nil }
                result.append(margin + line)
            }
        }
        return result
    }

    public static func quoted(_ text: String) -> String {
        var result = ""
        QuotedText.appendQuoted(text, to: &result, uppercaseHex: true, escaping: needsEscape)
        return result
    }
}
