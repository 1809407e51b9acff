import Foundation

// Support for the `init(from:)`, `encode(to:)` and `==` that generated models write out.
//
// Synthesized conformances were most of the compile time of a large generated module: each
// model's `CodingKeys` enum, its derived `init(from:)`, `encode(to:)` and `==` are type-checked
// like hand-written code, and every `decode(_:forKey:)` or `==` in them is resolved against all of
// its overloads (about twenty for `decode`, hundreds for `==`). The functions below have one
// overload each, so a generated call is resolved at once; a model names each wire key where the
// value is read or written.
//
// `required`, `optional`, `put`, `putIfPresent` and `fieldsEqual` are `@inline(never)`: still
// specialized per type in optimized builds of generated code, but called, not copied into every
// field's line of every model (issue 31: 8% less text in a part of GitHub's module).

/// The coding key of generated models: the wire name itself.
@_spi(Generated)
public struct WireKey: CodingKey, Hashable, Sendable {
    /// The key as it appears on the wire.
    public let stringValue: String

    /// Generated models are keyed by names only.
    public var intValue: Int? { nil }

    /// The key `name`.
    @inlinable
    public init(_ name: String) {
        stringValue = name
    }

    /// The key `stringValue`.
    public init(stringValue: String) {
        self.stringValue = stringValue
    }

    /// Always nil: generated models are keyed by names only.
    public init?(intValue: Int) {
        nil
    }
}

@_spi(Generated)
extension KeyedDecodingContainer where K == WireKey {
    /// The value under `name`; throws when it is missing or null (`decode(_:forKey:)`).
    @inlinable @inline(never)
    public func required<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
        let key = WireKey(name)
        // The containers' concrete overloads for the scalars skip the generic path (a nested
        // decoder and `T.init(from:)`). Where this is specialized (optimized builds of generated
        // code), the checks are resolved at compile time and only one call remains.
        if T.self == String.self { return try decode(String.self, forKey: key) as! T }
        if T.self == Int.self { return try decode(Int.self, forKey: key) as! T }
        if T.self == Int64.self { return try decode(Int64.self, forKey: key) as! T }
        if T.self == Int32.self { return try decode(Int32.self, forKey: key) as! T }
        if T.self == Double.self { return try decode(Double.self, forKey: key) as! T }
        if T.self == Float.self { return try decode(Float.self, forKey: key) as! T }
        if T.self == Bool.self { return try decode(Bool.self, forKey: key) as! T }
        return try decode(type, forKey: key)
    }

    /// The value under `name`, nil when it is missing or null (`decodeIfPresent(_:forKey:)`).
    @inlinable @inline(never)
    public func optional<T: Decodable>(_ type: T.Type, _ name: String) throws -> T? {
        let key = WireKey(name)
        // As in `required`: the concrete overloads for the scalars.
        if T.self == String.self { return try decodeIfPresent(String.self, forKey: key) as! T? }
        if T.self == Int.self { return try decodeIfPresent(Int.self, forKey: key) as! T? }
        if T.self == Int64.self { return try decodeIfPresent(Int64.self, forKey: key) as! T? }
        if T.self == Int32.self { return try decodeIfPresent(Int32.self, forKey: key) as! T? }
        if T.self == Double.self { return try decodeIfPresent(Double.self, forKey: key) as! T? }
        if T.self == Float.self { return try decodeIfPresent(Float.self, forKey: key) as! T? }
        if T.self == Bool.self { return try decodeIfPresent(Bool.self, forKey: key) as! T? }
        return try decodeIfPresent(type, forKey: key)
    }
}

@_spi(Generated)
extension KeyedEncodingContainer where K == WireKey {
    /// Writes `value` under `name` (`encode(_:forKey:)`).
    @inlinable @inline(never)
    public mutating func put<T: Encodable>(_ value: T, _ name: String) throws {
        let key = WireKey(name)
        // As in decoding: the concrete overloads for the scalars skip a nested encoder.
        if T.self == String.self { return try encode(value as! String, forKey: key) }
        if T.self == Int.self { return try encode(value as! Int, forKey: key) }
        if T.self == Int64.self { return try encode(value as! Int64, forKey: key) }
        if T.self == Int32.self { return try encode(value as! Int32, forKey: key) }
        if T.self == Double.self { return try encode(value as! Double, forKey: key) }
        if T.self == Float.self { return try encode(value as! Float, forKey: key) }
        if T.self == Bool.self { return try encode(value as! Bool, forKey: key) }
        try encode(value, forKey: key)
    }

    /// Writes `value` under `name` unless it is nil, in which case the key is left out
    /// (`encodeIfPresent(_:forKey:)`).
    @inlinable @inline(never)
    public mutating func putIfPresent<T: Encodable>(_ value: T?, _ name: String) throws {
        guard let value else { return }
        try put(value, name)
    }
}

/// A generated model's `==`: `hasEqualFields(_:)` compares the stored properties (or the case and
/// its value) and this extension makes it Equatable's `==`. In the runtime rather than as a
/// `static func ==` in each model: a member operator of the generated module takes part in every
/// `==` lookup of the module, which tied every file to every models file in the compiler's
/// incremental dependency graph.
@_spi(Generated)
public protocol FieldwiseEquatable: Equatable {
    /// Whether every stored property (or the case and its value) equals `other`'s.
    func hasEqualFields(_ other: Self) -> Bool
}

@_spi(Generated)
extension FieldwiseEquatable {
    /// Equal when `hasEqualFields(_:)` says so.
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.hasEqualFields(rhs)
    }
}

/// `lhs == rhs`, for the fields of a generated model's `hasEqualFields(_:)`: a single generic function that the
/// compiler resolves directly, where `==` would be looked up among every overload in scope.
@_spi(Generated)
@inlinable @inline(never)
public func fieldsEqual<T: Equatable>(_ lhs: T, _ rhs: T) -> Bool {
    lhs == rhs
}

@_spi(Generated)
extension SingleValueDecodingContainer {
    /// The value decoded as `type`, or nil with the error added to `failures`: how a generated
    /// `oneOf` without a discriminator tries its cases in order and, when none fits, says why.
    public func attempt<T: Decodable>(_ type: T.Type, _ failures: inout [any Error]) -> T? {
        do {
            return try decode(type)
        } catch {
            failures.append(error)
            return nil
        }
    }
}

/// The error of a generated `oneOf` without a discriminator when none of its cases decodes the
/// value: a type mismatch at the value's coding path that names the cases tried and, when one of
/// them fit the value's shape, why that one failed (`as [Part]: Missing key "type". (at [0].type)`), the
/// error of the case that got furthest into the value (also the context's `underlyingError`).
/// `failures` holds one error per case, in the order of `cases`.
@_spi(Generated)
public func noCaseMatched(_ type: Any.Type, _ decoder: any Decoder, cases: [String], failures: [any Error]) -> DecodingError {
    let base = decoder.codingPath.count
    var best: (index: Int, reach: Int, path: [any CodingKey], description: String)?
    for (index, failure) in failures.enumerated() where index < cases.count {
        guard let error = failure as? DecodingError else {
            // An error of a model's own (a rule its `init(from:)` checks): it fit the shape.
            if best == nil || best!.reach < 0 { best = (index, 0, decoder.codingPath, String(describing: failure)) }
            continue
        }
        let (path, description) = DecodingFailure.summary(of: error)
        var reach = path.count - base
        switch error {
        case .typeMismatch, .valueNotFound:
            // At the value itself: the case is another kind of JSON value; it says nothing more.
            if reach <= 0 { reach = -1 }
        default:
            break
        }
        if best == nil || reach > best!.reach { best = (index, reach, path, description) }
    }
    var text = "Expected one of \(cases.joined(separator: ", "))."
    var underlying: (any Error)?
    if let best, best.reach >= 0 {
        let relative = DecodingFailure.render(Array(best.path.dropFirst(base)))
        text = "Expected one of \(cases.joined(separator: ", ")); as \(cases[best.index]): \(best.description)"
        if !relative.isEmpty { text += " (at \(relative))" }
        underlying = failures[best.index]
    }
    return DecodingError.typeMismatch(
        type, DecodingError.Context(codingPath: decoder.codingPath, debugDescription: text, underlyingError: underlying))
}
