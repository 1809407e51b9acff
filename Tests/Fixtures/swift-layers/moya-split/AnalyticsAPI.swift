import Foundation
import MoyaStandIn

enum AnalyticsAPI {
    case track(event: AnalyticsEvent)
    case batch(events: [AnalyticsEvent])
    case identify(userID: String, traits: [String: String])
}

extension AnalyticsAPI: TargetType {
    var baseURL: URL {
        return URL(string: "https://ingest.analytics.example.com")!
    }

    var path: String {
        switch self {
        case .track:
            return "/v2/track"
        case .batch:
            return "/v2/batch"
        case .identify:
            return "/v2/identify"
        }
    }

    var method: Moya.Method {
        return .post
    }

    var task: Task {
        switch self {
        case .track(let event):
            return .requestJSONEncodable(event)
        case .batch(let events):
            return .requestJSONEncodable(events)
        case let .identify(userID, traits):
            return .requestParameters(parameters: ["user_id": userID, "traits": traits], encoding: JSONEncoding.default)
        }
    }

    var headers: [String: String]? {
        return [
            "X-API-Key": APIConstants.analyticsKey,
            "Content-Type": "application/json",
        ]
    }
}
