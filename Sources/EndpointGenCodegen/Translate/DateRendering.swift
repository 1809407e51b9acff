import EndpointGenSpec

/// How generated code names a date encoding (the runtime's `DateEncoding`) and applies it to a
/// parameter value.
enum DateRendering {
    /// `.epochSeconds`, `.local(timeZone: "Asia/Seoul")`.
    static func expression(_ setting: DateEncodingSetting) -> String {
        switch setting.kind {
        case .iso8601, .epochSeconds, .epochMilliseconds: return "." + setting.kind.rawValue
        case .date, .local: return ".\(setting.kind.rawValue)(timeZone: \(SwiftLiteral.string(setting.timeZone)))"
        }
    }

    /// The encoding a `Date` or `[Date]` field is written in when it is not left to the coders:
    /// its own, else the service's; nil for other types.
    static func encoding(of field: Field, serviceDates: DateEncodingSetting?) -> DateEncodingSetting? {
        guard isDates(field.type) else { return nil }
        return field.dateEncoding ?? serviceDates
    }

    static func isDates(_ type: TypeRef) -> Bool {
        switch type.unwrapped {
        case .primitive(.date), .array(.primitive(.date)): return true
        default: return false
        }
    }

    /// `since.encoded(.epochSeconds)`, `since?.encoded(…)`, `days.map { $0.encoded(…) }`: the value
    /// as `EncodedDate`s, which the runtime's `append(name:_:)` overloads write in their encoding.
    static func value(_ name: String, optional: Bool, list: Bool, _ setting: DateEncodingSetting) -> String {
        let mark = optional ? "?" : ""
        let encoding = expression(setting)
        if list {
            return "\(name)\(mark).map { $0.encoded(\(encoding)) }"
        }
        return "\(name)\(mark).encoded(\(encoding))"
    }
}
