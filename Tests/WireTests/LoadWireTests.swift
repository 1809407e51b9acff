import EndpointRuntime
import FlyingFox
import Foundation
import Generated
import XCTest

/// Many requests through one client at once: each gets its own answer, and a burst of 401s
/// causes one token refresh, not one per request.
final class LoadWireTests: WireTestCase {
    private static func questionJSON(index: String) -> String {
        #"{"index":\#(index),"pageNo":1,"title":"q\#(index)","header":"h","body":"b","highlight":[],"createAt":"2024-05-01T00:00:00Z","isMyAnswer":false,"isPartnerAnswer":false}"#
    }

    func test200ConcurrentRequestsThroughOneClientAllGetTheirOwnAnswer() async throws {
        let server = try await serve { request in
            // Answers after a short random pause, so responses complete out of order.
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...20)))
            let index = request.rawPath.split(separator: "/").last.map(String.init) ?? "0"
            return .json(Self.questionJSON(index: index))
        }
        let service = QuestionService(client: client(tokens: TestTokens("t"), timeout: 30), baseURL: server.baseURL)
        let results = try await withThrowingTaskGroup(of: (Int, Question).self) { group in
            for index in 1...200 {
                group.addTask { (index, try await service.getQuestion(index: index)) }
            }
            var results: [Int: Question] = [:]
            for try await (index, question) in group { results[index] = question }
            return results
        }
        XCTAssertEqual(results.count, 200)
        for (index, question) in results {
            XCTAssertEqual(question.index, index)
            XCTAssertEqual(question.title, "q\(index)")
        }
        let paths = await Set(server.requests.map(\.rawPath))
        XCTAssertEqual(paths.count, 200)
    }

    func test50Concurrent401sCauseExactlyOneRefresh() async throws {
        let server = try await serve { request in
            request.header("Authorization") == "Bearer token-1"
                ? .json(Self.questionJSON(index: "1"))
                : .json(#"{"error":"expired"}"#, status: .unauthorized)
        }
        // The refresh finishes only once all 50 first attempts have reached the server, so every
        // request really gets a 401 (URLSession runs a few connections per host at a time; the
        // requests waiting for the refresh hold none).
        let tokens = TestTokens("expired", beforeRefresh: {
            while await server.requests.count < 50 {
                try? await Task.sleep(for: .milliseconds(5))
            }
        })
        let service = QuestionService(client: client(tokens: tokens, timeout: 30), baseURL: server.baseURL)
        let count = try await withThrowingTaskGroup(of: Question.self) { group in
            for _ in 0..<50 {
                group.addTask { try await service.getTodayQuestion() }
            }
            var count = 0
            for try await question in group {
                XCTAssertEqual(question.index, 1)
                count += 1
            }
            return count
        }
        XCTAssertEqual(count, 50)
        XCTAssertEqual(tokens.refreshCount, 1)
        let sent = await server.requests.map { $0.header("Authorization") ?? "" }
        XCTAssertEqual(sent.filter { $0 == "Bearer expired" }.count, 50, "every request got a 401 first")
        XCTAssertEqual(sent.filter { $0 == "Bearer token-1" }.count, 50, "each request retried once with the new token")
    }
}
