// The box office's CatalogMirror over URLSessionTransport against a real HTTP/1.1 server on
// 127.0.0.1 (cinema_server.py, started by each test): pagination, ETags and 304s, a poster
// downloaded to a file, server-sent events and JSON Lines, every value decoded as the app sees it.

import EndpointRuntime
import Foundation
import MoviesAPI
import MoviesSync
import XCTest

private let catalog = [
    Film(id: 3, title: "Anora", runtimeMinutes: 139, rating: "R"),
    Film(id: 9, title: "Dune Part Two", runtimeMinutes: 166, rating: "PG-13"),
    Film(id: 5, title: "Furiosa", runtimeMinutes: 148, rating: "R"),
    Film(id: 11, title: "Inside Out 2", runtimeMinutes: 96, rating: "PG"),
    Film(id: 7, title: "Past Lives", runtimeMinutes: 106, rating: "PG-13"),
    Film(id: 4, title: "The Zone of Interest", runtimeMinutes: 105, rating: "PG-13"),
    Film(id: 12, title: "Wicked", runtimeMinutes: 160, rating: "PG"),
]

/// Progress reports of poster downloads (they arrive on the transport's tasks).
private final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [Int: [TransferProgress]] = [:]
    func add(_ filmId: Int, _ progress: TransferProgress) { lock.withLock { reports[filmId, default: []].append(progress) } }
    var byFilm: [Int: [TransferProgress]] { lock.withLock { reports } }
}

final class CatalogMirrorTests: XCTestCase {
    private var server: CinemaServer!
    private var mirror: CatalogMirror!
    private var posterFolder: URL!

    override func setUp() async throws {
        server = try CinemaServer()
        posterFolder = FileManager.default.temporaryDirectory.appendingPathComponent("posters-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: posterFolder, withIntermediateDirectories: true)
        mirror = CatalogMirror(cinemaURL: server.url("/api"), reviewsURL: server.url("/v2"), reviewsKey: "backend-key",
                               posterFolder: posterFolder, pageSize: 3, timeout: 10)
    }

    override func tearDown() async throws {
        mirror = nil
        server?.stop()
        if let posterFolder { try? FileManager.default.removeItem(at: posterFolder) }
    }

    func testSyncReadsEveryPageThenRevalidatesWithETags() async throws {
        let progress = ProgressLog()
        let first = try await mirror.sync { progress.add($0, $1) }

        // Three pages of three films at most, each its own request.
        XCTAssertEqual(first.films, catalog)
        let pages = try server.requests("/api/films").map { URLComponents(string: "?" + ($0.query ?? ""))?.queryItems ?? [] }
        XCTAssertEqual(pages.map { Set($0) }, (1...3).map { Set([URLQueryItem(name: "page", value: "\($0)"), URLQueryItem(name: "per_page", value: "3")]) })
        XCTAssertEqual(first.downloaded, catalog.map(\.id))
        XCTAssertEqual(first.unchanged, [])

        // Each poster in its file, byte for byte, with progress rising to its size.
        for film in catalog {
            let expected = CinemaServer.poster(filmId: film.id)
            let file = try XCTUnwrap(first.posters[film.id])
            XCTAssertEqual(try Data(contentsOf: file), expected, "poster of \(film.id)")
            let reports = progress.byFilm[film.id] ?? []
            XCTAssertEqual(reports.last, TransferProgress(completedBytes: Int64(expected.count), totalBytes: Int64(expected.count)))
            XCTAssertEqual(reports.map(\.completedBytes), reports.map(\.completedBytes).sorted(), "progress of \(film.id) goes back")
        }

        // Dune changes on the server; the next sync downloads it alone and reuses the posters.
        try server.revise(filmId: 9)
        let second = try await mirror.sync()
        XCTAssertEqual(second.films, catalog)
        XCTAssertEqual(second.downloaded, [9])
        XCTAssertEqual(second.unchanged, catalog.map(\.id).filter { $0 != 9 })
        XCTAssertEqual(second.posters, first.posters)
        XCTAssertEqual(try server.requests("/api/films/9").map(\.ifNoneMatch), [nil, "\"film-9-r1\""])
        XCTAssertEqual(try server.requests("/api/films/3").map(\.ifNoneMatch), [nil, "\"film-3-r1\""])
        XCTAssertEqual(try server.requests("/api/films/3/poster").count, 1)
    }

    func testAnUnknownFilmIsItsDocumented404() async throws {
        let answer = try await mirror.cinema.getFilm(id: 404)

        XCTAssertEqual(answer.status, 404)
        guard case .notFound(let problem) = answer.value else { return XCTFail("\(answer.value)") }
        XCTAssertEqual(problem, Problem(error: "No film has id 404.", reason: "film_not_found"))
    }

    func testSeatsArriveAsEventsAndSellingOutClosesTheConnection() async throws {
        let started = ContinuousClock.now
        let seats = try await mirror.seatsLeft(showtimeId: 102)

        XCTAssertEqual(seats.counts, [3, 2, 1, 0])
        XCTAssertTrue(seats.soldOut)
        // The server would keep the stream open for 30 s more: leaving the loop hung up.
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(10))
        let hungUp = CinemaServer.Logged(path: "/api/showtimes/102/seats", event: "hung-up")
        let sawHangUp = try await server.waitForLog(hungUp, seconds: 5)
        XCTAssertTrue(sawHangUp, "the server never saw the connection close")
    }

    func testEventFieldsAreRead() async throws {
        var events: [ServerSentEvent<SeatsLeft>] = []
        for try await event in mirror.cinema.watchSeats(showtimeId: 101) {
            events.append(event)
            if events.count == 2 { break }
        }

        XCTAssertEqual(events.map(\.event), ["seats", "seats"])
        XCTAssertEqual(events.map(\.id), ["1", "2"])
        XCTAssertEqual(events.map(\.value), [SeatsLeft(seatsLeft: 3), SeatsLeft(seatsLeft: 2)])
    }

    func testReviewsArriveAsJSONLinesWithTheBackendsKey() async throws {
        let reviews = try await mirror.allReviews(filmId: 9)

        XCTAssertEqual(reviews.map(\.author), ["mina", "joon", "ari"])
        XCTAssertEqual(reviews.map(\.stars), [5, 4, 3])
        XCTAssertEqual(reviews.first?.text, "Worth the IMAX ticket.")
        XCTAssertEqual(try server.requests("/v2/films/9/reviews/all").map(\.reviewsKey), ["backend-key"])
    }
}
