import EndpointRuntime
import Foundation
import Generated
import XCTest

/// Every `sample` in specs/ answers its service method through `StubTransport` (what previews
/// and app tests use) and decodes into the values the spec wrote, envelope included.
final class SampleStubTests: XCTestCase {
    private let client = APIClient(
        transport: StubTransport(),
        authentication: Authentication(tokenProvider: ClosureTokenProvider(token: { "t" }, refresh: {}),
                                       cookies: .header { _ in "session=s" }, apiKey: "k"))

    func testAuthAndMemberSamples() async throws {
        let login = try await AuthService(client: client).login(body: LoginDTO(username: "u", password: "p"))
        XCTAssertEqual(login, LoginResponseDTO(id: 42, username: "drinkig@example.com", role: "USER", isFirst: true))

        let member = MemberService(client: client)
        let info = try await member.getMemberInfo()
        XCTAssertEqual(info.name, "드링이")
        XCTAssertEqual(info.wineSort, ["레드", "스파클링"])
        XCTAssertEqual(info.monthPriceMax, 50000)
        let check = try await member.checkUsername(body: UsernameCheckRequest(username: "u"))
        XCTAssertFalse(check.isDuplicate)
    }

    func testCommunitySamples() async throws {
        let community = CommunityService(client: client)
        let signIn = try await community.signIn(body: SignInForm(email: "e", password: "p"))
        XCTAssertEqual(signIn.token.expiresIn, 3600)
        XCTAssertNil(signIn.user.profileImageUrl)
        let me = try await community.getMyProfile()
        XCTAssertEqual(me.profileImageUrl, URL(string: "https://cdn.example.com/u/7.jpg"))
        XCTAssertEqual(me.joinedAt, ISO8601DateFormatter().date(from: "2024-03-02T09:00:00Z"))
        let post = try await community.getPost(postId: 1024)
        XCTAssertEqual(post.comments.first?.replies.first?.content, "감사합니다")
        XCTAssertEqual(post.reactions["🎉"], 1)
        XCTAssertEqual(post.attributes?["editor"]?["version"]?.intValue, 2)
        let notice = try await community.getLatestNotice()
        XCTAssertEqual(notice.success, true)
        XCTAssertEqual(notice.payload.id, 3)
        let options = try await community.getUploadOptions()
        XCTAssertEqual(options.allowedTypes, ["image/jpeg", "image/png", "image/heic"])
    }

    func testMovieSamples() async throws {
        let movie = MovieService(client: client)
        let movies = try await movie.getMovies(category: .popular)
        XCTAssertEqual(movies.results.map(\.title), ["Inside Out 2", "Deadpool & Wolverine"])
        XCTAssertEqual(movies.results.first?.voteAverage, Decimal(string: "7.6"))
        let favorites = try await movie.getFavorites()
        XCTAssertEqual(favorites["533535"]?.name, "Deadpool & Wolverine")
        let favorite = try await movie.createFavorite(body: FavoriteRequestItem(id: "1022789", name: "Inside Out 2"))
        XCTAssertEqual(favorite.id, "1022789")
    }

    func testStatusSamples() async throws {
        let movie = MovieService(client: client)
        // Without a status, a stub answers the first listed status with the endpoint's sample.
        let current = try await movie.getMovie(id: "1022789")
        XCTAssertEqual(current.status, 200)
        guard case .ok(let details) = current.value else { return XCTFail("expected .ok, got \(current.value)") }
        XCTAssertEqual(details.title, "Inside Out 2")

        func stubbed(_ status: Int) -> MovieService {
            MovieService(client: APIClient(transport: StubTransport { _ in .sample(status: status) },
                                           authentication: Authentication(tokenProvider: ClosureTokenProvider(token: { "t" }, refresh: {}), apiKey: "k")))
        }
        let missing = try await stubbed(404).getMovie(id: "0")
        XCTAssertEqual(missing.value, .notFound(MovieAPIError(success: false, statusCode: 34, statusMessage: "The resource you requested could not be found.")))
        let unchanged = try await stubbed(304).getMovie(id: "1022789", ifNoneMatch: "\"v1\"")
        XCTAssertEqual(unchanged.value, .notModified)

        let item = FavoriteRequestItem(id: "1022789", name: "Inside Out 2")
        let saved = Favorite(id: "1022789", name: "Inside Out 2", createdAt: ISO8601DateFormatter().date(from: "2024-12-01T08:30:00Z")!)
        let updated = try await movie.saveFavorite(id: "1022789", body: item)
        XCTAssertEqual(updated.value, .ok(saved))
        let created = try await stubbed(201).saveFavorite(id: "1022789", body: item)
        XCTAssertEqual(created.value, .created(saved), "a status of the first status's type answers its sample")
        let job = try await stubbed(202).saveFavorite(id: "1022789", body: item)
        XCTAssertEqual(job.value, .accepted(FavoriteJob(id: "job-17", state: "queued", checkAfter: 5)))
        let nothing = try await stubbed(204).saveFavorite(id: "1022789", body: item)
        XCTAssertEqual(nothing.value, .noContent)
    }

    func testQuestionAndWeatherSamples() async throws {
        let question = QuestionService(client: client)
        let page = try await question.getLatestQuestionPageNo()
        XCTAssertEqual(page, 4)
        let one = try await question.getQuestion(index: 27)
        XCTAssertEqual(one.highlight, [0, 2])
        XCTAssertEqual(one.myAnswer, "제주도 한 달 살기")

        let weather = WeatherService(client: client)
        let current = try await weather.getCurrentWeather(location: "Seoul")
        XCTAssertEqual(current.current.condition.code, .sunny)
        XCTAssertEqual(current.current.airQuality?["us-epa-index"], 1)
        let found = try await weather.searchLocations(query: "Seo")
        XCTAssertEqual(found.first?.url, "seoul-south-korea")
    }

    func testEndpointsWithoutASampleAnswerEmptyAndModelEndpointsSaySo() async throws {
        // No sample: an empty endpoint succeeds, a model endpoint fails as an empty 200 would.
        try await QuestionService(client: client).pressForAnswer(body: PressForAnswerRequest(index: 1))
        do {
            _ = try await QuestionService(client: client).getTodayQuestion()
            XCTFail("a model endpoint without sample has nothing to decode")
        } catch {
            guard case .decoding(let failure) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(failure.description, "The body is empty.")
        }
    }

    func testImmediateAndDelayedStubsAnswerFromTheSample() async throws {
        let tokens = Authentication(tokenProvider: ClosureTokenProvider(token: { "preview" }, refresh: {}))
        let immediate = QuestionService(client: APIClient(transport: StubTransport.immediate, authentication: tokens))
        let page = try await immediate.getLatestQuestionPageNo()
        XCTAssertEqual(page, 4)

        let delayed = QuestionService(client: APIClient(transport: StubTransport.delayed(0.3), authentication: tokens))
        let start = ContinuousClock.now
        let again = try await delayed.getLatestQuestionPageNo()
        XCTAssertEqual(again, 4)
        XCTAssertGreaterThanOrEqual(ContinuousClock.now - start, .milliseconds(300))
    }
}

/// Deprecated model fields are `@available(*, deprecated)` properties over private storage; they
/// still decode, encode and initialise without warnings in the generated code.
final class DeprecatedFieldTests: XCTestCase {
    @available(*, deprecated)
    func testDeprecatedFieldsStillRoundTrip() throws {
        let json = #"{"id":"1","title":"T","overview":"","poster_path":"/old.jpg","genres":[],"vote_average":7.5}"#
        let movie = try JSONDecoder().decode(Movie.self, from: Data(json.utf8))
        XCTAssertEqual(movie.posterPath, "/old.jpg")
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(movie)) as? [String: Any]
        XCTAssertEqual(encoded?["poster_path"] as? String, "/old.jpg")
        let copy = Movie(id: "1", title: "T", overview: "", posterPath: "/old.jpg", genres: [], voteAverage: 7.5)
        XCTAssertEqual(copy, movie)
        let withoutPoster = Movie(id: "1", title: "T", overview: "", posterPath: nil, genres: [], voteAverage: 7.5)
        XCTAssertNil(withoutPoster.posterPath)
        XCTAssertNotEqual(withoutPoster, movie)
    }
}
