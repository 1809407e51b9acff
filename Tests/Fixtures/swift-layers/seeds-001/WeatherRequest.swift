// Seed 001's WeatherRequest. The post shows only its shell ("/// ... 구체적인 정보 정의"); the
// details are weatherapi.com's current-weather call, as in specs/weather.yaml: the account key in
// the `key` query parameter, the location in `q`, air quality off, an optional language.

import Foundation

enum Secrets {
  static let weatherAPIKey = "WEATHER_API_KEY"
}

struct WeatherRequest: BaseAPIRequest {
  typealias Response = WeatherResponse

  let location: String
  var language: String? = nil

  var method: HTTPMethod { .get }

  var baseURL: URL { URL(string: "https://api.weatherapi.com/v1")! }

  var path: String { "/current.json" }

  var queryItems: [URLQueryItem]? {
    var items = [
      URLQueryItem(name: "key", value: Secrets.weatherAPIKey),
      URLQueryItem(name: "q", value: location),
      URLQueryItem(name: "aqi", value: "no"),
    ]
    if let language = language {
      items.append(URLQueryItem(name: "lang", value: language))
    }
    return items
  }

  var headers: [String: String]? { ["Accept": "application/json"] }

  var body: Encodable? { nil }
}
