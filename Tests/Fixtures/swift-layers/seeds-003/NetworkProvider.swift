// Seed 003's request building, as the wiki shows it: baseURLPath + path by string concatenation
// (so "https://api.example.com/" + "/movies" gives "https://api.example.com//movies"), the
// category of getMovies dropped, headers added with addValue.

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

struct NetworkProvider<Target: TargetType> {
    func request(_ target: Target) throws -> URLRequest {
        
        // MARK: - Path
        let path = target.baseURLPath + target.path
        guard let urlComponents = URLComponents(string: path) else {
            throw NetworkError.invalidURLComponents(path)
        }
        
        // MARK: - URL
        var url: URL?
        let task = target.task
        switch task {
        case .requestPlain, .requestJSONEncodable:
            url = urlComponents.url
        }
        guard let url = url else {
            throw NetworkError.invalidURLString
        }
        
        // MARK: - Ruqest
        var request = URLRequest(url: url)
        switch task {
        case .requestPlain: break
        case .requestJSONEncodable(let body):
            let bodyEncoded = try JSONEncoder().encode(body)
            request.httpBody = bodyEncoded
        }
        
        // MARK: - Header
        request.httpMethod = target.method.rawValue
        if let headerField = target.headers {
            _ = headerField.map { (key, value) in
                request.addValue(value, forHTTPHeaderField: key)
            }
        }
        return request
    }
}
