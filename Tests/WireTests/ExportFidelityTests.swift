import APITestSupport
import EndpointRuntime
import Foundation
import Generated
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// export-openapi says what the generated client does: specs/ is exported and served by the
/// export referee (`ExportReferee`), and every service method is called several times, so that
/// each declared response is answered in turn with different bodies. A request the referee
/// refuses, or a conforming answer the client cannot read, fails the test.
final class ExportFidelityTests: WireTestCase {
    private static let referee = ExportReferee(specs: "specs")

    private typealias Call = ExportReferee.Call

    /// Every service method of Generated/, with values a real app would send.
    private func calls(_ client: APIClient, files: URL) -> [(name: String, call: Call)] {
        let tags = ["ios", "swift ui"]
        let attachment = UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301")!
        let upload = files.appendingPathComponent("upload.bin")
        try? Data("attachment bytes".utf8).write(to: upload)
        return [
            ("login", { base throws(APIError) in _ = try await AuthService(client: client, baseURL: base).login(body: LoginDTO(username: "drinkig@example.com", password: "p@ss word")) }),
            ("logout", { base throws(APIError) in try await AuthService(client: client, baseURL: base).logout() }),
            ("join", { base throws(APIError) in try await AuthService(client: client, baseURL: base).join(body: JoinDTO(username: "u@example.com", password: "a", rePassword: "a")) }),
            ("appleLogin", { base throws(APIError) in _ = try await AuthService(client: client, baseURL: base).appleLogin(body: AppleLoginRequestDTO(identityToken: "eyJ.apple")) }),
            ("kakaoLogin", { base throws(APIError) in _ = try await AuthService(client: client, baseURL: base).kakaoLogin(body: KakaoLoginRequestDTO(kakaoName: "카카오", kakaoEmail: "k@kakao.com")) }),
            ("reissueToken", { base throws(APIError) in try await AuthService(client: client, baseURL: base).reissueToken() }),
            ("patchMemberInfo", { base throws(APIError) in
                try await AuthService(client: client, baseURL: base).patchMemberInfo(body: MemberRequestDTO(
                    name: "드링이", isNewBie: true, monthPrice: 50000, wineSort: ["레드"], wineArea: ["프랑스"], wineVariety: [], region: "서울"))
            }),

            ("listBooks", { base throws(APIError) in
                _ = try await CatalogService(client: client, baseURL: base).listBooks(
                    genre: "sf", published: YearRange(gte: 1960, lt: 1970), shelf: ShelfFilter(floor: 2, section: "sci fi"), page: 2, perPage: 20)
            }),
            ("listBooksPages", { base throws(APIError) in try await firstElements(CatalogService(client: client, baseURL: base).listBooksPages(genre: "sf", perPage: 2)) }),
            ("listAuthors", { base throws(APIError) in _ = try await CatalogService(client: client, baseURL: base).listAuthors(offset: 5, limit: 5) }),
            ("listAuthorsPages", { base throws(APIError) in try await firstElements(CatalogService(client: client, baseURL: base).listAuthorsPages(limit: 5)) }),
            ("listReviews", { base throws(APIError) in _ = try await CatalogService(client: client, baseURL: base).listReviews(bookId: 3, cursor: "c8") }),
            ("listReviewsPages", { base throws(APIError) in try await firstElements(CatalogService(client: client, baseURL: base).listReviewsPages(bookId: 7, limit: 1)) }),
            ("listEditions", { base throws(APIError) in _ = try await CatalogService(client: client, baseURL: base).listEditions(perPage: 10) }),
            ("listEditionsPages", { base throws(APIError) in try await firstElements(CatalogService(client: client, baseURL: base).listEditionsPages(perPage: 1)) }),
            ("listLoans", { base throws(APIError) in _ = try await CatalogService(client: client, baseURL: base).listLoans(startingAfter: "loan_1", limit: 5) }),
            ("listLoansPages", { base throws(APIError) in try await firstElements(CatalogService(client: client, baseURL: base).listLoansPages(limit: 2)) }),

            ("signIn", { base throws(APIError) in _ = try await CommunityService(client: client, baseURL: base).signIn(body: SignInForm(email: "sopt+ios@example.com", password: "p&ss=w rd")) }),
            ("refreshToken", { base throws(APIError) in _ = try await CommunityService(client: client, baseURL: base).refreshToken(body: RefreshTokenRequest(refreshToken: "old-r")) }),
            ("getMyProfile", { base throws(APIError) in _ = try await CommunityService(client: client, baseURL: base).getMyProfile() }),
            ("updateProfileImage", { base throws(APIError) in
                _ = try await CommunityService(client: client, baseURL: base).updateProfileImage(
                    body: UpdateProfileImageRequest(image: File(data: Data([0xFF, 0xD8, 0xFF]), fileName: "나.jpg", mimeType: "image/jpeg")))
            }),
            ("uploadAvatar", { base throws(APIError) in try await CommunityService(client: client, baseURL: base).uploadAvatar(body: Data([0x89, 0x50, 0x4E, 0x47])) }),
            ("getPosts", { base throws(APIError) in _ = try await CommunityService(client: client, baseURL: base).getPosts(keyword: "앱잼", tags: tags, sort: .popular, page: 3, pageSize: 50) }),
            ("getPost", { base throws(APIError) in _ = try await CommunityService(client: client, baseURL: base).getPost(postId: 1024) }),
            ("createPost", { base throws(APIError) in
                _ = try await CommunityService(client: client, baseURL: base).createPost(
                    idempotencyKey: attachment, body: CreatePostRequest(title: "제목", content: "line 1\r\nline 2", tags: ["a", "b"]))
            }),
            ("deletePost", { base throws(APIError) in try await CommunityService(client: client, baseURL: base).deletePost(postId: 1024) }),
            ("addComment", { base throws(APIError) in _ = try await CommunityService(client: client, baseURL: base).addComment(postId: 1, body: AddCommentRequest(content: "답글", parentId: 1)) }),
            ("getHome", { base throws(APIError) in _ = try await CommunityService(client: client, baseURL: base).getHome(cursor: "c1") }),
            ("getBadges", { base throws(APIError) in _ = try await CommunityService(client: client, baseURL: base).getBadges() }),
            ("getLatestNotice", { base throws(APIError) in _ = try await CommunityService(client: client, baseURL: base).getLatestNotice() }),
            ("getTerms", { base throws(APIError) in _ = try await CommunityService(client: client, baseURL: base).getTerms() }),
            ("downloadAttachment", { base throws(APIError) in _ = try await CommunityService(client: client, baseURL: base).downloadAttachment(attachmentId: attachment) }),
            ("saveAttachment", { base throws(APIError) in
                let destination = files.appendingPathComponent("saved-\(UUID().uuidString)")
                _ = try await CommunityService(client: client, baseURL: base).saveAttachment(attachmentId: attachment, to: destination, progress: nil)
            }),
            ("replaceAttachment", { base throws(APIError) in try await CommunityService(client: client, baseURL: base).replaceAttachment(attachmentId: attachment, body: upload, progress: nil) }),
            ("getUploadOptions", { base throws(APIError) in _ = try await CommunityService(client: client, baseURL: base).getUploadOptions() }),

            ("getMemberInfo", { base throws(APIError) in _ = try await MemberService(client: client, baseURL: base).getMemberInfo() }),
            ("updateMemberInfo", { base throws(APIError) in try await MemberService(client: client, baseURL: base).updateMemberInfo(body: MemberUpdateRequest(region: "부산")) }),
            ("checkUsername", { base throws(APIError) in _ = try await MemberService(client: client, baseURL: base).checkUsername(body: UsernameCheckRequest(username: "taken@example.com")) }),
            ("deleteMember", { base throws(APIError) in try await MemberService(client: client, baseURL: base).deleteMember() }),

            ("getMovies", { base throws(APIError) in _ = try await MovieService(client: client, baseURL: base).getMovies(category: .nowPlaying, page: 2, region: "KR") }),
            ("getMovie", { base throws(APIError) in _ = try await MovieService(client: client, baseURL: base).getMovie(id: "1022789", ifNoneMatch: "\"v1\"") }),
            ("saveFavorite", { base throws(APIError) in _ = try await MovieService(client: client, baseURL: base).saveFavorite(id: "7", body: FavoriteRequestItem(id: "7", name: "Inside Out 2")) }),
            ("getFavorites", { base throws(APIError) in _ = try await MovieService(client: client, baseURL: base).getFavorites() }),
            ("createFavorite", { base throws(APIError) in _ = try await MovieService(client: client, baseURL: base).createFavorite(body: FavoriteRequestItem(id: "1022789", name: "Inside Out 2")) }),
            ("replaceFavorites", { base throws(APIError) in
                try await MovieService(client: client, baseURL: base).replaceFavorites(body: [FavoriteRequestItem(id: "2", name: "B"), FavoriteRequestItem(id: "1", name: "A")])
            }),
            ("isFavorite", { base throws(APIError) in try await MovieService(client: client, baseURL: base).isFavorite(id: "1022789") }),
            ("removeFavorite", { base throws(APIError) in try await MovieService(client: client, baseURL: base).removeFavorite(id: "533535") }),
            ("deleteFavorite", { base throws(APIError) in try await MovieService(client: client, baseURL: base).deleteFavorite(id: "533535") }),

            ("answerQuestion", { base throws(APIError) in try await QuestionService(client: client, baseURL: base).answerQuestion(body: AnswerQuestionRequestDTO(index: 27, myAnswer: "바다 \"보러\" 가기")) }),
            ("getLatestQuestionPageNo", { base throws(APIError) in _ = try await QuestionService(client: client, baseURL: base).getLatestQuestionPageNo() }),
            ("getQuestion", { base throws(APIError) in _ = try await QuestionService(client: client, baseURL: base).getQuestion(index: 27) }),
            ("getQuestionList", { base throws(APIError) in _ = try await QuestionService(client: client, baseURL: base).getQuestionList(body: QuestionPage(pageNo: 3)) }),
            ("getTodayQuestion", { base throws(APIError) in _ = try await QuestionService(client: client, baseURL: base).getTodayQuestion() }),
            ("pressForAnswer", { base throws(APIError) in try await QuestionService(client: client, baseURL: base).pressForAnswer(body: PressForAnswerRequest(index: 27)) }),
            ("searchQuestions", { base throws(APIError) in _ = try await QuestionService(client: client, baseURL: base).searchQuestions(keyword: "여행 & 바다", state: .mineOnly, pageNo: 1) }),

            ("getCurrentWeather", { base throws(APIError) in _ = try await WeatherService(client: client, baseURL: base).getCurrentWeather(location: "37.57,127.0", aqi: .yes, lang: "ko") }),
            ("getForecast", { base throws(APIError) in
                _ = try await WeatherService(client: client, baseURL: base).getForecast(location: "Seoul", days: 7, date: "2024-12-31", aqi: .yes, alerts: .yes, lang: "ko")
            }),
            ("searchLocations", { base throws(APIError) in _ = try await WeatherService(client: client, baseURL: base).searchLocations(query: "서울") }),
        ]
    }

    /// How many times each method is called: enough for every declared response of an operation
    /// (the most in specs/ is five) and for several generated bodies.
    private static let rounds = 8

    func testTheExportAcceptsWhatTheClientSendsAndTheClientReadsWhatTheExportAllows() async throws {
        let (base, files) = try await Self.referee.start()
        let cookies = freshCookieStorage()
        // The spec's cookie session: what a login would have set (the export calls its cookie `session`).
        cookies.setCookie(HTTPCookie(properties: [.name: "session", .value: "s1", .domain: "127.0.0.1", .path: "/"])!)
        let client = client(tokens: TestTokens("fidelity-token"), cookies: cookies, apiKey: "fidelity-key",
                            basic: BasicCredentials(user: "ios-app", password: "app secret"), timeout: 30)
        let calls = calls(client, files: files)
        try await Self.referee.check(calls, rounds: Self.rounds, base: base, methods: 58, operations: 53)
    }
}
