// The box office's sync (a background refresh, a companion Mac app, a command-line tool) keeps a
// mirror of the cinema's catalog: every film, revalidated with its ETag, and the posters on disk.
// It calls the cinema with the same generated services (MoviesAPI, Reviews) and the same logic
// (BoxOffice) as the app, on a client of its own: an ephemeral URLSession (no shared cookies or
// cache) and the reviews key of the box office itself. A server app on SwiftNIO would pass
// `AsyncHTTPClientTransport` instead (docs/server-apps.md); nothing else changes.

import BoxOffice
import EndpointRuntime
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MoviesAPI
import Reviews

/// The cinema's catalog mirrored by a server: `sync()` reads every page of films, revalidates each
/// film with the ETag it came with (a 304 costs no body) and downloads the posters it lacks.
public final class CatalogMirror: Sendable {
    /// What one `sync()` did.
    public struct Report: Sendable, Hashable {
        /// The catalog in the cinema's order, read page by page.
        public var films: [Film] = []
        /// Films the server sent (200): new to the mirror, or changed since the last sync.
        public var downloaded: [Int] = []
        /// Films the server said were current (304): nothing was downloaded.
        public var unchanged: [Int] = []
        /// Films listed but gone when asked for (404).
        public var removed: [Int] = []
        /// Each film's poster file, downloaded or found on disk.
        public var posters: [Int: URL] = [:]
    }

    /// The cinema's service, over `AsyncHTTPClientTransport`.
    public let cinema: CinemaService
    /// The reviews service, on the same client (and connection pool).
    public let reviews: ReviewsService
    private let films: FilmCache<CinemaService>
    private let posters: PosterShelf<CinemaService>
    private let pageSize: Int

    /// A mirror of the cinema at `cinemaURL` (and its reviews at `reviewsURL`), keeping posters in
    /// `posterFolder`. `timeout` bounds each call (for the seats stream: the longest silence).
    /// `transport` is any of the runtime's: a server app passes its `AsyncHTTPClientTransport`.
    public init(cinemaURL: URL, reviewsURL: URL, reviewsKey: String, posterFolder: URL,
                pageSize: Int = 20, timeout: TimeInterval = 30,
                transport: any HTTPTransport = URLSessionTransport(configuration: .ephemeral)) {
        // No shared cookie storage; the reviews key is the box office's own.
        let client = APIClient(
            transport: transport,
            authentication: Authentication(cookies: nil, apiKey: reviewsKey),
            configuration: .init(timeout: timeout)
        )
        cinema = CinemaService(client: client, baseURL: cinemaURL)
        reviews = ReviewsService(client: client, baseURL: reviewsURL)
        films = FilmCache(cinema: cinema)
        posters = PosterShelf(cinema: cinema, folder: posterFolder)
        self.pageSize = pageSize
    }

    /// Reads the whole catalog, revalidates every film and fetches missing posters; `posterProgress`
    /// hears each poster download's progress with the film's id.
    public func sync(posterProgress: (@Sendable (Int, TransferProgress) -> Void)? = nil) async throws(APIError) -> Report {
        var report = Report()
        for try await film in cinema.listFilmsPages(perPage: pageSize).items {
            report.films.append(film)
        }
        for film in report.films {
            switch try await films.film(id: film.id) {
            case .downloaded:
                report.downloaded.append(film.id)
            case .unchanged:
                report.unchanged.append(film.id)
            case .notFound:
                report.removed.append(film.id)
                continue
            }
            var progress: TransferProgressHandler?
            if let posterProgress {
                progress = { [id = film.id] in posterProgress(id, $0) }
            }
            report.posters[film.id] = try await posters.poster(filmId: film.id, progress: progress)
        }
        return report
    }

    /// The seats left for a showtime as the cinema announces them (server-sent events), until it
    /// sells out (which closes the connection) or the cinema ends the stream.
    public func seatsLeft(showtimeId: Int) async throws(APIError) -> (counts: [Int], soldOut: Bool) {
        var counts: [Int] = []
        let soldOut = try await SeatWatcher(cinema: cinema).watch(showtimeId: showtimeId) { counts.append($0) }
        return (counts, soldOut)
    }

    /// Every review of a film, read line by line from its JSON Lines body as the server sends it.
    public func allReviews(filmId: Int) async throws(APIError) -> [Review] {
        var all: [Review] = []
        for try await review in reviews.allReviews(filmId: filmId) {
            all.append(review)
        }
        return all
    }
}
