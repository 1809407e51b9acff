import Foundation

/// The one reader of URL text a server chose (a `Location` header, a `Link` target): it is made a
/// valid RFC 3986 URI reference before `URL` sees it, so that every platform follows the same
/// redirects and pages.
///
/// `URL(string:)` differs by platform for text that is not a valid URI: on Linux (and on Apple
/// platforms for apps built with the iOS 17 / macOS 14 SDKs) it percent-encodes a space, `|` or
/// `상품` itself, while on iOS 16 / macOS 13 it returns nil for the same text, so a redirect or a
/// next page would fail only on the phone. Here every byte RFC 3986 does not allow where it stands
/// is percent-encoded (as UTF-8), so the text `URL` parses is valid everywhere:
/// - in the path, query and fragment: non-ASCII, controls, space, `"`, `<`, `>`, `\`, `^`, `` ` ``,
///   `{`, `|`, `}`, `[`, `]`, a `#` after the first, and a `%` not followed by two hex digits
///   (`%zz` becomes `%25zz`); a valid `%XX` is kept as it is (the server's own encoding);
/// - a `\` is a literal byte (`%5C`), not the `/` browsers read it as: `/\evil.example` stays a
///   path on the same host rather than becoming `//evil.example`;
/// - the scheme and the authority (host, port, user-info) are not encoded: text there that is not
///   ASCII without spaces (an internationalized host name, which would need IDNA) makes the whole
///   text invalid, and the caller refuses it.
enum ServerURLText {
    /// `text` (surrounding spaces and tabs trimmed) resolved against `base`; nil when it is no URI
    /// reference even after encoding.
    static func url(_ text: String, relativeTo base: URL) -> URL? {
        guard let encoded = encoded(text) else { return nil }
        return URL(string: encoded, relativeTo: base)?.absoluteURL
    }

    /// `text` as a valid URI reference: see the type's description. Nil when its scheme or
    /// authority is not plain ASCII text.
    static func encoded(_ text: String) -> String? {
        let bytes = Array(text.trimmingCharacters(in: CharacterSet(charactersIn: " \t")).utf8)
        var index = 0
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        // A scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":" before any "/", "?" or "#".
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, isAlpha(bytes[0]),
           bytes[..<colon].allSatisfy({ isAlpha($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }) {
            output.append(contentsOf: bytes[...colon])
            index = colon + 1
        }
        // An authority after "//", up to the path, query or fragment: kept, when it is valid as it is.
        if bytes.count >= index + 2, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
            let end = bytes[(index + 2)...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
            let authority = bytes[(index + 2)..<end]
            guard authority.allSatisfy({ isUnreserved($0) || isSubDelimiter($0) || $0 == UInt8(ascii: ":")
                || $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: "%") })
            else { return nil }
            output.append(contentsOf: bytes[index..<end])
            index = end
        }
        var inFragment = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) {
                output.append(contentsOf: bytes[index...(index + 2)])
                index += 3
                continue
            }
            if byte == UInt8(ascii: "#"), !inFragment {
                inFragment = true
                output.append(byte)
            } else if isUnreserved(byte) || isSubDelimiter(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "@")
                        || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func isAlpha(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    /// RFC 3986's unreserved: ALPHA / DIGIT / "-" / "." / "_" / "~".
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        isAlpha(byte) || isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "~")
    }

    /// RFC 3986's sub-delims: "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "=".
    private static func isSubDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
             UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            return true
        default:
            return false
        }
    }
}
