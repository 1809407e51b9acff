// A box-office app's session against the generated services: the catalog page by page
// (pagination), a film cached with its ETag (responses per status: 200, 304, 404), a poster
// downloaded to a file (transfers), the seats left for a showtime as they change (server-sent
// events), reviews (code generated at build time) and bookings. Offline: OfflineCinema answers. Swap in `APIClient(authentication: ...)`
// (URLSessionTransport or CurlTransport by default) to call real servers.

import BoxOffice
import EndpointRuntime
import Foundation
import MoviesAPI
import Reviews

let client = APIClient(
    transport: OfflineCinema.transport,
    authentication: Authentication(tokenProvider: ClosureTokenProvider(token: { "demo-token" }, refresh: {}), apiKey: "demo-key")
)
let cinema = CinemaService(client: client, environment: .staging)
let reviews = ReviewsService(client: client)

/// Counts the progress reports of a download (they arrive on the transport's thread).
final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var reports = 0
    func add(_ progress: TransferProgress) { lock.withLock { reports += 1 } }
    var count: Int { lock.withLock { reports } }
}

/// `HH:mm` in UTC, the same on every machine.
func clock(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.hour, .minute], from: date)
    return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
}

do {
    // Each page is a request of its own, sent when the loop asks for it.
    print("Now showing:")
    var pageNumber = 0
    for try await page in cinema.listFilmsPages(perPage: 3) {
        pageNumber += 1
        print("  page \(pageNumber) of \(page.totalPages): \(page.films.map(\.title).joined(separator: ", "))")
    }
    let picks = try await FilmCatalog(cinema: cinema, pageSize: 3).first(2)
    print("Tonight's picks: \(picks.map(\.title).joined(separator: " and "))")

    print("Showtimes on 2024-06-01:")
    let showtimes = try await cinema.listShowtimes(date: "2024-06-01")
    for showtime in showtimes {
        print("  \(clock(showtime.startsAt)) UTC  \(showtime.film.title) (\(showtime.format.rawValue), \(showtime.seatsLeft) seats left)")
    }

    let films = FilmCache(cinema: cinema)
    for id in [9, 9, 404] {
        switch try await films.film(id: id) {
        case .downloaded(let film):
            print("Film \(id): \(film.title), \(film.runtimeMinutes) min, rated \(film.rating ?? "–") (200, downloaded)")
        case .unchanged(let film):
            print("Film \(id): \(film.title) (304 Not Modified, the cached copy is current)")
        case .notFound(let message):
            print("Film \(id): 404, \(message)")
        }
    }

    // A poster goes straight to a file as it arrives; the second ask finds it on the shelf.
    let shelf = PosterShelf(cinema: cinema, folder: FileManager.default.temporaryDirectory)
    let reports = Reports()
    let poster = try await shelf.poster(filmId: 9) { reports.add($0) }
    let size = (try? FileManager.default.attributesOfItem(atPath: poster.path)[.size] as? Int) ?? 0
    print("Poster of film 9: \(size) bytes in \(poster.lastPathComponent) (\(reports.count) progress reports)")
    try? FileManager.default.removeItem(at: poster)

    print("Reviews of film 9:")
    for review in try await reviews.listReviews(filmId: 9, limit: 2) {
        print("  \(review.starsLabel) \(review.author): \(review.text)")
    }
    // A JSON Lines body, read review by review as it arrives instead of as one large array.
    var count = 0, stars = 0
    for try await review in reviews.allReviews(filmId: 9) {
        count += 1
        stars += review.stars
    }
    print("  average of \(count) reviews: \(String(format: "%.1f", Double(stars) / Double(max(count, 1)))) stars")

    // The evening IMAX showing, nearly full: book two seats, then follow the rest as they go.
    guard let evening = showtimes.first(where: { $0.format == .imax }) else { fatalError("the samples have an IMAX showing") }
    let desk = BookingDesk(cinema: cinema, email: "kim@example.com")
    for seats in [["F7", "F8"], ["E5"]] {
        switch try await desk.book(seats, showtimeId: evening.id) {
        case .booked(let booking):
            print("Booked \(booking.seats.joined(separator: ", ")) as \(booking.id): \(booking.totalCents / 100).\(String(format: "%02d", booking.totalCents % 100)) USD")
        case .seatsTaken(let message):
            print("Could not book \(seats.joined(separator: ", ")): \(message)")
        }
    }
    var counts: [String] = []
    let soldOut = try await SeatWatcher(cinema: cinema).watch(showtimeId: evening.id) { counts.append(String($0)) }
    print("Seats left at \(clock(evening.startsAt)), live: \(counts.joined(separator: ", "))\(soldOut ? ": sold out" : "")")
} catch {
    // `error` is an APIError: .server(status, message, code, …), .transport(.timedOut), .decoding(…), …
    print("Unexpected failure: \(error.localizedDescription)")
    exit(1)
}
