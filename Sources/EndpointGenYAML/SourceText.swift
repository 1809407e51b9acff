/// Converts libyaml's positions into compiler-style ones.
///
/// libyaml counts columns (and `index`) in characters and reports reader errors as byte
/// offsets; diagnostics count columns in UTF-8 bytes. Pure-ASCII input (the common case)
/// needs no table at all.
struct SourceText {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Byte offset of the first character libyaml sees (after a UTF-8 byte order mark).
    let contentStart: Int
    let isASCII: Bool
    private var lineStarts: [Int]?

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        contentStart = hasBOM ? 3 : 0
        var ascii = true
        for byte in bytes where byte >= 0x80 {
            ascii = false
            break
        }
        isASCII = ascii
    }

    /// A 1-based mark from libyaml's 0-based line and character column.
    mutating func mark(line: Int, characterColumn: Int) -> Mark {
        if isASCII {
            return Mark(line: line + 1, column: characterColumn + 1)
        }
        let starts = lineTable()
        guard line < starts.count else { return Mark(line: line + 1, column: characterColumn + 1) }
        var offset = line == 0 ? contentStart : starts[line]
        var remaining = characterColumn
        while remaining > 0, offset < bytes.count {
            offset += SourceText.width(of: bytes[offset])
            remaining -= 1
        }
        let lineStart = line == 0 ? contentStart : starts[line]
        return Mark(line: line + 1, column: offset - lineStart + 1)
    }

    /// The bytes of 1-based line `line`, without its line break (empty past the end).
    mutating func lineBytes(_ line: Int) -> ArraySlice<UInt8> {
        let starts = lineTable()
        guard line >= 1, line <= starts.count else { return [] }
        let start = line == 1 ? contentStart : starts[line - 1]
        var end = line < starts.count ? starts[line] : bytes.count
        while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return Array(bytes[start..<max(start, end)])[...]
    }

    /// A 1-based mark for a byte offset (libyaml's reader errors).
    mutating func mark(byteOffset: Int) -> Mark {
        let starts = lineTable()
        // The last line start at or before the offset.
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= byteOffset { low = mid } else { high = mid - 1 }
        }
        let lineStart = low == 0 ? min(contentStart, byteOffset) : starts[low]
        return Mark(line: low + 1, column: byteOffset - lineStart + 1)
    }

    /// Byte offsets where lines start, with the line breaks libyaml knows:
    /// LF, CR LF, CR, NEL (U+0085), LS (U+2028) and PS (U+2029).
    private mutating func lineTable() -> [Int] {
        if let lineStarts { return lineStarts }
        var starts = [0]
        var i = 0
        let count = bytes.count
        while i < count {
            let byte = bytes[i]
            if byte == 0x0A {
                starts.append(i + 1)
                i += 1
            } else if byte == 0x0D {
                i += (i + 1 < count && bytes[i + 1] == 0x0A) ? 2 : 1
                starts.append(i)
            } else if byte == 0xC2, i + 1 < count, bytes[i + 1] == 0x85 {
                i += 2
                starts.append(i)
            } else if byte == 0xE2, i + 2 < count, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 {
                i += 3
                starts.append(i)
            } else {
                i += 1
            }
        }
        lineStarts = starts
        return starts
    }

    /// The length of a UTF-8 sequence from its first byte (1 for stray continuation bytes).
    static func width(of lead: UInt8) -> Int {
        if lead < 0xC0 { return 1 }
        if lead < 0xE0 { return 2 }
        if lead < 0xF0 { return 3 }
        return 4
    }
}
