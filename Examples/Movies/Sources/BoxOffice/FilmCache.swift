import EndpointRuntime
import MoviesAPI

/// Films kept with the `ETag` they came with. Asking for a film again sends that tag in
/// `If-None-Match`; a 304 answer has no body, so an unchanged film is neither downloaded nor decoded.
public actor FilmCache<Cinema: CinemaServiceProtocol> {
    /// What a lookup found.
    public enum Lookup: Sendable, Hashable {
        /// The server sent the film: new to the cache, or changed since it was cached.
        case downloaded(Film)
        /// The server answered 304: the cached copy is current.
        case unchanged(Film)
        /// The server has no such film (any cached copy is dropped).
        case notFound(message: String)
    }

    private let cinema: Cinema
    private var cached: [Int: (film: Film, etag: String)] = [:]

    public init(cinema: Cinema) {
        self.cinema = cinema
    }

    public func film(id: Int) async throws(APIError) -> Lookup {
        let copy = cached[id]
        let answer = try await cinema.getFilm(id: id, ifNoneMatch: copy?.etag)
        switch answer.value {
        case .ok(let film):
            // Without an ETag there is nothing to revalidate with: the next lookup downloads again.
            cached[id] = answer.header("ETag").map { (film, $0) }
            return .downloaded(film)
        case .notModified:
            guard let copy else {
                // We sent no tag, so a 304 cannot refer to anything we have.
                throw .server(ServerError(status: 304, message: "Film \(id) was not modified, but none was cached."))
            }
            return .unchanged(copy.film)
        case .notFound(let problem):
            cached[id] = nil
            return .notFound(message: problem.error)
        }
    }
}
