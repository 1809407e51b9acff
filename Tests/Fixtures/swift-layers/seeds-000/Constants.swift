// Seed 000 (DRINKIG, "Network Layer Architecture"): the app's CoreModule constant the endpoints
// read. The seed does not show it; the server is the one of specs/drinkig-auth.yaml.

import Foundation

enum Constants {
    enum API {
        static let baseURL = "https://api.drinkig.example.com"
    }
}
