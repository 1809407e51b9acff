// Seed 001's client, as the post shows it but for two slips that keep it from compiling: it
// names the protocol `APIRequest` (here BaseAPIRequest) and misses validate()'s closing brace.

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

struct WeatherClient {
  private let session: URLSession = {
      let config = URLSessionConfiguration.default
      return URLSession(configuration: config)
  }()

  private let decoder: JSONDecoder = {
      let decoder = JSONDecoder()
      decoder.keyDecodingStrategy = .convertFromSnakeCase
      return decoder
  }()

  public init() {}

  func perform<Request: BaseAPIRequest>(request: Request) async throws -> Request.Response {
    let result =  try await session.data(for: request.buildURLRequest())
    try validate(data: result.0, response: result.1)
    return try decoder.decode(Request.Response.self, from: result.0)
  }

  func validate(data: Data, response: URLResponse) throws {
    guard let code = (response as? HTTPURLResponse)?.statusCode else {
      throw APIError.connectionError
    }

    guard (200..<300).contains(code) else {
      throw APIError.apiError
    }
  }
}
