import Foundation

/// Request headers as Alamofire 5 keeps them: in the order they were set, with names compared
/// case-insensitively, so that setting `content-type` replaces an earlier `Content-Type`.
public struct HTTPHeaders: Equatable, Hashable, Sendable {
    private var fields: [HTTPHeader] = []

    /// No headers.
    public init() {}

    /// The given headers; of names that differ only in case, the last one stays.
    public init(_ headers: [HTTPHeader]) {
        headers.forEach { update($0) }
    }

    /// The dictionary's headers; of names that differ only in case, the last one seen stays.
    public init(_ dictionary: [String: String]) {
        dictionary.forEach { update(name: $0.key, value: $0.value) }
    }

    /// Sets the header, replacing one of the same name in any case (Alamofire's `add` updates too).
    public mutating func add(name: String, value: String) {
        update(HTTPHeader(name: name, value: value))
    }

    /// Sets the header, replacing one of the same name in any case.
    public mutating func add(_ header: HTTPHeader) {
        update(header)
    }

    /// Sets the header, replacing one of the same name in any case.
    public mutating func update(name: String, value: String) {
        update(HTTPHeader(name: name, value: value))
    }

    /// Sets the header in place of one of the same name in any case, or appends it.
    public mutating func update(_ header: HTTPHeader) {
        if let index = index(of: header.name) {
            fields[index] = header
        } else {
            fields.append(header)
        }
    }

    /// Removes the header of that name, in any case, if there is one.
    public mutating func remove(name: String) {
        if let index = index(of: name) { fields.remove(at: index) }
    }

    /// The value of the header of that name, in any case.
    public func value(for name: String) -> String? {
        index(of: name).map { fields[$0].value }
    }

    /// The value of the header of that name, in any case; setting `nil` removes it.
    public subscript(_ name: String) -> String? {
        get { value(for: name) }
        set {
            if let newValue { update(name: name, value: newValue) } else { remove(name: name) }
        }
    }

    /// The headers as a dictionary (what `URLRequest.allHTTPHeaderFields` takes); order is lost.
    public var dictionary: [String: String] {
        Dictionary(fields.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// The headers sorted by name, case-insensitively.
    public func sorted() -> HTTPHeaders {
        var copy = self
        copy.fields.sort { $0.name.lowercased() < $1.name.lowercased() }
        return copy
    }

    private func index(of name: String) -> Int? {
        let wanted = name.lowercased()
        return fields.firstIndex { $0.name.lowercased() == wanted }
    }
}

extension HTTPHeaders: ExpressibleByDictionaryLiteral {
    /// `["Accept": "application/json"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        elements.forEach { update(name: $0.0, value: $0.1) }
    }
}

extension HTTPHeaders: ExpressibleByArrayLiteral {
    /// `[.accept("application/json"), .authorization(bearerToken: token)]`.
    public init(arrayLiteral elements: HTTPHeader...) {
        self.init(elements)
    }
}

extension HTTPHeaders: Collection {
    /// The first header's position.
    public var startIndex: Int { fields.startIndex }
    /// Past the last header.
    public var endIndex: Int { fields.endIndex }
    /// The header at a position.
    public subscript(position: Int) -> HTTPHeader { fields[position] }
    /// The next position.
    public func index(after index: Int) -> Int { fields.index(after: index) }
}

extension HTTPHeaders: CustomStringConvertible {
    /// One `Name: value` line per header.
    public var description: String { fields.map(\.description).joined(separator: "\n") }
}

/// One header: a name and a value.
public struct HTTPHeader: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The header's name, as given.
    public let name: String
    /// The header's value.
    public let value: String

    /// A header with that name and value.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// `Name: value`.
    public var description: String { "\(name): \(value)" }

    /// `Accept: <value>`.
    public static func accept(_ value: String) -> HTTPHeader { HTTPHeader(name: "Accept", value: value) }
    /// `Accept-Charset: <value>`.
    public static func acceptCharset(_ value: String) -> HTTPHeader { HTTPHeader(name: "Accept-Charset", value: value) }
    /// `Accept-Encoding: <value>`.
    public static func acceptEncoding(_ value: String) -> HTTPHeader { HTTPHeader(name: "Accept-Encoding", value: value) }
    /// `Accept-Language: <value>`.
    public static func acceptLanguage(_ value: String) -> HTTPHeader { HTTPHeader(name: "Accept-Language", value: value) }
    /// `Authorization: <value>`.
    public static func authorization(_ value: String) -> HTTPHeader { HTTPHeader(name: "Authorization", value: value) }
    /// `Authorization: Bearer <token>`.
    public static func authorization(bearerToken: String) -> HTTPHeader { authorization("Bearer \(bearerToken)") }
    /// `Authorization: Basic <base64 of username:password>`.
    public static func authorization(username: String, password: String) -> HTTPHeader {
        authorization("Basic \(Data("\(username):\(password)".utf8).base64EncodedString())")
    }
    /// `Content-Disposition: <value>`.
    public static func contentDisposition(_ value: String) -> HTTPHeader { HTTPHeader(name: "Content-Disposition", value: value) }
    /// `Content-Encoding: <value>`.
    public static func contentEncoding(_ value: String) -> HTTPHeader { HTTPHeader(name: "Content-Encoding", value: value) }
    /// `Content-Type: <value>`.
    public static func contentType(_ value: String) -> HTTPHeader { HTTPHeader(name: "Content-Type", value: value) }
    /// `User-Agent: <value>`.
    public static func userAgent(_ value: String) -> HTTPHeader { HTTPHeader(name: "User-Agent", value: value) }
}
