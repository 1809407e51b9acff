// Constants and the token store the Moya targets of this layer read.

import Foundation

enum APIEnvironment {
    static let baseURL = "https://api.shop.example.com/v1"
}

enum APIConstants {
    static let gitHubAPIVersion = "2022-11-28"
    static let analyticsKey = "ak_live_3f9c2e"
}

/// Keeps the signed-in user's tokens (the app fills it from the Keychain at launch).
final class TokenStore {
    static let shared = TokenStore()

    var accessToken: String?
    var refreshToken: String?

    private init() {}
}
