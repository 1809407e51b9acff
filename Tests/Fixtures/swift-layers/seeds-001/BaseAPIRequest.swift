// Seed 001 (Taehyeon-Kim, "iOS101: Network Layer Modeling"): a home-grown request protocol on
// URLSession, no library. The protocol is the post's; the post elides the body of
// buildURLRequest() ("위의 정보로 URLRequest 생성"), written here the usual way.

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

protocol BaseAPIRequest {
  associatedtype Response: Decodable

  var method: HTTPMethod { get }
  var baseURL: URL { get }
  var path: String { get }
  var queryItems: [URLQueryItem]? { get }
  var headers: [String: String]? { get }
  var body: Encodable? { get }
}

extension BaseAPIRequest {
  func buildURLRequest() throws -> URLRequest {
    var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)
    components?.queryItems = queryItems

    guard let url = components?.url else {
      throw APIError.invalidURL
    }

    var request = URLRequest(url: url)
    request.httpMethod = method.rawValue
    headers?.forEach { key, value in
      request.setValue(value, forHTTPHeaderField: key)
    }

    if let body = body {
      request.httpBody = try JSONEncoder().encode(body)
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    return request
  }
}

/// The post's protocol uses an `HTTPMethod` it does not show; a plain string enum.
enum HTTPMethod: String {
  case get = "GET"
  case post = "POST"
  case put = "PUT"
  case patch = "PATCH"
  case delete = "DELETE"
}

/// The errors the post's client throws (`APIError.connectionError`, `.apiError`), and a bad URL.
enum APIError: Error {
  case invalidURL
  case connectionError
  case apiError
}
