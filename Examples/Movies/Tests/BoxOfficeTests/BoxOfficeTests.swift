// The app's logic against CinemaServiceFake, the test double endpointgen generates from the spec
// (fakes: true in endpointgen.yml): a handler per method answers, and `calls` records every call,
// so a test states what the server says and checks what the app asked. No JSON, URLs or stubs.

import BoxOffice
import EndpointRuntime
import Foundation
import MoviesAPI
import XCTest

let anora = Film(id: 3, title: "Anora", runtimeMinutes: 139)
let dune = Film(id: 9, title: "Dune Part Two", runtimeMinutes: 166)
let furiosa = Film(id: 5, title: "Furiosa", runtimeMinutes: 148)

final class FilmCatalogTests: XCTestCase {
    func testFirstFilmsReadOnlyThePagesTheyNeed() async throws {
        let cinema = CinemaServiceFake()
        // Asking for a third page would fail: the catalog must stop once it has its films.
        let pages = [FilmPage(films: [anora, dune], totalPages: 3), FilmPage(films: [furiosa], totalPages: 3)]
        cinema.listFilmsPagesHandler = { _, _ in APIPages(pages, failure: .transport(.timedOut), items: \.films) }

        let films = try await FilmCatalog(cinema: cinema, pageSize: 2).first(3)

        XCTAssertEqual(films, [anora, dune, furiosa])
        XCTAssertEqual(cinema.calls, [.listFilmsPages(page: 1, perPage: 2)])
    }

    func testFirstFilmsOfAShortCatalog() async throws {
        let cinema = CinemaServiceFake()
        cinema.listFilmsPagesHandler = { _, _ in APIPages([FilmPage(films: [anora], totalPages: 1)], items: \.films) }

        let films = try await FilmCatalog(cinema: cinema).first(5)

        XCTAssertEqual(films, [anora])
        XCTAssertEqual(cinema.calls, [.listFilmsPages(page: 1, perPage: 20)])
    }
}

final class FilmCacheTests: XCTestCase {
    func testSecondLookupRevalidatesWithTheETag() async throws {
        let cinema = CinemaServiceFake()
        cinema.getFilmHandler = { _, ifNoneMatch in
            ifNoneMatch == "\"r1\""
                ? APIResponse(value: .notModified, status: 304)
                : APIResponse(value: .ok(dune), status: 200, headers: ["ETag": "\"r1\""])
        }
        let films = FilmCache(cinema: cinema)

        let first = try await films.film(id: 9)
        let second = try await films.film(id: 9)

        XCTAssertEqual(first, .downloaded(dune))
        XCTAssertEqual(second, .unchanged(dune))
        XCTAssertEqual(cinema.calls, [.getFilm(id: 9, ifNoneMatch: nil), .getFilm(id: 9, ifNoneMatch: "\"r1\"")])
    }

    func testNotFoundDropsTheCachedCopy() async throws {
        let cinema = CinemaServiceFake()
        cinema.getFilmHandler = { _, ifNoneMatch in
            ifNoneMatch == nil
                ? APIResponse(value: .ok(dune), status: 200, headers: ["ETag": "\"r1\""])
                : APIResponse(value: .notFound(Problem(error: "Film 9 was withdrawn.", reason: "film_not_found")), status: 404)
        }
        let films = FilmCache(cinema: cinema)

        _ = try await films.film(id: 9)
        let gone = try await films.film(id: 9)
        let again = try await films.film(id: 9)

        XCTAssertEqual(gone, .notFound(message: "Film 9 was withdrawn."))
        XCTAssertEqual(again, .downloaded(dune))
        XCTAssertEqual(cinema.calls.last, .getFilm(id: 9, ifNoneMatch: nil))
    }

    func testAnswerWithoutETagIsNotCached() async throws {
        let cinema = CinemaServiceFake()
        cinema.getFilmHandler = { _, _ in APIResponse(value: .ok(dune), status: 200) }
        let films = FilmCache(cinema: cinema)

        _ = try await films.film(id: 9)
        _ = try await films.film(id: 9)

        XCTAssertEqual(cinema.calls, [.getFilm(id: 9, ifNoneMatch: nil), .getFilm(id: 9, ifNoneMatch: nil)])
    }
}

final class SeatWatcherTests: XCTestCase {
    func testStopsListeningWhenSoldOut() async throws {
        let cinema = CinemaServiceFake()
        cinema.watchSeatsHandler = { _ in APIStream([3, 1, 0, 2].map { ServerSentEvent(value: SeatsLeft(seatsLeft: $0)) }) }
        var counts: [Int] = []

        let soldOut = try await SeatWatcher(cinema: cinema).watch(showtimeId: 102) { counts.append($0) }

        XCTAssertTrue(soldOut)
        XCTAssertEqual(counts, [3, 1, 0])
        XCTAssertEqual(cinema.calls, [.watchSeats(showtimeId: 102)])
    }

    func testStreamEndingEarlyIsNotSoldOut() async throws {
        let cinema = CinemaServiceFake()
        cinema.watchSeatsHandler = { _ in APIStream([ServerSentEvent(value: SeatsLeft(seatsLeft: 4))]) }

        let soldOut = try await SeatWatcher(cinema: cinema).watch(showtimeId: 102) { _ in }

        XCTAssertFalse(soldOut)
    }

    func testAFailedStreamThrows() async {
        let cinema = CinemaServiceFake()
        cinema.watchSeatsHandler = { _ in APIStream([ServerSentEvent(value: SeatsLeft(seatsLeft: 4))], failure: .transport(.connectionLost)) }

        do throws(APIError) {
            _ = try await SeatWatcher(cinema: cinema).watch(showtimeId: 102) { _ in }
            XCTFail("the stream's failure was swallowed")
        } catch {
            guard case .transport(.connectionLost) = error else { return XCTFail("unexpected \(error)") }
        }
    }
}

final class BookingDeskTests: XCTestCase {
    func testBooksTheSeatsForTheCustomer() async throws {
        let cinema = CinemaServiceFake()
        let booking = Booking(id: "B-1", showtimeId: 102, seats: ["F7", "F8"], totalCents: 3600)
        cinema.bookSeatsHandler = { _, _ in booking }

        let outcome = try await BookingDesk(cinema: cinema, email: "kim@example.com").book(["F7", "F8"], showtimeId: 102)

        XCTAssertEqual(outcome, .booked(booking))
        XCTAssertEqual(cinema.calls, [.bookSeats(showtimeId: 102, body: BookSeatsRequest(seats: ["F7", "F8"], email: "kim@example.com"))])
    }

    func testATakenSeatIsAnOutcomeNotAnError() async throws {
        let cinema = CinemaServiceFake()
        cinema.bookSeatsHandler = { _, _ in throw APIError.server(ServerError(status: 409, message: "Seat E5 is already booked.")) }

        let outcome = try await BookingDesk(cinema: cinema, email: "kim@example.com").book(["E5"], showtimeId: 102)

        XCTAssertEqual(outcome, .seatsTaken("Seat E5 is already booked."))
    }

    func testOtherFailuresAreThrown() async {
        let cinema = CinemaServiceFake()
        cinema.bookSeatsHandler = { _, _ in throw APIError.server(ServerError(status: 503, message: "Try again later.")) }

        do throws(APIError) {
            _ = try await BookingDesk(cinema: cinema, email: "kim@example.com").book(["E5"], showtimeId: 102)
            XCTFail("a 503 became an outcome")
        } catch {
            guard case .server(let failure) = error else { return XCTFail("unexpected \(error)") }
            XCTAssertEqual(failure.status, 503)
        }
    }
}

final class PosterShelfTests: XCTestCase {
    private func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("posters-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    func testAPosterIsDownloadedOnceThenFoundOnTheShelf() async throws {
        let cinema = CinemaServiceFake()
        // The handler plays the server: it writes the body where the app asked for it.
        cinema.downloadPosterHandler = { id, destination, progress in
            try Data("poster \(id)".utf8).write(to: destination)
            progress?(TransferProgress(completedBytes: 8, totalBytes: 8))
            return destination
        }
        let shelf = PosterShelf(cinema: cinema, folder: try folder())

        let first = try await shelf.poster(filmId: 9)
        let again = try await shelf.poster(filmId: 9)

        XCTAssertEqual(first, again)
        XCTAssertEqual(try String(contentsOf: first, encoding: .utf8), "poster 9")
        XCTAssertEqual(cinema.calls, [.downloadPoster(id: 9)])
    }

    func testAFailedDownloadIsTriedAgainNextTime() async throws {
        let cinema = CinemaServiceFake()
        cinema.downloadPosterHandler = { _, _, _ in throw APIError.transport(.connectionLost) }
        let shelf = PosterShelf(cinema: cinema, folder: try folder())

        for _ in 0..<2 {
            do {
                _ = try await shelf.poster(filmId: 3)
                XCTFail("the download failed")
            } catch {
                guard case .transport(.connectionLost) = error else { return XCTFail("\(error)") }
            }
        }
        XCTAssertEqual(cinema.calls, [.downloadPoster(id: 3), .downloadPoster(id: 3)])
    }
}
