import EndpointRuntime
import Foundation
@testable import GoldenCallbacks
import XCTest

/// `--fakes`: `AuthServiceFake` stands in for `AuthService` wherever app code takes the protocol.
final class FakeTests: XCTestCase {
    /// App code as it would be written: it depends on the protocol only.
    private func signIn(with auth: some AuthServiceProtocol) async throws(APIError) -> String {
        let response = try await auth.login(body: LoginRequest(username: "kim", password: "pw"))
        return response.accessToken
    }

    func testHandlersAnswerAndCallsAreRecorded() async throws {
        let fake = AuthServiceFake()
        fake.loginHandler = { body in LoginResponse(accessToken: "token-of-\(body.username)", expiresIn: 60) }
        let token = try await signIn(with: fake)
        XCTAssertEqual(token, "token-of-kim")
        // The overload with the spec's defaults, called through the protocol, reaches the fake too.
        fake.getQuestionHandler = { index, lang, tags, pageSize in
            Question(index: index, title: "\(lang ?? "-") \(tags) \(pageSize)", createdAt: Date(timeIntervalSince1970: 0), state: .unknown("x"))
        }
        let question = try await fake.getQuestion(index: 3, tags: ["a"])
        XCTAssertEqual(question.title, "- [\"a\"] 20")
        XCTAssertEqual(fake.calls, [.login(body: LoginRequest(username: "kim", password: "pw")),
                                    .getQuestion(index: 3, lang: nil, tags: ["a"], pageSize: 20)])
    }

    func testWithoutAHandlerTheSampleAnswersAndErrorsPassThrough() async throws {
        let fake = AuthServiceFake()
        // login has a sample in the spec.
        let response = try await fake.login(body: LoginRequest(username: "a", password: "b"))
        XCTAssertEqual(response.accessToken, "abc")
        fake.logoutHandler = { throw APIError.server(ServerError(status: 401, message: "no session")) }
        do {
            try await fake.logout()
            XCTFail("expected the handler's error")
        } catch {
            XCTAssertEqual(error.status, 401)
        }
        XCTAssertEqual(fake.calls.count, 2)

        // Any other error reaches the caller as a transport failure, typed.
        struct Broken: Error {}
        fake.logoutHandler = { throw Broken() }
        do {
            try await fake.logout()
            XCTFail("expected the handler's error")
        } catch {
            guard case .transport(.other(_, let description)) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(description.contains("Broken"))
        }
    }

    func testResponsesPerStatusAnswerFromTheirHandlerOrTheFirstSuccessSample() async throws {
        let fake = AuthServiceFake()
        let created = try await fake.submitAnswer(body: SubmitAnswerRequest(text: "yes"))
        XCTAssertEqual(created.status, 201)
        XCTAssertEqual(created.value, .created(SubmitAnswerCreatedBody(id: 7)))
        fake.refreshQuestionHandler = { _, etag in
            APIResponse(value: etag == nil ? .notFound(ErrorResponse(message: "gone")) : .notModified, status: etag == nil ? 404 : 304)
        }
        let unchanged = try await fake.refreshQuestion(index: 1, ifNoneMatch: "\"v1\"")
        XCTAssertEqual(unchanged.value, .notModified)
        let missing = try await fake.refreshQuestion(index: 2)
        XCTAssertEqual(missing.value, .notFound(ErrorResponse(message: "gone")))
        XCTAssertEqual(fake.calls, [.submitAnswer(body: SubmitAnswerRequest(text: "yes")),
                                    .refreshQuestion(index: 1, ifNoneMatch: "\"v1\""), .refreshQuestion(index: 2, ifNoneMatch: nil)])
    }

    func testConcurrentCallsAreAllRecorded() async throws {
        let fake = AuthServiceFake()
        fake.logoutHandler = {}
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<100 {
                group.addTask { try? await fake.logout() }
            }
        }
        XCTAssertEqual(fake.calls, Array(repeating: .logout, count: 100))
    }

    /// A paged method of the fake answers with its handler's pages, else with one page: the sample.
    func testPagedMethodsAnswerWithTheHandlersPagesOrTheSample() async throws {
        let fake = CatalogServiceFake()
        let sample = try await fake.listTagsPages().allItems()
        XCTAssertEqual(sample, ["fiction", "poetry"])
        fake.listTagsPagesHandler = { APIPages([["a", "b"], ["c"]], items: { $0 }) }
        let catalog: any CatalogServiceProtocol = fake
        var pages: [[String]] = []
        for try await page in catalog.listTagsPages() { pages.append(page) }
        XCTAssertEqual(pages, [["a", "b"], ["c"]])
        fake.listShelvesPagesHandler = { page, perPage in
            APIPages([ShelfPage(shelves: ["p\(page ?? 0)-\(perPage)"], more: false, paging: nil)], failure: .cancelled, items: { $0.shelves })
        }
        var shelves: [String] = []
        do {
            for try await shelf in catalog.listShelvesPages(page: 2).items { shelves.append(shelf) }
            XCTFail("expected the handler's failure")
        } catch {
            guard case .cancelled = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(shelves, ["p2-50"])
        XCTAssertEqual(fake.calls, [.listTagsPages, .listTagsPages, .listShelvesPages(page: 2, perPage: 50)])
    }

    /// A download's fake writes the spec's sample to the destination, or answers with its handler,
    /// which gets the destination and the progress handler.
    func testDownloadsWriteTheSampleOrAnswerWithTheHandler() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fake-download-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fake = CatalogServiceFake()
        let catalog: any CatalogServiceProtocol = fake
        let file = folder.appendingPathComponent("shelf.pdf")
        let written = try await catalog.exportShelf(shelfId: 7, to: file)
        XCTAssertEqual(written, file)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "%PDF-1.7")
        fake.exportShelfHandler = { _, _, destination, progress in
            progress?(TransferProgress(completedBytes: 3, totalBytes: 3))
            try Data("abc".utf8).write(to: destination)
            return destination
        }
        let reports = Reports()
        _ = try await catalog.exportShelf(shelfId: 8, destination: "print", to: file) { reports.add($0) }
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "abc")
        XCTAssertEqual(reports.all, [TransferProgress(completedBytes: 3, totalBytes: 3)])
        XCTAssertEqual(fake.calls, [.exportShelf(shelfId: 7, destination: nil), .exportShelf(shelfId: 8, destination: "print")])
    }
}

private final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [TransferProgress] = []

    func add(_ report: TransferProgress) {
        lock.lock()
        reports.append(report)
        lock.unlock()
    }

    var all: [TransferProgress] {
        lock.lock()
        defer { lock.unlock() }
        return reports
    }
}
