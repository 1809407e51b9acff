/// The few string operations the importer needs, without Foundation (the CLI does not link it).
enum Text {
    /// `text` with every occurrence of `target` replaced.
    static func replacing(_ target: String, with replacement: String, in text: String) -> String {
        guard !target.isEmpty, text.contains(target) else { return text }
        var result = ""
        var rest = Substring(text)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }

    static func trimmed(_ text: some StringProtocol) -> String {
        var slice = Substring(text)
        while let first = slice.first, first == " " || first == "\t" || first.isNewline { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" || last.isNewline { slice.removeLast() }
        return String(slice)
    }

    /// The first paragraph of a description, its lines joined with spaces.
    static func firstParagraph(_ text: String) -> String {
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = trimmed(line)
            if trimmed.isEmpty {
                if lines.isEmpty { continue }
                break
            }
            lines.append(trimmed)
        }
        return lines.joined(separator: " ")
    }

    /// `%XX` escapes decoded (as in a `$ref`); text with a malformed escape is returned unchanged.
    static func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard utf8.count >= 2, let high = hexValue(utf8[utf8.startIndex]), let low = hexValue(utf8[utf8.startIndex + 1]) else { return text }
            bytes.append(high << 4 | low)
            utf8 = utf8.dropFirst(2)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
