import APITestSupport
import EndpointRuntime
import FlyingFox
import Foundation
import Generated
import XCTest

/// specs/community.yaml (seed 002) over the wire: the `success/status/message/data` envelope,
/// form, multipart and raw bodies, a UUID header parameter, OPTIONS, `Envelope<T>`, text and
/// bytes responses, free-form JSON and recursive comments.
final class CommunityWireTests: WireTestCase {
    private static let user = #"{"id":7,"nickname":"솝트","email":"sopt@example.com","profileImageUrl":null,"joinedAt":"2024-03-02T09:00:00Z"}"#

    private static func envelope(_ data: String, message: String = "OK") -> String {
        #"{"success":true,"status":200,"message":"\#(message)","data":\#(data)}"#
    }

    /// The app's OAuth client credentials; the secret has a colon and a non-ASCII letter, which
    /// Basic authentication carries (only the user-id cannot hold a colon).
    static let appCredentials = BasicCredentials(user: "community-ios", password: "s3cr:et-é")

    private func service(_ server: WireServer, tokens: TestTokens = TestTokens("community-token"),
                         basic: BasicCredentials? = CommunityWireTests.appCredentials) -> CommunityService {
        CommunityService(client: client(tokens: tokens, basic: basic), baseURL: server.baseURL)
    }

    func testSignInSendsAFormBodyWithoutToken() async throws {
        let server = try await serve(basePath: "/api") { _ in
            .json(Self.envelope(#"{"user":\#(Self.user),"token":{"access_token":"a","refresh_token":"r","expires_in":3600}}"#))
        }
        let response = try await service(server).signIn(body: SignInForm(email: "sopt+ios@example.com", password: "p&ss=w rd"))

        let request = try await server.onlyRequest()
        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(request.target, "/api/auth/signin")
        XCTAssertEqual(request.header("Content-Type"), "application/x-www-form-urlencoded")
        XCTAssertNil(request.header("Authorization"))
        XCTAssertEqual(String(decoding: request.body, as: UTF8.self), "email=sopt%2Bios%40example.com&password=p%26ss%3Dw%20rd")
        XCTAssertEqual(request.formItems().map(\.name), ["email", "password"], "nil deviceName is left out")

        XCTAssertEqual(response.user.nickname, "솝트")
        XCTAssertNil(response.user.profileImageUrl)
        XCTAssertEqual(response.token.tokenType, "Bearer", "absent field with a default")
        XCTAssertFalse(response.isNewUser)
    }

    func testRefreshTokenSendsTheDefaultGrantTypeAndReadsABareBody() async throws {
        let server = try await serve(basePath: "/api") { _ in
            .json(#"{"access_token":"new-a","refresh_token":"new-r","expires_in":1800,"token_type":"bearer"}"#)
        }
        let pair = try await service(server).refreshToken(body: RefreshTokenRequest(refreshToken: "old-r"))
        let request = try await server.onlyRequest()
        XCTAssertEqual(request.target, "/api/auth/token")
        // `auth: basic`: base64 of the UTF-8 of "community-ios:s3cr:et-é" (RFC 7617), not the bearer token.
        XCTAssertEqual(request.header("Authorization"), "Basic Y29tbXVuaXR5LWlvczpzM2NyOmV0LcOp")
        XCTAssertEqual(String(decoding: request.body, as: UTF8.self), "grant_type=refresh_token&refresh_token=old-r")
        XCTAssertEqual(pair, TokenPair(accessToken: "new-a", refreshToken: "new-r", expiresIn: 1800, tokenType: "bearer"))
    }

    func testTheTokenEndpointWithoutBasicCredentialsSendsNothing() async throws {
        let server = try await serve(basePath: "/api") { _ in .json("{}") }
        let error = await expectError { () async throws(APIError) in
            _ = try await self.service(server, basic: nil).refreshToken(body: RefreshTokenRequest(refreshToken: "old-r"))
        }
        guard case .invalidRequest(let reason)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertTrue(reason.contains("basic credentials"), reason)
        let requests = await server.requests
        XCTAssertEqual(requests.count, 0)
    }

    func testBasicCredentialsWhoseUserHasAColonAreRefused() async throws {
        let server = try await serve(basePath: "/api") { _ in .json("{}") }
        let error = await expectError { () async throws(APIError) in
            _ = try await self.service(server, basic: BasicCredentials(user: "a:b", password: "p"))
                .refreshToken(body: RefreshTokenRequest(refreshToken: "old-r"))
        }
        guard case .invalidRequest(let reason)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertTrue(reason.contains("colon"), reason)
        let requests = await server.requests
        XCTAssertEqual(requests.count, 0)
    }

    func testGetHomeDecodesEachItemByItsTypeAndKeepsUnknownKinds() async throws {
        let post = #"{"type":"post","id":1024,"author":\#(Self.user),"title":"첫 글","content":"안녕","tags":[],"reactions":{},"attachments":[],"comments":[],"createdAt":"2024-03-06T11:00:00Z"}"#
        let notice = #"{"id":3,"title":"점검","body":"02:00-04:00","type":"notice"}"#
        let poll = #"{"type":"poll","id":5,"options":["a","b"]}"#
        let server = try await serve(basePath: "/api") { _ in .json(Self.envelope("[\(post),\(notice),\(poll)]")) }
        let items = try await service(server).getHome(cursor: "c1")
        let request = try await server.onlyRequest()
        XCTAssertEqual(request.target, "/api/home?cursor=c1")

        XCTAssertEqual(items.count, 3)
        guard case .post(let first) = items[0], case .notice(let second) = items[1], case .unknown(let third) = items[2] else {
            return XCTFail("\(items)")
        }
        XCTAssertEqual(first.id, 1024)
        XCTAssertEqual(first.author.nickname, "솝트")
        XCTAssertEqual(second, Notice(id: 3, title: "점검", body: "02:00-04:00"))
        XCTAssertEqual(third, ["type": "poll", "id": 5, "options": ["a", "b"]], "a kind this version does not know, as it arrived")

        // Encoding writes the discriminator beside the variant's fields, and the unknown kind as it was.
        let encoded = try JSONEncoder().encode(items)
        let objects = try XCTUnwrap(try JSONSerialization.jsonObject(with: encoded) as? [[String: Any]])
        XCTAssertEqual(objects.map { $0["type"] as? String }, ["post", "notice", "poll"])
        XCTAssertEqual(try JSONDecoder().decode([FeedItem].self, from: encoded), items)
    }

    func testGetBadgesDecodesNumericKindsAndTextsOfEitherShape() async throws {
        let body = #"[{"kind":2,"level":3,"title":{"ko":"레벨 3","en":"Level 3"}},{"kind":1,"days":7,"title":"일주일"},{"kind":9,"x":1}]"#
        let server = try await serve(basePath: "/api") { _ in .json(Self.envelope(body)) }
        let badges = try await service(server).getBadges()
        let request = try await server.onlyRequest()
        XCTAssertEqual(request.target, "/api/members/me/badges")
        XCTAssertEqual(badges, [
            .levelBadge(LevelBadge(level: 3, title: .stringMap(["ko": "레벨 3", "en": "Level 3"]))),
            .streakBadge(StreakBadge(days: 7, title: .string("일주일"))),
            .unknown(["kind": 9, "x": 1]),
        ])

        // A kind sent as a string is not the kind of that number, and a title that is neither
        // shape is a decoding error at its place.
        for (wrong, path) in [(#"[{"kind":"1","days":7,"title":"t"}]"#, "data[0].kind"), (#"[{"kind":1,"days":7,"title":[1]}]"#, "data[0].title")] {
            let bad = try await serve(basePath: "/api") { _ in .json(Self.envelope(wrong)) }
            let error = await expectError { () async throws(APIError) in _ = try await self.service(bad).getBadges() }
            guard case .decoding(let failure)? = error else { return XCTFail("\(String(describing: error))") }
            XCTAssertEqual(failure.codingPath, path)
        }
    }

    func testAFeedItemWithoutItsTypeIsADecodingError() async throws {
        let server = try await serve(basePath: "/api") { _ in
            .json(Self.envelope(#"[{"type":"notice","id":3,"title":"t","body":"b"},{"id":4,"title":"t","body":"b"}]"#))
        }
        let error = await expectError { () async throws(APIError) in _ = try await self.service(server).getHome() }
        guard case .decoding(let failure)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(failure.codingPath, "data[1].type")
    }

    func testGetMyProfileSendsTheBearerToken() async throws {
        let server = try await serve(basePath: "/api") { _ in
            .json(Self.envelope(#"{"id":7,"nickname":"솝트","email":"sopt@example.com","profileImageUrl":"https://cdn.example.com/u/7.jpg","joinedAt":"2024-03-02T09:00:00+09:00"}"#))
        }
        let user = try await service(server).getMyProfile()
        let request = try await server.onlyRequest()
        XCTAssertEqual(request.method, "GET")
        XCTAssertEqual(request.target, "/api/users/me")
        XCTAssertEqual(request.header("Authorization"), "Bearer community-token")
        XCTAssertEqual(user.profileImageUrl, URL(string: "https://cdn.example.com/u/7.jpg"))
        XCTAssertEqual(user.joinedAt, date("2024-03-02T00:00:00Z"))
    }

    func testUpdateProfileImageSendsAMultipartFile() async throws {
        let server = try await serve(basePath: "/api") { _ in .json(Self.envelope(Self.user)) }
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x0D, 0x0A, 0xFF, 0xD9])
        _ = try await service(server).updateProfileImage(body: UpdateProfileImageRequest(image: File(data: jpeg, fileName: "나.jpg", mimeType: "image/jpeg")))

        let request = try await server.onlyRequest()
        XCTAssertEqual(request.method, "PUT")
        XCTAssertEqual(request.target, "/api/users/me/profile-image")
        XCTAssertEqual(request.header("Content-Type"), "multipart/form-data; boundary=WireBoundary")
        let parts = try request.multipartParts()
        XCTAssertEqual(parts.count, 1)
        XCTAssertEqual(parts[0].name, "image")
        XCTAssertEqual(parts[0].fileName, "나.jpg")
        XCTAssertEqual(parts[0].contentType, "image/jpeg")
        XCTAssertEqual(parts[0].data, jpeg, "bytes with CR LF inside arrive unchanged")
    }

    @available(*, deprecated)
    func testUploadAvatarSendsRawBytes() async throws {
        let server = try await serve(basePath: "/api") { _ in .json(Self.envelope("null")) }
        let bytes = Data((0...255).map(UInt8.init))
        try await service(server).uploadAvatar(body: bytes)
        let request = try await server.onlyRequest()
        XCTAssertEqual(request.method, "PUT")
        XCTAssertEqual(request.target, "/api/users/me/avatar")
        XCTAssertEqual(request.header("Content-Type"), "image/jpeg")
        XCTAssertEqual(request.body, bytes)
    }

    func testGetPostsRepeatsArrayKeysAndSendsDefaults() async throws {
        let server = try await serve(basePath: "/api") { _ in .json(Self.envelope("[]")) }
        let service = service(server)
        _ = try await service.getPosts()
        _ = try await service.getPosts(keyword: "앱잼", tags: ["ios", "swift ui"], sort: .popular, page: 3, pageSize: 50)
        _ = try await service.getPosts(tags: [])

        let requests = await server.requests
        XCTAssertEqual(requests[0].target, "/api/posts?sort=-createdAt&page=1&size=20")
        XCTAssertEqual(requests[1].target, "/api/posts?keyword=%EC%95%B1%EC%9E%BC&tags=ios&tags=swift%20ui&sort=-reactionCount&page=3&size=50")
        XCTAssertEqual(requests[2].target, "/api/posts?sort=-createdAt&page=1&size=20", "an empty array sends no item")
    }

    func testGetPostDecodesRecursiveCommentsJSONAndBase64() async throws {
        let server = try await serve(basePath: "/api") { _ in
            .json(Self.envelope("""
                {"id":1024,"author":\(Self.user),"title":"첫 글","content":"안녕하세요!","tags":["intro"],
                 "reactions":{"👍":3,"🎉":1},
                 "attachments":[{"id":"9b2f6c1e-3a4d-4e5f-8a7b-1c2d3e4f5a6b","url":"https://cdn.example.com/a/9b2f.png","mimeType":"image/png","size":48213,"preview":"iVBORw0KGgo="}],
                 "comments":[{"id":1,"author":\(Self.user),"content":"반가워요","createdAt":"2024-03-06T12:00:00Z",
                   "replies":[{"id":2,"author":\(Self.user),"content":"감사합니다","createdAt":"2024-03-06T12:05:00Z",
                     "replies":[{"id":3,"author":\(Self.user),"content":"!","createdAt":"2024-03-06T12:06:00Z","replies":[]}]}]}],
                 "attributes":{"pinned":true,"editor":{"version":2,"blocks":["p",null]}},
                 "createdAt":"2024-03-06T11:00:00Z"}
                """))
        }
        let post = try await service(server).getPost(postId: 1024)
        let request = try await server.onlyRequest()
        XCTAssertEqual(request.target, "/api/posts/1024")

        XCTAssertEqual(post.reactions["👍"], 3)
        XCTAssertEqual(post.attachments.first?.id, UUID(uuidString: "9B2F6C1E-3A4D-4E5F-8A7B-1C2D3E4F5A6B"))
        XCTAssertEqual(post.attachments.first?.preview, Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        XCTAssertEqual(post.comments.first?.replies.first?.replies.first?.content, "!")
        XCTAssertEqual(post.attributes?["pinned"], .bool(true))
        XCTAssertEqual(post.attributes?["editor"]?["version"]?.intValue, 2)
        XCTAssertEqual(post.attributes?["editor"]?["blocks"]?[1], .null)
    }

    func testCreatePostSendsTheIdempotencyKeyAndEveryMultipartPart() async throws {
        let server = try await serve(basePath: "/api") { _ in
            .json(Self.envelope(#"{"id":1,"author":\#(Self.user),"title":"t","content":"c","tags":[],"reactions":{},"attachments":[],"comments":[],"createdAt":"2024-03-06T11:00:00Z"}"#))
        }
        let key = UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301")!
        let body = CreatePostRequest(title: "제목", content: "line 1\r\nline 2", tags: ["a", "b"],
                                     thumbnail: File(data: Data([1, 2, 3]), fileName: "thumb.png", mimeType: "image/png"),
                                     images: [File(data: Data([4]), fileName: "1.heic", mimeType: "image/heic"),
                                              File(data: Data([5, 6]), fileName: "2.bin")])
        let post = try await service(server).createPost(idempotencyKey: key, body: body)
        XCTAssertEqual(post.id, 1)

        let request = try await server.onlyRequest()
        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(request.target, "/api/posts")
        XCTAssertEqual(request.header("Idempotency-Key"), "3F2504E0-4F89-11D3-9A0C-0305E82C3301")
        XCTAssertEqual(request.header("Authorization"), "Bearer community-token")
        let parts = try request.multipartParts()
        XCTAssertEqual(parts.map(\.name), ["title", "content", "tags", "tags", "thumbnail", "images", "images"])
        XCTAssertEqual(parts[0].text, "제목")
        XCTAssertNil(parts[0].fileName)
        XCTAssertNil(parts[0].contentType, "text parts carry no content type")
        XCTAssertEqual(parts[1].text, "line 1\r\nline 2")
        XCTAssertEqual(parts[2...3].map(\.text), ["a", "b"])
        XCTAssertEqual(parts[4].fileName, "thumb.png")
        XCTAssertEqual(parts[4].contentType, "image/png")
        XCTAssertEqual(parts[4].data, Data([1, 2, 3]))
        XCTAssertEqual(parts[5].contentType, "image/heic")
        XCTAssertEqual(parts[6].fileName, "2.bin")
        XCTAssertEqual(parts[6].contentType, "application/octet-stream")
    }

    func testCreatePostLeavesOutAbsentOptionalParts() async throws {
        let server = try await serve(basePath: "/api") { _ in
            .json(Self.envelope(#"{"id":2,"author":\#(Self.user),"title":"t","content":"c","tags":[],"reactions":{},"attachments":[],"comments":[],"createdAt":"2024-03-06T11:00:00Z"}"#))
        }
        _ = try await service(server).createPost(idempotencyKey: UUID(), body: CreatePostRequest(title: "t", content: "c"))
        let parts = try await server.onlyRequest().multipartParts()
        XCTAssertEqual(parts.map(\.name), ["title", "content"])
    }

    func testDeletePostAndAddComment() async throws {
        let server = try await serve(basePath: "/api") { request in
            request.method == "DELETE"
                ? .json(Self.envelope("null"))
                : .json(Self.envelope(#"{"id":9,"author":\#(Self.user),"content":"답글","createdAt":"2024-03-07T00:00:00Z","replies":[]}"#), status: .created)
        }
        let service = service(server)
        try await service.deletePost(postId: 1024)
        let comment = try await service.addComment(postId: -1, body: AddCommentRequest(content: "답글", parentId: 1))
        _ = try await service.addComment(postId: Int64.max, body: AddCommentRequest(content: "top"))

        XCTAssertEqual(comment.id, 9)
        let requests = await server.requests
        XCTAssertEqual(requests.map { "\($0.method) \($0.target)" },
                       ["DELETE /api/posts/1024", "POST /api/posts/-1/comments", "POST /api/posts/9223372036854775807/comments"])
        XCTAssertEqual(String(decoding: requests[1].body, as: UTF8.self), #"{"content":"답글","parentId":1}"#)
        XCTAssertEqual(String(decoding: requests[2].body, as: UTF8.self), #"{"content":"top"}"#)
    }

    func testResponseCarriesTheStatusAndHeaderFieldsBesideTheValue() async throws {
        let server = try await serve(basePath: "/api") { request in
            switch (request.method, request.rawPath) {
            case ("GET", "/api/posts"):
                return .json(Self.envelope("[]"), headers: [HTTPHeader("X-Total-Count"): "42", HTTPHeader("Link"): "</api/posts?page=2>; rel=\"next\""])
            case ("POST", _):
                return .json(Self.envelope(#"{"id":9,"author":\#(Self.user),"content":"답글","createdAt":"2024-03-07T00:00:00Z","replies":[]}"#),
                             status: .created, headers: [HTTPHeader("Location"): "/api/comments/9"])
            default:
                return .json(#"{"success":false,"status":4030,"message":"삭제할 수 없습니다.","data":null}"#)
            }
        }
        let service = service(server)
        let posts = try await service.client.response(CommunityRouter.getPosts(page: 3), baseURL: service.baseURL, as: [Post].self)
        XCTAssertEqual(posts.value, [], "the payload unwrapped from the envelope")
        XCTAssertEqual(posts.status, 200)
        XCTAssertEqual(posts.header("x-total-count"), "42", "looked up without case")
        XCTAssertEqual(posts.header("Link"), "</api/posts?page=2>; rel=\"next\"")

        let comment = try await service.client.response(CommunityRouter.addComment(postId: 1, body: AddCommentRequest(content: "답글")),
                                                        baseURL: service.baseURL, as: Comment.self)
        XCTAssertEqual(comment.status, 201)
        XCTAssertEqual(comment.value.id, 9)
        XCTAssertEqual(comment.header("Location"), "/api/comments/9")

        // The raw form returns the body as it came, and still fails on the envelope's `success: false`.
        let raw = try await service.client.response(CommunityRouter.getPosts(), baseURL: service.baseURL)
        XCTAssertEqual(String(decoding: raw.value, as: UTF8.self), Self.envelope("[]"))
        XCTAssertEqual(raw.header("X-Total-Count"), "42")
        let error = await expectError { () async throws(APIError) in
            try await service.client.response(CommunityRouter.deletePost(postId: 1), baseURL: service.baseURL)
        }
        guard case .envelope(let failure)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(failure.code, "4030")
        XCTAssertEqual(failure.message, "삭제할 수 없습니다.")

        let requests = await server.requests
        XCTAssertEqual(requests.map { "\($0.method) \($0.target)" },
                       ["GET /api/posts?sort=-createdAt&page=3&size=20", "POST /api/posts/1/comments", "GET /api/posts?sort=-createdAt&page=1&size=20", "DELETE /api/posts/1"])
        XCTAssertEqual(requests[0].header("Authorization"), "Bearer community-token", "auth and plugins as for the service's methods")
    }

    func testGetLatestNoticeReturnsTheWholeEnvelope() async throws {
        let server = try await serve(basePath: "/api") { _ in
            .json(Self.envelope(#"{"id":3,"title":"서버 점검 안내","body":"02:00-04:00","action":{"type":"openURL","url":"https://community.example.com/notices/3"}}"#,
                                message: "공지 조회 성공"))
        }
        let envelope = try await service(server).getLatestNotice()
        let request = try await server.onlyRequest()
        XCTAssertEqual(request.target, "/api/notices/latest")
        XCTAssertNil(request.header("Authorization"))
        XCTAssertEqual(envelope.success, true)
        XCTAssertEqual(envelope.code, "200", "a numeric status becomes its text")
        XCTAssertEqual(envelope.message, "공지 조회 성공")
        XCTAssertEqual(envelope.payload.title, "서버 점검 안내")
        XCTAssertEqual(envelope.payload.action?["type"]?.stringValue, "openURL")
    }

    func testGetTermsReturnsHTMLText() async throws {
        let html = "<!doctype html><h1>이용약관</h1>"
        let server = try await serve(basePath: "/api") { _ in .text(html, type: "text/html; charset=utf-8") }
        let terms = try await service(server).getTerms()
        let request = try await server.onlyRequest()
        XCTAssertEqual(request.target, "/api/terms")
        XCTAssertEqual(request.header("Accept"), "text/html")
        XCTAssertEqual(terms, html)
    }

    func testDownloadAttachmentReturnsTheBytes() async throws {
        let bytes = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let server = try await serve(basePath: "/api") { _ in
            FlyingFox.HTTPResponse(statusCode: .ok, headers: [.contentType: "application/octet-stream"], body: bytes)
        }
        let id = UUID(uuidString: "9B2F6C1E-3A4D-4E5F-8A7B-1C2D3E4F5A6B")!
        let data = try await service(server).downloadAttachment(attachmentId: id)
        let request = try await server.onlyRequest()
        XCTAssertEqual(request.target, "/api/attachments/9B2F6C1E-3A4D-4E5F-8A7B-1C2D3E4F5A6B")
        XCTAssertEqual(data, bytes)
    }

    /// A file in a folder of its own, removed when the test ends.
    private func temporaryFile(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wire-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder.appendingPathComponent(name)
    }

    func testSaveAttachmentWritesTenMegabytesToAFileWithProgress() async throws {
        // Ten times the client's 1 MiB maxResponseSize: a download is bounded by maxDownloadSize instead.
        let bytes = Data((0..<(10 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 12) })
        let server = try await serve(basePath: "/api") { _ in
            FlyingFox.HTTPResponse(statusCode: .ok, headers: [.contentType: "application/octet-stream"], body: bytes)
        }
        let id = UUID(uuidString: "9B2F6C1E-3A4D-4E5F-8A7B-1C2D3E4F5A6B")!
        let file = try temporaryFile("attachment.bin")
        let reports = ProgressLog()
        let saved = try await service(server).saveAttachment(attachmentId: id, to: file) { reports.append($0) }
        let request = try await server.onlyRequest()
        XCTAssertEqual(request.target, "/api/attachments/9B2F6C1E-3A4D-4E5F-8A7B-1C2D3E4F5A6B/content")
        XCTAssertEqual(saved, file)
        XCTAssertTrue(try Data(contentsOf: file) == bytes, "the file holds the body byte for byte")
        let values = reports.values
        XCTAssertGreaterThan(values.count, 1)
        XCTAssertEqual(zip(values, values.dropFirst()).filter { $0.completedBytes > $1.completedBytes }.count, 0, "progress only grows")
        XCTAssertEqual(values.last, TransferProgress(completedBytes: Int64(bytes.count), totalBytes: Int64(bytes.count)))
    }

    func testReplaceAttachmentUploadsAFileWithItsTypeAndProgress() async throws {
        let bytes = Data((0..<(2 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 13) })
        let file = try temporaryFile("upload.bin")
        try bytes.write(to: file)
        let server = try await serve(basePath: "/api") { _ in FlyingFox.HTTPResponse(statusCode: .noContent) }
        let id = UUID(uuidString: "9B2F6C1E-3A4D-4E5F-8A7B-1C2D3E4F5A6B")!
        let reports = ProgressLog()
        try await service(server).replaceAttachment(attachmentId: id, body: file) { reports.append($0) }
        let request = try await server.onlyRequest()
        XCTAssertEqual(request.method, "PUT")
        XCTAssertEqual(request.header("Content-Type"), "application/octet-stream")
        XCTAssertEqual(request.header("Content-Length"), String(bytes.count))
        XCTAssertTrue(request.body == bytes, "the body is the file byte for byte (\(request.body.count) bytes)")
        XCTAssertEqual(reports.values.last, TransferProgress(completedBytes: Int64(bytes.count), totalBytes: Int64(bytes.count)))
    }

    func testGetUploadOptionsSendsOPTIONS() async throws {
        let server = try await serve(basePath: "/api") { _ in
            .json(Self.envelope(#"{"maxFileSize":10485760,"allowedTypes":["image/jpeg","image/png"],"maxImagesPerPost":10}"#))
        }
        let options = try await service(server).getUploadOptions()
        let request = try await server.onlyRequest()
        XCTAssertEqual(request.method, "OPTIONS")
        XCTAssertEqual(request.target, "/api/uploads")
        XCTAssertEqual(options, GetUploadOptionsResponse(maxFileSize: 10_485_760, allowedTypes: ["image/jpeg", "image/png"], maxImagesPerPost: 10))
    }
}

/// Progress reports from the transfer's thread.
private final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [TransferProgress] = []

    func append(_ report: TransferProgress) {
        lock.lock()
        reports.append(report)
        lock.unlock()
    }

    var values: [TransferProgress] {
        lock.lock()
        defer { lock.unlock() }
        return reports
    }
}
