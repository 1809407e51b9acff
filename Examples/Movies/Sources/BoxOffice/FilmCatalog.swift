// The app's logic, on `CinemaServiceProtocol` rather than `CinemaService`: the app passes the real
// service, the tests a `CinemaServiceFake` (Tests/BoxOfficeTests).

import EndpointRuntime
import MoviesAPI

/// The films now showing, from the paginated `listFilms` endpoint.
public struct FilmCatalog<Cinema: CinemaServiceProtocol>: Sendable {
    private let cinema: Cinema
    private let pageSize: Int

    public init(cinema: Cinema, pageSize: Int = 20) {
        self.cinema = cinema
        self.pageSize = pageSize
    }

    /// The first `count` films, in the catalog's order. Pages are requested as their films are
    /// read, so a short list costs one request however long the catalog is.
    public func first(_ count: Int) async throws(APIError) -> [Film] {
        guard count > 0 else { return [] }
        var films: [Film] = []
        for try await film in cinema.listFilmsPages(perPage: pageSize).items {
            films.append(film)
            if films.count == count { break }
        }
        return films
    }
}
