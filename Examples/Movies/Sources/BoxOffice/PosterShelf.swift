import EndpointRuntime
import Foundation
import MoviesAPI

/// Film posters kept on disk. A poster is downloaded once, straight to its file (never held in
/// memory whole); later asks find the file. A failed download leaves no file behind, so the next
/// ask tries again.
public struct PosterShelf<Cinema: CinemaServiceProtocol>: Sendable {
    private let cinema: Cinema
    private let folder: URL

    public init(cinema: Cinema, folder: URL) {
        self.cinema = cinema
        self.folder = folder
    }

    /// The poster's file, downloading it first when the shelf has none; `progress` hears the
    /// bytes written so far (and the total, when the server says it).
    public func poster(filmId: Int, progress: (@Sendable (TransferProgress) -> Void)? = nil) async throws(APIError) -> URL {
        let file = folder.appendingPathComponent("poster-\(filmId).png")
        if FileManager.default.fileExists(atPath: file.path) { return file }
        return try await cinema.downloadPoster(id: filmId, to: file, progress: progress)
    }
}
