// Calls the generated services against a StubTransport: no network, the same output every run.
// Swap in `APIClient(authentication: ...)` (URLSessionTransport by default) to call real servers.

import EndpointRuntime
import Foundation
import MoviesAPI
import Reviews

/// Answers from each endpoint's `sample`, except a booking of seat E5, which is taken.
let transport = StubTransport { request in
    if request.httpMethod == "POST", let body = request.httpBody, String(decoding: body, as: UTF8.self).contains("\"E5\"") {
        return .json(status: 409, #"{"ok": false, "error": "Seat E5 is already booked.", "reason": "seat_taken"}"#)
    }
    return .sample()
}
let client = APIClient(
    transport: transport,
    authentication: Authentication(tokenProvider: ClosureTokenProvider(token: { "demo-token" }, refresh: {}), apiKey: "demo-key")
)
let cinema = CinemaService(client: client, environment: .staging)
let reviews = ReviewsService(client: client)

/// `HH:mm` in UTC, the same on every machine.
func clock(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.hour, .minute], from: date)
    return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
}

do {
    print("Showtimes on 2024-06-01:")
    for showtime in try await cinema.listShowtimes(date: "2024-06-01") {
        print("  \(clock(showtime.startsAt)) UTC  \(showtime.film.title) (\(showtime.format.rawValue), \(showtime.seatsLeft) seats left)")
    }

    let film = try await cinema.getFilm(id: 9)
    print("\(film.title): \(film.runtimeMinutes) min, rated \(film.rating ?? "–")")
    for review in try await reviews.listReviews(filmId: film.id, limit: 2) {
        print("  \(review.starsLabel) \(review.author): \(review.text)")
    }
    // Sources/Reviews/endpointgen.yml says `fakes: true`: the build-tool plugin generated a fake too.
    let fakeReviews = ReviewsServiceFake()
    fakeReviews.listReviewsHandler = { _, _ in [] }
    _ = try await fakeReviews.listReviews(filmId: film.id, limit: 1)
    print("  (ReviewsServiceFake recorded \(fakeReviews.calls.count) call)")

    let booking = try await cinema.bookSeats(showtimeId: 102, body: BookSeatsRequest(seats: ["F7", "F8"], email: "kim@example.com"))
    print("Booked \(booking.seats.joined(separator: ", ")) as \(booking.id): \(booking.totalCents / 100).\(String(format: "%02d", booking.totalCents % 100)) USD")
} catch {
    print("Unexpected failure: \(error.localizedDescription)")
    exit(1)
}

// A failure is one typed error: APIError.server carries the status and the server's message and code.
do throws(APIError) {
    _ = try await cinema.bookSeats(showtimeId: 102, body: BookSeatsRequest(seats: ["E5"], email: "kim@example.com"))
    print("Booking E5 unexpectedly succeeded")
    exit(1)
} catch .server(let failure) {
    print("Booking E5 failed: \(failure.status) \(failure.code ?? "-"): \(failure.message)")
} catch {  // error: APIError
    print("Unexpected failure: \(error.localizedDescription)")
    exit(1)
}
