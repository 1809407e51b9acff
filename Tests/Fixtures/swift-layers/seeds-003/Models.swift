// The models seed 003 names without showing: the favorite body and the movie page NetworkAPI
// decodes (fields as specs/movie.yaml has them), and the NetworkError cases the code throws.

import Foundation

struct FavoriteRequestItem: Encodable {
    let id: String
    let name: String
}

struct MovieResponse: Decodable {
    let page: Int
    let totalPages: Int
    let totalResults: Int
    let results: [Movie]

    enum CodingKeys: String, CodingKey {
        case page
        case totalPages = "total_pages"
        case totalResults = "total_results"
        case results
    }
}

struct Movie: Decodable {
    let id: String
    let title: String
    let overview: String?
    let posterURL: String?
    let releaseDate: String?
    let genres: [String]
    let voteAverage: Double
    let adult: Bool?

    enum CodingKeys: String, CodingKey {
        case id, title, overview, genres, adult
        case posterURL = "poster_url"
        case releaseDate = "release_date"
        case voteAverage = "vote_average"
    }
}

enum NetworkError: Error {
    case invalidURLComponents(String)
    case invalidURLString
    case nilData
    case invalidServerResponse
    case requestError(Int)
    case serverError(Int)
    case networkFailError(Int)
    case decodeError(toType: Any.Type)
}
