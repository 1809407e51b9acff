import Foundation

/// The parameters of a request, as routers build them: values may be strings, numbers, `Bool`s,
/// arrays and dictionaries of them (and, by mistake, optionals).
public typealias Parameters = [String: Any]

/// Applies parameters to a request: into its URL's query or into its body.
public protocol ParameterEncoding {
    /// The request with the parameters applied; `nil` parameters leave it as it is.
    func encode(_ urlRequest: URLRequestConvertible, with parameters: Parameters?) throws -> URLRequest
}

// MARK: - URLEncoding

/// Alamofire's documented form / query encoding.
///
/// - Where: `.methodDependent` (the default) appends to the URL's query for GET, HEAD and DELETE
///   and sets the body for every other method; `.queryString` always the query; `.httpBody`
///   always the body. An existing query is kept and the parameters appended after `&`.
/// - Body: `Content-Type: application/x-www-form-urlencoded; charset=utf-8`, unless the request
///   already has a `Content-Type`.
/// - Form: top-level keys sorted; arrays as `key[]=v` for each element (`ArrayEncoding`);
///   dictionaries as `key[sub]=v`; `Bool` as `1`/`0` (`BoolEncoding`); keys and values
///   percent-escaped, leaving only RFC 3986's unreserved characters and `?` and `/`.
public struct URLEncoding: ParameterEncoding {
    /// Where the encoded parameters go.
    public enum Destination: Equatable, Sendable {
        /// The query for GET, HEAD and DELETE, the body for any other method.
        case methodDependent
        /// Always the query.
        case queryString
        /// Always the body.
        case httpBody

        func encodesInURL(for method: HTTPMethod) -> Bool {
            switch self {
            case .methodDependent: return [.get, .head, .delete].contains(method)
            case .queryString: return true
            case .httpBody: return false
            }
        }
    }

    /// How the key of an array's elements is written.
    public enum ArrayEncoding: Equatable, Sendable {
        /// `key[]` for every element (the default).
        case brackets
        /// `key` for every element.
        case noBrackets
        /// `key[0]`, `key[1]`, …
        case indexInBrackets

        func key(_ key: String, at index: Int) -> String {
            switch self {
            case .brackets: return "\(key)[]"
            case .noBrackets: return key
            case .indexInBrackets: return "\(key)[\(index)]"
            }
        }
    }

    /// How a `Bool` value is written.
    public enum BoolEncoding: Equatable, Sendable {
        /// `1` and `0` (the default).
        case numeric
        /// `true` and `false`.
        case literal

        func text(_ value: Bool) -> String {
            switch self {
            case .numeric: return value ? "1" : "0"
            case .literal: return value ? "true" : "false"
            }
        }
    }

    /// Method-dependent destination, brackets, numeric `Bool`s.
    public static var `default`: URLEncoding { URLEncoding() }
    /// Always into the URL's query.
    public static var queryString: URLEncoding { URLEncoding(destination: .queryString) }
    /// Always into the body.
    public static var httpBody: URLEncoding { URLEncoding(destination: .httpBody) }

    /// Where the parameters go.
    public let destination: Destination
    /// How array keys are written.
    public let arrayEncoding: ArrayEncoding
    /// How `Bool` values are written.
    public let boolEncoding: BoolEncoding

    /// An encoding with the given choices; the defaults are Alamofire's.
    public init(destination: Destination = .methodDependent,
                arrayEncoding: ArrayEncoding = .brackets,
                boolEncoding: BoolEncoding = .numeric) {
        self.destination = destination
        self.arrayEncoding = arrayEncoding
        self.boolEncoding = boolEncoding
    }

    /// The request with the parameters in its query or body (see the type's documentation).
    public func encode(_ urlRequest: URLRequestConvertible, with parameters: Parameters?) throws -> URLRequest {
        var request = try urlRequest.asURLRequest()
        guard let parameters else { return request }

        if let method = request.method, destination.encodesInURL(for: method) {
            guard let url = request.url else {
                throw AFError.parameterEncodingFailed(reason: .missingURL)
            }
            // Empty parameters leave the URL alone (no dangling `?`).
            if !parameters.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
                let existing = components.percentEncodedQuery.map { $0 + "&" } ?? ""
                components.percentEncodedQuery = existing + query(parameters)
                request.url = components.url
            }
        } else {
            if request.value(forHTTPHeaderField: "Content-Type") == nil {
                request.setValue("application/x-www-form-urlencoded; charset=utf-8", forHTTPHeaderField: "Content-Type")
            }
            request.httpBody = Data(query(parameters).utf8)
        }
        return request
    }

    /// The escaped `(key, value)` pairs one parameter contributes, nested keys expanded.
    public func queryComponents(fromKey key: String, value: Any) -> [(String, String)] {
        switch value {
        case let dictionary as [String: Any]:
            // Alamofire walks a nested dictionary in the dictionary's own (unspecified) order; sorted
            // here so that requests are reproducible. Compare nested keys as a set, not by order.
            return dictionary.keys.sorted().flatMap { nestedKey in
                queryComponents(fromKey: "\(key)[\(nestedKey)]", value: dictionary[nestedKey]!)
            }
        case let array as [Any]:
            return array.enumerated().flatMap { index, element in
                queryComponents(fromKey: arrayEncoding.key(key, at: index), value: element)
            }
        default:
            return [(escape(key), escape(scalarText(value)))]
        }
    }

    /// Percent-escapes a key or value: everything but `A-Z a-z 0-9 - . _ ~ ? /` is escaped, in UTF-8.
    ///
    /// RFC 3986's reserved characters are escaped except `?` and `/`, which section 3.4 allows in a
    /// query so that a query can carry a URL: Alamofire's rule.
    public func escape(_ string: String) -> String {
        var escaped = ""
        for byte in string.utf8 {
            if Self.unescaped.contains(byte) {
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                escaped += "%" + Self.hexDigits[Int(byte >> 4)] + Self.hexDigits[Int(byte & 0x0F)]
            }
        }
        return escaped
    }

    private static let unescaped: Set<UInt8> = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~?/".utf8
    )
    private static let hexDigits = "0123456789ABCDEF".map(String.init)

    private func query(_ parameters: Parameters) -> String {
        parameters.keys.sorted()
            .flatMap { queryComponents(fromKey: $0, value: parameters[$0]!) }
            .map { "\($0)=\($1)" }
            .joined(separator: "&")
    }

    /// The text of a leaf value as Alamofire writes it on iOS and macOS, where numbers and `Bool`s
    /// arrive as `NSNumber` and anything else is written with string interpolation (an optional
    /// thus as `Optional(…)`, the classic mistake the fixtures avoid with `compactMapValues`).
    private func scalarText(_ value: Any) -> String {
        if let number = value as? NSNumber {
            return NumberText.isBool(number) ? boolEncoding.text(number.boolValue) : NumberText.darwinDescription(number)
        }
        if let bool = value as? Bool {
            return boolEncoding.text(bool)
        }
        return "\(value)"
    }
}

/// How Foundation on Apple platforms, where the apps run, writes an `NSNumber`.
enum NumberText {
    /// A `Bool` boxed in an `NSNumber` has the Objective-C type `c` (also on Linux).
    static func isBool(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }

    /// `NSNumber.description` on Apple platforms: per `description(withLocale:)`'s documentation
    /// a double is formatted with `%0.16g` and a float with `%0.7g`, integers in decimal. Linux's
    /// Foundation writes `1.0` where Darwin writes `1`, so floating values are formatted here.
    static func darwinDescription(_ number: NSNumber) -> String {
        switch String(cString: number.objCType) {
        case "d": return String(format: "%0.16g", number.doubleValue)
        case "f": return String(format: "%0.7g", number.floatValue)
        default: return number.description
        }
    }
}

// MARK: - JSONEncoding

/// Alamofire's documented JSON encoding: the parameters, written by `JSONSerialization`, become
/// the body, with `Content-Type: application/json` unless the request already has a
/// `Content-Type`; the URL is left alone whatever the method. `nil` parameters leave the request
/// as it is.
public struct JSONEncoding: ParameterEncoding {
    /// Compact JSON.
    public static var `default`: JSONEncoding { JSONEncoding() }
    /// Indented JSON.
    public static var prettyPrinted: JSONEncoding { JSONEncoding(options: .prettyPrinted) }

    /// The `JSONSerialization` writing options.
    public let options: JSONSerialization.WritingOptions

    /// An encoding with those writing options.
    public init(options: JSONSerialization.WritingOptions = []) {
        self.options = options
    }

    /// The request with the parameters as its JSON body.
    public func encode(_ urlRequest: URLRequestConvertible, with parameters: Parameters?) throws -> URLRequest {
        try encode(urlRequest, withJSONObject: parameters)
    }

    /// The request with any JSON-compatible object (an array, say) as its body.
    public func encode(_ urlRequest: URLRequestConvertible, withJSONObject jsonObject: Any? = nil) throws -> URLRequest {
        var request = try urlRequest.asURLRequest()
        guard let jsonObject else { return request }

        let object = JSONBridging.bridged(jsonObject)
        guard JSONSerialization.isValidJSONObject(object) else {
            throw AFError.parameterEncodingFailed(reason: .jsonEncodingFailed(error: JSONBridging.InvalidJSONObject()))
        }
        do {
            let data = try JSONSerialization.data(withJSONObject: object, options: options)
            if request.value(forHTTPHeaderField: "Content-Type") == nil {
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            }
            request.httpBody = data
        } catch {
            throw AFError.parameterEncodingFailed(reason: .jsonEncodingFailed(error: error))
        }
        return request
    }
}

/// Apple platforms hand `JSONSerialization` a value bridged to Objective-C, where an optional
/// becomes its wrapped value or `NSNull`. Linux's `JSONSerialization` refuses optionals, so they
/// are unwrapped here the same way.
enum JSONBridging {
    /// The value is not one `JSONSerialization` can write.
    struct InvalidJSONObject: Error {}

    static func bridged(_ value: Any) -> Any {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return NSNull() }
            return bridged(wrapped)
        }
        if let dictionary = value as? [String: Any] {
            return dictionary.mapValues(bridged)
        }
        if let array = value as? [Any] {
            return array.map(bridged)
        }
        return value
    }
}
