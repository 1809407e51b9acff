/// One line (or the opening of a block) of generated code, built from a string literal with
/// interpolations straight into UTF-8 bytes: `p.line("case \(name) = \(value)")` copies each
/// piece once instead of building and concatenating intermediate `String`s.
struct CodeLine: ExpressibleByStringInterpolation {
    var bytes: [UInt8]

    init(stringLiteral value: StaticString) {
        bytes = Array(UnsafeBufferPointer(start: value.utf8Start, count: value.utf8CodeUnitCount))
    }

    init(stringInterpolation: Interpolation) {
        bytes = stringInterpolation.bytes
    }

    init(_ text: String) {
        var text = text
        bytes = text.withUTF8 { Array($0) }
    }

    struct Interpolation: StringInterpolationProtocol {
        var bytes: [UInt8]

        init(literalCapacity: Int, interpolationCount: Int) {
            bytes = []
            bytes.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        mutating func appendLiteral(_ literal: StaticString) {
            bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
        }

        mutating func appendInterpolation(_ text: String) {
            var text = text
            text.withUTF8 { bytes.append(contentsOf: $0) }
        }

        mutating func appendInterpolation(_ text: StaticString) {
            appendLiteral(text)
        }

        mutating func appendInterpolation(_ text: Substring) {
            appendInterpolation(String(text))
        }

        mutating func appendInterpolation(_ number: Int) {
            appendInterpolation(String(number))
        }
    }
}

/// The one place that prints code: lines with 4-space indentation, LF endings,
/// no trailing spaces, and a single trailing newline.
///
/// Text is kept as UTF-8 bytes in memory the printer owns: appending is a bounds check and a
/// copy, without the uniqueness check and the buffer access of an `Array` on each of the
/// half a million short appends of a large module. Not copyable, so that no two printers can
/// share that memory.
struct CodePrinter: ~Copyable {
    /// The text so far is `base[..<count]`; the rest, up to `capacity`, is room to grow.
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0
    private var depth = 0
    private var pendingBlank = false
    /// The last line opened a block; a blank line right after `{` is dropped.
    private var lastOpenedBlock = true

    init() {
        capacity = 16 * 1024
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deallocate()
    }

    /// The text printed so far.
    var text: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

    /// Bytes printed so far: marks where a declaration ends, for `text(in:)`.
    var offset: Int { count }

    /// The text printed between two offsets, without the blank lines it starts with.
    func text(in range: Range<Int>) -> String {
        var start = range.lowerBound
        while start < range.upperBound, base[start] == 0x0A { start += 1 }
        return String(decoding: UnsafeBufferPointer(start: base + start, count: range.upperBound - start), as: UTF8.self)
    }

    @inline(__always)
    private mutating func appendBytes(_ source: UnsafeRawPointer, _ length: Int) {
        if count + length > capacity { grow(to: count + length) }
        UnsafeMutableRawPointer(base + count).copyMemory(from: source, byteCount: length)
        count += length
    }

    @inline(__always)
    private mutating func appendByte(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        base[count] = byte
        count += 1
    }

    private mutating func appendSpaces(_ length: Int) {
        if count + length > capacity { grow(to: count + length) }
        (base + count).update(repeating: 0x20, count: length)
        count += length
    }

    private mutating func grow(to needed: Int) {
        let larger = max(needed, capacity * 2)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }

    private var lastByte: UInt8? { count > 0 ? base[count - 1] : nil }

    /// Appends one line at the current indentation.
    mutating func line(_ content: CodeLine = "") {
        append(content.bytes, suffix: nil)
    }

    /// Appends one line of text at the current indentation.
    mutating func line(text: String) {
        line(CodeLine(text))
    }

    /// Appends whole lines printed by another printer (ending in a newline), as they are.
    mutating func lines(_ text: String) {
        guard !text.isEmpty else { return }
        if pendingBlank, !lastOpenedBlock {
            appendByte(0x0A)
        }
        pendingBlank = false
        var text = text
        text.withUTF8 { appendBytes($0.baseAddress!, $0.count) }
        lastOpenedBlock = false
    }

    private mutating func append(_ content: [UInt8], suffix: StaticString?) {
        if content.isEmpty {
            pendingBlank = true
            return
        }
        if pendingBlank, !lastOpenedBlock {
            appendByte(0x0A)
        }
        pendingBlank = false
        appendSpaces(depth * 4)
        content.withUnsafeBytes { appendBytes($0.baseAddress!, $0.count) }
        if let suffix {
            appendBytes(suffix.utf8Start, suffix.utf8CodeUnitCount)
            lastOpenedBlock = suffix.utf8CodeUnitCount > 0
                && suffix.utf8Start[suffix.utf8CodeUnitCount - 1] == UInt8(ascii: "{")
        } else {
            lastOpenedBlock = content.last == UInt8(ascii: "{")
        }
        appendByte(0x0A)
    }

    // MARK: Lines written in pieces
    //
    // The per-endpoint and per-field lines of a large module are written piece by piece
    // straight into the buffer (`begin`, `put`…, `end`): no intermediate `String`, array or
    // `CodeLine` per line. Used where a line is built from many parts or in a loop.

    /// Starts a line at the current indentation (after a pending blank line).
    mutating func begin() {
        if pendingBlank, !lastOpenedBlock {
            appendByte(0x0A)
        }
        pendingBlank = false
        appendSpaces(depth * 4)
    }

    /// Appends literal text to the line begun with `begin()`.
    @inline(__always)
    mutating func put(_ text: StaticString) {
        appendBytes(text.utf8Start, text.utf8CodeUnitCount)
    }

    /// Appends text to the line begun with `begin()`.
    @inline(__always)
    mutating func put(_ text: String) {
        var text = text
        text.withUTF8 { if let base = $0.baseAddress { appendBytes(base, $0.count) } }
    }

    /// Appends `text` as a Swift string literal (see `SwiftLiteral.string`).
    mutating func putLiteral(_ text: String) {
        var text = text
        let plain = text.withUTF8 { utf8 in
            !utf8.contains { $0 < 0x20 || $0 > 0x7E || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") }
        }
        if plain {
            appendByte(UInt8(ascii: "\""))
            text.withUTF8 { if let base = $0.baseAddress { appendBytes(base, $0.count) } }
            appendByte(UInt8(ascii: "\""))
        } else {
            put(SwiftLiteral.string(text))
        }
    }

    /// Ends the line begun with `begin()`.
    mutating func end() {
        lastOpenedBlock = lastByte == UInt8(ascii: "{")
        appendByte(0x0A)
    }

    /// Ends the line begun with `begin()` with ` {` and indents what follows, up to `close()`.
    mutating func open() {
        put(" {")
        end()
        depth += 1
    }

    /// Closes the block begun with `open()`.
    mutating func close() {
        depth -= 1
        pendingBlank = false
        begin()
        put("}")
        end()
    }

    /// Runs `body` one indentation level deeper, without braces (statements under a `case`).
    mutating func indented(_ body: (inout CodePrinter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }

    /// Writes `opening`, the body one level deeper, then `closing`.
    mutating func block(_ opening: CodeLine, closing: CodeLine = "}", _ body: (inout CodePrinter) -> Void) {
        append(opening.bytes, suffix: " {")
        depth += 1
        body(&self)
        depth -= 1
        pendingBlank = false
        line(closing)
    }

    /// `switch subject { … }` with `case` labels at the level of `switch` (Swift's convention).
    mutating func switchBlock(_ subject: CodeLine, _ body: (inout CodePrinter) -> Void) {
        append(Array("switch ".utf8) + subject.bytes, suffix: " {")
        body(&self)
        pendingBlank = false
        line("}")
    }

    /// `do { … } catch { … }` and other chains of blocks joined as `} catch {`.
    mutating func chain(_ parts: [(opening: String, body: (inout CodePrinter) -> Void)]) {
        for (index, part) in parts.enumerated() {
            line(index == 0 ? "\(part.opening) {" : "} \(part.opening) {")
            depth += 1
            part.body(&self)
            depth -= 1
            pendingBlank = false
        }
        line("}")
    }

    /// A blank line before the next line, collapsed with others and dropped at block starts.
    mutating func blank() {
        pendingBlank = true
    }

    /// `/// ...` lines for a doc comment, if there is any text: one paragraph per non-empty text,
    /// with `///` between them.
    mutating func doc(_ texts: String?...) {
        var first = true
        for case let text? in texts where !text.isEmpty {
            if !first { docLine("") }
            first = false
            // Most summaries are one line of printable ASCII: written as they are.
            if SwiftLiteral.isPlainDocLine(text) {
                docLine(text)
                continue
            }
            for line in SwiftLiteral.docLines(text) { docLine(line) }
        }
    }

    private mutating func docLine(_ text: String) {
        begin()
        if text.isEmpty {
            put("///")
        } else {
            put("/// ")
            put(text)
        }
        end()
    }

    /// The finished file text.
    var result: String {
        var end = count
        while end > 1, base[end - 1] == 0x0A, base[end - 2] == 0x0A { end -= 1 }
        let text = String(decoding: UnsafeBufferPointer(start: base, count: end), as: UTF8.self)
        return end > 0 && base[end - 1] == 0x0A ? text : text + "\n"
    }
}

/// Safe rendering of spec text into Swift source.
enum SwiftLiteral {
    /// A double-quoted Swift string literal: `\` and `"` escaped, everything outside
    /// printable ASCII written as `\u{…}`, so no spec text can become code.
    static func string(_ text: String) -> String {
        var text = text
        let plain = text.withUTF8 { utf8 in
            !utf8.contains { $0 < 0x20 || $0 > 0x7E || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") }
        }
        if plain { return "\"" + text + "\"" }
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
