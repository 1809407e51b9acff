import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The client's rules for the cookies servers set, the same on every platform whatever its
/// `HTTPCookieStorage` does: bounded work and memory for any `Set-Cookie` a server sends, and
/// deletion as RFC 6265 (5.3) says.
///
/// - A response's `Set-Cookie` fields are split by the client in one pass, and only the first
///   `maxCookiesPerResponse` are read: 10,000 fields cost well under a second, not minutes (each
///   cookie stored costs the platform's storage real work: milliseconds on Linux, where
///   `HTTPCookieStorage` rewrites its file per cookie).
/// - A cookie longer than `maxCookieBytes` (name, value and attributes) is ignored.
/// - `Max-Age` of zero or less, or an `Expires` in the past, deletes the cookie of that name,
///   domain and path (Linux's `HTTPCookie` reads `Max-Age=0` as no expiry and kept sending it).
/// - A storage keeps at most `maxCookiesPerDomain` cookies for a response's URL and
///   `maxCookiesInStorage` in all: past those, new cookies are refused (one already stored can
///   still be replaced or deleted).
/// - A `Cookie` header built from a storage holds at most `maxCookiesPerDomain` cookies of at most
///   `maxCookieBytes` each.
public enum CookieLimits {
    /// Cookies kept per URL's domain (Chromium's figure; RFC 6265 6.1 asks for at least 50).
    public static let maxCookiesPerDomain = 180
    /// Cookies read from one response (RFC 6265 6.1's least per domain); the rest are ignored.
    public static let maxCookiesPerResponse = 50
    /// Cookies kept in a storage in all (RFC 6265 6.1's figure).
    public static let maxCookiesInStorage = 3000
    /// The longest cookie, in bytes of its `Set-Cookie` text (RFC 6265 6.1 asks for at least 4096).
    public static let maxCookieBytes = 4096

    /// One `Set-Cookie` field read.
    struct Received {
        /// The cookie as the platform parsed it; for a deletion, one the client built with the
        /// field's name, domain and path and an expiry in 1970.
        var cookie: HTTPCookie
        /// Whether the server deletes the cookie (`Max-Age <= 0`, a past `Expires`).
        var deletes: Bool
    }

    /// The cookies of a response's `Set-Cookie` value (fields joined with commas, as transports
    /// hand them over), at most `maxCookiesPerResponse`, each at most `maxCookieBytes` long.
    static func received(_ field: String, for url: URL, now: Date = Date()) -> [Received] {
        var result: [Received] = []
        for text in splitFields(field) {
            guard result.count < maxCookiesPerResponse else { break }
            guard text.utf8.count <= maxCookieBytes else { continue }
            let parsed = HTTPCookie.cookies(withResponseHeaderFields: ["Set-Cookie": String(text)], for: url).first
            // Read from the text itself, not from what the platform parsed: a platform may drop
            // a cookie that is already expired (nothing to delete with then) or read
            // `Max-Age=0` as no expiry (Linux).
            let expires = parsed.map(\.expiresDate) ?? attribute("expires", of: text).flatMap(httpDate)
            if deletes(text, expires: expires, now: now) {
                if let deletion = deletion(text, parsed: parsed, for: url) { result.append(Received(cookie: deletion, deletes: true)) }
            } else if let parsed {
                result.append(Received(cookie: parsed, deletes: false))
            }
        }
        return result
    }

    /// Whether a cookie's attributes delete it: `Max-Age` of zero or less wins over `Expires`
    /// (RFC 6265 5.3 step 3), then an `Expires` (as the platform read it) before `now`.
    private static func deletes(_ text: Substring, expires: Date?, now: Date) -> Bool {
        if let maxAge = attribute("max-age", of: text) {
            // RFC 6265 5.2.2: a value that is not digits (after an optional minus) is ignored.
            let digits = maxAge.hasPrefix("-") ? maxAge.dropFirst() : maxAge[...]
            if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
                return maxAge.hasPrefix("-") || digits.allSatisfy { $0 == "0" }
            }
        }
        if let expires { return expires <= now }
        return false
    }

    /// The value of a cookie attribute (`max-age`, `domain`, `path`; lowercased name), trimmed.
    private static func attribute(_ name: String, of text: Substring) -> String? {
        for attribute in text.split(separator: ";").dropFirst() {
            let parts = attribute.split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == name {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// The cookie a deleting field names (its name, and its domain and path as RFC 6265 5.3 gives
    /// them: the attributes, else the request's host and default path), expired in 1970.
    private static func deletion(_ text: Substring, parsed: HTTPCookie?, for url: URL) -> HTTPCookie? {
        let pair = text.prefix { $0 != ";" }
        guard let equals = pair.firstIndex(of: "=") else { return nil }
        let name = pair[..<equals].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, let host = url.host else { return nil }
        let domain = parsed?.domain ?? attribute("domain", of: text) ?? host
        let path = parsed?.path ?? attribute("path", of: text).flatMap { $0.hasPrefix("/") ? $0 : nil } ?? defaultPath(of: url)
        return HTTPCookie(properties: [.name: name, .value: "", .domain: domain, .path: path,
                                       .expires: Date(timeIntervalSince1970: 0)])
    }

    /// An `Expires` date the platform did not read for us (it may drop an expired cookie whole):
    /// the HTTP date forms (RFC 9110 5.6.7), as servers write them.
    static func httpDate(_ text: String) -> Date? {
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy", "EEE, dd-MMM-yyyy HH:mm:ss zzz"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }

    /// RFC 6265 5.1.4: the request path up to its last `/`, or `/`.
    private static func defaultPath(of url: URL) -> String {
        let path = url.path
        guard path.hasPrefix("/"), let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// The `Set-Cookie` fields of a comma-joined value, in one pass: a comma starts a new cookie
    /// when `name=` follows it (not inside an `Expires` date such as `Thu, 01 Jan 1970`).
    static func splitFields(_ field: String) -> [Substring] {
        var fields: [Substring] = []
        var start = field.startIndex
        var index = field.startIndex
        while index < field.endIndex {
            if field[index] == ",", startsCookie(field[field.index(after: index)...]) {
                fields.append(field[start..<index])
                start = field.index(after: index)
            }
            index = field.index(after: index)
        }
        fields.append(field[start...])
        return fields.map { $0.drop { $0 == " " || $0 == "\t" } }.filter { !$0.isEmpty }
    }

    /// Whether `rest` (after a comma) begins with a cookie's `name=`: the look stops at the first
    /// `=`, `;`, `,` or space inside the name, so each character is looked at a bounded number of times.
    private static func startsCookie(_ rest: Substring) -> Bool {
        let text = rest.drop { $0 == " " || $0 == "\t" }
        for character in text {
            switch character {
            case "=": return text.first != "="
            case ";", ",", " ", "\t": return false
            default: continue
            }
        }
        return false
    }

    /// Stores a response's cookies in `storage` under the limits, and deletes those it deletes.
    static func store(_ received: [Received], in storage: HTTPCookieStorage, for url: URL) {
        // By name, domain and path among the cookies the URL would be sent (a stored one may
        // spell its domain with a leading dot).
        let deleted = received.filter(\.deletes).map(\.cookie)
        if !deleted.isEmpty {
            let undotted = { (domain: String) in domain.hasPrefix(".") ? String(domain.dropFirst()) : domain }
            for stored in storage.cookies(for: url) ?? [] where deleted.contains(where: {
                $0.name == stored.name && $0.path == stored.path && undotted($0.domain).lowercased() == undotted(stored.domain).lowercased()
            }) {
                storage.deleteCookie(stored)
            }
        }
        let kept = received.filter { !$0.deletes }.map(\.cookie)
        guard !kept.isEmpty else { return }
        let key = { (cookie: HTTPCookie) in [cookie.name, cookie.domain, cookie.path] }
        let forURL = storage.cookies(for: url) ?? []
        let known = Set(forURL.map(key))
        var domainRoom = maxCookiesPerDomain - forURL.count
        var totalRoom = maxCookiesInStorage - (storage.cookies?.count ?? 0)
        var accepted: [HTTPCookie] = []
        for cookie in kept {
            if known.contains(key(cookie)) {
                accepted.append(cookie)  // a replacement takes no more room
            } else if domainRoom > 0, totalRoom > 0 {
                accepted.append(cookie)
                domainRoom -= 1
                totalRoom -= 1
            }
        }
        storage.setCookies(accepted, for: url, mainDocumentURL: nil)
    }

    /// The `Cookie` header value for `url` from `storage`: its first `maxCookiesPerDomain` cookies
    /// of at most `maxCookieBytes`; nil when there are none.
    static func header(for url: URL, from storage: HTTPCookieStorage) -> String? {
        header(of: storage.cookies(for: url) ?? [])
    }

    /// The `Cookie` header value of `cookies` within the bounds: the first `maxCookiesPerDomain`
    /// of at most `maxCookieBytes`; nil when none is left.
    static func header(of cookies: [HTTPCookie]) -> String? {
        let sent = cookies
            .filter { $0.name.utf8.count + $0.value.utf8.count <= maxCookieBytes }
            .prefix(maxCookiesPerDomain)
        return sent.isEmpty ? nil : HTTPCookie.requestHeaderFields(with: Array(sent))["Cookie"]
    }
}
