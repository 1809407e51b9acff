import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Small readers of a built request, shared by the suites.

/// The URL's query exactly as sent (still percent-encoded), or nil when it has none.
func percentEncodedQuery(_ request: URLRequest) -> String? {
    request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false)?.percentEncodedQuery }
}

/// The body as UTF-8 text, or nil when the request has no body.
func bodyText(_ request: URLRequest) -> String? {
    request.httpBody.map { String(decoding: $0, as: UTF8.self) }
}

/// The JSON body parsed, for comparisons that must not depend on key order or spacing.
func jsonBody(_ request: URLRequest) throws -> NSObject? {
    guard let body = request.httpBody else { return nil }
    return try JSONSerialization.jsonObject(with: body) as? NSObject
}

/// A JSON text parsed the same way, for the expected side.
func json(_ text: String) throws -> NSObject? {
    try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSObject
}
