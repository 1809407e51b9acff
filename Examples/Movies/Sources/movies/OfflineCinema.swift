// The cinema's server, played offline so that the example runs anywhere with the same output.
// Most answers are the spec's samples (`.sample()`); this plays what one sample cannot show:
// a catalog of several pages, ETags and 304s, an unknown film, a seat someone else booked.

import EndpointRuntime
import Foundation
import MoviesAPI

enum OfflineCinema {
    static let films = [
        Film(id: 3, title: "Anora", runtimeMinutes: 139, rating: "R"),
        Film(id: 9, title: "Dune Part Two", runtimeMinutes: 166, rating: "PG-13"),
        Film(id: 5, title: "Furiosa", runtimeMinutes: 148, rating: "R"),
        Film(id: 11, title: "Inside Out 2", runtimeMinutes: 96, rating: "PG"),
        Film(id: 7, title: "Past Lives", runtimeMinutes: 106, rating: "PG-13"),
        Film(id: 4, title: "The Zone of Interest", runtimeMinutes: 105, rating: "PG-13"),
        Film(id: 12, title: "Wicked", runtimeMinutes: 160, rating: "PG"),
    ]

    /// The version of a film a server would derive from its representation.
    static func etag(of film: Film) -> String { "\"film-\(film.id)-r1\"" }

    /// Routes on the generated router's cases, as a server routes on method and path.
    static let transport = StubTransport(endpointAware: { _, endpoint in
        switch endpoint as? CinemaRouter {
        case .listFilms(let page, let perPage)?:
            let start = min(max(page - 1, 0) * perPage, films.count)
            let pageCount = (films.count + perPage - 1) / perPage
            return envelope(FilmPage(films: Array(films[start..<min(start + perPage, films.count)]), totalPages: pageCount))
        case .getFilm(let id, let ifNoneMatch)?:
            guard let film = films.first(where: { $0.id == id }) else { return .sample(status: 404) }
            if ifNoneMatch == etag(of: film) { return .response(status: 304, headers: ["ETag": etag(of: film)]) }
            return envelope(film, headers: ["ETag": etag(of: film)])
        case .bookSeats(_, let body)? where body.seats.contains("E5"):
            return .json(status: 409, #"{"ok": false, "error": "Seat E5 is already booked.", "reason": "seat_taken"}"#)
        default:
            return .sample()
        }
    })

    /// `value` in the service's envelope, `{"ok": true, "data": …}`.
    private static func envelope(_ value: some Encodable, headers: [String: String] = [:]) -> StubResponse {
        // The generated models always encode (no floats that could be infinite).
        let data = try! JSONEncoder().encode(value)
        return .json(#"{"ok": true, "data": \#(String(decoding: data, as: UTF8.self))}"#, headers: headers)
    }
}
