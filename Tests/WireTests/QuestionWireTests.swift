import EndpointRuntime
import FlyingFox
import Foundation
import Generated
import XCTest

/// specs/question.yaml (FeelTalk, seed 004) over the wire: bearer auth, the service's Accept
/// header, JSON bodies, a path parameter, query defaults and enums.
final class QuestionWireTests: WireTestCase {
    private static let question = """
        {"index":27,"pageNo":3,"title":"오늘의 질문","header":"연인과 함께라면","body":"꼭 가보고 싶은 여행지는?",
         "highlight":[0,2],"createAt":"2024-05-01T09:00:00.250+09:00","isMyAnswer":true,"isPartnerAnswer":false,
         "myAnswer":"제주도 한 달 살기","partnerAnswer":null}
        """

    private func service(_ server: WireServer, tokens: TestTokens = TestTokens("feel-token")) -> QuestionService {
        QuestionService(client: client(tokens: tokens), baseURL: server.baseURL)
    }

    func testGetQuestionSendsTheIndexInThePathAndDecodesDatesAndNull() async throws {
        let server = try await serve { _ in .json(Self.question) }
        let question = try await service(server).getQuestion(index: 27)

        let request = try await server.onlyRequest()
        XCTAssertEqual(request.method, "GET")
        XCTAssertEqual(request.target, "/api/v1/question/27")
        XCTAssertEqual(request.header("Authorization"), "Bearer feel-token")
        XCTAssertEqual(request.header("Accept"), "application/json")
        XCTAssertNil(request.header("Content-Type"), "a bodiless GET claims no content type")
        XCTAssertTrue(request.body.isEmpty)

        XCTAssertEqual(question.index, 27)
        XCTAssertEqual(question.title, "오늘의 질문")
        XCTAssertEqual(question.highlight, [0, 2])
        XCTAssertEqual(question.createAt, date("2024-05-01T00:00:00Z").addingTimeInterval(0.25))
        XCTAssertEqual(question.myAnswer, "제주도 한 달 살기")
        XCTAssertNil(question.partnerAnswer, "null decodes as nil")
    }

    func testGetTodayQuestionWithAbsentOptionals() async throws {
        let server = try await serve { _ in
            .json(#"{"index":28,"pageNo":3,"title":"t","header":"h","body":"b","highlight":[],"createAt":"2024-05-02T00:00:00Z","isMyAnswer":false,"isPartnerAnswer":false}"#)
        }
        let question = try await service(server).getTodayQuestion()
        let request = try await server.onlyRequest()
        XCTAssertEqual(request.method, "GET")
        XCTAssertEqual(request.target, "/api/v1/question/today")
        XCTAssertNil(question.myAnswer, "an absent optional decodes as nil")
        XCTAssertNil(question.partnerAnswer)
        XCTAssertEqual(question.createAt, date("2024-05-02T00:00:00Z"))
    }

    func testGetLatestQuestionPageNoDecodesABareNumber() async throws {
        let server = try await serve { _ in .json("4") }
        let page = try await service(server).getLatestQuestionPageNo()
        XCTAssertEqual(page, 4)
        let request = try await server.onlyRequest()
        XCTAssertEqual(request.target, "/api/v1/question/latest-page-no")
    }

    func testAnswerQuestionPutsAJSONBody() async throws {
        let server = try await serve { _ in .empty(.noContent) }
        try await service(server).answerQuestion(body: AnswerQuestionRequestDTO(index: 27, myAnswer: "바다 \"보러\" 가기"))
        let request = try await server.onlyRequest()
        XCTAssertEqual(request.method, "PUT")
        XCTAssertEqual(request.target, "/api/v1/question")
        XCTAssertEqual(request.header("Content-Type"), "application/json")
        XCTAssertEqual(String(decoding: request.body, as: UTF8.self), #"{"index":27,"myAnswer":"바다 \"보러\" 가기"}"#)
    }

    func testGetQuestionListPostsThePageAndDecodesAnArray() async throws {
        let server = try await serve { _ in .json("[\(Self.question)]") }
        let questions = try await service(server).getQuestionList(body: QuestionPage(pageNo: 3))
        let request = try await server.onlyRequest()
        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(request.target, "/api/v1/questions")
        XCTAssertEqual(try request.jsonObject() as NSDictionary, ["pageNo": 3])
        XCTAssertEqual(questions.map(\.index), [27])
    }

    func testPressForAnswerSendsTheInlineJSONBody() async throws {
        let server = try await serve { _ in .empty(.ok) }
        try await service(server).pressForAnswer(body: PressForAnswerRequest(index: 27))
        let request = try await server.onlyRequest()
        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(request.target, "/api/v1/question/press")
        XCTAssertEqual(String(decoding: request.body, as: UTF8.self), #"{"index":27}"#)
    }

    func testSearchQuestionsSendsDefaultsAndLeavesOutNil() async throws {
        let server = try await serve { _ in .json("[]") }
        let service = service(server)
        _ = try await service.searchQuestions(keyword: "여행 & 바다")
        _ = try await service.searchQuestions(keyword: "x", state: .mineOnly, pageNo: 2)
        _ = try await service.searchQuestions(keyword: "y", state: .unknown("archived"))

        let requests = await server.requests
        XCTAssertEqual(requests.count, 3)
        XCTAssertEqual(requests[0].rawPath, "/api/v1/questions/search")
        XCTAssertEqual(requests[0].queryNames, ["keyword", "pageNo"], "nil state is left out, the default page is sent")
        XCTAssertEqual(requests[0].queryValues("keyword"), ["여행 & 바다"])
        XCTAssertEqual(requests[0].queryValues("pageNo"), ["0"])
        XCTAssertTrue(requests[0].target.contains("keyword=%EC%97%AC%ED%96%89%20%26%20%EB%B0%94%EB%8B%A4"), requests[0].target)
        XCTAssertEqual(requests[1].queryValues("state"), ["mine_only"])
        XCTAssertEqual(requests[1].queryValues("pageNo"), ["2"])
        XCTAssertEqual(requests[2].queryValues("state"), ["archived"], "an unknown enum value is sent as it came")
    }

    func testEnvironmentChoosesTheBaseURL() {
        let client = client(tokens: TestTokens("t"))
        XCTAssertEqual(QuestionService(client: client).baseURL.absoluteString, "https://dev-api.example.com")
        XCTAssertEqual(QuestionService(client: client, environment: .prod).baseURL.absoluteString, "https://api.example.com")
    }
}
