import Foundation

/// A 2xx response's value with the status and header fields a service method does not return:
/// a token or a request id in a response header, `X-Total-Count` or `Link` for paging, an
/// `ETag`, `201` against `200`. Returned by `APIClient.response(_:baseURL:as:)` and
/// `APIClient.response(_:baseURL:)`, which take a generated router case and its service's
/// `baseURL`:
///
/// ```swift
/// let login = try await auth.client.response(AuthRouter.login(body: credentials), baseURL: auth.baseURL,
///                                            as: LoginResponse.self)
/// let token = login.header("X-Access-Token")
/// ```
public struct APIResponse<Value: Sendable>: Sendable {
    /// The decoded body (unwrapped from the endpoint's envelope), or the raw bytes.
    public var value: Value
    /// The HTTP status code (200–299).
    public var status: Int
    /// The header fields (a field sent several times is one comma-joined value).
    public var headers: [String: String]
    /// The final URL after redirects, when known.
    public var url: URL?

    /// Creates a response.
    public init(value: Value, status: Int, headers: [String: String] = [:], url: URL? = nil) {
        self.value = value
        self.status = status
        self.headers = headers
        self.url = url
    }

    /// The value of a header, looked up case-insensitively.
    public func header(_ name: String) -> String? {
        HTTPResponse.value(ofHeader: name, in: headers)
    }
}

extension APIResponse: Equatable where Value: Equatable {}
extension APIResponse: Hashable where Value: Hashable {}
