import EndpointGenSupport

/// A type of the spec format as written (`[String: Pet]?`, `Envelope<Question>`), names not yet
/// looked up: what the decoder reads (`TypeParser`), what the importer builds and what the spec
/// printer writes (`spelling`), so that a type is spelled by one grammar.
/// Only the nesting cases are boxed: a plain name (the common case) costs no allocation.
public enum TypeExpr: Sendable, CustomStringConvertible {
    case name(String, SourceLocation)
    indirect case array(TypeExpr)
    /// `[String: T]`; the key was checked to be `String` while parsing.
    indirect case dictionary(TypeExpr)
    indirect case optional(TypeExpr, SourceLocation)
    /// `Envelope<T>`; only legal as an endpoint response.
    indirect case envelope(TypeExpr, SourceLocation)
    /// `EventStream<T>` or `JSONLines<T>`; only legal as an endpoint response.
    indirect case stream(StreamFormat, TypeExpr, SourceLocation)

    /// Where the type starts, for messages about the whole type.
    public var location: SourceLocation {
        switch self {
        case .name(_, let location), .envelope(_, let location), .stream(_, _, let location): return location
        case .array(let element), .dictionary(let element): return element.location
        case .optional(let wrapped, _): return wrapped.location
        }
    }

    /// The type as a spec writes it: what `TypeParser` reads back as the same type.
    public var spelling: String {
        switch self {
        case .name(let name, _): return name
        case .array(let element): return "[\(element.spelling)]"
        case .dictionary(let value): return "[String: \(value.spelling)]"
        case .optional(let wrapped, _): return "\(wrapped.spelling)?"
        case .envelope(let payload, _): return "Envelope<\(payload.spelling)>"
        case .stream(let format, let element, _): return "\(format.typeName)<\(element.spelling)>"
        }
    }

    public var description: String { spelling }

    /// Parses type text whose first byte is at `base` (no `= default`); reports the first
    /// problem at its column and returns nil.
    public static func parse(_ text: String, at base: SourceLocation, into diagnostics: inout DiagnosticBag) -> TypeExpr? {
        var parser = TypeParser(text: text, base: base)
        return parser.parse(allowDefault: false, into: &diagnostics)?.type
    }
}

// MARK: - Types built by tools

extension TypeExpr {
    /// The location of a type no file wrote (one the importer builds).
    static let unwritten = SourceLocation(file: "", line: 0, column: 0)

    /// A spec type or model by name: `String`, `Pet`.
    public static func named(_ name: String) -> TypeExpr { .name(name, unwritten) }

    /// `T?`.
    public var madeOptional: TypeExpr { .optional(self, Self.unwritten) }

    /// `Envelope<T>`.
    public static func envelope(of payload: TypeExpr) -> TypeExpr { .envelope(payload, unwritten) }

    /// `EventStream<T>` or `JSONLines<T>`.
    public static func stream(_ format: StreamFormat, of element: TypeExpr) -> TypeExpr { .stream(format, element, unwritten) }
}

// MARK: - Reading a type

extension TypeExpr {
    /// The name of a plain named type (`Pet`), nil for every other form.
    public var plainName: String? {
        if case .name(let name, _) = self { return name }
        return nil
    }

    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    public var isArray: Bool {
        if case .array = self { return true }
        return false
    }

    /// The type without its `?`.
    public var unwrapped: TypeExpr {
        if case .optional(let wrapped, _) = self { return wrapped }
        return self
    }

    /// Whether `other` is the same type, wherever each was written.
    public func isSame(as other: TypeExpr) -> Bool {
        switch (self, other) {
        case (.name(let a, _), .name(let b, _)): return a == b
        case (.array(let a), .array(let b)), (.dictionary(let a), .dictionary(let b)),
             (.optional(let a, _), .optional(let b, _)), (.envelope(let a, _), .envelope(let b, _)):
            return a.isSame(as: b)
        case (.stream(let f, let a, _), .stream(let g, let b, _)): return f == g && a.isSame(as: b)
        default: return false
        }
    }

    /// Every name the type mentions, outermost first: `[Int]` → `Int`, `[String: Member]?` →
    /// `Member` (a dictionary's `String` key, `Envelope` and the stream types are forms, not names).
    public var names: [String] {
        switch self {
        case .name(let name, _): return [name]
        case .array(let inner), .dictionary(let inner), .optional(let inner, _), .envelope(let inner, _),
             .stream(_, let inner, _):
            return inner.names
        }
    }

    /// The type with each name that `map` lists replaced: `[String: Foo]?` with `Foo` → `Bar`.
    public func renaming(_ map: [String: String]) -> TypeExpr {
        switch self {
        case .name(let name, let location): return .name(map[name] ?? name, location)
        case .array(let element): return .array(element.renaming(map))
        case .dictionary(let value): return .dictionary(value.renaming(map))
        case .optional(let wrapped, let location): return .optional(wrapped.renaming(map), location)
        case .envelope(let payload, let location): return .envelope(payload.renaming(map), location)
        case .stream(let format, let element, let location): return .stream(format, element.renaming(map), location)
        }
    }
}
