// Seed 004, Code02: the protocol every domain router conforms to.

import AlamofireStandIn

// file: "Code02"
public protocol Router {
    var baseURL: String { get }
    var path: String { get }
    var method: HTTPMethod { get }
    var header: [String: String] { get }
    var parameters: [String: Any]? { get }
    var encoding: ParameterEncoding? { get }
}
