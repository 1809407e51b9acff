import EndpointRuntime
import MoviesAPI

/// Books seats, telling a seat someone else took (a 409, which users can act on by picking
/// another) from failures they cannot do anything about, which are thrown.
public struct BookingDesk<Cinema: CinemaServiceProtocol>: Sendable {
    public enum Outcome: Sendable, Hashable {
        case booked(Booking)
        /// The server's message, e.g. "Seat E5 is already booked."
        case seatsTaken(String)
    }

    private let cinema: Cinema
    private let email: String

    public init(cinema: Cinema, email: String) {
        self.cinema = cinema
        self.email = email
    }

    public func book(_ seats: [String], showtimeId: Int) async throws(APIError) -> Outcome {
        do throws(APIError) {
            return .booked(try await cinema.bookSeats(showtimeId: showtimeId, body: BookSeatsRequest(seats: seats, email: email)))
        } catch .server(let failure) where failure.status == 409 {
            return .seatsTaken(failure.message)
        }
    }
}
