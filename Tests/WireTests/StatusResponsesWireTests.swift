import APITestSupport
import EndpointRuntime
import FlyingFox
import Foundation
import Generated
import XCTest

/// Endpoints with responses per status (`responses:` in specs/movie.yaml) over the wire: each
/// listed status decodes into its own case, bodiless ones included; a listed 404 is a case with
/// its model, an unlisted 500 still throws; and the ETag / If-None-Match / 304 cycle.
final class StatusResponsesWireTests: WireTestCase {
    private func service(_ server: WireServer) -> MovieService {
        MovieService(client: client(tokens: TestTokens("movie-token"), apiKey: "catalogue-key"), baseURL: server.baseURL)
    }

    private static let movie = #"{"id":"7","title":"Up","overview":"","genres":[],"vote_average":8.3}"#
    private static let favorite = #"{"id":"7","name":"Up","created_at":"2024-12-01T08:30:00Z"}"#

    func testETagRoundTripAnswers304WithoutABody() async throws {
        let server = try await serve { request in
            if request.header("If-None-Match") == "\"v1\"" {
                return FlyingFox.HTTPResponse(statusCode: .notModified, headers: HTTPHeaders([HTTPHeader("ETag"): "\"v1\""]))
            }
            return .json(Self.movie, headers: [HTTPHeader("ETag"): "\"v1\""])
        }
        let movies = service(server)
        let first = try await movies.getMovie(id: "7")
        guard case .ok(let movie) = first.value else { return XCTFail("expected .ok, got \(first.value)") }
        XCTAssertEqual(movie.title, "Up")
        XCTAssertEqual(first.status, 200)
        let etag = try XCTUnwrap(first.header("etag"), "the ETag of the 200, looked up case-insensitively")
        XCTAssertEqual(etag, "\"v1\"")

        let second = try await movies.getMovie(id: "7", ifNoneMatch: etag)
        XCTAssertEqual(second.value, .notModified)
        XCTAssertEqual(second.status, 304)
        XCTAssertEqual(second.header("ETag"), "\"v1\"")

        let requests = await server.requests
        XCTAssertEqual(requests.map(\.target), ["/movies/7", "/movies/7"])
        XCTAssertNil(requests[0].header("If-None-Match"))
        XCTAssertEqual(requests[1].header("If-None-Match"), "\"v1\"")
        XCTAssertEqual(requests[1].header("X-API-Key"), "catalogue-key")
    }

    func testListedNotFoundIsACaseWithItsModel() async throws {
        let server = try await serve { _ in
            .json(#"{"success":false,"status_code":34,"status_message":"Not here."}"#, status: .notFound)
        }
        let response = try await service(server).getMovie(id: "0")
        XCTAssertEqual(response.value, .notFound(MovieAPIError(success: false, statusCode: 34, statusMessage: "Not here.")))
        XCTAssertEqual(response.status, 404)
    }

    func testUnlistedStatusStillThrowsServerWithTheErrorBody() async throws {
        let server = try await serve { _ in
            .json(#"{"success":false,"status_code":11,"status_message":"Internal error."}"#, status: .internalServerError)
        }
        let error = await expectError { () async throws(APIError) in try await service(server).getMovie(id: "7") }
        guard case .server(let failure)? = error else { return XCTFail("expected .server, got \(String(describing: error))") }
        XCTAssertEqual(failure.status, 500)
        XCTAssertEqual(failure.message, "Internal error.")
        XCTAssertEqual(failure.model(as: MovieAPIError.self)?.statusCode, 11)
    }

    func testSuccessStatusesDecodeIntoTheirOwnCases() async throws {
        let answers: [(FlyingFox.HTTPResponse, SaveFavoriteResponse)] = [
            (.json(Self.favorite), .ok(Favorite(id: "7", name: "Up", createdAt: date("2024-12-01T08:30:00Z")))),
            (.json(Self.favorite, status: .created), .created(Favorite(id: "7", name: "Up", createdAt: date("2024-12-01T08:30:00Z")))),
            (.json(#"{"id":"job-1","state":"queued","check_after":5}"#, status: .accepted),
             .accepted(FavoriteJob(id: "job-1", state: "queued", checkAfter: 5))),
            (.empty(.noContent), .noContent),
            (.json(#"{"errors":[{"field":"name","message":"is empty"}]}"#, status: .unprocessableContent),
             .unprocessableContent(ValidationErrors(errors: [ValidationIssue(field: "name", message: "is empty")]))),
        ]
        for (answer, expected) in answers {
            let server = try await serve { _ in answer }
            let response = try await service(server).saveFavorite(id: "7", body: FavoriteRequestItem(id: "7", name: "Up"))
            XCTAssertEqual(response.value, expected)
            XCTAssertEqual(response.status, answer.statusCode.code)
            let request = try await server.onlyRequest()
            XCTAssertEqual(request.method, "PUT")
            XCTAssertEqual(request.target, "/favorite/7")
            XCTAssertEqual(request.header("Authorization"), "Bearer movie-token")
        }
    }

    func testAListedStatusWhoseBodyDoesNotDecodeFailsWithDecoding() async throws {
        let server = try await serve { _ in .json(#"{"state":"queued"}"#, status: .accepted) }
        let error = await expectError { () async throws(APIError) in
            try await service(server).saveFavorite(id: "7", body: FavoriteRequestItem(id: "7", name: "Up"))
        }
        guard case .decoding(let failure)? = error else { return XCTFail("expected .decoding, got \(String(describing: error))") }
        XCTAssertEqual(failure.typeName, "FavoriteJob")
    }

    func testAListedStatusIsStillRefreshedAfter401() async throws {
        let tokens = TestTokens("old")
        let server = try await serve { request in
            request.header("Authorization") == "Bearer old" ? .empty(.unauthorized) : .json(Self.favorite, status: .created)
        }
        let movies = MovieService(client: client(tokens: tokens), baseURL: server.baseURL)
        let response = try await movies.saveFavorite(id: "7", body: FavoriteRequestItem(id: "7", name: "Up"))
        XCTAssertEqual(response.status, 201)
        XCTAssertEqual(tokens.refreshCount, 1)
    }
}
