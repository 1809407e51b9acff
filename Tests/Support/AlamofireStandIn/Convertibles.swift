import Foundation

/// Something that names a URL: `String`, `URL` and `URLComponents` here, as in Alamofire.
public protocol URLConvertible {
    /// The URL, or `AFError.invalidURL` when there is none.
    func asURL() throws -> URL
}

extension String: URLConvertible {
    /// The URL of the string parsed as `URLComponents`, or `AFError.invalidURL` (also for "").
    public func asURL() throws -> URL {
        guard !isEmpty, let url = URLComponents(string: self)?.url else { throw AFError.invalidURL(url: self) }
        return url
    }
}

extension URL: URLConvertible {
    /// The URL itself.
    public func asURL() throws -> URL { self }
}

extension URLComponents: URLConvertible {
    /// The components' URL, or `AFError.invalidURL`.
    public func asURL() throws -> URL {
        guard let url else { throw AFError.invalidURL(url: description) }
        return url
    }
}

/// Something that builds a `URLRequest`: what an Alamofire router conforms to.
public protocol URLRequestConvertible {
    /// The request, or the error that prevented building it.
    func asURLRequest() throws -> URLRequest
}

extension URLRequestConvertible {
    /// The request, or `nil` when building it throws.
    public var urlRequest: URLRequest? { try? asURLRequest() }
}

extension URLRequest: URLRequestConvertible {
    /// The request itself.
    public func asURLRequest() throws -> URLRequest { self }
}

extension URLRequest {
    /// A request for the URL with that method and, if given, those headers (and no others).
    public init(url: URLConvertible, method: HTTPMethod, headers: HTTPHeaders? = nil) throws {
        self.init(url: try url.asURL())
        httpMethod = method.rawValue
        allHTTPHeaderFields = headers?.dictionary
    }

    /// `httpMethod` as an `HTTPMethod`.
    public var method: HTTPMethod? {
        get { httpMethod.map(HTTPMethod.init(rawValue:)) }
        set { httpMethod = newValue?.rawValue }
    }

    /// `allHTTPHeaderFields` as `HTTPHeaders`; setting it replaces all header fields.
    public var headers: HTTPHeaders {
        get { allHTTPHeaderFields.map(HTTPHeaders.init) ?? HTTPHeaders() }
        set { allHTTPHeaderFields = newValue.dictionary }
    }

    /// The check Alamofire's session makes before sending a request: a GET with a body fails
    /// with `AFError.urlRequestValidationFailed(reason: .bodyDataInGETRequest)` and is never sent
    /// (a router that JSON-encodes parameters for a GET builds such a request).
    public func validate() throws {
        if method == .get, let httpBody {
            throw AFError.urlRequestValidationFailed(reason: .bodyDataInGETRequest(httpBody))
        }
    }
}
