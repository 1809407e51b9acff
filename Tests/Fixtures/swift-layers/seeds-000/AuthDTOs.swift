// Seed 000's request DTOs. The post names them and shows the initializers AuthService calls
// (LoginDTO(username:password:), JoinDTO(username:password:rePassword:)); the fields of
// AppleLoginRequestDTO and MemberRequestDTO are the ones specs/drinkig-auth.yaml and
// specs/drinkig-member.yaml give them.

import Foundation

struct LoginDTO: Codable {
    let username: String
    let password: String
}

struct JoinDTO: Codable {
    let username: String
    let password: String
    let rePassword: String
}

struct AppleLoginRequestDTO: Codable {
    let identityToken: String
}

/// 사용자 초기 정보 (onboarding answers), sent once after sign-up.
struct MemberRequestDTO: Codable {
    let name: String
    let isNewBie: Bool
    let monthPrice: Int
    let wineSort: [String]
    let wineArea: [String]
    let wineVariety: [String]
    let region: String
}
