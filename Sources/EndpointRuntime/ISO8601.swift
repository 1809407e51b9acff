import Foundation

/// ISO 8601 date-times without formatters: thread-safe, allocation-light and locale-proof.
///
/// Writes `2024-01-02T03:04:05Z` (UTC), with the fractional seconds a date has, to the
/// microsecond and without trailing zeros (`…:05.25Z`): a date read from a server goes back as it
/// came. Reads `YYYY-MM-DDTHH:MM:SS`, optional fractional seconds (any number of digits), then `Z`
/// or an offset `±HH:MM` / `±HHMM`.
enum ISO8601 {
    static func string(from date: Date) -> String {
        dateTime(date, offset: 0) + "Z"
    }

    /// `YYYY-MM-DDTHH:MM:SS[.ffffff]` of `date` seen at `offset` seconds from UTC, without a zone.
    static func dateTime(_ date: Date, offset: Int) -> String {
        // Rounded to whole microseconds first, so that 0.9999999 s carries into the next second.
        let micros = Int((date.timeIntervalSince1970 * 1_000_000).rounded()) + offset * 1_000_000
        let (seconds, microOfSecond) = floorDivide(micros, 1_000_000)
        let (days, secondOfDay) = floorDivide(seconds, 86_400)
        let hour = secondOfDay / 3600
        let minute = secondOfDay % 3600 / 60
        let second = secondOfDay % 60
        var fraction = ""
        if microOfSecond > 0 {
            fraction = "." + pad(microOfSecond, 6)
            while fraction.hasSuffix("0") { fraction.removeLast() }
        }
        return day(days) + "T" + pad(hour, 2) + ":" + pad(minute, 2) + ":" + pad(second, 2) + fraction
    }

    /// `YYYY-MM-DD` of the day `date` falls on at `offset` seconds from UTC.
    static func dateOnly(_ date: Date, offset: Int) -> String {
        let seconds = floorDivide(Int((date.timeIntervalSince1970 * 1_000_000).rounded()), 1_000_000).0 + offset
        return day(floorDivide(seconds, 86_400).0)
    }

    private static func day(_ days: Int) -> String {
        let (year, month, day) = civil(fromDays: days)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
    }

    static func date(from text: String) -> Date? {
        guard let parsed = parse(text), let offset = parsed.offset else { return nil }
        return Date(timeIntervalSince1970: parsed.local - Double(offset))
    }

    /// A date-time or a date as written: its seconds since 1970 read as if it were UTC, and its
    /// offset from UTC in seconds when it has one (`Z` is 0). Reads `YYYY-MM-DD`, or that followed
    /// by `T` (or `t`, or a space) and `HH:MM`, optional `:SS` and fractional seconds (any number
    /// of digits), then optional `Z` or an offset `±HH:MM` / `±HHMM`. `allowsDateOnly` and
    /// `allowsNoSeconds` say whether the shorter forms are taken.
    static func parse(_ text: String, allowsDateOnly: Bool = false, allowsNoSeconds: Bool = false) -> (local: Double, offset: Int?)? {
        var reader = Reader(bytes: Array(text.utf8))
        guard let year = reader.digits(4), reader.skip("-"),
              let month = reader.digits(2), reader.skip("-"),
              let day = reader.digits(2),
              (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        if reader.atEnd {
            return allowsDateOnly ? (Double(days * 86_400), nil) : nil
        }
        guard reader.skip("T") || reader.skip("t") || reader.skip(" "),
              let hour = reader.digits(2), reader.skip(":"),
              let minute = reader.digits(2)
        else { return nil }
        var second = 0
        if reader.skip(":") {
            guard let value = reader.digits(2) else { return nil }
            second = value
        } else if !allowsNoSeconds {
            return nil
        }
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }

        var fraction = 0.0
        if reader.skip(".") || reader.skip(",") {
            var scale = 0.1
            var count = 0
            while let digit = reader.digit() {
                fraction += Double(digit) * scale
                scale /= 10
                count += 1
            }
            guard count > 0 else { return nil }
        }

        var offset: Int?
        if reader.skip("Z") || reader.skip("z") {
            offset = 0
        } else if let sign = reader.sign() {
            guard let offsetHour = reader.digits(2) else { return nil }
            _ = reader.skip(":")
            guard let offsetMinute = reader.digits(2), offsetHour <= 23, offsetMinute <= 59 else { return nil }
            offset = sign * (offsetHour * 3600 + offsetMinute * 60)
        }
        guard reader.atEnd else { return nil }

        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second
        return (Double(seconds) + fraction, offset)
    }

    // Days since 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's civil algorithms).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func floorDivide(_ a: Int, _ b: Int) -> (Int, Int) {
        let remainder = ((a % b) + b) % b
        return ((a - remainder) / b, remainder)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }

        mutating func digit() -> Int? {
            guard index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") else {
                return nil
            }
            defer { index += 1 }
            return Int(bytes[index] - UInt8(ascii: "0"))
        }

        mutating func digits(_ count: Int) -> Int? {
            var value = 0
            for _ in 0..<count {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        mutating func sign() -> Int? {
            if skip("+") { return 1 }
            if skip("-") { return -1 }
            return nil
        }
    }
}
