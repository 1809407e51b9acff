// Seed 003's endpoint enum, as the wiki shows it ("// 중략": the wiki lists only these three).

import Foundation

enum NetworkService {
    case getMovies(category: String)
    case createFavorite(id: String, name: String)
    case deleteFavorite(id: String)
}

extension NetworkService: TargetType {
    
    var baseURLPath: String {
        return "https://api.example.com/"
    }
    
    var path: String {
        switch self {
        case .getMovies:
            return "/movies"
        case .createFavorite:
            return "/favorite"
        case .deleteFavorite:
            return "/favorite"
        }
    }
    
    var method: HTTPMethod {
        switch self {
        case .getMovies:
            return .get
        case .createFavorite:
            return .post
        case .deleteFavorite:
            return .delete
        }
    }
    
    var task: NetworkTask {
        switch self {
        case .getMovies, .deleteFavorite:
            return .requestPlain
        case .createFavorite(let id, let name):
            let item = FavoriteRequestItem(id: id, name: name)
            return .requestJSONEncodable(body: item)
        }
    }
    
    var headers: [String: String]? {
        switch self {
        case .getMovies, .createFavorite:
            return nil
        case .deleteFavorite(let id):
            return ["id": id]
        }
    }
}
