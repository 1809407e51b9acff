// Seed 003's "NetworkService를 위한 요소들(HTTPMethod, NetworkTask …)", as the wiki shows them.

import Foundation

struct HTTPMethod: RawRepresentable, Equatable, Hashable {
    
    static let get = HTTPMethod(rawValue: "GET")
    static let post = HTTPMethod(rawValue: "POST")
    static let patch = HTTPMethod(rawValue: "PATCH")
    static let delete = HTTPMethod(rawValue: "DELETE")
    
    let rawValue: String
    
    init(rawValue: String) {
        self.rawValue = rawValue
    }
    
}

enum NetworkTask {
    
    case requestPlain
    case requestJSONEncodable(body: Encodable)
    
}
