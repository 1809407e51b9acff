import Foundation

/// The signed-in user's token, as the routers read it.
final class AuthSession {
    static let shared = AuthSession()

    var accessToken: String?

    private init() {}
}

enum AppInfo {
    static let version = "3.4.1"
}
