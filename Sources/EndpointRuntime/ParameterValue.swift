import Foundation

// Wire texts of the primitive types generated code passes as path, query, header and form values.

extension String: ParameterValue {
    /// The string itself.
    public var parameterValue: String { self }
}

extension Int: ParameterValue {
    /// Decimal digits, e.g. `42`.
    public var parameterValue: String { String(self) }
}

extension Int32: ParameterValue {
    /// Decimal digits, e.g. `42`.
    public var parameterValue: String { String(self) }
}

extension Int64: ParameterValue {
    /// Decimal digits, e.g. `42`.
    public var parameterValue: String { String(self) }
}

extension Double: ParameterValue {
    /// The shortest text that reads back as the same value, e.g. `1.5`.
    public var parameterValue: String { description }
}

extension Float: ParameterValue {
    /// The shortest text that reads back as the same value, e.g. `1.5`.
    public var parameterValue: String { description }
}

extension Bool: ParameterValue {
    /// `true` or `false`.
    public var parameterValue: String { self ? "true" : "false" }
}

extension Decimal: ParameterValue {
    /// Plain decimal notation with `.` as separator, whatever the locale, e.g. `12.50` → `12.5`.
    public var parameterValue: String { description }
}

extension Date: ParameterValue {
    /// ISO 8601 in UTC without fractional seconds: `2024-01-02T03:04:05Z` (the JSON date format too).
    public var parameterValue: String { ISO8601.string(from: self) }
}

extension URL: ParameterValue {
    /// The absolute URL string.
    public var parameterValue: String { absoluteString }
}

extension UUID: ParameterValue {
    /// The canonical form, as `UUID` encodes in JSON: `E621E1F8-C36C-495A-93FC-0C247A3E6E5F`.
    public var parameterValue: String { uuidString }
}

extension ParameterValue where Self: RawRepresentable, Self.RawValue == String {
    /// The raw value (generated string enums use this).
    public var parameterValue: String { rawValue }
}

extension ParameterValue where Self: RawRepresentable, Self.RawValue == Int {
    /// The raw value in decimal digits (generated integer enums use this).
    public var parameterValue: String { String(rawValue) }
}

/// Percent-encoding of path values.
public enum PathEncoding {
    /// `value` as ONE path segment: every byte of its UTF-8 text except `A-Z a-z 0-9 - _ ~` is
    /// percent-encoded, so `/`, `..`, `?`, `#` and spaces in a value can never change the path.
    /// (Endpoints give values as `PathComponent.value`, which the runtime encodes so.)
    public static func segment(_ value: some ParameterValue) -> String {
        encoded(value.parameterValue)
    }

    static func encoded(_ text: String) -> String {
        PercentEncoding.encode(text, keeping: PercentEncoding.isPathSafe)
    }

    /// `text` as several segments: split at `/`, each encoded as `segment` does but for `.`,
    /// kept as it is (`file.txt`: the `.` and `..` segments that would need it are refused),
    /// joined by `/`.
    static func segments(_ text: String) -> String {
        text.split(separator: "/", omittingEmptySubsequences: false)
            .map { PercentEncoding.encode(String($0), keeping: PercentEncoding.isQuerySafe) }.joined(separator: "/")
    }
}

/// Percent-encoding shared by paths, queries and form bodies.
enum PercentEncoding {
    private static let hex: [UInt8] = Array("0123456789ABCDEF".utf8)

    static func isPathSafe(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
    }

    /// RFC 3986 unreserved characters. Everything else in a query or form value is encoded,
    /// including `+` (read as a space by servers), `&`, `=`, `;` and `/`.
    static func isQuerySafe(_ byte: UInt8) -> Bool {
        isPathSafe(byte) || byte == UInt8(ascii: ".")
    }

    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    static func encode(_ text: String, keeping isSafe: (UInt8) -> Bool) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isSafe(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `name=value&name=value` with both sides encoded; the query string and the form body format.
    static func formEncode(_ items: [QueryItem]) -> String {
        var parts: [String] = []
        parts.reserveCapacity(items.count)
        for item in items {
            parts.append(encode(item.name, keeping: isQuerySafe) + "=" + (item.encodedValue ?? encode(item.value, keeping: isQuerySafe)))
        }
        return parts.joined(separator: "&")
    }
}

// The rule of every `append(name:_:)` below: an optional parameter that is nil appends nothing,
// a list appends one element per value under the same name.
extension Array {
    mutating func appendIfPresent<Value>(_ value: Value?, _ make: (Value) -> Element) {
        guard let value else { return }
        append(make(value))
    }

    mutating func appendEach<Value>(_ values: [Value]?, _ make: (Value) -> Element) {
        guard let values else { return }
        for value in values {
            append(make(value))
        }
    }
}

extension Array where Element == QueryItem {
    /// Appends `name=value`; a nil value appends nothing (optional parameters are left out).
    public mutating func append(name: String, _ value: (some ParameterValue)?) {
        appendIfPresent(value) { QueryItem(name: name, value: $0.parameterValue) }
    }

    /// Appends one item per element, repeating the name (`tags=a&tags=b`); nil appends nothing.
    public mutating func append(name: String, _ values: [some ParameterValue]?) {
        appendEach(values) { QueryItem(name: name, value: $0.parameterValue) }
    }
}

extension Array where Element == HTTPHeader {
    /// Appends the header; a nil value appends nothing.
    public mutating func append(name: String, _ value: (some ParameterValue)?) {
        appendIfPresent(value) { HTTPHeader(name: name, value: $0.parameterValue) }
    }

    /// Appends one header whose value is the elements joined with `,` (OpenAPI's `simple` style,
    /// which strict servers split without trimming; also valid HTTP list syntax);
    /// nil or an empty array appends nothing.
    public mutating func append(name: String, _ values: [some ParameterValue]?) {
        guard let values, !values.isEmpty else { return }
        var texts: [String] = []
        texts.reserveCapacity(values.count)
        for value in values {
            texts.append(value.parameterValue)
        }
        append(HTTPHeader(name: name, value: texts.joined(separator: ",")))
    }

    /// Appends the header, or `fallback` under the same name when the value is nil: an optional
    /// header parameter that replaces a constant header of its service when it is given.
    public mutating func append(name: String, _ value: (some ParameterValue)?, otherwise fallback: String) {
        guard let value else {
            append(HTTPHeader(name: name, value: fallback))
            return
        }
        append(name: name, value)
    }

    /// Appends one header of the elements joined with `,`, or `fallback` under the same name
    /// when the list is nil or empty.
    public mutating func append(name: String, _ values: [some ParameterValue]?, otherwise fallback: String) {
        guard let values, !values.isEmpty else {
            append(HTTPHeader(name: name, value: fallback))
            return
        }
        append(name: name, values)
    }
}

extension Array where Element == MultipartPart {
    /// Appends a text part; a nil value appends nothing.
    public mutating func append(name: String, _ value: (some ParameterValue)?) {
        appendIfPresent(value) { MultipartPart(name: name, text: $0.parameterValue) }
    }

    /// Appends one text part per element, repeating the name; nil appends nothing.
    public mutating func append(name: String, _ values: [some ParameterValue]?) {
        appendEach(values) { MultipartPart(name: name, text: $0.parameterValue) }
    }

    /// Appends a JSON part (a model, an array of them, `JSONValue`), its dates in `dates` (ISO
    /// 8601 by default); nil appends nothing.
    public mutating func append(name: String, json value: (some Encodable & Sendable)?, dates: DateEncoding? = nil) {
        appendIfPresent(value) { MultipartPart(name: name, json: $0, dates: dates) }
    }

    /// Appends a file part; nil appends nothing.
    public mutating func append(name: String, _ file: File?) {
        appendIfPresent(file) { MultipartPart(name: name, file: $0) }
    }

    /// Appends one file part per file, repeating the name; nil appends nothing.
    public mutating func append(name: String, _ files: [File]?) {
        appendEach(files) { MultipartPart(name: name, file: $0) }
    }
}
