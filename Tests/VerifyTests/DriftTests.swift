import EndpointGenSpec
import EndpointGenSupport
@testable import EndpointGenVerify
import Foundation
import RawHTTPServer
import XCTest

/// `verify` against a server of the test's own on 127.0.0.1 that answers Tests/Fixtures/verify's
/// spec as written, or with one drift at a time: each drift must be reported at the line of the
/// endpoint it concerns, naming the line of the model field, and the agreeing server verifies clean.
final class DriftTests: XCTestCase {
    static let specPath = "specs/catalog.yaml"
    static let specText: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/verify/specs/catalog.yaml")
        return try! String(contentsOf: url, encoding: .utf8)
    }()

    /// `specs/catalog.yaml:L:C` of the first line that starts with `text` after its indentation
    /// (the first after the line starting with `anchor`, when given).
    static func place(_ text: String, after anchor: String? = nil, in spec: String = specText, path: String = specPath) -> String {
        var anchored = anchor == nil
        for (index, line) in spec.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " }
            if !anchored {
                anchored = trimmed.hasPrefix(anchor!)
                continue
            }
            if trimmed.hasPrefix(text) { return "\(path):\(index + 1):\(line.count - trimmed.count + 1)" }
        }
        fatalError("no line '\(text)' in the fixture")
    }

    /// The place of a field of model Movie.
    static func field(_ text: String) -> String {
        place(text, after: "Movie:")
    }

    // MARK: - The server

    /// What the server changes in its answers.
    enum Drift: String, CaseIterable {
        case none, renamed, missing, null, wrongType, extraField, undeclaredStatus, wrongEnvelope, successFalse
        case unknownEnum, badDate, wrongContentType, htmlBody, brokenMap, unknownVariant, brokenPagination
    }

    static func movie(_ drift: Drift, id: Int = 7) -> String {
        var fields: [String] = ["\"id\": \(drift == .wrongType ? "\"\(id)\"" : "\(id)")"]
        switch drift {
        case .missing: break
        case .null: fields.append("\"title\": null")
        default: fields.append("\"title\": \"Up\"")
        }
        fields.append(drift == .renamed ? "\"posterUrl\": \"/up.jpg\"" : "\"poster_url\": \"/up.jpg\"")
        fields.append("\"rating\": 8.3")
        fields.append("\"genre\": \"\(drift == .unknownEnum ? "documentary" : "drama")\"")
        fields.append("\"released\": \"\(drift == .badDate ? "29/05/2009" : "2009-05-29T00:00:00Z")\"")
        if drift == .extraField { fields.append("\"budget\": 175000000") }
        if drift == .brokenMap { fields.append("\"tags\": {\"family\": 1, \"pixar\": \"yes\"}") }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    static func server(_ drift: Drift) throws -> LocalServer {
        try LocalServer { request, connection in
            let json = ["Content-Type": drift == .wrongContentType ? "text/plain" : "application/json"]
            let path = request.target.split(separator: "?").first.map(String.init) ?? ""
            switch path {
            case "/movies":
                // Page 2 has other movies, unless the server ignores `page`.
                let second = request.target.contains("page=2") && drift != .brokenPagination
                let ids = second ? (9, 10) : (7, 8)
                let page = "{\"page\": \(second ? 2 : 1), \"results\": [\(movie(drift, id: ids.0)), \(movie(drift, id: ids.1))]}"
                let body: String
                switch drift {
                case .wrongEnvelope: body = page
                case .successFalse: body = "{\"success\": false, \"message\": \"maintenance\", \"data\": null}"
                default: body = "{\"success\": true, \"data\": \(page)}"
                }
                if drift == .htmlBody {
                    connection.respond(status: 200, headers: ["Content-Type": "text/html"], body: Data("<html>maintenance</html>".utf8))
                } else {
                    connection.respond(status: 200, headers: json, body: Data(body.utf8))
                }
            case "/movies/7":
                if drift == .undeclaredStatus {
                    connection.respond(status: 202, headers: json, body: Data("{\"message\": \"queued\"}".utf8))
                } else {
                    connection.respond(status: 200, headers: json, body: Data("{\"success\": true, \"data\": \(movie(drift))}".utf8))
                }
            case "/tags":
                var headers = json
                headers["Set-Cookie"] = "session=s3cr3t; HttpOnly"
                connection.respond(status: 200, headers: headers, body: Data("{\"family\": 3, \"space\": 1}".utf8))
            case "/featured":
                let kind = drift == .unknownVariant ? "podcast" : "notice"
                connection.respond(status: 200, headers: json, body: Data("{\"kind\": \"\(kind)\", \"text\": \"New!\"}".utf8))
            default:
                connection.respond(status: 404, headers: json, body: Data("{\"message\": \"no route\"}".utf8))
            }
        }
    }

    // MARK: - Running

    static func verify(_ server: LocalServer, params: [String] = ["Catalog.getMovie.id=7"], configure: (inout VerifyOptions) -> Void = { _ in })
        -> VerifyCommand.Outcome {
        var options = VerifyOptions()
        options.baseURL = "http://127.0.0.1:\(server.port)"
        options.timeout = 10
        configure(&options)
        return VerifyCommand.run(sources: [SourceFile(path: specPath, bytes: Array(specText.utf8))], valuesFile: nil,
                                 params: params, credentials: VerifyCredentials(), options: options)
    }

    /// The rendered lines of a drift's findings (skips of unsafe methods are not lines).
    func lines(_ drift: Drift, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let server = try Self.server(drift)
        defer { server.stop() }
        let outcome = Self.verify(server)
        XCTAssertEqual(outcome.diagnostics.map(\.rendered), [], file: file, line: line)
        let report = try XCTUnwrap(outcome.report, file: file, line: line)
        return report.diagnostics.map(\.rendered)
    }

    // MARK: - Tests

    func testTheAgreeingServerVerifiesClean() throws {
        let server = try Self.server(.none)
        defer { server.stop() }
        let outcome = Self.verify(server)
        let report = try XCTUnwrap(outcome.report)
        XCTAssertEqual(report.diagnostics.map(\.rendered), [])
        XCTAssertFalse(outcome.hasErrors)
        XCTAssertEqual(report.endpoints.map(\.outcome), [.agrees, .agrees, .agrees, .agrees, .skipped, .skipped])
        XCTAssertEqual(report.summary, "Verified 4 endpoints against http://127.0.0.1:\(server.port): 4 agree, 0 differ (0 errors, 0 warnings); 2 skipped (unsafe methods; --allow-unsafe)")
        // The requests as the spec builds them: the default page, the path value given.
        let targets = Set(server.requests.map(\.target))
        XCTAssertEqual(targets, ["/movies?page=1", "/movies?page=2", "/movies/7", "/tags", "/featured"])
    }

    func testARenamedFieldIsMissingAtItsDeclarationAndTheNewNameAWarning() throws {
        let endpoint = Self.place("listMovies:")
        XCTAssertEqual(try lines(.renamed).prefix(2), [
            "\(endpoint): error: listMovies: 200 response: field 'data.results[0].poster_url' is missing (required in Movie, \(Self.field("poster_url:"))); the answer has 'posterUrl'; and 1 more like it",
            "\(endpoint): warning: listMovies: 200 response: field 'data.results[0].posterUrl' is not in Movie; and 1 more like it",
        ])
    }

    func testAMissingRequiredField() throws {
        XCTAssertEqual(try lines(.missing).first,
                       "\(Self.place("listMovies:")): error: listMovies: 200 response: field 'data.results[0].title' is missing (required in Movie, \(Self.field("title: String"))); and 1 more like it")
    }

    func testNullInAFieldThatIsNotOptional() throws {
        XCTAssertEqual(try lines(.null).first,
                       "\(Self.place("listMovies:")): error: listMovies: 200 response: field 'data.results[0].title' is null (not optional in Movie, \(Self.field("title: String"))); and 1 more like it")
    }

    func testAWrongType() throws {
        let found = try lines(.wrongType)
        XCTAssertEqual(found.first,
                       "\(Self.place("listMovies:")): error: listMovies: 200 response: field 'data.results[0].id' is a string, expected Int (in Movie, \(Self.field("id: Int"))); and 1 more like it")
        XCTAssertTrue(found.contains("\(Self.place("getMovie:")): error: getMovie: 200 response: field 'data.id' is a string, expected Int (in Movie, \(Self.field("id: Int")))"), "\(found)")
    }

    func testAnExtraFieldIsAWarningAndTheEndpointStillAgrees() throws {
        let server = try Self.server(.extraField)
        defer { server.stop() }
        let outcome = Self.verify(server)
        let report = try XCTUnwrap(outcome.report)
        XCTAssertEqual(report.diagnostics.map(\.rendered).first,
                       "\(Self.place("listMovies:")): warning: listMovies: 200 response: field 'data.results[0].budget' is not in Movie; and 1 more like it")
        XCTAssertFalse(outcome.hasErrors)
        XCTAssertEqual(report.endpoints[0].outcome, .agrees)
    }

    func testAnUndeclaredStatus() throws {
        XCTAssertEqual(try lines(.undeclaredStatus), [
            "\(Self.place("getMovie:")): error: getMovie: status 202 is not declared (responses: 200, 304, 404): \"queued\"",
        ])
    }

    func testABodyWithoutItsEnvelope() throws {
        XCTAssertEqual(try lines(.wrongEnvelope), [
            "\(Self.place("listMovies:")): warning: listMovies: 200 response: the envelope has no 'success'",
            "\(Self.place("listMovies:")): error: listMovies: 200 response: field 'data' is missing (the envelope's payload, MoviePage)",
        ])
    }

    func testAnEnvelopeThatSaysItFailed() throws {
        XCTAssertEqual(try lines(.successFalse), [
            "\(Self.place("listMovies:")): error: listMovies: 200 response: the envelope's 'success' is false: maintenance",
        ])
    }

    func testAnUnknownEnumValueIsAWarning() throws {
        XCTAssertEqual(try lines(.unknownEnum).first,
                       "\(Self.place("listMovies:")): warning: listMovies: 200 response: field 'data.results[0].genre' is \"documentary\", not a value of Genre (drama, comedy) (in Movie, \(Self.field("genre: Genre"))); the app reads it as .unknown; and 1 more like it")
    }

    func testADateInAnotherEncoding() throws {
        XCTAssertEqual(try lines(.badDate).first,
                       "\(Self.place("listMovies:")): error: listMovies: 200 response: field 'data.results[0].released' is \"29/05/2009\", not a date in iso8601 (in Movie, \(Self.field("released: Date"))); and 1 more like it")
    }

    func testContentTypes() throws {
        XCTAssertEqual(try lines(.wrongContentType).first,
                       "\(Self.place("listMovies:")): warning: listMovies: 200 response: Content-Type is 'text/plain', expected application/json")
        XCTAssertEqual(try lines(.htmlBody),
                       ["\(Self.place("listMovies:")): error: listMovies: 200 response: the body is not JSON (Content-Type: text/html): unexpected character at byte 0: \"<html>maintenance</html>\""])
    }

    func testAMapValueOfTheWrongType() throws {
        XCTAssertEqual(try lines(.brokenMap).first,
                       "\(Self.place("listMovies:")): error: listMovies: 200 response: field 'data.results[0].tags[\"pixar\"]' is a string, expected Int (in Movie, \(Self.field("tags:"))); and 1 more like it")
    }

    func testAServerThatIgnoresThePageParameter() throws {
        XCTAssertEqual(try lines(.brokenPagination),
                       ["\(Self.place("listMovies:")): error: listMovies: pagination: page 2 (page=2) has the first page's items again: the server does not page as declared"])
    }

    func testADriftOfEveryPageIsReportedOnce() throws {
        // Page 2 has the same drift as page 1: nothing new to say about it.
        XCTAssertEqual(try lines(.missing).filter { $0.contains("listMovies") }.count, 1)
    }

    func testAOneOfVariantTheSpecDoesNotKnow() throws {
        XCTAssertEqual(try lines(.unknownVariant),
                       ["\(Self.place("getFeatured:")): warning: getFeatured: 200 response: field 'kind' is \"podcast\", not a case of Item (movie, notice); the app reads it as .unknown"])
    }
}
