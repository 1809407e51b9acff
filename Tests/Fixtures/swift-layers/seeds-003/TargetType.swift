// Seed 003 (joongkyu-park's wiki, "Moya 네트워크 레이어 구현"): a hand-made imitation of Moya on
// URLSession. Its own TargetType, HTTPMethod and NetworkTask clash with Moya's names, so this
// module imports no stand-in; its NetworkProvider is the request building being imitated.

import Foundation

protocol TargetType {
    
    var baseURLPath: String { get }
    var path: String { get }
    var method: HTTPMethod { get }
    var task: NetworkTask { get }
    var headers: [String: String]? { get }
    
}
