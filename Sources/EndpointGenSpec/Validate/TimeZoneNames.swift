import EndpointGenSupport

/// Which names `timeZone:` takes: the IANA zones in `TimeZoneNames.all` (TimeZones.swift,
/// generated from the tz database and Foundation by Scripts/generate-time-zones.swift), so a
/// misspelt zone is an error at the spec instead of UTC at run time. The spec stage checks them
/// without Foundation, which the CLI does not load (start-up time); `TimeZoneListTests` keeps
/// the list and Foundation's `TimeZone(identifier:)` in step.
enum TimeZoneNames {
    /// Whether `name` is one of the zones, spelt exactly (`TimeZone(identifier:)` is case-sensitive).
    /// Compared byte by byte, not as `String`s: Unicode equivalence would let a Kelvin sign pass
    /// for `K`, and the name is written into generated code for Foundation to look up.
    static func contains(_ name: String) -> Bool {
        let key = Array(name.utf8)
        var low = 0
        var high = all.count
        while low < high {
            let middle = (low + high) / 2
            let candidate = Array(all[middle].utf8)
            if candidate == key { return true }
            if candidate.lexicographicallyPrecedes(key) { low = middle + 1 } else { high = middle }
        }
        return false
    }

    /// The message for a `timeZone:` that is not a zone: a close name, or for a fixed offset
    /// (`+09:00`, `UTC+9`) the IANA zone of that offset when there is one.
    static func problem(with name: String) -> String {
        let message = "unknown time zone '\(name)'; 'timeZone' is an IANA zone name like 'Asia/Seoul' or 'UTC'"
        if let hours = wholeHourOffset(name) {
            // IANA's `Etc/GMT±h` zones have POSIX signs: `Etc/GMT-9` is nine hours ahead of UTC.
            if hours == 0 { return message + "; the fixed offset \(name) is 'UTC'" }
            let zone = "Etc/GMT" + (hours > 0 ? "-" : "+") + String(abs(hours))
            if contains(zone) { return message + "; the fixed offset \(name) is '\(zone)' (its sign is inverted, as POSIX has it)" }
        }
        if isOffset(name) {
            return message + "; IANA names fixed offsets of whole hours only (Etc/GMT-9): name the place's zone instead"
        }
        // A long value is no misspelling; comparing it with every zone would only cost time.
        guard name.utf8.count <= 64 else { return message }
        return message + DidYouMean.hint(for: name, among: all)
    }

    /// `+09:00`, `-0530`, `+9`, optionally after `UTC` or `GMT`: the offset's text without the prefix.
    private static func offsetText(_ name: String) -> Substring? {
        var text = Substring(name)
        for prefix in ["UTC", "GMT"] where text.uppercased().hasPrefix(prefix) { text = text.dropFirst(prefix.count) }
        guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
        let rest = text.dropFirst()
        guard !rest.isEmpty, rest.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ":") }) else { return nil }
        return text
    }

    private static func isOffset(_ name: String) -> Bool { offsetText(name) != nil }

    /// The hours east of UTC of a fixed offset with no minutes (`+09:00` → 9, `-5` → -5).
    private static func wholeHourOffset(_ name: String) -> Int? {
        guard let text = offsetText(name) else { return nil }
        let digits = text.dropFirst().filter { $0 != ":" }
        let hourDigits: Substring
        switch digits.count {
        case 1, 2: hourDigits = Substring(digits)
        case 3, 4:
            guard digits.suffix(2) == "00" else { return nil }
            hourDigits = Substring(digits.dropLast(2))
        default: return nil
        }
        guard let hours = Int(hourDigits), hours <= 14 else { return nil }
        return text.first == "-" ? -hours : hours
    }
}
