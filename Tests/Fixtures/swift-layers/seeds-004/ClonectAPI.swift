// Seed 004 (FeelTalk, "Router 패턴 (with Alamofire)"), Code01: the base URL in one place, a class
// "so that Dev, Staging and Prod can be added later".

import Foundation

// file: "Code01"
class ClonectAPI {
    static var BASE_URL: String {
        // 실제 주소 대신 예시용 주소를 사용합니다.
        return "https://api.example.com"
    }
}
