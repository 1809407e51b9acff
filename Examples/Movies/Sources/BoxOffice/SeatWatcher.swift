import EndpointRuntime
import MoviesAPI

/// Follows the seats left for a showtime, from the `watchSeats` event stream.
public struct SeatWatcher<Cinema: CinemaServiceProtocol>: Sendable {
    private let cinema: Cinema

    public init(cinema: Cinema) {
        self.cinema = cinema
    }

    /// Calls `update` with each count as it arrives. Returns true when the showtime sold out
    /// (leaving the loop closes the connection: nothing after that is worth hearing), false when
    /// the server ended the stream before.
    public func watch(showtimeId: Int, update: (Int) -> Void) async throws(APIError) -> Bool {
        for try await event in cinema.watchSeats(showtimeId: showtimeId) {
            update(event.value.seatsLeft)
            if event.value.seatsLeft == 0 { return true }
        }
        return false
    }
}
