/// The one scalar-by-scalar escaper of the generator's modules: JSON strings (samples in generated
/// stubs, the exported OpenAPI document, the bodies `verify` sends), YAML double-quoted scalars,
/// one-line diagnostics and Markdown link addresses. EndpointRuntime keeps its own escapers: apps
/// link it without this module.
public enum QuotedText {
    /// Appends `text` to `out`: each scalar `replacement` answers for as that answer (an empty one
    /// drops it), every other scalar as it is.
    @inlinable
    public static func append(_ text: String, to out: inout String, replacing replacement: (Unicode.Scalar) -> String?) {
        for scalar in text.unicodeScalars {
            if let replaced = replacement(scalar) {
                out += replaced
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }

    /// Appends `text` double-quoted as JSON and YAML read it back: `"`, `\`, LF, CR and tab as
    /// their backslash escapes, every other scalar `escapes` picks as `\u` and four hex digits
    /// (uppercase when `uppercaseHex`), the rest as they are.
    @inlinable
    public static func appendQuoted(
        _ text: String, to out: inout String, uppercaseHex: Bool = false, escaping escapes: (Unicode.Scalar) -> Bool
    ) {
        out += "\""
        append(text, to: &out) { scalar in
            switch scalar {
            case "\"": return "\\\""
            case "\\": return "\\\\"
            case "\n": return "\\n"
            case "\r": return "\\r"
            case "\t": return "\\t"
            case _ where escapes(scalar):
                let hex = String(scalar.value, radix: 16, uppercase: uppercaseHex)
                return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            default: return nil
            }
        }
        out += "\""
    }

    /// Appends `text` as a JSON string (RFC 8259): the control characters below U+0020 that have
    /// no short escape as `\u00xx`, lowercase; everything else as it is.
    @inlinable
    public static func appendJSON(_ text: String, to out: inout String) {
        appendQuoted(text, to: &out) { $0.value < 0x20 }
    }

    /// `text` quoted for a diagnostic (a value a server sent, in `verify`'s messages): at most
    /// `limit` characters, then `…`, in double quotes with `"`, `\`, LF, CR and tab escaped; the
    /// diagnostic's one-line rule escapes the other control and bidirectional characters.
    public static func shown(_ text: String, limit: Int = 60) -> String {
        var out = ""
        appendQuoted(text.count > limit ? String(text.prefix(limit)) + "…" : text, to: &out) { _ in false }
        return out
    }
}
