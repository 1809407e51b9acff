import Foundation

/// ISO 8601 date-times without formatters: thread-safe, allocation-light and locale-proof.
///
/// Writes `2024-01-02T03:04:05Z` (UTC), with the fractional seconds a date has, to the
/// microsecond and without trailing zeros (`…:05.25Z`): a date read from a server goes back as it
/// came. Reads `YYYY-MM-DDTHH:MM:SS`, optional fractional seconds (any number of digits), then `Z`
/// or an offset `±HH:MM` / `±HHMM`.
enum ISO8601 {
    static func string(from date: Date) -> String {
        // Rounded to whole microseconds first, so that 0.9999999 s carries into the next second.
        let micros = Int((date.timeIntervalSince1970 * 1_000_000).rounded())
        let (seconds, microOfSecond) = floorDivide(micros, 1_000_000)
        let (days, secondOfDay) = floorDivide(seconds, 86_400)
        let (year, month, day) = civil(fromDays: days)
        let hour = secondOfDay / 3600
        let minute = secondOfDay % 3600 / 60
        let second = secondOfDay % 60
        var fraction = ""
        if microOfSecond > 0 {
            fraction = "." + pad(microOfSecond, 6)
            while fraction.hasSuffix("0") { fraction.removeLast() }
        }
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T"
            + pad(hour, 2) + ":" + pad(minute, 2) + ":" + pad(second, 2) + fraction + "Z"
    }

    static func date(from text: String) -> Date? {
        var reader = Reader(bytes: Array(text.utf8))
        guard let year = reader.digits(4), reader.skip("-"),
              let month = reader.digits(2), reader.skip("-"),
              let day = reader.digits(2),
              reader.skip("T") || reader.skip("t") || reader.skip(" "),
              let hour = reader.digits(2), reader.skip(":"),
              let minute = reader.digits(2), reader.skip(":"),
              let second = reader.digits(2)
        else { return nil }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
        else { return nil }

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

        var offset = 0
        if reader.skip("Z") || reader.skip("z") {
            offset = 0
        } else if let sign = reader.sign() {
            guard let offsetHour = reader.digits(2) else { return nil }
            _ = reader.skip(":")
            guard let offsetMinute = reader.digits(2), offsetHour <= 23, offsetMinute <= 59 else { return nil }
            offset = sign * (offsetHour * 3600 + offsetMinute * 60)
        } else {
            return nil
        }
        guard reader.atEnd else { return nil }

        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
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
