import APITestSupport
import EndpointRuntime
import FlyingFox
import Foundation
import Generated
import XCTest

/// specs/weather.yaml (seed 001) over the wire: a base URL with a path, the API key as a query
/// parameter (`auth: apiKeyQuery(key)`), renamed query parameters, string and integer enums
/// with unknown values, nested snake_case models.
final class WeatherWireTests: WireTestCase {
    private static let location = #"{"name":"Seoul","country":"South Korea","region":"","lat":37.57,"lon":127.0,"tz_id":"Asia/Seoul","localtime_epoch":1735187400,"localtime":"2024-12-26 13:30"}"#

    private func service(_ server: WireServer) -> WeatherService {
        WeatherService(client: client(apiKey: "k3y"), baseURL: server.baseURL)
    }

    func testGetCurrentWeatherSendsRenamedQueryKeysAndDecodesNestedModels() async throws {
        let server = try await serve(basePath: "/v1") { _ in
            .json("""
                {"location":\(Self.location),
                 "current":{"last_updated_epoch":1735187100,"temp_c":-1.2,"temp_f":29.8,"is_day":1,
                  "condition":{"text":"Sunny","icon":"//cdn.weatherapi.com/weather/64x64/day/113.png","code":1000},
                  "wind_kph":11.2,"humidity":38,"feelslike_c":-5.4,"uv":1.5,
                  "air_quality":{"co":330.5,"pm2_5":18.4,"us-epa-index":1}}}
                """)
        }
        let weather = try await service(server).getCurrentWeather(location: "37.57,127.0", aqi: .yes)

        let request = try await server.onlyRequest()
        XCTAssertEqual(request.method, "GET")
        XCTAssertEqual(request.target, "/v1/current.json?q=37.57%2C127.0&aqi=yes&key=k3y")
        XCTAssertEqual(request.header("Accept"), "application/json")
        XCTAssertNil(request.header("Authorization"))

        XCTAssertEqual(weather.location.tzId, "Asia/Seoul")
        XCTAssertEqual(weather.location.localtimeEpoch, 1_735_187_400)
        XCTAssertEqual(weather.current.tempC, -1.2)
        XCTAssertEqual(weather.current.condition.code, .sunny)
        XCTAssertEqual(weather.current.humidity, 38)
        XCTAssertEqual(weather.current.airQuality?["us-epa-index"], 1)
        XCTAssertEqual(weather.current.airQuality?["pm2_5"], 18.4)
    }

    func testGetForecastSendsDefaultsOptionalsAndDecodesAnUnknownConditionCode() async throws {
        let server = try await serve(basePath: "/v1") { _ in
            .json("""
                {"location":\(Self.location),
                 "current":{"temp_c":3.0,"condition":{"text":"Volcanic ash","icon":"//x/999.png","code":9999}},
                 "forecast":{"forecastday":[{"date":"2024-12-27","date_epoch":1735257600,
                   "day":{"maxtemp_c":4.1,"mintemp_c":-3.2,"avgtemp_c":0.4,"daily_chance_of_rain":0,"daily_chance_of_snow":20,
                          "condition":{"text":"Cloudy","icon":"//x/119.png","code":1006},"uv":0.5},
                   "astro":{"sunrise":"07:44 AM","sunset":"05:20 PM"}}]}}
                """)
        }
        let service = service(server)
        let forecast = try await service.getForecast(location: "Seoul")
        _ = try await service.getForecast(location: "Seoul", days: 7, date: "2024-12-31", aqi: .yes, alerts: .yes, lang: "ko")

        let requests = await server.requests
        XCTAssertEqual(requests[0].target, "/v1/forecast.json?q=Seoul&days=3&aqi=no&alerts=no&key=k3y")
        XCTAssertEqual(requests[1].target, "/v1/forecast.json?q=Seoul&days=7&dt=2024-12-31&aqi=yes&alerts=yes&lang=ko&key=k3y")

        XCTAssertEqual(forecast.current.condition.code, .unknown(9999), "an unknown code is kept, not an error")
        XCTAssertNil(forecast.current.airQuality)
        let day = try XCTUnwrap(forecast.forecast.forecastday.first)
        XCTAssertEqual(day.dateEpoch, 1_735_257_600)
        XCTAssertEqual(day.day.condition.code, .cloudy)
        XCTAssertEqual(day.day.dailyChanceOfSnow, 20)
        XCTAssertEqual(day.astro.sunset, "05:20 PM")
    }

    func testSearchLocationsDecodesAnArray() async throws {
        let server = try await serve(basePath: "/v1") { _ in
            .json(#"[{"id":2801268,"name":"Seoul","region":"","country":"South Korea","lat":37.57,"lon":127.0,"url":"seoul-south-korea"}]"#)
        }
        let locations = try await service(server).searchLocations(query: "서울")
        let request = try await server.onlyRequest()
        XCTAssertEqual(request.target, "/v1/search.json?q=%EC%84%9C%EC%9A%B8&key=k3y")
        XCTAssertEqual(locations, [SearchLocation(id: 2_801_268, name: "Seoul", region: "", country: "South Korea", lat: 37.57, lon: 127.0, url: "seoul-south-korea")])
    }

    /// The key is encoded like any query value, and a client without one fails before sending.
    func testTheAPIKeyIsEncodedAndAClientWithoutOneSendsNothing() async throws {
        let server = try await serve(basePath: "/v1") { _ in .json("[]") }
        _ = try await WeatherService(client: client(apiKey: "a+b&c=d/é"), baseURL: server.baseURL).searchLocations(query: "x")
        let request = try await server.onlyRequest()
        XCTAssertEqual(request.target, "/v1/search.json?q=x&key=a%2Bb%26c%3Dd%2F%C3%A9")
        let error = await expectError { () async throws(APIError) in
            _ = try await WeatherService(client: self.client(), baseURL: server.baseURL).searchLocations(query: "x")
        }
        guard case .invalidRequest(let reason)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertTrue(reason.contains("\"key\""), reason)
        let count = await server.requests.count
        XCTAssertEqual(count, 1, "nothing sent without a key")
    }

    func testErrorBodyModelWithoutMessageKeyUsesTheDefaultText() async throws {
        let server = try await serve(basePath: "/v1") { _ in
            .json(#"{"error":{"code":1006,"message":"No matching location found."}}"#, status: .badRequest)
        }
        let error = await expectError { () async throws(APIError) in
            try await self.service(server).searchLocations(query: "nowhere")
        }
        guard case .server(let failure)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(failure.status, 400)
        XCTAssertEqual(failure.message, "The request was rejected.", "the spec names no message key")
        XCTAssertNil(failure.code)
        XCTAssertEqual(failure.model(as: WeatherErrorResponse.self)?.error, WeatherAPIError(code: 1006, message: "No matching location found."))
    }
}
