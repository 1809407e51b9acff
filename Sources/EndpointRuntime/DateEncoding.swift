import Foundation

/// How a `Date` is written on the wire and read back: in JSON bodies and responses, and as a
/// path, query, header or form value. The one owner of date formats.
///
/// | encoding | `2024-12-26T10:30:15.123Z` is written as | also read |
/// |---|---|---|
/// | `iso8601` (default) | `"2024-12-26T10:30:15.123Z"` (fraction to the microsecond, trailing zeros dropped) | any offset (`+09:00`), with or without a fraction |
/// | `date(timeZone: "Asia/Seoul")` | `"2024-12-26"` (the day in the zone; read as its midnight there) | a full date-time, with or without an offset |
/// | `epochSeconds` | `1735209015.123` (a whole number when the date has no fraction) | a number or a numeric string |
/// | `epochMilliseconds` | `1735209015123` (rounded to the millisecond) | a number or a numeric string |
/// | `local(timeZone: "Asia/Seoul")` | `"2024-12-26T19:30:15.123"` (the wall time in the zone, no offset; Jackson's `LocalDateTime`) | without seconds (`19:30`), or with `Z` or an offset, which is then honoured |
///
/// A time zone is an IANA identifier (`Asia/Seoul`) that `TimeZone(identifier:)` knows; an
/// unknown one stops the program (a precondition), since dates in a wrong zone would be sent and
/// read silently. endpointgen checks a spec's `timeZone:` against the IANA zones Foundation knows,
/// so generated code only names such zones.
public struct DateEncoding: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case iso8601, date, epochSeconds, epochMilliseconds, local
    }

    let kind: Kind
    /// The zone of `date` and `local`; UTC for the others.
    public let timeZone: TimeZone

    private init(_ kind: Kind, timeZone: String = "UTC") {
        self.kind = kind
        guard let zone = TimeZone(identifier: timeZone) else {
            preconditionFailure("DateEncoding: unknown time zone '\(timeZone)': TimeZone(identifier:) does not know it; use an IANA name like 'Asia/Seoul' or 'UTC'")
        }
        self.timeZone = zone
    }

    /// ISO 8601 date-times in UTC: `2024-12-26T10:30:15.123Z`.
    public static let iso8601 = DateEncoding(.iso8601)
    /// Seconds since 1970 as a number: `1735209015`, `1735209015.123`.
    public static let epochSeconds = DateEncoding(.epochSeconds)
    /// Milliseconds since 1970 as an integer: `1735209015123`.
    public static let epochMilliseconds = DateEncoding(.epochMilliseconds)

    /// Days: `2024-12-26`, the day a date falls on in `timeZone`, read as that day's midnight there.
    ///
    /// - Precondition: `timeZone` is a zone `TimeZone(identifier:)` knows.
    public static func date(timeZone: String = "UTC") -> DateEncoding {
        DateEncoding(.date, timeZone: timeZone)
    }

    /// Wall-clock date-times without an offset, `2024-12-26T19:30:15.123`, in `timeZone`.
    ///
    /// - Precondition: `timeZone` is a zone `TimeZone(identifier:)` knows.
    public static func local(timeZone: String = "UTC") -> DateEncoding {
        DateEncoding(.local, timeZone: timeZone)
    }

    // MARK: - Text (path, query, header and form values; JSON strings)

    /// The text of `date` as a path, query, header or form value.
    public func text(_ date: Date) -> String {
        switch kind {
        case .iso8601: return ISO8601.string(from: date)
        case .date: return ISO8601.dateOnly(date, offset: offset(at: date))
        case .local: return ISO8601.dateTime(date, offset: offset(at: date))
        case .epochSeconds:
            let micros = Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
            guard micros % 1_000_000 != 0 else { return String(micros / 1_000_000) }
            return (Decimal(micros) / 1_000_000).description
        case .epochMilliseconds:
            return String(Int64((date.timeIntervalSince1970 * 1000).rounded()))
        }
    }

    /// The date `text` stands for, nil when it is not in this encoding.
    public func date(from text: String) -> Date? {
        switch kind {
        case .iso8601:
            return ISO8601.date(from: text)
        case .date, .local:
            guard let parsed = ISO8601.parse(text, allowsDateOnly: kind == .date, allowsNoSeconds: kind == .local) else { return nil }
            if let offset = parsed.offset { return Date(timeIntervalSince1970: parsed.local - Double(offset)) }
            return localDate(parsed.local)
        case .epochSeconds, .epochMilliseconds:
            // Plain decimal numbers only (`Double(_:)` alone would also take `nan`, `inf`, `0x1p3`).
            guard text.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") || ($0 >= 0x30 && $0 <= 0x39) }),
                  let number = Double(text)
            else { return nil }
            return date(fromNumber: number)
        }
    }

    private func date(fromNumber number: Double) -> Date {
        Date(timeIntervalSince1970: kind == .epochMilliseconds ? number / 1000 : number)
    }

    /// The zone's offset from UTC in seconds at `date`.
    private func offset(at date: Date) -> Int {
        timeZone.secondsFromGMT(for: date)
    }

    /// The instant a wall time (seconds since 1970 as if in UTC) has in the zone. Around a
    /// daylight-saving change the offset of the instant itself is used, so a wall time written by
    /// `text` reads back as the same instant (a skipped hour is read with the offset before it).
    private func localDate(_ wall: Double) -> Date {
        let first = offset(at: Date(timeIntervalSince1970: wall))
        let second = offset(at: Date(timeIntervalSince1970: wall - Double(first)))
        return Date(timeIntervalSince1970: wall - Double(second))
    }

    // MARK: - JSON

    /// Writes `date` as this encoding writes JSON: a number for the epoch encodings, a string otherwise.
    public func encode(_ date: Date, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch kind {
        case .epochSeconds:
            let micros = Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
            if micros % 1_000_000 == 0 {
                try container.encode(micros / 1_000_000)
            } else {
                try container.encode(Decimal(micros) / 1_000_000)
            }
        case .epochMilliseconds:
            try container.encode(Int64((date.timeIntervalSince1970 * 1000).rounded()))
        default:
            try container.encode(text(date))
        }
    }

    /// Reads a date in this encoding from a JSON value (a string, or for the epoch encodings a
    /// number or a numeric string); a value in another form is a `dataCorrupted` error that says
    /// what was expected and what was found.
    public func decode(from decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        if kind == .epochSeconds || kind == .epochMilliseconds, let number = try? container.decode(Double.self) {
            return date(fromNumber: number)
        }
        let text: String
        do {
            text = try container.decode(String.self)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected \(expectation), found no string.")
        }
        guard let date = date(from: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected \(expectation), found \"\(text)\".")
        }
        return date
    }

    /// What a value in this encoding looks like, for messages.
    var expectation: String {
        switch kind {
        case .iso8601: return "an ISO 8601 date-time"
        case .date: return "a date (yyyy-MM-dd)"
        case .epochSeconds: return "seconds since 1970"
        case .epochMilliseconds: return "milliseconds since 1970"
        case .local: return "a local date-time (yyyy-MM-ddTHH:mm:ss)"
        }
    }

    /// Makes `encoder` write dates in this encoding.
    public func apply(to encoder: JSONEncoder) {
        let encoding = self
        encoder.dateEncodingStrategy = .custom { date, encoder in try encoding.encode(date, to: encoder) }
    }

    /// Makes `decoder` read dates in this encoding.
    public func apply(to decoder: JSONDecoder) {
        let encoding = self
        decoder.dateDecodingStrategy = .custom { decoder in try encoding.decode(from: decoder) }
    }
}

/// A date written in a given encoding where a parameter value is expected:
/// `items.append(name: "since", since?.encoded(.epochSeconds))`.
public struct EncodedDate: ParameterValue, Hashable {
    /// The date.
    public var date: Date
    /// How it is written.
    public var encoding: DateEncoding

    /// `date` written in `encoding`.
    public init(_ date: Date, _ encoding: DateEncoding) {
        self.date = date
        self.encoding = encoding
    }

    /// The date's text in its encoding.
    public var parameterValue: String { encoding.text(date) }
}

extension Date {
    /// This date as a parameter value in `encoding` (a path, query, header or form value).
    public func encoded(_ encoding: DateEncoding) -> EncodedDate {
        EncodedDate(self, encoding)
    }
}

/// A date or a list of dates that a generated model field reads and writes in its own
/// `DateEncoding` (the field's `dateEncoding:`), whatever the coder's date strategy.
public protocol DateCodingValue: Sendable {
    /// Reads the value with each date in `encoding`.
    static func decode(from decoder: any Decoder, _ encoding: DateEncoding) throws -> Self
    /// Writes the value with each date in `encoding`.
    func encode(to encoder: any Encoder, _ encoding: DateEncoding) throws
}

extension Date: DateCodingValue {
    /// One date in `encoding`.
    public static func decode(from decoder: any Decoder, _ encoding: DateEncoding) throws -> Date {
        try encoding.decode(from: decoder)
    }

    /// One date in `encoding`.
    public func encode(to encoder: any Encoder, _ encoding: DateEncoding) throws {
        try encoding.encode(self, to: encoder)
    }
}

extension Array: DateCodingValue where Element == Date {
    /// A JSON array of dates in `encoding`.
    public static func decode(from decoder: any Decoder, _ encoding: DateEncoding) throws -> [Date] {
        var container = try decoder.unkeyedContainer()
        var dates: [Date] = []
        while !container.isAtEnd {
            dates.append(try encoding.decode(from: container.superDecoder()))
        }
        return dates
    }

    /// A JSON array of dates in `encoding`.
    public func encode(to encoder: any Encoder, _ encoding: DateEncoding) throws {
        var container = encoder.unkeyedContainer()
        for date in self {
            try encoding.encode(date, to: container.superEncoder())
        }
    }
}

@_spi(Generated)
extension KeyedDecodingContainer where K == WireKey {
    /// The dates under `name` in `encoding`; throws when missing or null.
    public func required<T: DateCodingValue>(_ type: T.Type, _ name: String, _ encoding: DateEncoding) throws -> T {
        let key = WireKey(name)
        guard contains(key) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: codingPath, debugDescription: "No value associated with key \"\(name)\"."))
        }
        return try T.decode(from: superDecoder(forKey: key), encoding)
    }

    /// The dates under `name` in `encoding`, nil when missing or null.
    public func optional<T: DateCodingValue>(_ type: T.Type, _ name: String, _ encoding: DateEncoding) throws -> T? {
        let key = WireKey(name)
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try T.decode(from: superDecoder(forKey: key), encoding)
    }
}

@_spi(Generated)
extension KeyedEncodingContainer where K == WireKey {
    /// Writes the dates under `name` in `encoding`.
    public mutating func put<T: DateCodingValue>(_ value: T, _ name: String, _ encoding: DateEncoding) throws {
        try value.encode(to: superEncoder(forKey: WireKey(name)), encoding)
    }

    /// Writes the dates under `name` in `encoding`, or leaves the key out when nil.
    public mutating func putIfPresent<T: DateCodingValue>(_ value: T?, _ name: String, _ encoding: DateEncoding) throws {
        guard let value else { return }
        try put(value, name, encoding)
    }
}
