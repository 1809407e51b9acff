import EndpointRuntime
import Foundation
import GoldenFeatures
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// export-openapi of the features fixture (Tests/Fixtures/features: an envelope, an error body,
/// responses per status, every paging scheme, transfers) says what its generated client
/// (`GoldenFeatures`) does: the export is served by the export referee, and every service method
/// is called with the values a real app would send.
final class FeaturesExportFidelityTests: WireTestCase {
    private static let referee = ExportReferee(specs: "Tests/Fixtures/features")

    private typealias Call = ExportReferee.Call

    /// Every service method of the fixture.
    private func calls(_ client: APIClient, files: URL) -> [(name: String, call: Call)] {
        let cover = files.appendingPathComponent("cover.png")
        try? Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(to: cover)
        @Sendable func auth(_ base: URL) -> AuthService { AuthService(client: client, baseURL: base) }
        @Sendable func catalog(_ base: URL) -> CatalogService { CatalogService(client: client, baseURL: base) }
        return [
            ("login", { base throws(APIError) in _ = try await auth(base).login(body: LoginRequest(username: "reader@example.com", password: "p@ss word")) }),
            ("logout", { base throws(APIError) in try await auth(base).logout() }),
            ("getQuestion", { base throws(APIError) in _ = try await auth(base).getQuestion(index: 27, lang: "ko", tags: ["daily", "swift ui"], pageSize: 10) }),
            ("refreshQuestion", { base throws(APIError) in _ = try await auth(base).refreshQuestion(index: 27, ifNoneMatch: "\"v1\"") }),
            ("submitAnswer", { base throws(APIError) in _ = try await auth(base).submitAnswer(body: SubmitAnswerRequest(text: "바다 \"보러\" 가기")) }),
            ("uploadAvatar", { base throws(APIError) in
                try await auth(base).uploadAvatar(memberId: "m 1", body: UploadAvatarRequest(
                    image: File(data: Data([0xFF, 0xD8, 0xFF]), fileName: "나.jpg", mimeType: "image/jpeg"), caption: "on the beach"))
            }),

            ("listShelves", { base throws(APIError) in _ = try await catalog(base).listShelves(page: 2, perPage: 20) }),
            ("listShelvesPages", { base throws(APIError) in try await firstElements(catalog(base).listShelvesPages(perPage: 2)) }),
            ("listLoans", { base throws(APIError) in _ = try await catalog(base).listLoans(memberId: 7, from: 10, count: 5) }),
            ("listLoansPages", { base throws(APIError) in try await firstElements(catalog(base).listLoansPages(memberId: 7, count: 2)) }),
            ("listEntries", { base throws(APIError) in _ = try await catalog(base).listEntries(after: 3, body: EntryQuery(text: "science fiction")) }),
            ("listEntriesPages", { base throws(APIError) in try await firstElements(catalog(base).listEntriesPages(body: EntryQuery(text: "sf"))) }),
            ("listNotes", { base throws(APIError) in _ = try await catalog(base).listNotes(after: "n_41") }),
            ("listNotesPages", { base throws(APIError) in try await firstElements(catalog(base).listNotesPages()) }),
            ("listDrafts", { base throws(APIError) in _ = try await catalog(base).listDrafts(in: "inbox", client: 2) }),
            ("listDraftsPages", { base throws(APIError) in try await firstElements(catalog(base).listDraftsPages(client: 2)) }),
            ("listTags", { base throws(APIError) in _ = try await catalog(base).listTags() }),
            ("listTagsPages", { base throws(APIError) in try await firstElements(catalog(base).listTagsPages()) }),
            ("exportShelf", { base throws(APIError) in
                let destination = files.appendingPathComponent("shelf-\(UUID().uuidString).pdf")
                _ = try await catalog(base).exportShelf(shelfId: 3, destination: "archive/2024", to: destination)
            }),
            ("uploadCover", { base throws(APIError) in _ = try await catalog(base).uploadCover(shelfId: 3, body: cover) }),
            ("createNote", { base throws(APIError) in _ = try await catalog(base).createNote(body: CatalogCreateNoteRequest(text: "first note")) }),
        ]
    }

    func testTheExportAcceptsWhatTheClientSendsAndTheClientReadsWhatTheExportAllows() async throws {
        let (base, files) = try await Self.referee.start()
        let cookies = freshCookieStorage()
        // The logout's cookie session: what a login would have set (the export calls its cookie `session`).
        cookies.setCookie(HTTPCookie(properties: [.name: "session", .value: "s1", .domain: "127.0.0.1", .path: "/"])!)
        let client = client(tokens: TestTokens("fidelity-token"), cookies: cookies, timeout: 30)
        let calls = calls(client, files: files)
        // Five rounds: the most responses an operation declares (submitAnswer's).
        try await Self.referee.check(calls, rounds: 5, base: base, methods: 21, operations: 15)
    }
}
