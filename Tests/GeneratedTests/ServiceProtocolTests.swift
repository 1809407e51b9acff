import EndpointRuntime
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Generated
import XCTest

/// `<Service>ServiceProtocol`: app code that takes the protocol runs against the generated
/// service and against a fake written in a test, and calls through it leave out what calls on
/// the service can (the extension's overloads pass the spec's defaults).
final class ServiceProtocolTests: XCTestCase {
    func testAFakeStandsInForTheServiceAndCallsThroughTheProtocolGetTheSpecDefaults() async throws {
        let fake = FakeQuestions()
        let screen = SearchScreen(questions: fake)
        let found = try await screen.search("봄")
        XCTAssertEqual(found.map(\.index), [7])
        // `searchQuestions(keyword:)` through the protocol: state nil and pageNo 0 as in
        // specs/question.yaml.
        XCTAssertEqual(fake.searches, [Search(keyword: "봄", state: nil, pageNo: 0)])

        // Some of the defaulted parameters given, not all.
        _ = try await screen.search("가을", page: 2)
        XCTAssertEqual(fake.searches.last, Search(keyword: "가을", state: nil, pageNo: 2))
        _ = try await screen.search("겨울", state: .both)
        XCTAssertEqual(fake.searches.last, Search(keyword: "겨울", state: .both, pageNo: 0))

        // Every parameter given: the requirement itself.
        _ = try await screen.search("여름", state: .both, page: 3)
        XCTAssertEqual(fake.searches.last, Search(keyword: "여름", state: .both, pageNo: 3))
    }

    /// The overload with defaults runs on the caller's actor (its `isolation` parameter); from
    /// the main actor, through `any`, the request is the one the service's own method sends.
    @MainActor
    func testCallsWithSomeDefaultsFromTheMainActorSendWhatTheServiceSends() async throws {
        let recorder = RequestRecorder()
        let client = recordingClient(recorder) { _ in
            .json(#"{"success": true, "status": 200, "message": "ok", "data": []}"#)
        }
        let service: any CommunityServiceProtocol = CommunityService(client: client)
        let concrete = CommunityService(client: client)
        _ = try await service.getPosts(page: 2)
        _ = try await concrete.getPosts(page: 2)
        _ = try await service.getPosts(tags: ["a", "b"], pageSize: 5)
        let queries = recorder.urls.map { $0.query ?? "" }
        XCTAssertEqual(queries, [
            "sort=-createdAt&page=2&size=20",
            "sort=-createdAt&page=2&size=20",
            "tags=a&tags=b&sort=-createdAt&page=1&size=5",
        ])
    }

    func testTheFakesTypedErrorReachesTheCaller() async {
        let screen = SearchScreen(questions: FakeQuestions())
        do {
            _ = try await screen.today()
            XCTFail("expected the fake's error")
        } catch {
            // `error` is an APIError: typed throws through the protocol.
            guard case .transport(.notConnected) = error else { return XCTFail("\(error)") }
        }
    }

    func testTheGeneratedServiceThroughTheProtocolSendsWhatItsMethodsSend() async throws {
        let recorder = RequestRecorder()
        let client = recordingClient(recorder) { request in
            request.url?.path == "/api/v1/questions/search" ? .json("[]") : .sample()
        }
        let service: any QuestionServiceProtocol = QuestionService(client: client)
        let concrete = QuestionService(client: client)

        let viaProtocol = try await service.searchQuestions(keyword: "k")
        let viaClass = try await concrete.searchQuestions(keyword: "k")
        XCTAssertEqual(viaProtocol, viaClass)
        let urls = recorder.urls
        XCTAssertEqual(urls.count, 2)
        XCTAssertEqual(urls.first, urls.last)
        XCTAssertEqual(urls.first?.query, "keyword=k&pageNo=0")

        let question = try await service.getQuestion(index: 12)
        let concreteQuestion = try await concrete.getQuestion(index: 12)
        XCTAssertEqual(question, concreteQuestion)
        XCTAssertEqual(recorder.urls.last?.path, "/api/v1/question/12")
    }

    func testEveryParameterDefaultedThroughTheProtocol() async throws {
        let recorder = RequestRecorder()
        let client = recordingClient(recorder) { _ in
            .json(#"{"success": true, "status": 200, "message": "ok", "data": []}"#)
        }
        let service: some CommunityServiceProtocol = CommunityService(client: client)
        let posts = try await service.getPosts()
        XCTAssertEqual(posts, [])
        let query = try XCTUnwrap(recorder.urls.first?.query)
        XCTAssertEqual(query, "sort=-createdAt&page=1&size=20")
    }
}

/// App code as it would be written against the protocol: no `APIClient`, no URLs.
private struct SearchScreen<Questions: QuestionServiceProtocol> {
    let questions: Questions

    func search(_ keyword: String) async throws(APIError) -> [Question] {
        try await questions.searchQuestions(keyword: keyword)
    }

    func search(_ keyword: String, page: Int) async throws(APIError) -> [Question] {
        try await questions.searchQuestions(keyword: keyword, pageNo: page)
    }

    func search(_ keyword: String, state: AnswerState) async throws(APIError) -> [Question] {
        try await questions.searchQuestions(keyword: keyword, state: state)
    }

    func search(_ keyword: String, state: AnswerState, page: Int) async throws(APIError) -> [Question] {
        try await questions.searchQuestions(keyword: keyword, state: state, pageNo: page)
    }

    func today() async throws(APIError) -> Question {
        try await questions.getTodayQuestion()
    }
}

private struct Search: Equatable {
    var keyword: String
    var state: AnswerState?
    var pageNo: Int
}

/// A test's fake: answers from memory and records what it was asked.
private final class FakeQuestions: QuestionServiceProtocol, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Search] = []

    var searches: [Search] { lock.withLock { recorded } }

    func answerQuestion(body: AnswerQuestionRequestDTO) async throws(APIError) {}

    func getLatestQuestionPageNo() async throws(APIError) -> Int { 1 }

    func getQuestion(index: Int) async throws(APIError) -> Question {
        throw .transport(.notConnected)
    }

    func getQuestionList(body: QuestionPage) async throws(APIError) -> [Question] { [] }

    func getTodayQuestion() async throws(APIError) -> Question {
        throw .transport(.notConnected)
    }

    func pressForAnswer(body: PressForAnswerRequest) async throws(APIError) {}

    func searchQuestions(keyword: String, state: AnswerState?, pageNo: Int) async throws(APIError) -> [Question] {
        lock.withLock { recorded.append(Search(keyword: keyword, state: state, pageNo: pageNo)) }
        return [Question(
            index: 7, pageNo: pageNo, title: keyword, header: "", body: "", highlight: [],
            createAt: Date(timeIntervalSince1970: 0), isMyAnswer: false, isPartnerAnswer: false)]
    }
}
