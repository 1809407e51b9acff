import APITestSupport
import EndpointRuntime
import FlyingFox
import Foundation
import Generated
import XCTest

/// specs/movie.yaml (seed 003) over the wire: API key and bearer auth, HEAD and DELETE, path
/// values that must stay one segment, snake_case models, a dictionary response, Decimal.
final class MovieWireTests: WireTestCase {
    private func service(_ server: WireServer) -> MovieService {
        MovieService(client: client(tokens: TestTokens("movie-token"), apiKey: "catalogue-key"), baseURL: server.baseURL)
    }

    func testGetMoviesUsesTheAPIKeyAndDecodesSnakeCase() async throws {
        let server = try await serve { _ in
            .json("""
                {"page":1,"total_pages":12,"results":[
                  {"id":"1022789","title":"Inside Out 2","overview":"Joy","poster_url":"https://img.example.com/p/1.jpg",
                   "release_date":"2024-06-12","genres":["Animation"],"vote_average":7.6,"popularity":1504.25},
                  {"id":"533535","title":"Deadpool & Wolverine","overview":"","poster_url":null,"genres":[],
                   "vote_average":7.7,"adult":true,"media_type":"movie"}]}
                """)
        }
        let response = try await service(server).getMovies(category: .nowPlaying, region: "KR")

        let request = try await server.onlyRequest()
        XCTAssertEqual(request.method, "GET")
        XCTAssertEqual(request.target, "/movies?category=now_playing&page=1&region=KR")
        XCTAssertEqual(request.header("X-API-Key"), "catalogue-key")
        XCTAssertNil(request.header("Authorization"), "an apiKey endpoint sends no bearer token")

        XCTAssertEqual(response.totalPages, 12)
        XCTAssertNil(response.totalResults, "absent optional")
        XCTAssertEqual(response.results.count, 2)
        let first = response.results[0]
        XCTAssertEqual(first.posterUrl, URL(string: "https://img.example.com/p/1.jpg"))
        XCTAssertEqual(first.releaseDate, "2024-06-12")
        XCTAssertEqual(first.voteAverage, Decimal(string: "7.6"))
        XCTAssertEqual(first.popularity, 1504.25)
        XCTAssertFalse(first.adult, "absent field with a default takes the default")
        XCTAssertNil(response.results[1].posterUrl, "null optional")
        XCTAssertTrue(response.results[1].adult)
    }

    func testGetMoviesSendsAnUnknownCategoryAsItCame() async throws {
        let server = try await serve { _ in .json(#"{"page":2,"total_pages":2,"results":[]}"#) }
        _ = try await service(server).getMovies(category: .unknown("trending"), page: 2)
        let request = try await server.onlyRequest()
        XCTAssertEqual(request.target, "/movies?category=trending&page=2")
    }

    func testGetFavoritesDecodesADictionaryOfModels() async throws {
        let server = try await serve { _ in
            .json(#"{"1022789":{"id":"1022789","name":"Inside Out 2","created_at":"2024-12-01T08:30:00Z"},"533535":{"id":"533535","name":"Deadpool","created_at":"2024-12-03T21:10:00.5Z"}}"#)
        }
        let favorites = try await service(server).getFavorites()
        let request = try await server.onlyRequest()
        XCTAssertEqual(request.method, "GET")
        XCTAssertEqual(request.target, "/favorite")
        XCTAssertEqual(request.header("Authorization"), "Bearer movie-token")
        XCTAssertEqual(favorites.keys.sorted(), ["1022789", "533535"])
        XCTAssertEqual(favorites["533535"]?.createdAt, date("2024-12-03T21:10:00Z").addingTimeInterval(0.5))
    }

    func testCreateFavoritePostsJSON() async throws {
        let server = try await serve { _ in
            .json(#"{"id":"1022789","name":"Inside Out 2","created_at":"2024-12-01T08:30:00Z"}"#, status: .created)
        }
        let favorite = try await service(server).createFavorite(body: FavoriteRequestItem(id: "1022789", name: "Inside Out 2"))
        let request = try await server.onlyRequest()
        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(request.target, "/favorite")
        XCTAssertEqual(request.header("Content-Type"), "application/json")
        XCTAssertEqual(String(decoding: request.body, as: UTF8.self), #"{"id":"1022789","name":"Inside Out 2"}"#)
        XCTAssertEqual(favorite, Favorite(id: "1022789", name: "Inside Out 2", createdAt: date("2024-12-01T08:30:00Z")))
    }

    func testReplaceFavoritesPutsAJSONArrayInOrder() async throws {
        let server = try await serve { _ in .empty(.noContent) }
        try await service(server).replaceFavorites(body: [FavoriteRequestItem(id: "2", name: "B"), FavoriteRequestItem(id: "1", name: "A")])
        let request = try await server.onlyRequest()
        XCTAssertEqual(request.method, "PUT")
        XCTAssertEqual(String(decoding: request.body, as: UTF8.self), #"[{"id":"2","name":"B"},{"id":"1","name":"A"}]"#)
    }

    func testIsFavoriteSendsHEADAndA404IsAServerError() async throws {
        let server = try await serve { request in
            request.rawPath == "/favorite/1022789" ? .empty(.ok) : .empty(.notFound)
        }
        let service = service(server)
        try await service.isFavorite(id: "1022789")
        let error = await expectError { () async throws(APIError) in try await service.isFavorite(id: "42") }
        guard case .server(let failure)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(failure.status, 404)
        XCTAssertEqual(failure.message, "The request was rejected.", "no body: the default text for 4xx")
        let requests = await server.requests
        XCTAssertEqual(requests.map(\.method), ["HEAD", "HEAD"])
    }

    func testPathValuesStayOneSegment() async throws {
        let server = try await serve { _ in .empty(.noContent) }
        let service = service(server)
        for id in ["a/b", "..", "../admin", "new movie", "기생충", "50%?#&=+"] {
            try await service.removeFavorite(id: id)
        }
        let requests = await server.requests
        XCTAssertEqual(requests.map(\.method), Array(repeating: "DELETE", count: 6))
        XCTAssertEqual(requests.map(\.rawPath), [
            "/favorite/a%2Fb",
            "/favorite/%2E%2E",
            "/favorite/%2E%2E%2Fadmin",
            "/favorite/new%20movie",
            "/favorite/%EA%B8%B0%EC%83%9D%EC%B6%A9",
            "/favorite/50%25%3F%23%26%3D%2B",
        ])
        XCTAssertTrue(requests.allSatisfy { $0.query.isEmpty })
    }

    @available(*, deprecated)
    func testDeprecatedDeleteFavoriteSendsTheIdHeader() async throws {
        let server = try await serve { _ in .empty(.noContent) }
        try await service(server).deleteFavorite(id: "533535")
        let request = try await server.onlyRequest()
        XCTAssertEqual(request.method, "DELETE")
        XCTAssertEqual(request.target, "/favorite")
        XCTAssertEqual(request.header("id"), "533535")
    }

    func testErrorBodyReadsMessageCodeAndModel() async throws {
        let server = try await serve { _ in
            .json(#"{"success":false,"status_code":34,"status_message":"The resource you requested could not be found."}"#, status: .notFound)
        }
        let error = await expectError { () async throws(APIError) in try await self.service(server).getFavorites() }
        guard case .server(let failure)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(failure.status, 404)
        XCTAssertEqual(failure.message, "The resource you requested could not be found.")
        XCTAssertEqual(failure.code, "34")
        XCTAssertEqual(failure.model(as: MovieAPIError.self), MovieAPIError(statusCode: 34, statusMessage: "The resource you requested could not be found."))
    }
}
