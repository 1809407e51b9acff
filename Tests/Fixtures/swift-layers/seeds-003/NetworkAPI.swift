// Seed 003's NetworkAPI, as the wiki shows it (getMovies; "// 중략" for the others), with the
// two things it uses but does not show: URLSession.testSession and MovieResponse (the latter in
// Models.swift).

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

struct NetworkAPI {
    private let provider = NetworkProvider<NetworkService>()
}

// MARK: - API 요청 함수들
extension NetworkAPI {
    func getMovies(category: String, completionHandler: @escaping (MovieResponse?, Error?) -> Void) {
        do {
            let request = try provider.request(.getMovies(category: category))
            let task = URLSession.testSession.dataTask(with: request) { (data, response, error) in
                guard let data = data else {
                    completionHandler(nil, NetworkError.nilData)
                    return
                }
                guard let response = response as? HTTPURLResponse else {
                    completionHandler(nil, NetworkError.invalidServerResponse)
                    return
                }
                do {
                    let result = try self.judgeStatus(by: response.statusCode, data, type: MovieResponse.self)
                    completionHandler(result, nil)
                } catch let error {
                    completionHandler(nil, error)
                }
            }
            task.resume()
        } catch let error {
            completionHandler(nil, error)
        }
    }
}

extension NetworkAPI {
    private func judgeStatus<T: Decodable>(by statusCode: Int, _ data: Data, type: T.Type) throws -> T {
        switch statusCode {
        case 200:
            return try decodeData(from: data, to: type)
        case 400..<500:
            throw NetworkError.requestError(statusCode)
        case 500:
            throw NetworkError.serverError(statusCode)
        default:
            throw NetworkError.networkFailError(statusCode)
        }
    }
    
    private func decodeData<T: Decodable>(from data: Data, to type: T.Type) throws -> T {
        guard let decodedData = try? JSONDecoder().decode(T.self, from: data) else {
            throw NetworkError.decodeError(toType: T.self)
        }
        return decodedData
    }   
}

extension URLSession {
    static let testSession = URLSession(configuration: .default)
}
