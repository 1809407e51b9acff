/// The JSON a case of a `oneOf` without a discriminator decodes, as far as telling the cases
/// apart goes. Decoding tries the cases in order and takes the first that decodes, so a case
/// whose every value an earlier case also decodes is never chosen: `takesEvery` is that rule,
/// the one the resolver warns by and the importer orders (and refuses) unions by. Each describes
/// its cases in these terms; where it knows less (the importer, before types exist) it says so
/// (`nil` field types, map values unknown) and the rule assumes the worst.
public indirect enum UnionShape: Sendable, Hashable {
    /// A built-in type: `Int`, `Double`, `String`, `Date`, `Bool`, …
    case primitive(PrimitiveType)
    /// An enum model, by name: its values are strings or integers.
    case enumeration(String, EnumModel.RawType)
    case array(UnionShape)
    /// `[String: T]`; nil values: not known, so taken to decode every object.
    case dictionary(UnionShape?)
    /// A struct model: the wire names of the fields every value has (neither optional nor
    /// defaulted), with their types as written; a nil type matches any.
    case object(needed: [String: String?])
    /// A type the rule knows nothing about (a `oneOf` model): it takes only itself.
    case opaque(String)

    /// Whether every JSON value of `later` also decodes as `self`, so that `later` is never
    /// chosen when `self` is tried first. A shape takes itself; a floating-point number takes
    /// integers; `String` takes dates, URLs, UUIDs, base64 data and String enums; `JSON` takes
    /// everything; a struct takes every struct that has the fields it needs (same names, same
    /// types) and, when it needs none, every object; a map of unknown values takes every object.
    public func takesEvery(_ later: UnionShape) -> Bool {
        if self == later { return true }
        switch (self, later) {
        case (.primitive(.json), _):
            return true
        case (.primitive(let earlier), .primitive(let other)):
            if [.double, .float, .decimal].contains(earlier) { return [.int, .int32, .int64].contains(other) }
            if earlier == .string { return [.date, .url, .uuid, .data].contains(other) }
            return false
        case (.primitive(let scalar), .enumeration(_, let rawType)):
            return rawType == .string ? scalar == .string : [.int, .int64, .double, .float, .decimal].contains(scalar)
        case (.array(let a), .array(let b)):
            return a.takesEvery(b)
        case (.dictionary(let a?), .dictionary(let b?)):
            return a.takesEvery(b)
        case (.dictionary(nil), .dictionary), (.dictionary(nil), .object), (.dictionary, .dictionary(nil)):
            return true
        case (.object(let needed), .object(let available)):
            return needed.allSatisfy { name, type in
                guard let other = available[name] else { return false }
                return type == nil || other == nil || type == other
            }
        case (.object(let needed), .dictionary):
            return needed.isEmpty
        default:
            return false
        }
    }
}
