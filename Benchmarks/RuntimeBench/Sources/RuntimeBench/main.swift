// Cost of one request through a generated service on the stub transport (build the request,
// encode the body, "send", check the status, decode the response), next to the hand-written
// URLRequest + JSONEncoder + JSONDecoder code that the seeds write for the same call.
// Both sides get the same response bytes from an in-process transport; no network.
//
// Usage: RuntimeBench [iterations] [rounds]  → one line of JSON per side with wall ns per request
// (`ns`) and the process's CPU ns per request (`cpu`), one value per round, then one per model
// variant and operation of StorageBench.swift with ns per value.
//        RuntimeBench --only generated|hand-written N  → N calls of one side, nothing printed.
import EndpointRuntime
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

let responseJSON = Data("""
{"id":42,"title":"Fast clients","body":"Generated code should cost no more than hand-written code.","status":"published",\
"tags":["swift","networking","codegen"],"author":{"id":7,"display_name":"Hyejin","avatar_url":"https://img.example.com/a/7.png",\
"followers":1204},"created_at":"2026-11-02T09:30:00Z","updated_at":"2026-11-20T18:02:11Z","view_count":98231,"rating":4.7,\
"comments_enabled":true}
""".utf8)

let draft = ArticleDraft(title: "Fast clients", body: "Generated code should cost no more than hand-written code.",
                         tags: ["swift", "networking", "codegen"], status: .published)

// MARK: - Generated service on the stub transport

let client = APIClient(
    transport: StubTransport { _ in .response(status: 200, headers: ["Content-Type": "application/json"], body: responseJSON) },
    authentication: Authentication(
        tokenProvider: ClosureTokenProvider(token: { "token-123" }, refresh: {}), cookies: nil),
    configuration: .init()
)
let service = ArticlesService(client: client)

func generatedCall() async throws -> Article {
    try await service.updateArticle(id: "42", notify: true, locale: "ko-KR", body: draft)
}

// MARK: - Hand-written equivalent (what the seeds write by hand)

struct HandArticle: Decodable {
    struct Author: Decodable {
        let id: Int64
        let displayName: String
        let avatarURL: URL?
        let followers: Int
        enum CodingKeys: String, CodingKey {
            case id, followers
            case displayName = "display_name"
            case avatarURL = "avatar_url"
        }
    }
    let id: Int64
    let title: String
    let body: String
    let status: String
    let tags: [String]
    let author: Author
    let createdAt: Date
    let updatedAt: Date?
    let viewCount: Int
    let rating: Double
    let commentsEnabled: Bool
    enum CodingKeys: String, CodingKey {
        case id, title, body, status, tags, author, rating
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case viewCount = "view_count"
        case commentsEnabled = "comments_enabled"
    }
}

struct HandDraft: Encodable {
    let title: String
    let body: String
    let tags: [String]
    let status: String
}

enum HandError: Error { case status(Int), decoding(Error) }

let handEncoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return encoder
}()
let handDecoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
}()
let handDraft = HandDraft(title: draft.title, body: draft.body, tags: draft.tags, status: "published")

/// The transport a hand-written layer would call (URLSession.data(for:)), answered in process.
func handTransport(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
    (responseJSON, HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1",
                                   headerFields: ["Content-Type": "application/json"])!)
}

func handWrittenCall() async throws -> HandArticle {
    var components = URLComponents(string: "https://api.example.com/v1")!
    components.path += "/articles/" + "42".addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!
    components.queryItems = [URLQueryItem(name: "notify", value: "true"), URLQueryItem(name: "locale", value: "ko-KR")]
    var request = URLRequest(url: components.url!)
    request.httpMethod = "PUT"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    request.setValue("Bearer token-123", forHTTPHeaderField: "Authorization")
    request.httpBody = try handEncoder.encode(handDraft)
    let (data, response) = try await handTransport(request)
    guard (200..<300).contains(response.statusCode) else { throw HandError.status(response.statusCode) }
    do {
        return try handDecoder.decode(HandArticle.self, from: data)
    } catch {
        throw HandError.decoding(error)
    }
}

// MARK: - Measurement

/// The CPU time of the whole process in nanoseconds. An async call may hop threads (a task it
/// starts runs on another one), so the thread's own clock would miss part of it; on a machine
/// shared with builds, wall time mostly measures the waits for a core.
func processCPUNanoseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
}

/// Wall and CPU nanoseconds per call of `body`, over `iterations` calls.
func measure(_ iterations: Int, _ body: () async throws -> Void) async rethrows -> (wall: Double, cpu: Double) {
    let clock = ContinuousClock()
    let start = clock.now
    let cpuStart = processCPUNanoseconds()
    for _ in 0..<iterations { try await body() }
    let cpu = processCPUNanoseconds() - cpuStart
    let elapsed = clock.now - start
    let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    return (nanoseconds / Double(iterations), cpu / Double(iterations))
}

/// Both sides, `rounds` interleaved rounds of `iterations` calls; `--only` runs one side alone.
func run(_ arguments: [String]) async throws {
    // Both sides must agree on what they decoded before their speed means anything.
    let generated = try await generatedCall()
    let hand = try await handWrittenCall()
    precondition(generated.id == hand.id && generated.author.displayName == hand.author.displayName
                 && generated.createdAt == hand.createdAt && generated.tags == hand.tags, "the two sides decode differently")

    // `RuntimeBench --only generated|hand-written N`: N calls of one side and nothing else, for
    // instruction counts (`valgrind --tool=callgrind`: the difference of two N over their
    // difference is the cost of one call, without the process's start).
    if arguments.count > 3, arguments[1] == "--only", let count = Int(arguments[3]) {
        if arguments[2] == "generated" {
            _ = try await measure(count) { _ = try await generatedCall() }
        } else {
            _ = try await measure(count) { _ = try await handWrittenCall() }
        }
        return
    }

    let iterations = arguments.count > 1 ? Int(arguments[1]) ?? 20000 : 20000
    let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5
    var generatedTimes: [(wall: Double, cpu: Double)] = []
    var handTimes: [(wall: Double, cpu: Double)] = []
    _ = try await measure(iterations / 10) { _ = try await generatedCall() }   // warm-up
    _ = try await measure(iterations / 10) { _ = try await handWrittenCall() }
    for _ in 0..<rounds {
        // Interleaved rounds so drift on a noisy machine hits both sides alike.
        generatedTimes.append(try await measure(iterations) { _ = try await generatedCall() })
        handTimes.append(try await measure(iterations) { _ = try await handWrittenCall() })
    }
    print("{\"side\":\"generated\",\"ns\":\(generatedTimes.map(\.wall)),\"cpu\":\(generatedTimes.map(\.cpu))}")
    print("{\"side\":\"hand-written\",\"ns\":\(handTimes.map(\.wall)),\"cpu\":\(handTimes.map(\.cpu))}")
    // The storage-class section: 1,000 values per operation, 5 repeats per round.
    try benchStorageClasses(rounds: rounds, repeats: 5)
}

// Detached, on the cooperative pool where apps' calls run; the main thread only waits. Under
// top-level `await` the main thread parks in Dispatch's main queue (`sigsuspend`), where
// valgrind 3.19 crashes, so instruction counts were not possible.
let finished = DispatchSemaphore(value: 0)
Task.detached {
    do {
        try await run(CommandLine.arguments)
    } catch {
        fatalError("RuntimeBench: \(error)")
    }
    finished.signal()
}
finished.wait()
