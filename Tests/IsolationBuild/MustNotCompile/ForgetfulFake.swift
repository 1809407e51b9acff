// Must not compile: a fake of `AuthServiceProtocol` that implements every method but
// `getQuestion`, the one with defaults. The protocol's extension has an overload of it with the
// service's defaults; if that overload ever had exactly the requirement's parameters, it would
// be taken as the requirement's default implementation, this file would compile, and the fake's
// `getQuestion` would call itself forever. `check-must-not-compile.sh` expects the compiler to
// name the missing requirement:
// expect: protocol requires function 'getQuestion(index:lang:tags:pageSize:)'
import EndpointRuntime
import FeaturesMainActor

struct ForgetfulFake: AuthServiceProtocol {
    func login(body: LoginRequest) async throws(APIError) -> LoginResponse {
        throw .transport(.notConnected)
    }

    func logout() async throws(APIError) {}

    func uploadAvatar(memberId: String, body: UploadAvatarRequest) async throws(APIError) {}
}
