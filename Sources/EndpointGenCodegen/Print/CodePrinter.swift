/// One line (or the opening of a block) of generated code, built from a string literal with
/// interpolations straight into UTF-8 bytes: `p.line("case \(name) = \(value)")` copies each
/// piece once instead of building and concatenating intermediate `String`s. A line of up to
/// `LineBytes.inlineCapacity` bytes (nearly all) is built in place, without an allocation: the
/// renderers write each line of a large module whole at the speed of writing it in pieces.
struct CodeLine: ExpressibleByStringInterpolation {
    fileprivate var storage = LineBytes()

    init(stringLiteral value: StaticString) {
        storage.append(value)
    }

    init(stringInterpolation: Interpolation) {
        storage = stringInterpolation.storage
    }

    init(_ text: String) {
        storage.append(text)
    }

    /// Nothing was written: a parameter list of no parameters.
    var isEmpty: Bool { storage.count == 0 }

    /// The line's bytes (for tests; the printer reads them in place).
    var bytes: [UInt8] { storage.withBytes { Array($0) } }

    struct Interpolation: StringInterpolationProtocol {
        fileprivate var storage = LineBytes()

        init(literalCapacity: Int, interpolationCount: Int) {}

        mutating func appendLiteral(_ literal: StaticString) {
            storage.append(literal)
        }

        mutating func appendInterpolation(_ text: String) {
            storage.append(text)
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

        /// A part of a line built apart (`let request: CodeLine = "…"`).
        mutating func appendInterpolation(_ line: CodeLine) {
            line.storage.withBytes { storage.append($0) }
        }

        /// `(line)`, or nothing when the line is empty: a case's associated values.
        mutating func appendInterpolation(parenthesized line: CodeLine) {
            guard !line.isEmpty else { return }
            appendLiteral("(")
            appendInterpolation(line)
            appendLiteral(")")
        }

        /// Each of `items` as `each` writes it, with `separator` between them: a parameter list
        /// (`"init(\(members, each: { "\($0.name): \($0.type)" }))"`).
        mutating func appendInterpolation<Item>(_ items: [Item], separator: StaticString = ", ", each: (Item) -> CodeLine) {
            appendList(items, separator: separator) { line, item in line.appendInterpolation(each(item)) }
        }

        /// `prefix` and `text` when there is a text, else nothing: `"\(prefix: " -> ", returns)"`.
        mutating func appendInterpolation(prefix: StaticString, _ text: String?) {
            guard let text else { return }
            appendLiteral(prefix)
            appendInterpolation(text)
        }

        /// `prefix` and `text` as a Swift string literal when there is a text, else nothing.
        mutating func appendInterpolation(prefix: StaticString, literal text: String?) {
            guard let text else { return }
            appendLiteral(prefix)
            appendInterpolation(literal: text)
        }

        /// `text` when `condition` holds, else nothing.
        mutating func appendInterpolation(if condition: Bool, _ text: StaticString) {
            if condition { appendLiteral(text) }
        }

        /// `(text)`, or nothing when there is no text: a case's associated value.
        mutating func appendInterpolation(parenthesized text: String?) {
            guard let text else { return }
            appendLiteral("(")
            appendInterpolation(text)
            appendLiteral(")")
        }

        private mutating func appendList<Item>(_ items: [Item], separator: StaticString = ", ", _ write: (inout Self, Item) -> Void) {
            for index in items.indices {
                if index > 0 { appendLiteral(separator) }
                write(&self, items[index])
            }
        }

        /// `texts` with `separator` between them.
        mutating func appendInterpolation(joined texts: [String], separator: StaticString = ", ") {
            appendList(texts, separator: separator) { line, text in line.appendInterpolation(text) }
        }

        /// `text` as a Swift string literal (`SwiftLiteral.string`), written without an
        /// intermediate `String` when it needs no escapes.
        mutating func appendInterpolation(literal text: String) {
            var text = text
            if text.withUTF8(SwiftLiteral.isPlain) {
                storage.append("\"")
                storage.append(text)
                storage.append("\"")
            } else {
                appendInterpolation(SwiftLiteral.string(text))
            }
        }
    }
}

/// The bytes of a line: in place up to `inlineCapacity`, in an array past it.
private struct LineBytes {
    static let inlineCapacity = 192
    private var inline: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                         UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                         UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    private(set) var count = 0
    /// Every byte, once the line outgrew `inline`.
    private var spilled: [UInt8]?

    mutating func append(_ source: UnsafeRawBufferPointer) {
        let length = source.count
        guard length > 0 else { return }
        if spilled == nil, count + length <= Self.inlineCapacity {
            let start = count
            withUnsafeMutableBytes(of: &inline) { buffer in
                (buffer.baseAddress! + start).copyMemory(from: source.baseAddress!, byteCount: length)
            }
            count += length
            return
        }
        if spilled == nil {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(2 * (count + length))
            let inPlace = count
            withUnsafeBytes(of: &inline) { bytes.append(contentsOf: $0[..<inPlace]) }
            spilled = bytes
        }
        spilled!.append(contentsOf: source)
        count += length
    }

    mutating func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        if let spilled { return spilled.withUnsafeBytes(body) }
        let count = count
        return withUnsafeBytes(of: inline) { body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
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

    /// How `Declaration.Access.typePrivate` is written: `private`, or nothing (internal) once the
    /// layout has moved members of the type to other files. Set by the layout alone.
    var typesAreCut = false

    /// The text printed so far.
    var text: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

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
        append(content, suffix: nil)
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

    private mutating func append(_ content: CodeLine, prefix: StaticString = "", access: String = "", suffix: StaticString?) {
        content.storage.withBytes { content in
            if content.isEmpty, prefix.utf8CodeUnitCount == 0, access.isEmpty {
                pendingBlank = true
                return
            }
            if pendingBlank, !lastOpenedBlock {
                appendByte(0x0A)
            }
            pendingBlank = false
            appendSpaces(depth * 4)
            appendBytes(prefix.utf8Start, prefix.utf8CodeUnitCount)
            put(access)
            if let base = content.baseAddress { appendBytes(base, content.count) }
            if let suffix {
                appendBytes(suffix.utf8Start, suffix.utf8CodeUnitCount)
                lastOpenedBlock = suffix.utf8CodeUnitCount > 0
                    && suffix.utf8Start[suffix.utf8CodeUnitCount - 1] == UInt8(ascii: "{")
            } else {
                lastOpenedBlock = content.last == UInt8(ascii: "{")
            }
            appendByte(0x0A)
        }
    }

    // A line written in pieces straight into the buffer, for the printer's own lines
    // (doc comments); renderers write whole lines (`line`, `block`).

    /// Starts a line at the current indentation (after a pending blank line).
    private mutating func begin() {
        if pendingBlank, !lastOpenedBlock {
            appendByte(0x0A)
        }
        pendingBlank = false
        appendSpaces(depth * 4)
    }

    @inline(__always)
    private mutating func put(_ text: StaticString) {
        appendBytes(text.utf8Start, text.utf8CodeUnitCount)
    }

    @inline(__always)
    private mutating func put(_ text: String) {
        var text = text
        text.withUTF8 { if let base = $0.baseAddress { appendBytes(base, $0.count) } }
    }

    /// Ends the line begun with `begin()`.
    private mutating func end() {
        lastOpenedBlock = lastByte == UInt8(ascii: "{")
        appendByte(0x0A)
    }

    /// Runs `body` one indentation level deeper, without braces (statements under a `case`).
    mutating func indented(_ body: (inout CodePrinter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }

    /// Writes `opening`, the body one level deeper, then `closing`.
    mutating func block(_ opening: CodeLine, closing: CodeLine = "}", _ body: (inout CodePrinter) -> Void) {
        append(opening, suffix: " {")
        depth += 1
        body(&self)
        depth -= 1
        pendingBlank = false
        line(closing)
    }

    /// `switch subject { … }` with `case` labels at the level of `switch` (Swift's convention).
    mutating func switchBlock(_ subject: CodeLine, _ body: (inout CodePrinter) -> Void) {
        append(subject, prefix: "switch ", suffix: " {")
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
        doc(paragraphs: texts)
    }

    private mutating func doc(paragraphs texts: [String?]) {
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

    // Declarations (`Declaration`): the translate stage's output, printed as the layout places them.

    /// `declarations` at the current depth, a blank line between two unless the second is tight.
    mutating func declarations(_ declarations: [Declaration]) {
        for index in declarations.indices {
            if index > 0, !declarations[index].tight { blank() }
            declaration(declarations[index])
        }
    }

    /// One declaration: its doc comment, attributes, access and signature, and its body in braces.
    mutating func declaration(_ declaration: Declaration) {
        doc(paragraphs: declaration.doc)
        for attribute in declaration.attributes {
            line(text: attribute)
        }
        let access: String
        switch declaration.access {
        case .written(let text): access = text
        case .typePrivate: access = typesAreCut ? "" : "private "
        }
        switch declaration.body {
        case .none:
            append(declaration.signature, access: access, suffix: nil)
            return
        case .statements(let body):
            append(declaration.signature, access: access, suffix: " {")
            depth += 1
            body(&self)
        case .members(let members):
            append(declaration.signature, access: access, suffix: " {")
            depth += 1
            declarations(members)
        }
        depth -= 1
        pendingBlank = false
        line("}")
    }

    /// The text of each group of declarations printed at `depth`, from one buffer: each ends with
    /// a newline and has no blank line before or after.
    static func texts(of groups: [[Declaration]], depth: Int, typesAreCut: Bool = false) -> [String] {
        var printer = CodePrinter()
        printer.typesAreCut = typesAreCut
        printer.depth = depth
        return groups.map { group in
            printer.pendingBlank = false
            printer.lastOpenedBlock = true
            let start = printer.count
            printer.declarations(group)
            return String(decoding: UnsafeBufferPointer(start: printer.base + start, count: printer.count - start), as: UTF8.self)
        }
    }

    /// The finished file text.
    var result: String {
        var end = count
        while end > 1, base[end - 1] == 0x0A, base[end - 2] == 0x0A { end -= 1 }
        let text = String(decoding: UnsafeBufferPointer(start: base, count: end), as: UTF8.self)
        return end > 0 && base[end - 1] == 0x0A ? text : text + "\n"
    }
}
